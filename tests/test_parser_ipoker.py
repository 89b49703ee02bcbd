"""The iPoker reader: XML sessions (whatever the extension), stud and stud hi/lo.

Fixtures in tests/fixtures/ipoker/ are written here (named after the quirk each holds);
their defective twins are made from them by one change each. The shared corpus's iPoker
files are read in place, with fpdb's expected results where they exist.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hhparse.parsers.base import HandBlock
from hhparse.parsers.ipoker import is_start, money, parse_block, session_header
from hhparse.parsers.sites import detect_site
from hhparse.pipeline import FileResult, read_bytes, read_file
from hhparse.records import SHOWDOWN_STREET, Action, Hand, Kind
from hhparse.replay import Status
from tests.corpus import (
    FPDB,
    assert_read_and_judged,
    load_sidecar,
    needs_corpus,
    room_hand_files,
    room_sidecars,
)

FIXTURES = Path(__file__).parent / "fixtures" / "ipoker"
CASH = FIXTURES / "two_hands_end_tag_on_the_next_hands_line_uncalled_bet_in_the_win.txt"
HI_LO = FIXTURES / "hi_lo_split_cp1252_euro_bring_in_player_completes.txt"
TOURNAMENT = FIXTURES / "tournament_no_bet_sizes_thousands_commas_short_all_in_raise.txt"
FIVE_CARD = FIXTURES / "five_card_stud_kept_unsupported_file_cut_after_the_hand.xml"


def read(path: Path, text: str | None = None) -> FileResult:
    data = path.read_bytes() if text is None else text.encode("cp1252")
    return read_bytes(data, str(path))


def text_of(path: Path) -> str:
    return path.read_bytes().decode("cp1252")


def statuses(result: FileResult) -> list[tuple[str, Status]]:
    return [(hand.hand.hand_id, hand.status) for hand in result.hands]


def moves(hand: Hand, street: int) -> list[tuple[Kind, str, int, int | None, bool]]:
    return [(a.kind, a.player, a.amount, a.to, a.all_in) for a in hand.actions
            if a.street == street and a.kind not in (Kind.DEALT, Kind.ANTE)]


# --- the fixtures ------------------------------------------------------------------------


def test_an_ipoker_file_is_detected_by_its_game_line_whatever_its_extension() -> None:
    for path in (CASH, HI_LO, TOURNAMENT, FIVE_CARD):
        site = detect_site(path.read_bytes())
        assert site is not None and site.name == "ipoker"
    assert is_start('\t\t<game gamecode="5710054735">')
    assert is_start('\t\t</game><game gamecode="5710056302">')
    assert not is_start('<game gamecode="57a">')
    assert not is_start('<session sessioncode="3463716601">')
    assert not is_start('<game id="12345-1" starttime="20110419091134">')


@pytest.mark.parametrize(("path", "expected"), [
    (CASH, [("1000000001", Status.ACCEPTED), ("1000000002", Status.ACCEPTED)]),
    (HI_LO, [("2000000001", Status.ACCEPTED)]),
    (TOURNAMENT, [("5000000001", Status.ACCEPTED), ("5000000002", Status.ACCEPTED)]),
    (FIVE_CARD, [("3000000001", Status.UNSUPPORTED)]),
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(path: Path, expected: list[tuple[str, Status]]) -> None:
    result = read(path)
    assert statuses(result) == expected
    assert {p.code for hand in result.hands for p in hand.problems} <= {"stakes_from_play"}
    assert len(result.junk) == 1 and "<session sessioncode=" in result.junk[0].text
    for hand in result.hands:
        if hand.status is Status.ACCEPTED:
            assert sum(player.net for player in hand.players) + hand.rake == 0


def test_the_session_header_seats_and_hero() -> None:
    first, second = read(CASH).hands
    hand = first.hand
    assert (hand.site, hand.variant_id, hand.structure, hand.game_text) == (
        "ipoker", "stud", "fl", "7 Card Stud L $0.10/$0.20")
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.ante) == (10, 20, None)
    assert (hand.currency, hand.table, hand.hero, hand.button_seat) == (
        "USD", "Rivermoor", "Hero", None)
    assert hand.started_at == datetime(2013, 4, 2, 20, 15, 4, tzinfo=UTC)
    assert [(seat.seat, seat.player, seat.stack, seat.sitting_out) for seat in hand.seats] == [
        (1, "Alba", 500, False), (3, "Hero", 400, False), (4, "Corin", 600, True),
        (5, "Dario", 300, False)]  # seat 2 is empty; Corin has no card and no action
    assert second.hand.source.line == 33  # the line that closes hand 1 opens hand 2


def test_a_folded_to_bet_comes_back_inside_the_win() -> None:
    first = read(CASH).hands[0]
    assert {p.player: (p.net, p.collected) for p in first.players} == {
        "Alba": (23, 35), "Hero": (-12, 0), "Corin": (0, 0), "Dario": (-12, 0)}
    assert (first.total_pot, first.rake) == (36, 1)  # win="$0.45" = 0.36 - 0.01 + 0.10
    assert [a.kind for a in first.hand.actions if a.street == SHOWDOWN_STREET] == [Kind.COLLECT]


def test_actions_are_sorted_by_their_number_and_raises_are_totals() -> None:
    hand = read(CASH).hands[1].hand
    assert moves(hand, 0) == [
        (Kind.BRING_IN, "Alba", 5, None, False), (Kind.COMPLETE, "Hero", 5, 10, False),
        (Kind.FOLD, "Dario", 0, None, False), (Kind.CALL, "Alba", 5, None, False)]
    assert moves(hand, 1) == [
        (Kind.CHECK, "Hero", 0, None, False), (Kind.BET, "Alba", 10, None, False),
        (Kind.RAISE, "Hero", 10, 20, False), (Kind.CALL, "Alba", 10, None, False)]
    assert moves(hand, 4)[1] == (Kind.RAISE, "Hero", 20, 40, False)  # type 23 sum 0.40


def test_cards_are_suit_then_rank_hero_dealt_all_opponents_their_up_cards() -> None:
    hand = read(CASH).hands[1].hand

    def dealt(player: str) -> list[tuple[int, list[str], list[str]]]:
        return [(a.street, [str(c) for c in a.cards], [str(c) for c in a.new_cards])
                for a in hand.actions if a.kind is Kind.DEALT and a.player == player]

    assert dealt("Hero")[0] == (0, [], ["8s", "8c", "Qh"])
    assert dealt("Hero")[-1] == (4, ["8s", "8c", "Qh", "2h", "3d", "Jc"], ["8d"])
    assert dealt("Alba") == [(0, [], ["4d"]), (1, [], ["5c"]), (2, [], ["6s"]), (3, [], ["Ah"])]
    assert dealt("Dario") == [(0, [], ["Ks"])]
    shows = [(a.player, [str(c) for c in a.cards]) for a in hand.actions if a.kind is Kind.SHOW]
    assert shows == [("Alba", ["7h", "7d", "4d", "5c", "6s", "Ah", "7c"]),
                     ("Hero", ["8s", "8c", "Qh", "2h", "3d", "Jc", "8d"])]


def test_a_hi_lo_split_in_euros_from_a_cp1252_file() -> None:
    result = read(HI_LO)
    assert result.encoding == "cp1252"
    played = result.hands[0]
    hand = played.hand
    assert (hand.variant_id, hand.currency, hand.game_text) == (
        "stud8", "EUR", "7 Card Stud Hi-Lo L €0.05/€0.10")  # tablecurrency, not currency
    assert moves(hand, 0) == [(Kind.COMPLETE, "Hero", 5, 5, False),
                              (Kind.CALL, "Ines", 5, None, False)]
    assert {p.player: (p.net, p.collected, p.won_at_showdown) for p in played.players} == {
        "Hero": (-2, 39, True), "Ines": (-2, 39, True)}
    assert played.rake == 4


def test_a_tournament_learns_its_bet_sizes_from_its_play() -> None:
    first, second = read(TOURNAMENT).hands
    hand = first.hand
    assert (hand.currency, hand.stakes.small_bet, hand.stakes.big_bet) == ("chips", 150, 300)
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.fee,
            hand.tournament.currency) == ("777000111", 300, 30, "USD")
    assert {seat.player: seat.stack for seat in hand.seats} == {
        "Gil": 1500, "Hero": 2300, "Jo": 1200}  # "1,500": a thousands comma
    assert moves(hand, 3)[1] == (Kind.RAISE, "Jo", 130, 430, True)  # all-in short raise
    assert {p.player: p.net for p in first.players} == {"Gil": 1370, "Hero": -170, "Jo": -1200}
    # nobody bets in hand 2: the ante's level gives the bet sizes
    assert (second.hand.stakes.small_bet, second.hand.stakes.big_bet) == (150, 300)
    assert {p.player: p.net for p in second.players} == {"Gil": -20, "Hero": 40, "Kim": -20}
    assert [note.kind for note in second.hand.notes] == ["bet_attribute_differs"]


def test_five_card_stud_is_read_but_kept_unsupported() -> None:
    result = read(FIVE_CARD).hands[0]
    hand = result.hand
    assert (hand.variant_id, hand.game_text) == (None, "5 Card Stud L $0.10/$0.20")
    assert [a.kind for a in hand.actions if a.kind is not Kind.ANTE][-2:] == [
        Kind.FOLD, Kind.COLLECT]


@pytest.mark.parametrize(("text", "decimals", "value"), [
    ("$0.05", 2, 5), ("€1", 2, 100), ("1,440", 0, 1440), ("0,02€", 2, 2), ("€946,60", 2, 94660),
])
def test_money(text: str, decimals: int, value: int) -> None:
    assert money(text, decimals) == value


def test_an_element_not_understood_is_reported_with_its_line() -> None:
    text = text_of(CASH).replace('<action no="8" ', '<chat text="gl"/><action no="8" ', 1)
    result = read(CASH, text).hands[0]
    unknown = [p for p in result.hand.problems if p.code == "unknown_line"]
    assert len(unknown) == 1 and not unknown[0].fatal and "chat" in unknown[0].message
    assert unknown[0].line == 31 and result.status is Status.ACCEPTED


def test_a_block_without_its_session_header_is_unreadable() -> None:
    block = HandBlock(file="x", line=1, byte_offset=0, byte_length=1,
                      lines=('<game gamecode="1">', "</game>"), line_numbers=(1, 2))
    hand = parse_block(block)
    assert [(p.code, p.fatal) for p in hand.problems] == [("unreadable_header", True)]
    assert hand.hand_id == "1"
    assert session_header('<?xml version="1.0"?><game gamecode="1">') == ""


@pytest.mark.parametrize("lines", [(), ("<game",), ('<game gamecode="1"><round no="x">',),
                                   ("\x00",), ('<game gamecode="1"><!DOCTYPE r>',)])
def test_a_broken_block_never_raises(lines: tuple[str, ...]) -> None:
    context = session_header(text_of(CASH))
    block = HandBlock(file="x", line=1, byte_offset=0, byte_length=1, lines=lines,
                      line_numbers=tuple(range(1, len(lines) + 1)), context=context)
    assert any(problem.fatal for problem in parse_block(block).problems)


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(CASH, 'win="$0.45"', 'win="$0.95"', "collected_mismatch",
                 id="more-won-than-put-in"),
    pytest.param(CASH, 'player="Dario" type="5" sum="$0.10"', 'player="Dario" type="5" '
                 'sum="$0.15"', "bet_size", id="a-completion-off-the-limit"),
    pytest.param(CASH, '<action no="10" player="Dario"', '<action no="10" player="Zora"',
                 "actor_not_seated", id="nobody-seated-folds"),
    pytest.param(CASH, "</game>\n</session>", "</session>", "hand_incomplete",
                 id="the-last-hand-breaks-off"),
    pytest.param(CASH, '<action no="9" player="Hero"', '<action no="11" player="Hero"',
                 "out_of_turn", id="actions-numbered-out-of-turn"),
    pytest.param(CASH, "X X CK", "X X C2", "bring_in_wrong_player",
                 id="the-wrong-player-brings-in"),
    pytest.param(HI_LO, 'name="Ines" chips="€3" dealer="0" win="€0.39"',
                 'name="Ines" chips="€3" dealer="0" win="€0"', "wrong_winner",
                 id="the-high-half-not-paid"),
    pytest.param(TOURNAMENT, 'type="7" sum="430"', 'type="7" sum="530"', "over_stack",
                 id="all-in-for-more-than-the-stack"),
    pytest.param(TOURNAMENT, "<gametype>7 Card Stud L<", "<gametype>7 Card Stud Z<",
                 "unreadable_header", id="an-unknown-limit"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = text_of(path)
    newline = "\r\n" if "\r\n" in text else "\n"
    old, new = old.replace("\n", newline), new.replace("\n", newline)
    assert text.count(old) == 1
    result = read(path, text.replace(old, new))
    rejected = [hand for hand in result.hands if hand.status is Status.REJECTED]
    assert rejected
    assert code in {problem.code for hand in rejected for problem in hand.errors}


# --- the shared corpus -------------------------------------------------------------------

CORPUS = [
    ("cash/iPoker/Stud/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml", 0, 0, 1),
    ("cash/iPoker/Stud/7-StudHL-EUR-0.05-0.10-201405.txt", 5, 0, 0),
    ("cash/iPoker/Stud/7-StudL-USD-0.05-0.10-201009.txt", 2, 0, 0),
    ("tour/iPoker/Stud/7-StudHi-USD-STT-5-201103.txt", 117, 0, 0),
]
"""(file, accepted, rejected, unsupported): no iPoker hand of the corpus is broken; the
five-card stud hand is kept unsupported."""


@needs_corpus
def test_the_table_lists_every_ipoker_hand_file() -> None:
    assert room_hand_files("iPoker") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    result = assert_read_and_judged(name, accepted, rejected, unsupported)
    assert {p.code for hand in result.hands for p in hand.problems} <= {"stakes_from_play"}


EXPECTED_NETS = [
    ("cash/iPoker/Stud/7-StudHL-EUR-0.05-0.10-201405.txt", 3, {"Player0": -41, "Hero": 38}),
    ("cash/iPoker/Stud/7-StudL-USD-0.05-0.10-201009.txt", 0, {
        "Hero": 10, "WurmX": -1, "FENGLIUDUSHENG": -1, "komanchi7": -1, "axi0matic": -1,
        "Qekz406": -3, "Zsuzsanna": -3, "ad1028": 0}),
    ("tour/iPoker/Stud/7-StudHi-USD-STT-5-201103.txt", 0, {
        "Player2": 295, "Player13": -248, "Player5": -23, "Player20": -8, "Player11": -8,
        "Player9": -8}),
]
"""Each file's first hand: nets and rake as its actions and ``win`` attributes add up."""


@needs_corpus
@pytest.mark.parametrize(("name", "rake", "expected"), EXPECTED_NETS)
def test_corpus_nets_are_the_sums_of_the_actions(
    name: str, rake: int, expected: dict[str, int]
) -> None:
    hand = read_file(FPDB / name).hands[0]
    assert {player.player: player.net for player in hand.players} == expected
    assert hand.rake == rake


IPOKER_SIDECARS = room_sidecars("iPoker")


@needs_corpus
def test_ipoker_sidecars_are_found() -> None:
    assert IPOKER_SIDECARS == [
        "cash/iPoker/Stud/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"]


def _put_in(actions: tuple[Action, ...], player: str) -> int:
    """What a player's lines put in: each round his highest total."""
    total, rounds = 0, {}
    for action in actions:
        if action.player != player:
            continue
        if action.kind is Kind.ANTE:
            total += action.amount
        elif action.kind in (Kind.COMPLETE, Kind.RAISE):
            rounds[action.street] = action.to or 0
        elif action.kind in (Kind.BRING_IN, Kind.BET, Kind.CALL):
            rounds[action.street] = rounds.get(action.street, 0) + action.amount
    return total + sum(rounds.values())


@needs_corpus
@pytest.mark.parametrize("name", IPOKER_SIDECARS)
def test_the_unsupported_five_card_stud_record_agrees_with_fpdb(name: str) -> None:
    """Five-card stud is not replayed: its record is held to fpdb's ``.hp`` directly."""
    hand = read_file(FPDB / name).hands[0].hand
    for player, facts in load_sidecar(FPDB / (name + ".hp")).items():
        seat = hand.seat_of(player)
        assert seat is not None and (seat.seat, seat.stack) == (
            facts["seatNo"], facts["startCash"])
        collected = sum(a.amount for a in hand.actions
                        if a.kind is Kind.COLLECT and a.player == player)
        showed = any(a.kind is Kind.SHOW and a.player == player for a in hand.actions)
        assert collected == facts["winnings"]
        assert collected - _put_in(hand.actions, player) == facts["totalProfit"]
        assert showed == bool(facts["sawShowdown"])
        assert (showed and collected > 0) == (float(str(facts["wonAtSD"])) > 0)
