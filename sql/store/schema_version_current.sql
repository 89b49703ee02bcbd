-- The store's schema version: the highest applied migration (0 when none).
-- Parameters: none.
SELECT coalesce(max(version), 0) AS version
FROM schema_version
