-- Grain: one row per accepted hand of the batch that the store does not hold yet, i.e.
-- per (site, hand_id) not in hands; of copies inside the batch, the first (lowest batch_row).
-- Reads: incoming_hands (the batch's hands frame plus batch_row). Parameters: none.
CREATE OR REPLACE TEMP TABLE hhparse_new_hands AS
SELECT i.site, i.hand_id, i.batch_row
FROM incoming_hands AS i
WHERE NOT EXISTS (
    SELECT 1 FROM hands AS h WHERE h.site = i.site AND h.hand_id = i.hand_id
)
QUALIFY row_number() OVER (PARTITION BY i.site, i.hand_id ORDER BY i.batch_row) = 1
