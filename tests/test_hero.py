"""`hhparse hero`: the reports' default player, remembered in the store or the player whose
face-down cards are dealt most often (counted here from the stored rows)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhparse.cli import app
from hhparse.ingest import ingest
from hhparse.reports.hero import UnknownPlayer, read_hero, remember_hero
from hhparse.reports.run import run_report

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"


@pytest.fixture
def store(tmp_path: Path) -> Path:
    database = tmp_path / "store.duckdb"
    ingest(sorted(SAMPLES.glob("*.txt")), database)
    return database


def dealt_face_down(database: Path) -> Counter[str]:
    con = duckdb.connect(str(database), read_only=True)
    try:
        return Counter(str(player) for player, is_hero in con.execute(
            "SELECT player, is_hero FROM players").fetchall() if is_hero)
    finally:
        con.close()


def heroes_of(database: Path, report: str, parameters: dict[str, object] | None = None
              ) -> set[str]:
    return set(run_report(database, report, parameters or {})["hero"].to_list())


def test_the_default_hero_is_the_player_dealt_face_down_cards_most_often(store: Path) -> None:
    (player, hands), *_ = dealt_face_down(store).most_common()
    choice = read_hero(store)
    assert (choice.player, choice.most_dealt, choice.most_dealt_hands) == (player, player, hands)
    assert choice.remembered is None
    assert choice.line() == (f"hero: {player} (dealt face-down cards most often: {hands:,} "
                             "hands; `hhparse hero NAME` picks another)")
    assert heroes_of(store, "results") == heroes_of(store, "sessions") == {player}


def test_a_remembered_hero_is_every_reports_default_until_forgotten(store: Path) -> None:
    remembered = remember_hero(store, "El Gato")
    assert (remembered.player, remembered.remembered) == ("El Gato", "El Gato")
    assert read_hero(store).why.startswith("remembered by `hhparse hero` on ")
    assert heroes_of(store, "results") == heroes_of(store, "sessions") == {"El Gato"}
    assert heroes_of(store, "results", {"hero": "Hero"}) == {"Hero"}  # --hero wins
    forgotten = remember_hero(store, None)
    assert forgotten.remembered is None and forgotten.player == "Hero"
    assert heroes_of(store, "results") == {"Hero"}


def test_an_unknown_name_is_refused_with_similar_ones(store: Path) -> None:
    with pytest.raises(UnknownPlayer, match=r"no hand of the store has a player 'el gato'; "
                                            r"did you mean 'El Gato'\?"):
        remember_hero(store, "el gato")
    assert read_hero(store).remembered is None


def test_the_command_shows_remembers_and_forgets(store: Path) -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["hero", "--db", str(store)])
    assert shown.exit_code == 0 and shown.stdout.startswith("hero: Hero (dealt face-down")
    set_ = runner.invoke(app, ["hero", "El Gato", "--db", str(store), "--json"])
    assert set_.exit_code == 0, set_.output
    assert json.loads(set_.stdout)["hero"] == "El Gato"
    report = runner.invoke(app, ["report", "results", "--db", str(store), "-f", "csv"])
    assert report.exit_code == 0
    assert "hero: El Gato (remembered by `hhparse hero` on " in report.stderr
    assert {line.split(",")[0] for line in report.stdout.splitlines()[1:]} == {"El Gato"}
    unknown = runner.invoke(app, ["hero", "Nobody At All", "--db", str(store)])
    assert unknown.exit_code == 1
    assert unknown.stderr.startswith("Error: no hand of the store has a player 'Nobody At All'")
    both = runner.invoke(app, ["hero", "Hero", "--forget", "--db", str(store)])
    assert both.exit_code == 1
    forgot = runner.invoke(app, ["hero", "--forget", "--db", str(store)])
    assert forgot.exit_code == 0 and forgot.stdout.startswith("hero: Hero (dealt")
