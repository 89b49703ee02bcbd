-- A table of the lake with rows of hands ({table}: rejects, unsupported_hands, problems), of
-- complete sources: a hand's rows only from the source that owns it (lake_hand_owners);
-- rows of no hand id (a reject whose id could not be read) all.
CREATE VIEW {table} AS
SELECT {columns}
FROM raw_{table} AS r
JOIN lake_sources AS s ON s.lake_source = r.lake_source
LEFT JOIN lake_hand_owners AS o ON o.site = r.site AND o.hand_id = r.hand_id
WHERE r.hand_id IS NULL OR o.lake_source = r.lake_source
