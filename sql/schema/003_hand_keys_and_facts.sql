-- 003_hand_keys_and_facts: an integer key per hand, and per-player and per-draw facts
-- derived from the lines of play, so that reports over millions of hands need neither the
-- text keys (site, hand_id) nor a scan of actions.
--
-- hand_key: 1, 2, 3 ... in the order the hands were stored; every per-hand table carries
-- its hand's key, so reports join with USING (hand_key). (site, hand_id) stays the natural
-- key. The writer keys each new hand and its rows as it inserts them.
--
-- The facts are derived in SQL from actions, draws and hands (sql/store/derive_*_facts.sql):
-- by the writer for the hands of each batch, in the batch's transaction; for a store that
-- had hands before this migration, by hhparse.store.facts.derive_stored_facts() right after
-- this file, in the same transaction (keys for every stored hand, then every fact). The
-- README's database section says what each column means.

ALTER TABLE hands ADD COLUMN hand_key BIGINT;
ALTER TABLE players ADD COLUMN hand_key BIGINT;
ALTER TABLE actions ADD COLUMN hand_key BIGINT;
ALTER TABLE draws ADD COLUMN hand_key BIGINT;
ALTER TABLE pots ADD COLUMN hand_key BIGINT;

-- Every betting round, or the first one (round_index 0: before the first draw, 3rd street).
ALTER TABLE players ADD COLUMN vpip BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE players ADD COLUMN first_round_raise BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE players ADD COLUMN three_bet_chance BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE players ADD COLUMN three_bet BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE players ADD COLUMN calls INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN aggressive_actions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN saw_second_round BOOLEAN NOT NULL DEFAULT false;
-- Draw games: the last draw, and the closing run of pats.
ALTER TABLE players ADD COLUMN last_draw_discarded INTEGER;
ALTER TABLE players ADD COLUMN pat_from_draw INTEGER;
-- Stud games' 3rd street.
ALTER TABLE players ADD COLUMN door_card TEXT;
ALTER TABLE players ADD COLUMN third_street_action TEXT;
ALTER TABLE players ADD COLUMN brought_in BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE players ADD COLUMN first_in BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE players ADD COLUMN steal_chance BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE players ADD COLUMN bring_in_defence_chance BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE players ADD COLUMN bring_in_defended BOOLEAN NOT NULL DEFAULT false;

-- The player's pats at the hand's other draws; what a draw of known cards kept and made.
ALTER TABLE draws ADD COLUMN pat_since_deal BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE draws ADD COLUMN pat_at_previous BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE draws ADD COLUMN pat_to_end BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE draws ADD COLUMN holding TEXT;
ALTER TABLE draws ADD COLUMN made_class TEXT;
