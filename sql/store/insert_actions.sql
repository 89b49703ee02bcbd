-- Insert the actions rows of the new hands staged by stage_new_hands.sql, with their hand's
-- hand_key; the rows of a hand already stored are skipped (frames_for lists a hand's rows
-- once per batch). batch_hand: the batch_row of the hand's first row in incoming_hands
-- (writer.registered_frames), one integer to join on.
-- Reads: incoming_actions, temp.hhparse_new_hands. Parameters: none.
INSERT INTO actions BY NAME
SELECT c.* EXCLUDE (batch_hand), n.hand_key
FROM incoming_actions AS c
JOIN temp.hhparse_new_hands AS n ON n.batch_row = c.batch_hand
