-- Check: every source's accounting adds up.
-- Grain: one row per offending source. Zero rows = healthy.
-- hands found = accepted + rejected + duplicate + unsupported; every hand, unsupported
-- hand and stretch of junk it counts is stored (there may be more rows than the counts:
-- the counts start again when a file is rewritten, while what its earlier version gave
-- stays); no more junk bytes than bytes read, no more bytes read than the file has.
-- (Rejects have no such bound: a reject is deleted when its hand is later read whole.)
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source).
WITH scope AS (
    SELECT source_id FROM sources
    WHERE ($source_ids IS NULL OR list_contains($source_ids, source_id))
),
hand_rows AS (
    SELECT source_id, count(*) AS hands_rows FROM hands SEMI JOIN scope USING (source_id)
    GROUP BY source_id
),
reject_rows AS (
    SELECT source_id, count(*) AS reject_rows FROM rejects SEMI JOIN scope USING (source_id)
    GROUP BY source_id
),
unsupported_rows AS (
    SELECT source_id, count(*) AS unsupported_rows
    FROM unsupported_hands SEMI JOIN scope USING (source_id)
    GROUP BY source_id
),
junk_rows AS (
    SELECT source_id, count(*) AS junk_rows, sum(byte_length) AS junk_row_bytes
    FROM junk SEMI JOIN scope USING (source_id)
    GROUP BY source_id
),
stored AS (
    SELECT
        source_id,
        coalesce(h.hands_rows, 0) AS hands_rows,
        coalesce(r.reject_rows, 0) AS reject_rows,
        coalesce(u.unsupported_rows, 0) AS unsupported_rows,
        coalesce(j.junk_rows, 0) AS junk_rows,
        coalesce(j.junk_row_bytes, 0) AS junk_row_bytes
    FROM scope
    LEFT JOIN hand_rows AS h USING (source_id)
    LEFT JOIN reject_rows AS r USING (source_id)
    LEFT JOIN unsupported_rows AS u USING (source_id)
    LEFT JOIN junk_rows AS j USING (source_id)
)
SELECT
    s.source_id, s.path, s.hands_found, s.hands_accepted, s.hands_rejected,
    s.hands_duplicate, s.hands_unsupported, t.hands_rows, t.reject_rows, t.unsupported_rows,
    s.junk_items, t.junk_rows, s.junk_bytes, t.junk_row_bytes, s.bytes_read, s.size
FROM sources AS s
JOIN stored AS t USING (source_id)
WHERE s.hands_found
        <> s.hands_accepted + s.hands_rejected + s.hands_duplicate + s.hands_unsupported
   OR s.hands_accepted > t.hands_rows
   OR s.hands_unsupported > t.unsupported_rows
   OR s.junk_items > t.junk_rows
   OR s.junk_bytes > s.bytes_read
   OR s.bytes_read > s.size
ORDER BY s.path
