-- Grain: one row per rejected hand of the batch that is not stored yet, the first copy in
-- batch order. A hand is known by (site, hand_id): it is not stored again when a reject,
-- an accepted hand or an unsupported hand already has that key. A hand whose id could not
-- be read is known by its place (source_path, byte_offset) instead.
-- Reads: incoming_rejects (the batch's rejects frame plus batch_row). Parameters: none.
CREATE OR REPLACE TEMP TABLE hhparse_new_rejects AS
SELECT i.site, i.hand_id, i.source_path, i.byte_offset, i.batch_row
FROM incoming_rejects AS i
WHERE CASE
    WHEN i.hand_id IS NULL THEN NOT EXISTS (
        SELECT 1 FROM rejects AS r
        WHERE r.hand_id IS NULL
          AND r.source_path = i.source_path AND r.byte_offset = i.byte_offset
    )
    ELSE NOT EXISTS (
        SELECT 1 FROM rejects AS r WHERE r.site = i.site AND r.hand_id = i.hand_id
    ) AND NOT EXISTS (
        SELECT 1 FROM hands AS h WHERE h.site = i.site AND h.hand_id = i.hand_id
    ) AND NOT EXISTS (
        SELECT 1 FROM unsupported_hands AS u WHERE u.site = i.site AND u.hand_id = i.hand_id
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
