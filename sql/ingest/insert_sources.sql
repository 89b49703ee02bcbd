-- The sources met for the first time, in the transaction of the first batch stored after
-- them (a stop before it leaves no row: the next run starts them afresh).
-- Reads: incoming_sources (source_id, path, mtime_us). Parameters: none.
INSERT INTO sources (source_id, path, size, mtime, first_ingest, last_ingest, bytes_read)
SELECT source_id, path, 0, make_timestamp(mtime_us), now()::TIMESTAMP, now()::TIMESTAMP, 0
FROM incoming_sources
