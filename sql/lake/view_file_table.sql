-- A table of the lake that is not per hand ({table}), of complete sources, with the lake's
-- source ids.
CREATE VIEW {table} AS
SELECT {columns}
FROM raw_{table} AS r
JOIN lake_sources AS s ON s.lake_source = r.lake_source
