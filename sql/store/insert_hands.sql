-- Insert the new hands staged by stage_new_hands.sql (one row per new (site, hand_id)),
-- with their hand_key.
-- A list look-up, not a join on temp.hhparse_new_hands: the join carried every column of
-- the hands through its hash table.
-- Reads: incoming_hands. Parameters: $keys (BIGINT[], new_hand_keys.sql): the hand_key of
-- each row of incoming_hands (NULL: not a new hand), at its batch_row + 1.
INSERT INTO hands BY NAME
SELECT i.* EXCLUDE (batch_row), $keys[i.batch_row + 1] AS hand_key
FROM incoming_hands AS i
WHERE $keys[i.batch_row + 1] IS NOT NULL
