-- Check: no known card appears twice in a hand unless the deck was reshuffled in it.
-- Grain: one row per (hand, card) seen more than once. Zero rows = healthy.
-- Known cards: the new cards dealt to each player (every deal and draw), and the cards a
-- player showed or discarded that were never dealt to them in the log (opponents' cards).
-- A card counts once per player, then once per other player who held it.
-- A hand counts as reshuffled when the log says so, or when its deals and draws needed more
-- cards than the deck holds (some rooms reshuffle without a line).
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $first_key and $last_key (BIGINT: the window of hand keys checked),
-- $variant_ids (VARCHAR[]) and $hand_sizes (INTEGER[]): each variant's cards per hand.
-- Memory and time: only the hands in scope are read. Each player's cards become one 52-bit
-- set (a card is bit 4 x rank + suit): a hand repeats a card when a player's deals hold
-- more cards than their set, or when the players' sets hold more cards together than
-- their union. Only those hands (and any with a text that is not a card) are then taken
-- apart card by card. 99,000 generated hands, one thread, best of 3: 0.91 -> 0.33 s of
-- CPU against lists of each player's cards grouped by hand and card (and the same rows on
-- a copy with 802 repeats put in).
WITH scoped AS (
    SELECT hand_key, players_dealt, variant
    FROM hands
    WHERE hand_key BETWEEN $first_key AND $last_key
      AND ($source_ids IS NULL OR list_contains($source_ids, source_id))
),
cards_needed AS (
    SELECT a.hand_key,
           count_if(a.kind = 'reshuffle') AS reshuffles,
           coalesce(sum(a.n_cards) FILTER (WHERE a.kind = 'discard'), 0) AS drawn
    FROM actions AS a
    SEMI JOIN scoped AS s USING (hand_key)
    WHERE a.kind IN ('reshuffle', 'discard')
    GROUP BY a.hand_key
),
checked AS (
    SELECT s.hand_key
    FROM scoped AS s
    LEFT JOIN cards_needed AS n USING (hand_key)
    WHERE coalesce(n.reshuffles, 0) = 0
      AND s.players_dealt * $hand_sizes[list_position($variant_ids, s.variant)]
          + coalesce(n.drawn, 0) <= 52
),
known AS (
    SELECT hand_key, player, is_dealt,
           -- a card's bit: its rank's place times four plus its suit's (0 for no card)
           CASE WHEN length(card) = 2
                     AND strpos('23456789TJQKA', card[1]) > 0 AND strpos('cdhs', card[2]) > 0
                THEN 1::UBIGINT << ((strpos('23456789TJQKA', card[1]) - 1) * 4
                                    + strpos('cdhs', card[2]) - 1)
           END AS bit
    FROM (
        SELECT a.hand_key, a.player, a.kind = 'dealt' AS is_dealt,
               unnest(string_split(CASE WHEN a.kind = 'dealt' THEN a.new_cards ELSE a.cards END,
                                   ' ')) AS card
        FROM actions AS a
        SEMI JOIN checked AS c USING (hand_key)
        WHERE (a.kind = 'dealt' AND a.new_cards IS NOT NULL AND a.new_cards <> '')
           OR (a.kind IN ('show', 'discard', 'stand_pat') AND a.cards IS NOT NULL
               AND a.cards <> '')
    )
),
per_player AS (
    SELECT hand_key,
           count(*) FILTER (WHERE is_dealt) AS dealt,
           coalesce(bit_or(bit) FILTER (WHERE is_dealt), 0) AS dealt_bits,
           coalesce(bit_or(bit), 0) AS held_bits,
           bool_or(bit IS NULL) AS unreadable
    FROM known
    GROUP BY hand_key, player
),
repeating AS (
    -- a player dealt fewer different cards than his deals hold, or a card held by two
    -- players (their held cards, once each, add up to more than all of them together);
    -- a hand with a text that is not a card is taken apart card by card
    SELECT hand_key
    FROM per_player
    GROUP BY hand_key
    HAVING bool_or(unreadable) OR bool_or(dealt > bit_count(dealt_bits))
        OR sum(bit_count(held_bits)) > bit_count(bit_or(held_bits))
),
dealt AS (
    SELECT a.hand_key, a.player, unnest(string_split(a.new_cards, ' ')) AS card
    FROM actions AS a
    SEMI JOIN repeating AS r USING (hand_key)
    WHERE a.kind = 'dealt' AND a.new_cards IS NOT NULL AND a.new_cards <> ''
),
dealt_twice_to_one AS (
    SELECT hand_key, card, count(*) AS times
    FROM dealt
    GROUP BY hand_key, player, card
    HAVING count(*) > 1
),
held AS (
    SELECT hand_key, player, card FROM dealt
    UNION
    SELECT a.hand_key, a.player, unnest(string_split(a.cards, ' ')) AS card
    FROM actions AS a
    SEMI JOIN repeating AS r USING (hand_key)
    WHERE a.kind IN ('show', 'discard', 'stand_pat') AND a.cards IS NOT NULL AND a.cards <> ''
),
held_by_several AS (
    SELECT hand_key, card, count(*) AS times
    FROM held
    GROUP BY hand_key, card
    HAVING count(*) > 1
),
offending AS (
    SELECT hand_key, card, max(times) AS times
    FROM (SELECT * FROM dealt_twice_to_one UNION ALL SELECT * FROM held_by_several)
    GROUP BY hand_key, card
)
SELECT h.site, h.hand_id, h.source_path, h.first_line, o.card, o.times
FROM offending AS o
JOIN hands AS h USING (hand_key)
ORDER BY h.source_path, h.first_line, o.card
