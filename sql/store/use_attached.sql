-- Make the attached store (attach_with_row_groups.sql) the default catalog: the store's SQL
-- names none. Parameters: none.
USE store
