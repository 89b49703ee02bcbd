-- The pots of a hand and who won them.
SELECT pot_index, half, amount, winners, won
FROM pots
WHERE hand_key = $hand_key
ORDER BY pot_index, half
