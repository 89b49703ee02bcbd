-- Insert the problems of the new rejects staged by stage_new_rejects.sql (a problem
-- belongs to the reject at its place with its hand id).
-- Reads: incoming_problems, temp.hhparse_new_rejects. Parameters: none.
INSERT INTO problems BY NAME
SELECT p.*
FROM incoming_problems AS p
WHERE p.status = 'rejected'
AND EXISTS (
    SELECT 1 FROM temp.hhparse_new_rejects AS n
    WHERE n.source_path = p.source_path
      AND n.byte_offset = p.byte_offset
      AND n.hand_id IS NOT DISTINCT FROM p.hand_id
)
