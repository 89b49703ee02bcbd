-- Check: the players' nets of every hand sum to minus its rake, and each player's net is
-- what they collected minus what they put in.
-- Grain: one row per offending hand. Zero rows = healthy.
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $first_key and $last_key (BIGINT: the window of hand keys checked).
WITH scoped AS (
    SELECT * FROM hands
    WHERE hand_key BETWEEN $first_key AND $last_key
      AND ($source_ids IS NULL OR list_contains($source_ids, source_id))
),
per_hand AS (
    SELECT
        hand_key,
        sum(net) AS nets,
        count_if(net <> collected - contributed) AS players_off
    FROM players SEMI JOIN scoped USING (hand_key)
    GROUP BY hand_key
)
SELECT h.site, h.hand_id, h.source_path, h.first_line, h.rake, p.nets, p.players_off
FROM scoped AS h
LEFT JOIN per_hand AS p USING (hand_key)
WHERE (p.nets IS DISTINCT FROM -h.rake OR p.players_off > 0)
ORDER BY h.source_path, h.first_line
