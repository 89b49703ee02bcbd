-- 002_report_runs: when each entry of a report schedule last ran (`hhparse report run`).
--
-- One row per schedule entry (the `id` of a [[reports]] entry in the schedule's TOML, its
-- report's name by default). `hhparse report run --due` runs an entry when its cron
-- expression has a time after last_run and not after now; every run that writes an entry
-- (with or without --due) sets its row. Times are UTC, like schema_version.applied_at.

CREATE TABLE report_runs (
    entry             TEXT PRIMARY KEY,
    report            TEXT NOT NULL,
    last_run          TIMESTAMP NOT NULL,
    output_dir        TEXT NOT NULL,
    rows              BIGINT NOT NULL
);
