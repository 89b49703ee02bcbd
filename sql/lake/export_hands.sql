-- A source's hands (its store in memory) for the lake: every column, the month of play
-- (a partition key with site and variant) and the file's lake_source. {lake_source} and the
-- target are filled in by hhparse/lake/write.py (COPY takes no bound parameters).
SELECT *, coalesce(strftime(started_at, '%Y-%m'), 'unknown') AS month,
       '{lake_source}' AS lake_source
FROM hands
