-- Derive the facts of every draws row of the hands with hand_key >= $1 (the README's
-- database section defines each column): the player's pats at the hand's other draws, and,
-- where the cards of a draw are known (the hero's), what he kept and what he made. The
-- writer runs it for the hands of each batch, hhparse.store.facts for every stored hand,
-- each time before derive_player_facts.sql (which reads draws.pat_to_end).
-- Reads: hands, draws. Parameters: $1 BIGINT, the first hand_key to derive.
UPDATE draws
SET
    pat_since_deal = f.pat_since_deal,
    pat_at_previous = f.pat_at_previous,
    pat_to_end = f.pat_to_end,
    holding = f.holding,
    made_class = f.made_class
FROM (
    WITH

    -- pat_rounds has bit (r - 1) set when the player stood pat at draw r; last_round is the
    -- variant's last draw
    pats AS (
        SELECT
            d.hand_key,
            d.player,
            d.draw_round,
            bit_or(CASE WHEN d.discarded = 0 THEN 1 << (d.draw_round - 1) ELSE 0 END)
                OVER (PARTITION BY d.hand_key, d.player) AS pat_rounds,
            CASE
                WHEN h.variant IN ('five_card_draw', '27_single_draw', 'a5_single_draw') THEN 1
                ELSE 3
            END AS last_round
        FROM draws AS d
        JOIN hands AS h USING (hand_key)
        WHERE d.hand_key >= $1 AND h.hand_key >= $1
    ),

    pat_facts AS (
        SELECT
            hand_key,
            player,
            draw_round,
            -- pat at every draw 1 .. draw_round
            (pat_rounds & ((1 << draw_round) - 1)) = (1 << draw_round) - 1 AS pat_since_deal,
            -- pat at the previous draw
            draw_round > 1 AND (pat_rounds >> (draw_round - 2)) & 1 = 1 AS pat_at_previous,
            -- pat at this draw and every later one up to the variant's last draw
            (pat_rounds >> (draw_round - 1)) = (1 << (last_round - draw_round + 1)) - 1
                AS pat_to_end
        FROM pats
    ),

    -- The draws of known cards (before, drawn and after) where the player drew.
    known_draws AS (
        SELECT d.hand_key, d.player, d.draw_round, h.variant, d.discarded, d.new_cards,
            d.hand_after
        FROM draws AS d
        JOIN hands AS h USING (hand_key)
        WHERE d.hand_key >= $1
          AND h.hand_key >= $1
          AND d.discarded > 0
          AND d.hand_before IS NOT NULL
          AND d.hand_after IS NOT NULL
          AND d.new_cards IS NOT NULL
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
        FROM known_draws
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

    card_facts AS (
        SELECT
            hand_key,
            player,
            draw_round,
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
            END AS made_class
        FROM classes
    )

    SELECT p.*, c.holding, c.made_class
    FROM pat_facts AS p
    LEFT JOIN card_facts AS c USING (hand_key, player, draw_round)
) AS f
WHERE draws.hand_key >= $1
  AND draws.hand_key = f.hand_key
  AND draws.player = f.player
  AND draws.draw_round = f.draw_round
