-- An unchanged source, skipped: only its last ingest time moves.
-- Parameters: $source_id.
UPDATE sources SET last_ingest = now()::TIMESTAMP WHERE source_id = $source_id
