-- Insert the problems (warnings) of the new accepted hands staged by stage_new_hands.sql.
-- Reads: incoming_problems, temp.hhparse_new_hands. Parameters: none.
INSERT INTO problems BY NAME
SELECT p.*
FROM incoming_problems AS p
WHERE p.status = 'accepted'
AND EXISTS (
    SELECT 1 FROM temp.hhparse_new_hands AS n
    WHERE n.site = p.site AND n.hand_id = p.hand_id
)
