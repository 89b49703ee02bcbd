-- The lowest hand_key of the new hands staged by stage_new_hands.sql: every hand from it
-- on is new (keys only grow). Reads: temp.hhparse_new_hands. Parameters: none.
SELECT min(hand_key) AS first_hand_key
FROM temp.hhparse_new_hands
