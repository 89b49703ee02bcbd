-- Check: draws (rows of `draws`, discard and stand-pat actions) happen only in draw games.
-- Grain: one row per offending hand. Zero rows = healthy.
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $first_key and $last_key (BIGINT: the window of hand keys checked),
-- $draw_variants (VARCHAR[]: the variant ids of the draw family).
WITH scoped AS (
    SELECT * FROM hands
    WHERE hand_key BETWEEN $first_key AND $last_key
      AND ($source_ids IS NULL OR list_contains($source_ids, source_id))
      AND NOT list_contains($draw_variants, variant)
),
drawing AS (
    SELECT hand_key, count(*) AS draw_rows
    FROM draws SEMI JOIN scoped USING (hand_key)
    GROUP BY hand_key
),
draw_actions AS (
    SELECT hand_key, count(*) AS draw_actions
    FROM actions SEMI JOIN scoped USING (hand_key)
    WHERE kind IN ('discard', 'stand_pat')
    GROUP BY hand_key
)
SELECT h.site, h.hand_id, h.variant, h.source_path, h.first_line,
       coalesce(d.draw_rows, 0) AS draw_rows, coalesce(a.draw_actions, 0) AS draw_actions
FROM scoped AS h
LEFT JOIN drawing AS d USING (hand_key)
LEFT JOIN draw_actions AS a USING (hand_key)
WHERE (d.draw_rows IS NOT NULL OR a.draw_actions IS NOT NULL)
ORDER BY h.source_path, h.first_line
