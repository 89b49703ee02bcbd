-- Insert the pots rows of the new hands staged by stage_new_hands.sql; the rows of a hand
-- already stored are skipped (frames_for lists a hand's rows once per batch).
-- Reads: incoming_pots, temp.hhparse_new_hands.
-- Parameters: $1 BOOLEAN, true when every hand of the batch is new (skips the look-up).
INSERT INTO pots BY NAME
SELECT c.*
FROM incoming_pots AS c
WHERE $1
   OR EXISTS (
       SELECT 1 FROM temp.hhparse_new_hands AS n
       WHERE n.site = c.site AND n.hand_id = c.hand_id
   )
