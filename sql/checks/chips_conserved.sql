-- Check: chips are conserved in every hand.
-- Grain: one row per offending hand. Zero rows = healthy.
-- A hand's total pot must equal what its players put in, what they took out plus the
-- rake, and what its pots paid plus the rake; each pot pays out exactly its amount.
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $first_key and $last_key (BIGINT: the window of hand keys checked).
WITH scoped AS (
    SELECT * FROM hands
    WHERE hand_key BETWEEN $first_key AND $last_key
      AND ($source_ids IS NULL OR list_contains($source_ids, source_id))
),
per_player AS (
    SELECT hand_key, sum(contributed) AS contributed, sum(collected) AS collected
    FROM players SEMI JOIN scoped USING (hand_key)
    GROUP BY hand_key
),
per_pot AS (
    SELECT
        hand_key,
        sum(amount) AS paid,
        count_if(list_sum(won) IS DISTINCT FROM amount AND len(won) > 0) AS pots_paid_wrong
    FROM pots SEMI JOIN scoped USING (hand_key)
    GROUP BY hand_key
)
SELECT
    h.site, h.hand_id, h.source_path, h.first_line,
    h.total_pot, h.rake,
    p.contributed, p.collected,
    o.paid AS pots_paid,
    coalesce(o.pots_paid_wrong, 0) AS pots_paid_wrong
FROM scoped AS h
LEFT JOIN per_player AS p USING (hand_key)
LEFT JOIN per_pot AS o USING (hand_key)
WHERE (
      p.contributed IS DISTINCT FROM h.total_pot
      OR p.collected + h.rake IS DISTINCT FROM h.total_pot
      OR (o.paid IS NOT NULL AND o.paid + h.rake <> h.total_pot)
      OR coalesce(o.pots_paid_wrong, 0) > 0
  )
ORDER BY h.source_path, h.first_line
