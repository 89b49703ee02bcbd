-- Check: chips are conserved in every hand.
-- Grain: one row per offending hand. Zero rows = healthy.
-- A hand's total pot must equal what its players put in, what they took out plus the
-- rake, and what its pots paid plus the rake; each pot pays out exactly its amount.
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source).
WITH per_player AS (
    SELECT site, hand_id, sum(contributed) AS contributed, sum(collected) AS collected
    FROM players
    GROUP BY site, hand_id
),
per_pot AS (
    SELECT
        site, hand_id,
        sum(amount) AS paid,
        count_if(list_sum(won) IS DISTINCT FROM amount AND len(won) > 0) AS pots_paid_wrong
    FROM pots
    GROUP BY site, hand_id
)
SELECT
    h.site, h.hand_id, h.source_path, h.first_line,
    h.total_pot, h.rake,
    p.contributed, p.collected,
    o.paid AS pots_paid,
    coalesce(o.pots_paid_wrong, 0) AS pots_paid_wrong
FROM hands AS h
LEFT JOIN per_player AS p USING (site, hand_id)
LEFT JOIN per_pot AS o USING (site, hand_id)
WHERE ($source_ids IS NULL OR list_contains($source_ids, h.source_id))
  AND (
      p.contributed IS DISTINCT FROM h.total_pot
      OR p.collected + h.rake IS DISTINCT FROM h.total_pot
      OR (o.paid IS NOT NULL AND o.paid + h.rake <> h.total_pot)
      OR coalesce(o.pots_paid_wrong, 0) > 0
  )
ORDER BY h.source_path, h.first_line
