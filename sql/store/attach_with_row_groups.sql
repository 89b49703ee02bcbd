-- Attach the store file to an in-memory instance, writing row groups of $rows rows (a
-- setting ATTACH alone takes): hhparse.store.schema._attached. The name `store` is
-- ATTACHED_AS there. Parameters: $path (the file), $rows.
ATTACH $path AS store (ROW_GROUP_SIZE $rows)
