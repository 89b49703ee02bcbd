-- A source's rows of a per-hand table ({table}: players, actions, draws, pots) for the lake,
-- with their hand's variant and month of play (partition keys with site) and lake_source.
SELECT t.*, h.variant, coalesce(strftime(h.started_at, '%Y-%m'), 'unknown') AS month,
       '{lake_source}' AS lake_source
FROM {table} AS t
JOIN hands AS h USING (hand_key)
