-- A source's rows of $table, a table that is not per hand (sources, rejects, problems,
-- unsupported_hands, junk, tournaments, tournament_places), into the file $target.
COPY (SELECT *, $lake_source AS lake_source FROM query_table($table)) TO $target
    (FORMAT parquet)
