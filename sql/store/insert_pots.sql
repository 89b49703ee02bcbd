-- Insert the pots rows of the new hands staged by stage_new_hands.sql, with their hand's
-- hand_key; the rows of a hand already stored are skipped (frames_for lists a hand's rows
-- once per batch). batch_hand: the batch_row of the hand's first row in incoming_hands
-- (writer.registered_frames).
-- A list look-up, not a join on temp.hhparse_new_hands: the join carried every column of
-- the rows through its hash table (a task of 2,500 hands' actions: 29.5 -> 19.2 ms).
-- Reads: incoming_pots. Parameters: $keys (BIGINT[], new_hand_keys.sql): the hand_key
-- of each row of incoming_hands (NULL: not a new hand), at its batch_row + 1.
INSERT INTO pots BY NAME
SELECT c.* EXCLUDE (batch_hand), $keys[c.batch_hand + 1] AS hand_key
FROM incoming_pots AS c
WHERE $keys[c.batch_hand + 1] IS NOT NULL
