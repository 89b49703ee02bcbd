-- Showdown outcomes: how often players reach the showdown, and what wins there.
--
-- Grain: one row per variant per class_group: the groups of final hands shown down, then
--   (draw games) one row per number of cards drawn at the last draw. Long format: the
--   per-variant summary columns are repeated on every row of the variant.
-- Parameters: $variant, $player, $since, $until
--   $variant        a variant id; NULL: every variant
--   $player         only this player's hands
--   $since, $until  dates (UTC) of hands.started_at, both days included
--
-- Columns:
--   variant, class_group
--   showdowns    players at the showdown in this group (players.went_to_showdown)
--   won, lost    of those, who won (collected something: a split or half pot counts as won)
--                and who did not; win_pct = 100 * won / showdowns
--   players_seen_second_round  players who saw the second betting round: still in the hand
--                at the first draw (draw games: a row of draws at draw 1) or dealt 4th street
--                (stud, Razz), i.e. did not fold in the first round and the hand went on
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

scoped_hands AS NOT MATERIALIZED (
    SELECT
        site,
        hand_id,
        variant,
        -- the hand's last draw (draw games; a player at the showdown took part in it)
        CASE
            WHEN variant IN ('five_card_draw', '27_single_draw', 'a5_single_draw') THEN 1
            WHEN variant IN ('razz', 'stud', 'stud8') THEN NULL
            ELSE 3
        END AS last_draw
    FROM hands
    WHERE ($variant IS NULL OR variant = $variant)
      AND ($since IS NULL OR started_at >= CAST($since AS DATE))
      AND ($until IS NULL OR started_at < CAST($until AS DATE) + INTERVAL 1 DAY)
),

showdown_rows AS (
    SELECT site, hand_id, player, won_at_showdown, final_class, final_cards
    FROM players
    WHERE went_to_showdown
      AND ($player IS NULL OR player = $player)
),

first_draw_rows AS (
    SELECT site, hand_id
    FROM draws
    WHERE draw_round = 1
      AND ($player IS NULL OR player = $player)
),

fourth_street_rows AS (
    SELECT site, hand_id
    FROM actions
    WHERE round_index = 1
      AND round_name = '4th'
      AND kind = 'dealt'
      AND ($player IS NULL OR player = $player)
),

last_draw_rows AS (
    SELECT site, hand_id, player, draw_round, discarded
    FROM draws
    WHERE draw_round IN (1, 3)
      AND ($player IS NULL OR player = $player)
),

class_order AS (
    -- best first, within each variant's groups
    SELECT * FROM (VALUES
        ('5-low', 1), ('6-low', 2), ('7-low', 3), ('8-low', 4), ('9-low', 5), ('T-low', 6),
        ('T+', 7), ('J+', 8), ('pair+', 9),
        ('4-card 4', 11), ('4-card 5', 12), ('4-card 6', 13), ('4-card 7', 14),
        ('4-card 8', 15), ('4-card 9', 16), ('4-card T', 17), ('4-card J', 18),
        ('4-card Q', 19), ('4-card K', 20), ('4-card', 21), ('3-card', 22), ('2-card', 23),
        ('1-card', 24),
        ('straight flush', 30), ('four of a kind', 31), ('full house', 32), ('flush', 33),
        ('straight', 34), ('three of a kind', 35), ('two pair', 36), ('pair', 37),
        ('high card', 38),
        ('low', 50),
        ('unknown', 90)
    ) AS t (class_group, sort_key)
),

-- Players who saw the second betting round, per variant.
seen_second_round AS (
    SELECT h.variant, count(*) AS players_seen_second_round
    FROM (
        SELECT site, hand_id FROM first_draw_rows
        UNION ALL
        SELECT site, hand_id FROM fourth_street_rows
    ) AS seen
    JOIN scoped_hands AS h USING (site, hand_id)
    GROUP BY h.variant
),

-- The players at the showdown, with the cards they drew at the hand's last draw.
showdown_players AS (
    SELECT
        h.variant,
        s.won_at_showdown,
        s.final_class,
        d.discarded AS last_discarded,
        -- the lowball class: the whole class, or the lowball half of badeucey and badacey
        CASE
            WHEN h.variant IN ('badeucey', 'badacey') THEN split_part(s.final_class, ' / ', 2)
            ELSE s.final_class
        END AS low_class,
        CASE
            WHEN h.variant IN ('27_single_draw', '27_triple_draw', 'badeucey') THEN '2-7'
            WHEN h.variant IN ('a5_single_draw', 'a5_triple_draw', 'razz', 'badacey') THEN 'A-5'
        END AS low_ranking,
        -- a badugi's top card (aces low): the highest rank of its four cards (two
        -- characters each, one space between)
        CASE WHEN s.final_class = '4-card badugi' THEN substr('A23456789TJQK', greatest(
            instr('A23456789TJQK', s.final_cards[1]),
            instr('A23456789TJQK', s.final_cards[4]),
            instr('A23456789TJQK', s.final_cards[7]),
            instr('A23456789TJQK', s.final_cards[10])
        ), 1) END AS badugi_top
    FROM showdown_rows AS s
    JOIN scoped_hands AS h USING (site, hand_id)
    LEFT JOIN last_draw_rows AS d
        ON d.site = s.site
        AND d.hand_id = s.hand_id
        AND d.player = s.player
        AND d.draw_round = h.last_draw
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
        c.variant,
        c.won_at_showdown,
        s.section,
        CASE s.section
            WHEN 0 THEN CASE
                WHEN c.final_class IS NULL THEN 'unknown'
                WHEN c.variant IN ('badeucey', 'badacey')
                    THEN replace(split_part(c.final_class, ' / ', 1), ' badugi', '')
                        || ' / ' || c.low_group
                WHEN c.low_ranking IS NOT NULL THEN c.low_group
                WHEN c.variant = 'badugi' THEN coalesce('4-card ' || c.badugi_top, c.final_class)
                WHEN c.variant = 'stud8' THEN split_part(c.final_class, ' / ', 1)
                    || CASE WHEN c.final_class LIKE '% / %' THEN ' / low' ELSE '' END
                ELSE c.final_class
            END
            ELSE CASE
                WHEN c.last_discarded = 0 THEN 'last draw: pat'
                ELSE 'last draw: ' || c.last_discarded
            END
        END AS class_group
    FROM classified AS c
    JOIN (VALUES (0), (1)) AS s (section)
        ON s.section = 0 OR c.last_discarded IS NOT NULL
),

grouped AS (
    SELECT
        variant,
        section,
        class_group,
        count(*) AS showdowns,
        count(*) FILTER (WHERE won_at_showdown) AS won
    FROM sections
    GROUP BY variant, section, class_group
),

per_variant AS (
    -- every player at the showdown is in exactly one class (section 0)
    SELECT variant, sum(showdowns) AS showdowns, sum(won) AS won
    FROM grouped
    WHERE section = 0
    GROUP BY variant
)

SELECT
    g.variant,
    g.class_group,
    g.showdowns,
    g.won,
    g.showdowns - g.won AS lost,
    round(100.0 * g.won / g.showdowns, 2) AS win_pct,
    coalesce(s.players_seen_second_round, 0) AS players_seen_second_round,
    round(100.0 * v.showdowns / nullif(s.players_seen_second_round, 0), 2)
        AS went_to_showdown_pct,
    round(100.0 * v.won / v.showdowns, 2) AS won_at_showdown_pct
FROM grouped AS g
JOIN per_variant AS v USING (variant)
LEFT JOIN seen_second_round AS s USING (variant)
-- split games' groups have two parts ('3-card / 9-low'): each is ordered best first
LEFT JOIN class_order AS first_part
    ON first_part.class_group = split_part(g.class_group, ' / ', 1)
LEFT JOIN class_order AS second_part
    ON second_part.class_group = split_part(g.class_group, ' / ', 2)
ORDER BY
    g.variant,
    g.section,
    first_part.sort_key NULLS LAST,
    second_part.sort_key NULLS FIRST,
    CASE WHEN g.class_group = 'last draw: pat' THEN '' ELSE g.class_group END
