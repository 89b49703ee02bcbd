-- Grain: one row per accepted hand of the batch that the store does not hold yet, i.e.
-- per (site, hand_id) not in hands; of copies inside the batch, the first (lowest batch_row).
-- hand_key: the hand's key, following the highest key stored, in the order of the batch.
-- Reads: incoming_hands, hands. Parameters: none.
CREATE OR REPLACE TEMP TABLE hhparse_new_hands AS
WITH new_hands AS (
    SELECT i.site, i.hand_id, i.batch_row
    FROM incoming_hands AS i
    WHERE NOT EXISTS (
        SELECT 1 FROM hands AS h WHERE h.site = i.site AND h.hand_id = i.hand_id
    )
    QUALIFY row_number() OVER (PARTITION BY i.site, i.hand_id ORDER BY i.batch_row) = 1
)
SELECT
    site,
    hand_id,
    batch_row,
    (SELECT coalesce(max(hand_key), 0) FROM hands)
        + row_number() OVER (ORDER BY batch_row) AS hand_key
FROM new_hands
