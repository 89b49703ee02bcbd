-- A batch of a source was stored: add its counts and move bytes_read on.
-- Committed in the same transaction as the batch's hands, so the two never disagree.
-- Parameters: $source_id, $size, $sha256 (NULL until the whole file is read),
-- $prefix_sha256, $mtime_us, $format, $encoding, $bytes_read, $found, $accepted, $rejected,
-- $duplicate, $unsupported, $junk_items, $junk_bytes.
UPDATE sources
SET size = $size,
    sha256 = $sha256,
    prefix_sha256 = $prefix_sha256,
    mtime = make_timestamp($mtime_us),
    format = $format,
    encoding = $encoding,
    last_ingest = now()::TIMESTAMP,
    bytes_read = $bytes_read,
    hands_found = hands_found + $found,
    hands_accepted = hands_accepted + $accepted,
    hands_rejected = hands_rejected + $rejected,
    hands_duplicate = hands_duplicate + $duplicate,
    hands_unsupported = hands_unsupported + $unsupported,
    junk_items = junk_items + $junk_items,
    junk_bytes = junk_bytes + $junk_bytes
WHERE source_id = $source_id
