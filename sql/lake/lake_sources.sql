-- The complete sources of the lake (those with a manifest), numbered in path order: the
-- source_id the views give them.
CREATE TEMP TABLE lake_sources AS
SELECT lake_source, source_path,
       CAST(row_number() OVER (ORDER BY source_path, lake_source) AS INTEGER) AS source_id
FROM lake_manifest
