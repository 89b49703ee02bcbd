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
-- Memory: only the hands in scope are read; their cards are gathered as one list per
-- player (integer keys, one row per player); a hand repeats a card when a player's dealt
-- cards repeat one, or when two players hold one (each player's held cards, once each,
-- grouped by hand and card: a third of the time of one list of the hand's cards per hand);
-- only the hands where a card repeats are taken apart card by card.
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
    SELECT a.hand_key, a.player, a.kind = 'dealt' AS is_dealt,
           string_split(CASE WHEN a.kind = 'dealt' THEN a.new_cards ELSE a.cards END, ' ')
               AS cards
    FROM actions AS a
    SEMI JOIN checked AS c USING (hand_key)
    WHERE (a.kind = 'dealt' AND a.new_cards IS NOT NULL AND a.new_cards <> '')
       OR (a.kind IN ('show', 'discard', 'stand_pat') AND a.cards IS NOT NULL
           AND a.cards <> '')
),
per_player AS (
    SELECT hand_key,
           coalesce(flatten(list(cards) FILTER (WHERE is_dealt)), []) AS dealt,
           list_distinct(flatten(list(cards))) AS held
    FROM known
    GROUP BY hand_key, player
),
held_cards AS (
    SELECT hand_key, unnest(held) AS card
    FROM per_player
),
repeating AS (
    SELECT hand_key
    FROM per_player
    WHERE len(dealt) > len(list_distinct(dealt))
    UNION
    SELECT hand_key
    FROM held_cards
    GROUP BY hand_key, card
    HAVING count(*) > 1
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
