-- Sources rewritten since they were read: they are read again from the start.
-- Reads: incoming_resets (source_id). Parameters: none.
UPDATE sources
SET bytes_read = 0, prefix_sha256 = NULL, sha256 = NULL,
    hands_found = 0, hands_accepted = 0, hands_rejected = 0, hands_duplicate = 0,
    hands_unsupported = 0, junk_items = 0, junk_bytes = 0
WHERE source_id IN (SELECT source_id FROM incoming_resets)
