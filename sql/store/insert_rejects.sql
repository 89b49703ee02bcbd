-- Insert the new rejects staged by stage_new_rejects.sql.
-- Reads: incoming_rejects, temp.hhparse_new_rejects. Parameters: none.
INSERT INTO rejects BY NAME
SELECT i.* EXCLUDE (batch_row)
FROM incoming_rejects AS i
WHERE i.batch_row IN (SELECT n.batch_row FROM temp.hhparse_new_rejects AS n)
