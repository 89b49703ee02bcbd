-- Sources seen unchanged: only their last_ingest moves.
-- Reads: incoming_touched (source_id). Parameters: none.
UPDATE sources SET last_ingest = now()::TIMESTAMP
WHERE source_id IN (SELECT source_id FROM incoming_touched)
