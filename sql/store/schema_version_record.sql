-- Record one applied migration.
-- Parameters: $1 version, $2 name, $3 applied_at (TIMESTAMP, UTC).
INSERT INTO schema_version (version, name, applied_at)
VALUES ($1, $2, $3)
