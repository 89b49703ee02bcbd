"""The SQL reports (sql/reports/*.sql) and the exact draw probabilities.

Each report runs on a few hand-written rows with exactly the expected output, then on the
database built from the shared corpus, where its numbers must agree with the other tables
and, for draw_frequencies, with a count made straight from the raw text.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from datetime import date, datetime
from itertools import combinations
from pathlib import Path
from typing import Any

import duckdb
import polars as pl
import pytest

from hhparse.cards import DECK, Card, parse_cards
from hhparse.evaluators import RANKINGS
from hhparse.ingest import ingest
from hhparse.reports import get_report, run_report_on
from hhparse.reports.probability import (
    class_distribution,
    draw_improvement_with_probability,
    make_probability,
)
from hhparse.store import derive_stored_facts, open_store
from hhparse.variants.registry import get_variant
from tests.corpus import FPDB, needs_corpus

REPORTS = (
    "draw_frequencies", "showdown_outcomes", "player_summary", "razz_third_street",
    "draw_improvement", "results", "sessions",
)
STUD = ("razz", "stud", "stud8")
DRAW_ROUNDS = ("predraw", "draw1", "draw2", "draw3")
STUD_STREETS = ("3rd", "4th", "5th", "6th", "7th")


# --- arranging rows ----------------------------------------------------------------------


@pytest.fixture
def con(tmp_path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    store = open_store(tmp_path / "x.duckdb")
    yield store
    store.close()


def _insert(con: duckdb.DuckDBPyConnection, table: str, row: dict[str, Any]) -> None:
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    con.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", list(row.values()))


def add_hand(
    con: duckdb.DuckDBPyConnection, hand_id: str, variant: str, players: int, **values: Any
) -> None:
    row: dict[str, Any] = {
        "site": "pokerstars", "hand_id": hand_id, "variant": variant, "structure": "fl",
        "currency": "chips", "unit": "chips", "small_bet": 10, "big_bet": 20,
        "started_at": datetime(2024, 1, 1, 12), "players_dealt": players, "total_pot": 0,
        "rake": 0, "went_to_showdown": False, "play_money": False, "zoom": False,
        "source_path": "test", "byte_offset": 0, "first_line": 1, "warnings": 0,
    }
    row.update(values)
    _insert(con, "hands", row)


def add_player(
    con: duckdb.DuckDBPyConnection, hand_id: str, player: str, seat: int, **values: Any
) -> None:
    row: dict[str, Any] = {
        "site": "pokerstars", "hand_id": hand_id, "player": player, "seat": seat,
        "is_hero": False, "dealt_in": True, "starting_stack": 1000, "contributed": 0,
        "collected": 0, "net": 0, "went_to_showdown": False, "won_at_showdown": False,
    }
    row.update(values)
    _insert(con, "players", row)


def add_actions(
    con: duckdb.DuckDBPyConnection, hand_id: str, stud: bool,
    lines: Sequence[tuple[Any, ...]],
) -> None:
    """Lines of (round_index, player, kind[, amount[, new_cards]]), numbered in order."""
    names = STUD_STREETS if stud else DRAW_ROUNDS
    for seq, (round_index, player, kind, *rest) in enumerate(lines):
        _insert(con, "actions", {
            "site": "pokerstars", "hand_id": hand_id, "seq": seq, "round_index": round_index,
            "round_name": names[round_index], "player": player, "kind": kind,
            "amount": rest[0] if rest else 0, "all_in": False,
            "new_cards": rest[1] if len(rest) > 1 else None, "source_line": seq + 1,
        })


def add_draws(
    con: duckdb.DuckDBPyConnection, hand_id: str, draws: Sequence[tuple[str, int, int]]
) -> None:
    """Draws of unknown cards: (player, draw_round, discarded)."""
    for player, draw_round, discarded in draws:
        _insert(con, "draws", {
            "site": "pokerstars", "hand_id": hand_id, "player": player,
            "draw_round": draw_round, "discarded": discarded,
        })


def add_known_draw(
    con: duckdb.DuckDBPyConnection, hand_id: str, player: str, draw_round: int,
    before: str, discarded: str, new: str,
) -> None:
    thrown = discarded.split()
    after = [card for card in before.split() if card not in thrown] + new.split()
    _insert(con, "draws", {
        "site": "pokerstars", "hand_id": hand_id, "player": player, "draw_round": draw_round,
        "discarded": len(thrown), "discarded_cards": discarded, "new_cards": new,
        "hand_before": before, "hand_after": " ".join(after),
    })


def rows(frame: pl.DataFrame, *columns: str) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in frame.select(columns).iter_rows()]


# --- the catalog -------------------------------------------------------------------------


@pytest.mark.parametrize("name", REPORTS)
def test_report_header_gives_grain_and_parameters(name: str) -> None:
    report = get_report(name)
    assert report.grain
    header = [line for line in report.sql.splitlines() if line.startswith("--")]
    declared = next(line for line in header if line.startswith("-- Parameters:"))
    assert set(re.findall(r"\$([a-z_]+)", declared)) == set(report.parameters)
    code = [line.split("--")[0] for line in report.sql.splitlines()]
    assert ";" not in "".join(code), "one statement per file"


@pytest.mark.parametrize("name", REPORTS)
def test_report_runs_on_an_empty_store(con: duckdb.DuckDBPyConnection, name: str) -> None:
    assert run_report_on(con, name, {}).height == 0


# --- draw_frequencies ----------------------------------------------------------------------


def _draw_frequency_hands(con: duckdb.DuckDBPyConnection) -> None:
    # A: Alice draws then stays pat (a made 9-low); Bob pat twice then breaks; Carol folds.
    add_hand(con, "A", "27_triple_draw", 3)
    add_player(con, "A", "Alice", 1, position="BTN", went_to_showdown=True,
               final_class="9-low")
    add_player(con, "A", "Bob", 2, position="SB", went_to_showdown=True, final_class="pair")
    add_player(con, "A", "Carol", 3, position="BB")
    add_draws(con, "A", [("Bob", 1, 0), ("Carol", 1, 3), ("Alice", 1, 2),
                         ("Bob", 2, 0), ("Carol", 2, 1), ("Alice", 2, 0),
                         ("Bob", 3, 1), ("Alice", 3, 0)])
    # B: Dave snows (pat from the start with a K-low); Erin draws one each time.
    add_hand(con, "B", "27_triple_draw", 4)
    add_player(con, "B", "Dave", 1, position="BTN", went_to_showdown=True, final_class="K-low")
    add_player(con, "B", "Erin", 2, position="SB", went_to_showdown=True, final_class="8-low")
    add_player(con, "B", "Zed", 3, position="BB")
    add_player(con, "B", "Yan", 4, position="UTG")
    add_draws(con, "B", [("Erin", 1, 1), ("Dave", 1, 0), ("Erin", 2, 1), ("Dave", 2, 0),
                         ("Erin", 3, 1), ("Dave", 3, 0)])
    # C: five-card draw, Finn pat with two pair (made), Gus draws three.
    add_hand(con, "C", "five_card_draw", 2)
    add_player(con, "C", "Finn", 1, position="BTN", went_to_showdown=True,
               final_class="two pair")
    add_player(con, "C", "Gus", 2, position="BB", went_to_showdown=True, final_class="pair")
    add_draws(con, "C", [("Gus", 1, 3), ("Finn", 1, 0)])
    # D: out of the date range below
    add_hand(con, "D", "five_card_draw", 2, started_at=datetime(2023, 6, 1))
    add_player(con, "D", "Finn", 1, position="BTN")
    add_draws(con, "D", [("Finn", 1, 5)])
    derive_stored_facts(con)


DRAW_FREQUENCY_COLUMNS = (
    "variant", "draw_round", "position", "player", "players", "decisions", "pat", "draw_1",
    "draw_2", "draw_3", "draw_4", "draw_5", "pat_pct", "draw_1_pct", "draw_2_pct",
    "draw_3_pct", "draw_4_pct", "draw_5_pct", "pat_from_start_pct", "break_pct", "snow_pct",
)


def test_draw_frequencies_on_hand_written_rows(con: duckdb.DuckDBPyConnection) -> None:
    _draw_frequency_hands(con)
    frame = run_report_on(con, "draw_frequencies", {"since": date(2024, 1, 1)})
    assert tuple(frame.columns) == DRAW_FREQUENCY_COLUMNS
    assert rows(frame, *DRAW_FREQUENCY_COLUMNS) == [
        ("27_triple_draw", 1, None, None, None, 5, 2, 1, 1, 1, 0, 0,
         40.0, 20.0, 20.0, 20.0, 0.0, 0.0, 40.0, None, 100.0),
        ("27_triple_draw", 2, None, None, None, 5, 3, 2, 0, 0, 0, 0,
         60.0, 40.0, 0.0, 0.0, 0.0, 0.0, 40.0, 0.0, 50.0),
        ("27_triple_draw", 3, None, None, None, 4, 2, 2, 0, 0, 0, 0,
         50.0, 50.0, 0.0, 0.0, 0.0, 0.0, 25.0, 33.33, 50.0),
        ("five_card_draw", 1, None, None, None, 2, 1, 0, 0, 1, 0, 0,
         50.0, 0.0, 0.0, 50.0, 0.0, 0.0, 50.0, None, 0.0),
    ]


def test_draw_frequencies_options_and_filters(con: duckdb.DuckDBPyConnection) -> None:
    _draw_frequency_hands(con)
    everything = run_report_on(con, "draw_frequencies", {})
    assert rows(everything, "variant", "draw_round", "decisions", "draw_5") == [
        ("27_triple_draw", 1, 5, 0), ("27_triple_draw", 2, 5, 0), ("27_triple_draw", 3, 4, 0),
        ("five_card_draw", 1, 3, 1),
    ]
    bob = run_report_on(con, "draw_frequencies", {"player": "Bob", "by_player": True})
    assert rows(bob, "variant", "draw_round", "player", "decisions", "pat", "draw_1",
                "pat_from_start_pct", "break_pct", "snow_pct") == [
        ("27_triple_draw", 1, "Bob", 1, 1, 0, 100.0, None, None),
        ("27_triple_draw", 2, "Bob", 1, 1, 0, 100.0, 0.0, None),
        ("27_triple_draw", 3, "Bob", 1, 0, 1, 0.0, 100.0, None),
    ]
    by_seats = run_report_on(con, "draw_frequencies", {
        "variant": "27_triple_draw", "by_players": True, "by_position": True,
    })
    assert rows(by_seats, "draw_round", "position", "players", "decisions", "pat") == [
        (1, "SB", 3, 1, 1), (1, "SB", 4, 1, 0), (1, "BB", 3, 1, 0), (1, "BTN", 3, 1, 0),
        (1, "BTN", 4, 1, 1),
        (2, "SB", 3, 1, 1), (2, "SB", 4, 1, 0), (2, "BB", 3, 1, 0), (2, "BTN", 3, 1, 1),
        (2, "BTN", 4, 1, 1),
        (3, "SB", 3, 1, 0), (3, "SB", 4, 1, 0), (3, "BTN", 3, 1, 1), (3, "BTN", 4, 1, 1),
    ]
    assert run_report_on(con, "draw_frequencies", {"until": "2023-06-01"})["decisions"] \
        .to_list() == [1]
    # Hank breaks his pat hand at the second draw; drawing again at the third is no break
    add_hand(con, "E", "27_triple_draw", 2)
    add_draws(con, "E", [("Hank", 1, 0), ("Hank", 2, 2), ("Hank", 3, 1)])
    derive_stored_facts(con)
    hank = run_report_on(con, "draw_frequencies", {"player": "Hank"})
    assert rows(hank, "draw_round", "pat_from_start_pct", "break_pct") == [
        (1, 100.0, None), (2, 0.0, 100.0), (3, 0.0, None),
    ]


# --- showdown_outcomes ---------------------------------------------------------------------


def _showdown_hands(con: duckdb.DuckDBPyConnection) -> None:
    add_hand(con, "A", "27_triple_draw", 4)
    add_player(con, "A", "Alice", 1, went_to_showdown=True, won_at_showdown=True,
               final_class="9-low", final_cards="9c 7d 5h 3s 2c")
    add_player(con, "A", "Bob", 2, went_to_showdown=True, final_class="pair",
               final_cards="9c 9d 5h 3s 2c")
    add_player(con, "A", "Carol", 3)
    add_player(con, "A", "Zed", 4)  # folded before the first draw
    add_draws(con, "A", [("Alice", 1, 2), ("Bob", 1, 1), ("Carol", 1, 3), ("Alice", 2, 1),
                         ("Bob", 2, 0), ("Carol", 2, 1), ("Alice", 3, 0), ("Bob", 3, 1)])
    add_hand(con, "B", "27_triple_draw", 2)
    add_player(con, "B", "Dave", 1, went_to_showdown=True, final_class="K-low")
    add_player(con, "B", "Erin", 2, went_to_showdown=True, won_at_showdown=True,
               final_class="8-low")
    add_draws(con, "B", [("Dave", 1, 0), ("Erin", 1, 2), ("Dave", 2, 0), ("Erin", 2, 1),
                         ("Dave", 3, 0), ("Erin", 3, 1)])
    add_hand(con, "C", "badugi", 3)
    add_player(con, "C", "Finn", 1, went_to_showdown=True, won_at_showdown=True,
               final_class="4-card badugi", final_cards="Ac 3d 8h 7s")
    add_player(con, "C", "Gus", 2, went_to_showdown=True, final_class="3-card",
               final_cards="Ac 3d 8h 7h")
    add_player(con, "C", "Hal", 3, went_to_showdown=True)  # mucked: cards unknown
    add_draws(con, "C", [("Finn", 1, 1), ("Gus", 1, 1), ("Hal", 1, 2), ("Finn", 2, 1),
                         ("Gus", 2, 1), ("Hal", 2, 2), ("Finn", 3, 0), ("Gus", 3, 1),
                         ("Hal", 3, 2)])
    add_hand(con, "R", "razz", 3)
    add_player(con, "R", "Ivy", 1, went_to_showdown=True, won_at_showdown=True,
               final_class="7-low")
    add_player(con, "R", "Jay", 2, went_to_showdown=True, final_class="pair")
    add_player(con, "R", "Kim", 3)
    add_actions(con, "R", True, [
        (0, "Kim", "bring_in", 5), (0, "Ivy", "complete", 10), (0, "Jay", "call", 10),
        (0, "Kim", "fold"), (1, "Ivy", "dealt"), (1, "Jay", "dealt"),
    ])
    add_hand(con, "S", "badeucey", 2)
    add_player(con, "S", "Lou", 1, went_to_showdown=True, won_at_showdown=True,
               final_class="4-card badugi / 9-low")
    add_player(con, "S", "Max", 2, went_to_showdown=True, final_class="3-card / pair")
    add_draws(con, "S", [("Lou", 1, 1), ("Max", 1, 2), ("Lou", 2, 1), ("Max", 2, 1),
                         ("Lou", 3, 0), ("Max", 3, 1)])
    add_hand(con, "H", "stud8", 2)
    add_player(con, "H", "Ned", 1, went_to_showdown=True, won_at_showdown=True,
               final_class="two pair / 8-low")
    add_player(con, "H", "Oz", 2, went_to_showdown=True, final_class="pair")
    add_actions(con, "H", True, [
        (0, "Oz", "bring_in", 5), (0, "Ned", "call", 5), (0, "Oz", "check"),
        (1, "Ned", "dealt"), (1, "Oz", "dealt"),
    ])
    derive_stored_facts(con)


SHOWDOWN_COLUMNS = (
    "variant", "class_group", "showdowns", "won", "lost", "win_pct",
    "players_seen_second_round", "went_to_showdown_pct", "won_at_showdown_pct",
)


def test_showdown_outcomes_on_hand_written_rows(con: duckdb.DuckDBPyConnection) -> None:
    _showdown_hands(con)
    frame = run_report_on(con, "showdown_outcomes", {})
    assert tuple(frame.columns) == SHOWDOWN_COLUMNS
    assert rows(frame, *SHOWDOWN_COLUMNS) == [
        ("27_triple_draw", "8-low", 1, 1, 0, 100.0, 5, 80.0, 50.0),
        ("27_triple_draw", "9-low", 1, 1, 0, 100.0, 5, 80.0, 50.0),
        ("27_triple_draw", "J+", 1, 0, 1, 0.0, 5, 80.0, 50.0),
        ("27_triple_draw", "pair+", 1, 0, 1, 0.0, 5, 80.0, 50.0),
        ("27_triple_draw", "last draw: pat", 2, 1, 1, 50.0, 5, 80.0, 50.0),
        ("27_triple_draw", "last draw: 1", 2, 1, 1, 50.0, 5, 80.0, 50.0),
        ("badeucey", "4-card / 9-low", 1, 1, 0, 100.0, 2, 100.0, 50.0),
        ("badeucey", "3-card / pair+", 1, 0, 1, 0.0, 2, 100.0, 50.0),
        ("badeucey", "last draw: pat", 1, 1, 0, 100.0, 2, 100.0, 50.0),
        ("badeucey", "last draw: 1", 1, 0, 1, 0.0, 2, 100.0, 50.0),
        ("badugi", "4-card 8", 1, 1, 0, 100.0, 3, 100.0, 33.33),
        ("badugi", "3-card", 1, 0, 1, 0.0, 3, 100.0, 33.33),
        ("badugi", "unknown", 1, 0, 1, 0.0, 3, 100.0, 33.33),
        ("badugi", "last draw: pat", 1, 1, 0, 100.0, 3, 100.0, 33.33),
        ("badugi", "last draw: 1", 1, 0, 1, 0.0, 3, 100.0, 33.33),
        ("badugi", "last draw: 2", 1, 0, 1, 0.0, 3, 100.0, 33.33),
        ("razz", "7-low", 1, 1, 0, 100.0, 2, 100.0, 50.0),
        ("razz", "pair", 1, 0, 1, 0.0, 2, 100.0, 50.0),
        ("stud8", "two pair / low", 1, 1, 0, 100.0, 2, 100.0, 50.0),
        ("stud8", "pair", 1, 0, 1, 0.0, 2, 100.0, 50.0),
    ]
    dave = run_report_on(con, "showdown_outcomes", {"player": "Dave"})
    assert rows(dave, "class_group", "showdowns", "players_seen_second_round") == [
        ("J+", 1, 1), ("last draw: pat", 1, 1),
    ]


# --- player_summary ------------------------------------------------------------------------


def _summary_hands(con: duckdb.DuckDBPyConnection) -> None:
    # 1: Ann raises, Ben 3-bets from the small blind, Cat folds; Ben wins the showdown.
    add_hand(con, "1", "27_triple_draw", 3, went_to_showdown=True)
    add_player(con, "1", "Ann", 1, net=-80, went_to_showdown=True)
    add_player(con, "1", "Ben", 2, net=90, went_to_showdown=True, won_at_showdown=True)
    add_player(con, "1", "Cat", 3, net=-10)
    add_actions(con, "1", False, [
        (0, "Ben", "post_sb", 5), (0, "Cat", "post_bb", 10), (0, "Ann", "raise", 20),
        (0, "Ben", "raise", 25), (0, "Cat", "fold"), (0, "Ann", "call", 10),
        (1, "Ben", "discard"), (1, "Ann", "discard"), (1, "Ben", "bet", 10),
        (1, "Ann", "call", 10), (2, "Ben", "check"), (2, "Ann", "bet", 20),
        (2, "Ben", "raise", 40), (2, "Ann", "call", 20),
    ])
    add_draws(con, "1", [("Ben", 1, 2), ("Ann", 1, 1), ("Ben", 2, 0), ("Ann", 2, 1)])
    # 2: limped pot; Cat raises after the draw and takes it.
    add_hand(con, "2", "27_triple_draw", 3)
    add_player(con, "2", "Ann", 1, net=-30)
    add_player(con, "2", "Ben", 2, net=-10)
    add_player(con, "2", "Cat", 3, net=40)
    add_actions(con, "2", False, [
        (0, "Ann", "post_sb", 5), (0, "Ben", "post_bb", 10), (0, "Cat", "call", 10),
        (0, "Ann", "call", 5), (0, "Ben", "check"), (1, "Ann", "discard"),
        (1, "Ben", "discard"), (1, "Cat", "discard"), (1, "Ann", "bet", 10),
        (1, "Ben", "fold"), (1, "Cat", "raise", 20), (1, "Ann", "call", 10),
        (2, "Ann", "check"), (2, "Cat", "bet", 20), (2, "Ann", "fold"),
    ])
    add_draws(con, "2", [("Ann", 1, 1), ("Ben", 1, 2), ("Cat", 1, 1), ("Ann", 2, 1),
                         ("Cat", 2, 0)])
    # 3: no-limit five-card draw in cents: the big blind measures the result.
    add_hand(con, "3", "five_card_draw", 2, structure="nl", currency="USD", unit="cents",
             small_bet=None, big_bet=None, small_blind=25, big_blind=50)
    add_player(con, "3", "Ann", 1, net=-25)
    add_player(con, "3", "Ben", 2, net=25)
    add_actions(con, "3", False, [
        (0, "Ann", "post_sb", 25), (0, "Ben", "post_bb", 50), (0, "Ann", "fold"),
    ])
    derive_stored_facts(con)


SUMMARY_COLUMNS = (
    "player", "variant", "unit", "currency", "structure", "stakes", "hands", "vpip_pct",
    "first_round_raise_pct", "three_bet_pct", "steal_pct", "aggression", "wtsd_pct",
    "wsd_pct", "net", "net_big_bets_per_100", "per_100_in",
)


def test_player_summary_on_hand_written_rows(con: duckdb.DuckDBPyConnection) -> None:
    _summary_hands(con)
    frame = run_report_on(con, "player_summary", {})
    assert tuple(frame.columns) == SUMMARY_COLUMNS
    # the rows carry no positions: no steal chances
    assert rows(frame, *SUMMARY_COLUMNS) == [
        ("Ann", "27_triple_draw", "chips", "chips", "fl", "10/20", 2, 100.0, 50.0, None, None,
         0.6, 50.0, 0.0, -110, -275.0, "big bets"),
        ("Ann", "five_card_draw", "cents", "USD", "nl", "0.25/0.50", 1, 0.0, 0.0, None, None,
         None, None, None, -25, -50.0, "big blinds"),
        ("Ben", "27_triple_draw", "chips", "chips", "fl", "10/20", 2, 50.0, 50.0, 100.0, None,
         None, 50.0, 100.0, 80, 200.0, "big bets"),
        ("Ben", "five_card_draw", "cents", "USD", "nl", "0.25/0.50", 1, 0.0, 0.0, None, None,
         None, None, None, 25, 50.0, "big blinds"),
        ("Cat", "27_triple_draw", "chips", "chips", "fl", "10/20", 2, 50.0, 0.0, None, None,
         2.0, 0.0, None, 30, 75.0, "big bets"),
    ]
    ben = run_report_on(con, "player_summary", {"player": "Ben", "variant": "27_triple_draw"})
    assert rows(ben, "player", "hands", "three_bet_pct", "aggression") == [
        ("Ben", 2, 100.0, None),
    ]


def test_player_summary_never_adds_hands_of_different_stakes(
    con: duckdb.DuckDBPyConnection,
) -> None:
    """+2 big bets at 10/20 and -1 big bet at 100/200 are two rows (+200 and -100 big bets
    per 100), never one row of +80 chips and +50 big bets per 100."""
    for hand_id, small, big, net in (("S1", 10, 20, 40), ("S2", 100, 200, -200)):
        add_hand(con, hand_id, "badugi", 2, small_bet=small, big_bet=big)
        add_player(con, hand_id, "Ann", 1, net=net)
        add_player(con, hand_id, "Ben", 2, net=-net)
    add_hand(con, "S3", "badugi", 2, small_bet=None, big_bet=None)  # the log gave no stakes
    add_player(con, "S3", "Ann", 1, net=5)
    add_player(con, "S3", "Ben", 2, net=-5)
    derive_stored_facts(con)
    ann = run_report_on(con, "player_summary", {"player": "Ann"})
    assert rows(ann, "stakes", "hands", "net", "net_big_bets_per_100", "per_100_in") == [
        ("10/20", 1, 40, 200.0, "big bets"),
        ("100/200", 1, -200, -100.0, "big bets"),
        (None, 1, 5, None, None),
    ]


def test_ante_only_hands_have_vpip_raises_and_steal_chances(
    con: duckdb.DuckDBPyConnection,
) -> None:
    """Antes only: nobody has a bet to call, so the first voluntary chips are a bet. VPIP
    counts a bet or a call, the first-round raise counts the opening bet, a 3-bet is the
    2nd raise (the opening bet is the 1st bet); a steal chance is a first decision with
    everybody before him having checked or folded, from the cutoff or the button."""
    # A1: Ann (UTG) and Ben (CO) check, Cat (BTN) bets: a steal; Ann calls, Ben folds.
    add_hand(con, "A1", "five_card_draw", 3, forced_bets="antes", button_seat=3)
    for seat, (name, position) in enumerate((("Ann", "UTG"), ("Ben", "CO"), ("Cat", "BTN")),
                                            start=1):
        add_player(con, "A1", name, seat, position=position)
    add_actions(con, "A1", False, [
        (0, "Ann", "ante", 5), (0, "Ben", "ante", 5), (0, "Cat", "ante", 5),
        (0, "Ann", "check"), (0, "Ben", "check"), (0, "Cat", "bet", 10), (0, "Ann", "call", 10),
        (0, "Ben", "fold"),
    ])
    # A2: Ann (UTG) bets first in (not a steal seat); Ben (CO) raises: no chance, he faced a
    # bet; Cat (BTN) re-raises: the 3rd bet.
    add_hand(con, "A2", "five_card_draw", 3, forced_bets="antes", button_seat=3)
    for seat, (name, position) in enumerate((("Ann", "UTG"), ("Ben", "CO"), ("Cat", "BTN")),
                                            start=1):
        add_player(con, "A2", name, seat, position=position)
    add_actions(con, "A2", False, [
        (0, "Ann", "ante", 5), (0, "Ben", "ante", 5), (0, "Cat", "ante", 5),
        (0, "Ann", "bet", 10), (0, "Ben", "raise", 20), (0, "Cat", "raise", 30),
        (0, "Ann", "fold"), (0, "Ben", "fold"),
    ])
    derive_stored_facts(con)
    facts = con.execute(
        "SELECT hand_id, player, vpip, first_round_raise, steal_chance, three_bet_chance, "
        "three_bet FROM players ORDER BY hand_id, seat").fetchall()
    assert facts == [
        ("A1", "Ann", True, False, False, False, False),
        ("A1", "Ben", False, False, True, False, False),
        ("A1", "Cat", True, True, True, False, False),
        ("A2", "Ann", True, True, False, False, False),
        ("A2", "Ben", True, True, False, False, False),
        ("A2", "Cat", True, True, False, True, True),
    ]
    frame = run_report_on(con, "player_summary", {})
    assert rows(frame, "player", "vpip_pct", "first_round_raise_pct", "steal_pct") == [
        ("Ann", 100.0, 50.0, None), ("Ben", 50.0, 50.0, 0.0), ("Cat", 100.0, 100.0, 100.0),
    ]


def test_three_bets_count_the_levels_of_the_first_round(
    con: duckdb.DuckDBPyConnection,
) -> None:
    # Stud: the completion is the 1st bet, so Ann's raise is the 2nd and Ben's the 3rd;
    # Cat faced the 2nd bet before him and only called.
    add_hand(con, "S", "stud", 3)
    for seat, name in enumerate(("Ann", "Cat", "Ben", "Dan"), start=1):
        add_player(con, "S", name, seat)
    add_actions(con, "S", True, [
        (0, "Dan", "bring_in", 5), (0, "Ann", "complete", 15), (0, "Cat", "raise", 20),
        (0, "Ben", "call", 20), (0, "Dan", "raise", 30), (0, "Ann", "fold"),
        (0, "Cat", "call", 10), (0, "Ben", "fold"),
    ])
    derive_stored_facts(con)
    frame = run_report_on(con, "player_summary", {})
    assert rows(frame, "player", "three_bet_pct", "first_round_raise_pct") == [
        ("Ann", None, 100.0), ("Ben", 0.0, 0.0), ("Cat", None, 100.0), ("Dan", 100.0, 100.0),
    ]


# --- razz_third_street ---------------------------------------------------------------------


def _razz_hands(con: duckdb.DuckDBPyConnection) -> None:
    def hand(hand_id: str, doors: list[tuple[str, str]], lines: list[tuple[str, str]]) -> None:
        add_hand(con, hand_id, "razz", len(doors))
        for seat, (name, _) in enumerate(doors, start=1):
            add_player(con, hand_id, name, seat)
        dealt = [(0, name, "dealt", 0, ("5h 6h " if name == "Amy" else "") + door)
                 for name, door in doors]
        add_actions(con, hand_id, True, dealt + [(0, name, kind) for name, kind in lines])

    # R1: Cy steals from the last seats; Amy (bring-in) defends.
    hand("R1", [("Amy", "Kc"), ("Bo", "5d"), ("Cy", "9h"), ("Di", "3s")],
         [("Amy", "bring_in"), ("Bo", "fold"), ("Cy", "complete"), ("Di", "fold"),
          ("Amy", "call")])
    # R2: Cy limps from the last seats; Amy completes behind; Bo (bring-in) gives up.
    hand("R2", [("Bo", "Qs"), ("Cy", "4c"), ("Amy", "2h")],
         [("Bo", "bring_in"), ("Cy", "call"), ("Amy", "complete"), ("Bo", "fold"),
          ("Cy", "call")])
    # R3: the bring-in player completes at once.
    hand("R3", [("Cy", "Kd"), ("Bo", "8c")], [("Cy", "complete"), ("Bo", "call")])
    # R4: Amy steals with the lowest door card, far from the last seats.
    hand("R4", [("Di", "Jd"), ("Amy", "2c"), ("Bo", "7s"), ("Cy", "8d"), ("Eve", "9c")],
         [("Di", "bring_in"), ("Amy", "complete"), ("Bo", "fold"), ("Cy", "fold"),
          ("Eve", "fold"), ("Di", "fold")])
    derive_stored_facts(con)


RAZZ_COLUMNS = (
    "player", "hands", "bring_ins", "bring_in_completes", "bring_in_complete_pct",
    "steal_chances", "steals", "steal_pct", "defence_chances", "defences",
    "bring_in_defence_pct", "limp_chances", "limps", "limp_pct",
)


def test_razz_third_street_on_hand_written_rows(con: duckdb.DuckDBPyConnection) -> None:
    _razz_hands(con)
    frame = run_report_on(con, "razz_third_street", {})
    assert tuple(frame.columns) == RAZZ_COLUMNS
    assert rows(frame, *RAZZ_COLUMNS) == [
        ("Amy", 3, 1, 0, 0.0, 1, 1, 100.0, 1, 1, 100.0, 1, 0, 0.0),
        ("Bo", 4, 1, 0, 0.0, 0, 0, None, 1, 0, 0.0, 1, 0, 0.0),
        ("Cy", 4, 1, 1, 100.0, 2, 1, 50.0, 0, 0, None, 2, 1, 50.0),
        ("Di", 2, 1, 0, 0.0, 0, 0, None, 1, 0, 0.0, 0, 0, None),
        ("Eve", 1, 0, 0, None, 0, 0, None, 0, 0, None, 0, 0, None),
        (None, 14, 4, 1, 25.0, 3, 2, 66.67, 3, 1, 33.33, 4, 1, 25.0),
    ]
    cy = run_report_on(con, "razz_third_street", {"player": "Cy"})
    assert rows(cy, "player", "hands", "steals") == [("Cy", 4, 1)]


# --- draw_improvement and the exact probabilities -------------------------------------------


def _improvement_hands(con: duckdb.DuckDBPyConnection) -> None:
    for hand_id in ("1", "2", "3"):
        add_hand(con, hand_id, "27_triple_draw", 2)
    add_known_draw(con, "1", "Hero", 1, "2c 3d 4h 5s Kc", "Kc", "7d")
    add_known_draw(con, "1", "Hero", 2, "2c 3d 4h 5s 7d", "", "")  # pat: left out
    add_known_draw(con, "2", "Hero", 1, "2c 3d 4h 5s Kd", "Kd", "6h")
    add_known_draw(con, "3", "Hero", 1, "2c 3d 4h 8s 8c", "8c", "Qd")
    add_known_draw(con, "3", "Hero", 2, "2c 3d 4h 8s Qd", "Qd", "8d")
    add_draws(con, "3", [("Villain", 1, 2)])  # cards unknown: left out
    derive_stored_facts(con)


IMPROVEMENT_COLUMNS = ("variant", "discarded", "holding", "made_class", "draws", "made",
                       "made_pct")


def test_draw_improvement_on_hand_written_rows(con: duckdb.DuckDBPyConnection) -> None:
    _improvement_hands(con)
    frame = run_report_on(con, "draw_improvement", {})
    assert tuple(frame.columns) == (*IMPROVEMENT_COLUMNS, "kept_cards", "seen_cards")
    expected = [
        ("27_triple_draw", 1, "5-high", "7-low", 2, 1, 50.0),
        ("27_triple_draw", 1, "5-high", "straight", 2, 1, 50.0),
        ("27_triple_draw", 1, "8-high", "Q-low", 2, 1, 50.0),
        ("27_triple_draw", 1, "8-high", "pair", 2, 1, 50.0),
    ]
    assert rows(frame, *IMPROVEMENT_COLUMNS) == expected
    per_draw = run_report_on(con, "draw_improvement", {"per_draw": True})
    assert rows(per_draw, "made_class", "kept_cards", "seen_cards") == [
        ("7-low", "2c 3d 4h 5s", "2c 3d 4h 5s Kc"),
        ("straight", "2c 3d 4h 5s", "2c 3d 4h 5s Kd"),
        ("Q-low", "2c 3d 4h 8s", "2c 3d 4h 8c 8s"),
        ("pair", "2c 3d 4h 8s", "2c 3d 4h 8c 8s Qd"),
    ]
    with_chances = draw_improvement_with_probability(con, {})
    assert rows(with_chances, *IMPROVEMENT_COLUMNS) == expected
    assert with_chances["exact_probability"].to_list() == pytest.approx([
        4 / 47,                      # a seven of the 47 unseen cards
        4 / 47,                      # a six
        (4 / 47 + 3 / 46) / 2,       # a queen: four, then three left (the Qd was seen)
        (11 / 47 + 11 / 46) / 2,     # a 2, 3 or 4 (3 each) or one of the two 8s left
    ])


def _brute_force(variant: str, kept: Sequence[Card], seen: Sequence[Card], n: int,
                 accept: Any) -> float:
    ranking = RANKINGS[get_variant(variant).rankings[0]]
    unseen = [card for card in DECK if card not in set(kept) | set(seen)]
    hits = total = 0
    for drawn in combinations(unseen, n):
        total += 1
        hits += bool(accept(ranking.evaluate([*kept, *drawn])))
    return hits / total


def test_make_probability_equals_brute_force() -> None:
    kept, seen = parse_cards("2c 3d 4h 5s"), parse_cards("2c 3d 4h 5s Kc")
    chance = make_probability("27_triple_draw", kept, seen, 1, "7-low or better")
    assert chance == _brute_force(
        "27_triple_draw", kept, seen, 1, lambda e: e.hand_class == "7-low"
    ) == 4 / 47
    assert make_probability("27_triple_draw", kept, seen, 1, "straight") == 4 / 47
    eight = RANKINGS["27"].evaluate(parse_cards("8c 5d 4h 3s 2c")).value
    assert make_probability("27_triple_draw", kept, seen, 1, "8-low or better") == \
        _brute_force("27_triple_draw", kept, seen, 1, lambda e: e.value >= eight) == 8 / 47
    kept, seen = parse_cards("7h 5d 3c"), parse_cards("7h 5d 3c Kh Ks 9c")
    for target in ("7-low", "8-low", "pair", "flush"):
        assert make_probability("27_single_draw", kept, seen, 2, target) == pytest.approx(
            _brute_force("27_single_draw", kept, seen, 2, lambda e, t=target: e.hand_class == t)
        )
    kept, seen = parse_cards("As 2d 3h"), parse_cards("As 2d 3h Kh")
    assert make_probability("badugi", kept, seen, 1, "4-card badugi") == 10 / 48
    kept, seen = parse_cards("Ah 2c"), parse_cards("Ah 2c 7c 7d 9s")
    assert make_probability("a5_single_draw", kept, seen, 3, "7-low") == pytest.approx(
        _brute_force("a5_single_draw", kept, seen, 3, lambda e: e.hand_class == "7-low")
    )


def test_class_distribution_sums_to_one_and_splits_halves() -> None:
    chances = class_distribution("badeucey", parse_cards("2c 3d 4h 7h"),
                                 parse_cards("2c 3d 4h 7h Ks"), 1)
    assert sum(chances.values()) == pytest.approx(1.0)
    # a spade below 7 that pairs nothing: 5s, 6s make a 4-card badugi and a 7-low
    assert chances["4-card badugi / 7-low"] == pytest.approx(2 / 47)
    assert make_probability("badeucey", parse_cards("2c 3d 4h 7h"),
                            parse_cards("2c 3d 4h 7h Ks"), 1, "4-card badugi / 7-low") == \
        pytest.approx(2 / 47)
    with pytest.raises(ValueError, match="holds 5 cards"):
        make_probability("27_triple_draw", parse_cards("2c 3d"), [], 2, "7-low")
    with pytest.raises(ValueError, match="no class"):
        make_probability("27_triple_draw", parse_cards("2c 3d 4h"), [], 2, "7 low")


VARIANT_CASES = {
    "27_triple_draw": ["7h 5d 4c 3s 2h", "6h 5d 4c 3s 2h", "Ah 2d 3c 4s 5h", "Kh Qh 9h 7h 2h",
                       "5h 4h 3h 2h 6h", "Ah Ad 9c 9s 9h", "Ts Tc Td Th 2c"],
    "a5_single_draw": ["Ah 2d 3c 4s 5h", "6h 5h 4h 3h 2h", "Kh Kd 2c 2s 7h", "Kc Qd Jh Ts 9c"],
    "five_card_draw": ["Ah 2d 3c 4s 5h", "Th Jh Qh Kh Ah", "2h 3h 4h 5h 7h", "9c 9d 9h 2s 2c",
                       "Kc Qd Jh Ts 9c", "Ac Ad Kh Ks 2c"],
    "badugi": ["As 2d 3c 4h", "As 2s 3d 3c", "Ah Ad As Ac", "Kh Qd Jc Ts", "2c 3c 4c 5d"],
    "badeucey": ["As 2d 3c 4h 5s", "Ks Qd 9c 7h 7s", "2c 3c 4c 5c 6c"],
    "badacey": ["As 2d 3c 4h 5s", "Ks Qd 9c 7h 7s", "2c 3c 4c 5c 6c"],
}


def _expected_class(variant: str, cards: Sequence[Card]) -> str:
    rankings = get_variant(variant).rankings
    return " / ".join(RANKINGS[ranking].evaluate(cards).hand_class for ranking in rankings)


def test_draw_improvement_classes_agree_with_the_evaluators(
    con: duckdb.DuckDBPyConnection,
) -> None:
    """The SQL names made hands itself: it must say what the evaluators say."""
    rng = random.Random(7)
    expected: Counter[tuple[str, str]] = Counter()
    for variant, hands in VARIANT_CASES.items():
        size = get_variant(variant).hand_size
        dealt = [" ".join(map(str, rng.sample(DECK, size))) for _ in range(150)]
        for number, after in enumerate([*hands, *dealt]):
            hand_id = f"{variant}-{number}"
            add_hand(con, hand_id, variant, 2)
            # the first card is thrown and replaced by the last one of the hand after
            cards = after.split()
            spare = next(str(c) for c in DECK if str(c) not in cards)
            add_known_draw(con, hand_id, "Hero", 1, " ".join([spare, *cards[:-1]]), spare,
                           cards[-1])
            expected[variant, _expected_class(variant, parse_cards(after))] += 1
    derive_stored_facts(con)
    frame = run_report_on(con, "draw_improvement", {})
    found: Counter[tuple[str, str]] = Counter()
    for variant, made_class, made in rows(frame, "variant", "made_class", "made"):
        found[variant, made_class] += made
    assert found == expected


# --- the shared corpus ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    database = tmp_path_factory.mktemp("corpus") / "corpus.duckdb"
    ingest([FPDB / "cash" / "Stars", FPDB / "tour" / "Stars"], database)
    return database


@pytest.fixture
def corpus(corpus_db: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    con = duckdb.connect(str(corpus_db), read_only=True)
    yield con
    con.close()


HEADER_GAMES = {
    "Triple Draw 2-7 Lowball": "27_triple_draw",
    "Single Draw 2-7 Lowball": "27_single_draw",
    "5 Card Draw": "five_card_draw",
    "Badugi": "badugi",
}
DRAW_MARKERS = ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***")
DRAW_LINE = re.compile(r": (?:discards (\d) cards?\b|stands pat\b)")


def _raw_draw_counts(con: duckdb.DuckDBPyConnection) -> Counter[tuple[str, int, int]]:
    """(variant, draw round, cards) -> decisions, read from the accepted hands' own text."""
    counts: Counter[tuple[str, int, int]] = Counter()
    accepted = con.execute(
        "SELECT source_path, byte_offset, byte_length FROM hands ORDER BY ALL"
    ).fetchall()
    texts: dict[str, bytes] = {}
    for path, offset, length in accepted:
        raw = texts.setdefault(path, Path(path).read_bytes())
        text = raw[offset:offset + length].decode("utf-8-sig")
        lines = text.splitlines()
        games = [variant for name, variant in HEADER_GAMES.items() if name in lines[0]]
        if not games:
            continue
        (variant,) = games
        markers = 0
        for line in lines:
            if line.strip() in DRAW_MARKERS:
                markers += 1
            found = DRAW_LINE.search(line)
            if found and " said, " not in line:
                counts[variant, max(markers, 1), int(found.group(1) or 0)] += 1
    return counts


@needs_corpus
def test_draw_frequencies_agree_with_the_raw_text(corpus: duckdb.DuckDBPyConnection) -> None:
    frame = run_report_on(corpus, "draw_frequencies", {})
    from_report: Counter[tuple[str, int, int]] = Counter()
    for row in frame.iter_rows(named=True):
        for cards, column in enumerate(("pat", "draw_1", "draw_2", "draw_3", "draw_4",
                                        "draw_5")):
            if row[column]:
                from_report[row["variant"], row["draw_round"], cards] += row[column]
    raw = _raw_draw_counts(corpus)
    assert sum(raw.values()) > 500
    assert from_report == raw


@needs_corpus
def test_draw_frequencies_options_add_up_on_the_corpus(
    corpus: duckdb.DuckDBPyConnection,
) -> None:
    plain = run_report_on(corpus, "draw_frequencies", {})
    keys = ["variant", "draw_round"]
    sums = ["decisions", "pat", "draw_1", "draw_2", "draw_3", "draw_4", "draw_5"]
    for option in ("by_position", "by_player", "by_players"):
        split = run_report_on(corpus, "draw_frequencies", {option: True})
        added = split.group_by(keys).agg(pl.col(sums).sum()).sort(keys)
        assert added.to_dicts() == plain.select(keys + sums).sort(keys).to_dicts(), option
    assert all(
        row["decisions"] == sum(row[c] for c in sums[1:]) for row in plain.iter_rows(named=True)
    )


@needs_corpus
def test_showdown_outcomes_on_the_corpus(corpus: duckdb.DuckDBPyConnection) -> None:
    frame = run_report_on(corpus, "showdown_outcomes", {})
    showdowns = dict(corpus.execute(
        "SELECT h.variant, count(*) FROM players AS p JOIN hands AS h USING (site, hand_id) "
        "WHERE p.went_to_showdown GROUP BY ALL"
    ).fetchall())
    classes = frame.filter(~pl.col("class_group").str.starts_with("last draw"))
    assert dict(classes.group_by("variant").agg(pl.col("showdowns").sum()).iter_rows()) \
        == showdowns
    last = frame.filter(pl.col("class_group").str.starts_with("last draw"))
    draw_games = {v: n for v, n in showdowns.items() if get_variant(v).is_draw}
    assert dict(last.group_by("variant").agg(pl.col("showdowns").sum()).iter_rows()) \
        == draw_games
    assert (frame["won"] + frame["lost"] == frame["showdowns"]).all()
    assert set(frame["variant"]) == {"27_single_draw", "27_triple_draw", "badugi",
                                     "five_card_draw", "razz", "stud", "stud8"}


@needs_corpus
def test_player_summary_on_the_corpus(corpus: duckdb.DuckDBPyConnection) -> None:
    frame = run_report_on(corpus, "player_summary", {})
    # every player's net adds up to minus the rake, per variant and currency
    nets = frame.group_by(["variant", "currency"]).agg(pl.col("net").sum(),
                                                      pl.col("hands").sum())
    expected = corpus.execute(
        "SELECT variant, currency, -sum(rake), sum(players_dealt) FROM hands GROUP BY ALL"
    ).fetchall()
    assert sorted(nets.iter_rows()) == sorted(expected)
    for column in ("vpip_pct", "first_round_raise_pct", "three_bet_pct", "wtsd_pct",
                   "wsd_pct"):
        values = frame[column].drop_nulls()
        assert values.is_between(0, 100).all(), column
    assert (frame["first_round_raise_pct"] <= frame["vpip_pct"]).all()


@needs_corpus
def test_razz_third_street_on_the_corpus(corpus: duckdb.DuckDBPyConnection) -> None:
    frame = run_report_on(corpus, "razz_third_street", {})
    (razz_hands, dealt) = corpus.execute(
        "SELECT count(DISTINCT hand_id), count(*) FROM hands JOIN players USING (site, hand_id)"
        " WHERE variant = 'razz' AND dealt_in"
    ).fetchone() or (0, 0)
    total = frame.filter(pl.col("player").is_null()).row(0, named=True)
    assert total["bring_ins"] == razz_hands == 20  # one bring-in player per hand
    assert total["hands"] == dealt
    per_player = frame.filter(pl.col("player").is_not_null())
    for column in ("hands", "bring_ins", "steal_chances", "limp_chances", "defence_chances"):
        assert per_player[column].sum() == total[column], column


@needs_corpus
def test_draw_improvement_on_the_corpus(corpus: duckdb.DuckDBPyConnection) -> None:
    report = run_report_on(corpus, "draw_improvement", {})
    enriched = draw_improvement_with_probability(corpus, {})
    assert rows(enriched, *IMPROVEMENT_COLUMNS) == rows(report, *IMPROVEMENT_COLUMNS)
    assert enriched["exact_probability"].is_between(0, 1).all()
    # the classes a group of draws can make share at most all of the chance
    per_group = enriched.group_by(["variant", "discarded", "holding"]).agg(
        pl.col("exact_probability").sum()
    )
    assert (per_group["exact_probability"] <= 1 + 1e-9).all()
    # the class of every known draw is the evaluators' class of the hand after it
    known = corpus.execute(
        "SELECT h.variant, d.hand_after FROM draws AS d JOIN hands AS h USING (site, hand_id)"
        " WHERE d.hand_before IS NOT NULL AND d.discarded > 0"
    ).fetchall()
    expected = Counter((v, _expected_class(v, parse_cards(after))) for v, after in known)
    found: Counter[tuple[str, str]] = Counter()
    for variant, made_class, made in rows(report, "variant", "made_class", "made"):
        found[variant, made_class] += made
    assert found == expected
    assert sum(found.values()) > 100


def test_percentages_round_as_duckdb_rounds_them() -> None:
    from hhparse.reports.probability import _percent

    rounded = duckdb.sql(
        "SELECT c, t, round(100.0 * c / t, 2) FROM range(1, 65) a(t), range(0, 65) b(c)"
        " WHERE c <= t"
    ).fetchall()
    assert [(c, t, _percent(c, t)) for c, t, _ in rounded] == rounded
