-- A per-hand table of the lake ({table}) with the lake's keys: only the kept copy of each
-- hand, of complete sources.
CREATE VIEW {table} AS
SELECT {columns}
FROM raw_{table} AS r
JOIN lake_hand_keys AS k ON k.lake_source = r.lake_source AND k.local_key = r.hand_key
JOIN lake_sources AS s ON s.lake_source = r.lake_source
