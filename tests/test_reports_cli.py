"""`hhparse report`, `hhparse report list` and `hhparse query`: arranged through the library
(a store ingested from data/samples, throwaway report files in a temporary folder), acted
through the CLI runner, asserted on exit code, output, files and the database."""

from __future__ import annotations

import atexit
import csv
import functools
import io
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

import hhparse.reports.catalog as catalog
from hhparse.cli import app
from hhparse.ingest import ingest
from hhparse.reports import render as render_module
from hhparse.reports import run_report
from hhparse.reports.render import write_output

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "data" / "samples"
NASTY_PLAYER = "O'Brien\"; DROP TABLE hands; -- /* ' OR '1'='1"

# Throwaway reports (the real ones live in sql/reports/ and are written elsewhere).
REPORTS = {
    "draw_frequencies": """\
-- Draw frequencies per variant and draw round
-- Grain: one row per variant per draw round
-- Parameters: $variant, $player, $since, $until
SELECT h.variant, d.draw_round,
       count(*) FILTER (WHERE d.discarded = 0) AS pat,
       count(*) FILTER (WHERE d.discarded = 1) AS draw_1,
       count(*) FILTER (WHERE d.discarded = 2) AS draw_2,
       count(*) FILTER (WHERE d.discarded = 3) AS draw_3,
       count(*) FILTER (WHERE d.discarded = 4) AS draw_4,
       count(*) FILTER (WHERE d.discarded = 5) AS draw_5,
       count(*) AS decisions
FROM draws AS d JOIN hands AS h USING (site, hand_id)
WHERE ($variant IS NULL OR h.variant = $variant)
  AND ($player IS NULL OR d.player = $player)
  AND ($since IS NULL OR h.started_at >= CAST($since AS DATE))
  AND ($until IS NULL OR h.started_at < CAST($until AS DATE) + INTERVAL 1 DAY)
GROUP BY ALL
ORDER BY ALL
""",
    "showdown_outcomes": """\
-- Showdown outcomes by final hand class
-- Grain: one row per variant per final hand class
-- Parameters: $variant
SELECT h.variant, p.final_class, count(*) AS showdowns,
       count(*) FILTER (WHERE p.won_at_showdown) AS won,
       avg(p.won_at_showdown::INTEGER) AS win_rate
FROM players AS p JOIN hands AS h USING (site, hand_id)
WHERE p.went_to_showdown AND ($variant IS NULL OR h.variant = $variant)
GROUP BY ALL
ORDER BY ALL
""",
    "player_summary": """\
-- Per player: hands, money and when they played
-- Grain: one row per player
-- Parameters: $variant, $player, $since, $until, $min_hands, $heroes_only
SELECT p.player,
       count(*) AS hands,
       sum(p.net) AS net,
       CAST(avg(p.net) AS DECIMAL(12, 2)) AS avg_net,
       min(h.started_at)::DATE AS first_day,
       max(h.started_at) AS last_seen,
       list(DISTINCT h.variant ORDER BY h.variant) AS variants,
       bool_or(p.is_hero) AS hero
FROM players AS p JOIN hands AS h USING (site, hand_id)
WHERE ($variant IS NULL OR h.variant = $variant)
  AND ($player IS NULL OR p.player = $player)
  AND ($since IS NULL OR h.started_at >= CAST($since AS DATE))
  AND ($until IS NULL OR h.started_at < CAST($until AS DATE) + INTERVAL 1 DAY)
  AND (NOT coalesce(CAST($heroes_only AS BOOLEAN), false) OR p.is_hero)
GROUP BY ALL
HAVING count(*) >= coalesce(CAST($min_hands AS INTEGER), 1)
ORDER BY p.player
""",
}

runner = CliRunner()


# --- arrange: throwaway reports and a store (shared helpers of the report tests) ---------


def write_reports(folder: Path, reports: dict[str, str] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in (REPORTS if reports is None else reports).items():
        (folder / f"{name}.sql").write_text(text, encoding="utf-8")
    return folder


def use_reports(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Point the catalog at ``folder`` (the cache is cleared now and after the test)."""
    monkeypatch.setattr(catalog, "REPORTS_DIR", folder)
    catalog.reports.cache_clear()


@functools.cache
def template_database() -> Path:
    """data/samples ingested once per process, plus a player with a hostile name."""
    folder = Path(tempfile.mkdtemp(prefix="hhparse-reports-"))
    atexit.register(shutil.rmtree, folder, True)
    database = folder / "template.duckdb"
    summary = ingest([SAMPLES], database, workers=1)
    assert summary.accepted > 50 and not summary.rejected
    con = duckdb.connect(str(database))
    try:
        con.execute(
            "INSERT INTO players SELECT * REPLACE (CAST($name AS TEXT) AS player) "
            "FROM players WHERE player = (SELECT min(player) FROM players) LIMIT 1",
            {"name": NASTY_PLAYER},
        )
    finally:
        con.close()
    return database


def make_database(folder: Path) -> Path:
    database = folder / "hands.duckdb"
    shutil.copyfile(template_database(), database)
    return database


def counts(database: Path) -> dict[str, int]:
    """Rows per table: what a query must never change."""
    con = duckdb.connect(str(database), read_only=True)
    try:
        tables = [name for (name,) in con.execute(
            "SELECT table_name FROM duckdb_tables() ORDER BY 1").fetchall()]
        return {name: int(con.execute(f'SELECT count(*) FROM "{name}"').fetchall()[0][0])
                for name in tables}
    finally:
        con.close()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def assert_error(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args)
    assert code == 1, (code, out, err)
    assert out == ""
    assert err.startswith("Error: ") and err.count("\n") == 1, err
    assert message in err, err


# --- formats -----------------------------------------------------------------------------


def test_json_is_a_list_of_row_objects_named_after_the_columns(database: Path) -> None:
    code, out, err = run("report", "player_summary", "--db", str(database), "--format", "json")
    assert code == 0, err
    rows = json.loads(out)
    assert isinstance(rows, list) and len(rows) > 5
    assert list(rows[0]) == ["player", "hands", "net", "avg_net", "first_day", "last_seen",
                             "variants", "hero"]
    for row in rows:
        assert isinstance(row["hands"], int) and isinstance(row["net"], int)
        assert isinstance(row["avg_net"], int | float)
        assert len(row["first_day"]) == 10 and row["first_day"][4] == "-"
        assert "T" in row["last_seen"]
        assert isinstance(row["variants"], list) and all(isinstance(v, str)
                                                         for v in row["variants"])
        assert isinstance(row["hero"], bool)
    expected = run_report(database, "player_summary")
    assert [row["player"] for row in rows] == expected["player"].to_list()


def test_csv_has_the_columns_and_serialises_dates_decimals_and_lists(database: Path) -> None:
    code, out, _ = run("report", "player_summary", "--db", str(database), "-f", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    frame = run_report(database, "player_summary")
    assert len(rows) == frame.height
    first = rows[0]
    assert first["first_day"] == frame["first_day"][0].isoformat()
    assert first["last_seen"] == frame["last_seen"][0].isoformat()
    assert first["avg_net"] == str(frame["avg_net"][0])
    assert json.loads(first["variants"]) == frame["variants"][0].to_list()
    assert first["hero"] in ("true", "false")


def test_markdown_is_a_github_table(database: Path) -> None:
    code, out, _ = run("report", "draw_frequencies", "--db", str(database), "-f", "markdown")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == ("| variant | draw_round | pat | draw_1 | draw_2 | draw_3 | draw_4 | "
                        "draw_5 | decisions |")
    assert lines[1] == "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    assert len(lines) == 2 + run_report(database, "draw_frequencies").height
    assert all(line.startswith("| ") and line.endswith(" |") for line in lines)


def test_markdown_escapes_pipes(database: Path) -> None:
    code, out, _ = run("query", "SELECT 'a|b' AS x, 1 AS y", "--db", str(database),
                       "-f", "markdown")
    assert code == 0
    assert out.splitlines()[2] == "| a\\|b | 1 |"


def test_html_is_a_standalone_page_with_escaped_cells(database: Path) -> None:
    code, out, _ = run("report", "player_summary", "--db", str(database), "-f", "html")
    assert code == 0
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    assert '<table class="sortable">' in out and "<th>player</th>" in out
    # player_summary has no chart: its only script is the table's sorting, inline
    assert out.count("<script") == 1 and "<script src" not in out
    assert "http" not in out.replace("http://www.w3.org", "")
    assert "O&#x27;Brien&quot;; DROP TABLE hands; -- /* &#x27; OR" in out


def test_table_prints_a_rich_table_with_every_column(database: Path) -> None:
    code, out, _ = run("report", "draw_frequencies", "--db", str(database))
    assert code == 0
    assert "Draw frequencies per variant and draw round" in out
    for column in ("variant", "draw_round", "pat", "draw_5", "decisions"):
        assert column in out
    assert "27_triple_draw" in out


def test_show_is_the_long_form_of_report_name(database: Path) -> None:
    short = run("report", "draw_frequencies", "--db", str(database), "-f", "csv")
    long = run("report", "show", "draw_frequencies", "--db", str(database), "-f", "csv")
    assert short == long and short[0] == 0


def test_parquet_needs_out_and_round_trips(database: Path, tmp_path: Path) -> None:
    assert_error(("report", "player_summary", "--db", str(database), "-f", "parquet"),
                 "--format parquet needs --out FILE")
    target = tmp_path / "out" / "summary.parquet"
    target.parent.mkdir()
    code, out, err = run("report", "player_summary", "--db", str(database), "-f", "parquet",
                         "--out", str(target))
    assert code == 0 and out == "" and "wrote" in err
    expected = run_report(database, "player_summary")
    assert pl.read_parquet(target).equals(expected)


@pytest.mark.parametrize("format", ["csv", "json", "markdown", "html", "table", "parquet"])
def test_out_writes_the_file_atomically_and_leaves_no_temporary(
    database: Path, tmp_path: Path, format: str
) -> None:
    folder = tmp_path / "written"
    folder.mkdir()
    target = folder / f"report.{format}"
    target.write_text("old contents")
    code, out, _ = run("report", "draw_frequencies", "--db", str(database), "-f", format,
                       "-o", str(target))
    assert code == 0 and out == ""
    assert [path.name for path in folder.iterdir()] == [target.name]
    data = target.read_bytes()
    assert data and data != b"old contents"
    if format != "parquet":
        printed = run("report", "draw_frequencies", "--db", str(database), "-f", format)[1]
        if format != "table":
            assert data.decode() == printed


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "report.csv"
    target.write_text("old contents")

    def broken_replace(source: object, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(render_module.os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        write_output(pl.DataFrame({"a": [1, 2]}), "csv", target)
    assert target.read_text() == "old contents"
    assert [path.name for path in tmp_path.iterdir()] == ["report.csv"]


def test_out_to_a_missing_folder_is_an_error(database: Path, tmp_path: Path) -> None:
    assert_error(("report", "draw_frequencies", "--db", str(database), "-f", "csv",
                  "-o", str(tmp_path / "nope" / "x.csv")), "no folder")


# --- parameters --------------------------------------------------------------------------


def test_variant_since_until_and_typed_params_filter(database: Path) -> None:
    code, out, _ = run("report", "draw_frequencies", "--db", str(database), "-f", "json",
                       "--variant", "badugi")
    assert code == 0
    rows = json.loads(out)
    assert rows and {row["variant"] for row in rows} == {"badugi"}
    code, out, _ = run("report", "draw_frequencies", "--db", str(database), "-f", "json",
                       "--since", "2100-01-01")
    assert code == 0 and json.loads(out) == []
    code, out, _ = run("report", "draw_frequencies", "--db", str(database), "-f", "json",
                       "--until", "1999-12-31")
    assert code == 0 and json.loads(out) == []
    every = json.loads(run("report", "player_summary", "--db", str(database), "-f", "json")[1])
    code, out, err = run("report", "player_summary", "--db", str(database), "-f", "json",
                         "--param", "min_hands=3", "-p", "heroes_only=false")
    assert code == 0, err
    rows = json.loads(out)
    assert rows == [row for row in every if row["hands"] >= 3] and rows != every
    code, out, _ = run("report", "player_summary", "--db", str(database), "-f", "json",
                       "--param", "heroes_only=true", "--since", "2000-01-01")
    assert code == 0 and all(row["hero"] for row in json.loads(out))


def test_a_player_name_with_quotes_and_comments_is_bound_not_injected(database: Path) -> None:
    before = counts(database)
    code, out, err = run("report", "player_summary", "--db", str(database), "-f", "json",
                         "--player", NASTY_PLAYER)
    assert code == 0, err
    rows = json.loads(out)
    assert [row["player"] for row in rows] == [NASTY_PLAYER]
    code, out, _ = run("report", "player_summary", "--db", str(database), "-f", "json",
                       "--player", "x' OR '1'='1")
    assert code == 0 and json.loads(out) == []
    assert counts(database) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--param", "foo=1"), "has no parameter(s) foo"),
        (("--player", "x"), "it takes: variant"),
        (("--param", "novalue"), "--param 'novalue': write key=value"),
        (("--param", "variant=razz", "--variant", "razz"), "parameter variant is given twice"),
        (("--since", "2026-13-01"), "--since: '2026-13-01' is not a date"),
        (("--until", "yesterday"), "--until: 'yesterday' is not a date"),
        (("--format", "xml"), "unknown format 'xml'"),
    ],
)
def test_bad_parameters_are_one_error_line(
    database: Path, args: tuple[str, ...], message: str
) -> None:
    assert_error(("report", "showdown_outcomes", "--db", str(database), *args), message)


def test_unknown_report_and_missing_database(database: Path, tmp_path: Path) -> None:
    assert_error(("report", "nope", "--db", str(database)),
                 "unknown report 'nope'; known: draw_frequencies, player_summary,")
    assert_error(("report", "draw_frequencies", "--db", str(tmp_path / "none.duckdb")),
                 "no database at")
    assert not (tmp_path / "none.duckdb").exists()


def test_a_report_whose_sql_fails_is_one_error_line(
    database: Path, reports_dir: Path
) -> None:
    (reports_dir / "broken.sql").write_text("-- Broken\nSELECT * FROM no_such_table\n")
    catalog.reports.cache_clear()
    assert_error(("report", "broken", "--db", str(database)), "no_such_table")


def test_a_busy_database_waits_then_fails(database: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True);"
         " time.sleep(30)", str(database)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert_error(("report", "draw_frequencies", "--db", str(database), "--wait", "0.5"),
                     "in use by another process")
    finally:
        holder.kill()
        holder.wait()


# --- report list -------------------------------------------------------------------------


def test_report_list_shows_name_title_grain_parameters(reports_dir: Path) -> None:
    code, out, _ = run("report", "list")
    assert code == 0
    for text in ("draw_frequencies", "player_summary", "showdown_outcomes",
                 "one row per player", "min_hands"):
        assert text in out
    code, out, _ = run("report", "list", "--json")
    listed = {row["name"]: row for row in json.loads(out)}
    assert listed["player_summary"] == {
        "name": "player_summary",
        "title": "Per player: hands, money and when they played",
        "grain": "one row per player",
        "parameters": ["heroes_only", "min_hands", "player", "since", "until", "variant"],
    }


def test_every_report_command_has_help() -> None:
    for args in (("report", "--help"), ("report", "list", "--help"),
                 ("report", "run", "--help"), ("report", "show", "--help"),
                 ("query", "--help")):
        code, out, _ = run(*args)
        assert code == 0 and len(out) > 100, args
    assert "--variant" in run("report", "show", "--help")[1]
    assert "--due" in run("report", "run", "--help")[1]


# --- query -------------------------------------------------------------------------------


def test_query_prints_rows_in_every_text_format(database: Path) -> None:
    sql = "SELECT variant, count(*) AS hands FROM hands GROUP BY ALL ORDER BY 1"
    code, out, _ = run("query", sql, "--db", str(database), "-f", "json")
    assert code == 0
    rows = json.loads(out)
    assert list(rows[0]) == ["variant", "hands"] and sum(r["hands"] for r in rows) > 50
    code, out, _ = run("query", sql, "--db", str(database), "-f", "csv")
    assert out.splitlines()[0] == "variant,hands"
    code, out, _ = run("query", sql, "--db", str(database))
    assert code == 0 and "badugi" in out


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO hands SELECT * REPLACE (hand_id || 'x' AS hand_id) FROM hands",
        "DELETE FROM players",
        "DROP TABLE hands",
        "UPDATE players SET net = 0",
        "CREATE TABLE evil AS SELECT 1",
        "SELECT 1; DROP TABLE hands",
        "ATTACH ':memory:' AS m; DETACH hands",
    ],
)
def test_query_cannot_change_the_database(database: Path, sql: str) -> None:
    before = counts(database)
    code, out, err = run("query", sql, "--db", str(database))
    assert code == 1 and out == "" and err.startswith("Error: "), (code, out, err)
    assert err.count("\n") == 1
    assert counts(database) == before


def test_query_errors(database: Path, tmp_path: Path) -> None:
    assert_error(("query", "SELECT * FROM nope", "--db", str(database)), "nope")
    assert_error(("query", "SELECT 1", "--db", str(tmp_path / "none.duckdb")),
                 "no database at")
    assert_error(("query", "SELECT 1", "--db", str(database), "-f", "parquet"),
                 "--format parquet needs --out FILE")
