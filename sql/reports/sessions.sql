-- Sessions: the hero's sittings, when, how long, where and what they gave.
--
-- Grain: one row per session per money unit and currency (a session of USD and EUR tables
--   has a row for each; its time, tables and games are the whole session's).
-- Parameters: $hero, $variant, $since, $until, $site, $stakes, $game, $table_size
-- Money: net
--   $hero           the player; NULL: the store's hero (hero_name, sql/schema/006_report_scope.sql)
--   $variant, $since, $until, $site, $stakes, $game, $table_size  the hands in scope
--                   (report_hands); a session ends after 30 minutes without a hand of his
--                   among them (hero_hands)
-- Columns:
--   session                 numbered from 1 in time order
--   started_at, ended_at    started_at of its first and last hand (UTC)
--   minutes                 from the first hand's start to the last one's
--   tables, variants        how many tables and which variants he played in it
--   hands                   hands of this unit and currency he was dealt into
--   net                     sum of players.net, in minor units of unit / currency
--   net_big_bets            sum of net / big bet (hands.big_bet, else hands.big_blind), 2
--                           decimals; NULL for hands with neither
--   hands_per_hour          hands of the whole session per hour (NULL under a minute)
WITH

hands_of_sessions AS (
    SELECT * FROM hero_hands($hero, $variant, $since, $until, $site, $stakes, $game,
                             $table_size)
),

sittings AS (
    SELECT
        session,
        min(started_at) AS started_at,
        max(started_at) AS ended_at,
        count(DISTINCT site || ' ' || coalesce(table_name, '')) AS tables,
        list(DISTINCT variant ORDER BY variant) AS variants,
        count(*) AS session_hands
    FROM hands_of_sessions
    GROUP BY session
),

money AS (
    SELECT
        session, unit, currency,
        count(*) AS hands,
        sum(hero_net) AS net,
        -- an exact decimal sum (see results.sql)
        CAST(sum(CAST(hero_net / coalesce(big_bet, big_blind) AS DECIMAL(38, 9))) AS DOUBLE)
            AS net_big_bets
    FROM hands_of_sessions
    GROUP BY ALL
)

SELECT
    hero_name($hero) AS hero,
    s.session,
    s.started_at,
    s.ended_at,
    round(epoch(s.ended_at - s.started_at) / 60, 1) AS minutes,
    s.tables,
    s.variants,
    m.unit,
    m.currency,
    m.hands,
    m.net,
    round(m.net_big_bets, 2) AS net_big_bets,
    round(s.session_hands * 3600 / nullif(epoch(s.ended_at - s.started_at), 0), 1)
        AS hands_per_hour
FROM sittings AS s
JOIN money AS m USING (session)
ORDER BY s.session, m.unit, m.currency
