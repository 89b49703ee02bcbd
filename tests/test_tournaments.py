"""Tournament summaries (PokerStars, Full Tilt): read, stored by `hhparse ingest`, and the
`tournaments` report's cost, finish, prize and ROI against values worked out here by hand
from the files (tests/fixtures/summaries, one per quirk, and the corpus's when present)."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhparse.cli import app
from hhparse.ingest import ingest
from hhparse.parsers.summaries import Place, read_summary_bytes
from hhparse.reports.run import run_report
from tests.corpus import FPDB, needs_corpus

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "summaries"
SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"


def summary_of(name: str, folder: Path = FIXTURES):  # type: ignore[no-untyped-def]
    read = read_summary_bytes((folder / name).read_bytes())
    assert read is not None, name
    return read


# --- reading -----------------------------------------------------------------------------


def test_pokerstars_bounty_and_reentries() -> None:
    summary = summary_of("pokerstars_bounty_and_reentries.txt")
    assert (summary.site, summary.tournament_id, summary.currency) == (
        "pokerstars", "3300000001", "USD")
    assert (summary.buy_in, summary.bounty, summary.fee) == (1000, 500, 150)  # $10/$5/$1.50
    assert (summary.entries, summary.prize_pool) == (9, 9000)
    assert summary.started_at == datetime(2026, 2, 21, 2, 0)  # 21:00 EST
    assert summary.finished_at == datetime(2026, 2, 21, 5, 15, 30)
    assert summary.places[1] == Place(2, "Hero", 2700, 3, "Canada")  # "Hero [3]"
    assert summary.places[3] == Place(4, "Carl", 0, 2, "Germany")
    assert (summary.hero, summary.hero_place, summary.warnings) == ("Hero", 2, ())


def test_pokerstars_play_money_is_in_chips() -> None:
    summary = summary_of("pokerstars_play_money_in_chips.txt")
    assert (summary.currency, summary.unit, summary.buy_in, summary.fee) == (
        "chips", "chips", 100, 9)
    assert summary.finished_at is None and summary.places[0].prize == 200
    assert (summary.hero, summary.hero_place) == ("Hero", 2)


def test_fulltilt_rebuys_add_ons_and_times_in_two_zones() -> None:
    summary = summary_of("fulltilt_rebuys_add_ons_and_times_in_two_zones.txt")
    assert (summary.name, summary.game_text) == (
        "$5 1r+1a", "2-7 Single Draw No Limit (Rebuy/Add-On, 6 Handed)")
    assert (summary.buy_in, summary.fee, summary.rebuy, summary.add_on) == (100, 10, 100, 100)
    assert (summary.total_rebuys, summary.total_add_ons, summary.prize_pool) == (3, 2, 1100)
    # the bracketed ET time is read: 21:11 EDT on 22 March 2013
    assert summary.started_at == datetime(2013, 3, 23, 1, 11)
    assert [place.place for place in summary.places] == [1, 2, 3, 4, 4, 4]  # a tie for 4th
    assert (summary.hero, summary.hero_place) == ("Hero", 2)


def test_fulltilt_still_in_progress_utf16() -> None:
    summary = summary_of("fulltilt_still_in_progress_utf16.txt")
    assert summary.finished_at is None
    assert [(place.place, place.player) for place in summary.places] == [
        (None, "Jo"), (None, "Kai"), (4, "Lu"), (5, "Hero")]
    assert summary.warnings == ()


def test_an_unknown_line_is_a_warning_with_its_line() -> None:
    summary = summary_of("unknown_line_is_a_warning.txt")
    assert summary.warnings == ("line 5: unknown line 'Lucky draw bonus awarded to Hero'",)
    assert summary.places[0] == Place(1, "Hero", 200, 1, None)  # the read went on


def test_a_hand_history_is_not_a_summary() -> None:
    assert read_summary_bytes((SAMPLES / "razz.txt").read_bytes()) is None
    assert read_summary_bytes(b"") is None


@needs_corpus
@pytest.mark.parametrize("path", sorted(FPDB.glob("summaries/*/*.txt")) if FPDB.is_dir()
                         else [], ids=lambda path: path.name)
def test_every_corpus_summary_reads_without_a_warning(path: Path) -> None:
    summary = read_summary_bytes(path.read_bytes())
    assert summary is not None and summary.warnings == ()
    assert summary.places and summary.entries and summary.started_at is not None


@needs_corpus
def test_corpus_summaries_by_hand() -> None:
    stars = summary_of("NLSD-MTT-USD-1000-50-201609.reentry.txt", FPDB / "summaries" / "Stars")
    assert (stars.buy_in, stars.fee, stars.entries, stars.prize_pool) == (
        100000, 5000, 104, 14500000)
    assert len(stars.places) == 145 and stars.hero is None  # an observer's summary
    assert stars.places[4] == Place(5, "blanconegro", 1126710, 2, "Mexico")
    tilt = summary_of("27TD-USD-HUSnG-201101.Hero.wins.txt", FPDB / "summaries" / "FTP")
    assert (tilt.buy_in, tilt.fee, tilt.prize_pool, tilt.hero, tilt.hero_place) == (
        3000, 150, 6000, "sljons91", 1)
    assert tilt.started_at == datetime(2011, 1, 12, 6, 1, 27)  # 01:01:27 EST


# --- stored, and the report --------------------------------------------------------------

EXPECTED = {
    # tournament id: (cost, place, players, prize, net, roi %), all worked out from the files
    "3300000001": (3 * (1000 + 500 + 150), 2, 9, 2700, 2700 - 4950, round(-2250 / 4950 * 100, 2)),
    "3300000002": (109, 2, 2, 0, -109, -100.0),
    "250000001": (110, 2, 6, 400, 290, round(290 / 110 * 100, 2)),
    "250000002": (2200, 5, 5, 0, -2200, -100.0),
    "250000003": (110, 1, 2, 200, 90, round(90 / 110 * 100, 2)),
}


@pytest.fixture
def store(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    shutil.copytree(FIXTURES, folder / "summaries")
    shutil.copytree(SAMPLES, folder / "samples")
    database = tmp_path / "store.duckdb"
    summary = ingest([folder], database)
    assert len(summary.tournament_summaries) == 5 and summary.unknown_format == []
    assert summary.problems["summary_unknown_line"] == 1
    return database


def test_the_report_gives_cost_finish_prize_and_roi(store: Path) -> None:
    rows = run_report(store, "tournaments").to_dicts()
    from_summaries = {row["tournament_id"]: (row["cost"], row["place"], row["players"],
                                             row["prize"], row["net"], row["roi_pct"])
                      for row in rows if row["summary"]}
    assert from_summaries == EXPECTED
    # a tournament known from hands alone: its buy-in and fee from the hands' header
    con = duckdb.connect(str(store), read_only=True)
    try:
        played = con.execute(
            "SELECT h.tournament_id, h.buy_in, h.fee, count(*) FROM hands AS h "
            "JOIN players AS p USING (hand_key) WHERE p.player = 'Hero' AND p.dealt_in "
            "AND h.tournament_id IS NOT NULL GROUP BY ALL").fetchall()
    finally:
        con.close()
    assert played
    by_id = {row["tournament_id"]: row for row in rows}
    for tournament_id, buy_in, fee, hands in played:
        row = by_id[tournament_id]
        assert (row["cost"], row["hands"], row["summary"]) == (buy_in + fee, hands, False)
        assert row["prize"] is None and row["roi_pct"] is None


def test_reingesting_and_a_later_summary_replace_never_double(store: Path, tmp_path: Path
                                                              ) -> None:
    before = run_report(store, "tournaments").height
    again = ingest([tmp_path / "logs"], store)
    assert again.files_unchanged == again.files_seen and again.tournament_summaries == []
    later = tmp_path / "later.txt"
    text = (FIXTURES / "fulltilt_still_in_progress_utf16.txt").read_bytes().decode("utf-16")
    later.write_text(text.replace("Tournament is still in progress",
                                  "Tournament finished: 2013/03/31 18:00:00 ET")
                     .replace("Still Playing - Jo", "1: Jo, $70")
                     .replace("Still Playing - Kai", "2: Kai, $30"), encoding="utf-8")
    ingest([later], store)
    rows = run_report(store, "tournaments").to_dicts()
    assert len(rows) == before
    [row] = [row for row in rows if row["tournament_id"] == "250000002"]
    assert row["finished_at"] == datetime(2013, 3, 31, 22, 0)
    con = duckdb.connect(str(store), read_only=True)
    try:
        places = con.execute("SELECT place, player FROM tournament_places WHERE "
                             "tournament_id = '250000002' ORDER BY place").fetchall()
    finally:
        con.close()
    assert places == [(1, "Jo"), (2, "Kai"), (4, "Lu"), (5, "Hero")]


def test_ingest_and_check_name_summaries(tmp_path: Path) -> None:
    runner = CliRunner()
    database = tmp_path / "store.duckdb"
    ingested = runner.invoke(app, ["ingest", str(FIXTURES), "--db", str(database), "--json"])
    assert ingested.exit_code == 0, ingested.output
    assert '"files_tournament_summary": 5' in ingested.stdout
    assert '"files_unknown_format": 0' in ingested.stdout
    checked = runner.invoke(app, ["check", str(FIXTURES / "unknown_line_is_a_warning.txt")])
    assert "tournament_summary a fulltilt tournament summary (#250000003, 2 places)" in (
        checked.stdout)
    shown = runner.invoke(app, ["report", "tournaments", "--db", str(database), "-f", "csv"])
    assert shown.exit_code == 0 and "3300000001" in shown.stdout
