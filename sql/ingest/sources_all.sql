-- Every source the store knows, read once at the start of an ingest.
-- Grain: one row per source. Parameters: none.
SELECT path, source_id, size, sha256, prefix_sha256, epoch_us(mtime), bytes_read
FROM sources
