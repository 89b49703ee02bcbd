-- Draw frequencies: how many cards players draw, per variant and draw round.
--
-- Grain: one row per variant per draw round; each option adds a level: $by_position (per
--   position), $by_player (per player), $by_players (per number of players dealt in). The
--   columns position, player and players are always there, NULL when their option is off.
-- Parameters: $variant, $player, $since, $until, $site, $stakes, $game, $table_size, $by_position, $by_player, $by_players
--   $variant        a variant id (27_triple_draw, badugi ...); NULL: every draw game
--   $player         only this player's decisions
--   $since, $until  dates (UTC) of hands.started_at, both days included
--   $site, $stakes, $game, $table_size  the hands' site, stakes (0.10/0.20), cash or
--                   tournament, heads_up / short / full table (report_hands, in
--                   sql/schema/006_report_scope.sql)
--   $by_position, $by_player, $by_players   booleans; NULL means false
--
-- A decision is one row of draws: a player still in the hand says how many cards he
-- replaces (0 = stands pat). His pats at the hand's other draws are facts the store derived
-- (draws.pat_since_deal, pat_at_previous; players.pat_from_draw for the pats that stood to
-- the end).
-- Rows come in the order of variant, draw round, position (SB, BB, UTG ... CO, BTN), player,
-- players. Columns:
--   decisions             decisions in the row
--   pat, draw_1..draw_5   decisions to stand pat, to draw 1 .. 5 cards; the *_pct columns
--                         are percentages of decisions
--   pat_from_start_pct    the decisions of players who stood pat at this draw AND at every
--                         earlier draw of the hand (pat since the deal), in % of decisions.
--                         At draw round 1: stood pat at the first draw, per round-1 decision
--                         (equal to pat_pct); at round 2: pat at draws 1 and 2, per round-2
--                         decision ...
--   break_pct             of the decisions of players who had stood pat at the previous draw
--                         of the hand (who held a pat hand), the % where the player drew:
--                         broke the pat hand. A player who breaks and draws again at the next
--                         draw is not counted again there. NULL at draw round 1 and where
--                         nobody had stood pat at the previous draw
--   snow_pct              of the pat decisions that stayed pat to the end (pat at every later
--                         draw too) and reached the showdown with the player's final hand
--                         known (players.final_class), the % whose final hand was NOT made:
--                         a pat hand that does not stand up is a snow (a bluff). Made:
--                           2-7 (single, triple draw)  no pair, no straight, no flush, top
--                                                      card T or lower (7-low .. T-low)
--                           A-5 (single, triple draw)  no pair, top card T or lower
--                                                      (5-low .. T-low)
--                           badugi                     a 4-card badugi
--                           five-card draw             two pair or better
--                           badeucey, badacey          either half made: a 4-card badugi, or
--                                                      the lowball half made as in 2-7 / A-5
--                         NULL when there is no such pat decision.
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
        list_position((SELECT names FROM variant_names), h.variant)::UTINYINT AS variant_code,
        CASE WHEN coalesce($by_players, false) THEN h.players_dealt END AS players_dealt
    FROM report_hands($variant, $since, $until, $site, $stakes, $game, $table_size) AS h
),

draw_rows AS NOT MATERIALIZED (
    SELECT
        hand_key,
        -- carried along only when a player or a position is asked for
        CASE WHEN coalesce($by_player, false) OR coalesce($by_position, false) THEN player END
            AS player,
        draw_round,
        discarded,
        pat_since_deal,
        pat_at_previous
    FROM draws
    WHERE ($player IS NULL OR player = $player)
),

position_rows AS NOT MATERIALIZED (
    -- read only when positions are asked for
    SELECT hand_key, player, position
    FROM players
    WHERE coalesce($by_position, false)
      AND dealt_in
      AND ($player IS NULL OR player = $player)
),

-- The pats that stood to the end of a hand shown down with the final hand known: one row
-- per draw of the player's closing run of pats (players.pat_from_draw .. the last draw).
-- Rows are made up to draw 3: those beyond a single-draw game's only draw fall in groups
-- without decisions, which are left out below.
showdown_pats AS NOT MATERIALIZED (
    SELECT
        p.hand_key,
        CASE WHEN coalesce($by_player, false) OR coalesce($by_position, false) THEN p.player END
            AS player,
        r.draw_round,
        p.final_class
    FROM players AS p
    JOIN (VALUES (1), (2), (3)) AS r (draw_round) ON r.draw_round >= p.pat_from_draw
    WHERE p.went_to_showdown
      AND p.final_class IS NOT NULL
      AND p.pat_from_draw IS NOT NULL
      AND ($player IS NULL OR p.player = $player)
),

-- The decisions (showdown_pat false) and the showdown pats (true), with their hand; one
-- join with hands for both.
decisions AS (
    SELECT
        h.variant_code,
        d.draw_round,
        CASE WHEN coalesce($by_position, false) THEN p.position END AS position,
        CASE WHEN coalesce($by_player, false) THEN d.player END AS player,
        CASE WHEN coalesce($by_players, false) THEN h.players_dealt END AS players,
        d.discarded,
        d.pat_since_deal,
        d.pat_at_previous,
        d.showdown_pat,
        d.final_class
    FROM (
        SELECT
            hand_key,
            player,
            draw_round,
            discarded,
            pat_since_deal,
            pat_at_previous,
            false AS showdown_pat,
            NULL::VARCHAR AS final_class
        FROM draw_rows
        UNION ALL
        SELECT hand_key, player, draw_round, NULL, NULL, NULL, true, final_class
        FROM showdown_pats
    ) AS d
    JOIN scoped_hands AS h USING (hand_key)
    LEFT JOIN position_rows AS p USING (hand_key, player)
),

decision_kinds AS (
    -- the rows counted by kind, before the tests below
    SELECT
        variant_code,
        draw_round,
        position,
        player,
        players,
        discarded,
        pat_since_deal,
        pat_at_previous,
        showdown_pat,
        final_class,
        count(*) AS n
    FROM decisions
    GROUP BY ALL
),

named_kinds AS (
    SELECT (SELECT names FROM variant_names)[variant_code] AS variant, * EXCLUDE (variant_code)
    FROM decision_kinds
),

classified AS (
    SELECT
        *,
        CASE
            WHEN variant IN ('27_single_draw', '27_triple_draw')
                THEN final_class IN ('7-low', '8-low', '9-low', 'T-low')
            WHEN variant IN ('a5_single_draw', 'a5_triple_draw')
                THEN final_class IN ('5-low', '6-low', '7-low', '8-low', '9-low', 'T-low')
            WHEN variant = 'badugi'
                THEN final_class = '4-card badugi'
            WHEN variant = 'five_card_draw'
                THEN final_class NOT IN ('high card', 'pair')
            WHEN variant = 'badeucey'
                THEN split_part(final_class, ' / ', 1) = '4-card badugi'
                    OR split_part(final_class, ' / ', 2) IN ('7-low', '8-low', '9-low', 'T-low')
            WHEN variant = 'badacey'
                THEN split_part(final_class, ' / ', 1) = '4-card badugi'
                    OR split_part(final_class, ' / ', 2)
                        IN ('5-low', '6-low', '7-low', '8-low', '9-low', 'T-low')
        END AS made
    FROM named_kinds
),

counted AS (
    SELECT
        variant,
        draw_round,
        position,
        player,
        players,
        coalesce(sum(n) FILTER (WHERE NOT showdown_pat), 0)::BIGINT AS decisions,
        coalesce(sum(n) FILTER (WHERE discarded = 0), 0)::BIGINT AS pat,
        coalesce(sum(n) FILTER (WHERE discarded = 1), 0)::BIGINT AS draw_1,
        coalesce(sum(n) FILTER (WHERE discarded = 2), 0)::BIGINT AS draw_2,
        coalesce(sum(n) FILTER (WHERE discarded = 3), 0)::BIGINT AS draw_3,
        coalesce(sum(n) FILTER (WHERE discarded = 4), 0)::BIGINT AS draw_4,
        coalesce(sum(n) FILTER (WHERE discarded = 5), 0)::BIGINT AS draw_5,
        coalesce(sum(n) FILTER (WHERE pat_since_deal), 0)::BIGINT AS pat_since_deal,
        coalesce(sum(n) FILTER (WHERE pat_at_previous), 0)::BIGINT AS pat_at_previous,
        coalesce(sum(n) FILTER (WHERE pat_at_previous AND discarded > 0), 0)::BIGINT AS breaks,
        coalesce(sum(n) FILTER (WHERE showdown_pat), 0)::BIGINT AS pat_to_showdown,
        coalesce(sum(n) FILTER (WHERE showdown_pat AND NOT made), 0)::BIGINT AS snows
    FROM classified
    GROUP BY ALL
    HAVING sum(n) FILTER (WHERE NOT showdown_pat) > 0
)

SELECT
    variant,
    draw_round,
    position,
    player,
    players,
    decisions,
    pat,
    draw_1,
    draw_2,
    draw_3,
    draw_4,
    draw_5,
    round(100.0 * pat / decisions, 2) AS pat_pct,
    round(100.0 * draw_1 / decisions, 2) AS draw_1_pct,
    round(100.0 * draw_2 / decisions, 2) AS draw_2_pct,
    round(100.0 * draw_3 / decisions, 2) AS draw_3_pct,
    round(100.0 * draw_4 / decisions, 2) AS draw_4_pct,
    round(100.0 * draw_5 / decisions, 2) AS draw_5_pct,
    round(100.0 * pat_since_deal / decisions, 2) AS pat_from_start_pct,
    round(100.0 * breaks / nullif(pat_at_previous, 0), 2) AS break_pct,
    round(100.0 * snows / nullif(pat_to_showdown, 0), 2) AS snow_pct
FROM counted
ORDER BY
    variant,
    draw_round,
    list_position(['SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'MP', 'HJ', 'CO', 'BTN'], position)
        NULLS FIRST,
    position NULLS FIRST,
    player NULLS FIRST,
    players NULLS FIRST
