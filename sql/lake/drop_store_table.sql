-- The store's table {table}, replaced by the lake's view of that name.
DROP TABLE {table}
