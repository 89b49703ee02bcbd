-- Grain: one row per table of the store's database (hhparse's and any other), by name.
-- Reads: the catalog. Parameters: none.
SELECT schema_name, table_name, internal
FROM duckdb_tables()
WHERE database_name = current_database()
ORDER BY schema_name, table_name
