-- Whether the store has its migration bookkeeping table (one row: a boolean).
-- Parameters: none.
SELECT count(*) > 0 AS present
FROM information_schema.tables
WHERE table_name = 'schema_version'
  AND table_schema = 'main'
  AND table_catalog = current_database()
