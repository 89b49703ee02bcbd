-- Grain: one row: the table's row count and a hash over every column of every row, which
-- makes DuckDB read (and check the checksum of) every block the table holds.
-- Reads: the table named by $table ("schema"."name", from tables_all.sql).
SELECT count(*) AS row_count, bit_xor(hash(t)) AS content_hash
FROM query_table($table) AS t
