"""The Full Tilt reader: one hand-written fixture per quirk, headers, the fpdb corpus, fuzzing.

Fixtures in tests/fixtures/fulltilt/ are hand-written hands in Full Tilt's format, named
after the quirk each one captures. The corpus tests read every Full Tilt file of
../shared/corpus/fpdb in place (third-party data, never copied here) and skip when it is
absent; fpdb's sidecars beside some files give the expected money, showdowns and times.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hhparse.cards import parse_cards
from hhparse.cli import app
from hhparse.parsers.base import HandBlock, split_blocks
from hhparse.parsers.fulltilt import SITE, is_start, parse_block
from hhparse.parsers.sites import detect_site
from hhparse.pipeline import FileResult, read_bytes, read_file
from hhparse.records import SHOWDOWN_STREET, Action, Hand, Kind
from hhparse.replay import ReplayResult, Status, replay_hand
from hhparse.variants import BettingStructure
from tests.corpus import FPDB, load_sidecar, needs_corpus

FIXTURES = Path(__file__).parent / "fixtures" / "fulltilt"


def blocks_of(text: str, file: str = "<test>") -> list[HandBlock]:
    return list(split_blocks(text.encode("utf-8"), file, is_start).blocks)


def fixture_path(name: str) -> Path:
    return FIXTURES / f"{name}.txt"


def fixture_hands(name: str) -> list[Hand]:
    path = fixture_path(name)
    return [parse_block(block) for block in blocks_of(path.read_text("utf-8"), str(path))]


def fixture_hand(name: str) -> Hand:
    (hand,) = fixture_hands(name)
    return hand


def replayed(name: str) -> ReplayResult:
    (result,) = read_file(fixture_path(name)).hands
    return result


def hand_of(text: str) -> Hand:
    (block,) = blocks_of(text)
    return parse_block(block)


def by_line(hand: Hand, line: int) -> Action:
    (action,) = [action for action in hand.actions if action.line == line]
    return action


def codes(hand: Hand) -> list[str]:
    return [problem.code for problem in hand.problems]


def nets(result: ReplayResult) -> dict[str, int]:
    return {player.player: player.net for player in result.players}


# --- is_start -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Full Tilt Poker Game #29178537030: Table Broadridge (6 max) - $0.10/$0.20 - x",
        "FullTiltPoker Game #25314791161: Table Squaw Tea (6 max) - $150/$300 - x",
        "\ufeffFull Tilt Poker Game #1: Table T - $1/$2 - Limit Razz - x",
    ],
)
def test_hand_starts_are_recognised(line: str) -> None:
    assert is_start(line)


@pytest.mark.parametrize(
    "line",
    [
        "Full Tilt Poker Tournament Summary $10 Heads-Up Sit & Go (243560420) 2-7 Triple Draw",
        "PokerStars Hand #1: Razz Limit ($1/$2 USD) - x",
        "Hero: Full Tilt Poker Game #1: hi",
        "******************** # 1 *************************",
        "",
    ],
)
def test_other_lines_do_not_start_a_hand(line: str) -> None:
    assert not is_start(line)


# --- one fixture per quirk ----------------------------------------------------------------


def test_raise_to_total_only() -> None:
    """``raises to $2`` prints the total: the increment comes from the round's bets."""
    hand = fixture_hand("raise_to_total_only")
    assert hand.problems == ()
    assert (hand.site, hand.hand_id, hand.variant_id) == (SITE, "30000000001", "27_single_draw")
    assert hand.structure is BettingStructure.NO_LIMIT
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.ante) == (10, 20, 5)
    assert (hand.table, hand.max_seats, hand.button_seat, hand.hero) == ("Lowland", 6, 1, "Hero")
    assert by_line(hand, 14) == Action(line=14, street=0, kind=Kind.RAISE, player="Ann",
                                       amount=40, to=60)
    assert by_line(hand, 16).amount == 50  # the call's increment, as printed
    assert by_line(hand, 17) == Action(line=17, street=0, kind=Kind.RAISE, player="Hero",
                                       amount=140, to=200)
    assert by_line(hand, 21) == Action(line=21, street=1, kind=Kind.DISCARD, player="Hero",
                                       n_cards=1, cards=parse_cards("Kd"))
    assert by_line(hand, 23) == Action(line=23, street=1, kind=Kind.DEALT, player="Hero",
                                       cards=parse_cards("7s 5d 4h 3c"),
                                       new_cards=parse_cards("2s"))
    assert [(mark.street, mark.name) for mark in hand.streets] == [
        (0, "HOLE CARDS"), (1, "DRAW"), (SHOWDOWN_STREET, "SHOW DOWN")]
    assert [note.kind for note in hand.notes] == ["clock", "chat", "dealt_unseen"]
    assert by_line(hand, 30) == Action(line=30, street=SHOWDOWN_STREET, kind=Kind.COLLECT,
                                       player="Hero", amount=1040, pot="pot")
    result = replayed("raise_to_total_only")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Ann": -505, "Bo Li": -65, "Hero": 535}


def test_limit_triple_draw_all_in_on_a_bet() -> None:
    hand = fixture_hand("limit_triple_draw_all_in_on_a_bet")
    assert hand.problems == ()
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (100, 200)
    assert by_line(hand, 27) == Action(line=27, street=2, kind=Kind.BET, player="Cy",
                                       amount=50, all_in=True)
    assert by_line(hand, 25).kind is Kind.STAND_PAT
    assert by_line(hand, 34).kind is Kind.MUCK
    result = replayed("limit_triple_draw_all_in_on_a_bet")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Hero": -350, "Cy": 410, "Dee": -100, "Ed": 0}
    assert [(d.player, d.draw_round, d.discarded) for d in result.draws] == [
        ("Cy", 1, 2), ("Hero", 1, 1), ("Cy", 2, 1), ("Hero", 2, 0), ("Cy", 3, 0), ("Hero", 3, 0)]


def test_game_before_stakes_new_to_the_game() -> None:
    """``Table T (New to the Game) - FL Badugi - $0.10/$0.20``; table chatter is noted."""
    hand = fixture_hand("game_before_stakes_new_to_the_game")
    assert hand.problems == ()
    assert (hand.table, hand.max_seats, hand.game_text, hand.variant_id) == (
        "Pebble", None, "FL Badugi", "badugi")
    assert hand.structure is BettingStructure.FIXED_LIMIT
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (10, 20)
    assert [note.kind for note in hand.notes] == [
        "time_bank", "join", "emotion", "add_chips", "dealt_unseen", "dealt_unseen", "clock",
        "leave"]
    result = replayed("game_before_stakes_new_to_the_game")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Fay": -5, "Gus": -80, "Hero": 79}


def test_seat_list_sitting_out_is_stale() -> None:
    """Listed as sitting out but plays; listed as playing but never dealt in."""
    hand = fixture_hand("seat_list_sitting_out_is_stale")
    assert hand.problems == ()
    assert [(seat.player, seat.sitting_out) for seat in hand.seats] == [
        ("Ivy", True), ("Jon", True), ("Kim", False), ("Hero", False), ("Lou", False)]
    result = replayed("seat_list_sitting_out_is_stale")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert {p.player: p.position for p in result.players} == {
        "Ivy": "", "Jon": "", "Kim": "SB", "Hero": "BB", "Lou": "BTN"}


def test_dead_small_blind_and_live_post() -> None:
    """``posts a dead small blind`` is dead money: no part of the uncalled bet or the pots."""
    hand = fixture_hand("dead_small_blind_and_live_post")
    assert [(a.kind, a.player, a.amount) for a in hand.actions[:4]] == [
        (Kind.POST_SB, "Ned", 250), (Kind.POST_BB, "Hero", 500), (Kind.POST_DEAD, "Oz", 250),
        (Kind.POST_BB, "Oz", 500)]
    assert by_line(hand, 13).amount == 500  # raises to $10 over the live $5
    result = replayed("dead_small_blind_and_live_post")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Mo": 0, "Ned": -250, "Hero": -1000, "Oz": 1150}


def test_small_blind_skipped() -> None:
    """No small blind: the player left of the button posts the big blind and the action
    starts left of him."""
    result = replayed("small_blind_skipped")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Hero": 210, "Pia": -10, "Quinn": -50, "Rex": -170}


def test_stud_hero_cards_in_two_groups() -> None:
    """``Dealt to Hero [Qs Qh] [9c]`` on 3rd street: three new cards, the last one up."""
    hand = fixture_hand("stud_hero_cards_in_two_groups")
    assert hand.problems == ()
    assert (hand.variant_id, hand.hero, hand.button_seat) == ("stud", "Hero", None)
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.ante) == (300, 600, 50)
    assert by_line(hand, 12) == Action(line=12, street=0, kind=Kind.DEALT, player="Hero",
                                       new_cards=parse_cards("Qs Qh 9c"))
    assert by_line(hand, 23) == Action(line=23, street=1, kind=Kind.DEALT, player="Hero",
                                       cards=parse_cards("Qs Qh 9c"), new_cards=parse_cards("5d"))
    assert by_line(hand, 16) == Action(line=16, street=0, kind=Kind.BRING_IN, player="Tia",
                                       amount=100)
    assert by_line(hand, 17) == Action(line=17, street=0, kind=Kind.COMPLETE, player="Uma",
                                       amount=200, to=300)
    assert by_line(hand, 19) == Action(line=19, street=0, kind=Kind.RAISE, player="Hero",
                                       amount=300, to=600)
    assert "bring_in_card" in [note.kind for note in hand.notes]
    result = replayed("stud_hero_cards_in_two_groups")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Sal": -50, "Hero": 850, "Tia": -150, "Uma": -650}


def test_stud_hilo_pots_printed_before_rake() -> None:
    """``Main pot $13.20. Side pot $8. | Rake $1``: the pots before the rake."""
    hand = fixture_hand("stud_hilo_pots_printed_before_rake")
    assert hand.problems == ()
    assert (hand.summary.main_pot, hand.summary.side_pots, hand.summary.rake) == (1320, (800,),
                                                                                  100)
    assert not hand.summary.pots_after_rake
    assert hand.started_at == datetime(2011, 4, 7, 18, 18, 30, tzinfo=UTC)  # the ET in brackets
    assert [(a.player, a.pot, a.amount) for a in hand.actions if a.kind is Kind.COLLECT] == [
        ("Wes", "high side pot", 400), ("Hero", "low side pot", 400),
        ("Vic", "high main pot", 610), ("Hero", "low main pot", 610)]
    result = replayed("stud_hilo_pots_printed_before_rake")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Hero": 170, "Vic": 170, "Wes": -440}
    assert [(p.index, p.half, p.amount, p.winners) for p in result.pots] == [
        (0, "high", 610, ("Vic",)), (0, "low", 610, ("Hero",)),
        (1, "high", 400, ("Wes",)), (1, "low", 400, ("Hero",))]


def test_pots_printed_before_rake_must_match_the_contributions() -> None:
    text = fixture_path("stud_hilo_pots_printed_before_rake").read_text("utf-8")
    result = replay_hand(hand_of(text.replace("Main pot $13.20.", "Main pot $12.20.")))
    assert result.status is Status.REJECTED
    assert "side_pot_mismatch" in {problem.code for problem in result.errors}


def test_tournament_bring_in_all_in() -> None:
    hand = fixture_hand("tournament_bring_in_all_in")
    assert hand.problems == ()
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.fee,
            hand.tournament.currency) == ("230000001", 500, 50, "USD")
    assert (hand.currency, hand.table, hand.variant_id) == ("chips", "1", "razz")
    assert [(seat.player, seat.stack, seat.sitting_out) for seat in hand.seats] == [
        ("Xia", 16, False), ("Hero", 1984, False)]
    assert by_line(hand, 10) == Action(line=10, street=0, kind=Kind.BRING_IN, player="Xia",
                                       amount=6, all_in=True)
    result = replayed("tournament_bring_in_all_in")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Xia": -16, "Hero": 16}


def test_partial_hand() -> None:
    """``(partial)``: the client saved the summary only. Rejected, never guessed."""
    hand = fixture_hand("partial_hand")
    assert codes(hand) == ["hand_incomplete"] and hand.problems[0].fatal
    assert replayed("partial_hand").errors[0].code == "hand_incomplete"


def test_dead_hand_opponent_sits_out() -> None:
    """A blind is posted, the only opponent sits out, nothing is dealt: too few players."""
    hand = fixture_hand("dead_hand_opponent_sits_out")
    assert (hand.max_seats, [seat.sitting_out for seat in hand.seats]) == (2, [False, True])
    result = replayed("dead_hand_opponent_sits_out")
    assert result.status is Status.REJECTED
    assert result.errors[0].code == "too_few_players"


def test_summary_seats_joined_on_one_line() -> None:
    hand = fixture_hand("summary_seats_joined_on_one_line")
    assert [(p.code, p.fatal) for p in hand.problems] == [("summary_lines_joined", False)]
    assert [(s.seat, s.player, s.won) for s in hand.summary.seats] == [
        (1, "Hero", None), (2, "Cal", None), (3, "Fox", None), (4, "Dru", 40), (5, "Eli", None)]
    result = replayed("summary_seats_joined_on_one_line")
    assert result.status is Status.ACCEPTED
    assert nets(result) == {"Hero": -10, "Cal": -10, "Dru": 30, "Eli": -10}


def test_archive_separator_and_no_space_prefix() -> None:
    result = read_file(fixture_path("archive_separator_and_no_space_prefix"))
    assert [junk.text for junk in result.junk] == [
        "******************** # 1 *************************"]
    (replayed_hand,) = result.hands
    hand = replayed_hand.hand
    assert hand.problems == () and replayed_hand.status is Status.ACCEPTED
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (15000, 30000)
    assert hand.seats[0].stack == 520800
    assert hand.started_at == datetime(2010, 11, 6, 12, 19, tzinfo=UTC)
    assert [note.kind for note in hand.notes] == ["seat_status", "dealt_unseen", "duration"]


def test_holdem_omaha_and_five_card_stud_are_unsupported() -> None:
    omaha, stud5 = fixture_hands("holdem_omaha_and_five_card_stud_are_unsupported")
    assert (omaha.variant_id, omaha.game_text, omaha.structure) == (
        None, "Pot Limit Omaha Hi", BettingStructure.POT_LIMIT)
    assert (stud5.variant_id, stud5.game_text, stud5.currency) == (None, "Limit 5 Card Stud",
                                                                   "chips")
    assert omaha.problems == () and stud5.problems == ()
    assert omaha.summary.board == parse_cards("4s Kd 6d Kh 2h")
    assert "shows_description" in [note.kind for note in omaha.notes]
    assert [mark.street for mark in stud5.streets] == [0]
    result = read_file(fixture_path("holdem_omaha_and_five_card_stud_are_unsupported"))
    assert [hand.status for hand in result.hands] == [Status.UNSUPPORTED] * 2


def test_ties_for_the_pot() -> None:
    hand = fixture_hand("ties_for_the_pot")
    assert [(a.player, a.pot, a.amount) for a in hand.actions if a.kind is Kind.COLLECT] == [
        ("Lea", "pot", 29), ("Max", "pot", 29)]
    result = replayed("ties_for_the_pot")
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Lea": -1, "Max": -1, "Hero": 0}


def test_tournament_summary_is_not_a_hand() -> None:
    data = fixture_path("tournament_summary_is_not_a_hand").read_bytes()
    assert detect_site(data) is None
    result = read_bytes(data, "summary.txt")
    assert result.hands == () and len(result.junk) == 1
    # named for what it is (tests/test_tournaments.py: what ingest makes of it)
    assert result.problem is not None and result.problem.code == "tournament_summary"


# --- encodings ----------------------------------------------------------------------------


def _damaged_utf16(text: str) -> bytes:
    """Full Tilt's own files: UTF-16 LE with a BOM, a blank line after every line, and an
    odd trailing line-feed byte."""
    return b"\xff\xfe" + text.replace("\n", "\n\n").encode("utf-16-le") + b"\n"


@pytest.mark.parametrize("name", ["limit_triple_draw_all_in_on_a_bet",
                                  "stud_hilo_pots_printed_before_rake"])
def test_damaged_utf16_reads_like_plain_text(name: str) -> None:
    text = fixture_path(name).read_text("utf-8")
    plain = read_bytes(text.encode("utf-8"), "plain.txt")
    damaged = read_bytes(_damaged_utf16(text), "damaged.txt")
    assert damaged.site == SITE and damaged.encoding == "utf-16-le" and damaged.junk == ()
    assert [h.status for h in damaged.hands] == [h.status for h in plain.hands] == [
        Status.ACCEPTED]
    assert nets(damaged.hands[0]) == nets(plain.hands[0])


# --- headers and times --------------------------------------------------------------------

_HAND = """{header}
Seat 1: Alice ($1)
Seat 2: Bob ($1)
Alice folds
*** SUMMARY ***
Total pot $0 | Rake $0
"""


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("Full Tilt Poker Game #1: Table CR - tay - $0.05/$0.10 - No Limit Hold'em - "
         "9:40:20 ET - 2008/12/09",
         ("CR - tay", None, None, "USD", BettingStructure.NO_LIMIT, 5, 10)),
        ("Full Tilt Poker Game #1: Table Gale (heads up) - $0.05/$0.10 - Limit A-5 Triple "
         "Draw - 22:28:00 ET - 2011/04/10",
         ("Gale", 2, "a5_triple_draw", "USD", BettingStructure.FIXED_LIMIT, 5, 10)),
        ("Full Tilt Poker Game #1: Table Axe Handle (6 max) - $0.10/$0.25 - Pot Limit 5 Card "
         "Draw - 02:58:00 ET - 2010/11/07",
         ("Axe Handle", 6, "five_card_draw", "USD", BettingStructure.POT_LIMIT, 10, 25)),
        ("Full Tilt Poker Game #1: Table Deerfly (deep 6) - €1/€2 - Limit Stud H/L - "
         "2:24:44 ET - 2009/02/22",
         ("Deerfly", 6, "stud8", "EUR", BettingStructure.FIXED_LIMIT, 100, 200)),
        ("Full Tilt Poker Game #1: Table Pita (6 max) - 10/20 - Limit Badugi - "
         "2:24:44 ET - 2009/02/22",
         ("Pita", 6, "badugi", "chips", BettingStructure.FIXED_LIMIT, 10, 20)),
        ("Full Tilt Poker Game #1: Table Sand (6 max) - $1/$2 - HORSE - Limit Razz - "
         "2:24:44 ET - 2009/02/22",
         ("Sand", 6, "razz", "USD", BettingStructure.FIXED_LIMIT, 100, 200)),
    ],
)
def test_cash_headers(header: str, expected: tuple[object, ...]) -> None:
    hand = hand_of(_HAND.format(header=header))
    assert [p for p in hand.problems if p.fatal] == []
    low, high = (
        (hand.stakes.small_bet, hand.stakes.big_bet)
        if hand.structure is BettingStructure.FIXED_LIMIT
        else (hand.stakes.small_blind, hand.stakes.big_blind)
    )
    assert (hand.table, hand.max_seats, hand.variant_id, hand.currency, hand.structure, low,
            high) == expected
    assert hand.play_money == (hand.currency == "chips")


def test_mixed_game_name_between_stakes_and_game() -> None:
    hand = hand_of(_HAND.format(header="Full Tilt Poker Game #1: Table Sand (6 max) - $1/$2 - "
                                       "HORSE - Limit Razz - 2:24:44 ET - 2009/02/22"))
    assert (hand.mixed_game, hand.game_text) == ("HORSE", "Limit Razz")


def test_unknown_game_is_a_warning_and_unsupported() -> None:
    hand = hand_of(_HAND.format(header="Full Tilt Poker Game #1: Table Sand - $1/$2 - Limit "
                                       "Crazy Pineapple - 2:24:44 ET - 2009/02/22"))
    assert [(p.code, p.fatal) for p in hand.problems] == [("unknown_game", False)]
    assert replay_hand(hand).status is Status.UNSUPPORTED


@pytest.mark.parametrize(
    ("when", "utc"),
    [
        ("01:27:48 ET - 2011/03/20", datetime(2011, 3, 20, 5, 27, 48)),
        ("03:00:26 ET - 2010/11/07", datetime(2010, 11, 7, 8, 0, 26)),
        ("17:19:00 CCT - 2010/12/07 [04:19:00 ET - 2010/12/07]", datetime(2010, 12, 7, 9, 19)),
        ("19:36:43 CET - 2011/04/07 [13:36:43 ET - 2011/04/07]",
         datetime(2011, 4, 7, 17, 36, 43)),
        ("23:08:23 CET - 2012/11/06", datetime(2012, 11, 6, 22, 8, 23)),
    ],
)
def test_times_become_utc(when: str, utc: datetime) -> None:
    header = f"Full Tilt Poker Game #1: Table T - $1/$2 - Limit Razz - {when}"
    hand = hand_of(_HAND.format(header=header))
    assert hand.problems == ()
    assert hand.started_at_text == when
    assert hand.started_at == utc.replace(tzinfo=UTC)


def test_unknown_time_zone_is_a_problem_not_a_guess() -> None:
    hand = hand_of(_HAND.format(
        header="Full Tilt Poker Game #1: Table T - $1/$2 - Limit Razz - 1:02:03 XYZ - 2011/01/01"))
    assert hand.started_at is None
    assert [(p.code, p.fatal) for p in hand.problems] == [("unknown_timezone", False)]


@pytest.mark.parametrize(
    "header",
    [
        "Full Tilt Poker Game #77: Table T - Limit Razz - 1:02:03 ET - 2011/01/01",
        "Full Tilt Poker Game #77: nonsense",
        "Full Tilt Poker Game #77: Table T - $1/$2 - Limit Razz - yesterday",
    ],
)
def test_unreadable_header_is_fatal(header: str) -> None:
    hand = hand_of(_HAND.format(header=header))
    assert hand.hand_id == "77"
    assert codes(hand) == ["unreadable_header"] and hand.problems[0].fatal
    assert replay_hand(hand).status is Status.REJECTED


# --- lines the reader cannot place ----------------------------------------------------------


def test_unknown_line_is_reported_not_fatal() -> None:
    text = fixture_path("ties_for_the_pot").read_text("utf-8")
    hand = hand_of(text.replace("Max checks\n", "Max checks\nMax juggles the chips\n"))
    assert [(p.code, p.line, p.fatal) for p in hand.problems] == [("unknown_line", 13, False)]
    assert replay_hand(hand).status is Status.ACCEPTED


def test_play_by_a_player_without_a_seat_is_fatal() -> None:
    text = fixture_path("ties_for_the_pot").read_text("utf-8")
    hand = hand_of(text.replace("Max checks\n", "Max checks\nZoe Q calls $0.10\n"))
    assert [(p.code, p.fatal) for p in hand.problems] == [("actor_not_seated", True)]
    assert [note.kind for note in hand.notes if note.line == 13] == ["unseated_action"]


def test_statements_by_players_without_a_seat_are_notes() -> None:
    text = fixture_path("ties_for_the_pot").read_text("utf-8")
    extra = "Max checks\nZoe Q sits down\nZoe Q adds $2\nZoe Q: hi all\nZoe Q stands up\n"
    hand = hand_of(text.replace("Max checks\n", extra))
    assert hand.problems == ()
    assert [note.kind for note in hand.notes if 13 <= note.line <= 16] == [
        "join", "add_chips", "chat", "leave"]


def test_cancelled_hand_is_rejected() -> None:
    text = fixture_path("ties_for_the_pot").read_text("utf-8")
    hand = hand_of(text.replace("*** SUMMARY ***\n",
                                "Hand #30000000017 has been canceled\n*** SUMMARY ***\n"))
    assert hand.cancelled
    assert replay_hand(hand).errors[0].code == "hand_cancelled"


# --- robustness ---------------------------------------------------------------------------


def test_empty_block_is_an_unreadable_header() -> None:
    hand = parse_block(HandBlock(file="f", line=3, byte_offset=0, byte_length=0, lines=(),
                                 line_numbers=()))
    assert codes(hand) == ["unreadable_header"] and hand.problems[0].fatal


def test_reader_crash_becomes_a_fatal_problem() -> None:
    block = HandBlock(file="f", line=1, byte_offset=0, byte_length=0,
                      lines=("Full Tilt Poker Game #5: x", "y"), line_numbers=(1,))
    hand = parse_block(block)  # lines and line numbers disagree: the reader trips
    assert (hand.hand_id, codes(hand)) == ("5", ["parser_crash"])


_FRAGMENTS = [
    "Full Tilt Poker Game #9: Table T (6 max) - $1/$2 Ante $0.10 - Limit Razz - "
    "1:02:03 ET - 2011/01/01",
    "Seat 1: Al ($10)", "Seat 2: B b ($1,000), is sitting out", "Al ", "B b ",
    "*** 3RD STREET ***", "*** FIRST DRAW *** (Pot: $1)", "*** SHOW DOWN ***", "*** SUMMARY ***",
    "Dealt to Al ", "Dealt to B b [", "[Ah 2c]", " [3d]", "Uncalled bet of ", " returned to ",
    "Total pot ", "Seat 1: ", " Seat 2: ", "$1", "1,000", "raises to ", "completes it to ",
    "discards ", " card", "stands pat on ", "wins the ", "ties for the ", "pot (", ")",
    ", and is all in", "brings in for ", "antes ", "posts ", "a dead small blind of ",
    "is dealt ", "shows [", "mucks", ": ", "Main pot ", "Side pot ", "| Rake ",
    "The button is in seat #", "Board: [",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=40).map(lambda t: t.strip()), max_size=12))
def test_garbage_never_raises(lines: list[str]) -> None:
    block = HandBlock(file="g", line=1, byte_offset=0, byte_length=0, lines=tuple(lines),
                      line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert isinstance(hand, Hand)
    assert "parser_crash" not in codes(hand)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=6)), max_size=4)
        .map("".join),
        max_size=25,
    )
)
def test_near_miss_lines_never_crash_the_reader(body: list[str]) -> None:
    lines = [line.strip() for line in [*_FRAGMENTS[:3], *body] if line.strip()]
    block = HandBlock(file="g", line=1, byte_offset=0, byte_length=0, lines=tuple(lines),
                      line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert "parser_crash" not in codes(hand)
    assert "parser_crash" not in {p.code for p in replay_hand(hand).problems}


# --- check and ingest end to end ------------------------------------------------------------


def test_cli_check_reads_full_tilt(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["check", "--json", str(FIXTURES)])
    assert result.exit_code == 1  # the partial and the dead hand are rejected
    report = json.loads(result.stdout)
    statuses = {(hand["hand_id"], hand["status"]) for hand in report["hands"]}
    assert ("30000000010", "rejected") in statuses and ("30000000001", "accepted") in statuses
    assert report["summary"]["rejected"] == 2 and report["summary"]["unsupported"] == 2
    rejected = {hand["hand_id"]: hand["problems"][0]["code"] for hand in report["hands"]
                if hand["status"] == "rejected"}
    assert rejected == {"30000000010": "hand_incomplete", "30000000011": "too_few_players"}


def test_ingest_stores_full_tilt_hands(tmp_path: Path) -> None:
    database = tmp_path / "ftp.duckdb"
    result = CliRunner().invoke(app, ["ingest", str(FIXTURES), "--db", str(database), "--json",
                                      "--workers", "1"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["accepted"], summary["rejected"], summary["unsupported"]) == (12, 2, 2)
    con = duckdb.connect(str(database), read_only=True)
    try:
        sites = con.execute("SELECT DISTINCT site FROM hands").fetchall()
        raise_row = con.execute(
            "SELECT amount, raise_to FROM actions WHERE hand_id = '30000000001' AND seq = 8"
        ).fetchone()
        rejects = con.execute("SELECT hand_id, code FROM rejects ORDER BY hand_id").fetchall()
        balanced = con.execute(
            "SELECT count(*) FROM hands h JOIN (SELECT site, hand_id, sum(net) AS nets "
            "FROM players GROUP BY ALL) p USING (site, hand_id) WHERE p.nets + h.rake <> 0"
        ).fetchone()
    finally:
        con.close()
    assert sites == [(SITE,)]
    assert raise_row == (140, 200)
    assert rejects == [("30000000010", "hand_incomplete"), ("30000000011", "too_few_players")]
    assert balanced == (0,)


# --- the fpdb corpus ----------------------------------------------------------------------

EXPECTED = [
    # (file, accepted, rejected, unsupported)
    ("cash/FTP/Draw/1-Draw-NL-USD-0.10-0.20-201103.txt", 1, 0, 0),
    ("cash/FTP/Draw/1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt", 1, 0, 0),
    ("cash/FTP/Draw/3-Draw-Limit-USD-0.10-0.20-201011.txt", 1, 0, 0),
    ("cash/FTP/Draw/3-Draw-Limit-USD-10-20-201101.Dead.hand.txt", 0, 1, 0),
    ("cash/FTP/Draw/3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt", 1, 0, 0),
    ("cash/FTP/Draw/3-Draw-Limit-USD-150-300-201012.txt", 1, 0, 0),
    ("cash/FTP/Draw/3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt", 1, 0, 0),
    ("cash/FTP/Draw/3-Draw-Limit-USD-20-40-201101.Partial.txt", 0, 1, 0),
    ("cash/FTP/Draw/3-Draw-Limit-USD-250-500-201011.Hero.sitting.out.but.not.listed.txt",
     1, 0, 0),
    ("cash/FTP/Draw/3-Draw-Limit-USD-5-10-201211.txt", 1, 0, 0),
    ("cash/FTP/Draw/5-Carddraw-Limit-USD-0.10-0.20-201011.Sample.Not.UTF16.txt", 1, 0, 0),
    ("cash/FTP/Draw/5-Carddraw-NL-USD-0.10-0.20-201011.Saw.Showdown.Not.UTF16.txt", 1, 0, 0),
    ("cash/FTP/Draw/5-Carddraw-PL-0.10-0.25-201011.Sample.Not.UTF16.txt", 1, 0, 0),
    ("cash/FTP/Draw/A5-3-Draw-Limit-USD-0.05-0.10-201104.Sample.txt", 1, 0, 0),
    ("cash/FTP/Draw/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt", 1, 0, 0),
    ("cash/FTP/Draw/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt", 1, 0, 0),
    ("cash/FTP/Mix/10Game-6max-USD-2.50-5.201104.Sample.txt", 60, 0, 24),
    ("cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt", 1, 0, 0),
    ("cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt", 1, 0, 0),
    ("cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt", 1, 0, 0),
    ("cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure.txt", 1, 0, 0),
    ("cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Success.txt", 1, 0, 0),
    ("cash/FTP/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt", 12, 0, 0),
    ("cash/FTP/Stud/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt", 1, 0, 0),
    ("cash/FTP/Stud/Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt", 1, 0, 0),
    ("tour/FTP/Stud/5-Stud-USD-MTT-100-201303.txt", 0, 0, 1),
    ("tour/FTP/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt", 1, 0, 0),
    ("tour/FTP/Stud/Razz-USD-HUSNG-200-201211.all.in.ante.txt", 1, 0, 0),
]
"""Read by hand: ``Dead.hand`` posts a blind while the only opponent sits out, so nothing
is dealt; ``Partial`` is a summary without its play. ``bad.collect.pot`` plays and balances
(only its summary joins two seats on one line: a warning). Five-card stud, Hold'em and
Omaha are not replayed."""

REJECTION_CODES = {
    "cash/FTP/Draw/3-Draw-Limit-USD-10-20-201101.Dead.hand.txt": "too_few_players",
    "cash/FTP/Draw/3-Draw-Limit-USD-20-40-201101.Partial.txt": "hand_incomplete",
}
WARNINGS = {
    "cash/FTP/Draw/1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt": ["summary_lines_joined"],
}
JUNK = {"cash/FTP/Draw/3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt": 1}

_cache: dict[str, FileResult] = {}


def corpus_result(name: str) -> FileResult:
    if name not in _cache:
        _cache[name] = read_file(FPDB / name)
    return _cache[name]


@needs_corpus
def test_the_table_lists_every_full_tilt_hand_file() -> None:
    on_disk = {
        str(path.relative_to(FPDB)) for path in FPDB.glob("*/FTP/**/*.txt")
        if "summaries" not in path.parts
    }
    assert on_disk == {name for name, *_ in EXPECTED}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), EXPECTED)
def test_every_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    result = corpus_result(name)
    assert result.site == SITE and result.problem is None
    statuses = [hand.status for hand in result.hands]
    assert (statuses.count(Status.ACCEPTED), statuses.count(Status.REJECTED),
            statuses.count(Status.UNSUPPORTED)) == (accepted, rejected, unsupported)
    assert len(result.junk) == JUNK.get(name, 0)
    warnings = [p.code for hand in result.hands for p in hand.problems
                if hand.status is not Status.REJECTED]
    assert warnings == WARNINGS.get(name, [])
    assert all(hand.hand.started_at is not None for hand in result.hands)


@needs_corpus
@pytest.mark.parametrize(("name", "code"), sorted(REJECTION_CODES.items()))
def test_defective_hands_are_rejected_with_the_right_reason(name: str, code: str) -> None:
    (hand,) = corpus_result(name).hands
    assert hand.status is Status.REJECTED
    assert hand.errors[0].code == code


@needs_corpus
@pytest.mark.parametrize("name", [name for name, *_ in EXPECTED])
def test_each_accepted_hand_balances(name: str) -> None:
    for hand in corpus_result(name).hands:
        if hand.status is not Status.ACCEPTED:
            continue
        assert sum(p.net for p in hand.players) + hand.rake == 0, hand.hand.hand_id
        assert sum(p.collected for p in hand.players) + hand.rake == hand.total_pot
        assert sum(p.contributed for p in hand.players) == hand.total_pot


def _sidecars(suffix: str) -> list[str]:
    if not FPDB.is_dir():
        return []
    return sorted(str(path.relative_to(FPDB))[: -len(suffix)]
                  for path in FPDB.glob(f"*/FTP/**/*.txt{suffix}"))


@needs_corpus
@pytest.mark.parametrize("name", _sidecars(".hp"))
def test_nets_collections_and_showdowns_agree_with_fpdb(name: str) -> None:
    expected: dict[str, dict[str, object]] = load_sidecar(FPDB / (name + ".hp"))
    hand = corpus_result(name).hands[0]
    assert hand.status is Status.ACCEPTED
    scale = 100 if hand.hand.tournament else 1  # fpdb keeps tournament chips in hundredths
    ours = {p.player: p for p in hand.players}
    for player, facts in expected.items():
        mine = ours[player]
        assert mine.net * scale == facts["totalProfit"], player
        assert mine.collected * scale == facts["winnings"], player
        assert mine.went_to_showdown == bool(facts["sawShowdown"]), player
        assert mine.won_at_showdown == (float(str(facts["wonAtSD"])) > 0), player
        assert mine.seat == facts["seatNo"]
        assert mine.starting_stack * scale == facts["startCash"], player


_START_TIME = re.compile(r"'startTime': datetime\.datetime\(([\d, ]+)")


@needs_corpus
@pytest.mark.parametrize("name", _sidecars(".hands"))
def test_hand_facts_agree_with_fpdb(name: str) -> None:
    sidecar = FPDB / (name + ".hands")
    expected: dict[str, object] = load_sidecar(sidecar)
    hand = corpus_result(name).hands[0]
    assert hand.hand.hand_id == expected["siteHandNo"]
    assert sum(p.went_to_showdown for p in hand.players) == expected["playersAtShowdown"]
    assert sum(not seat.sitting_out for seat in hand.hand.seats) == expected["seats"]
    found = _START_TIME.search(sidecar.read_text("utf-8"))
    assert found is not None
    year, month, day, hour, *rest = (int(part) for part in found.group(1).split(",")
                                     if part.strip())
    assert hand.hand.started_at == datetime(year, month, day, hour, *rest, tzinfo=UTC)


_FPDB_GAMES = {"27_3draw": "27_triple_draw", "fivedraw": "five_card_draw", "badugi": "badugi",
               "razz": "razz"}
_FPDB_LIMITS = {"fl": BettingStructure.FIXED_LIMIT, "nl": BettingStructure.NO_LIMIT,
                "pl": BettingStructure.POT_LIMIT}


@needs_corpus
@pytest.mark.parametrize("name", _sidecars(".gt"))
def test_game_types_agree_with_fpdb(name: str) -> None:
    (_, currency, _, _, game, limit, _, _, small_blind, big_blind, small_bet, big_bet, _,
     ante, *_) = load_sidecar(FPDB / (name + ".gt"))
    hand = corpus_result(name).hands[0].hand
    assert hand.variant_id == _FPDB_GAMES[game]
    assert hand.structure is _FPDB_LIMITS[limit]
    assert hand.currency == ("chips" if currency == "T$" else currency)
    if hand.structure is BettingStructure.FIXED_LIMIT:
        assert (hand.stakes.small_bet, hand.stakes.big_bet) == (small_bet, big_bet)
    else:
        assert (hand.stakes.small_blind, hand.stakes.big_blind) == (small_blind, big_blind)
    assert (hand.stakes.ante or 0) == ante


@needs_corpus
def test_sidecars_are_found() -> None:
    assert len(_sidecars(".hp")) >= 9 and len(_sidecars(".hands")) >= 8
    assert len(_sidecars(".gt")) >= 6


@needs_corpus
@pytest.mark.parametrize("path", sorted(FPDB.glob("summaries/FTP/*.txt")) if FPDB.is_dir()
                         else [], ids=lambda path: path.name)
def test_tournament_summaries_are_summaries_not_hands(path: Path) -> None:
    result = read_file(path)
    assert result.hands == () and len(result.junk) == 1
    assert result.problem is not None and result.problem.code == "tournament_summary"
