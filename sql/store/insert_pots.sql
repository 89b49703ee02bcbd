-- Insert the pots rows of the new hands staged by stage_new_hands.sql, with their hand's
-- hand_key; the rows of a hand already stored are skipped (frames_for lists a hand's rows
-- once per batch).
-- Reads: incoming_pots, temp.hhparse_new_hands. Parameters: none.
INSERT INTO pots BY NAME
SELECT c.*, n.hand_key
FROM incoming_pots AS c
JOIN temp.hhparse_new_hands AS n ON n.site = c.site AND n.hand_id = c.hand_id
