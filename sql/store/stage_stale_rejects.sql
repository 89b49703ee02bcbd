-- Grain: one row per stored reject that the batch makes stale: its hand (site, hand_id)
-- now reads as accepted or unsupported, or, for a reject whose hand id was never read, a
-- readable hand now sits at its place (source_path, byte_offset).
-- Reads: incoming_hands, incoming_unsupported. Parameters: none.
CREATE OR REPLACE TEMP TABLE hhparse_stale_rejects AS
WITH readable AS (
    SELECT site, hand_id, source_path, byte_offset FROM incoming_hands
    UNION ALL
    SELECT site, hand_id, source_path, byte_offset FROM incoming_unsupported
)
SELECT r.rowid AS reject_row, r.site, r.hand_id, r.source_path, r.byte_offset
FROM rejects AS r
WHERE EXISTS (
    SELECT 1 FROM readable AS x WHERE x.site = r.site AND x.hand_id = r.hand_id
)
OR (
    r.hand_id IS NULL
    AND EXISTS (
        SELECT 1 FROM readable AS x
        WHERE x.source_path = r.source_path AND x.byte_offset = r.byte_offset
    )
)
