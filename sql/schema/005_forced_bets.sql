-- 005_forced_bets: the forced-bet structure each hand was judged by (RULES.md, "Forced
-- bets"), as the replayer reads it from the posting lines: 'blinds' (small and big blind),
-- 'single_blind' (one blind, posted by the first player left of the button), 'antes'
-- (antes only), 'blinds_antes' (blinds and everyone antes), 'blinds_bb_ante' (blinds and
-- one big-blind ante), 'antes_bring_in' (stud).
--
-- Hands stored before this migration get it from their posting lines here; then, in the
-- same transaction, hhparse.store.backfill.forced_bets labels the players of the hands
-- with fewer than two blinds again (one blind: BB, UTG ... CO, BTN; antes only: UTG ... CO,
-- BTN) and derives the players' facts again (draw games now have steal chances).

ALTER TABLE hands ADD COLUMN forced_bets TEXT;

UPDATE hands AS h
SET forced_bets = f.forced_bets
FROM (
    WITH
    posts AS (
        SELECT
            a.hand_key,
            count(DISTINCT a.player) FILTER (WHERE a.kind = 'ante') AS ante_posters,
            bool_or(a.kind = 'post_sb') AS small_blind,
            arg_min(a.player, a.seq) FILTER (WHERE a.kind IN ('post_bb', 'post_sb_bb'))
                AS big_blind_player
        FROM actions AS a
        WHERE a.round_index = 0
          AND a.kind IN ('ante', 'post_sb', 'post_bb', 'post_sb_bb', 'post_dead')
        GROUP BY a.hand_key
    ),
    shaped AS (
        SELECT
            h.hand_key,
            h.variant IN ('razz', 'stud', 'stud8') AS stud,
            CASE
                WHEN coalesce(p.ante_posters, 0) = 0 THEN 'none'
                WHEN p.ante_posters >= h.players_dealt THEN 'everyone'
                ELSE 'big_blind'
            END AS antes,
            CASE
                WHEN coalesce(p.small_blind, false) THEN 2
                WHEN p.big_blind_player IS NULL THEN 0
                -- the first player left of the button: labelled SB (heads-up BB) before
                WHEN pl.position = 'SB' OR (h.players_dealt = 2 AND pl.position = 'BB') THEN 1
                ELSE 2
            END AS blinds
        FROM hands AS h
        LEFT JOIN posts AS p USING (hand_key)
        LEFT JOIN players AS pl
            ON pl.hand_key = h.hand_key AND pl.player = p.big_blind_player
    )
    SELECT
        hand_key,
        CASE
            WHEN stud THEN 'antes_bring_in'
            WHEN blinds = 2 AND antes = 'none' THEN 'blinds'
            WHEN blinds = 1 AND antes = 'none' THEN 'single_blind'
            WHEN blinds = 0 AND antes = 'everyone' THEN 'antes'
            WHEN blinds = 2 AND antes = 'everyone' THEN 'blinds_antes'
            WHEN blinds = 2 AND antes = 'big_blind' THEN 'blinds_bb_ante'
            ELSE blinds || '_blinds_' || antes || '_antes'
        END AS forced_bets
    FROM shaped
) AS f
WHERE h.hand_key = f.hand_key;
