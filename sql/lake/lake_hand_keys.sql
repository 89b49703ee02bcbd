-- One hand_key per hand of the lake, of its owner's copy (lake_hand_owners); keys follow
-- path order, then the order within the source, as a store's do.
CREATE TEMP TABLE lake_hand_keys AS
SELECT r.lake_source, r.hand_key AS local_key,
       row_number() OVER (ORDER BY s.source_id, r.hand_key) AS hand_key
FROM raw_hands AS r
JOIN lake_sources AS s USING (lake_source)
JOIN lake_hand_owners AS o
  ON o.site = r.site AND o.hand_id = r.hand_id AND o.lake_source = r.lake_source
