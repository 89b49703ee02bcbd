"""The Absolute Poker reader: stud hi/lo text, every card so far on each street's line.

Fixtures in tests/fixtures/absolute/ are written here (named after the quirk each holds);
their defective twins are made from them by one change each. The shared corpus's Absolute
file is read in place.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hhparse.parsers.absolute import is_start, parse_block
from hhparse.parsers.base import HandBlock
from hhparse.parsers.sites import detect_site
from hhparse.pipeline import FileResult, read_bytes, read_file
from hhparse.records import Kind
from hhparse.replay import Status
from tests.corpus import (
    FPDB,
    assert_read_and_judged,
    needs_corpus,
    room_hand_files,
    room_sidecars,
)

FIXTURES = Path(__file__).parent / "fixtures" / "absolute"
HI_LO = FIXTURES / "stud_hi_lo_hidden_cards_and_a_folded_heros_repeated_pocket.txt"
RETURNED = FIXTURES / "completion_returned_not_called_does_not_show.txt"
HOLDEM = FIXTURES / "holdem_is_kept_unsupported.txt"


def read(path: Path, text: str | None = None) -> FileResult:
    data = path.read_bytes() if text is None else text.encode()
    return read_bytes(data, str(path))


def nets(path: Path) -> dict[str, int]:
    return {player.player: player.net for player in read(path).hands[0].players}


# --- the fixtures ------------------------------------------------------------------------


def test_an_absolute_file_is_detected_by_its_stage_line() -> None:
    for path in (HI_LO, RETURNED, HOLDEM):
        site = detect_site(path.read_bytes())
        assert site is not None and site.name == "absolute"
    assert is_start("Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - x")
    assert is_start("Stage #C2200000003: Holdem  No Limit $0.50 - x")
    assert not is_start("Stage #: nothing")
    assert not is_start("Seat 1 - PLAYER1 ($0.17 in chips)")


@pytest.mark.parametrize(("path", "hand_id", "status"), [
    (HI_LO, "2100000001", Status.ACCEPTED),
    (RETURNED, "2100000002", Status.ACCEPTED),
    (HOLDEM, "2200000003", Status.UNSUPPORTED),
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(path: Path, hand_id: str, status: Status) -> None:
    result = read(path)
    assert [(hand.hand.hand_id, hand.status) for hand in result.hands] == [(hand_id, status)]
    assert [p for hand in result.hands for p in hand.problems] == []
    for hand in result.hands:
        if hand.status is Status.ACCEPTED:
            assert sum(player.net for player in hand.players) + hand.rake == 0


def test_the_header_seats_and_hero() -> None:
    hand = read(HI_LO).hands[0].hand
    assert hand.variant_id == "stud8" and hand.structure == "fl"
    assert hand.game_text == "Seven Card Hi/Lo Normal"
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (10, 20)
    assert hand.currency == "USD" and hand.table == "" and hand.button_seat is None
    assert hand.started_at == datetime(2009, 5, 5, 1, 30, tzinfo=UTC)  # EDT
    assert hand.hero == "Hero"
    assert [(seat.seat, seat.player, seat.stack) for seat in hand.seats] == [
        (1, "Hero", 400), (4, "GUNNAR", 650), (6, "HELKA", 320)]


def test_pocket_lines_give_only_the_new_visible_cards() -> None:
    hand = read(HI_LO).hands[0].hand
    gunnar = [(a.street, [str(c) for c in a.cards], [str(c) for c in a.new_cards])
              for a in hand.actions if a.kind is Kind.DEALT and a.player == "GUNNAR"]
    assert gunnar == [(0, [], ["2h"]), (1, ["2h"], ["8h"]), (2, ["2h", "8h"], ["3h"]),
                      (3, ["2h", "8h", "3h"], ["Kc"])]  # the hidden river card: nothing
    hero = [a for a in hand.actions if a.kind is Kind.DEALT and a.player == "Hero"]
    assert len(hero) == 1 and len(hero[0].new_cards) == 3
    assert sum(note.kind == "repeated_pocket" for note in hand.notes) == 4


def test_raises_give_the_round_total_and_hi_lo_halves_are_paid() -> None:
    result = read(HI_LO).hands[0]
    raised = next(a for a in result.hand.actions if a.kind is Kind.RAISE)
    assert (raised.player, raised.amount, raised.to) == ("GUNNAR", 10, 20)
    assert (result.total_pot, result.rake) == (136, 6)  # Total Pot is before the rake
    assert {p.player: (p.net, p.collected, p.won_at_showdown) for p in result.players} == {
        "Hero": (-2, 0, False), "GUNNAR": (-2, 65, True), "HELKA": (-2, 65, True)}
    assert [seat.won for seat in result.hand.summary.seats] == [None, 65, 65]


def test_a_completion_returned_not_called() -> None:
    hand = read(RETURNED).hands[0].hand
    moves = [(a.kind, a.player, a.amount, a.to) for a in hand.actions
             if a.kind in (Kind.COMPLETE, Kind.UNCALLED_RETURN, Kind.NO_SHOW, Kind.COLLECT)]
    assert moves == [(Kind.COMPLETE, "Hero", 5, 10), (Kind.UNCALLED_RETURN, "Hero", 5, None),
                     (Kind.NO_SHOW, "Hero", 0, None), (Kind.COLLECT, "Hero", 16, None)]
    assert nets(RETURNED) == {"ILONA": -7, "Hero": 9, "JARMO": -2}


def test_holdem_is_kept_unread() -> None:
    hand = read(HOLDEM).hands[0].hand
    assert hand.variant_id is None and hand.game_text == "Holdem No Limit"
    assert hand.actions == ()


def test_a_line_not_understood_is_reported_with_its_number() -> None:
    text = HI_LO.read_text().replace("Hero - Folds", "Hero - Folds\nsomething else", 1)
    result = read(HI_LO, text).hands[0]
    unknown = [p for p in result.hand.problems if p.code == "unknown_line"]
    assert len(unknown) == 1 and not unknown[0].fatal and "something" in unknown[0].message


@pytest.mark.parametrize("lines", [
    (), ("Stage #1: x",), ("Stage #1: Seven Card Hi/Lo Normal $1/$2 - 2009-01-01 00:00:00 (ET)",
                           "Seat 1 -"),
    ("Stage #1: Seven Card Hi/Lo Normal - 2009-01-01 00:00:00 (ET)",),
])
def test_a_broken_block_never_raises(lines: tuple[str, ...]) -> None:
    block = HandBlock(file="x", line=1, byte_offset=0, byte_length=1, lines=lines,
                      line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert any(problem.fatal for problem in hand.problems) or hand.variant_id is not None


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(HI_LO, "Total Pot($1.36)", "Total Pot($1.46)", "pot_mismatch",
                 id="total-pot-off"),
    pytest.param(HI_LO, "HELKA Collects $0.65", "HELKA Collects $0.75", "collected_mismatch",
                 id="more-paid-than-put-in"),
    pytest.param(HI_LO, "GUNNAR - Raises $0.20 to $0.20", "GUNNAR - Raises $0.30 to $0.30",
                 "bet_size", id="a-raise-off-the-limit"),
    pytest.param(HI_LO, "HELKA - Shows [Ah 9s 6d", "HELKA - Shows [Ah 9s 2d",
                 "shown_cards_mismatch", id="shown-cards-without-the-up-card"),
    pytest.param(HI_LO, "GUNNAR - Pocket [H H 2h] ", "GUNNAR - Pocket [H H Qh] ",
                 "bring_in_wrong_player", id="the-wrong-bring-in"),
    pytest.param(RETURNED, "JARMO - Folds", "KALLE - Folds", "actor_not_seated",
                 id="nobody-seated-folds"),
    pytest.param(RETURNED, "Normal $0.10/$0.20 -", "Normal 10c/20c -", "unreadable_header",
                 id="stakes-not-readable"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = path.read_text()
    assert text.count(old) == 1
    result = read(path, text.replace(old, new))
    rejected = [hand for hand in result.hands if hand.status is Status.REJECTED]
    assert len(rejected) == 1
    assert code in {problem.code for problem in rejected[0].errors}


# --- the shared corpus -------------------------------------------------------------------

_FILE = "cash/Absolute/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt"
CORPUS = [(_FILE, 1, 0, 0)]
"""(file, accepted, rejected, unsupported): the corpus's one Absolute hand is sound."""


@needs_corpus
def test_the_table_lists_every_absolute_hand_file() -> None:
    assert room_hand_files("Absolute") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    assert_read_and_judged(name, accepted, rejected, unsupported)


@needs_corpus
def test_the_corpus_hand_adds_up() -> None:
    hand = read_file(FPDB / _FILE).hands[0]
    assert {p.player: (p.net, p.collected, p.went_to_showdown, p.won_at_showdown)
            for p in hand.players} == {
        "PLAYER1": (-10, 0, True, False), "PLAYER2": (-1, 0, False, False),
        "PLAYER3": (9, 19, True, True), "Hero": (-1, 0, False, False),
        "PLAYER5": (-1, 0, False, False), "PLAYER6": (10, 20, True, True),
        "PLAYER7": (-10, 0, True, False)}
    assert (hand.total_pot, hand.rake) == (43, 4)


@needs_corpus
def test_absolute_sidecars_are_found() -> None:
    assert room_sidecars("Absolute") == []  # fpdb ships no expected results for this file
