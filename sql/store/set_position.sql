-- One player's position label. Parameters: $1 TEXT label, $2 BIGINT hand_key, $3 INTEGER seat.
UPDATE players SET position = $1 WHERE hand_key = $2 AND seat = $3
