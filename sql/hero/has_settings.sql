-- Whether the store has the settings table (schema 007 and later).
SELECT count(*) > 0 FROM duckdb_tables() WHERE table_name = 'settings' AND schema_name = 'main'
