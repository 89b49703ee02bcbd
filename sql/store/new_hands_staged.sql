-- The new hands staged by stage_new_hands.sql: how many, and the key before the first of
-- them (every hand from the first on is new: keys only grow). When every hand of the batch
-- is staged, a hand's key is that key plus its batch_row plus one.
-- Reads: temp.hhparse_new_hands. Parameters: none.
SELECT count(*) AS staged, min(hand_key) - 1 AS before_first
FROM temp.hhparse_new_hands
