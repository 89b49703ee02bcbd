-- The parts of a batch were stored: add each source's counts and move its bytes_read on.
-- Committed in the same transaction as the batch's hands, so the two never disagree.
-- Reads: incoming_progress, one row per source (source_id, size, sha256 (NULL until the
-- whole file is read), prefix_sha256, mtime_us, format, encoding, bytes_read, found,
-- accepted, rejected, duplicate, unsupported, junk_items, junk_bytes). Parameters: none.
UPDATE sources
SET size = p.size,
    sha256 = p.sha256,
    prefix_sha256 = p.prefix_sha256,
    mtime = make_timestamp(p.mtime_us),
    format = p.format,
    encoding = p.encoding,
    last_ingest = now()::TIMESTAMP,
    bytes_read = p.bytes_read,
    hands_found = sources.hands_found + p.found,
    hands_accepted = sources.hands_accepted + p.accepted,
    hands_rejected = sources.hands_rejected + p.rejected,
    hands_duplicate = sources.hands_duplicate + p.duplicate,
    hands_unsupported = sources.hands_unsupported + p.unsupported,
    junk_items = sources.junk_items + p.junk_items,
    junk_bytes = sources.junk_bytes + p.junk_bytes
FROM incoming_progress AS p
WHERE sources.source_id = p.source_id
