-- 008_tournaments: the tournament summaries the rooms write (hhparse/parsers/summaries.py).
--
-- One row per tournament of a summary file read by `hhparse ingest` (a later summary of
-- the same tournament replaces it), and one row per place it lists. Amounts are in minor
-- units of `unit` / `currency` (cents of USD, EUR ...; chips for play money and home
-- games). Times are UTC.

CREATE TABLE tournaments (
    site              TEXT NOT NULL,
    tournament_id     TEXT NOT NULL,
    name              TEXT NOT NULL,
    game_text         TEXT NOT NULL,
    currency          TEXT NOT NULL,
    unit              TEXT NOT NULL,
    buy_in            BIGINT NOT NULL,
    fee               BIGINT NOT NULL,
    bounty            BIGINT NOT NULL,
    rebuy             BIGINT NOT NULL,
    add_on            BIGINT NOT NULL,
    total_rebuys      INTEGER NOT NULL,
    total_add_ons     INTEGER NOT NULL,
    entries           INTEGER,
    prize_pool        BIGINT,
    started_at        TIMESTAMP,
    finished_at       TIMESTAMP,
    summary_player    TEXT,
    summary_place     INTEGER,
    warnings          TEXT[] NOT NULL,
    source_id         INTEGER NOT NULL,
    source_path       TEXT NOT NULL,
    PRIMARY KEY (site, tournament_id)
);

CREATE TABLE tournament_places (
    site              TEXT NOT NULL,
    tournament_id     TEXT NOT NULL,
    place             INTEGER,
    player            TEXT NOT NULL,
    prize             BIGINT NOT NULL,
    entries           INTEGER NOT NULL,
    country           TEXT
);

-- With no hand whose face-down cards show, the hero is the player the stored summaries are
-- written for most often.
CREATE OR REPLACE MACRO hero_name(hero_given) AS coalesce(
    hero_given,
    (SELECT value FROM settings WHERE name = 'hero'),
    (SELECT player FROM players WHERE is_hero
     GROUP BY player ORDER BY count(*) DESC, player LIMIT 1),
    (SELECT summary_player FROM tournaments WHERE summary_player IS NOT NULL
     GROUP BY summary_player ORDER BY count(*) DESC, summary_player LIMIT 1));
