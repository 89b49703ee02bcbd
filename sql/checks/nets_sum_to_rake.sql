-- Check: the players' nets of every hand sum to minus its rake, and each player's net is
-- what they collected minus what they put in.
-- Grain: one row per offending hand. Zero rows = healthy.
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source).
WITH per_hand AS (
    SELECT
        site, hand_id,
        sum(net) AS nets,
        count_if(net <> collected - contributed) AS players_off
    FROM players
    GROUP BY site, hand_id
)
SELECT h.site, h.hand_id, h.source_path, h.first_line, h.rake, p.nets, p.players_off
FROM hands AS h
LEFT JOIN per_hand AS p USING (site, hand_id)
WHERE ($source_ids IS NULL OR list_contains($source_ids, h.source_id))
  AND (p.nets IS DISTINCT FROM -h.rake OR p.players_off > 0)
ORDER BY h.source_path, h.first_line
