-- A source's hands (its store in memory) into the lake's staging folder $target: every
-- column, the month of play (a partition key with site and variant) and the file's
-- $lake_source; files named $pattern (hhparse/lake/write.py).
COPY (
    SELECT *, coalesce(strftime(started_at, '%Y-%m'), 'unknown') AS month,
           $lake_source AS lake_source
    FROM hands
) TO $target (FORMAT parquet, PARTITION_BY (site, variant, month), FILENAME_PATTERN $pattern,
              OVERWRITE_OR_IGNORE)
