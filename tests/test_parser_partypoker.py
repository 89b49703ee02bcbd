"""The PartyPoker reader: stud and stud hi/lo text, amounts added, only the hero's cards.

Fixtures in tests/fixtures/partypoker/ are written here (named after the quirk each holds);
their defective twins are made from them by one change each. The shared corpus's
PartyPoker files are read in place, with fpdb's expected results where they exist.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hhparse.parsers.base import HandBlock
from hhparse.parsers.partypoker import is_start, parse_block
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

FIXTURES = Path(__file__).parent / "fixtures" / "partypoker"
UNCONTESTED = FIXTURES / "uncontested_river_bet_inside_the_win_nul_bytes.txt"
HI_LO = FIXTURES / "two_hands_hi_lo_split_then_no_low.txt"
TOURNAMENT = FIXTURES / "tournament_double_bet_on_an_open_pair.txt"
HOLDEM = FIXTURES / "holdem_is_kept_unsupported.txt"


def read(path: Path, text: str | None = None) -> FileResult:
    data = path.read_bytes() if text is None else text.encode()
    return read_bytes(data, str(path))


def statuses(result: FileResult) -> list[tuple[str, Status]]:
    return [(hand.hand.hand_id, hand.status) for hand in result.hands]


def nets(path: Path, index: int = 0) -> dict[str, int]:
    return {player.player: player.net for player in read(path).hands[index].players}


# --- the fixtures ------------------------------------------------------------------------


def test_a_partypoker_file_is_detected_by_its_game_number_line() -> None:
    for path in (UNCONTESTED, HI_LO, TOURNAMENT, HOLDEM):
        site = detect_site(path.read_bytes())
        assert site is not None and site.name == "partypoker"
    assert is_start("#Game No : 20480001234")
    assert is_start("\x00#Game No : 20480001234")
    assert not is_start("Game #20480001234 starts.")
    assert not is_start("***** Hand History for Game 20480001234 *****")


@pytest.mark.parametrize(("path", "expected"), [
    (UNCONTESTED, [("20480001234", Status.ACCEPTED)]),
    (HI_LO, [("20310007001", Status.ACCEPTED), ("20310007002", Status.ACCEPTED)]),
    (TOURNAMENT, [("12345678901", Status.ACCEPTED)]),
    (HOLDEM, [("20990000555", Status.UNSUPPORTED)]),
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(path: Path, expected: list[tuple[str, Status]]) -> None:
    result = read(path)
    assert statuses(result) == expected
    assert [p for hand in result.hands for p in hand.problems] == []
    for hand in result.hands:
        if hand.status is Status.ACCEPTED:
            assert sum(player.net for player in hand.players) + hand.rake == 0


def test_the_cash_header_seats_and_hero() -> None:
    result = read(UNCONTESTED)
    hand = result.hands[0].hand
    assert hand.variant_id == "stud" and hand.structure == "fl" and hand.game_text == (
        "7 Card Stud")
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (100, 200)
    assert hand.stakes.ante is None and hand.stakes.bring_in is None  # not printed
    assert hand.currency == "USD" and hand.tournament is None
    assert hand.started_at == datetime(2012, 11, 4, 2, 41, 9, tzinfo=UTC)  # EDT
    assert (hand.table, hand.max_seats, hand.button_seat) == ("Table 204811", 8, None)
    assert hand.hero == "Hero"
    assert [(seat.seat, seat.player, seat.stack, seat.sitting_out) for seat in hand.seats] == [
        (5, "Ana", 5000, False), (2, "Hero", 2035, False), (6, "Bruno", 4270, False),
        (1, "Carla", 1500, False), (4, "Dieter", 3300, True)]  # no line at all: not dealt in
    assert [item.text for item in result.junk] == ["\x00Game #20480001234 starts."]
    assert {"opens", "button"} <= {note.kind for note in hand.notes}


def test_a_folded_to_river_bet_comes_back_inside_the_winners_amount() -> None:
    result = read(UNCONTESTED).hands[0]
    assert nets(UNCONTESTED) == {"Ana": 845, "Bruno": -810, "Hero": -110, "Carla": -10,
                                 "Dieter": 0}
    assert (result.total_pot, result.rake) == (1740, 85)  # 18.55 paid: 17.40 - 0.85 + 2.00
    kinds = [action.kind for action in result.hand.actions if action.street == 99]
    assert kinds == [Kind.NO_SHOW, Kind.COLLECT]


def test_amounts_are_what_a_line_adds() -> None:
    hand = read(HI_LO).hands[0].hand
    moves = [(a.kind, a.player, a.amount, a.to) for a in hand.actions
             if a.street == 0 and a.kind not in (Kind.DEALT, Kind.ANTE)]
    assert moves == [
        (Kind.BRING_IN, "Hero", 200, None), (Kind.COMPLETE, "Vera", 300, 500),
        (Kind.RAISE, "Hero", 500, 1000), (Kind.CALL, "Vera", 500, None)]
    dealt = [(a.street, [str(card) for card in a.cards], [str(card) for card in a.new_cards])
             for a in hand.actions if a.kind is Kind.DEALT and a.player == "Hero"]
    assert dealt[0] == (0, [], ["9s", "9h", "6c"]) and dealt[1] == (1, ["9s", "9h", "6c"], ["Jd"])


def test_a_hi_lo_pot_is_paid_in_halves() -> None:
    first, second = read(HI_LO).hands
    assert {p.player: (p.net, p.collected) for p in first.players} == {
        "Hero": (-50, 5500), "Vera": (-50, 5500)}
    assert first.rake == 100
    collects = [(a.player, a.amount, a.pot) for a in first.hand.actions if a.kind is Kind.COLLECT]
    assert collects == [("Hero", 5500, "main pot"), ("Vera", 5500, "main pot")]
    assert {"low_hand", "next_hand_banner"} <= {note.kind for note in first.hand.notes}
    assert {p.player: (p.net, p.went_to_showdown, p.won_at_showdown)
            for p in second.players} == {
        "Hero": (-50, False, False), "Wolf": (-5050, True, False), "Vera": (5000, True, True)}
    assert "no_low" in {note.kind for note in second.hand.notes}
    muck = next(a for a in second.hand.actions if a.kind is Kind.MUCK)
    assert muck.player == "Wolf" and len(muck.cards) == 7


def test_the_tournament_header_and_chips() -> None:
    hand = read(TOURNAMENT).hands[0].hand
    assert hand.currency == "chips" and hand.game_text == "FL 7 Card Stud"
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.ante) == (100, 200, 20)
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.level, hand.tournament.buy_in,
            hand.tournament.currency) == ("55501234", "3", 1100, "USD")
    assert hand.started_at == datetime(2012, 6, 8, 17, 15, tzinfo=UTC)  # CEST
    assert hand.table == "Regular (3141592) Table #5"
    assert {seat.player: seat.stack for seat in hand.seats} == {
        "Otto": 3400, "Hero": 4210, "Pia": 2750, "Mira": 1985}
    assert "tournament_level" in {note.kind for note in hand.notes}
    assert nets(TOURNAMENT) == {"Otto": 1360, "Mira": -1320, "Hero": -20, "Pia": -20}


@pytest.mark.parametrize(("zone", "started", "codes"), [
    ("", datetime(2012, 6, 8, 23, 15, tzinfo=UTC), []),  # no zone: US Eastern (EDT)
    ("XYZT ", None, ["unknown_timezone"]),
])
def test_a_time_without_a_known_zone(zone: str, started: datetime | None,
                                     codes: list[str]) -> None:
    text = TOURNAMENT.read_bytes().decode().replace("CEST 2012", f"{zone}2012")
    result = read(TOURNAMENT, text).hands[0]
    assert result.hand.started_at == started
    assert [problem.code for problem in result.hand.problems] == codes
    assert result.status is Status.ACCEPTED



@pytest.mark.parametrize("stakes", ["0.01/200-20", "100/0.5-20", "100/200-0.01"])
def test_a_tournament_stake_in_a_fraction_of_a_chip_is_an_unreadable_header(
    stakes: str,
) -> None:
    text = TOURNAMENT.read_bytes().decode()
    header = "Level:3  Stakes-Antes(100/200-20) - Friday"
    assert text.count(header) == 1
    result = read(TOURNAMENT, text.replace(header, f"Level:3  Stakes-Antes({stakes}) - Friday"))
    [hand] = result.hands
    assert hand.status is Status.REJECTED and hand.hand.hand_id == "12345678901"
    [problem] = hand.hand.problems
    assert (problem.code, problem.line, problem.fatal) == ("unreadable_header", 3, True)
    assert stakes in problem.message and "decimals" in problem.message

def test_a_shown_hand_is_dealt_street_by_street() -> None:
    hand = read(TOURNAMENT).hands[0].hand
    otto = [(a.street, [str(card) for card in a.new_cards]) for a in hand.actions
            if a.kind is Kind.DEALT and a.player == "Otto"]
    assert otto == [(0, ["7h"]), (1, ["7s"]), (2, ["7d"]), (3, ["5h"]), (4, ["2d"])]
    double = next(a for a in hand.actions if a.street == 1 and a.kind is Kind.BET)
    assert (double.player, double.amount) == ("Otto", 200)


def test_holdem_is_kept_unread() -> None:
    result = read(HOLDEM).hands[0]
    assert result.hand.variant_id is None and result.hand.game_text == "NL Texas Hold'em"
    assert result.hand.actions == ()


def test_a_line_not_understood_is_reported_with_its_number() -> None:
    text = UNCONTESTED.read_bytes().decode().replace("Bruno folds", "Bruno folds\r\nBruno sings", 1)
    result = read(UNCONTESTED, text).hands[0]
    unknown = [p for p in result.hand.problems if p.code == "unknown_line"]
    assert len(unknown) == 1 and not unknown[0].fatal and "Bruno sings" in unknown[0].message


@pytest.mark.parametrize("lines", [
    (), ("#Game No : 1",), ("#Game No : 1", "***** Hand History for Game 1 *****"),
    ("#Game No : 1", "***** Hand History for Game 1 *****", "$1/$2 USD 7 Card Stud - x"),
    ("\x00",),
])
def test_a_broken_block_never_raises(lines: tuple[str, ...]) -> None:
    block = HandBlock(file="x", line=1, byte_offset=0, byte_length=1, lines=lines,
                      line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert any(problem.fatal for problem in hand.problems) or hand.variant_id is not None


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(UNCONTESTED, "Ana wins $18.55 USD", "Ana wins $28.55 USD",
                 "collected_mismatch", id="more-paid-than-put-in"),
    pytest.param(UNCONTESTED, "Ana raises [$4 USD]", "Ana raises [$5 USD]",
                 "bet_size", id="a-raise-off-the-limit"),
    pytest.param(UNCONTESTED, "Carla folds", "Zora folds", "actor_not_seated",
                 id="nobody-seated-folds"),
    pytest.param(UNCONTESTED, "Ana wins $18.55 USD", "", "hand_incomplete",
                 id="nobody-wins"),
    pytest.param(HI_LO, "Vera shows [ 2c, 4s, Kh,", "Vera shows [ 2c, 4s, 3s,",
                 "bring_in_wrong_player", id="the-wrong-bring-in"),
    pytest.param(HI_LO, "Hero shows [ 9s, 9h,", "Hero shows [ 9s, 9d,",
                 "shown_cards_mismatch", id="the-hero-shows-other-cards"),
    pytest.param(TOURNAMENT, "Otto double bets [200]", "Otto double bets [300]",
                 "bet_size", id="a-double-bet-off-the-limit"),
    pytest.param(TOURNAMENT, "Otto shows [ 6d, 2c, 7h, 7s,", "Otto shows [ 6d, 2c, 7h, 8c,",
                 "bet_size", id="a-double-bet-without-an-open-pair"),
    pytest.param(TOURNAMENT, "Hand History for Game", "Hand Histories of Game",
                 "unreadable_header", id="no-title-line"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = path.read_bytes().decode()
    assert text.count(old) == 1
    result = read(path, text.replace(old, new))
    rejected = [hand for hand in result.hands if hand.status is Status.REJECTED]
    assert len(rejected) == 1
    assert code in {problem.code for problem in rejected[0].errors}


# --- the shared corpus -------------------------------------------------------------------

CORPUS = [
    ("cash/PartyPoker/Stud/7-Stud-USD-1-2-201104.txt", 1, 0, 0),
    ("cash/PartyPoker/Stud/7-StudHL-USD-0.50-1.00-201008.txt", 1, 0, 0),
    ("cash/PartyPoker/Stud/7-StudHL-USD-10-20.201202.wins.lo.pot.txt", 1, 0, 0),
    ("tour/PartyPoker/Stud/7-Stud-USD-MTT-6.00-201205.txt", 1, 0, 0),
]
"""(file, accepted, rejected, unsupported): no PartyPoker hand of the corpus is broken."""

@needs_corpus
def test_the_table_lists_every_partypoker_hand_file() -> None:
    assert room_hand_files("PartyPoker") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    assert_read_and_judged(name, accepted, rejected, unsupported)


EXPECTED_NETS = [
    ("cash/PartyPoker/Stud/7-Stud-USD-1-2-201104.txt", 60, {
        "Player8": 615, "Player4": -605, "Hero": -55, "Player1": -5, "Player3": -5,
        "Player5": -5, "Player7": 0}),
    ("cash/PartyPoker/Stud/7-StudHL-USD-0.50-1.00-201008.txt", 40, {
        "PPPPPositive": 440, "strandalleen": -405, "YMAN1": -55, "Hero": -5,
        "ISqzUSqueal": -5, "Unladylike": -5, "tubby09": -5}),
    ("cash/PartyPoker/Stud/7-StudHL-USD-10-20.201202.wins.lo.pot.txt", 100, {
        "Player0": -50, "Player1": -50}),
    ("tour/PartyPoker/Stud/7-Stud-USD-MTT-6.00-201205.txt", 0, {
        "Player6": 1450, "Player4": -1110, "Player1": -150, "Player5": -150, "Hero": -10,
        "Player0": -10, "Player2": -10, "Player3": -10}),
]
"""Each hand's nets and rake as its lines add up (every action summed by hand)."""


@needs_corpus
@pytest.mark.parametrize(("name", "rake", "expected"), EXPECTED_NETS)
def test_corpus_nets_are_the_sums_of_the_lines(
    name: str, rake: int, expected: dict[str, int]
) -> None:
    hand = read_file(FPDB / name).hands[0]
    assert {player.player: player.net for player in hand.players} == expected
    assert hand.rake == rake


PARTYPOKER_SIDECARS = room_sidecars("PartyPoker")


@needs_corpus
def test_partypoker_sidecars_are_found() -> None:
    assert PARTYPOKER_SIDECARS == []  # fpdb ships no expected results for these files
