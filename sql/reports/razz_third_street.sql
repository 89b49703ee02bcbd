-- Razz on 3rd street: bring-ins, steals, defences and limps of each player.
--
-- Grain: one row per player, plus one row for all players together (player NULL) when
--   $player is not given.
-- Parameters: $player, $since, $until, $site, $stakes, $game, $table_size
--   $player         only this player (no all-players row)
--   $since, $until  dates (UTC) of hands.started_at, both days included
--   $site, $stakes, $game, $table_size  the hands' site, stakes (0.10/0.20), cash or
--                   tournament, heads_up / short / full table (report_hands, in
--                   sql/schema/006_report_scope.sql)
--
-- 3rd street is the first betting round (actions.round_index = 0). The bring-in player
-- (highest door card) acts first: he brings in (kind bring_in) or completes at once (kind
-- complete, or bet where nobody brings in). Action then goes clockwise. Each player's hand
-- is counted from the facts the store derived from its actions (players.brought_in,
-- third_street_action, first_in, steal_chance, bring_in_defence_chance ...). Columns (a
-- chance is counted once per hand; *_pct = 100 * count / chances, NULL without chances):
--   hands                  Razz hands the player was dealt into
--   bring_ins              hands where he had to bring in (he acted first on 3rd street)
--   bring_in_completes     of those, hands where he completed instead of bringing in
--   bring_in_complete_pct
--   steal_chances          hands where he was first in (everybody between the bring-in and
--                          him folded) AND either sat in the last seats (at most one player
--                          still to act before the action returns to the bring-in) or
--                          showed the lowest door card of the players still in (strictly
--                          lower, ace low, than the bring-in's and the door card of every
--                          player yet to act)
--   steals                 of those, hands where he completed
--   steal_pct
--   defence_chances        hands where he brought in and then faced a completion (with or
--                          without raises after it) when the action came back to him
--   defences               of those, hands where he called or raised
--   bring_in_defence_pct
--   limp_chances           hands where he was first in facing only the bring-in
--   limps                  of those, hands where he just called the bring-in
--   limp_pct
-- Percentages are rounded to 2 decimals.
WITH

razz_hands AS NOT MATERIALIZED (
    SELECT hand_key
    FROM report_hands('razz', $since, $until, $site, $stakes, $game, $table_size)
),

razz_players AS (
    SELECT
        p.player,
        p.brought_in,
        p.third_street_action,
        p.first_in,
        p.steal_chance,
        p.bring_in_defence_chance,
        p.bring_in_defended
    FROM players AS p
    JOIN razz_hands AS h USING (hand_key)
    WHERE p.dealt_in
      AND ($player IS NULL OR p.player = $player)
),

counted AS (
    SELECT
        player,
        count(*) AS hands,
        count(*) FILTER (WHERE brought_in) AS bring_ins,
        count(*) FILTER (WHERE brought_in AND third_street_action IN ('complete', 'bet'))
            AS bring_in_completes,
        count(*) FILTER (WHERE steal_chance) AS steal_chances,
        count(*) FILTER (
            WHERE steal_chance AND third_street_action IN ('complete', 'bet', 'raise')
        ) AS steals,
        count(*) FILTER (WHERE bring_in_defence_chance) AS defence_chances,
        count(*) FILTER (WHERE bring_in_defended) AS defences,
        count(*) FILTER (WHERE first_in) AS limp_chances,
        count(*) FILTER (WHERE first_in AND third_street_action = 'call') AS limps
    FROM razz_players
    GROUP BY GROUPING SETS ((player), ())
)

SELECT
    player,
    hands,
    bring_ins,
    bring_in_completes,
    round(100.0 * bring_in_completes / nullif(bring_ins, 0), 2) AS bring_in_complete_pct,
    steal_chances,
    steals,
    round(100.0 * steals / nullif(steal_chances, 0), 2) AS steal_pct,
    defence_chances,
    defences,
    round(100.0 * defences / nullif(defence_chances, 0), 2) AS bring_in_defence_pct,
    limp_chances,
    limps,
    round(100.0 * limps / nullif(limp_chances, 0), 2) AS limp_pct
FROM counted
WHERE hands > 0 AND (player IS NOT NULL OR $player IS NULL)
ORDER BY player NULLS LAST
