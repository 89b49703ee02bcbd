-- The player whose face-down cards the logs deal to most often (players.is_hero), with how
-- many hands (no row: nobody's are dealt face down in the store). Ties: the first by name,
-- as hero_name(...) chooses.
SELECT player, count(*) AS hands
FROM players
WHERE is_hero
GROUP BY player
ORDER BY hands DESC, player
LIMIT 1
