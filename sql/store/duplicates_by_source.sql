-- Grain: one row per source of the batch with accepted hands that were not inserted
-- (already stored, or an earlier copy in the same batch).
-- Reads: incoming_hands, temp.hhparse_new_hands. Parameters: none.
SELECT i.source_id, count(*) AS duplicates
FROM incoming_hands AS i
WHERE i.batch_row NOT IN (SELECT n.batch_row FROM temp.hhparse_new_hands AS n)
GROUP BY i.source_id
ORDER BY i.source_id
