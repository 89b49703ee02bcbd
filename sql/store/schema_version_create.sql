-- The migration bookkeeping: one row per applied migration of sql/schema.
-- Parameters: none. Safe to run on every open.
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TIMESTAMP NOT NULL
)
