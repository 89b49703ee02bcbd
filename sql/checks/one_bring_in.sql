-- Check: every stud hand (Razz, stud, stud hi/lo) has exactly one bring-in on 3rd street.
-- Grain: one row per offending hand. Zero rows = healthy.
-- A hand without a bring-in is healthy only when 3rd street opens with a completion or a
-- bet (the bring-in player completed, or the game has no bring-in) or has no betting at
-- all (everybody all-in on the antes).
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $stud_variants (VARCHAR[]: the variant ids of the stud family).
WITH third_street AS (
    SELECT
        site, hand_id,
        count_if(kind = 'bring_in') AS bring_ins,
        arg_min(kind, seq) FILTER (
            WHERE kind IN ('bring_in', 'complete', 'bet', 'raise', 'call', 'check', 'fold')
        ) AS first_betting_kind
    FROM actions
    WHERE round_index = 0
    GROUP BY site, hand_id
)
SELECT h.site, h.hand_id, h.variant, h.source_path, h.first_line,
       coalesce(t.bring_ins, 0) AS bring_ins, t.first_betting_kind
FROM hands AS h
LEFT JOIN third_street AS t USING (site, hand_id)
WHERE ($source_ids IS NULL OR list_contains($source_ids, h.source_id))
  AND list_contains($stud_variants, h.variant)
  AND (coalesce(t.bring_ins, 0) > 1
       OR (coalesce(t.bring_ins, 0) = 0
           AND t.first_betting_kind IS NOT NULL
           AND t.first_betting_kind NOT IN ('complete', 'bet')))
ORDER BY h.source_path, h.first_line
