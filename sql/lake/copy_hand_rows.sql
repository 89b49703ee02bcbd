-- A source's rows of the per-hand table $table (players, actions, draws, pots) into
-- $target, with their hand's variant and month of play (partition keys with site) and
-- $lake_source.
COPY (
    SELECT t.*, h.variant, coalesce(strftime(h.started_at, '%Y-%m'), 'unknown') AS month,
           $lake_source AS lake_source
    FROM query_table($table) AS t
    JOIN hands AS h USING (hand_key)
) TO $target (FORMAT parquet, PARTITION_BY (site, variant, month), FILENAME_PATTERN $pattern,
              OVERWRITE_OR_IGNORE)
