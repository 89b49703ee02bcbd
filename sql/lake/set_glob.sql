-- The glob of the files of lake table {table}, read by its raw view (DuckDB prepares no
-- CREATE VIEW, so the path goes through a variable, bound here).
SET VARIABLE lake_glob_{table} = $glob
