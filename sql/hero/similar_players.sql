-- Up to five players whose names are like $player (case ignored), the most hands first.
SELECT player
FROM players
WHERE lower(player) LIKE '%' || lower($player) || '%'
   OR jaro_winkler_similarity(lower(player), lower($player)) > 0.85
GROUP BY player
ORDER BY count(*) DESC, player
LIMIT 5
