-- Insert the new unsupported hands staged by stage_new_unsupported.sql.
-- Reads: incoming_unsupported, temp.hhparse_new_unsupported. Parameters: none.
INSERT INTO unsupported_hands BY NAME
SELECT i.* EXCLUDE (batch_row)
FROM incoming_unsupported AS i
WHERE i.batch_row IN (SELECT n.batch_row FROM temp.hhparse_new_unsupported AS n)
