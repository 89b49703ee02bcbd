-- Which of the tables the hero's choice reads the store has (settings: schema 007 and
-- later; tournaments: 008 and later).
SELECT
    count(*) FILTER (WHERE table_name = 'settings') > 0 AS has_settings,
    count(*) FILTER (WHERE table_name = 'tournaments') > 0 AS has_tournaments
FROM duckdb_tables()
WHERE schema_name = 'main'
