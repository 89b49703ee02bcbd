-- The facts derive_draw_facts.sql derived, per draws row of the frames a worker keyed in its
-- scratch store (frame_row: the row's place in its frame). Reads: draws. Parameters: none.
SELECT frame_row, pat_since_deal, pat_at_previous, pat_to_end, holding, made_class
FROM draws
ORDER BY frame_row
