-- Insert the hands of a batch whose every hand is new and met once (stage_new_hands.sql
-- staged them all): a hand's key follows from its place in the batch, with no join.
-- Reads: incoming_hands. Parameters: $1 the hand_key before the batch's first.
INSERT INTO hands BY NAME
SELECT i.* EXCLUDE (batch_row), $1 + i.batch_row + 1 AS hand_key
FROM incoming_hands AS i
