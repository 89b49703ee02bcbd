-- Empty a worker's store in memory after one source (hhparse/lake/write.py): every table
-- the lake copies out.
DELETE FROM hands;
DELETE FROM players;
DELETE FROM actions;
DELETE FROM draws;
DELETE FROM pots;
DELETE FROM sources;
DELETE FROM rejects;
DELETE FROM problems;
DELETE FROM unsupported_hands;
DELETE FROM junk;
DELETE FROM tournaments;
DELETE FROM tournament_places;
