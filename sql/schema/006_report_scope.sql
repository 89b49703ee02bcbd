-- 006_report_scope: the hands a report looks at, chosen once for every report.
--
-- report_hands(...) is every column of hands plus
--   stakes      as sites print them, without the currency: small bet / big bet in fixed
--               limit (0.10/0.20), small blind / big blind in pot and no limit (100/200
--               in chips); NULL when the hand does not say
--   game        'cash' or 'tournament'
--   table_size  'heads_up' (2 seats), 'short' (3 to 6), 'full' (7 or more): the table's
--               seats (hands.max_seats), else the players dealt in
--   stake_low, stake_high  the two amounts of stakes, in minor units (cheaper to group by
--               than the text)
-- of the hands that pass every filter given; a NULL filter passes every hand. The dates
-- are UTC days of hands.started_at, both included.

-- The stakes as text from the two amounts in minor units of unit ('cents' or 'chips').
CREATE MACRO stakes_text(unit, low, high) AS
    CASE WHEN low IS NULL OR high IS NULL THEN NULL
         WHEN unit = 'cents' THEN printf('%.2f/%.2f', low / 100, high / 100)
         ELSE printf('%d/%d', low, high) END;

CREATE MACRO report_hands(variant_given, since_given, until_given, site_given, stakes_given,
                          game_given, table_size_given) AS TABLE
SELECT *
FROM (
    SELECT
        *,
        CASE WHEN structure = 'fl' OR big_blind IS NULL THEN small_bet ELSE small_blind END
            AS stake_low,
        CASE WHEN structure = 'fl' OR big_blind IS NULL THEN big_bet ELSE big_blind END
            AS stake_high,
        stakes_text(unit, stake_low, stake_high) AS stakes,
        CASE WHEN tournament_id IS NULL THEN 'cash' ELSE 'tournament' END AS game,
        CASE WHEN coalesce(max_seats, players_dealt) <= 2 THEN 'heads_up'
             WHEN coalesce(max_seats, players_dealt) <= 6 THEN 'short'
             ELSE 'full' END AS table_size
    FROM hands
    WHERE (variant_given IS NULL OR variant = variant_given)
      AND (since_given IS NULL OR started_at >= CAST(since_given AS DATE))
      AND (until_given IS NULL OR started_at < CAST(until_given AS DATE) + INTERVAL 1 DAY)
      AND (site_given IS NULL OR site = site_given)
)
WHERE (stakes_given IS NULL OR stakes = stakes_given)
  AND (game_given IS NULL OR game = game_given)
  AND (table_size_given IS NULL OR table_size = table_size_given);

-- The hero: the player given, else the player whose face-down cards the logs deal to most
-- often (players.is_hero).
CREATE MACRO hero_name(hero_given) AS coalesce(
    hero_given,
    (SELECT player FROM players WHERE is_hero
     GROUP BY player ORDER BY count(*) DESC, player LIMIT 1));

-- The hands of report_hands(...) the hero was dealt into, with his net (hero_net) and his
-- session: sessions are numbered from 1 in time order; one ends after 30 minutes without a
-- hand of his (any table, any game in scope).
CREATE MACRO hero_hands(hero_given, variant_given, since_given, until_given, site_given,
                        stakes_given, game_given, table_size_given) AS TABLE
SELECT
    *,
    sum(starts_session::INTEGER) OVER (ORDER BY started_at, hand_key
                                       ROWS UNBOUNDED PRECEDING) AS session
FROM (
    SELECT
        h.*,
        p.net AS hero_net,
        coalesce(h.started_at - lag(h.started_at) OVER (ORDER BY h.started_at, h.hand_key)
                 > INTERVAL 30 MINUTE, true) AS starts_session
    FROM report_hands(variant_given, since_given, until_given, site_given, stakes_given,
                      game_given, table_size_given) AS h
    JOIN players AS p USING (hand_key)
    WHERE p.player = hero_name(hero_given) AND p.dealt_in
);
