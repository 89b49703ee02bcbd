-- Grain: one row per rejected hand of the batch that is not stored yet, the first copy in
-- batch order. A hand is known by (site, hand_id): it is not stored again when a reject,
-- an accepted hand or an unsupported hand already has that key. A hand whose id could not
-- be read is known by its place (source_path, byte_offset) instead.
-- Reads: incoming_rejects (the batch's rejects frame plus batch_row). Parameters: none.
-- The stored copies are found by probing each table with the batch's keys (as in
-- stage_new_hands.sql: only the row groups within the range of the batch's ids are read).
CREATE OR REPLACE TEMP TABLE hhparse_new_rejects AS
WITH batch_ids AS (
    SELECT DISTINCT site, hand_id FROM incoming_rejects WHERE hand_id IS NOT NULL
),
stored AS (
    SELECT r.site, r.hand_id FROM rejects AS r
    SEMI JOIN batch_ids AS b ON r.site = b.site AND r.hand_id = b.hand_id
    UNION ALL
    SELECT h.site, h.hand_id FROM hands AS h
    SEMI JOIN batch_ids AS b ON h.site = b.site AND h.hand_id = b.hand_id
    UNION ALL
    SELECT u.site, u.hand_id FROM unsupported_hands AS u
    SEMI JOIN batch_ids AS b ON u.site = b.site AND u.hand_id = b.hand_id
)
SELECT i.site, i.hand_id, i.source_path, i.byte_offset, i.batch_row
FROM incoming_rejects AS i
WHERE CASE
    WHEN i.hand_id IS NULL THEN NOT EXISTS (
        SELECT 1 FROM rejects AS r
        WHERE r.hand_id IS NULL
          AND r.source_path = i.source_path AND r.byte_offset = i.byte_offset
    )
    ELSE NOT EXISTS (
        SELECT 1 FROM stored AS s WHERE s.site = i.site AND s.hand_id = i.hand_id
    )
END
QUALIFY row_number() OVER (
    PARTITION BY
        i.site,
        i.hand_id,
        CASE WHEN i.hand_id IS NULL THEN i.source_path END,
        CASE WHEN i.hand_id IS NULL THEN i.byte_offset END
    ORDER BY i.batch_row
) = 1
