-- A source seen for the first time; returns its id.
-- Parameters: $path, $mtime_us (modification time, microseconds since the epoch).
INSERT INTO sources (
    path, size, mtime, first_ingest, last_ingest, bytes_read
)
VALUES ($path, 0, make_timestamp($mtime_us), now()::TIMESTAMP, now()::TIMESTAMP, 0)
RETURNING source_id
