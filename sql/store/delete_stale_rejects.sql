-- Delete the rejects staged by stage_stale_rejects.sql.
-- Reads: temp.hhparse_stale_rejects. Parameters: none.
DELETE FROM rejects
WHERE rowid IN (SELECT s.reject_row FROM temp.hhparse_stale_rejects AS s)
