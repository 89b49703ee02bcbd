-- What the database holds, per variant.
-- Grain: one row per variant (plus rejected and unsupported hands by game). Parameters: none.
WITH accepted AS (
    SELECT variant,
           count(*) AS hands,
           sum(players_dealt) AS player_hands,
           count(*) FILTER (WHERE went_to_showdown) AS showdowns,
           min(started_at)::DATE AS first_day,
           max(started_at)::DATE AS last_day
    FROM hands
    GROUP BY variant
),
draws_per_variant AS (
    SELECT h.variant, count(*) AS draw_decisions
    FROM draws AS d
    JOIN hands AS h USING (site, hand_id)
    GROUP BY h.variant
),
rejected AS (
    SELECT coalesce(variant, '(unread)') AS variant, count(*) AS rejected
    FROM rejects
    GROUP BY ALL
)
SELECT coalesce(a.variant, r.variant) AS variant,
       coalesce(a.hands, 0) AS hands,
       coalesce(a.player_hands, 0) AS player_hands,
       coalesce(d.draw_decisions, 0) AS draw_decisions,
       coalesce(a.showdowns, 0) AS showdowns,
       coalesce(r.rejected, 0) AS rejected,
       a.first_day,
       a.last_day
FROM accepted AS a
FULL OUTER JOIN rejected AS r ON r.variant = a.variant
LEFT JOIN draws_per_variant AS d ON d.variant = coalesce(a.variant, r.variant)
ORDER BY variant
