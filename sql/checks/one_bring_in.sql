-- Check: every stud hand (Razz, stud, stud hi/lo) has exactly one bring-in on 3rd street.
-- Grain: one row per offending hand. Zero rows = healthy.
-- A hand without a bring-in is healthy only when 3rd street opens with a completion or a
-- bet (the bring-in player completed, or the game has no bring-in) or has no betting at
-- all (everybody all-in on the antes).
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $first_key and $last_key (BIGINT: the window of hand keys checked),
-- $stud_variants (VARCHAR[]: the variant ids of the stud family).
WITH scoped AS (
    SELECT * FROM hands
    WHERE hand_key BETWEEN $first_key AND $last_key
      AND ($source_ids IS NULL OR list_contains($source_ids, source_id))
      AND list_contains($stud_variants, variant)
),
third_street AS (
    SELECT
        hand_key,
        count_if(kind = 'bring_in') AS bring_ins,
        arg_min(kind, seq) FILTER (
            WHERE kind IN ('bring_in', 'complete', 'bet', 'raise', 'call', 'check', 'fold')
        ) AS first_betting_kind
    FROM actions SEMI JOIN scoped USING (hand_key)
    WHERE round_index = 0
    GROUP BY hand_key
)
SELECT h.site, h.hand_id, h.variant, h.source_path, h.first_line,
       coalesce(t.bring_ins, 0) AS bring_ins, t.first_betting_kind
FROM scoped AS h
LEFT JOIN third_street AS t USING (hand_key)
WHERE (coalesce(t.bring_ins, 0) > 1
       OR (coalesce(t.bring_ins, 0) = 0
           AND t.first_betting_kind IS NOT NULL
           AND t.first_betting_kind NOT IN ('complete', 'bet')))
ORDER BY h.source_path, h.first_line
