-- Insert the problems of the new unsupported hands staged by stage_new_unsupported.sql.
-- Reads: incoming_problems, temp.hhparse_new_unsupported. Parameters: none.
INSERT INTO problems BY NAME
SELECT p.*
FROM incoming_problems AS p
WHERE p.status = 'unsupported'
AND EXISTS (
    SELECT 1 FROM temp.hhparse_new_unsupported AS n
    WHERE n.site = p.site AND n.hand_id = p.hand_id
)
