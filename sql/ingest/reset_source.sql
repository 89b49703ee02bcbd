-- A source whose content was rewritten: its counts start again from zero.
-- Parameters: $source_id.
UPDATE sources
SET bytes_read = 0, prefix_sha256 = NULL, sha256 = NULL,
    hands_found = 0, hands_accepted = 0, hands_rejected = 0, hands_duplicate = 0,
    hands_unsupported = 0, junk_items = 0, junk_bytes = 0
WHERE source_id = $source_id
