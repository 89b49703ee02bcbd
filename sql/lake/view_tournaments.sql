-- Tournaments of the lake: a tournament whose summary several sources hold is the last
-- source's in path order (as a store that ingests them in path order keeps the last).
CREATE VIEW tournaments AS
SELECT {columns}
FROM raw_tournaments AS r
JOIN lake_sources AS s ON s.lake_source = r.lake_source
QUALIFY row_number() OVER (PARTITION BY r.site, r.tournament_id ORDER BY s.source_id DESC) = 1
