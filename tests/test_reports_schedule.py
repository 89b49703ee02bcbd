"""Scheduled generation: cron expressions on fixed clocks, the state in `report_runs`, the
dated folder, index.html and its charts, and `hhparse report run`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path
from zoneinfo import ZoneInfo

import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

import hhparse.reports.catalog as catalog
from hhparse.cli import app
from hhparse.reports import html
from hhparse.reports.schedule import (
    Cron,
    ScheduleError,
    is_due,
    load_schedule,
    parse_cron,
    parse_schedule,
    run_schedule,
)
from hhparse.sqlfiles import sql
from hhparse.store.schema import latest_version
from tests.test_reports_cli import use_reports, write_reports

T0 = datetime(2026, 11, 29, 14, 12, 30, tzinfo=UTC)

SCHEDULE = """\
timezone = "UTC"

[[reports]]
name = "draw_frequencies"
formats = ["html", "csv", "json"]
cron = "0 * * * *"

[[reports]]
name = "showdown_outcomes"
id = "razz_showdowns"
formats = ["markdown", "parquet"]
parameters = { variant = "razz" }

[[reports]]
name = "player_summary"
formats = ["csv"]
cron = "30 6 * * 1"
parameters = { min_hands = 2, heroes_only = false, since = 2000-01-01 }
"""


@pytest.fixture
def config(tmp_path: Path, reports_dir: Path) -> Path:
    path = tmp_path / "reports.toml"
    path.write_text(SCHEDULE, encoding="utf-8")
    return path


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def state(database: Path) -> dict[str, tuple[str, datetime, int]]:
    con = duckdb.connect(str(database), read_only=True)
    try:
        return {entry: (report, last_run, rows) for entry, report, last_run, rows
                in con.execute("SELECT entry, report, last_run, rows FROM report_runs")
                .fetchall()}
    finally:
        con.close()


# --- cron --------------------------------------------------------------------------------


def test_cron_fields_ranges_steps_lists_and_names() -> None:
    cron = parse_cron("*/15 9-17/4 1,15 jan-mar,DEC mon-fri")
    assert cron.minutes == frozenset({0, 15, 30, 45})
    assert cron.hours == frozenset({9, 13, 17})
    assert cron.days == frozenset({1, 15})
    assert cron.months == frozenset({1, 2, 3, 12})
    assert cron.weekdays == frozenset({1, 2, 3, 4, 5})
    assert parse_cron("0 0 * * 7").weekdays == frozenset({0})
    assert parse_cron("5/20 * * * *").minutes == frozenset({5, 25, 45})
    assert parse_cron("@daily") == Cron(
        text="@daily", minutes=frozenset({0}), hours=frozenset({0}),
        days=frozenset(range(1, 32)), months=frozenset(range(1, 13)),
        weekdays=frozenset(range(7)), any_day=True, any_weekday=True,
    )
    assert parse_cron("@hourly").minutes == frozenset({0})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("* * * *", "has 4 field(s); it needs 5"),
        ("60 * * * *", "60 is outside 0-59"),
        ("* 24 * * *", "24 is outside 0-23"),
        ("* * 0 * *", "0 is outside 1-31"),
        ("* * * 13 *", "13 is outside 1-12"),
        ("* * * * 8", "8 is outside 0-7"),
        ("5-1 * * * *", "runs backwards"),
        ("*/0 * * * *", "step '0' must be 1 or more"),
        ("x * * * *", "'x' is not a number"),
        ("* * * foo *", "'foo' is not a number or a name"),
    ],
)
def test_bad_cron_expressions_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ScheduleError, match=re.escape(message)):
        parse_cron(text)


def test_day_of_month_and_day_of_week_match_either_when_both_are_restricted() -> None:
    cron = parse_cron("0 0 13 * 5")
    assert cron.matches(at("2026-11-13 00:00"))   # the 13th (a Friday, too)
    assert cron.matches(at("2026-11-20 00:00"))   # a Friday
    assert cron.matches(at("2026-12-13 00:00"))   # the 13th, a Sunday
    assert not cron.matches(at("2026-12-14 00:00"))
    starred = parse_cron("0 0 */1 * 5")           # a starred day field: both must match
    assert starred.matches(at("2026-11-20 00:00"))
    assert not starred.matches(at("2026-12-13 00:00"))


def test_next_after() -> None:
    assert parse_cron("*/15 * * * *").next_after(at("2026-11-29 10:07:59")) == at(
        "2026-11-29 10:15")
    assert parse_cron("*/15 * * * *").next_after(at("2026-11-29 10:15")) == at(
        "2026-11-29 10:30")
    assert parse_cron("30 6 * * 1").next_after(at("2026-11-28 12:00")) == at(
        "2026-11-30 06:30")                       # Saturday -> Monday
    assert parse_cron("0 0 1 * *").next_after(at("2026-12-31 23:59")) == at("2027-01-01 00:00")
    assert parse_cron("0 0 29 2 *").next_after(at("2025-03-01 00:00")) == at(
        "2028-02-29 00:00")
    assert parse_cron("0 0 30 2 *").next_after(at("2026-01-01 00:00")) is None


def test_due_logic_on_fixed_clocks() -> None:
    hourly = parse_cron("0 * * * *")
    utc = ZoneInfo("UTC")
    assert is_due(hourly, None, T0, utc)                                  # never ran
    assert not is_due(None, None, T0, utc)                                # no cron: never
    assert not is_due(None, T0 - timedelta(days=30), T0, utc)
    assert not is_due(hourly, at("2026-11-29 14:00:00+00:00"), at("2026-11-29 14:59:59+00:00"),
                      utc)
    assert is_due(hourly, at("2026-11-29 14:00:00+00:00"), at("2026-11-29 15:00:00+00:00"), utc)
    assert is_due(hourly, at("2026-11-29 13:59:59+00:00"), at("2026-11-29 14:00:00+00:00"), utc)
    assert not is_due(hourly, at("2026-11-29 14:00:00+00:00"), at("2026-11-29 14:00:30+00:00"),
                      utc)                                                # ran this minute
    assert is_due(hourly, at("2026-11-01 00:00:00+00:00"), T0, utc)      # missed many: due once
    weekly = parse_cron("30 6 * * 1")
    assert not is_due(weekly, at("2026-11-23 06:30:00+00:00"), at("2026-11-30 06:29:00+00:00"),
                      utc)
    assert is_due(weekly, at("2026-11-23 06:30:00+00:00"), at("2026-11-30 06:31:00+00:00"), utc)


def test_cron_times_are_wall_clock_times_of_the_schedules_zone() -> None:
    six = parse_cron("0 6 * * *")
    last, now = at("2026-06-01 03:00:00+00:00"), at("2026-06-01 04:00:00+00:00")
    assert is_due(six, last, now, ZoneInfo("Europe/Berlin"))    # 05:00 -> 06:00 CEST
    assert not is_due(six, last, now, ZoneInfo("UTC"))           # 03:00 -> 04:00 UTC
    winter_last, winter_now = at("2026-12-01 04:00:00+00:00"), at("2026-12-01 05:00:00+00:00")
    assert is_due(six, winter_last, winter_now, ZoneInfo("Europe/Berlin"))  # 05:00 -> 06:00 CET


# --- the schedule file -------------------------------------------------------------------


def test_a_schedule_file_is_read_and_checked(config: Path) -> None:
    schedule = load_schedule(config)
    assert [entry.id for entry in schedule.entries] == [
        "draw_frequencies", "razz_showdowns", "player_summary"]
    draws, razz, players = schedule.entries
    assert draws.formats == ("html", "csv", "json") and draws.cron is not None
    assert razz.report == "showdown_outcomes" and razz.cron is None
    assert razz.parameters == {"variant": "razz"}
    assert players.parameters == {"min_hands": 2, "heroes_only": False,
                                  "since": date(2000, 1, 1)}
    assert schedule.timezone == ZoneInfo("UTC") and schedule.out_dir is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[reports]]\nname = 'nope'\n", "unknown report 'nope'"),
        ("[[reports]]\nname = 'showdown_outcomes'\nparameters = { player = 'x' }\n",
         "has no parameter(s) player"),
        ("[[reports]]\nname = 'showdown_outcomes'\nformats = ['pdf']\n", "unknown format 'pdf'"),
        ("[[reports]]\nname = 'showdown_outcomes'\ncron = '* * *'\n", "needs 5"),
        ("[[reports]]\nname = 'showdown_outcomes'\nschedule = 'daily'\n",
         "unknown key(s) schedule"),
        ("[[reports]]\nformats = ['csv']\n", "needs name ="),
        ("[[reports]]\nname = 'showdown_outcomes'\n[[reports]]\nname = 'showdown_outcomes'\n",
         "two entries are named 'showdown_outcomes'"),
        ("[[reports]]\nname = 'showdown_outcomes'\nid = 'index'\n", "id 'index' is taken"),
        ("[[reports]]\nname = 'showdown_outcomes'\nid = '../x'\n", "must be letters"),
        ("[[reports]]\nname = 'showdown_outcomes'\nparameters = { variant = ['a'] }\n",
         "list values are not supported"),
        ("timezone = 'Mars/Olympus'\n[[reports]]\nname = 'showdown_outcomes'\n",
         "unknown timezone 'Mars/Olympus'"),
        ("title = 'x'\n", "unknown key(s) title"),
        ("out_dir = 'x'\n", "no [[reports]] entries"),
        ("[[reports]\n", "not valid TOML"),
    ],
)
def test_bad_schedules_say_what_is_wrong(reports_dir: Path, text: str, message: str) -> None:
    with pytest.raises(ScheduleError, match=re.escape(message)):
        parse_schedule(text, Path("reports.toml"))


# --- running -----------------------------------------------------------------------------


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.links.append(href)


def links(index: Path) -> list[str]:
    parser = _Links()
    parser.feed(index.read_text(encoding="utf-8"))
    return parser.links


def test_a_run_writes_every_entry_into_a_dated_folder_with_an_index(
    config: Path, database: Path, tmp_path: Path, reports_dir: Path
) -> None:
    # the project's results report, for the winnings graph
    (reports_dir / "results.sql").write_text(sql("reports/results"), encoding="utf-8")
    catalog.reports.cache_clear()
    out = tmp_path / "out"
    result = run_schedule(load_schedule(config), database, out_dir=out, now=T0)
    assert result.folder == out / "2026-11-29T1412"
    assert sorted(path.name for path in result.folder.iterdir()) == [
        "draw_frequencies.csv", "draw_frequencies.html", "draw_frequencies.json",
        "index.html", "player_summary.csv", "plotly.min.js", "razz_showdowns.md",
        "razz_showdowns.parquet",
    ]
    assert [path.name for path in out.iterdir()] == ["2026-11-29T1412"]   # nothing partial
    assert sorted(links(result.folder / "index.html")) == sorted(
        path.name for path in result.folder.iterdir()
        if path.name not in ("index.html", "plotly.min.js"))
    assert pl.read_parquet(result.folder / "razz_showdowns.parquet")["variant"].unique(
    ).to_list() == ["razz"]
    rows = json.loads((result.folder / "draw_frequencies.json").read_text())
    assert {run.entry.id: run.rows for run in result.runs}["draw_frequencies"] == len(rows)
    page = (result.folder / "index.html").read_text()
    # the winnings, draw-frequency and showdown charts, Plotly loaded from beside the page
    assert page.count(html.PLOT_MARK) == 3 and '<script src="plotly.min.js"' in page
    assert html.PAT_AND_DRAW_COLOURS[0] in page and html.WIN_RATE_COLOUR in page
    assert (result.folder / "plotly.min.js").stat().st_size > 1_000_000
    assert '<script src="plotly.min.js"' in (result.folder / "draw_frequencies.html").read_text()
    stamp = T0.replace(tzinfo=None)
    assert state(database) == {
        "draw_frequencies": ("draw_frequencies", stamp, len(rows)),
        "razz_showdowns": ("showdown_outcomes", stamp, result.runs[1].rows),
        "player_summary": ("player_summary", stamp, result.runs[2].rows),
    }


def test_due_runs_only_what_is_due_and_the_state_persists(
    config: Path, database: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    schedule = load_schedule(config)
    first = run_schedule(schedule, database, out_dir=out, due_only=True, now=T0)
    # never run: both cron entries are due; the entry without cron is not
    assert [run.entry.id for run in first.runs] == ["draw_frequencies", "player_summary"]
    assert [skip.entry.id for skip in first.skipped] == ["razz_showdowns"]
    assert set(state(database)) == {"draw_frequencies", "player_summary"}

    again = run_schedule(schedule, database, out_dir=out, due_only=True,
                         now=T0 + timedelta(minutes=40))              # 14:52: nothing due
    assert again.folder is None and again.runs == []
    assert {skip.entry.id: skip.next_due for skip in again.skipped} == {
        "draw_frequencies": at("2026-11-29 15:00"), "razz_showdowns": None,
        "player_summary": at("2026-11-30 06:30"),
    }
    later = run_schedule(load_schedule(config), database, out_dir=out, due_only=True,
                         now=at("2026-11-29 15:03:00+00:00"))
    assert later.folder == out / "2026-11-29T1503"
    assert [run.entry.id for run in later.runs] == ["draw_frequencies"]
    assert state(database)["draw_frequencies"][1] == datetime(2026, 11, 29, 15, 3)
    assert state(database)["player_summary"][1] == T0.replace(tzinfo=None)
    monday = run_schedule(schedule, database, out_dir=out, due_only=True,
                          now=at("2026-11-30 06:30:00+00:00"))
    assert [run.entry.id for run in monday.runs] == ["draw_frequencies", "player_summary"]
    assert sorted(path.name for path in out.iterdir()) == [
        "2026-11-29T1412", "2026-11-29T1503", "2026-11-30T0630"]


def test_a_manual_run_restarts_the_clock_and_folders_of_one_minute_get_a_suffix(
    config: Path, database: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    schedule = load_schedule(config)
    assert run_schedule(schedule, database, out_dir=out, now=T0).folder == out / "2026-11-29T1412"
    second = run_schedule(schedule, database, out_dir=out, now=T0 + timedelta(seconds=20))
    assert second.folder == out / "2026-11-29T1412-2"
    due = run_schedule(schedule, database, out_dir=out, due_only=True,
                       now=T0 + timedelta(minutes=1))
    assert due.folder is None


def test_the_schedules_out_dir_is_relative_to_the_file(
    reports_dir: Path, database: Path, tmp_path: Path
) -> None:
    config = tmp_path / "conf" / "reports.toml"
    config.parent.mkdir()
    config.write_text('out_dir = "generated"\n[[reports]]\nname = "showdown_outcomes"\n')
    result = run_schedule(load_schedule(config), database, now=T0)
    assert result.folder is not None and result.folder.parent == tmp_path / "conf" / "generated"
    assert (result.folder / "showdown_outcomes.html").is_file()


def test_a_failing_report_leaves_no_folder_and_no_state(
    reports_dir: Path, database: Path, tmp_path: Path
) -> None:
    (reports_dir / "broken.sql").write_text("-- Broken\nSELECT * FROM no_such_table\n")
    catalog.reports.cache_clear()
    config = tmp_path / "reports.toml"
    config.write_text('[[reports]]\nname = "showdown_outcomes"\n[[reports]]\nname = "broken"\n')
    with pytest.raises(duckdb.Error, match="no_such_table"):
        run_schedule(load_schedule(config), database, out_dir=tmp_path / "out", now=T0)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    con = duckdb.connect(str(database), read_only=True)
    try:
        version = con.execute("SELECT max(version) FROM schema_version").fetchall()[0][0]
        assert version == latest_version()   # the copy was migrated already; no state rows
        assert con.execute("SELECT count(*) FROM report_runs").fetchall() == [(0,)]
    finally:
        con.close()


def test_charts_read_other_column_shapes_or_say_why_they_cannot(
    database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    long_form = (
        "-- Draws (long)\nSELECT h.variant, d.draw_round, d.discarded, count(*) AS decisions\n"
        "FROM draws AS d JOIN hands AS h USING (site, hand_id) GROUP BY ALL ORDER BY ALL\n"
    )
    odd = "-- Odd\nSELECT 'a' AS label, 3 AS apples, 4 AS pears UNION ALL SELECT 'b', 1, 1\n"
    folder = write_reports(tmp_path / "other", {"draw_frequencies": long_form,
                                                "showdown_outcomes": odd})
    use_reports(monkeypatch, folder)
    config = tmp_path / "reports.toml"
    config.write_text('[[reports]]\nname = "showdown_outcomes"\nformats = ["csv"]\n')
    result = run_schedule(load_schedule(config), database, out_dir=tmp_path / "o", now=T0)
    assert result.index is not None
    page = result.index.read_text()
    assert page.count(html.PLOT_MARK) == 2  # this folder has no results report
    assert "there is no report results (sql/reports/results.sql)" in page
    for colour in html.PAT_AND_DRAW_COLOURS[:3]:
        assert f'"color":"{colour}"' in page
    assert "no win-rate column: the bars show apples, scaled to its maximum" in page

    empty = write_reports(tmp_path / "empty", {"showdown_outcomes": odd.replace(
        "SELECT 'a' AS label, 3 AS apples, 4 AS pears UNION ALL SELECT 'b', 1, 1",
        "SELECT 'a' AS label WHERE false")})
    use_reports(monkeypatch, empty)
    result = run_schedule(load_schedule(config), database, out_dir=tmp_path / "e", now=T0)
    assert result.index is not None
    page = result.index.read_text()
    assert html.PLOT_MARK not in page and "plotly.min.js" not in page
    assert not (result.folder / "plotly.min.js").exists()
    assert "there is no report draw_frequencies (sql/reports/draw_frequencies.sql)" in page
    assert "the report returned no rows" in page


def test_draw_bars_from_shares_and_from_unknown_columns() -> None:
    shares = pl.DataFrame({"variant": ["badugi"], "draw_round": [1], "pat_share": [0.25],
                           "draw_1_share": [0.5], "draw_2_share": [0.25]})
    bars, note = html.draw_frequency_bars(shares)
    assert bars is not None and note == ""
    assert bars.series == ("pat", "draw 1", "draw 2")
    assert bars.labels == ("badugi, round 1",) and bars.values == ((0.25, 0.5, 0.25),)
    assert bars.counts == (None,)  # shares and no count column: n is not known
    unknown = pl.DataFrame({"name": ["x"], "a": [1], "b": [2]})
    bars, note = html.draw_frequency_bars(unknown)
    assert bars is not None and bars.series == ("a", "b") and "not recognised" in note
    bars, note = html.draw_frequency_bars(pl.DataFrame({"name": ["x"]}))
    assert bars is None and "no numeric columns" in note


def test_win_rate_bars_from_wins_and_showdowns() -> None:
    frame = pl.DataFrame({"variant": ["razz", "razz"], "final_class": ["7-low", None],
                          "showdowns": [4, 2], "won": [3, 0]})
    bars, note = html.win_rate_bars(frame)
    assert bars is not None and note == ""
    assert bars.groups == (("razz", (html.RateBar("7-low", 0.75, 4, "75.0% (n=4)"),
                                     html.RateBar("(none)", 0.0, 2, "0.0% (n=2)"))),)
    percent = pl.DataFrame({"hand_class": ["flush"], "win_pct": [62.5]})
    bars, _ = html.win_rate_bars(percent)
    assert bars is not None and bars.groups == (
        ("", (html.RateBar("flush", 0.625, None, "62.5%"),)),)


def test_charts_read_the_shape_of_the_project_reports() -> None:
    """Columns as sql/reports/ has them: counts and *_pct columns, option columns that are
    NULL unless asked for, class groups plus 'last draw: N' rows, win_pct in percent."""
    draws = pl.DataFrame({
        "variant": ["badugi", "badugi"], "draw_round": [1, 1], "position": ["BTN", "SB"],
        "player": [None, None], "players": [None, None], "decisions": [4, 2],
        "pat": [1, 0], "draw_1": [1, 1], "draw_2": [2, 1], "draw_3": [0, 0], "draw_4": [0, 0],
        "draw_5": [0, 0], "pat_pct": [25.0, 0.0], "draw_1_pct": [25.0, 50.0],
        "pat_from_start_pct": [25.0, 0.0], "break_pct": [None, None],
    })
    bars, note = html.draw_frequency_bars(draws)
    assert bars is not None and note == ""
    assert bars.series == ("pat", "draw 1", "draw 2", "draw 3", "draw 4", "draw 5")
    assert bars.labels == ("badugi, round 1, BTN", "badugi, round 1, SB")
    assert bars.values[0] == (1, 1, 2, 0, 0, 0)
    assert bars.counts == (4, 2)  # the decisions column
    showdowns = pl.DataFrame({
        "variant": ["razz", "razz", "razz"], "class_group": ["7-low", "T+", "last draw: pat"],
        "showdowns": [2, 4, 3], "won": [1, 0, 1], "lost": [1, 4, 2],
        "win_pct": [0.5, 0.0, 33.33], "went_to_showdown_pct": [40.0, 40.0, 40.0],
    })
    rate, note = html.win_rate_bars(showdowns)
    assert rate is not None and note == ""
    assert rate.groups == (("razz", (html.RateBar("7-low", 0.005, 2, "0.5% (n=2)"),
                                     html.RateBar("T+", 0.0, 4, "0.0% (n=4)"))),)


# --- the command -------------------------------------------------------------------------


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_report_run_command(config: Path, database: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, err = run_cli("report", "run", "--config", str(config), "--db", str(database),
                                "--out-dir", str(out), "--json")
    assert code == 0, err
    summary = json.loads(stdout)
    folder = Path(summary["folder"])
    assert folder.parent == out and re.fullmatch(r"\d{4}-\d\d-\d\dT\d{4}", folder.name)
    assert Path(summary["index"]).is_file()
    assert [item["entry"] for item in summary["written"]] == [
        "draw_frequencies", "razz_showdowns", "player_summary"]
    code, stdout, _ = run_cli("report", "run", "--config", str(config), "--db", str(database),
                              "--out-dir", str(out), "--due")
    assert code == 0 and "nothing due" in stdout and "razz_showdowns (no cron expression)" in stdout
    assert len(list(out.iterdir())) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--config", "{tmp}/none.toml"), "cannot read schedule"),
        (("--config", "{config}", "--db", "{tmp}/none.duckdb"), "no database at"),
    ],
)
def test_report_run_errors(
    config: Path, tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    filled = [arg.format(tmp=tmp_path, config=config) for arg in args]
    code, stdout, err = run_cli("report", "run", *filled)
    assert code == 1 and stdout == "" and err.startswith("Error: ") and message in err
    assert err.count("\n") == 1


def test_report_run_waits_for_an_ingest_then_fails_clearly(
    config: Path, database: Path, tmp_path: Path
) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True);"
         " time.sleep(30)", str(database)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        code, stdout, err = run_cli("report", "run", "--config", str(config), "--db",
                                    str(database), "--out-dir", str(tmp_path / "out"),
                                    "--wait", "0.5")
        assert code == 1 and stdout == ""
        assert err.startswith("Error: ") and "in use by another process" in err
        assert "waited 0.5 s" in err
    finally:
        holder.kill()
        holder.wait()
    assert not (tmp_path / "out").exists()

