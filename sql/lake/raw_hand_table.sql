-- raw_{table}: the Parquet files of a partitioned lake table (their glob in the variable
-- lake_glob_{table}); the partition keys come back from the folder names as text.
CREATE TEMP VIEW raw_{table} AS
SELECT * FROM read_parquet(getvariable('lake_glob_{table}'), hive_partitioning = true,
                           union_by_name = true,
                           hive_types = {{'site': VARCHAR, 'variant': VARCHAR,
                                          'month': VARCHAR}})
