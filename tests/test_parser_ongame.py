"""The OnGame reader: text logs of five-card draw and stud, amounts as the chips added.

Fixtures in tests/fixtures/ongame/ are written here (made-up players and amounts, OnGame's
layout), each named after the quirk it holds; their defective twins are made from them by
one change each. The shared corpus's OnGame files are read in place, with fpdb's expected
results where they exist.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hhparse.cards import parse_cards
from hhparse.parsers import ongame
from hhparse.parsers.base import HandBlock
from hhparse.parsers.sites import detect_site
from hhparse.pipeline import FileResult, read_bytes, read_file
from hhparse.records import SHOWDOWN_STREET, Action, Hand, Kind
from hhparse.replay import ReplayResult, Status
from hhparse.variants import BettingStructure
from tests.corpus import (
    FPDB,
    assert_read_and_judged,
    assert_sidecar_agrees,
    needs_corpus,
    room_hand_files,
    room_sidecars,
)

FIXTURES = Path(__file__).parent / "fixtures" / "ongame"
UNCALLED = FIXTURES / "uncalled_bet_not_printed.txt"
NO_DELIMITER = FIXTURES / "no_street_delimiter_before_the_draw.txt"
POT_LIMIT = FIXTURES / "pot_limit_small_blind_written_big.txt"
DEAD_BLIND = FIXTURES / "dead_blind_and_side_pot_with_seats_out_of_order.txt"
HERO_DRAW = FIXTURES / "hero_draw_not_printed.txt"
BIG_BRING_IN = FIXTURES / "big_bring_in.txt"
COMPLETION = FIXTURES / "stud_completion_written_bets.txt"
HI_LO = FIXTURES / "stud_hi_lo_raise_to_is_the_hand_total.txt"
HOLDEM = FIXTURES / "holdem_is_not_replayed.txt"


def read(path: Path, text: str | None = None) -> FileResult:
    data = path.read_bytes() if text is None else text.encode()
    return read_bytes(data, str(path))


def only(path: Path) -> ReplayResult:
    (hand,) = read(path).hands
    return hand


def at(hand: Hand, text: str) -> Action:
    """The (first) action read from the line of the hand's file that is ``text``."""
    lines = Path(hand.source.file).read_text().splitlines()
    number = next(n for n, line in enumerate(lines, start=1) if line == text)
    return next(action for action in hand.actions if action.line == number)


def nets(result: ReplayResult) -> dict[str, int]:
    return {player.player: player.net for player in result.players}


# --- the fixtures ------------------------------------------------------------------------


def test_an_ongame_file_is_detected_by_its_history_line() -> None:
    site = detect_site(UNCALLED.read_bytes())
    assert site is not None and site.name == ongame.SITE
    assert ongame.is_start("***** History for hand R5-55500111-41 *****")
    assert not ongame.is_start("***** End of hand R5-55500111-41 *****")
    assert all(prefix.startswith("***** History") for prefix in ongame.PREFIXES)


FIXTURE_OUTCOMES = [
    (UNCALLED, [("R5-55500111-41", Status.ACCEPTED), ("R5-55500111-42", Status.ACCEPTED)]),
    (NO_DELIMITER, [("R5-66600222-7", Status.ACCEPTED)]),
    (POT_LIMIT, [("R5-77700333-90", Status.ACCEPTED)]),
    (DEAD_BLIND, [("R5-88800444-12", Status.ACCEPTED)]),
    (HERO_DRAW, [("R5-99900555-3", Status.ACCEPTED)]),
    (BIG_BRING_IN, [("R5-30300666-15", Status.ACCEPTED)]),
    (COMPLETION, [("R5-40400777-201", Status.ACCEPTED)]),
    (HI_LO, [("R5-50500888-33", Status.ACCEPTED)]),
    (HOLDEM, [("R5-60600999-8", Status.UNSUPPORTED)]),
]


def test_the_table_lists_every_fixture() -> None:
    assert set(FIXTURES.glob("*.txt")) == {path for path, _ in FIXTURE_OUTCOMES}


@pytest.mark.parametrize(("path", "expected"), FIXTURE_OUTCOMES,
                         ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(path: Path, expected: list[tuple[str, Status]]) -> None:
    result = read(path)
    assert result.site == ongame.SITE and result.junk == ()
    assert [(hand.hand.hand_id, hand.status) for hand in result.hands] == expected
    assert [problem for hand in result.hands for problem in hand.problems] == []
    for hand in result.hands:
        if hand.status is Status.ACCEPTED:
            assert sum(nets(hand).values()) + hand.rake == 0


def test_header_seats_stakes_time_and_hero() -> None:
    hand = only(BIG_BRING_IN).hand
    assert (hand.site, hand.variant_id, hand.structure) == (
        "ongame", "stud", BettingStructure.FIXED_LIMIT)
    assert hand.game_text == "LIMIT SEVEN_CARD_STUD" and hand.currency == "USD"
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.ante) == (100, 200, 10)
    assert hand.stakes.bring_in is None  # never printed
    assert hand.table == "Regina" and hand.max_seats == 6 and hand.button_seat == 2
    assert hand.hero == "Petra"
    assert [(seat.seat, seat.player, seat.stack) for seat in hand.seats] == [
        (1, "Petra", 3000), (4, "Oskar", 4120), (5, "Nils", 1200)]
    assert hand.started_at == datetime(2012, 12, 5, 19, 11, 9, tzinfo=UTC)  # CET
    assert b"\r\n" in BIG_BRING_IN.read_bytes()


@pytest.mark.parametrize(("path", "utc"), [
    (HERO_DRAW, datetime(2011, 10, 10, 13, 20, 31, tzinfo=UTC)),  # EEST
    (DEAD_BLIND, datetime(2010, 9, 7, 17, 2, 55, tzinfo=UTC)),  # GMT+0100, day not padded
    (HI_LO, datetime(2010, 8, 27, 16, 2, 44, tzinfo=UTC)),  # GMT+0300
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_the_printed_zone_gives_the_utc_time(path: Path, utc: datetime) -> None:
    assert only(path).hand.started_at == utc


def test_pot_limit_stakes_are_the_blinds_and_the_first_big_blind_is_the_small() -> None:
    result = only(POT_LIMIT)
    hand = result.hand
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50, 50)
    assert hand.stakes.small_bet is None and hand.structure is BettingStructure.POT_LIMIT
    posts = [(action.kind, action.player) for action in hand.actions
             if action.kind in (Kind.POST_SB, Kind.POST_BB)]
    assert posts == [(Kind.POST_SB, "Gunnar"), (Kind.POST_BB, "Hilde")]
    assert nets(result) == {"Ines": 230, "Gunnar": -50, "Hilde": -200}


def test_amounts_are_the_chips_added_and_raises_get_the_round_total() -> None:
    hand = only(POT_LIMIT).hand
    raise_ = at(hand, "Ines raises $2 to $2")
    assert (raise_.kind, raise_.amount, raise_.to) == (Kind.RAISE, 150, 200)
    call = at(hand, "Hilde calls $1.50")
    assert (call.kind, call.amount) == (Kind.CALL, 150)
    stud = only(HI_LO).hand
    odd = at(stud, "Daria raises $1 to $1.37")  # the second figure is the hand's total
    assert (odd.kind, odd.amount, odd.to) == (Kind.RAISE, 50, 100)


def test_the_heros_draw_shows_his_discards_and_new_cards() -> None:
    hand = read(UNCALLED).hands[0].hand
    discard = at(hand, "Marla changed 3 cards")
    assert (discard.kind, discard.n_cards, discard.street) == (Kind.DISCARD, 3, 1)
    assert discard.cards == parse_cards("7s 2h 9d")
    dealt = at(hand, "New hand for Marla: [Kd, Kc, 4c, 8s, Qh]")
    assert dealt.kind is Kind.DEALT
    assert (dealt.cards, dealt.new_cards) == (parse_cards("Kd Kc"), parse_cards("4c 8s Qh"))
    other = at(hand, "Odile changed 2 cards")
    assert (other.kind, other.n_cards, other.cards) == (Kind.DISCARD, 2, ())


def test_the_first_draw_line_opens_the_draw_without_a_delimiter() -> None:
    hand = only(NO_DELIMITER).hand
    assert [(mark.street, mark.name) for mark in hand.streets] == [(1, "DRAW")]
    assert at(hand, "Ulla checks").street == 0
    first = at(hand, "Vidar changed 3 cards")
    assert first.street == 1 and hand.streets[0].line == first.line
    pat = at(hand, "Ulla changed 0 cards")
    assert (pat.kind, pat.n_cards) == (Kind.STAND_PAT, 0)


def test_a_missing_hero_draw_line_is_read_from_his_new_hand() -> None:
    hand = only(HERO_DRAW).hand
    line = "New hand for Rania: [9c, 9h, 6c, Kc, 9s]"
    discard, dealt = (action for action in hand.actions if action.player == "Rania"
                      and action.kind in (Kind.DISCARD, Kind.DEALT) and action.street == 1)
    assert (discard.n_cards, discard.cards) == (2, parse_cards("4d 2s"))
    assert dealt.new_cards == parse_cards("6c 9s")
    assert [note.kind for note in hand.notes] == ["draw_not_printed"]
    assert at(hand, line) == discard


def test_no_uncalled_bet_is_printed_and_the_replayer_returns_it() -> None:
    first, walk = read(UNCALLED).hands
    for result in (first, walk):
        assert not any(action.kind is Kind.UNCALLED_RETURN for action in result.hand.actions)
    assert nets(first) == {"Quentin": -50, "Marla": 95, "Odile": -50}
    assert (first.total_pot, first.rake) == (150, 5)
    assert nets(walk) == {"Quentin": 25, "Marla": 0, "Odile": -25}


def test_dead_blind_side_pot_and_the_shown_hands_of_the_summary() -> None:
    result = only(DEAD_BLIND)
    hand = result.hand
    dead = at(hand, "Femke posts dead blind ($0.05)")
    assert (dead.kind, dead.amount) == (Kind.POST_DEAD, 5)
    assert at(hand, "Joris calls $0.10 [all in]").all_in
    assert (hand.summary.main_pot, hand.summary.side_pots, hand.summary.total_pot) == (
        45, (40,), 85)
    collects = [(action.player, action.amount, action.pot) for action in hand.actions
                if action.kind is Kind.COLLECT]
    assert collects == [("Joris", 40, "main pot"), ("Femke", 40, "side pot-1")]
    shows = {action.player: action.cards for action in hand.actions if action.kind is Kind.SHOW}
    assert set(shows) == {"Bram", "Femke", "Joris"}
    assert all(action.street == SHOWDOWN_STREET for action in hand.actions
               if action.kind in (Kind.SHOW, Kind.COLLECT))
    seat = next(seat for seat in hand.summary.seats if seat.player == "Femke")
    assert (seat.stack, seat.net, seat.cards) == (605, 5, shows["Femke"])
    assert [seat.seat for seat in hand.seats] == [9, 2, 4, 6]  # as printed
    assert nets(result) == {"Bram": -30, "Femke": 5, "Joris": 30, "Lotte": -10}


def test_the_stud_bring_ins_and_the_completion_written_bets() -> None:
    big = only(BIG_BRING_IN).hand
    full = at(big, "Petra big bring in $1")
    assert (full.kind, full.amount, full.to) == (Kind.COMPLETE, 100, 100)
    raise_ = at(big, "Oskar raises $2 to $2")
    assert (raise_.kind, raise_.amount, raise_.to) == (Kind.RAISE, 100, 200)
    small = only(COMPLETION).hand
    bring_in = at(small, "Xaver small bring in $0.05")
    assert (bring_in.kind, bring_in.amount) == (Kind.BRING_IN, 5)
    completion = at(small, "Wanda bets $0.10")
    assert (completion.kind, completion.amount, completion.to) == (Kind.COMPLETE, 5, 10)
    assert at(small, "Wanda bets $0.20").kind is Kind.BET
    assert [mark.street for mark in small.streets] == [1, 2, 3, 4]
    assert at(small, "Dealing to Xaver: [-, -, 3c]").new_cards == parse_cards("3c")
    assert at(small, "Dealing to Wanda: [4c]").street == 4


def test_hi_lo_halves_are_two_collections() -> None:
    result = only(HI_LO)
    collects = [(a.player, a.amount) for a in result.hand.actions if a.kind is Kind.COLLECT]
    assert collects == [("Daria", 185), ("Daria", 185)]
    assert nets(result) == {"Daria": 178, "Emil": -192, "Fanny": -5}


def test_holdem_is_kept_unsupported() -> None:
    result = only(HOLDEM)
    assert result.status is Status.UNSUPPORTED and result.hand.variant_id is None
    assert result.hand.game_text == "NO_LIMIT TEXAS_HOLDEM"


def test_a_block_never_raises() -> None:
    block = HandBlock(file="x", line=1, byte_offset=0, byte_length=0,
                      lines=("***** History for hand R5-1-1 *****", "Table: ((("),
                      line_numbers=(1, 2))
    hand = ongame.parse_block(block)
    assert [problem.code for problem in hand.problems if problem.fatal] == ["unreadable_header"]
    empty = ongame.parse_block(HandBlock(file="x", line=1, byte_offset=0, byte_length=0,
                                         lines=(), line_numbers=()))
    assert empty.problems and empty.problems[0].fatal


def test_an_unknown_line_is_reported_not_fatal() -> None:
    text = UNCALLED.read_text().replace("Odile checks\n", "Odile checks\nOdile hums a tune\n", 1)
    first = read(UNCALLED, text).hands[0]
    assert first.status is Status.ACCEPTED
    assert [problem.code for problem in first.problems] == ["unknown_line"]


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(UNCALLED, "won by Marla ($1.45)", "won by Marla ($1.55)",
                 "collected_mismatch", id="more-paid-than-the-pot"),
    pytest.param(UNCALLED, "Marla bets $1\n", "Marla bets $1.50\n", "bet_size",
                 id="a-bet-off-the-limit"),
    pytest.param(HI_LO, "Daria raises $1 to", "Daria raises $1.25 to", "bet_size",
                 id="a-raise-off-the-limit"),
    pytest.param(COMPLETION, "Dealing to Xaver: [-, -, 3c]", "Dealing to Xaver: [-, -, Kc]",
                 "bring_in_wrong_player", id="the-wrong-bring-in"),
    pytest.param(HERO_DRAW, "Tariq bets $2", "Tarik bets $2", "actor_not_seated",
                 id="an-unseated-player-bets"),
    pytest.param(HERO_DRAW, "History for hand R5-99900555-3", "History for hand 99900555/3",
                 "unreadable_header", id="a-broken-header"),
    pytest.param(DEAD_BLIND, "(LIMIT FIVE_CARD_DRAW", "(FIXED FIVE_CARD_DRAW",
                 "unreadable_header", id="an-unknown-limit"),
    pytest.param(NO_DELIMITER, "***** End of hand R5-66600222-7 *****\n", "",
                 "hand_incomplete", id="cut-off-before-its-end-line"),
    pytest.param(POT_LIMIT, "Ines changed 3 cards", "Ines changed 2 cards",
                 "draw_count_mismatch", id="the-heros-draw-miscounted"),
    pytest.param(POT_LIMIT, "Button: seat 2", "Button: seat 5", "sb_wrong_player",
                 id="the-small-blind-from-the-wrong-seat"),
    pytest.param(HI_LO, "net: -$1.92", "net: -$1.82", "printed_net_mismatch",
                 id="a-misprinted-net"),
    pytest.param(DEAD_BLIND, "Main pot: $0.45 won by Joris", "Main pot: $0.45 won by Bram",
                 "wrong_winner", id="the-main-pot-to-a-loser"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = path.read_text()
    assert text.count(old) == 1
    result = read(path, text.replace(old, new)).hands[0]  # every change is in the first hand
    assert result.status is Status.REJECTED
    assert code in {problem.code for problem in result.errors}


# --- the shared corpus -------------------------------------------------------------------

CORPUS = [
    ("cash/OnGame/Draw/5-Carddraw-PL-USD-1.00-1.00-201111.No.Street.Delimiter.txt", 1, 0, 0),
    ("cash/OnGame/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt", 4, 0, 0),
    ("cash/OnGame/Draw/5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt", 10, 0, 0),
    ("cash/OnGame/Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt", 4, 0, 0),
    ("cash/OnGame/Stud/7-Stud-USD-1.00-2.00-201212.big.bring.txt", 1, 0, 0),
    ("cash/OnGame/Stud/7-StudHL-USD-0.25-0.50-201008.All.streets.txt", 1, 0, 0),
]
"""(file, accepted, rejected, unsupported). R5-81962116-235 goes to a showdown of four
where the summary prints one loser's hand (a pair of queens) and not the winner's: it is
accepted with a ``winning_hand_not_printed`` warning (room rule), every number adding up."""

WARNED = {"R5-81962116-235": ("winning_hand_not_printed",)}


@needs_corpus
def test_the_table_lists_every_ongame_hand_file() -> None:
    assert room_hand_files("OnGame") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    result = assert_read_and_judged(name, accepted, rejected, unsupported)
    assert result.site == ongame.SITE and result.junk == ()
    for hand in result.hands:
        assert tuple(problem.code for problem in hand.problems) == WARNED.get(
            hand.hand.hand_id, ())


ONGAME_SIDECARS = room_sidecars("OnGame")


@needs_corpus
@pytest.mark.parametrize("name", ONGAME_SIDECARS)
def test_nets_collections_and_showdowns_agree_with_fpdb(name: str) -> None:
    assert_sidecar_agrees(name)


@needs_corpus
def test_ongame_sidecars_are_found() -> None:
    assert len(ONGAME_SIDECARS) == 1


@needs_corpus
def test_the_goalwin_hand_without_the_heros_draw_line_is_read_from_his_new_hand() -> None:
    result = read_file(FPDB / CORPUS[2][0])
    hand = next(item.hand for item in result.hands if item.hand.hand_id == "R5-174428515-250")
    discard = next(action for action in hand.actions
                   if action.kind is Kind.DISCARD and action.player == "Hero")
    assert (discard.n_cards, discard.cards) == (1, parse_cards("5h"))
    assert [note.kind for note in hand.notes] == ["draw_not_printed"]
