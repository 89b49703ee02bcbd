-- The one source a per-source store in memory holds: its path (no row: it could not be
-- read).
SELECT path FROM sources ORDER BY source_id LIMIT 1
