-- A source's rows of a table that is not per hand ({table}: sources, rejects, problems,
-- unsupported_hands, junk, tournaments, tournament_places) for the lake, with lake_source.
SELECT *, '{lake_source}' AS lake_source FROM {table}
