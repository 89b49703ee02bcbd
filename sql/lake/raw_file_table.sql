-- The Parquet files of a lake table that is not partitioned ({glob}).
SELECT * FROM read_parquet({glob}, hive_partitioning = false, union_by_name = true)
