-- Grain: one row per source of the batch: its incoming_rejects rows inserted now, and those
-- skipped as duplicates (already stored, or an earlier copy in the same batch).
-- Reads: incoming_rejects, temp.hhparse_new_rejects. Parameters: none.
SELECT
    i.source_id,
    count(n.batch_row) AS inserted,
    count(*) - count(n.batch_row) AS duplicate
FROM incoming_rejects AS i
LEFT JOIN temp.hhparse_new_rejects AS n USING (batch_row)
GROUP BY i.source_id
ORDER BY i.source_id
