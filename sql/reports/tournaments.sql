-- Tournaments: the hero's tournaments, what each cost, where he finished, what he won.
--
-- Grain: one row per tournament (site and tournament id) the hero played hands of or that a
--   stored tournament summary lists him in.
-- Parameters: $hero, $variant, $since, $until, $site, $table_size
-- Money: buy_in, fee, bounty, cost, prize, net
--   $hero           the player; NULL: the store's hero (hero_name, sql/schema/007_settings.sql)
--   $variant, $table_size  only tournaments he played hands of in scope (summaries alone
--                   name no variant)
--   $since, $until, $site  the tournament's start (its summary's, else its first hand's)
-- Columns:
--   name, game              the summary's name and game; without one, the variant played
--   started_at, finished_at the summary's times (UTC); else the first and last hand's
--   unit, currency          of the buy-in and prize: cents of USD ..., chips in play money
--   buy_in, fee, bounty     one entry's, from the summary, else from the hands' header
--   entries                 times the hero entered (re-entries count; 1 without a summary)
--   cost                    (buy_in + fee + bounty) x entries (his rebuys and add-ons are not
--                           in any summary: not counted)
--   place, players          his finish and the field (the summary's; NULL without one)
--   prize                   what he won (0 when listed without a prize; NULL without a
--                           summary)
--   net                     prize - cost (NULL without a summary)
--   roi_pct                 100 x net / cost, 2 decimals
--   hands                   hands he was dealt into in it (0: known from the summary only)
--   summary                 true when a tournament summary was read
WITH

hero AS (
    SELECT hero_name($hero) AS player
),

played AS (
    SELECT
        site, tournament_id,
        string_agg(DISTINCT variant, ', ' ORDER BY variant) AS variants,
        min(started_at) AS first_hand_at,
        max(started_at) AS last_hand_at,
        count(*) AS hands,
        max(buy_in) AS buy_in,
        max(fee) AS fee,
        max(bounty) AS bounty,
        max(buy_in_currency) AS buy_in_currency
    FROM hero_hands($hero, $variant, NULL, NULL, NULL, NULL, 'tournament', $table_size)
    WHERE tournament_id IS NOT NULL
    GROUP BY site, tournament_id
),

listed AS (
    SELECT t.*, p.place, p.prize, p.entries AS hero_entries
    FROM tournaments AS t
    JOIN tournament_places AS p USING (site, tournament_id)
    WHERE p.player = (SELECT player FROM hero)
),

joined AS (
    SELECT
        coalesce(l.site, p.site) AS site,
        coalesce(l.tournament_id, p.tournament_id) AS tournament_id,
        coalesce(l.name, p.variants) AS name,
        coalesce(l.game_text, p.variants) AS game,
        coalesce(l.started_at, p.first_hand_at) AS started_at,
        coalesce(l.finished_at, p.last_hand_at) AS finished_at,
        coalesce(l.currency, p.buy_in_currency) AS currency,
        coalesce(l.buy_in, p.buy_in) AS buy_in,
        coalesce(l.fee, p.fee, 0) AS fee,
        coalesce(l.bounty, p.bounty, 0) AS bounty,
        coalesce(l.hero_entries, 1) AS entries,
        l.place,
        l.entries AS players,
        l.prize,
        coalesce(p.hands, 0) AS hands,
        l.site IS NOT NULL AS summary
    FROM listed AS l
    FULL OUTER JOIN played AS p USING (site, tournament_id)
    WHERE p.site IS NOT NULL OR ($variant IS NULL AND $table_size IS NULL)
)

SELECT
    (SELECT player FROM hero) AS hero,
    site, tournament_id, name, game, started_at, finished_at,
    CASE WHEN currency = 'chips' THEN 'chips' ELSE 'cents' END AS unit,
    currency, buy_in, fee, bounty, entries,
    (buy_in + fee + bounty) * entries AS cost,
    place, players, prize,
    prize - (buy_in + fee + bounty) * entries AS net,
    round(100 * (prize - (buy_in + fee + bounty) * entries)
          / nullif((buy_in + fee + bounty) * entries, 0), 2) AS roi_pct,
    hands, summary
FROM joined
WHERE ($since IS NULL OR started_at >= CAST($since AS DATE))
  AND ($until IS NULL OR started_at < CAST($until AS DATE) + INTERVAL 1 DAY)
  AND ($site IS NULL OR site = $site)
ORDER BY started_at NULLS LAST, site, tournament_id
