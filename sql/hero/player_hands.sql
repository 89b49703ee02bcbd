-- The hands $player was dealt into.
SELECT count(*) FROM players WHERE player = $player AND dealt_in
