-- Does the store hold any reject? (If not, no reject can be made stale by a batch.)
-- Reads: rejects. Parameters: none.
SELECT EXISTS (SELECT 1 FROM rejects) AS any_rejects
