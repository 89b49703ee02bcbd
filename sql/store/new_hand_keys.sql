-- The hand_key of each row of incoming_hands, in batch_row order: the key stage_new_hands.sql
-- gave it, or NULL (a hand the store holds, or a second copy in the batch). One list, looked
-- up by the inserts of a batch that is not all new (insert_hands.sql and its children).
-- Reads: incoming_hands, temp.hhparse_new_hands. Parameters: none.
SELECT list(n.hand_key ORDER BY i.batch_row) AS keys
FROM incoming_hands AS i
LEFT JOIN temp.hhparse_new_hands AS n USING (batch_row)
