-- Insert the new hands staged by stage_new_hands.sql (one row per new (site, hand_id)),
-- with their hand_key.
-- Reads: incoming_hands, temp.hhparse_new_hands. Parameters: none.
INSERT INTO hands BY NAME
SELECT i.* EXCLUDE (batch_row), n.hand_key
FROM incoming_hands AS i
JOIN temp.hhparse_new_hands AS n USING (batch_row)
