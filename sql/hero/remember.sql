-- Remember $player as the hero (replacing any other).
INSERT OR REPLACE INTO settings (name, value, set_at)
VALUES ('hero', $player, CAST(now() AT TIME ZONE 'UTC' AS TIMESTAMP))
