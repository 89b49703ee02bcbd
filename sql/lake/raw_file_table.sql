-- raw_{table}: the Parquet files of a lake table that is not partitioned (their glob in
-- the variable lake_glob_{table}).
CREATE TEMP VIEW raw_{table} AS
SELECT * FROM read_parquet(getvariable('lake_glob_{table}'), hive_partitioning = false,
                           union_by_name = true)
