-- Grain: one row: the table's row count and a hash of its content, leaving out the
-- columns in which two stores of the same hands may differ (surrogate keys drawn from a
-- sequence, the times of ingest). Equal for equal content, in any row order.
-- Reads: the table named by $table. Parameters: $table, $volatile (VARCHAR[] of columns).
SELECT count(*) AS row_count, coalesce(bit_xor(hash(t)), 0) AS content_hash
FROM (
    SELECT COLUMNS(lambda c: NOT list_contains($volatile, c)) FROM query_table($table)
) AS t
