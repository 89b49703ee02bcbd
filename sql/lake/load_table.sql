-- `hhparse lake load`: the lake's view {table} into the attached store's table.
INSERT INTO store.main.{table} SELECT * FROM main.{table}
