-- Derive the facts of every players row of the hands with hand_key >= $1 from the hands'
-- actions and draws (the README's database section defines each column): the writer runs
-- it for the hands of each batch, hhparse.store.facts for every stored hand, each time
-- after derive_draw_facts.sql (draws.pat_to_end is read here).
-- Reads: hands, players, actions, draws. Parameters: $1 BIGINT, the first hand_key to derive.
UPDATE players
SET
    vpip = f.vpip,
    first_round_raise = f.first_round_raise,
    three_bet_chance = f.three_bet_chance,
    three_bet = f.three_bet,
    calls = f.calls,
    aggressive_actions = f.aggressive_actions,
    saw_second_round = f.saw_second_round,
    last_draw_discarded = f.last_draw_discarded,
    pat_from_draw = f.pat_from_draw,
    door_card = f.door_card,
    third_street_action = f.third_street_action,
    brought_in = f.brought_in,
    first_in = f.first_in,
    steal_chance = f.steal_chance,
    bring_in_defence_chance = f.bring_in_defence_chance,
    bring_in_defended = f.bring_in_defended
FROM (
    WITH

    scoped_hands AS (
        SELECT hand_key, variant, players_dealt,
               variant NOT IN ('razz', 'stud', 'stud8') AS draw_game
        FROM hands
        WHERE hand_key >= $1
    ),

    lines AS (
        SELECT hand_key, seq, round_index, round_name, player, kind, new_cards
        FROM actions
        WHERE hand_key >= $1 AND player IS NOT NULL
    ),

    -- Calls and bets of every round; entering, raising in the first round; the first line
    -- of the second round (a draw, or the 4th-street card) or a row of draws at draw 1.
    player_lines AS (
        SELECT
            hand_key,
            player,
            count(*) FILTER (WHERE kind = 'call') AS calls,
            count(*) FILTER (WHERE kind IN ('bet', 'raise', 'complete')) AS aggressive_actions,
            bool_or(round_index = 0 AND kind IN ('call', 'bet', 'raise', 'complete')) AS vpip,
            bool_or(round_index = 0 AND kind IN ('bet', 'raise', 'complete'))
                AS first_round_raise,
            bool_or(round_index = 1 AND kind IN ('discard', 'stand_pat', 'dealt'))
                AS saw_second_round
        FROM lines
        GROUP BY hand_key, player
    ),

    first_draws AS (
        SELECT DISTINCT hand_key, player
        FROM draws
        WHERE hand_key >= $1 AND draw_round = 1
    ),

    closing_pats AS (
        -- the first draw from which he stood pat at every draw up to the last
        SELECT hand_key, player, min(draw_round) AS pat_from_draw
        FROM draws
        WHERE hand_key >= $1 AND pat_to_end
        GROUP BY hand_key, player
    ),

    last_draws AS (
        -- the variant's last draw: draw 1 of single-draw games, else draw 3
        SELECT d.hand_key, d.player, d.discarded
        FROM draws AS d
        JOIN scoped_hands AS h USING (hand_key)
        WHERE d.hand_key >= $1
          AND d.draw_round = CASE
              WHEN h.variant IN ('five_card_draw', '27_single_draw', 'a5_single_draw') THEN 1
              ELSE 3
          END
    ),

    -- 3-bets. The bets of the first round, in order: the big blind (draw games), or else the
    -- first completion or bet, is the 1st; each raise adds one. When the round's first
    -- aggressive action is a raise, a blind was the 1st bet and that raise is the 2nd.
    hand_aggression AS (
        SELECT
            hand_key,
            min(seq, 3) AS seqs,
            arg_min(player, seq, 3) AS bettors,
            CASE WHEN arg_min(kind, seq) = 'raise' THEN 1 ELSE 0 END AS blind_bets
        FROM lines
        WHERE round_index = 0 AND kind IN ('bet', 'raise', 'complete')
        GROUP BY hand_key
    ),

    raised_hands AS (
        -- hands whose first round saw a 2nd bet: when it came, by whom, and the 3rd bet's
        -- place
        SELECT
            hand_key,
            seqs[2 - blind_bets] AS second_bet_seq,
            bettors[2 - blind_bets] AS second_bettor,
            seqs[3 - blind_bets] AS third_bet_seq
        FROM hand_aggression
        WHERE len(seqs) >= 2 - blind_bets
    ),

    three_bet_spots AS (
        -- the players acting while the 2nd bet was the last one (a player acts once then)
        SELECT d.hand_key, d.player, bool_or(d.seq = r.third_bet_seq) AS three_bet
        FROM lines AS d
        JOIN raised_hands AS r USING (hand_key)
        WHERE d.round_index = 0
          AND d.kind IN ('call', 'raise', 'fold')
          AND d.seq > r.second_bet_seq
          AND (r.third_bet_seq IS NULL OR d.seq <= r.third_bet_seq)
          AND d.player <> r.second_bettor
        GROUP BY d.hand_key, d.player
    ),

    -- Stud games: 3rd street. The bring-in player (he acts first) brings in or completes at
    -- once (complete, or bet where nobody brings in); then clockwise.
    third_street AS (
        SELECT l.hand_key, l.seq, l.player, l.kind, l.new_cards, h.variant, h.players_dealt
        FROM lines AS l
        JOIN scoped_hands AS h USING (hand_key)
        WHERE l.round_index = 0
          AND l.round_name = '3rd'
          AND l.kind IN ('dealt', 'bring_in', 'complete', 'bet', 'raise', 'call', 'fold', 'check')
    ),

    door_cards AS (
        -- the up card: the last card of the player's 3rd-street deal (others' deals show it
        -- alone); door_rank its rank with the ace low (A = 1 .. K = 13)
        SELECT
            hand_key,
            player,
            split_part(new_cards, ' ', -1) AS door_card,
            instr('A23456789TJQK', split_part(new_cards, ' ', -1)[1]) AS door_rank
        FROM third_street
        WHERE kind = 'dealt'
    ),

    -- The decisions of 3rd street in order. ord 1 is the bring-in player's first action.
    decisions AS (
        SELECT
            hand_key,
            seq,
            player,
            kind,
            variant,
            players_dealt,
            row_number() OVER hand_order AS ord,
            row_number() OVER (PARTITION BY hand_key, player ORDER BY seq) AS player_turn,
            -- calls, bets, raises and completions before this decision
            coalesce(count(*) FILTER (WHERE kind IN ('call', 'complete', 'bet', 'raise'))
                OVER (hand_order ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                AS entries_before,
            -- completions (bets, raises) before this decision
            coalesce(count(*) FILTER (WHERE kind IN ('complete', 'bet', 'raise'))
                OVER (hand_order ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                AS completions_before,
            first_value(player) OVER hand_order AS bring_in_player,
            first_value(kind) OVER hand_order AS bring_in_kind
        FROM third_street
        WHERE kind <> 'dealt'
        WINDOW hand_order AS (PARTITION BY hand_key ORDER BY seq)
    ),

    -- Each player's first decision, with the lowest door card of the players acting after
    -- him and the bring-in player's.
    first_decisions AS (
        SELECT
            d.*,
            c.door_rank,
            min(c.door_rank) OVER (
                PARTITION BY d.hand_key ORDER BY d.ord DESC
                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
            ) AS lowest_door_after,
            first_value(c.door_rank) OVER (PARTITION BY d.hand_key ORDER BY d.ord)
                AS bring_in_door
        FROM decisions AS d
        LEFT JOIN door_cards AS c USING (hand_key, player)
        WHERE d.player_turn = 1
    ),

    third_street_spots AS (
        SELECT
            hand_key,
            player,
            kind AS third_street_action,
            ord = 1 AS brought_in,
            -- first in: only the bring-in has acted, everybody else before him folded
            ord > 1 AND bring_in_kind = 'bring_in' AND entries_before = 0 AS first_in,
            -- Razz: first in, and in the last seats or with the lowest door card (ace low)
            coalesce(
                variant = 'razz'
                AND ord > 1 AND bring_in_kind = 'bring_in' AND entries_before = 0
                AND (
                    players_dealt - ord <= 1
                    OR door_rank < least(bring_in_door, coalesce(lowest_door_after, 14))
                ),
                false
            ) AS steal_chance
        FROM first_decisions
    ),

    -- Draw games: a steal chance is a first decision of the first round with nobody in
    -- before him (every earlier player folded, or checked where there is no blind: antes
    -- only), from the cutoff, the button or the small blind. It is defined for every
    -- forced-bet structure alike: with antes only or one blind the positions are counted
    -- from the button (no small blind there).
    draw_first_round AS (
        SELECT
            l.hand_key,
            l.player,
            row_number() OVER (PARTITION BY l.hand_key, l.player ORDER BY l.seq) AS player_turn,
            coalesce(count(*) FILTER (WHERE l.kind IN ('call', 'bet', 'raise', 'complete'))
                OVER (PARTITION BY l.hand_key ORDER BY l.seq
                      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS entries_before
        FROM lines AS l
        JOIN scoped_hands AS h USING (hand_key)
        WHERE h.draw_game
          AND l.round_index = 0
          AND l.kind IN ('call', 'bet', 'raise', 'fold', 'check')
    ),

    draw_steal_spots AS (
        SELECT d.hand_key, d.player
        FROM draw_first_round AS d
        JOIN players AS p ON p.hand_key = d.hand_key AND p.player = d.player
        WHERE p.hand_key >= $1
          AND d.player_turn = 1
          AND d.entries_before = 0
          AND p.position IN ('CO', 'BTN', 'SB')
    ),

    bring_in_defences AS (
        -- the bring-in player's second decision, after a completion
        SELECT hand_key, player, kind IN ('call', 'raise') AS defended
        FROM decisions
        WHERE player = bring_in_player
          AND bring_in_kind = 'bring_in'
          AND player_turn = 2
          AND completions_before > 0
    )

    SELECT
        p.hand_key,
        p.seat,
        coalesce(a.vpip, false) AS vpip,
        coalesce(a.first_round_raise, false) AS first_round_raise,
        t.player IS NOT NULL AS three_bet_chance,
        coalesce(t.three_bet, false) AS three_bet,
        coalesce(a.calls, 0) AS calls,
        coalesce(a.aggressive_actions, 0) AS aggressive_actions,
        coalesce(a.saw_second_round, false) OR fd.player IS NOT NULL AS saw_second_round,
        ld.discarded AS last_draw_discarded,
        cp.pat_from_draw,
        c.door_card,
        s.third_street_action,
        coalesce(s.brought_in, false) AS brought_in,
        coalesce(s.first_in, false) AS first_in,
        coalesce(s.steal_chance, false) OR ds.player IS NOT NULL AS steal_chance,
        b.player IS NOT NULL AS bring_in_defence_chance,
        coalesce(b.defended, false) AS bring_in_defended
    FROM players AS p
    LEFT JOIN player_lines AS a USING (hand_key, player)
    LEFT JOIN first_draws AS fd USING (hand_key, player)
    LEFT JOIN last_draws AS ld USING (hand_key, player)
    LEFT JOIN closing_pats AS cp USING (hand_key, player)
    LEFT JOIN three_bet_spots AS t USING (hand_key, player)
    LEFT JOIN door_cards AS c USING (hand_key, player)
    LEFT JOIN third_street_spots AS s USING (hand_key, player)
    LEFT JOIN bring_in_defences AS b USING (hand_key, player)
    LEFT JOIN draw_steal_spots AS ds USING (hand_key, player)
    WHERE p.hand_key >= $1
) AS f
WHERE players.hand_key >= $1 AND players.hand_key = f.hand_key AND players.seat = f.seat
