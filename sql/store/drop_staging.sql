-- Drop the staging tables of one insert_frames call. Parameters: none.
DROP TABLE IF EXISTS temp.hhparse_new_hands;
DROP TABLE IF EXISTS temp.hhparse_stale_rejects;
DROP TABLE IF EXISTS temp.hhparse_new_rejects;
DROP TABLE IF EXISTS temp.hhparse_new_unsupported;
