-- Player summary: the usual statistics of each player in each variant.
--
-- Grain: one row per player per variant per money unit and currency (amounts of different
--   units or currencies are never added: chips and cents, USD and EUR, get their own rows).
-- Parameters: $variant, $player, $since, $until
--   $variant        a variant id; NULL: every variant
--   $player         only this player
--   $since, $until  dates (UTC) of hands.started_at, both days included
--
-- The first round is the betting before the first draw (draw games) or on 3rd street
-- (stud, Razz): actions.round_index = 0. Columns:
--   hands                   hands the player was dealt into
--   vpip_pct                % of hands where he put money in voluntarily in the first round:
--                           a call, bet, raise or completion (posting blinds or antes and
--                           bringing in are not voluntary; a big blind who only checks is not)
--   first_round_raise_pct   % of hands where he bet, raised or completed in the first round
--   three_bet_pct           % of his 3-bet chances where he re-raised. Bet levels of the first
--                           round: the big blind (draw games), a completion or a first bet
--                           (stud, or games without blinds) is the 1st bet; each raise adds one.
--                           A 3-bet chance: the player acts while the 2nd bet (the first raise)
--                           is the last one made (he is not its maker); he 3-bets by raising
--                           then. NULL without chances.
--   aggression              (bets + raises + completions) / calls, every betting round; NULL
--                           without calls
--   wtsd_pct                % of the hands where he saw the second betting round that he went
--                           to the showdown; saw it: he drew or stood pat at the first draw
--                           (draw games) or was dealt 4th street (stud): an action discard,
--                           stand_pat or dealt of round_index 1
--   wsd_pct                 % of his showdowns he won (collected something at the showdown)
--   net                     sum of players.net, in minor units of unit / currency
--   net_big_bets_per_100    100 * sum(net / big bet) / hands: the big bet is hands.big_bet
--                           (fixed limit) or else hands.big_blind (no limit, pot limit); hands
--                           with neither are left out of both sums. NULL when none is left.
-- Percentages, aggression and net_big_bets_per_100 are rounded to 2 decimals.
WITH

scoped_hands AS NOT MATERIALIZED (
    SELECT site, hand_id, variant, unit, currency, coalesce(big_bet, big_blind) AS big_bet
    FROM hands
    WHERE ($variant IS NULL OR variant = $variant)
      AND ($since IS NULL OR started_at >= CAST($since AS DATE))
      AND ($until IS NULL OR started_at < CAST($until AS DATE) + INTERVAL 1 DAY)
),

player_rows AS (
    SELECT site, hand_id, player, net, went_to_showdown, won_at_showdown
    FROM players
    WHERE dealt_in
      AND ($player IS NULL OR player = $player)
),

action_rows AS (
    -- the player's calls, bets, raises and completions in every round, and his first line
    -- of the second round: a draw (discard, stand_pat) or the 4th-street card (dealt)
    SELECT
        site,
        hand_id,
        player,
        round_index = 0 AS first_round,
        kind = 'call' AS calls,
        kind IN ('bet', 'raise', 'complete') AS aggressive,
        kind IN ('discard', 'stand_pat', 'dealt') AS second_round
    FROM actions
    WHERE (kind IN ('call', 'bet', 'raise', 'complete')
           OR (round_index = 1 AND kind IN ('discard', 'stand_pat', 'dealt')))
      AND ($player IS NULL OR player = $player)
),

first_round_decisions AS (
    SELECT site, hand_id, seq, player
    FROM actions
    WHERE round_index = 0
      AND kind IN ('call', 'raise', 'fold')
      AND ($player IS NULL OR player = $player)
),

first_round_aggression AS (
    -- every player's: the levels of a hand's first round need them all
    SELECT site, hand_id, seq, player, kind
    FROM actions
    WHERE round_index = 0
      AND kind IN ('bet', 'raise', 'complete')
),

-- Hands, money and showdowns.
per_player AS (
    SELECT
        p.player,
        h.variant,
        h.unit,
        h.currency,
        count(*) AS hands,
        count(*) FILTER (WHERE p.went_to_showdown) AS showdowns,
        count(*) FILTER (WHERE p.won_at_showdown) AS won_at_showdown,
        sum(p.net) AS net,
        sum(p.net / h.big_bet) AS net_big_bets,
        count(h.big_bet) AS hands_with_big_bet
    FROM player_rows AS p
    JOIN scoped_hands AS h USING (site, hand_id)
    GROUP BY ALL
),

-- What each player did in each hand: calls and aggressive actions (every round), whether
-- he entered or raised in the first round, whether he saw the second.
player_hand_actions AS (
    SELECT
        site,
        hand_id,
        player,
        count(*) FILTER (WHERE calls) AS calls,
        count(*) FILTER (WHERE aggressive) AS aggressive_actions,
        bool_or(first_round) AS entered,
        bool_or(first_round AND aggressive) AS raised,
        bool_or(second_round) AS saw_second
    FROM action_rows
    GROUP BY site, hand_id, player
),

per_player_actions AS (
    SELECT
        a.player,
        h.variant,
        h.unit,
        h.currency,
        sum(a.calls) AS calls,
        sum(a.aggressive_actions) AS aggressive_actions,
        count(*) FILTER (WHERE a.entered) AS vpip_hands,
        count(*) FILTER (WHERE a.raised) AS raise_hands,
        count(*) FILTER (WHERE a.saw_second) AS second_rounds
    FROM player_hand_actions AS a
    JOIN scoped_hands AS h USING (site, hand_id)
    GROUP BY ALL
),

-- 3-bets. The bets of the first round, in order: the big blind (draw games), or else the
-- first completion or bet, is the 1st; each raise adds one. When the round's first
-- aggressive action is a raise, a blind was the 1st bet and that raise is the 2nd.
hand_aggression AS (
    SELECT
        site,
        hand_id,
        min(seq, 3) AS seqs,
        arg_min(player, seq, 3) AS bettors,
        CASE WHEN arg_min(kind, seq) = 'raise' THEN 1 ELSE 0 END AS blind_bets
    FROM first_round_aggression
    GROUP BY site, hand_id
),

raised_hands AS (
    -- hands whose first round saw a 2nd bet: when it came, by whom, and the 3rd bet's place
    SELECT
        site,
        hand_id,
        seqs[2 - blind_bets] AS second_bet_seq,
        bettors[2 - blind_bets] AS second_bettor,
        seqs[3 - blind_bets] AS third_bet_seq
    FROM hand_aggression
    WHERE len(seqs) >= 2 - blind_bets
),

three_bet_chances AS (
    -- the players acting while the 2nd bet was the last one (a player acts once then)
    SELECT
        d.site,
        d.hand_id,
        d.player,
        d.seq = r.third_bet_seq AS three_bet
    FROM first_round_decisions AS d
    JOIN raised_hands AS r USING (site, hand_id)
    WHERE d.seq > r.second_bet_seq
      AND (r.third_bet_seq IS NULL OR d.seq <= r.third_bet_seq)
      AND d.player <> r.second_bettor
),

three_bets AS (
    SELECT
        c.player,
        h.variant,
        h.unit,
        h.currency,
        count(*) AS chances,
        count(*) FILTER (WHERE c.three_bet) AS three_bets
    FROM three_bet_chances AS c
    JOIN scoped_hands AS h USING (site, hand_id)
    GROUP BY ALL
)

SELECT
    p.player,
    p.variant,
    p.unit,
    p.currency,
    p.hands,
    round(100.0 * coalesce(a.vpip_hands, 0) / p.hands, 2) AS vpip_pct,
    round(100.0 * coalesce(a.raise_hands, 0) / p.hands, 2) AS first_round_raise_pct,
    round(100.0 * t.three_bets / nullif(t.chances, 0), 2) AS three_bet_pct,
    round(a.aggressive_actions / nullif(a.calls, 0), 2) AS aggression,
    round(100.0 * p.showdowns / nullif(a.second_rounds, 0), 2) AS wtsd_pct,
    round(100.0 * p.won_at_showdown / nullif(p.showdowns, 0), 2) AS wsd_pct,
    p.net,
    round(100.0 * p.net_big_bets / nullif(p.hands_with_big_bet, 0), 2) AS net_big_bets_per_100
FROM per_player AS p
LEFT JOIN per_player_actions AS a USING (player, variant, unit, currency)
LEFT JOIN three_bets AS t USING (player, variant, unit, currency)
ORDER BY p.player, p.variant, p.unit, p.currency
