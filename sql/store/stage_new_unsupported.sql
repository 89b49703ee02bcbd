-- Grain: one row per unsupported hand of the batch whose (site, hand_id) is not stored
-- yet; of copies inside the batch, the first (lowest batch_row).
-- Reads: incoming_unsupported (the batch's frame plus batch_row). Parameters: none.
CREATE OR REPLACE TEMP TABLE hhparse_new_unsupported AS
SELECT i.site, i.hand_id, i.batch_row
FROM incoming_unsupported AS i
WHERE NOT EXISTS (
    SELECT 1 FROM unsupported_hands AS u WHERE u.site = i.site AND u.hand_id = i.hand_id
)
QUALIFY row_number() OVER (PARTITION BY i.site, i.hand_id ORDER BY i.batch_row) = 1
