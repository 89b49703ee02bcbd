"""The Bovada / Bodog reader: stud and stud hi/lo text, anonymous seats, no stakes printed.

Fixtures in tests/fixtures/bovada/ are written here (named after the quirk each holds);
their defective twins are made from them by one change each. The shared corpus's Bovada
files are read in place (fpdb ships no expected results for them).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hhparse.parsers.base import HandBlock
from hhparse.parsers.bovada import is_start, parse_block
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

FIXTURES = Path(__file__).parent / "fixtures" / "bovada"
BODOG = FIXTURES / "bodog_no_street_markers_double_bet_sit_out.txt"
HI_LO = FIXTURES / "bovada_hi_lo_low_card_completes_rake_not_printed.txt"
TOURNAMENT = FIXTURES / "tournament_all_ins_side_pot_ranking_crlf_bom.txt"
HOLDEM = FIXTURES / "holdem_is_kept_unsupported.txt"


def read(path: Path, text: str | None = None, name: str | None = None) -> FileResult:
    data = path.read_bytes() if text is None else text.encode()
    return read_bytes(data, name or str(path))


def statuses(result: FileResult) -> list[tuple[str, Status]]:
    return [(hand.hand.hand_id, hand.status) for hand in result.hands]


def nets(result: FileResult, index: int = 0) -> dict[str, int]:
    return {player.player: player.net for player in result.hands[index].players}


def moves(result: FileResult, index: int, street: int) -> list[tuple[object, ...]]:
    return [(a.kind, a.player, a.amount, a.to, a.all_in) for a in result.hands[index].hand.actions
            if a.street == street and a.kind not in (Kind.DEALT, Kind.ANTE)]


# --- the fixtures ------------------------------------------------------------------------


def test_a_bovada_file_is_detected_by_its_hand_line() -> None:
    for path in (BODOG, HI_LO, TOURNAMENT, HOLDEM):
        site = detect_site(path.read_bytes())
        assert site is not None and site.name == "bovada"
    assert is_start("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07")
    assert is_start("Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- "
                    "Level 1 (0/0) - 2012-06-17 22:21:03")
    assert is_start("Ignition Hand #3000000001 TBL#1 HOLDEM No Limit - 2016-01-01 00:00:00")
    assert not is_start("Bovada Hands #1 TBL#1")
    assert not is_start("Seat+1 : Card dealt to a spot [7h 8c Jc]")


@pytest.mark.parametrize(("path", "expected"), [
    (BODOG, [("1000000001", Status.ACCEPTED), ("1000000002", Status.ACCEPTED)]),
    (HI_LO, [("2000000001", Status.ACCEPTED), ("2000000002", Status.ACCEPTED)]),
    (TOURNAMENT, [("3000000001", Status.ACCEPTED)]),
    (HOLDEM, [("4000000001", Status.UNSUPPORTED)]),
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(path: Path, expected: list[tuple[str, Status]]) -> None:
    result = read(path)
    assert statuses(result) == expected
    assert [p for hand in result.hands for p in hand.problems] == []
    for hand in result.hands:
        if hand.status is Status.ACCEPTED:
            assert sum(player.net for player in hand.players) + hand.rake == 0


def test_the_cash_header_seats_hero_and_stakes_from_the_play() -> None:
    hand = read(BODOG).hands[0].hand
    assert hand.variant_id == "stud" and hand.structure == "fl"
    assert hand.game_text == "7CARD Fixed Limit" and hand.currency == "USD"
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (5, 10)  # not printed: read
    assert hand.started_at == datetime(2013, 1, 11, 1, 15, tzinfo=UTC)  # Eastern (EST)
    assert (hand.table, hand.tournament, hand.hero) == ("555", None, "Seat+2")
    assert [(seat.seat, seat.player, seat.stack, seat.sitting_out) for seat in hand.seats] == [
        (1, "Seat+1", 100, False), (2, "Seat+2", 100, False), (4, "Seat+4", 100, False),
        (6, "Seat+6", 80, True)]  # "Seat sit out": no cards, not dealt in
    assert "sits_out" in {note.kind for note in hand.notes}


def test_without_markers_a_fourth_card_opens_fourth_street() -> None:
    result = read(BODOG)
    hand = result.hands[0].hand
    assert [mark.name for mark in hand.streets] == ["HOLE CARDS"]
    dealt = [(a.street, a.player, len(a.cards), len(a.new_cards)) for a in hand.actions
             if a.kind is Kind.DEALT and a.player == "Seat+1"]
    assert dealt == [(0, "Seat+1", 0, 3), (1, "Seat+1", 3, 1), (2, "Seat+1", 4, 1)]
    # ``D bets`` is the 4th-street big bet on an open pair; ``Raises $0.20`` a total
    assert moves(result, 0, 1)[:3] == [
        (Kind.BET, "Seat+1", 10, None, False), (Kind.CALL, "Seat+2", 10, None, False),
        (Kind.RAISE, "Seat+4", 10, 20, False)]
    assert nets(result) == {"Seat+1": -23, "Seat+2": -13, "Seat+4": 34, "Seat+6": 0}
    assert result.hands[0].rake == 2
    returned = [a for a in hand.actions if a.kind is Kind.UNCALLED_RETURN]
    assert [(a.player, a.amount) for a in returned] == [("Seat+4", 10)]
    no_show = next(a for a in hand.actions if a.kind is Kind.NO_SHOW)
    assert [str(card) for card in no_show.cards] == ["2d", "7s", "8h", "Js", "Jh"]


def test_a_losers_summary_line_may_leave_out_a_card() -> None:
    result = read(BODOG)
    second = result.hands[1]
    assert moves(result, 1, 0) == [
        (Kind.BRING_IN, "Seat+4", 2, None, False), (Kind.FOLD, "Seat+1", 0, None, False),
        (Kind.COMPLETE, "Seat+2", 3, 5, False), (Kind.CALL, "Seat+4", 3, None, False)]
    shows = {a.player: {str(card) for card in a.cards}
             for a in second.hand.actions if a.kind is Kind.SHOW}
    assert shows["Seat+4"] == {"Ts", "9c", "2c", "Qs", "Kd", "4c", "9h"}  # 9h from the show
    assert len(shows["Seat+2"]) == 7
    assert nets(result, 1) == {"Seat+1": -1, "Seat+2": 25, "Seat+4": -26}
    assert {p.player: (p.went_to_showdown, p.won_at_showdown) for p in second.players} == {
        "Seat+1": (False, False), "Seat+2": (True, True), "Seat+4": (True, False)}


def test_the_low_card_completes_and_the_pot_is_split() -> None:
    result = read(HI_LO)
    first = result.hands[0]
    assert first.hand.variant_id == "stud8" and first.hand.game_text == "7CARD HiLo Fixed Limit"
    assert [mark.street for mark in first.hand.streets] == [0, 1, 2, 3, 4]
    assert moves(result, 0, 0)[0] == (Kind.COMPLETE, "Seat+5", 25, 25, False)  # no bring-in
    assert {p.player: (p.net, p.collected) for p in first.players} == {
        "Seat+1": (-30, 0), "Seat+3": (7, 162), "Seat+5": (8, 163)}
    assert (first.total_pot, first.rake) == (340, 15)
    seats = {seat.player: seat.won for seat in first.hand.summary.seats}
    assert seats == {"Seat+1": None, "Seat+3": 162, "Seat+5": 163}  # "LO $1.62", "HI $1.63"


def test_raises_x_to_y_and_a_rake_not_printed() -> None:
    result = read(HI_LO)
    second = result.hands[1]
    assert moves(result, 1, 0) == [
        (Kind.BRING_IN, "Seat+3", 10, None, False), (Kind.COMPLETE, "Seat+5", 15, 25, False),
        (Kind.FOLD, "Seat+1", 0, None, False), (Kind.RAISE, "Seat+3", 25, 50, False),
        (Kind.CALL, "Seat+5", 25, None, False)]
    assert "total_pot_without_rake" in {note.kind for note in second.hand.notes}  # "($1.15)"
    assert (second.total_pot, second.rake) == (115, 5)  # derived (room rules)
    assert nets(result, 1) == {"Seat+1": -5, "Seat+3": 55, "Seat+5": -55}


def test_the_tournament_header_and_all_ins() -> None:
    result = read(TOURNAMENT, name="/x/7-Stud-USD-MTT - $10-$1 - 201303.txt")
    hand = result.hands[0].hand
    assert hand.currency == "chips" and hand.table == "2"
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.level, hand.tournament.buy_in,
            hand.tournament.fee) == ("4242", "3", 1000, 100)  # from the file name
    unnamed = read(TOURNAMENT).hands[0].hand.tournament
    assert unnamed is not None and unnamed.buy_in is None
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (40, 80)
    assert {seat.player: seat.stack for seat in hand.seats} == {
        "Seat+1": 1500, "Seat+2": 300, "Seat+5": 78, "Seat+7": 478}
    assert moves(result, 0, 0) == [
        (Kind.BRING_IN, "Seat+5", 20, None, False), (Kind.COMPLETE, "Seat+7", 20, 40, False),
        (Kind.RAISE, "Seat+1", 40, 80, False), (Kind.CALL, "Seat+2", 80, None, False),
        (Kind.CALL, "Seat+5", 50, None, True),  # "All-in 50": chips added, short of 80
        (Kind.CALL, "Seat+7", 40, None, False)]
    assert moves(result, 0, 3)[2] == (Kind.RAISE, "Seat+7", 70, 150, True)  # "All-in(raise)"
    collects = [(a.player, a.amount, a.pot) for a in hand.actions if a.kind is Kind.COLLECT]
    assert collects == [("Seat+1", 810, "side pot"), ("Seat+1", 312, "main pot")]
    assert nets(result) == {"Seat+1": 644, "Seat+2": -88, "Seat+5": -78, "Seat+7": -478}
    kinds = [note.kind for note in hand.notes]
    assert kinds.count("finishing_place") == 2 and {"joins", "sits_out", "returns"} <= set(kinds)


def test_holdem_is_kept_unread() -> None:
    result = read(HOLDEM).hands[0]
    assert result.hand.variant_id is None and result.hand.game_text == "HOLDEM No Limit"
    assert result.hand.actions == ()


def test_a_line_not_understood_is_reported_with_its_number() -> None:
    text = BODOG.read_bytes().decode().replace(
        "Seat+1 : Bring_in chip $0.02", "Seat+1 : Bring_in chip $0.02\nSeat+1 : Sings", 1)
    result = read(BODOG, text).hands[0]
    unknown = [p for p in result.hand.problems if p.code == "unknown_line"]
    assert len(unknown) == 1 and not unknown[0].fatal and "Sings" in unknown[0].message
    assert unknown[0].line == 15


@pytest.mark.parametrize("lines", [
    (), ("Bovada Hand #1 TBL#1 7CARD Fixed Limit - 2012-01-01 00:00:00",),
    ("Bovada Hand #1 TBL#1 7CARD Fixed Limit - 2012-01-01 00:00:00", "*** SUMMARY ***",
     "Total Pot($x)"),
    ("Bovada Hand #1 TBL#1 7CARD Fixed Limit - 2012-99-01 00:00:00", "Seat+1 : Raises"),
    ("Bovada Hand #1",), ("\x00",),
])
def test_a_broken_block_never_raises(lines: tuple[str, ...]) -> None:
    block = HandBlock(file="x", line=1, byte_offset=0, byte_length=1, lines=lines,
                      line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert any(problem.fatal for problem in hand.problems) or hand.variant_id is not None


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(BODOG, "Seat+4 : Hand result $0.57", "Seat+4 : Hand result $0.67",
                 "collected_mismatch", id="more-paid-than-the-pot"),
    pytest.param(BODOG, "Seat+2 [ME] : Raises $0.10", "Seat+2 [ME] : Raises $0.15",
                 "bet_size", id="a-raise-off-the-limit"),
    pytest.param(BODOG, "Seat+1 : Card dealt to a spot [3d]", "Seat+1 : Card dealt to a spot [5d]",
                 "bet_size", id="a-double-bet-without-an-open-pair"),
    pytest.param(BODOG, "portion of bet $0.10", "portion of bet $0.05", "uncalled_mismatch",
                 id="the-wrong-uncalled-return"),
    pytest.param(BODOG, "lost with One pair [Ts 9c", "lost with One pair [Ts 8c",
                 "shown_cards_mismatch", id="a-summary-hand-never-dealt"),
    pytest.param(HI_LO, "Seat+5 : Card dealt to a spot [Ac Ah 9d]",
                 "Seat+5 : Card dealt to a spot [Ac Ah 3d]", "bring_in_wrong_player",
                 id="the-wrong-bring-in"),
    pytest.param(HI_LO, "Raises $0.40 to $0.50", "Raises $0.30 to $0.50", "amounts_disagree",
                 id="added-and-total-disagree"),
    pytest.param(HI_LO, "Seat+5 : Hand result $1.63\nSeat+3 [ME] : Hand result $1.62",
                 "Seat+5 : Hand result $3.25", "wrong_winner", id="the-low-half-kept"),
    pytest.param(TOURNAMENT, "7CARD Tournament #4242", "7CARD Tourney #4242",
                 "unreadable_header", id="an-unreadable-header"),
    pytest.param(TOURNAMENT, "Seat+2 [ME] : Folds(timeout)", "Seat+9 : Folds(timeout)",
                 "actor_not_seated", id="nobody-seated-folds"),
    pytest.param(TOURNAMENT, "Total Pot(1122)", "Total Pot(1222)", "pot_mismatch",
                 id="the-wrong-total-pot"),
    pytest.param(TOURNAMENT, "Total Pot(1122)", "", "hand_incomplete", id="no-summary-pot"),
    pytest.param(TOURNAMENT, "Hand Result-Side Pot 810", "Hand Result-Side Pot 800",
                 "collected_mismatch", id="a-side-pot-short"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = path.read_bytes().decode().replace("\r\n", "\n")
    assert text.count(old) == 1
    result = read(path, text.replace(old, new))
    rejected = [hand for hand in result.hands if hand.status is Status.REJECTED]
    assert len(rejected) == 1
    assert code in {problem.code for problem in rejected[0].errors}


# --- the shared corpus -------------------------------------------------------------------

CORPUS = [
    ("cash/Bovada/Stud/7-Stud-USD-2.00-4.00-201205.txt", 4, 0, 0),
    ("cash/Bovada/Stud/7-StudHL-USD-0.25-0.50-201209.txt", 1, 0, 0),
    ("cash/Bovada/Stud/7-StudHL-USD-RING-$5-$10,$1.25Ante-201404.txt", 1, 0, 0),
    ("tour/Bovada/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt", 40, 0, 0),
]
"""(file, accepted, rejected, unsupported): no Bovada hand of the corpus is broken."""


@needs_corpus
def test_the_table_lists_every_bovada_hand_file() -> None:
    assert room_hand_files("Bovada") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    result = assert_read_and_judged(name, accepted, rejected, unsupported)
    for before, after in zip(result.hands, result.hands[1:], strict=False):
        ends = {player.player: player.starting_stack + player.net for player in before.players}
        for seat in after.hand.seats:  # every stack carries over into the next hand
            assert ends.get(seat.player, seat.stack) == seat.stack, (after.hand.hand_id, seat)


EXPECTED_NETS = [
    ("cash/Bovada/Stud/7-Stud-USD-2.00-4.00-201205.txt", 0, {
        "Seat+1": -3, "Seat+3": 6, "Seat+5": -3}),
    ("cash/Bovada/Stud/7-StudHL-USD-0.25-0.50-201209.txt", 20, {
        "Seat+1": 27, "Seat+4": 28, "Seat+5": -55, "Seat+2": -5, "Seat+3": -5, "Seat+6": -5,
        "Seat+8": -5}),
    ("cash/Bovada/Stud/7-StudHL-USD-RING-$5-$10,$1.25Ante-201404.txt", 300, {
        "Seat+5": 2225, "Seat+2": 2225, "Seat+8": -4125, "Seat+1": -125, "Seat+3": -125,
        "Seat+4": -125, "Seat+6": -125, "Seat+7": -125}),
    ("tour/Bovada/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt", 0, {
        "Seat+5": 60, "Seat+8": -37, "Seat+1": -7, "Seat+4": -7, "Seat+7": -7, "Seat+6": -2}),
]
"""Each file's first hand: nets and rake as its lines add up (summed by hand)."""


@needs_corpus
@pytest.mark.parametrize(("name", "rake", "expected"), EXPECTED_NETS)
def test_corpus_nets_are_the_sums_of_the_lines(
    name: str, rake: int, expected: dict[str, int]
) -> None:
    hand = read_file(FPDB / name).hands[0]
    assert {player.player: player.net for player in hand.players} == expected
    assert hand.rake == rake


@needs_corpus
def test_the_corpus_check_down_hand_warns_of_unknown_stakes() -> None:
    result = read_file(FPDB / "tour/Bovada/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt")
    warned = [hand.hand.hand_id for hand in result.hands
              if any(p.code == "stakes_unknown" for p in hand.problems)]
    assert warned == ["2633132989"]  # bring-in 100, called, checked down: no bet shows


@needs_corpus
def test_bovada_sidecars_are_found() -> None:
    assert room_sidecars("Bovada") == []  # fpdb ships no expected results for these files
