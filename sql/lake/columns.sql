-- The columns of one of the store's tables, in order.
SELECT column_name FROM duckdb_columns()
WHERE schema_name = 'main' AND table_name = $table
ORDER BY column_index
