-- Delete the problems of the rejects staged by stage_stale_rejects.sql.
-- Reads: temp.hhparse_stale_rejects. Parameters: none.
DELETE FROM problems AS p
WHERE p.status = 'rejected'
AND EXISTS (
    SELECT 1 FROM temp.hhparse_stale_rejects AS s
    WHERE s.source_path = p.source_path
      AND s.byte_offset = p.byte_offset
      AND s.hand_id IS NOT DISTINCT FROM p.hand_id
)
