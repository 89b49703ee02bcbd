-- Give every stored hand without a hand_key one, following the highest key stored, in the
-- order the hands were stored, then give every players, actions, draws and pots row
-- without one its hand's key. Used when a store that had hands gets hand keys (migration
-- 003) and for rows written by other means than the writer. Parameters: none.
UPDATE hands
SET hand_key = k.hand_key
FROM (
    SELECT
        site,
        hand_id,
        (SELECT coalesce(max(hand_key), 0) FROM hands)
            + row_number() OVER (ORDER BY rowid) AS hand_key
    FROM hands
    WHERE hand_key IS NULL
) AS k
WHERE hands.hand_key IS NULL AND hands.site = k.site AND hands.hand_id = k.hand_id;

UPDATE players
SET hand_key = h.hand_key
FROM hands AS h
WHERE players.hand_key IS NULL AND players.site = h.site AND players.hand_id = h.hand_id;

UPDATE actions
SET hand_key = h.hand_key
FROM hands AS h
WHERE actions.hand_key IS NULL AND actions.site = h.site AND actions.hand_id = h.hand_id;

UPDATE draws
SET hand_key = h.hand_key
FROM hands AS h
WHERE draws.hand_key IS NULL AND draws.site = h.site AND draws.hand_id = h.hand_id;

UPDATE pots
SET hand_key = h.hand_key
FROM hands AS h
WHERE pots.hand_key IS NULL AND pots.site = h.site AND pots.hand_id = h.hand_id;
