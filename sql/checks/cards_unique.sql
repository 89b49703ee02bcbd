-- Check: no known card appears twice in a hand unless the deck was reshuffled in it.
-- Grain: one row per (hand, card) seen more than once. Zero rows = healthy.
-- Known cards: the new cards dealt to each player (every deal and draw), and the cards a
-- player showed or discarded that were never dealt to them in the log (opponents' cards).
-- A card counts once per player, then once per other player who held it.
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source).
WITH checked AS (
    SELECT site, hand_id, source_path, first_line
    FROM hands
    WHERE ($source_ids IS NULL OR list_contains($source_ids, source_id))
      AND (site, hand_id) NOT IN (
          SELECT site, hand_id FROM actions WHERE kind = 'reshuffle'
      )
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
