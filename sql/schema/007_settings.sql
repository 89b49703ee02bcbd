-- 007_settings: what a user asks hhparse to remember about his store.
--
-- One row per setting: today `hero`, the player the reports are about when none is given
-- (`hhparse hero NAME`; `hhparse hero --forget` drops it). hero_name(...) reads it before
-- falling back to the player whose face-down cards the logs deal to most often.

CREATE TABLE settings (
    name              TEXT PRIMARY KEY,
    value             TEXT NOT NULL,
    set_at            TIMESTAMP NOT NULL
);

CREATE OR REPLACE MACRO hero_name(hero_given) AS coalesce(
    hero_given,
    (SELECT value FROM settings WHERE name = 'hero'),
    (SELECT player FROM players WHERE is_hero
     GROUP BY player ORDER BY count(*) DESC, player LIMIT 1));
