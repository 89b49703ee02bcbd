-- Showdown outcomes: how often players reach the showdown, and what wins there.
--
-- Grain: one row per variant per class_group: the groups of final hands shown down, then
--   (draw games) one row per number of cards drawn at the last draw. Long format: the
--   per-variant summary columns are repeated on every row of the variant.
-- Parameters: $variant, $player, $since, $until, $site, $stakes, $game, $table_size
--   $variant        a variant id; NULL: every variant
--   $player         only this player's hands
--   $since, $until  dates (UTC) of hands.started_at, both days included
--   $site, $stakes, $game, $table_size  the hands' site, stakes (0.10/0.20), cash or
--                   tournament, heads_up / short / full table (report_hands, in
--                   sql/schema/006_report_scope.sql)
--
-- Columns:
--   variant, class_group
--   showdowns    players at the showdown in this group (players.went_to_showdown)
--   won, lost    of those, who won (collected something: a split or half pot counts as won)
--                and who did not; win_pct = 100 * won / showdowns
--   players_seen_second_round  players who saw the second betting round
--                (players.saw_second_round): still in the hand at the first draw (draw
--                games: a row of draws at draw 1) or dealt 4th street (stud, Razz), i.e. did
--                not fold in the first round and the hand went on
--   went_to_showdown_pct       100 * players at the showdown / players_seen_second_round
--   won_at_showdown_pct        100 * players who won at the showdown / players at it
-- Class groups (players.final_class; 'unknown' when the final hand was not shown):
--   2-7 single and triple draw   7-low, 8-low, 9-low, T-low, J+ (J- to A-high, no pair),
--                                pair+ (a pair or worse: pairs, trips, straights, flushes ...)
--   A-5 single and triple draw, Razz   5-low (the wheel), 6-low, 7-low, 8-low, 9-low,
--                                T+ (T- to K-low), pair (a pair or worse)
--   badugi                       4-card 4 .. 4-card K (a badugi by its top card), 3-card,
--                                2-card, 1-card
--   five-card draw, stud         the high category (high card, pair, two pair ... straight
--                                flush)
--   stud hi/lo                   the high category, with ' / low' when the hand also made an
--                                8-or-better low (two pair / low)
--   badeucey, badacey            the badugi half's size (4-card, 3-card ...) ' / ' the lowball
--                                half's group as in 2-7 (badeucey) or A-5 (badacey)
--   last draw: pat, last draw: 1 .. last draw: 5   (draw games) the same players at the
--                                showdown by the cards they drew at the hand's last draw
-- Percentages are rounded to 2 decimals.
WITH

-- The variants stored, in a list: the millions of rows joined with their hand carry a
-- variant's place in it (a small number) instead of its name, for a smaller join within
-- DuckDB's memory limit.
variant_names AS (
    SELECT list(variant ORDER BY variant) AS names
    FROM (SELECT DISTINCT variant FROM hands)
),

scoped_hands AS NOT MATERIALIZED (
    SELECT
        h.hand_key,
        list_position((SELECT names FROM variant_names), h.variant)::UTINYINT AS variant_code
    FROM report_hands($variant, $since, $until, $site, $stakes, $game, $table_size) AS h
),

-- The players who saw the second round or went to the showdown, counted by what the rest
-- needs of them: the final hand, and the cards drawn at the hand's last draw (draw games;
-- a player at the showdown took part in it).
coded_player_kinds AS (
    SELECT
        h.variant_code,
        p.saw_second_round,
        p.went_to_showdown,
        p.won_at_showdown,
        p.final_class,
        -- a badugi's top card (aces low): the highest rank of its four cards (two
        -- characters each, one space between)
        CASE WHEN p.final_class = '4-card badugi' THEN substr('A23456789TJQK', greatest(
            instr('A23456789TJQK', p.final_cards[1]),
            instr('A23456789TJQK', p.final_cards[4]),
            instr('A23456789TJQK', p.final_cards[7]),
            instr('A23456789TJQK', p.final_cards[10])
        ), 1) END AS badugi_top,
        p.last_draw_discarded AS last_discarded,
        count(*) AS players
    FROM players AS p
    JOIN scoped_hands AS h USING (hand_key)
    WHERE (p.went_to_showdown OR p.saw_second_round)
      AND ($player IS NULL OR p.player = $player)
    GROUP BY ALL
),

player_kinds AS (
    SELECT (SELECT names FROM variant_names)[variant_code] AS variant, * EXCLUDE (variant_code)
    FROM coded_player_kinds
),

-- The class groups, best first within each variant's groups.
class_order AS (
    SELECT [
        '5-low', '6-low', '7-low', '8-low', '9-low', 'T-low', 'T+', 'J+', 'pair+',
        '4-card 4', '4-card 5', '4-card 6', '4-card 7', '4-card 8', '4-card 9', '4-card T',
        '4-card J', '4-card Q', '4-card K', '4-card', '3-card', '2-card', '1-card',
        'straight flush', 'four of a kind', 'full house', 'flush', 'straight',
        'three of a kind', 'two pair', 'pair', 'high card', 'low', 'unknown'
    ] AS groups
),

-- Players who saw the second betting round, per variant.
seen_second_round AS (
    SELECT variant, sum(players)::BIGINT AS players_seen_second_round
    FROM player_kinds
    WHERE saw_second_round
    GROUP BY variant
),

-- The players at the showdown.
showdown_players AS (
    SELECT
        variant,
        won_at_showdown,
        final_class,
        last_discarded,
        badugi_top,
        players,
        -- the lowball class: the whole class, or the lowball half of badeucey and badacey
        CASE
            WHEN variant IN ('badeucey', 'badacey') THEN split_part(final_class, ' / ', 2)
            ELSE final_class
        END AS low_class,
        CASE
            WHEN variant IN ('27_single_draw', '27_triple_draw', 'badeucey') THEN '2-7'
            WHEN variant IN ('a5_single_draw', 'a5_triple_draw', 'razz', 'badacey') THEN 'A-5'
        END AS low_ranking
    FROM player_kinds
    WHERE went_to_showdown
),

classified AS (
    SELECT
        *,
        CASE low_ranking
            WHEN '2-7' THEN CASE
                WHEN low_class IN ('7-low', '8-low', '9-low', 'T-low') THEN low_class
                WHEN low_class LIKE '_-low' THEN 'J+'
                ELSE 'pair+'
            END
            WHEN 'A-5' THEN CASE
                WHEN low_class IN ('5-low', '6-low', '7-low', '8-low', '9-low') THEN low_class
                WHEN low_class LIKE '_-low' THEN 'T+'
                ELSE 'pair'
            END
        END AS low_group
    FROM showdown_players
),

-- Each player at the showdown counts twice: in his class (section 0) and, in draw games,
-- by his last draw (section 1).
sections AS (
    SELECT
        variant,
        won_at_showdown,
        players,
        0 AS section,
        CASE
            WHEN final_class IS NULL THEN 'unknown'
            WHEN variant IN ('badeucey', 'badacey')
                THEN replace(split_part(final_class, ' / ', 1), ' badugi', '')
                    || ' / ' || low_group
            WHEN low_ranking IS NOT NULL THEN low_group
            WHEN variant = 'badugi' THEN coalesce('4-card ' || badugi_top, final_class)
            WHEN variant = 'stud8' THEN split_part(final_class, ' / ', 1)
                || CASE WHEN final_class LIKE '% / %' THEN ' / low' ELSE '' END
            ELSE final_class
        END AS class_group
    FROM classified
    UNION ALL
    SELECT
        variant,
        won_at_showdown,
        players,
        1 AS section,
        CASE
            WHEN last_discarded = 0 THEN 'last draw: pat'
            ELSE 'last draw: ' || last_discarded
        END AS class_group
    FROM classified
    WHERE last_discarded IS NOT NULL
),

-- The groups, and (section -1, no group) each variant's players who saw the second round.
grouped AS (
    SELECT
        variant,
        section,
        class_group,
        sum(players)::BIGINT AS showdowns,
        coalesce(sum(players) FILTER (WHERE won_at_showdown), 0)::BIGINT AS won
    FROM sections
    GROUP BY variant, section, class_group
    UNION ALL
    SELECT variant, -1, NULL, players_seen_second_round, 0
    FROM seen_second_round
),

-- Each group with its variant's totals: every player at the showdown is in exactly one
-- class (section 0).
with_totals AS (
    SELECT
        *,
        sum(showdowns) FILTER (WHERE section = 0) OVER per_variant AS variant_showdowns,
        sum(won) FILTER (WHERE section = 0) OVER per_variant AS variant_won,
        max(showdowns) FILTER (WHERE section = -1) OVER per_variant AS seen_second_round
    FROM grouped
    WINDOW per_variant AS (PARTITION BY variant)
)

SELECT
    variant,
    class_group,
    showdowns,
    won,
    showdowns - won AS lost,
    round(100.0 * won / showdowns, 2) AS win_pct,
    coalesce(seen_second_round, 0) AS players_seen_second_round,
    round(100.0 * variant_showdowns / nullif(seen_second_round, 0), 2) AS went_to_showdown_pct,
    round(100.0 * variant_won / variant_showdowns, 2) AS won_at_showdown_pct
FROM with_totals
WHERE section >= 0
ORDER BY
    variant,
    section,
    -- split games' groups have two parts ('3-card / 9-low'): each is ordered best first
    list_position((SELECT groups FROM class_order), split_part(class_group, ' / ', 1)) NULLS LAST,
    list_position((SELECT groups FROM class_order), split_part(class_group, ' / ', 2)) NULLS FIRST,
    CASE WHEN class_group = 'last draw: pat' THEN '' ELSE class_group END
