-- raw_{table} of a table the lake has no file of yet: the store's empty table itself.
CREATE TEMP TABLE raw_{table} AS
SELECT *, CAST(NULL AS VARCHAR) AS lake_source FROM {table} WHERE false
