"""The Everleaf reader: 7-card stud text in two layouts, amounts added, no pot or rake printed.

Fixtures in tests/fixtures/everleaf/ are written here (named after the quirk each holds);
their defective twins are made from them by one change each. The shared corpus's Everleaf
files are read in place (fpdb ships no expected results for them).
"""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path

import pytest

from hhparse.parsers.base import HandBlock
from hhparse.parsers.everleaf import is_start, parse_block
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

FIXTURES = Path(__file__).parent / "fixtures" / "everleaf"
OLD = FIXTURES / "old_layout_uncalled_bet_then_loser_does_not_show_crlf.txt"
NEW = FIXTURES / "new_layout_cp1252_bring_in_player_bets_open_pair.txt"
HOLDEM = FIXTURES / "holdem_is_kept_unsupported.txt"


def read(path: Path, data: bytes | None = None) -> FileResult:
    return read_bytes(path.read_bytes() if data is None else data, str(path))


def nets(result: FileResult, index: int = 0) -> dict[str, int]:
    return {player.player: player.net for player in result.hands[index].players}


def cards(action_cards: tuple[object, ...]) -> list[str]:
    return [str(card) for card in action_cards]


# --- the fixtures ------------------------------------------------------------------------


def test_an_everleaf_file_is_detected_by_its_game_line() -> None:
    for path in (OLD, NEW, HOLDEM):
        site = detect_site(path.read_bytes())
        assert site is not None and site.name == "everleaf"
    assert is_start("Everleaf Gaming Game #285997460")
    assert is_start("Everleaf Gaming - Concord Gaming - Game #404865765")
    assert is_start("- - Grand Poker - Game #15649156")
    assert not is_start("***** Hand history for game #285997460 *****")
    assert not is_start("Game #20480001234 starts.")


@pytest.mark.parametrize(("path", "expected"), [
    (OLD, [("123450001", Status.ACCEPTED), ("123450002", Status.ACCEPTED)]),
    (NEW, [("300100200", Status.ACCEPTED)]),
    (HOLDEM, [("777000111", Status.UNSUPPORTED)]),
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(path: Path, expected: list[tuple[str, Status]]) -> None:
    result = read(path)
    assert [(hand.hand.hand_id, hand.status) for hand in result.hands] == expected
    assert [p for hand in result.hands for p in hand.problems] == []
    assert result.junk == ()
    for hand in result.hands:
        if hand.status is Status.ACCEPTED:
            assert sum(player.net for player in hand.players) + hand.rake == 0


def test_the_header_seats_and_hero() -> None:
    hand = read(NEW).hands[0].hand
    assert hand.site == "everleaf" and hand.variant_id == "stud" and hand.structure == "fl"
    assert hand.game_text == "7 Card Stud" and hand.currency == "EUR"
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (10, 20)
    assert hand.stakes.ante is None and hand.stakes.bring_in is None  # not printed
    assert hand.started_at == datetime(2011, 9, 20, 18, 2, 11, tzinfo=UTC)  # no zone: UTC
    assert (hand.table, hand.max_seats, hand.button_seat, hand.tournament) == (
        "Lumikki", None, None, None)
    assert hand.hero == "Kestrel"
    assert [(seat.seat, seat.player, seat.stack, seat.sitting_out) for seat in hand.seats] == [
        (2, "Kestrel", 500, False), (6, "Vanya Blue", 400, False), (7, "Orm", 300, False)]


def test_a_caret_in_place_of_the_euro_sign_is_read_as_euros() -> None:
    data = NEW.read_bytes()
    assert b"\x80" in data  # cp1252's euro sign
    result = read(NEW, data.replace(b"\x80", b"\x88"))
    assert result.hands[0].status is Status.ACCEPTED and result.hands[0].hand.currency == "EUR"
    assert nets(result) == nets(read(NEW))


def test_the_bring_in_player_who_bets_completes_and_raises_are_chips_added() -> None:
    hand = read(NEW).hands[0].hand
    moves = [(a.kind, a.player, a.amount, a.to) for a in hand.actions
             if a.street in (0, 1) and a.kind not in (Kind.DEALT, Kind.ANTE)]
    assert moves == [
        (Kind.COMPLETE, "Vanya Blue", 10, 10), (Kind.CALL, "Orm", 10, None),
        (Kind.RAISE, "Kestrel", 10, 20), (Kind.CALL, "Vanya Blue", 10, None),
        (Kind.FOLD, "Orm", 0, None),
        (Kind.BET, "Vanya Blue", 20, None),  # the big bet: an open pair of threes
        (Kind.RAISE, "Kestrel", 20, 40), (Kind.CALL, "Vanya Blue", 20, None)]
    old = read(OLD).hands[0].hand
    assert [(a.kind, a.player, a.amount, a.to) for a in old.actions
            if a.street == 0 and a.kind in (Kind.BRING_IN, Kind.COMPLETE)] == [
        (Kind.BRING_IN, "Brix", 5, None), (Kind.COMPLETE, "Cato", 5, 10)]


def test_dealt_cards_and_a_hero_showing_in_another_order() -> None:
    result = read(NEW).hands[0]
    hand = result.hand
    hero = [(a.street, cards(a.cards), cards(a.new_cards)) for a in hand.actions
            if a.kind is Kind.DEALT and a.player == "Kestrel"]
    assert hero[:2] == [(0, [], ["Ah", "Kd", "9s"]), (1, ["Ah", "Kd", "9s"], ["5s"])]
    assert hero[-1] == (4, ["Ah", "Kd", "9s", "5s", "2h", "Kh"], ["8d"])
    vanya = [(a.street, cards(a.cards), cards(a.new_cards)) for a in hand.actions
             if a.kind is Kind.DEALT and a.player == "Vanya Blue"]
    assert vanya == [(0, [], ["3c"]), (1, [], ["3d"]), (2, [], ["Jc"]), (3, [], ["Qs"])]
    assert {p.player: (p.net, p.collected, p.went_to_showdown, p.won_at_showdown)
            for p in result.players} == {
        "Kestrel": (104, 206, True, True), "Vanya Blue": (-102, 0, True, False),
        "Orm": (-12, 0, False, False)}
    assert (result.total_pot, result.rake) == (216, 10)  # no pot, no rake printed


def test_an_uncalled_bet_comes_back_with_no_line_and_outside_the_win() -> None:
    result = read(OLD)
    first = result.hands[0]
    assert not any(a.kind is Kind.UNCALLED_RETURN for a in first.hand.actions)
    assert nets(result) == {"Alba": -2, "Brix": -22, "Cato": 24}  # Cato's $0.20 returned
    assert (first.total_pot, first.rake) == (46, 0)
    assert first.hand.currency == "USD" and first.hand.hero is None  # old layout: no cards


def test_in_the_old_layout_a_shown_hand_is_dealt_its_up_cards() -> None:
    second = read(OLD).hands[1]
    dealt = [(a.street, cards(a.new_cards)) for a in second.hand.actions
             if a.kind is Kind.DEALT]
    assert dealt == [(0, ["8s"]), (1, ["5d"]), (2, ["Ad"]), (3, ["7c"])]  # Brix's up cards
    assert [(a.kind, a.player) for a in second.hand.actions if a.street == 99] == [
        (Kind.SHOW, "Brix"), (Kind.NO_SHOW, "Alba"), (Kind.COLLECT, "Brix")]
    assert {p.player: (p.net, p.went_to_showdown, p.won_at_showdown)
            for p in second.players} == {
        "Alba": (-72, True, False), "Brix": (76, True, True), "Cato": (-12, False, False)}
    assert second.rake == 8
    assert [mark.name for mark in second.hand.streets][-1] == "dealing river"


def test_holdem_is_kept_unread() -> None:
    result = read(HOLDEM).hands[0]
    assert result.hand.variant_id is None and result.hand.game_text == "NL Hold'em"
    assert result.hand.actions == ()


def test_a_line_not_understood_is_reported_with_its_number() -> None:
    data = OLD.read_bytes().replace(b"Alba folds", b"Alba folds\r\nAlba sings", 1)
    result = read(OLD, data).hands[0]
    unknown = [p for p in result.hand.problems if p.code == "unknown_line"]
    assert len(unknown) == 1 and not unknown[0].fatal and "Alba sings" in unknown[0].message
    assert unknown[0].line == 16


def test_presence_lines_are_notes() -> None:
    data = OLD.read_bytes().replace(b"Alba folds", b"Alba folds\r\nAlba sits out", 1)
    result = read(OLD, data).hands[0]
    assert result.status is Status.ACCEPTED and not result.hand.problems
    assert "presence" in {note.kind for note in result.hand.notes}


@pytest.mark.parametrize("lines", [
    (), ("Everleaf Gaming Game #1",),
    ("Everleaf Gaming Game #1", "***** Hand history for game #1 *****"),
    ("Everleaf Gaming Game #1", "***** Hand history for game #2 *****",
     "$1/$2 7 Card Stud - 2011/07/08 - 00:08:53"),
    ("Everleaf Gaming Game #1", "***** Hand history for game #1 *****",
     "$1/$2 7 Card Stud - 2011/07/08 - 00:08:53"),
])
def test_a_broken_block_never_raises(lines: tuple[str, ...]) -> None:
    block = HandBlock(file="x", line=1, byte_offset=0, byte_length=1, lines=lines,
                      line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert any(problem.fatal for problem in hand.problems)


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(OLD, "Cato wins $ 0.46 USD", "Cato wins $ 0.66 USD",
                 "collected_mismatch", id="more-paid-than-put-in"),
    pytest.param(OLD, "Cato wins $ 0.46 USD from main pot", "", "hand_incomplete",
                 id="nobody-wins"),
    pytest.param(OLD, "Brix raises [$ 0.40 USD]", "Brix raises [$ 0.50 USD]",
                 "bet_size", id="a-raise-off-the-limit"),
    pytest.param(OLD, "Alba folds", "Zora folds", "actor_not_seated",
                 id="nobody-seated-folds"),
    pytest.param(NEW, "Dealt to Vanya Blue [ 3d ].", "Dealt to Vanya Blue [ 8c ].",
                 "bet_size", id="a-big-bet-on-4th-without-an-open-pair"),
    pytest.param(NEW, "Dealt to Kestrel [ 5s ].", "Dealt to Kestrel [ 9h ].",
                 "out_of_turn", id="the-weaker-board-opens-4th-street"),
    pytest.param(NEW, "Vanya Blue shows [ 6h, Td, 3c,", "Vanya Blue shows [ 6h, Td, 2c,",
                 "shown_cards_mismatch", id="shown-cards-without-an-up-card"),
    pytest.param(NEW, "Kestrel shows [ 8d, Kd,", "Kestrel shows [ 8c, Kd,",
                 "shown_cards_mismatch", id="the-hero-shows-other-cards"),
    pytest.param(NEW, "Hand history for game", "Hand histories of game",
                 "unreadable_header", id="no-title-line"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = path.read_bytes().decode("cp1252")
    assert text.count(old) == 1
    result = read(path, text.replace(old, new).encode("cp1252"))
    rejected = [hand for hand in result.hands if hand.status is Status.REJECTED]
    assert len(rejected) == 1
    assert code in {problem.code for problem in rejected[0].errors}


# --- the shared corpus -------------------------------------------------------------------

CORPUS = [
    ("cash/Everleaf/Stud/7-Stud-USD-0.05-0.10.201107.txt", 19, 0, 0),
    ("cash/Everleaf/Stud/7-Stud-EUR-0.05-0.10.201108-new-format.txt", 6, 0, 0),
]
"""(file, accepted, rejected, unsupported). #285999989 bets the big bet on 4th street; the
old layout deals no card in the log and nobody shows: with a board unseen an open pair
cannot be ruled out, so the big bet is allowed (it was rejected before that rule)."""


@needs_corpus
def test_the_table_lists_every_everleaf_hand_file() -> None:
    assert room_hand_files("Everleaf") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    assert_read_and_judged(name, accepted, rejected, unsupported)


EXPECTED_NETS = [
    ("cash/Everleaf/Stud/7-Stud-USD-0.05-0.10.201107.txt", 0, {
        "Player1": -1, "Player2": -3, "Player3": -1, "Player4": 5}),
    ("cash/Everleaf/Stud/7-Stud-EUR-0.05-0.10.201108-new-format.txt", 0, {
        "MOURINHO_": 6, "EricBlade": -6}),
]
"""Each file's first hand: nets and rake as its lines add up (the uncalled bet returned)."""


@needs_corpus
@pytest.mark.parametrize(("name", "rake", "expected"), EXPECTED_NETS)
def test_corpus_nets_are_the_sums_of_the_lines(
    name: str, rake: int, expected: dict[str, int]
) -> None:
    hand = read_file(FPDB / name).hands[0]
    assert {player.player: player.net for player in hand.players} == expected
    assert hand.rake == rake


@needs_corpus
def test_stacks_chain_from_hand_to_hand() -> None:
    """Each hand's stacks are the last hand's plus its nets (one top-up aside)."""
    for name, *_ in CORPUS:
        hands = read_file(FPDB / name).hands
        gaps = []
        for before, after in pairwise(hands):
            ends = {p.player: p.starting_stack + p.net for p in before.players}
            gaps += [(after.hand.hand_id, seat.player) for seat in after.hand.seats
                     if seat.player in ends and ends[seat.player] != seat.stack]
        assert gaps == ([("285998978", "Player1")] if "USD" in name else [])


@needs_corpus
def test_everleaf_sidecars_are_found() -> None:
    assert room_sidecars("Everleaf") == []  # fpdb ships no expected results for these files
