-- Draw improvement: what draws of N cards to a holding made, among the draws whose cards
-- are known (the hero's: draws.hand_before, new_cards and hand_after all known).
--
-- Grain: one row per variant per number of cards drawn per holding per class made; with
--   $per_draw, one row per draw instead (the inputs of the exact probability, below).
-- Parameters: $variant, $player, $since, $until, $site, $stakes, $game, $table_size, $per_draw
--   $variant        a variant id (draw games); NULL: every draw game
--   $player         only this player's draws
--   $since, $until  dates (UTC) of hands.started_at, both days included
--   $site, $stakes, $game, $table_size  the hands' site, stakes (0.10/0.20), cash or
--                   tournament, heads_up / short / full table (report_hands, in
--                   sql/schema/006_report_scope.sql)
--   $per_draw       boolean, NULL means false: one row per draw, with kept_cards and
--                   seen_cards filled (NULL otherwise)
--
-- Standing pat (0 cards) is left out. holding and made_class are facts the store derived
-- for each draw of known cards (draws.holding, draws.made_class; sql/store/
-- derive_draw_facts.sql names them as below). Columns:
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
    SELECT hand_key, variant
    FROM report_hands($variant, $since, $until, $site, $stakes, $game, $table_size)
),

known_draws AS NOT MATERIALIZED (
    -- the draws of known cards; holding is set for those where the player drew
    SELECT
        site, hand_id, hand_key, player, draw_round, discarded, new_cards, hand_before,
        hand_after, holding, made_class
    FROM draws
    WHERE hand_before IS NOT NULL
      AND hand_after IS NOT NULL
      AND new_cards IS NOT NULL
      AND ($player IS NULL OR player = $player)
),

-- Each draw, with every card seen so far in the hand when one row per draw is asked for
-- (that window is the costly part: it reads no row otherwise). The window runs over every
-- known draw, the stood-pat ones included: their cards were seen too.
draw_rows AS (
    SELECT
        h.variant,
        NULL AS site,
        NULL AS hand_id,
        NULL::BIGINT AS hand_key,
        NULL AS player,
        NULL::INTEGER AS draw_round,
        d.discarded,
        NULL AS new_cards,
        NULL AS hand_before,
        NULL AS hand_after,
        d.holding,
        d.made_class,
        NULL::VARCHAR[] AS seen
    FROM known_draws AS d
    JOIN scoped_hands AS h USING (hand_key)
    WHERE NOT coalesce($per_draw, false)
      AND d.holding IS NOT NULL
    UNION ALL
    SELECT *
    FROM (
        SELECT
            h.variant,
            d.*,
            list_sort(list_distinct(flatten(list(string_split(d.hand_before, ' ')) OVER (
                PARTITION BY d.hand_key, d.player ORDER BY d.draw_round
            )))) AS seen
        FROM known_draws AS d
        JOIN scoped_hands AS h USING (hand_key)
        WHERE coalesce($per_draw, false)
    )
    WHERE holding IS NOT NULL
),

classified AS (
    SELECT
        variant,
        discarded,
        holding,
        made_class,
        CASE WHEN coalesce($per_draw, false) THEN site END AS site,
        CASE WHEN coalesce($per_draw, false) THEN hand_id END AS hand_id,
        CASE WHEN coalesce($per_draw, false) THEN player END AS player,
        CASE WHEN coalesce($per_draw, false) THEN draw_round END AS draw_round,
        CASE WHEN coalesce($per_draw, false) THEN array_to_string(
            list_filter(
                string_split(hand_after, ' '), lambda card: NOT contains(new_cards, card)
            ),
            ' '
        ) END AS kept_cards,
        CASE WHEN coalesce($per_draw, false) THEN array_to_string(seen, ' ') END AS seen_cards
    FROM draw_rows
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
