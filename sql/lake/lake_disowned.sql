-- Per source, its copies of hands another source owns (lake_hand_owners), by what its own
-- read made of them: the sources view counts them as duplicates, as a store would have.
CREATE TEMP TABLE lake_disowned AS
SELECT u.lake_source,
       count(*) FILTER (WHERE u.kind = 'accepted') AS accepted,
       count(*) FILTER (WHERE u.kind = 'rejected') AS rejected,
       count(*) FILTER (WHERE u.kind = 'unsupported') AS unsupported
FROM (
    SELECT site, hand_id, lake_source, 'accepted' AS kind FROM raw_hands
    UNION ALL
    SELECT site, hand_id, lake_source, 'rejected' FROM raw_rejects WHERE hand_id IS NOT NULL
    UNION ALL
    SELECT site, hand_id, lake_source, 'unsupported' FROM raw_unsupported_hands
) AS u
JOIN lake_hand_owners AS o ON o.site = u.site AND o.hand_id = u.hand_id
WHERE o.lake_source <> u.lake_source
GROUP BY u.lake_source
