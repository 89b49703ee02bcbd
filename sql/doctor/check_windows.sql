-- The windows of hand keys a per-hand check runs over: each window's first and last key,
-- for the windows that hold at least one hand of the sources checked.
-- Parameters: $source_ids (INTEGER[] of sources to check, NULL = every source),
-- $window (BIGINT: hand keys per window).
SELECT DISTINCT (hand_key // $window) * $window AS first_key,
       (hand_key // $window) * $window + $window - 1 AS last_key
FROM hands
WHERE $source_ids IS NULL OR list_contains($source_ids, source_id)
ORDER BY first_key
