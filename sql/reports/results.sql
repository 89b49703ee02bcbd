-- Results: the hero's net over time, per day, per session or per hand, with running totals.
--
-- Grain: one row per period ($by) per money unit and currency per betting structure and
--   stakes (amounts of different currencies or stakes are never added; each has its own
--   running total).
-- Parameters: $hero, $by, $variant, $since, $until, $site, $stakes, $game, $table_size, $all_stakes
-- Money: net, cumulative_net
--   $hero           the player; NULL: the store's hero, the player whose face-down cards the
--                   logs deal to most often (players.is_hero); the hero column names him
--   $by             day (default: UTC days of hands.started_at), session or hand; the
--                   sessions are those of hero_hands (sql/schema/006_report_scope.sql): one
--                   ends after 30 minutes without a hand of his
--   $all_stakes     true: every stake of a unit and currency together (stakes 'all'): net
--                   adds money of one currency, net_big_bets each hand's net in its own big
--                   bets
--   $variant, $since, $until, $site, $stakes, $game, $table_size  the hands in scope
--                   (report_hands, in sql/schema/006_report_scope.sql)
-- Columns:
--   period                  the day (2026-11-29), session 3, or site and hand id
--   first_hand_at, last_hand_at  started_at of its first and last hand (UTC)
--   hands                   hands he was dealt into
--   net                     sum of players.net, in minor units of unit / currency
--   net_big_bets            sum of net / big bet (hands.big_bet, else hands.big_blind), 2
--                           decimals; NULL for hands with neither
--   cumulative_net, cumulative_big_bets  running totals in time order within the unit,
--                           currency, structure and stakes
WITH

numbered AS (
    SELECT
        *,
        CASE coalesce($by, 'day')
            WHEN 'day' THEN strftime(started_at, '%Y-%m-%d')
            WHEN 'session' THEN 'session ' || session
            ELSE site || ' ' || hand_id
        END AS period,
        CASE WHEN coalesce(CAST($all_stakes AS BOOLEAN), false) THEN NULL ELSE stake_low END
            AS stake_key_low,
        CASE WHEN coalesce(CAST($all_stakes AS BOOLEAN), false) THEN NULL ELSE stake_high END
            AS stake_key_high
    FROM hero_hands($hero, $variant, $since, $until, $site, $stakes, $game, $table_size)
),

periods AS (
    SELECT
        period, unit, currency, structure, stake_key_low AS stake_low,
        stake_key_high AS stake_high,
        min(started_at) AS first_hand_at,
        max(started_at) AS last_hand_at,
        min(hand_key) AS first_hand_key,
        count(*) AS hands,
        sum(hero_net) AS net,
        -- each hand's big bets as an exact decimal: a sum of floats would depend on the
        -- order DuckDB adds them in, and a rounded total could differ run to run
        CAST(sum(CAST(hero_net / coalesce(big_bet, big_blind) AS DECIMAL(38, 9))) AS DOUBLE)
            AS net_big_bets
    FROM numbered
    GROUP BY ALL
)

SELECT
    hero_name($hero) AS hero,
    period,
    first_hand_at,
    last_hand_at,
    unit,
    currency,
    structure,
    CASE WHEN coalesce(CAST($all_stakes AS BOOLEAN), false) THEN 'all'
         ELSE stakes_text(unit, stake_low, stake_high) END AS stakes,
    hands,
    net,
    round(net_big_bets, 2) AS net_big_bets,
    sum(net) OVER running AS cumulative_net,
    round(CAST(sum(CAST(net_big_bets AS DECIMAL(38, 9))) OVER running AS DOUBLE), 2)
        AS cumulative_big_bets
FROM periods
WINDOW running AS (
    PARTITION BY unit, currency, structure, stake_low, stake_high
    ORDER BY first_hand_at, first_hand_key ROWS UNBOUNDED PRECEDING
)
ORDER BY first_hand_at, first_hand_key, unit, currency, structure, stake_low, stake_high
