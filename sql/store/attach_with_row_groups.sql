-- Attach the store file to an in-memory instance as `store`, writing row groups of $rows
-- rows (a setting ATTACH alone takes): hhparse.store.schema._attached, then
-- use_attached.sql. Parameters: $path (the file), $rows.
ATTACH $path AS store (ROW_GROUP_SIZE $rows)
