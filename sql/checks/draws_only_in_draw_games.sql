-- Check: draws (rows of `draws`, discard and stand-pat actions) happen only in draw games.
-- Grain: one row per offending hand. Zero rows = healthy.
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $draw_variants (VARCHAR[]: the variant ids of the draw family).
WITH drawing AS (
    SELECT site, hand_id, count(*) AS draw_rows FROM draws GROUP BY site, hand_id
),
draw_actions AS (
    SELECT site, hand_id, count(*) AS draw_actions
    FROM actions
    WHERE kind IN ('discard', 'stand_pat')
    GROUP BY site, hand_id
)
SELECT h.site, h.hand_id, h.variant, h.source_path, h.first_line,
       coalesce(d.draw_rows, 0) AS draw_rows, coalesce(a.draw_actions, 0) AS draw_actions
FROM hands AS h
LEFT JOIN drawing AS d USING (site, hand_id)
LEFT JOIN draw_actions AS a USING (site, hand_id)
WHERE ($source_ids IS NULL OR list_contains($source_ids, h.source_id))
  AND NOT list_contains($draw_variants, h.variant)
  AND (d.draw_rows IS NOT NULL OR a.draw_actions IS NOT NULL)
ORDER BY h.source_path, h.first_line
