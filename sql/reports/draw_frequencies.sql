-- Draw frequencies: how many cards players draw, per variant and draw round.
--
-- Grain: one row per variant per draw round; each option adds a level: $by_position (per
--   position), $by_player (per player), $by_players (per number of players dealt in). The
--   columns position, player and players are always there, NULL when their option is off.
-- Parameters: $variant, $player, $since, $until, $by_position, $by_player, $by_players
--   $variant        a variant id (27_triple_draw, badugi ...); NULL: every draw game
--   $player         only this player's decisions
--   $since, $until  dates (UTC) of hands.started_at, both days included
--   $by_position, $by_player, $by_players   booleans; NULL means false
--
-- A decision is one row of draws: a player still in the hand says how many cards he
-- replaces (0 = stands pat).
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

scoped_hands AS NOT MATERIALIZED (
    SELECT site, hand_id, variant, players_dealt
    FROM hands
    WHERE ($variant IS NULL OR variant = $variant)
      AND ($since IS NULL OR started_at >= CAST($since AS DATE))
      AND ($until IS NULL OR started_at < CAST($until AS DATE) + INTERVAL 1 DAY)
),

draw_rows AS NOT MATERIALIZED (
    SELECT site, hand_id, player, draw_round, discarded
    FROM draws
    WHERE ($player IS NULL OR player = $player)
),

position_rows AS (
    -- read only when positions are asked for
    SELECT site, hand_id, player, position
    FROM players
    WHERE coalesce($by_position, false)
      AND dealt_in
      AND ($player IS NULL OR player = $player)
),

showdown_rows AS (
    SELECT site, hand_id, player, final_class
    FROM players
    WHERE went_to_showdown
      AND final_class IS NOT NULL
      AND ($player IS NULL OR player = $player)
),

-- The players who stood pat at least once in a hand: pat_rounds has bit (r - 1) set when
-- the player stood pat at draw r; final_class when he showed his hand down.
pat_player_hands AS (
    SELECT
        d.site,
        d.hand_id,
        d.player,
        bit_or(1 << (d.draw_round - 1)) AS pat_rounds,
        any_value(s.final_class) AS final_class
    FROM draw_rows AS d
    LEFT JOIN showdown_rows AS s USING (site, hand_id, player)
    WHERE d.discarded = 0
    GROUP BY d.site, d.hand_id, d.player
),

-- Each decision, with the player's pats at the hand's other draws.
decisions AS (
    SELECT
        h.variant,
        d.draw_round,
        CASE WHEN coalesce($by_position, false) THEN p.position END AS position,
        CASE WHEN coalesce($by_player, false) THEN d.player END AS player,
        CASE WHEN coalesce($by_players, false) THEN h.players_dealt END AS players,
        d.discarded,
        coalesce(pp.pat_rounds, 0) AS pat_rounds,
        pp.final_class,
        -- the hand's last draw (a player at the showdown took part in every draw)
        CASE
            WHEN h.variant IN ('five_card_draw', '27_single_draw', 'a5_single_draw') THEN 1
            ELSE 3
        END AS last_round
    FROM draw_rows AS d
    JOIN scoped_hands AS h USING (site, hand_id)
    LEFT JOIN pat_player_hands AS pp USING (site, hand_id, player)
    LEFT JOIN position_rows AS p USING (site, hand_id, player)
),

classified AS (
    SELECT
        variant,
        draw_round,
        position,
        player,
        players,
        discarded,
        -- pat at every draw 1 .. draw_round
        (pat_rounds & ((1 << draw_round) - 1)) = (1 << draw_round) - 1 AS pat_since_deal,
        -- pat at the previous draw
        draw_round > 1 AND (pat_rounds >> (draw_round - 2)) & 1 = 1 AS pat_at_previous,
        -- pat at this draw and every later one, and shown down (final hand known)
        final_class IS NOT NULL
            AND (pat_rounds >> (draw_round - 1)) = (1 << (last_round - draw_round + 1)) - 1
            AS pat_to_showdown,
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
    FROM decisions
),

counted AS (
    SELECT
        variant,
        draw_round,
        position,
        player,
        players,
        count(*) AS decisions,
        count(*) FILTER (WHERE discarded = 0) AS pat,
        count(*) FILTER (WHERE discarded = 1) AS draw_1,
        count(*) FILTER (WHERE discarded = 2) AS draw_2,
        count(*) FILTER (WHERE discarded = 3) AS draw_3,
        count(*) FILTER (WHERE discarded = 4) AS draw_4,
        count(*) FILTER (WHERE discarded = 5) AS draw_5,
        count(*) FILTER (WHERE pat_since_deal) AS pat_since_deal,
        count(*) FILTER (WHERE pat_at_previous) AS pat_at_previous,
        count(*) FILTER (WHERE pat_at_previous AND discarded > 0) AS breaks,
        count(*) FILTER (WHERE pat_to_showdown) AS pat_to_showdown,
        count(*) FILTER (WHERE pat_to_showdown AND NOT made) AS snows
    FROM classified
    GROUP BY ALL
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
