-- The lake's sources, of complete ones, with the lake's source ids; copies of hands other
-- sources own count as duplicates (lake_disowned), as in a store.
CREATE VIEW sources AS
SELECT {columns}
FROM raw_sources AS r
JOIN lake_sources AS s ON s.lake_source = r.lake_source
LEFT JOIN lake_disowned AS d ON d.lake_source = r.lake_source
