-- Which source owns each hand id of the lake: the first in path order that holds it, as a
-- hand, a rejected hand or an unsupported one (a store keeps the first copy it reads and
-- takes the others for duplicates). Only the owner's rows of the hand are seen.
CREATE TEMP TABLE lake_hand_owners AS
SELECT u.site, u.hand_id, arg_min(u.lake_source, s.source_id) AS lake_source
FROM (
    SELECT site, hand_id, lake_source FROM raw_hands
    UNION ALL
    SELECT site, hand_id, lake_source FROM raw_rejects WHERE hand_id IS NOT NULL
    UNION ALL
    SELECT site, hand_id, lake_source FROM raw_unsupported_hands
) AS u
JOIN lake_sources AS s USING (lake_source)
GROUP BY u.site, u.hand_id
