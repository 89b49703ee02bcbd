-- The places of the tournaments the tournaments view keeps.
CREATE VIEW tournament_places AS
SELECT {columns}
FROM raw_tournament_places AS r
JOIN (SELECT r.lake_source, r.site, r.tournament_id
      FROM raw_tournaments AS r
      JOIN lake_sources AS s ON s.lake_source = r.lake_source
      QUALIFY row_number() OVER (PARTITION BY r.site, r.tournament_id
                                 ORDER BY s.source_id DESC) = 1) AS kept
  ON kept.lake_source = r.lake_source AND kept.site = r.site
 AND kept.tournament_id = r.tournament_id
