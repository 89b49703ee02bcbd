-- 006_report_scope: the hands a report looks at, chosen once for every report.
--
-- report_hands(...) is every column of hands plus
--   stakes      as sites print them, without the currency: small bet / big bet in fixed
--               limit (0.10/0.20), small blind / big blind in pot and no limit (100/200
--               in chips); NULL when the hand does not say
--   game        'cash' or 'tournament'
--   table_size  'heads_up' (2 seats), 'short' (3 to 6), 'full' (7 or more): the table's
--               seats (hands.max_seats), else the players dealt in
-- of the hands that pass every filter given; a NULL filter passes every hand. The dates
-- are UTC days of hands.started_at, both included.
CREATE MACRO report_hands(variant_given, since_given, until_given, site_given, stakes_given,
                          game_given, table_size_given) AS TABLE
SELECT *
FROM (
    SELECT
        *,
        CASE WHEN structure = 'fl' OR big_blind IS NULL THEN [small_bet, big_bet]
             ELSE [small_blind, big_blind] END AS stake_pair,
        CASE WHEN stake_pair[1] IS NULL OR stake_pair[2] IS NULL THEN NULL
             WHEN unit = 'cents'
                 THEN printf('%.2f/%.2f', stake_pair[1] / 100, stake_pair[2] / 100)
             ELSE printf('%d/%d', stake_pair[1], stake_pair[2]) END AS stakes,
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
