-- Insert the batch's junk items whose place (source_path, byte_offset) is not stored yet;
-- of copies inside the batch, the first (lowest batch_row).
-- Reads: incoming_junk (the batch's frame plus batch_row). Parameters: none.
INSERT INTO junk BY NAME
SELECT i.* EXCLUDE (batch_row)
FROM incoming_junk AS i
WHERE NOT EXISTS (
    SELECT 1 FROM junk AS j
    WHERE j.source_path = i.source_path AND j.byte_offset = i.byte_offset
)
QUALIFY row_number() OVER (
    PARTITION BY i.source_path, i.byte_offset ORDER BY i.batch_row
) = 1
