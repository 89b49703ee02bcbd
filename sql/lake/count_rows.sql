-- The rows of the table or view $table.
SELECT count(*) FROM query_table($table)
