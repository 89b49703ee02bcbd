-- The player the stored tournament summaries are written for most often, with how many
-- (no row: none names one); the hero when no hand shows anyone's face-down cards.
SELECT summary_player, count(*) AS summaries
FROM tournaments
WHERE summary_player IS NOT NULL
GROUP BY summary_player
ORDER BY summaries DESC, summary_player
LIMIT 1
