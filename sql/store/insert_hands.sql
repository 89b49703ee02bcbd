-- Insert the new hands staged by stage_new_hands.sql (one row per new (site, hand_id)).
-- Reads: incoming_hands, temp.hhparse_new_hands. Parameters: none.
INSERT INTO hands BY NAME
SELECT i.* EXCLUDE (batch_row)
FROM incoming_hands AS i
WHERE i.batch_row IN (SELECT n.batch_row FROM temp.hhparse_new_hands AS n)
