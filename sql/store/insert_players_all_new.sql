-- Insert the players rows of a batch whose every hand is new and met once
-- (insert_hands_all_new.sql): a row's hand_key follows from batch_hand, its hand's row in
-- incoming_hands, with no join.
-- Reads: incoming_players. Parameters: $1 the hand_key before the batch's first.
INSERT INTO players BY NAME
SELECT c.* EXCLUDE (batch_hand), $1 + c.batch_hand + 1 AS hand_key
FROM incoming_players AS c
