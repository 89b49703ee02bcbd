-- Take $count values from the loaded store's source id sequence, so that the sources an
-- ingest adds later get ids past the lake's (numbered 1 .. $count).
SELECT max(nextval('store.main.sources_source_id_seq')) FROM range($count)
