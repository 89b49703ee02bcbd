-- Razz on 3rd street: bring-ins, steals, defences and limps of each player.
--
-- Grain: one row per player, plus one row for all players together (player NULL) when
--   $player is not given.
-- Parameters: $player, $since, $until
--   $player         only this player (no all-players row)
--   $since, $until  dates (UTC) of hands.started_at, both days included
--
-- 3rd street is the first betting round (actions.round_index = 0). The bring-in player
-- (highest door card) acts first: he brings in (kind bring_in) or completes at once (kind
-- complete, or bet where nobody brings in). Action then goes clockwise. Columns (a chance
-- is counted once per hand; *_pct = 100 * count / chances, NULL without chances):
--   hands                  Razz hands the player was dealt into
--   bring_ins              hands where he had to bring in (he acted first on 3rd street)
--   bring_in_completes     of those, hands where he completed instead of bringing in
--   bring_in_complete_pct
--   steal_chances          hands where he was first in (everybody between the bring-in and
--                          him folded) AND either sat in the last seats (at most one player
--                          still to act before the action returns to the bring-in) or
--                          showed the lowest door card of the players still in (strictly
--                          lower, ace low, than the bring-in's and the door card of every
--                          player yet to act)
--   steals                 of those, hands where he completed
--   steal_pct
--   defence_chances        hands where he brought in and then faced a completion (with or
--                          without raises after it) when the action came back to him
--   defences               of those, hands where he called or raised
--   bring_in_defence_pct
--   limp_chances           hands where he was first in facing only the bring-in
--   limps                  of those, hands where he just called the bring-in
--   limp_pct
-- Percentages are rounded to 2 decimals.
WITH

razz_hands AS NOT MATERIALIZED (
    SELECT site, hand_id, players_dealt
    FROM hands
    WHERE variant = 'razz'
      AND ($since IS NULL OR started_at >= CAST($since AS DATE))
      AND ($until IS NULL OR started_at < CAST($until AS DATE) + INTERVAL 1 DAY)
),

player_rows AS NOT MATERIALIZED (
    SELECT site, hand_id, player
    FROM players
    WHERE dealt_in
      AND ($player IS NULL OR player = $player)
),

action_rows AS NOT MATERIALIZED (
    SELECT site, hand_id, seq, player, kind, new_cards
    FROM actions
    WHERE round_index = 0
      AND kind IN ('dealt', 'bring_in', 'complete', 'bet', 'raise', 'call', 'fold', 'check')
),

-- Every player's 3rd street in the Razz hands: the order of play and the door cards of
-- all of them matter.
third_street_rows AS (
    SELECT a.*, h.players_dealt
    FROM action_rows AS a
    JOIN razz_hands AS h USING (site, hand_id)
),

razz_players AS (
    SELECT p.site, p.hand_id, p.player
    FROM player_rows AS p
    JOIN razz_hands AS h USING (site, hand_id)
),

door_cards AS (
    -- the up card dealt on 3rd street: the last card of the player's 3rd-street deal
    -- (others' deals show it alone); its rank with the ace low: A = 1 .. K = 13
    SELECT
        site,
        hand_id,
        player,
        instr('A23456789TJQK', split_part(new_cards, ' ', -1)[1]) AS door_rank
    FROM third_street_rows
    WHERE kind = 'dealt'
),

-- The decisions of 3rd street in order. ord 1 is the bring-in player's first action.
decisions AS (
    SELECT
        a.site,
        a.hand_id,
        a.seq,
        a.player,
        a.kind,
        a.players_dealt,
        row_number() OVER hand_order AS ord,
        row_number() OVER (PARTITION BY a.site, a.hand_id, a.player ORDER BY a.seq)
            AS player_turn,
        -- calls, bets, raises and completions before this decision
        coalesce(count(*) FILTER (WHERE a.kind IN ('call', 'complete', 'bet', 'raise'))
            OVER (hand_order ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
            AS entries_before,
        -- completions (bets, raises) before this decision
        coalesce(count(*) FILTER (WHERE a.kind IN ('complete', 'bet', 'raise'))
            OVER (hand_order ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
            AS completions_before,
        first_value(a.player) OVER hand_order AS bring_in_player,
        first_value(a.kind) OVER hand_order AS bring_in_kind
    FROM third_street_rows AS a
    WHERE a.kind <> 'dealt'
    WINDOW hand_order AS (PARTITION BY a.site, a.hand_id ORDER BY a.seq)
),

-- Each player's first decision, with the lowest door card of the players acting after him.
first_decisions AS (
    SELECT
        d.*,
        c.door_rank,
        min(c.door_rank) OVER (
            PARTITION BY d.site, d.hand_id ORDER BY d.ord DESC
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
        ) AS lowest_door_after,
        first_value(c.door_rank) OVER (PARTITION BY d.site, d.hand_id ORDER BY d.ord)
            AS bring_in_door
    FROM decisions AS d
    LEFT JOIN door_cards AS c USING (site, hand_id, player)
    WHERE d.player_turn = 1
),

spots AS (
    -- one row per player per hand with something to count
    SELECT
        site,
        hand_id,
        player,
        ord = 1 AS bring_in_chance,
        ord = 1 AND kind IN ('complete', 'bet') AS bring_in_complete,
        -- first in: only the bring-in has acted, everybody else before him folded
        ord > 1 AND bring_in_kind = 'bring_in' AND entries_before = 0 AS first_in,
        ord > 1 AND bring_in_kind = 'bring_in' AND entries_before = 0
            AND (
                players_dealt - ord <= 1
                OR door_rank < least(bring_in_door, coalesce(lowest_door_after, 14))
            ) AS steal_chance,
        kind IN ('complete', 'bet', 'raise') AS completes,
        kind = 'call' AS calls,
        NULL::BOOLEAN AS defends
    FROM first_decisions
    UNION ALL
    SELECT
        site,
        hand_id,
        player,
        false,
        false,
        false,
        false,
        false,
        false,
        -- the bring-in player's second decision, after a completion
        kind IN ('call', 'raise')
    FROM decisions
    WHERE player = bring_in_player
      AND bring_in_kind = 'bring_in'
      AND player_turn = 2
      AND completions_before > 0
),

counted AS (
    SELECT
        p.player,
        count(*) FILTER (WHERE s.bring_in_chance) AS bring_ins,
        count(*) FILTER (WHERE s.bring_in_complete) AS bring_in_completes,
        count(*) FILTER (WHERE s.steal_chance) AS steal_chances,
        count(*) FILTER (WHERE s.steal_chance AND s.completes) AS steals,
        count(*) FILTER (WHERE s.defends IS NOT NULL) AS defence_chances,
        count(*) FILTER (WHERE s.defends) AS defences,
        count(*) FILTER (WHERE s.first_in) AS limp_chances,
        count(*) FILTER (WHERE s.first_in AND s.calls) AS limps
    FROM spots AS s
    JOIN razz_players AS p USING (site, hand_id, player)
    GROUP BY GROUPING SETS ((p.player), ())
),

dealt AS (
    SELECT player, count(*) AS hands
    FROM razz_players
    GROUP BY GROUPING SETS ((player), ())
)

SELECT
    d.player,
    d.hands,
    coalesce(c.bring_ins, 0) AS bring_ins,
    coalesce(c.bring_in_completes, 0) AS bring_in_completes,
    round(100.0 * c.bring_in_completes / nullif(c.bring_ins, 0), 2) AS bring_in_complete_pct,
    coalesce(c.steal_chances, 0) AS steal_chances,
    coalesce(c.steals, 0) AS steals,
    round(100.0 * c.steals / nullif(c.steal_chances, 0), 2) AS steal_pct,
    coalesce(c.defence_chances, 0) AS defence_chances,
    coalesce(c.defences, 0) AS defences,
    round(100.0 * c.defences / nullif(c.defence_chances, 0), 2) AS bring_in_defence_pct,
    coalesce(c.limp_chances, 0) AS limp_chances,
    coalesce(c.limps, 0) AS limps,
    round(100.0 * c.limps / nullif(c.limp_chances, 0), 2) AS limp_pct
FROM dealt AS d
LEFT JOIN counted AS c ON c.player IS NOT DISTINCT FROM d.player
WHERE d.hands > 0 AND (d.player IS NOT NULL OR $player IS NULL)
ORDER BY d.player NULLS LAST
