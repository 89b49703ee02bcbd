-- Reserve $count new source ids (the sequence never gives one twice, even on a rollback).
-- Parameters: $count INTEGER.
SELECT nextval('sources_source_id_seq') AS source_id FROM range($count)
