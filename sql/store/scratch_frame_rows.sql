-- A worker's scratch store (in memory, the store's schema): its players and draws rows
-- remember their place in the worker's frames, so that the facts derived go back to them.
-- Reads: nothing. Parameters: none.
ALTER TABLE players ADD COLUMN frame_row BIGINT;
ALTER TABLE draws ADD COLUMN frame_row BIGINT;
