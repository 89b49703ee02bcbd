-- The stored draw hands with one blind or none, with what their position labels need:
-- one row per hand: hand_key, button_seat, the live blinds (1 or 0), the seats dealt in.
-- Reads: hands, players. Parameters: none.
SELECT
    h.hand_key,
    h.button_seat,
    CASE WHEN h.forced_bets LIKE 'single_blind%' OR h.forced_bets LIKE '1\_%' ESCAPE '\'
         THEN 1 ELSE 0 END AS blinds,
    list(p.seat ORDER BY p.seat) AS seats
FROM hands AS h
JOIN players AS p USING (hand_key)
WHERE h.button_seat IS NOT NULL
  AND p.dealt_in
  AND (h.forced_bets IN ('single_blind', 'antes') OR h.forced_bets LIKE '1\_%' ESCAPE '\'
       OR h.forced_bets LIKE '0\_%' ESCAPE '\')
GROUP BY h.hand_key, h.button_seat, h.forced_bets
