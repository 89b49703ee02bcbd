-- Player summary: the usual statistics of each player in each variant.
--
-- Grain: one row per player per variant per money unit and currency per betting structure and
--   stakes (amounts of different units or currencies are never added: chips and cents, USD and
--   EUR, get their own rows; nor are hands of different stakes: a rate per 100 hands is of one
--   big bet).
-- Parameters: $variant, $player, $since, $until, $site, $stakes, $game, $table_size, $all_stakes
-- Money: net
--   $variant        a variant id; NULL: every variant
--   $player         only this player
--   $all_stakes     true: the stakes of a variant, unit and currency in one row (stakes
--                   'all'): net adds money of one currency, net_big_bets_per_100 each hand's
--                   net in its own big bets
--   $since, $until  dates (UTC) of hands.started_at, both days included
--   $site, $stakes, $game, $table_size  the hands' site, stakes (0.10/0.20), cash or
--                   tournament, heads_up / short / full table (report_hands, in
--                   sql/schema/006_report_scope.sql)
--
-- The first round is the betting before the first draw (draw games) or on 3rd street
-- (stud, Razz): actions.round_index = 0. Each player's hand is counted from the facts the
-- store derived from its actions (players.vpip, three_bet ...). Columns:
--   hands                   hands the player was dealt into
--   vpip_pct                % of hands where he put money in voluntarily in the first round:
--                           a call, bet, raise or completion (posting blinds or antes and
--                           bringing in are not voluntary; a big blind who only checks is not)
--   first_round_raise_pct   % of hands where he bet, raised or completed in the first round
--   three_bet_pct           % of his 3-bet chances where he re-raised. Bet levels of the first
--                           round: the big blind (draw games), a completion or a first bet
--                           (stud, or games without blinds) is the 1st bet; each raise adds one.
--                           A 3-bet chance: the player acts while the 2nd bet (the first raise)
--                           is the last one made (he is not its maker); he 3-bets by raising
--                           then. NULL without chances.
--   steal_pct               % of his steal chances (players.steal_chance: first in from the
--                           cutoff, button or small blind in draw games, whatever their forced
--                           bets; Razz: first in late or with the lowest door card) where he
--                           bet, raised or completed; NULL without chances
--   aggression              (bets + raises + completions) / calls, every betting round; NULL
--                           without calls
--   wtsd_pct                % of the hands where he saw the second betting round that he went
--                           to the showdown; saw it: he drew or stood pat at the first draw
--                           (draw games) or was dealt 4th street (stud): an action discard,
--                           stand_pat or dealt of round_index 1, or a row of draws at draw 1
--                           (players.saw_second_round)
--   wsd_pct                 % of his showdowns he won (collected something at the showdown)
--   structure               hands.structure: fl, pl or nl
--   stakes                  the stakes as sites print them, without the currency: small bet /
--                           big bet in fixed limit (0.10/0.20), small blind / big blind in pot
--                           and no limit (100/200 chips); NULL when the hands do not say
--   net                     sum of players.net, in minor units of unit / currency
--   net_big_bets_per_100    100 * sum(net / big bet) / hands: the big bet is hands.big_bet
--                           (fixed limit) or else hands.big_blind (no limit, pot limit); hands
--                           with neither are left out of both sums. NULL when none is left.
--   per_100_in              what net_big_bets_per_100 counts: 'big bets' (fixed limit) or
--                           'big blinds' (pot and no limit)
-- Percentages, aggression and net_big_bets_per_100 are rounded to 2 decimals.
WITH

-- Each hand in scope with its kind: variant, unit, currency, structure and stakes (the two
-- amounts; none with $all_stakes).
kinded_hands AS NOT MATERIALIZED (
    SELECT
        hand_key,
        coalesce(big_bet, big_blind) AS big_bet,
        {'variant': variant, 'unit': unit, 'currency': currency, 'structure': structure,
         'low': if(coalesce(CAST($all_stakes AS BOOLEAN), false), NULL, stake_low),
         'high': if(coalesce(CAST($all_stakes AS BOOLEAN), false), NULL, stake_high)} AS kind_of
    FROM report_hands($variant, $since, $until, $site, $stakes, $game, $table_size)
),

-- The kinds of hands in scope, in a list: the millions of players rows joined with their
-- hand carry a kind's place in it (a small number) instead of five names, for a smaller
-- join and grouping within DuckDB's memory limit.
hand_kinds AS (
    SELECT list(DISTINCT kind_of ORDER BY kind_of) AS kinds
    FROM kinded_hands
),

scoped_hands AS NOT MATERIALIZED (
    SELECT
        hand_key,
        list_position((SELECT kinds FROM hand_kinds), kind_of)::USMALLINT AS kind,
        big_bet
    FROM kinded_hands
),

player_rows AS (
    SELECT
        hand_key,
        player,
        net,
        went_to_showdown,
        won_at_showdown,
        vpip,
        first_round_raise,
        three_bet_chance,
        three_bet,
        steal_chance,
        calls,
        aggressive_actions,
        saw_second_round
    FROM players
    WHERE dealt_in
      AND ($player IS NULL OR player = $player)
),

coded_per_player AS (
    SELECT
        p.player,
        h.kind,
        count(*) AS hands,
        count_if(p.vpip) AS vpip_hands,
        count_if(p.first_round_raise) AS raise_hands,
        count_if(p.three_bet_chance) AS three_bet_chances,
        count_if(p.three_bet) AS three_bets,
        count_if(p.steal_chance) AS steal_chances,
        count_if(p.steal_chance AND p.first_round_raise) AS steals,
        sum(p.calls) AS calls,
        sum(p.aggressive_actions) AS aggressive_actions,
        count_if(p.saw_second_round) AS second_rounds,
        count_if(p.went_to_showdown) AS showdowns,
        count_if(p.won_at_showdown) AS won_at_showdown,
        sum(p.net) AS net,
        -- an exact decimal sum (see results.sql)
        CAST(sum(CAST(p.net / h.big_bet AS DECIMAL(38, 9))) AS DOUBLE) AS net_big_bets,
        count(h.big_bet) AS hands_with_big_bet
    FROM player_rows AS p
    JOIN scoped_hands AS h USING (hand_key)
    GROUP BY ALL
),

per_player AS (
    SELECT
        player,
        (SELECT kinds FROM hand_kinds)[kind].variant AS variant,
        (SELECT kinds FROM hand_kinds)[kind].unit AS unit,
        (SELECT kinds FROM hand_kinds)[kind].currency AS currency,
        (SELECT kinds FROM hand_kinds)[kind].structure AS structure,
        CASE WHEN coalesce(CAST($all_stakes AS BOOLEAN), false) THEN 'all'
             ELSE stakes_text((SELECT kinds FROM hand_kinds)[kind].unit,
                              (SELECT kinds FROM hand_kinds)[kind].low,
                              (SELECT kinds FROM hand_kinds)[kind].high) END AS stakes,
        * EXCLUDE (player, kind)
    FROM coded_per_player
)

SELECT
    player,
    variant,
    unit,
    currency,
    structure,
    stakes,
    hands,
    round(100.0 * vpip_hands / hands, 2) AS vpip_pct,
    round(100.0 * raise_hands / hands, 2) AS first_round_raise_pct,
    round(100.0 * three_bets / nullif(three_bet_chances, 0), 2) AS three_bet_pct,
    round(100.0 * steals / nullif(steal_chances, 0), 2) AS steal_pct,
    round(aggressive_actions / nullif(calls, 0), 2) AS aggression,
    round(100.0 * showdowns / nullif(second_rounds, 0), 2) AS wtsd_pct,
    round(100.0 * won_at_showdown / nullif(showdowns, 0), 2) AS wsd_pct,
    net,
    round(100.0 * net_big_bets / nullif(hands_with_big_bet, 0), 2) AS net_big_bets_per_100,
    CASE WHEN hands_with_big_bet = 0 THEN NULL
         WHEN structure = 'fl' THEN 'big bets' ELSE 'big blinds' END AS per_100_in
FROM per_player
ORDER BY player, variant, unit, currency, structure, stakes
