-- Draw decisions: every draw where the player's cards are known, judged against every other
-- keep (the exact chance of ending with the target or better, after all remaining draws).
--
-- Grain: one row per draw decision (a player's draw in a hand whose cards before the draw
--   are known: the hero's, and anyone's whose kept and thrown cards the log shows).
-- Parameters: $variant, $player, $since, $until, $site, $stakes, $game, $table_size, $target_27, $target_a5, $target_badugi, $target_high
--   $variant        a variant id (draw games); NULL: every draw game
--   $player         only this player's decisions
--   $since, $until  dates (UTC) of hands.started_at, both days included
--   $site, $stakes, $game, $table_size  the hands' site, stakes (0.10/0.20), cash or
--                   tournament, heads_up / short / full table (report_hands, in
--                   sql/schema/006_report_scope.sql)
--   $target_27      the target of the 2-7 games: '8-low' (the default) means 8-low
--                   or better; $target_a5 ('7-low'), $target_badugi ('4-card badugi'; or
--                   e.g. '8-high badugi'), $target_high (five-card draw, 'two pair')
-- Computed: draw_decisions
--
-- This SQL gives each decision's cards; hhparse (hhparse/decisions/report.py) judges them:
-- for each decision, every keep of the cards held (32 of five cards, 16 of Badugi's four)
-- is dealt out exactly over the cards the player had not seen, the later draws following
-- the drawing policy of hhparse/decisions/__init__.py (Badugi before its last draw: played
-- out over 10,000 seeded deals, the same for every keep; p_error says how precisely).
-- Split-pot games (badeucey, badacey) are left out: no single target. Columns:
--   variant, site, hand_id, player, started_at, draw_round
--   draws_left      draws still to come, this one included (3 at the first of triple draw)
--   held            the cards before the draw
--   kept            the cards kept ('' when all were thrown)
--   drew            cards drawn (0: stood pat)
--   target          the target class (its hands or better count)
--   p_target_kept   the chance that the keep made ends with the target or better
--   best_keep       the keep with the highest chance (of equal ones: the one made, else the
--                   fewest cards drawn)
--   best_choice     what the best keep does: 'stood pat', 'drew 1' ...
--   p_target_best   its chance
--   gap             p_target_best - p_target_kept: the chance given away (0 when the best
--                   keep was made)
--   pattern         the situation and the choice in a few words, as draw_leaks groups them
--                   ('2 left, 4 to a 7: drew 2'); see hhparse/decisions/patterns.py
--   not_judged      why a decision was not judged (its chances NULL): split-pot games
--                   (badeucey, badacey)
--   source_line     the line of the draw in its log
--   p_error         where the chances were measured by dealing (Badugi before its last
--                   draw): the larger standard error of p_target_kept and p_target_best
--                   (NULL: exact). Another keep counts as best only when it beats the
--                   keep made by more than three standard errors of the difference.
WITH

scoped_hands AS NOT MATERIALIZED (
    SELECT hand_key, variant, started_at
    FROM report_hands($variant, $since, $until, $site, $stakes, $game, $table_size)
),

known AS (
    SELECT
        d.hand_key, d.site, d.hand_id, d.player, d.draw_round, d.discarded,
        d.discarded_cards, d.hand_before, d.source_line
    FROM draws AS d
    WHERE d.hand_before IS NOT NULL
      AND (d.discarded = 0 OR d.discarded_cards IS NOT NULL)
      AND ($player IS NULL OR d.player = $player)
),

seen AS (
    SELECT
        h.variant,
        h.started_at,
        k.*,
        list_sort(list_distinct(flatten(list(string_split(k.hand_before, ' ')) OVER (
            PARTITION BY k.hand_key, k.player ORDER BY k.draw_round
        )))) AS seen_cards
    FROM known AS k
    JOIN scoped_hands AS h USING (hand_key)
)

SELECT
    variant,
    site,
    hand_id,
    player,
    started_at,
    draw_round,
    hand_before AS held,
    array_to_string(list_filter(
        string_split(hand_before, ' '),
        lambda card: NOT list_contains(string_split(coalesce(discarded_cards, ''), ' '), card)
    ), ' ') AS kept,
    discarded AS drew,
    array_to_string(seen_cards, ' ') AS seen,
    source_line
FROM seen
ORDER BY started_at, site, hand_id, player, draw_round
