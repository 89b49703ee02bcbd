-- The hero remembered by `hhparse hero NAME`, and when (no row: none is).
SELECT value AS player, set_at FROM settings WHERE name = 'hero'
