-- The Parquet files of a partitioned lake table ({glob}); the partition keys come back
-- from the folder names as text.
SELECT * FROM read_parquet({glob}, hive_partitioning = true, union_by_name = true,
                           hive_types = {{'site': VARCHAR, 'variant': VARCHAR,
                                          'month': VARCHAR}})
