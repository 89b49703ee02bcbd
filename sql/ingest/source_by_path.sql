-- One source's bookkeeping, by path.
-- Grain: one row (or none). Parameters: $path.
SELECT source_id, size, sha256, prefix_sha256, epoch_us(mtime), bytes_read
FROM sources
WHERE path = $path
