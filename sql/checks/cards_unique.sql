-- Check: no known card appears twice in a hand unless the deck was reshuffled in it.
-- Grain: one row per (hand, card) seen more than once. Zero rows = healthy.
-- Known cards: the new cards dealt to each player (every deal and draw), and the cards a
-- player showed or discarded that were never dealt to them in the log (opponents' cards).
-- A card counts once per player, then once per other player who held it.
-- A hand counts as reshuffled when the log says so, or when its deals and draws needed more
-- cards than the deck holds (some rooms reshuffle without a line).
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $variant_ids (VARCHAR[]) and $hand_sizes (INTEGER[]): each variant's cards per hand.
WITH cards_needed AS (
    SELECT site, hand_id,
           count_if(kind = 'reshuffle') AS reshuffles,
           coalesce(sum(n_cards) FILTER (WHERE kind = 'discard'), 0) AS drawn
    FROM actions
    GROUP BY site, hand_id
),
checked AS (
    SELECT h.site, h.hand_id, h.source_path, h.first_line
    FROM hands AS h
    LEFT JOIN cards_needed AS n USING (site, hand_id)
    WHERE ($source_ids IS NULL OR list_contains($source_ids, h.source_id))
      AND coalesce(n.reshuffles, 0) = 0
      AND h.players_dealt * $hand_sizes[list_position($variant_ids, h.variant)]
          + coalesce(n.drawn, 0) <= 52
),
dealt AS (
    SELECT a.site, a.hand_id, a.player, unnest(string_split(a.new_cards, ' ')) AS card
    FROM actions AS a
    SEMI JOIN checked AS c USING (site, hand_id)
    WHERE a.kind = 'dealt' AND a.new_cards IS NOT NULL AND a.new_cards <> ''
),
dealt_twice_to_one AS (
    SELECT site, hand_id, card, count(*) AS times
    FROM dealt
    GROUP BY site, hand_id, player, card
    HAVING count(*) > 1
),
held AS (
    SELECT site, hand_id, player, card FROM dealt
    UNION
    SELECT a.site, a.hand_id, a.player, unnest(string_split(a.cards, ' ')) AS card
    FROM actions AS a
    SEMI JOIN checked AS c USING (site, hand_id)
    WHERE a.kind IN ('show', 'discard', 'stand_pat') AND a.cards IS NOT NULL AND a.cards <> ''
),
held_by_several AS (
    SELECT site, hand_id, card, count(*) AS times
    FROM held
    GROUP BY site, hand_id, card
    HAVING count(*) > 1
),
offending AS (
    SELECT site, hand_id, card, max(times) AS times
    FROM (SELECT * FROM dealt_twice_to_one UNION ALL SELECT * FROM held_by_several)
    GROUP BY site, hand_id, card
)
SELECT c.site, c.hand_id, c.source_path, c.first_line, o.card, o.times
FROM offending AS o
JOIN checked AS c USING (site, hand_id)
ORDER BY c.source_path, c.first_line, o.card
