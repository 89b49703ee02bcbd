"""The Winning Poker Network reader: stud and stud hi/lo in the old UTF-16 layout and the
ACR layout.

Fixtures in tests/fixtures/winning/ are written here (named after the quirk each holds);
their defective twins are made from them by one change each. The shared corpus's WPN
files are read in place.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hhparse.parsers.base import HandBlock
from hhparse.parsers.sites import detect_site
from hhparse.parsers.winning import is_start, parse_block
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

FIXTURES = Path(__file__).parent / "fixtures" / "winning"
OLD = FIXTURES / "old_layout_utf16_two_hands_river_muck_then_uncalled_complete.txt"
OLD_HI_LO = FIXTURES / "old_layout_hi_lo_split_shown_only_in_the_summary.txt"
ACR = FIXTURES / "acr_layout_uncalled_bet_won_only_in_the_summary.txt"
ACR_HI_LO = FIXTURES / "acr_layout_hi_lo_halves_collected_rake_and_jp_fee.txt"
HOLDEM = FIXTURES / "acr_layout_holdem_is_kept_unsupported.txt"


def text_of(path: Path) -> str:
    data = path.read_bytes()
    return data[2:].decode("utf-16-le") if data.startswith(b"\xff\xfe") else data.decode()


def read(path: Path, text: str | None = None) -> FileResult:
    if text is None:
        data = path.read_bytes()
    elif path.read_bytes().startswith(b"\xff\xfe"):
        data = b"\xff\xfe" + text.encode("utf-16-le")
    else:
        data = text.encode()
    return read_bytes(data, str(path))


def statuses(result: FileResult) -> list[tuple[str, Status]]:
    return [(hand.hand.hand_id, hand.status) for hand in result.hands]


def nets(path: Path, index: int = 0) -> dict[str, int]:
    return {player.player: player.net for player in read(path).hands[index].players}


# --- the fixtures ------------------------------------------------------------------------


def test_both_layouts_are_detected() -> None:
    for path in (OLD, OLD_HI_LO, ACR, ACR_HI_LO, HOLDEM):
        site = detect_site(path.read_bytes())
        assert site is not None and site.name == "winning"
    assert is_start("Game started at: 2016/8/2 11:19:9")
    assert is_start("Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC")
    assert is_start("Game Hand #80586589 - Tournament #11182752 - Holdem(No Limit) - x")
    assert not is_start("Game started at: soon")
    assert not is_start("Game ended at: 2016/8/2 11:19:4")
    assert not is_start("PokerStars Hand #1: Razz")


@pytest.mark.parametrize(("path", "expected"), [
    (OLD, [("700100200", Status.ACCEPTED), ("700100291", Status.ACCEPTED)]),
    (OLD_HI_LO, [("700200300", Status.ACCEPTED)]),
    (ACR, [("91000001", Status.ACCEPTED)]),
    (ACR_HI_LO, [("91000002", Status.ACCEPTED)]),
    (HOLDEM, [("91000003", Status.UNSUPPORTED)]),
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(path: Path, expected: list[tuple[str, Status]]) -> None:
    result = read(path)
    assert statuses(result) == expected
    assert [p for hand in result.hands for p in hand.problems] == []
    for hand in result.hands:
        if hand.status is Status.ACCEPTED:
            assert sum(player.net for player in hand.players) + hand.rake == 0


def test_the_old_header_seats_and_hero() -> None:
    result = read(OLD)
    assert result.encoding == "utf-16-le"
    hand = result.hands[0].hand
    assert hand.variant_id == "stud" and hand.structure == "fl"
    assert hand.game_text == "Seven Cards Stud" and hand.table == "(PRR) Vodyanoy"
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (100, 200)
    assert hand.currency == "USD" and not hand.play_money
    assert hand.started_at is None and hand.started_at_text == "2016/9/14 21:5:3"
    assert "local_time" in {note.kind for note in hand.notes}
    assert hand.hero == "Mirela"
    assert [(seat.seat, seat.player, seat.stack) for seat in hand.seats] == [
        (2, "Alvaro", 2500), (4, "Mirela", 3000), (7, "Tobias", 1850)]


def test_old_cards_come_one_a_line_and_are_gathered_per_street() -> None:
    hand = read(OLD).hands[0].hand
    dealt = [(a.street, a.player, [str(card) for card in a.new_cards])
             for a in hand.actions if a.kind is Kind.DEALT]
    assert dealt[:3] == [(0, "Mirela", ["Kd", "Ks", "9h"]), (0, "Alvaro", ["4c"]),
                         (0, "Tobias", ["Jd"])]
    assert (4, "Mirela", ["Qc"]) in dealt
    assert not [d for d in dealt if d[0] == 4 and d[1] != "Mirela"]  # hidden river cards


def test_old_street_markers_are_one_street_low_and_amounts_are_added() -> None:
    hand = read(OLD).hands[0].hand
    assert [(mark.street, mark.name) for mark in hand.streets] == [
        (1, "Third street"), (2, "Fourth street"), (3, "Fifth street"), (4, "Sixth street")]
    moves = [(a.street, a.kind, a.player, a.amount, a.to) for a in hand.actions
             if a.kind in (Kind.BRING_IN, Kind.COMPLETE, Kind.RAISE)]
    assert moves == [
        (0, Kind.BRING_IN, "Alvaro", 40, None), (0, Kind.COMPLETE, "Mirela", 60, 100),
        (1, Kind.RAISE, "Mirela", 100, 200), (3, Kind.RAISE, "Alvaro", 200, 400)]


def test_the_old_summary_gives_the_showdown_collections_and_nets() -> None:
    result = read(OLD).hands[0]
    assert nets(OLD) == {"Alvaro": 1170, "Mirela": -1115, "Tobias": -115}
    assert (result.total_pot, result.rake) == (2345, 60)  # Pot 22.85 + rake 0.50 + JP 0.10
    showdown = [(a.kind, a.player, len(a.cards)) for a in result.hand.actions if a.street == 99]
    assert showdown == [(Kind.MUCK, "Mirela", 0), (Kind.SHOW, "Alvaro", 7),
                        (Kind.MUCK, "Mirela", 7), (Kind.COLLECT, "Alvaro", 0)]
    assert [(seat.player, seat.won, seat.net) for seat in result.hand.summary.seats] == [
        ("Alvaro", 2285, 1170), ("Mirela", 0, -1115), ("Tobias", 0, -115)]
    assert {p.player: (p.went_to_showdown, p.won_at_showdown) for p in result.players} == {
        "Alvaro": (True, True), "Mirela": (True, False), "Tobias": (False, False)}


def test_an_uncontested_winner_mucking_keeps_his_cards() -> None:
    result = read(OLD).hands[1]
    assert nets(OLD, 1) == {"Alvaro": -15, "Mirela": 70, "Tobias": -55}
    kinds = [(a.kind, a.player) for a in result.hand.actions
             if a.kind in (Kind.UNCALLED_RETURN, Kind.NO_SHOW, Kind.MUCK, Kind.COLLECT)]
    assert kinds == [(Kind.UNCALLED_RETURN, "Mirela"), (Kind.NO_SHOW, "Mirela"),
                     (Kind.COLLECT, "Mirela")]
    assert "noise" in {note.kind for note in result.hand.notes}  # is timed out.


def test_old_hi_lo_halves_with_the_odd_cent_to_the_low() -> None:
    result = read(OLD_HI_LO).hands[0]
    assert result.hand.variant_id == "stud8"
    assert {p.player: (p.net, p.collected) for p in result.players} == {
        "Oksana": (-14, 601), "Bertrand": (-15, 600)}
    shown = [a for a in result.hand.actions if a.kind is Kind.SHOW]
    assert str(shown[1].cards[0]) == "Td"  # printed 10d


def test_old_layout_with_every_line_break_doubled_reads_the_same() -> None:
    doubled = text_of(OLD).replace("\r\n", "\n\n")
    result = read(OLD, doubled)
    assert statuses(result) == statuses(read(OLD))
    assert [p for hand in result.hands for p in hand.problems] == []


def test_the_acr_header_and_running_pots() -> None:
    hand = read(ACR).hands[0].hand
    assert hand.variant_id == "stud" and hand.game_text == "7Stud(Fixed Limit)"
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (10, 20)
    assert hand.started_at == datetime(2021, 2, 3, 4, 5, 6, tzinfo=UTC)
    assert (hand.table, hand.max_seats, hand.hero) == ("Lowell", 8, "Hero")
    assert sum(note.kind == "running_pot" for note in hand.notes) == 4


def test_acr_raises_give_the_added_chips_and_the_round_total() -> None:
    hand = read(ACR).hands[0].hand
    moves = [(a.street, a.kind, a.player, a.amount, a.to) for a in hand.actions
             if a.kind in (Kind.COMPLETE, Kind.RAISE)]
    assert moves == [(0, Kind.COMPLETE, "Quentin", 5, 10), (1, Kind.RAISE, "Hero", 10, 20)]
    dealt = next(a for a in hand.actions if a.kind is Kind.DEALT and a.street == 2
                 and a.player == "Quentin")
    assert ([str(c) for c in dealt.cards], [str(c) for c in dealt.new_cards]) == (
        ["Td", "9d"], ["Kc"])


def test_an_acr_win_without_a_collected_line_is_the_summarys_won() -> None:
    result = read(ACR).hands[0]
    assert nets(ACR) == {"Hero": 52, "Quentin": -52, "Rosalind": -2}
    assert (result.total_pot, result.rake) == (106, 2)  # Total pot $1.04 is after the rake
    collect = next(a for a in result.hand.actions if a.kind is Kind.COLLECT)
    assert (collect.player, collect.amount) == ("Hero", 104)


def test_acr_hi_lo_halves_and_the_jp_fee() -> None:
    result = read(ACR_HI_LO).hands[0]
    assert result.hand.variant_id == "stud8"
    assert (result.total_pot, result.rake) == (124, 4)  # $1.20 + rake 0.03 + JP fee 0.01
    assert {p.player: (p.net, p.collected, p.won_at_showdown) for p in result.players} == {
        "Hero": (-2, 60, True), "Ulla": (-2, 60, True)}
    assert [len(seat.cards) for seat in result.hand.summary.seats] == [7, 7]


def test_holdem_is_kept_unread() -> None:
    result = read(HOLDEM).hands[0]
    assert result.hand.variant_id is None and result.hand.game_text == "Holdem(No Limit)"
    assert result.hand.actions == () and result.hand.button_seat == 1


def test_a_line_not_understood_is_reported_with_its_number() -> None:
    text = text_of(OLD).replace("Player Tobias folds", "Player Tobias folds\r\nsomething", 1)
    result = read(OLD, text).hands[0]
    unknown = [p for p in result.hand.problems if p.code == "unknown_line"]
    assert len(unknown) == 1 and not unknown[0].fatal and "something" in unknown[0].message



@pytest.mark.parametrize("card", ["0h", "999999999999h", "0.01h", "-5h", "1e9h", "00.000h"])
def test_an_old_received_card_line_with_an_unreadable_card_is_an_unknown_line(
    card: str,
) -> None:
    # the player's cards of the street were begun before the card was read: a KeyError
    text = text_of(OLD)
    assert text.count("Player Tobias received card: [3h]") == 1
    result = read(OLD, text.replace("Player Tobias received card: [3h]",
                                    f"Player Tobias received card: [{card}]"))
    assert [hand.hand.hand_id for hand in result.hands] == ["700100200", "700100291"]
    problems = result.hands[0].hand.problems
    assert [(p.code, p.line, p.fatal) for p in problems] == [("unknown_line", 25, False)]
    assert f"[{card}]" in problems[0].message
    assert result.hands[1].status is Status.ACCEPTED

@pytest.mark.parametrize("lines", [
    (), ("Game started at: 2016/8/2 11:19:9",), ("Hand #1 - 7Stud(Fixed Limit) - x",),
    ("Game started at: 2016/8/2 11:19:9", "Game ID: 1 1/2 T (Seven Cards Stud)",
     "Player X ante (0.15)"),
    ("Hand #1 - 7Stud(Fixed Limit) - $1/$2 - 2020/01/01 00:00:00 UTC", "T 8-max", "Seat 1:"),
])
def test_a_broken_block_never_raises(lines: tuple[str, ...]) -> None:
    block = HandBlock(file="x", line=1, byte_offset=0, byte_length=1, lines=lines,
                      line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert any(problem.fatal for problem in hand.problems) or hand.variant_id is not None


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(OLD, "Collects: 22.85. Wins: 11.70.", "Collects: 23.85. Wins: 11.70.",
                 "collected_mismatch", id="old-more-paid-than-put-in"),
    pytest.param(OLD, "Wins: 11.70.", "Wins: 11.80.", "printed_net_mismatch",
                 id="old-printed-net-off"),
    pytest.param(OLD, "Player Alvaro raises (4)", "Player Alvaro raises (5)", "bet_size",
                 id="old-raise-off-the-limit"),
    pytest.param(OLD, "Player Tobias folds\r\nPlayer Alvaro calls (1)",
                 "Player Zeno folds\r\nPlayer Alvaro calls (1)", "actor_not_seated",
                 id="old-nobody-seated-folds"),
    pytest.param(OLD, "Game ID: 700100200", "Game Number: 700100200", "unreadable_header",
                 id="old-no-game-id"),
    pytest.param(OLD_HI_LO, "Player Oksana received card: [6s]",
                 "Player Oksana received card: [As]", "bring_in_wrong_player",
                 id="old-the-wrong-bring-in"),
    pytest.param(OLD_HI_LO, "[Ac 2d 6s", "[Ac 2c 6s", "shown_cards_mismatch",
                 id="old-the-hero-shows-other-cards"),
    pytest.param(ACR, "Total pot $1.04", "Total pot $1.14", "pot_mismatch",
                 id="acr-total-pot-off"),
    pytest.param(ACR, "Hero raises $0.20 to $0.20", "Hero raises $0.30 to $0.30", "bet_size",
                 id="acr-raise-off-the-limit"),
    pytest.param(ACR, "Rosalind folds", "Zeno folds", "actor_not_seated",
                 id="acr-nobody-seated-folds"),
    pytest.param(ACR, "\n*** SUMMARY ***\nTotal pot $1.04 | Rake $0.02\nSeat 2: Hero did not "
                 "show and won $1.04\nSeat 3: Quentin folded on the 6th Street\nSeat 6: "
                 "Rosalind folded on the 3rd Street and did not bet", "", "hand_incomplete",
                 id="acr-cut-off-before-the-summary"),
    pytest.param(ACR_HI_LO, "Ulla collected $0.60", "Hero collected $0.60", "wrong_winner",
                 id="acr-the-low-winner-takes-all"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = text_of(path)
    assert text.count(old) == 1
    result = read(path, text.replace(old, new))
    rejected = [hand for hand in result.hands if hand.status is Status.REJECTED]
    assert len(rejected) == 1
    assert code in {problem.code for problem in rejected[0].errors}


# --- the shared corpus -------------------------------------------------------------------

_OLD_STUD = "7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
_OLD_HI_LO = "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
_ACR_STUD = "7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt"
CORPUS = [
    (f"cash/Winning/{_OLD_STUD}", 4, 0, 0),
    (f"cash/Winning/{_OLD_HI_LO}", 1, 1, 0),
    (f"cash/Winning/{_ACR_STUD}", 1, 0, 0),
    (f"cash/Winning/Stud/{_OLD_STUD}", 4, 0, 0),
    (f"cash/Winning/Stud/{_OLD_HI_LO}", 1, 1, 0),
    (f"cash/Winning/Stud/{_ACR_STUD}", 1, 0, 0),
]
"""(file, accepted, rejected, unsupported): the hi/lo file's second hand stops after its seat
lines (no play, no summary): rejected, ``hand_incomplete``."""


@needs_corpus
def test_the_table_lists_every_winning_hand_file() -> None:
    assert room_hand_files("Winning") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    result = assert_read_and_judged(name, accepted, rejected, unsupported)
    for hand in result.hands:
        if hand.status is Status.REJECTED:
            assert hand.hand.hand_id == "693976187"
            assert "hand_incomplete" in {problem.code for problem in hand.errors}


EXPECTED_NETS = [
    (f"cash/Winning/{_OLD_STUD}", 0, {"ChazDazzle": 55, "Nee": -55}),
    (f"cash/Winning/{_OLD_HI_LO}", 20, {"Diamonds4ever": -15, "ChazDazzle": -2,
                                        "KickAzzJohnny": -3}),
    (f"cash/Winning/{_ACR_STUD}", 1, {"Hero": -13, "Player0": -5, "Player1": -5,
                                      "Player2": 23, "Player3": -1}),
]
"""Each file's first hand: nets and rake as its lines add up (every action summed by hand)."""


@needs_corpus
@pytest.mark.parametrize(("name", "rake", "expected"), EXPECTED_NETS)
def test_corpus_nets_are_the_sums_of_the_lines(
    name: str, rake: int, expected: dict[str, int]
) -> None:
    hand = read_file(FPDB / name).hands[0]
    assert {player.player: player.net for player in hand.players} == expected
    assert hand.rake == rake


@needs_corpus
def test_winning_sidecars_are_found() -> None:
    assert room_sidecars("Winning") == []  # fpdb ships no expected results for these files
