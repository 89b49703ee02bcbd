-- Draw improvement: what draws of N cards to a holding made, among the draws whose cards
-- are known (the hero's: draws.hand_before, new_cards and hand_after all known).
--
-- Grain: one row per variant per number of cards drawn per holding per class made; with
--   $per_draw, one row per draw instead (the inputs of the exact probability, below).
-- Parameters: $variant, $player, $since, $until, $per_draw
--   $variant        a variant id (draw games); NULL: every draw game
--   $player         only this player's draws
--   $since, $until  dates (UTC) of hands.started_at, both days included
--   $per_draw       boolean, NULL means false: one row per draw, with kept_cards and
--                   seen_cards filled (NULL otherwise)
--
-- Standing pat (0 cards) is left out. Columns:
--   variant, discarded (the N cards drawn)
--   holding      the cards kept, in a few words:
--                  2-7 games (and badeucey)  the top card kept ('7-high': 7-x-x-x kept),
--                                            'paired' when the kept cards hold a pair
--                  A-5 games (and badacey)   the same with the ace low
--                  badugi                    the top card (ace low) of the kept cards when they
--                                            form a badugi draw (all ranks and suits
--                                            different), else 'broken'
--                  five-card draw            'four of a kind', 'three of a kind', 'two pair',
--                                            'pair', 'four to a flush', 'four to a straight'
--                                            (4 different ranks within a span of 5, the ace
--                                            high or low), else 'no pair'
--                  'nothing' when every card is thrown
--   made_class   the class of the hand after the draw, in the evaluators' words (the same as
--                players.final_class): '8-low', 'pair', '4-card badugi', '3-card', 'flush',
--                badeucey/badacey 'badugi half / lowball half' ('3-card / 9-low')
--   draws        draws of this many cards to this holding (all classes made)
--   made         of those, the draws that made made_class
--   made_pct     100 * made / draws, rounded to 2 decimals
--   kept_cards, seen_cards   with $per_draw: the cards kept, and every card the player had
--                held in the hand before this draw (the kept ones, his discards of this
--                and the earlier draws); NULL otherwise
-- The column exact_probability is added by hhparse, not by this SQL (it cannot enumerate the
-- unseen cards): hhparse.reports.probability.draw_improvement_with_probability() runs this
-- report with $per_draw, groups the draws exactly as below, and adds exact_probability: the
-- chance that the draw makes made_class given the cards its player had seen (all C(unseen,
-- N) draws dealt and evaluated), averaged over the group's draws, so that it compares with
-- made / draws.
WITH

scoped_hands AS NOT MATERIALIZED (
    SELECT site, hand_id, variant
    FROM hands
    WHERE ($variant IS NULL OR variant = $variant)
      AND ($since IS NULL OR started_at >= CAST($since AS DATE))
      AND ($until IS NULL OR started_at < CAST($until AS DATE) + INTERVAL 1 DAY)
),

known_draws AS NOT MATERIALIZED (
    SELECT site, hand_id, player, draw_round, discarded, new_cards, hand_before, hand_after
    FROM draws
    WHERE hand_before IS NOT NULL
      AND hand_after IS NOT NULL
      AND new_cards IS NOT NULL
      AND ($player IS NULL OR player = $player)
),

-- Each draw, with every card seen so far in the hand when one row per draw is asked for
-- (that window is the costly part: it reads no row otherwise).
draw_rows AS (
    SELECT h.variant, d.*, NULL::VARCHAR[] AS seen
    FROM known_draws AS d
    JOIN scoped_hands AS h USING (site, hand_id)
    WHERE NOT coalesce($per_draw, false)
    UNION ALL
    SELECT
        h.variant,
        d.*,
        list_sort(list_distinct(flatten(list(string_split(d.hand_before, ' ')) OVER (
            PARTITION BY d.site, d.hand_id, d.player ORDER BY d.draw_round
        )))) AS seen
    FROM known_draws AS d
    JOIN scoped_hands AS h USING (site, hand_id)
    WHERE coalesce($per_draw, false)
),

-- The hand after the draw, card by card (cards are two characters: rank, suit): rank
-- r (deuce 1 .. ace 13), low rank l (ace 1 .. king 13), suit s, and k: the card was kept.
-- The fifth card is NULL in badugi.
cards AS (
    SELECT
        *,
        string_split(hand_after, ' ') AS after,
        instr('23456789TJQKA', after[1][1]) AS r1,
        instr('23456789TJQKA', after[2][1]) AS r2,
        instr('23456789TJQKA', after[3][1]) AS r3,
        instr('23456789TJQKA', after[4][1]) AS r4,
        instr('23456789TJQKA', after[5][1]) AS r5,
        instr('A23456789TJQK', after[1][1]) AS l1,
        instr('A23456789TJQK', after[2][1]) AS l2,
        instr('A23456789TJQK', after[3][1]) AS l3,
        instr('A23456789TJQK', after[4][1]) AS l4,
        instr('A23456789TJQK', after[5][1]) AS l5,
        after[1][2] AS s1,
        after[2][2] AS s2,
        after[3][2] AS s3,
        after[4][2] AS s4,
        after[5][2] AS s5,
        NOT contains(new_cards, after[1]) AS k1,
        NOT contains(new_cards, after[2]) AS k2,
        NOT contains(new_cards, after[3]) AS k3,
        NOT contains(new_cards, after[4]) AS k4,
        NOT contains(new_cards, after[5]) AS k5
    FROM draw_rows
    WHERE discarded > 0
),

shapes AS (
    SELECT
        *,
        -- pairs of cards of one rank: 0 no pair, 1 pair, 2 two pair, 3 trips, 4 full
        -- house, 6 four of a kind (five-card hands)
        (r1 = r2)::INT + (r1 = r3)::INT + (r1 = r4)::INT + (r1 = r5)::INT + (r2 = r3)::INT
            + (r2 = r4)::INT + (r2 = r5)::INT + (r3 = r4)::INT + (r3 = r5)::INT
            + (r4 = r5)::INT AS same_rank,
        s1 = s2 AND s1 = s3 AND s1 = s4 AND s1 = s5 AS suited,
        greatest(r1, r2, r3, r4, r5) AS top,
        least(r1, r2, r3, r4, r5) AS bottom,
        r1 + r2 + r3 + r4 + r5 AS rank_sum,
        greatest(l1, l2, l3, l4, l5) AS low_top,
        -- two cards that can be in one badugi (different ranks and suits)
        r1 <> r2 AND s1 <> s2 AS v12,
        r1 <> r3 AND s1 <> s3 AS v13,
        r1 <> r4 AND s1 <> s4 AS v14,
        r1 <> r5 AND s1 <> s5 AS v15,
        r2 <> r3 AND s2 <> s3 AS v23,
        r2 <> r4 AND s2 <> s4 AS v24,
        r2 <> r5 AND s2 <> s5 AS v25,
        r3 <> r4 AND s3 <> s4 AS v34,
        r3 <> r5 AND s3 <> s5 AS v35,
        r4 <> r5 AND s4 <> s5 AS v45,
        -- the kept cards: how many pairs of one rank and of one suit, top and bottom ranks
        coalesce((k1 AND k2 AND r1 = r2)::INT + (k1 AND k3 AND r1 = r3)::INT
            + (k1 AND k4 AND r1 = r4)::INT + (k2 AND k3 AND r2 = r3)::INT
            + (k2 AND k4 AND r2 = r4)::INT + (k3 AND k4 AND r3 = r4)::INT, 0)
            + coalesce((k1 AND k5 AND r1 = r5)::INT + (k2 AND k5 AND r2 = r5)::INT
            + (k3 AND k5 AND r3 = r5)::INT + (k4 AND k5 AND r4 = r5)::INT, 0) AS kept_same_rank,
        coalesce((k1 AND k2 AND s1 = s2)::INT + (k1 AND k3 AND s1 = s3)::INT
            + (k1 AND k4 AND s1 = s4)::INT + (k2 AND k3 AND s2 = s3)::INT
            + (k2 AND k4 AND s2 = s4)::INT + (k3 AND k4 AND s3 = s4)::INT, 0)
            + coalesce((k1 AND k5 AND s1 = s5)::INT + (k2 AND k5 AND s2 = s5)::INT
            + (k3 AND k5 AND s3 = s5)::INT + (k4 AND k5 AND s4 = s5)::INT, 0) AS kept_same_suit,
        greatest(CASE WHEN k1 THEN r1 END, CASE WHEN k2 THEN r2 END, CASE WHEN k3 THEN r3 END,
            CASE WHEN k4 THEN r4 END, CASE WHEN k5 THEN r5 END) AS kept_top,
        least(CASE WHEN k1 THEN r1 END, CASE WHEN k2 THEN r2 END, CASE WHEN k3 THEN r3 END,
            CASE WHEN k4 THEN r4 END, CASE WHEN k5 THEN r5 END) AS kept_bottom,
        greatest(CASE WHEN k1 THEN l1 END, CASE WHEN k2 THEN l2 END, CASE WHEN k3 THEN l3 END,
            CASE WHEN k4 THEN l4 END, CASE WHEN k5 THEN l5 END) AS kept_low_top,
        least(CASE WHEN k1 THEN l1 END, CASE WHEN k2 THEN l2 END, CASE WHEN k3 THEN l3 END,
            CASE WHEN k4 THEN l4 END, CASE WHEN k5 THEN l5 END) AS kept_low_bottom,
        len(after) - discarded AS kept_count
    FROM cards
),

classes AS (
    SELECT
        *,
        CASE same_rank
            WHEN 6 THEN 'four of a kind'
            WHEN 4 THEN 'full house'
            WHEN 3 THEN 'three of a kind'
            WHEN 2 THEN 'two pair'
            WHEN 1 THEN 'pair'
        END AS pairing,
        -- 2-7: straights and flushes count against the hand; A-2-3-4-5 is no straight
        CASE
            WHEN same_rank = 0 AND top - bottom = 4 AND suited THEN 'straight flush'
            WHEN same_rank = 0 AND top - bottom = 4 THEN 'straight'
            WHEN suited THEN 'flush'
        END AS deuce_to_seven_bad,
        -- high: the wheel A-2-3-4-5 is a straight
        CASE
            WHEN same_rank = 0 AND (top - bottom = 4 OR (top = 13 AND rank_sum = 23))
                THEN CASE WHEN suited THEN 'straight flush' ELSE 'straight' END
        END AS high_straight,
        substr('23456789TJQKA', top, 1) || '-low' AS deuce_to_seven_low,
        substr('A23456789TJQK', low_top, 1) || '-low' AS ace_to_five_low,
        -- the biggest badugi: of four cards, or the best four of five
        CASE
            WHEN (v12 AND v13 AND v14 AND v23 AND v24 AND v34)
                OR (v12 AND v13 AND v15 AND v23 AND v25 AND v35)
                OR (v12 AND v14 AND v15 AND v24 AND v25 AND v45)
                OR (v13 AND v14 AND v15 AND v34 AND v35 AND v45)
                OR (v23 AND v24 AND v25 AND v34 AND v35 AND v45) THEN '4-card badugi'
            WHEN (v12 AND v13 AND v23) OR (v12 AND v14 AND v24) OR (v12 AND v15 AND v25)
                OR (v13 AND v14 AND v34) OR (v13 AND v15 AND v35) OR (v14 AND v15 AND v45)
                OR (v23 AND v24 AND v34) OR (v23 AND v25 AND v35) OR (v24 AND v25 AND v45)
                OR (v34 AND v35 AND v45) THEN '3-card'
            WHEN v12 OR v13 OR v14 OR v15 OR v23 OR v24 OR v25 OR v34 OR v35 OR v45
                THEN '2-card'
            ELSE '1-card'
        END AS badugi_class
    FROM shapes
),

classified AS (
    SELECT
        variant,
        discarded,
        CASE
            WHEN kept_count = 0 THEN 'nothing'
            WHEN variant IN ('27_single_draw', '27_triple_draw', 'badeucey') THEN CASE
                WHEN kept_same_rank = 0 THEN substr('23456789TJQKA', kept_top, 1) || '-high'
                ELSE 'paired'
            END
            WHEN variant IN ('a5_single_draw', 'a5_triple_draw', 'badacey') THEN CASE
                WHEN kept_same_rank = 0 THEN substr('A23456789TJQK', kept_low_top, 1) || '-high'
                ELSE 'paired'
            END
            WHEN variant = 'badugi' THEN CASE
                WHEN kept_same_rank = 0 AND kept_same_suit = 0
                    THEN substr('A23456789TJQK', kept_low_top, 1) || '-high'
                ELSE 'broken'
            END
            WHEN variant = 'five_card_draw' THEN CASE
                WHEN kept_same_rank = 6 THEN 'four of a kind'
                WHEN kept_same_rank = 3 THEN 'three of a kind'
                WHEN kept_same_rank = 2 THEN 'two pair'
                WHEN kept_same_rank = 1 THEN 'pair'
                WHEN kept_count = 4 AND kept_same_suit = 6 THEN 'four to a flush'
                WHEN kept_count = 4
                    AND (kept_top - kept_bottom <= 4 OR kept_low_top - kept_low_bottom <= 4)
                    THEN 'four to a straight'
                ELSE 'no pair'
            END
        END AS holding,
        CASE
            WHEN variant IN ('27_single_draw', '27_triple_draw')
                THEN coalesce(deuce_to_seven_bad, pairing, deuce_to_seven_low)
            WHEN variant IN ('a5_single_draw', 'a5_triple_draw')
                THEN coalesce(pairing, ace_to_five_low)
            WHEN variant = 'badugi' THEN badugi_class
            WHEN variant = 'five_card_draw' THEN coalesce(
                high_straight,
                CASE WHEN same_rank IN (4, 6) THEN pairing END,
                CASE WHEN suited THEN 'flush' END,
                pairing,
                'high card'
            )
            WHEN variant = 'badeucey'
                THEN badugi_class || ' / '
                    || coalesce(deuce_to_seven_bad, pairing, deuce_to_seven_low)
            WHEN variant = 'badacey'
                THEN badugi_class || ' / ' || coalesce(pairing, ace_to_five_low)
        END AS made_class,
        CASE WHEN coalesce($per_draw, false) THEN site END AS site,
        CASE WHEN coalesce($per_draw, false) THEN hand_id END AS hand_id,
        CASE WHEN coalesce($per_draw, false) THEN player END AS player,
        CASE WHEN coalesce($per_draw, false) THEN draw_round END AS draw_round,
        CASE WHEN coalesce($per_draw, false) THEN array_to_string(
            list_filter(after, lambda card: NOT contains(new_cards, card)), ' '
        ) END AS kept_cards,
        CASE WHEN coalesce($per_draw, false) THEN array_to_string(seen, ' ') END AS seen_cards
    FROM classes
),

counted AS (
    SELECT
        variant,
        discarded,
        holding,
        made_class,
        site,
        hand_id,
        player,
        draw_round,
        kept_cards,
        seen_cards,
        count(*) AS made
    FROM classified
    GROUP BY ALL
)

SELECT
    variant,
    discarded,
    holding,
    made_class,
    sum(made) OVER same_draws AS draws,
    made,
    round(100.0 * made / sum(made) OVER same_draws, 2) AS made_pct,
    kept_cards,
    seen_cards
FROM counted
WINDOW same_draws AS (
    PARTITION BY variant, discarded, holding, site, hand_id, player, draw_round
)
ORDER BY variant, discarded, holding, made DESC, made_class, site, hand_id, player, draw_round
