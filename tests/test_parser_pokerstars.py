"""The PokerStars reader: one hand-written fixture per quirk, the fpdb corpus, and fuzzing.

Fixtures in tests/fixtures/pokerstars/ are hand-written hands in PokerStars' real format,
named after the quirk each one captures. The corpus tests read every PokerStars file of
../shared/corpus/fpdb (third-party data, never copied here) and skip when it is absent.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhparse.cards import parse_cards
from hhparse.parsers import timezones
from hhparse.parsers.base import HandBlock
from hhparse.parsers.pokerstars import SITE, is_start, parse_block
from hhparse.records import SHOWDOWN_STREET, Action, Hand, Kind
from hhparse.variants import BettingStructure, UnknownVariant, find_variant

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "fpdb"


Block = HandBlock


def blocks_of(text: str, file: str = "<test>") -> list[Block]:
    """Simple splitter: a block starts at each hand start; blank lines are dropped."""
    found: list[tuple[list[str], list[int]]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line:
            continue
        if is_start(line):
            found.append(([], []))
        if found:
            found[-1][0].append(line)
            found[-1][1].append(number)
    return [
        Block(file=file, line=numbers[0], byte_offset=0, byte_length=0, lines=tuple(lines),
              line_numbers=tuple(numbers))
        for lines, numbers in found
    ]


def read_text(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


def fixture_hands(name: str) -> list[Hand]:
    path = FIXTURES / f"{name}.txt"
    return [parse_block(block) for block in blocks_of(read_text(path), str(path))]


def fixture_hand(name: str) -> Hand:
    (hand,) = fixture_hands(name)
    return hand


def hand_of(text: str) -> Hand:
    (block,) = blocks_of(text)
    return parse_block(block)


def cards(text: str) -> tuple[object, ...]:
    return parse_cards(text)


def kinds(hand: Hand) -> list[Kind]:
    return [action.kind for action in hand.actions]


def by_line(hand: Hand, line: int) -> Action:
    (action,) = [action for action in hand.actions if action.line == line]
    return action


def problem_codes(hand: Hand) -> list[str]:
    return [problem.code for problem in hand.problems]


# --- is_start ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "PokerStars Hand #81631597149:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - x",
        "PokerStars Game #20349633663: Triple Draw 2-7 Lowball Limit ($1/$2 USD) - x",
        "\ufeffPokerStars Game #1: Razz Limit ($1/$2 USD) - x",
        "PokerStars Home Game Hand #99631756108: {Dazzle's Room} Tournament #1, 100+9 x",
        "PokerStars Zoom Hand #1:  Hold'em No Limit ($0.05/$0.10) - x",
    ],
)
def test_hand_starts_are_recognised(line: str) -> None:
    assert is_start(line)


@pytest.mark.parametrize(
    "line",
    [
        "Table 'SeinV' 6-max Seat #1 is the button",
        "Hero said, \"PokerStars Hand #1: nice\"",
        "PokerStars Tournament #1, No Limit Hold'em",
        "Full Tilt Poker Game #1: Razz",
        "",
    ],
)
def test_other_lines_do_not_start_a_hand(line: str) -> None:
    assert not is_start(line)


# --- one fixture per quirk ----------------------------------------------------------------


def test_name_with_spaces_brackets_colon() -> None:
    hand = fixture_hand("name_with_spaces_brackets_colon")
    assert hand.problems == ()
    assert [seat.player for seat in hand.seats] == ["nl pokerr", "PC [Mittel]", "Dr: Who (2)", "Dr"]
    assert hand.hero == "Dr"
    assert [(a.player, a.kind) for a in hand.actions[:7]] == [
        ("PC [Mittel]", Kind.POST_SB),
        ("Dr: Who (2)", Kind.POST_BB),
        ("Dr", Kind.DEALT),
        ("Dr", Kind.RAISE),
        ("nl pokerr", Kind.FOLD),
        ("PC [Mittel]", Kind.CALL),
        ("Dr: Who (2)", Kind.CALL),
    ]
    assert by_line(hand, 16).player == "Dr: Who (2)"
    assert by_line(hand, 16).kind is Kind.STAND_PAT
    assert by_line(hand, 24) == Action(
        line=24, street=1, kind=Kind.UNCALLED_RETURN, player="Dr", amount=20
    )
    assert [seat.player for seat in hand.summary.seats] == [
        "nl pokerr", "PC [Mittel]", "Dr: Who (2)", "Dr",
    ]
    assert hand.summary.seats[2].text == "(big blind) folded after the Draw"


def test_every_action_of_a_player_holds_the_seats_one_name_string() -> None:
    # One string per player, not a slice of each line: fewer objects made and freed per
    # hand, and the replayer's look-ups by name compare by identity.
    for name in ("posts_small_and_big_blinds", "single_draw_without_draw_marker",
                 "stud_completion_written_as_raise", "side_pots_summary"):
        hand = fixture_hand(name)
        seat_names = {seat.player: seat.player for seat in hand.seats}
        players = [a for a in hand.actions if a.player]
        assert players
        for action in players:
            assert action.player is seat_names[action.player], (name, action)


def test_street_marks_of_two_hands_share_their_name_strings() -> None:
    first = fixture_hand("single_draw_without_draw_marker")
    again = fixture_hand("single_draw_without_draw_marker")
    assert first.streets
    for mark, same in zip(first.streets, again.streets, strict=True):
        assert mark.name is same.name


def test_hands_of_a_table_share_its_name_and_read_its_button_each() -> None:
    text = read_text(FIXTURES / "posts_small_and_big_blinds.txt")
    moved = text.replace("Seat #1 is the button", "Seat #2 is the button", 1)
    assert moved != text
    first, again, other = (parse_block(blocks_of(each)[0]) for each in (text, text, moved))
    assert first.table == other.table and first.table is again.table
    assert (first.button_seat, other.button_seat) == (1, 2)
    assert first.max_seats == other.max_seats


def test_chat_that_looks_like_an_action() -> None:
    hand = fixture_hand("chat_that_looks_like_an_action")
    assert hand.problems == ()
    chats = [note for note in hand.notes if note.kind == "chat"]
    assert [note.line for note in chats] == [9, 11, 12, 19]
    assert chats[0].text == 'Bob said, "Alice: folds"'
    assert chats[1].text.startswith("Carol said")  # Carol has no seat: still a note
    # none of the chat lines became an action
    assert {action.line for action in hand.actions}.isdisjoint(note.line for note in chats)
    assert kinds(hand).count(Kind.FOLD) == 1
    assert hand.summary.total_pot == 20


def test_single_draw_without_draw_marker() -> None:
    hand = fixture_hand("single_draw_without_draw_marker")
    assert hand.problems == ()
    assert hand.variant_id == "27_single_draw"
    assert hand.structure is BettingStructure.NO_LIMIT
    assert hand.stakes.small_blind == 25 and hand.stakes.big_blind == 50
    assert [(mark.street, mark.name, mark.line) for mark in hand.streets] == [
        (0, "DEALING HANDS", 8), (1, "DRAW", 13), (SHOWDOWN_STREET, "SHOW DOWN", 18),
    ]
    discard = by_line(hand, 13)
    assert (discard.kind, discard.street, discard.n_cards) == (Kind.DISCARD, 1, 1)
    assert discard.cards == cards("Ks")
    dealt = by_line(hand, 14)
    assert dealt.street == 1
    assert dealt.cards == cards("2s 7d 4d 6d") and dealt.new_cards == cards("8s")
    assert by_line(hand, 15) == Action(
        line=15, street=1, kind=Kind.STAND_PAT, player="Alice", n_cards=0
    )
    assert by_line(hand, 16).street == 1 and by_line(hand, 16).amount == 200
    assert by_line(hand, 12).street == 0  # the last pre-draw call


def test_stud_completion_written_as_raise() -> None:
    hand = fixture_hand("stud_completion_written_as_raise")
    assert hand.problems == ()
    assert hand.variant_id == "razz"
    assert hand.button_seat is None
    assert hand.hero == "Hero"
    assert by_line(hand, 13) == Action(
        line=13, street=0, kind=Kind.BRING_IN, player="Alice", amount=3
    )
    assert by_line(hand, 14) == Action(
        line=14, street=0, kind=Kind.COMPLETE, player="Bob", amount=7, to=10
    )
    assert by_line(hand, 15) == Action(
        line=15, street=0, kind=Kind.RAISE, player="Hero", amount=10, to=20
    )
    up_card = by_line(hand, 10)
    assert (up_card.kind, up_card.cards, up_card.new_cards) == (Kind.DEALT, (), cards("Kd"))
    fourth = by_line(hand, 20)
    assert fourth.street == 1
    assert fourth.cards == cards("2c Ac 5s") and fourth.new_cards == cards("3h")


def test_later_stud_raise_is_a_raise() -> None:
    hand = fixture_hand("side_pots_summary")
    complete = [a for a in hand.actions if a.kind is Kind.COMPLETE]
    assert [(a.player, a.amount, a.to) for a in complete] == [("Dave", 400, 600)]
    assert Kind.RAISE not in kinds(hand)


def test_ante_all_in() -> None:
    hand = fixture_hand("ante_all_in")
    assert hand.problems == ()
    assert by_line(hand, 5) == Action(
        line=5, street=0, kind=Kind.ANTE, player="Alice", amount=5, all_in=True
    )
    assert by_line(hand, 6).all_in is False
    assert by_line(hand, 10).kind is Kind.UNCALLED_RETURN
    assert by_line(hand, 10).amount == 120
    assert hand.currency == "chips"
    assert hand.tournament is not None
    assert hand.tournament.level == "Match Round I, Level V"
    assert (hand.tournament.buy_in, hand.tournament.fee, hand.tournament.currency) == (
        140, 10, "USD",
    )
    assert hand.started_at == datetime(2019, 3, 2, 21, 52, 8, tzinfo=UTC)
    assert [note.kind for note in hand.notes] == ["finished", "won_tournament"]


def test_posts_small_and_big_blinds() -> None:
    hand = fixture_hand("posts_small_and_big_blinds")
    assert hand.problems == ()
    assert by_line(hand, 9) == Action(
        line=9, street=0, kind=Kind.POST_SB_BB, player="Dave", amount=15
    )
    assert [a.kind for a in hand.actions[:3]] == [Kind.POST_SB, Kind.POST_BB, Kind.POST_SB_BB]


def test_sitting_out_seat() -> None:
    hand = fixture_hand("sitting_out_seat")
    assert hand.problems == ()
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in hand.seats] == [
        (1, "Alice", 1000, False),
        (2, "Bob", 1250, True),
        (3, "Carol", 800, False),
        (4, "Dave", 600, True),
    ]
    assert [(note.line, note.kind) for note in hand.notes] == [
        (4, "seat_status"), (6, "seat_status"), (9, "join"), (16, "leave"), (17, "sitting_out"),
    ]


def test_side_pots_summary() -> None:
    hand = fixture_hand("side_pots_summary")
    assert hand.problems == ()
    summary = hand.summary
    assert (summary.total_pot, summary.main_pot, summary.side_pots, summary.rake) == (
        7200, 1200, (3600, 2400), 0,
    )
    collects = [(a.player, a.amount, a.pot) for a in hand.actions if a.kind is Kind.COLLECT]
    assert collects == [
        ("Carol", 2400, "side pot-2"), ("Bob", 3600, "side pot-1"), ("Bob", 1200, "main pot"),
    ]
    assert [(s.player, s.won) for s in summary.seats] == [
        ("Alice", None), ("Bob", 4800), ("Carol", 2400), ("Dave", None),
    ]
    assert summary.seats[1].cards == cards("9s 9d 9h 9c 3s 5c Kh")
    assert hand.seats[3].stack == 12345
    assert hand.hero == "Carol"
    assert [(m.street, m.name) for m in hand.streets] == [
        (0, "3rd STREET"), (1, "4th STREET"), (2, "5th STREET"), (3, "6th STREET"),
        (4, "RIVER"), (SHOWDOWN_STREET, "SHOW DOWN"),
    ]
    assert by_line(hand, 43).amount == 1200
    assert "double_bet_allowed" in [note.kind for note in hand.notes]


def test_play_money_header() -> None:
    hand = fixture_hand("play_money_header")
    assert hand.problems == ()
    assert hand.play_money is True
    assert hand.currency == "chips"
    assert hand.stakes.small_bet == 50 and hand.stakes.big_bet == 100
    assert hand.seats[0].stack == 5000
    assert [(m.street, m.name) for m in hand.streets][1:4] == [
        (1, "FIRST DRAW"), (2, "SECOND DRAW"), (3, "THIRD DRAW"),
    ]
    pat = by_line(hand, 12)
    assert (pat.kind, pat.n_cards, pat.cards) == (Kind.STAND_PAT, 0, cards("Ac 2d 3h 4s"))
    assert by_line(hand, 13) == Action(
        line=13, street=1, kind=Kind.DISCARD, player="Bob", n_cards=2
    )
    assert by_line(hand, 30).kind is Kind.MUCK
    assert hand.summary.seats[1].cards == cards("5c 6d 7h 8h")


def test_home_game_header() -> None:
    hand = fixture_hand("home_game_header")
    assert hand.problems == ()
    assert hand.home_game == "Dazzle's Room"
    assert hand.mixed_game == "8-Game"
    assert hand.game_text == "Razz Limit"
    assert hand.variant_id == "razz"
    assert hand.play_money is True
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.fee) == (
        "900000003", 100, 9,
    )
    assert hand.tournament.currency == "chips"
    assert hand.started_at_text == "2019/03/02 0:10:00 ET"
    assert hand.started_at == datetime(2019, 3, 2, 5, 10, tzinfo=UTC)
    assert by_line(hand, 11).kind is Kind.COMPLETE


def test_zoom_header() -> None:
    hand = fixture_hand("zoom_header")
    assert hand.problems == ()
    assert hand.zoom is True
    assert hand.variant_id is None  # Hold'em: read, not replayed, not an error
    assert hand.structure is BettingStructure.NO_LIMIT
    assert hand.currency == "USD"
    assert hand.hero == "Alice"
    flop, turn = [a for a in hand.actions if a.kind is Kind.DEALT and a.player == ""]
    assert (flop.street, flop.cards, flop.new_cards) == (1, (), cards("Ts 7h 2c"))
    assert (turn.street, turn.cards, turn.new_cards) == (2, cards("Ts 7h 2c"), cards("Kc"))
    assert hand.summary.board == cards("Ts 7h 2c Kc")


def test_tournament_header_with_bounty() -> None:
    hand = fixture_hand("tournament_header_with_bounty")
    assert hand.problems == ()
    tournament = hand.tournament
    assert tournament is not None
    assert (tournament.buy_in, tournament.bounty, tournament.fee, tournament.currency) == (
        440, 500, 60, "USD",
    )
    assert tournament.level == "Level III"
    assert [(s.player, s.stack) for s in hand.seats] == [("Alice", 30), ("Bob", 2970)]
    assert [note.kind for note in hand.notes] == ["bounty", "bounty", "bounty", "finished"]
    assert hand.hero == "Bob"


def test_game_hash_header_vs_hand_hash_header() -> None:
    hands = fixture_hands("game_hash_header_vs_hand_hash_header")
    assert [hand.hand_id for hand in hands] == ["300000000013", "300000000014", "300000000015"]
    for hand in hands:
        assert hand.problems == ()
        assert hand.variant_id == "five_card_draw"
        assert hand.currency == "USD"
        assert hand.stakes.small_bet == 10
        assert len(hand.actions) == 8
    assert [hand.started_at for hand in hands] == [
        datetime(2009, 11, 25, 19, 14, 4, tzinfo=UTC),
        datetime(2019, 11, 25, 19, 14, 4, tzinfo=UTC),
        datetime(2007, 11, 25, 19, 14, 4, tzinfo=UTC),
    ]
    assert hands[2].started_at_text == "2007/11/25 - 14:14:04 (ET)"
    assert [hand.source.line for hand in hands] == [1, 23, 45]
    assert [hand.source.line_count for hand in hands] == [19, 19, 19]


def test_eur_currency() -> None:
    hand = fixture_hand("eur_currency")  # UTF-8 with BOM, CRLF, trailing spaces
    assert hand.problems == ()
    assert hand.hand_id == "200000000018"
    assert hand.currency == "EUR"
    assert hand.structure is BettingStructure.POT_LIMIT
    assert hand.stakes.small_blind == 25 and hand.stakes.big_blind == 50
    assert [s.stack for s in hand.seats] == [5000, 4875]
    assert by_line(hand, 10) == Action(
        line=10, street=0, kind=Kind.RAISE, player="Alice", amount=300, to=450
    )
    assert (hand.summary.total_pot, hand.summary.rake) == (900, 45)
    assert hand.summary.seats[0].won == 855
    assert hand.started_at == datetime(2019, 3, 2, 19, 0, tzinfo=UTC)


def test_unknown_line_is_reported_not_fatal() -> None:
    hand = fixture_hand("unknown_line_is_reported_not_fatal")
    assert [(p.code, p.line, p.fatal) for p in hand.problems] == [
        ("unknown_line", 9, False), ("unknown_line", 10, False),
    ]
    assert "'Alice: does a little dance'" in hand.problems[0].message
    assert kinds(hand)[-3:] == [Kind.FOLD, Kind.UNCALLED_RETURN, Kind.COLLECT]
    assert hand.summary.total_pot == 10


def test_unreadable_header_is_fatal() -> None:
    hand = fixture_hand("unreadable_header_is_fatal")
    assert hand.problems[0].code == "unreadable_header"
    assert hand.problems[0].fatal is True
    assert hand.problems[0].line == 1
    assert hand.hand_id == "200000000017"
    assert hand.variant_id is None
    assert [seat.player for seat in hand.seats] == ["Alice", "Bob"]
    assert [p.fatal for p in hand.problems[1:]] == [False] * (len(hand.problems) - 1)


# --- more header forms --------------------------------------------------------------------

_HAND = """{header}
Table 'T' 6-max Seat #1 is the button
Seat 1: Alice ($1 in chips)
Seat 2: Bob ($1 in chips)
Alice: folds
*** SUMMARY ***
Total pot $0 | Rake $0
"""


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (
            "PokerStars Hand #1:  HORSE (Razz Limit, $0.10/$0.20 USD) - 2013/06/05 23:30:00 ET",
            ("HORSE", "Razz Limit", "razz", "USD", 10, 20),
        ),
        (
            "PokerStars Hand #1:  8-Game (Triple Draw 2-7 Lowball Limit, £1/£2 GBP) - "
            "2013/06/05 23:30:00 ET",
            ("8-Game", "Triple Draw 2-7 Lowball Limit", "27_triple_draw", "GBP", 100, 200),
        ),
        (
            "PokerStars Hand #1:  Mixed NLH/PLO (Hold'em No Limit, $0.25/$0.50 USD) - "
            "2013/06/05 23:30:00 ET",
            ("Mixed NLH/PLO", "Hold'em No Limit", None, "USD", 25, 50),
        ),
        (
            "PokerStars Hand #1:  Badugi Limit ($1/$2 CAD) - 2013/06/05 23:30:00 ET",
            (None, "Badugi Limit", "badugi", "CAD", 100, 200),
        ),
        (
            "PokerStars Hand #1:  Triple Draw 2-7 Lowball Limit (₹10/₹20 INR) - "
            "2013/06/05 23:30:00 ET",
            (None, "Triple Draw 2-7 Lowball Limit", "27_triple_draw", "INR", 1000, 2000),
        ),
        (
            "PokerStars Hand #1:  7 Card Stud Limit ($0.04/$0.08) - 2013/06/05 23:30:00 ET",
            (None, "7 Card Stud Limit", "stud", "USD", 4, 8),
        ),
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
    assert (hand.mixed_game, hand.game_text, hand.variant_id, hand.currency, low, high) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "Tournament #2010090015, $200+$15 USD Razz Limit - Level IV (50/100)",
            ("razz", None, 20000, 1500, None, "USD", "Level IV"),
        ),
        (
            "TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I (25/50)",
            ("stud8", None, 1000, 100, None, "USD", "LEVEL I"),
        ),
        (
            "Tournament #664712833, $2.00+$0.20 USD Triple Stud (7 Card Stud Limit) - "
            "Level XXXI (250/500)",
            ("stud", "Triple Stud", 200, 20, None, "USD", "Level XXXI"),
        ),
        (
            "Tournament #1, Freeroll  Badugi Limit - Level I (10/20)",
            ("badugi", None, 0, 0, None, None, "Level I"),
        ),
        (
            "Tournament #1, €9.20+€0.80 EUR 5 Card Draw Pot Limit - Level II (15/30)",
            ("five_card_draw", None, 920, 80, None, "EUR", "Level II"),
        ),
    ],
)
def test_tournament_headers(body: str, expected: tuple[object, ...]) -> None:
    header = f"PokerStars Hand #5: {body} - 2010/09/09 18:27:23 ET"
    hand = hand_of(_HAND.format(header=header).replace("($1 in chips)", "(1500 in chips)"))
    assert hand.problems == ()
    tournament = hand.tournament
    assert tournament is not None
    assert (
        hand.variant_id, hand.mixed_game, tournament.buy_in, tournament.fee, tournament.bounty,
        tournament.currency, tournament.level,
    ) == expected
    assert hand.currency == "chips"


def test_header_ante_is_read_when_printed() -> None:
    header = "PokerStars Hand #1:  7 Card Stud Limit ($0.04/$0.08, ante $0.01 USD) - " \
        "2013/06/05 23:30:00 ET"
    hand = hand_of(_HAND.format(header=header))
    assert hand.stakes.ante == 1
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (4, 8)


# --- times --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("when", "utc"),
    [
        ("2011/06/26 18:34:02 WET [2011/06/26 13:34:02 ET]", datetime(2011, 6, 26, 17, 34, 2)),
        ("2011/01/26 13:34:02 ET", datetime(2011, 1, 26, 18, 34, 2)),
        ("2012/06/07 20:44:17 CET", datetime(2012, 6, 7, 19, 44, 17)),
        ("2012/06/07 20:44:17 CEST", datetime(2012, 6, 7, 18, 44, 17)),
        ("2012/06/07 20:44:17 MSK", datetime(2012, 6, 7, 16, 44, 17)),
        ("2016/06/07 20:44:17 MSK", datetime(2016, 6, 7, 17, 44, 17)),
        ("2016/06/07 20:44:17 AEST", datetime(2016, 6, 7, 10, 44, 17)),
        ("2016/06/07 20:44:17 UTC", datetime(2016, 6, 7, 20, 44, 17)),
        ("2010/09/20 20:50:00 PT [2010/09/20 23:50:00 ET]", datetime(2010, 9, 21, 3, 50)),
    ],
)
def test_times_become_utc(when: str, utc: datetime) -> None:
    hand = hand_of(_HAND.format(header=f"PokerStars Hand #1:  Badugi Limit ($1/$2 USD) - {when}"))
    assert hand.problems == ()
    assert hand.started_at_text == when
    assert hand.started_at == utc.replace(tzinfo=UTC)


def test_unknown_time_zone_is_a_problem_not_a_guess() -> None:
    header = "PokerStars Hand #1:  Badugi Limit ($1/$2 USD) - 2016/06/07 20:44:17 XYZ"
    hand = hand_of(_HAND.format(header=header))
    assert hand.started_at is None
    assert [(p.code, p.fatal) for p in hand.problems] == [("unknown_timezone", False)]


@pytest.mark.parametrize("year", [1999, 2006, 2007, 2011, 2013, 2020, 2024])
def test_us_rules_fallback_agrees_with_zoneinfo(year: int) -> None:
    new_york = timezones._zone_info("America/New_York")
    assert new_york is not None
    for month in range(1, 13):
        for day in (1, 2, 3, 7, 8, 9, 10, 14, 15, 25, 28):
            for hour in (0, 1, 3, 12, 23):
                local = datetime(year, month, day, hour)
                offset = local.replace(tzinfo=new_york).utcoffset()
                assert offset is not None
                assert timezones._us_dst(local) == (offset.total_seconds() == -4 * 3600)


# --- robustness ---------------------------------------------------------------------------


def test_empty_block_is_an_unreadable_header() -> None:
    hand = parse_block(Block(file="f", line=3, byte_offset=0, byte_length=0, lines=(),
                             line_numbers=()))
    assert problem_codes(hand) == ["unreadable_header"]
    assert hand.problems[0].fatal


def test_reader_crash_becomes_a_fatal_problem() -> None:
    class Broken:
        file = "broken.txt"
        line = 7
        byte_offset = 0
        byte_length = 0
        lines = (1, 2, 3)
        line_numbers = (7, 8, 9)

    hand = parse_block(Broken())  # type: ignore[arg-type]
    assert hand.site == SITE
    assert [(p.code, p.fatal, p.line) for p in hand.problems] == [("parser_crash", True, 7)]
    assert hand.source.file == "broken.txt"


def test_unseated_betting_is_a_note_and_a_problem() -> None:
    text = _HAND.format(header="PokerStars Hand #1:  Badugi Limit ($1/$2 USD) - "
                        "2016/06/07 20:44:17 ET").replace("Alice: folds", "Ghost: calls $1")
    hand = hand_of(text)
    assert [(n.kind, n.line) for n in hand.notes] == [("unseated_action", 5)]
    assert problem_codes(hand) == ["actor_not_seated"]
    assert hand.problems[0].fatal
    assert hand.actions == ()


def test_the_stub_running_out_is_read() -> None:
    text = """PokerStars Hand #1:  Badugi Limit ($1/$2 USD) - 2016/06/07 20:44:17 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
*** THIRD DRAW ***
The deck is reshuffled
Alice: discards 4 cards [2c 3d 4h 5s]
Betting is capped
"""
    hand = hand_of(text)
    assert hand.problems == ()
    assert [(a.kind, a.player, a.street) for a in hand.actions] == [
        (Kind.RESHUFFLE, "", 3), (Kind.DISCARD, "Alice", 3), (Kind.CAPPED, "", 3),
    ]


def test_shown_folds_mucks_and_cash_outs_are_read() -> None:
    text = """PokerStars Hand #1:  5 Card Draw No Limit ($0.25/$0.50 USD) - 2016/06/07 20:44:17 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Alice: folds [2c 3d 4h 5s 7c]
Bob: mucks [As Ad Ks Kd 9c]
Bob cashed out the hand for $2.19 | Cash Out Fee $0.02
Bob: raises $1 to $1.50 and has reached the $2 cap
Seat 1: Carol ($x in chips)
"""
    hand = hand_of(text)
    assert [(a.kind, a.cards, a.amount, a.to) for a in hand.actions] == [
        (Kind.FOLD, cards("2c 3d 4h 5s 7c"), 0, None),
        (Kind.MUCK, cards("As Ad Ks Kd 9c"), 0, None),
        (Kind.CASHOUT, (), 219, None),
        (Kind.RAISE, (), 100, 150),
    ]
    assert [(p.code, p.line) for p in hand.problems] == [("unknown_line", 9)]


_PLAY = """PokerStars Hand #1:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2016/06/07 20:44:17 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Al ($10 in chips)
Seat 2: Al B ($10 in chips)
{line}
"""


@pytest.mark.parametrize(("line", "expected"), [
    ("Al: folds", (Kind.FOLD, "Al", 0, None, False, None, ())),
    ("Al: folds ", (Kind.FOLD, "Al", 0, None, False, None, ())),
    ("Al B: folds [7c 2d]", (Kind.FOLD, "Al B", 0, None, False, None, cards("7c 2d"))),
    ("Al: folds [7c 2d] [3h]", (Kind.FOLD, "Al", 0, None, False, None, cards("7c 2d"))),
    ("Al: folds 7c", "unknown_line"),
    ("Al: checks", (Kind.CHECK, "Al", 0, None, False, None, ())),
    ("Al: checks ", (Kind.CHECK, "Al", 0, None, False, None, ())),
    ("Al: checks in", "unknown_line"),
    ("Al: calls $1.5", (Kind.CALL, "Al", 150, None, False, None, ())),
    ("Al: calls $1,000 and is all-in", (Kind.CALL, "Al", 100_000, None, True, None, ())),
    ("Al: calls", "unknown_line"),
    ("Al: calls and is all-in", "unknown_line"),
    ("Al: bets $2 and has reached the $8 cap", (Kind.BET, "Al", 200, None, False, None, ())),
    ("Al: raises $1 to $3 and is all-in", (Kind.RAISE, "Al", 100, 300, True, None, ())),
    ("Al: raises $1 to", "unknown_line"),
    ("Al: raises $1", "unknown_line"),
    ("Al: posts small blind $0.50", (Kind.POST_SB, "Al", 50, None, False, None, ())),
    ("Al: posts small & big blinds $1.50",
     (Kind.POST_SB_BB, "Al", 150, None, False, None, ())),
    ("Al: posts the ante $0.1 and is all-in", (Kind.ANTE, "Al", 10, None, True, None, ())),
    ("Al: posts a straddle $1", "unknown_line"),
    ("Al: discards 2 cards [Kc Kd]", (Kind.DISCARD, "Al", 0, None, False, 2, cards("Kc Kd"))),
    ("Al: discards 1 card", (Kind.DISCARD, "Al", 0, None, False, 1, ())),
    ("Al: discards \u0663 cards", (Kind.DISCARD, "Al", 0, None, False, 3, ())),
    ("Al: discards two cards", "unknown_line"),
    ("Al: discards 2", "unknown_line"),
    ("Al: stands pat", (Kind.STAND_PAT, "Al", 0, None, False, 0, ())),
    ("Al: stands pat on [8c 6d 4h 3s 2c]",
     (Kind.STAND_PAT, "Al", 0, None, False, 0, cards("8c 6d 4h 3s 2c"))),
    ("Al: stands patiently", "unknown_line"),
    ("Al: shows [8c 6d 4h 3s 2c] (Eight high)",
     (Kind.SHOW, "Al", 0, None, False, None, cards("8c 6d 4h 3s 2c"))),
    ("Al: foldsx", "unknown_line"),
    ("Al X: folds", "unknown_line"),
    ("Uncalled bet ($1) returned to Al B", (Kind.UNCALLED_RETURN, "Al B", 100, None, False,
                                            None, ())),
])
def test_each_shape_of_a_line_of_play_is_read_in_place(line: str, expected: object) -> None:
    """The verbs read their argument at its offset in the line, not from a slice: the
    edges of each shape (no argument, a trailing space, a near miss) read as before."""
    hand = hand_of(_PLAY.format(line=line))
    if expected == "unknown_line":
        assert problem_codes(hand) in (["unknown_line"], ["actor_not_seated"]), line
        assert all(action.line != 5 for action in hand.actions)
        return
    assert hand.problems == ()
    assert [(a.kind, a.player, a.amount, a.to, a.all_in, a.n_cards, a.cards)
            for a in hand.actions if a.line == 5] == [expected]


_FRAGMENTS = [
    "PokerStars Hand #1:  Badugi Limit ($1/$2 USD) - 2016/06/07 20:44:17 ET",
    "PokerStars Hand #2: Tournament #3, $1+$1 Razz Limit - Level I (1/2) - 2010/01/01 1:01:01 ET",
    "Table 'x' 6-max Seat #1 is the button",
    "Seat 1: Alice ($10 in chips)",
    "Seat 2: B b ($1,000 in chips, $1 bounty) is sitting out",
    "*** FIRST DRAW ***", "*** 3rd STREET ***", "*** RIVER *** [6h]", "*** SHOW DOWN ***",
    "*** SUMMARY ***", "Alice: ", "B b: ", "Dealt to Alice ", "Dealt to B b [",
    "Uncalled bet (", "Total pot ", "Seat 1: ", "Board [", " and is all-in", "[Ah 2c]",
    "$1", "1,000", " to ", "raises ", "discards ", "stands pat on ", "collected ", " from ",
    "brings in for ", "posts the ante ", "shows [", "said, \"", "Main pot ", "Side pot-1 ",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=40).map(lambda t: t.strip()), max_size=12))
def test_garbage_never_raises(lines: list[str]) -> None:
    block = Block(file="g", line=1, byte_offset=0, byte_length=0, lines=tuple(lines),
                  line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert isinstance(hand, Hand)
    assert "parser_crash" not in problem_codes(hand)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=6)), max_size=4)
        .map("".join),
        max_size=25,
    )
)
def test_near_miss_lines_never_crash_the_reader(body: list[str]) -> None:
    lines = [_FRAGMENTS[0], _FRAGMENTS[2], _FRAGMENTS[3], _FRAGMENTS[4], *body]
    lines = [line.strip() for line in lines if line.strip()]
    block = Block(file="g", line=1, byte_offset=0, byte_length=0, lines=tuple(lines),
                  line_numbers=tuple(range(1, len(lines) + 1)))
    hand = parse_block(block)
    assert "parser_crash" not in problem_codes(hand)


# --- the fpdb corpus ----------------------------------------------------------------------

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
_NOT_REPLAYED = {"Hold'em", "Omaha", "Omaha Hi/Lo"}


def _corpus_rows() -> list[dict[str, str]]:
    inventory = CORPUS / "INVENTORY.tsv"
    if not inventory.is_file():
        return []
    with inventory.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [
        row for row in rows
        if row["site"] == "PokerStars" and not row["path"].startswith("summaries/")
    ]


def _variant_id(game: str) -> str | None:
    if game in _NOT_REPLAYED:
        return None
    try:
        return find_variant(game).id
    except UnknownVariant:
        return None


def _expected_variants(row: dict[str, str]) -> Counter[str | None]:
    game = row["game"]
    if game.startswith("MIXED:"):
        expected: Counter[str | None] = Counter()
        for part in game.removeprefix("MIXED:").split(";"):
            name, count = re.fullmatch(r"\s*(.+?) x(\d+)\s*", part).groups()  # type: ignore[union-attr]
            expected[_variant_id(name)] += int(count)
        return expected
    return Counter({_variant_id(game): int(row["hands"])})


def _corpus_hands(row: dict[str, str]) -> list[Hand]:
    path = CORPUS / row["path"]
    return [parse_block(block) for block in blocks_of(read_text(path), str(path))]


@needs_corpus
def test_corpus_inventory_lists_pokerstars_files() -> None:
    assert len(_corpus_rows()) >= 25


@needs_corpus
@pytest.mark.parametrize("row", _corpus_rows(), ids=lambda row: row["path"])
def test_corpus_file_is_read_completely(row: dict[str, str]) -> None:
    hands = _corpus_hands(row)
    assert len(hands) == int(row["hands"])
    problems = [(hand.hand_id, p) for hand in hands for p in hand.problems
                if p.fatal or p.code == "unknown_line"]
    assert problems == []
    assert Counter(hand.variant_id for hand in hands) == _expected_variants(row)
    assert all(hand.site == SITE and hand.hand_id for hand in hands)
    assert all(hand.started_at is not None for hand in hands)
    assert all(hand.summary.line > 0 for hand in hands)
    if "Hand.cancelled" in row["path"]:
        assert all(hand.cancelled for hand in hands)
    else:
        assert not any(hand.cancelled for hand in hands)


@needs_corpus
def test_corpus_stud_hero_is_the_player_with_three_cards() -> None:
    row = next(r for r in _corpus_rows() if "Salm IX" in r["path"])
    (hand,) = _corpus_hands(row)
    assert hand.hero == "steffen780"
    assert [note.kind for note in hand.notes] == ["double_bet_allowed"]
    assert (hand.summary.main_pot, hand.summary.side_pots) == (42, (61,))


@needs_corpus
def test_corpus_unreadable_card_is_a_problem_not_a_crash() -> None:
    row = next(r for r in _corpus_rows() if "Triple-Stud" in r["path"])
    (hand,) = _corpus_hands(row)
    assert problem_codes(hand) == ["unreadable_cards"]
    assert hand.mixed_game == "Triple Stud"
    assert hand.started_at == datetime(2013, 1, 3, 14, 27, 43, tzinfo=UTC)


@pytest.mark.parametrize(
    ("name", "owed"),
    [("big_blind_all_in_for_less", {"Alice": 100, "Bob": 100, "Carol": 30}),
     ("bring_in_all_in_for_less", {"Alice": 25, "Bob": 25, "Carol": 18})],
)
def test_a_forced_bet_all_in_for_less_still_costs_the_others_the_full_amount(
    name: str, owed: dict[str, int]
) -> None:
    """RULES.md and PokerStars: a big blind or bring-in all-in for part of it leaves the
    others to call the full big blind / bring-in; the short player's part is a main pot."""
    from hhparse.replay import replay_hand

    result = replay_hand(fixture_hand(name))
    assert result.accepted, result.problems
    assert {p.player: p.contributed for p in result.players} == owed
    assert len(result.pots) == 2


def test_the_small_blind_owes_nothing_more_to_a_big_blind_all_in_for_the_same() -> None:
    """Nobody could call the rest of the big blind: the small blind is not asked to."""
    from hhparse.replay import replay_hand

    result = replay_hand(fixture_hand("big_blind_all_in_for_the_small_blind"))
    assert result.accepted, result.problems
    assert {p.player: p.contributed for p in result.players if p.contributed} == {
        "KarlSam47": 15, "RiverHeinz": 15}


def test_a_header_time_is_read_alike_with_or_without_the_expression() -> None:
    """The usual ``2026/01/19 19:07:43 ET`` is read by position; every spelling gives what
    the full expression gives (or both give nothing)."""
    from hhparse.parsers.pokerstars import _WHEN, _when_parts

    def by_expression(text: str) -> tuple[int, int, int, int, int, int, str] | None:
        match = _WHEN.match(text)
        if match is None:
            return None
        year, month, day, hour, minute, second, zone = match.groups()
        return (int(year), int(month), int(day), int(hour), int(minute), int(second or 0),
                zone or "")

    spellings = [
        "2026/01/19 19:07:43 ET", "2026/01/19 19:07:43", "2026/01/19 19:07:43 CET",
        "2026/01/19 19:07:43ET", "2026/01/19 19:07:43 (ET)", "2026/01/19 19:07:43 ET junk",
        "2026/1/9 9:07:43 ET", "2026/01/19 19:07 ET", "2026/01/19 - 19:07:43 ET",
        "2026/01/19  19:07:43 ET", "2026/01/19 19:07:43 E1", "2026/01/19 19:07:43 \u00c9T",
        "2026/01/19 19:07:43 ET ", "2026/01/19 19:07:43 \t ET", "2026/01/1x 19:07:43 ET",
        "2026/01/19 19:07:4\u0663 ET", "2026/01/19 19:07:43 (ET", "2026/13/45 25:61:61 ET",
        "2026/01/19 19:07:43 2026/01/19 14:07:43 ET", "", "2026", "nonsense",
    ]
    for text in spellings:
        assert _when_parts(text) == by_expression(text), text


_TIME_CHARS = "0123456789/: -()ETCx\t\u0663\u00a0"


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 24), st.sampled_from(_TIME_CHARS)), max_size=4),
       st.text(alphabet="ET (x)9 ", max_size=5))
def test_a_mangled_header_time_is_read_alike_with_or_without_the_expression(
    changes: list[tuple[int, str]], tail: str
) -> None:
    from hhparse.parsers.pokerstars import _WHEN, _when_parts

    chars = list("2026/01/19 19:07:43 ET")
    for place, char in changes:
        chars[min(place, len(chars) - 1)] = char
    text = "".join(chars) + tail
    match = _WHEN.match(text)
    expected = None if match is None else (
        *(int(group) for group in match.groups()[:5]), int(match.group(6) or 0),
        match.group(7) or "")
    assert _when_parts(text) == expected


def _header_by_expression(text: str) -> tuple[str, str, str | None, str, str] | None:
    from hhparse.parsers.pokerstars import _HEADER

    match = _HEADER.match(text)
    return None if match is None else (match.group("title"), match.group("id"),
                                       match.group("club"), match.group("body"),
                                       match.group("when"))


def test_a_header_is_read_alike_with_or_without_the_expression() -> None:
    """The usual header is cut by position; every spelling gives the expression's groups
    (or both give nothing): the shortest body, a club, space of any kind, a dash in the
    game's name or its level, any script's digits."""
    from hhparse.parsers.pokerstars import header_parts

    usual = "PokerStars Hand #234273403630709:  Triple Draw 2-7 Lowball Limit ($0.25/$0.50 USD)"
    when = "2026/05/12 13:59:20 ET"
    spellings = [
        f"{usual} - {when}", f"{usual} -  {when}", f"{usual}\t-\t{when}", f"{usual} -{when}",
        f"{usual}- {when}", f"{usual} - {when} [2026/05/12 7:59:20 ET]",
        f"{usual} - 2026/5/1 13:59:20", f"{usual} - 2026/05/123 13:59:20",
        f"{usual} - 2026/123/1 1:00", f"{usual} - 20261/05/12 1:00", f"{usual} - 2026/05/12",
        f"{usual} - 2026/05/1x", f"{usual} - \u0662\u0660\u0662\u0666/05/12 1:00",
        f"{usual} - 2026/05/12 1:00 - 2026/05/13 2:00",
        f"{usual} - Level I (10/20) - {when}",
        "PokerStars Home Game Hand #1: {Club Name} Razz Limit (10/20) - " + when,
        "PokerStars Home Game Hand #1: {Club Name}Razz Limit (10/20) - " + when,
        "PokerStars Home Game Hand #1: {Club - 2026/01/01 x} Razz - nothing",
        "PokerStars Home Game Hand #1: {Club Razz Limit (10/20) - " + when,
        "PokerStars Zoom Hand #1: Razz - " + when, "PokerStars Rush Hand #1: Razz - " + when,
        "PokerStars Game #1: Razz - " + when, "PokerStars GAME #1: Razz - " + when,
        "PokerStars Home Game #1: Razz - " + when, "PokerStars Hands #1: Razz - " + when,
        "PokerStars Hand #1:Razz - " + when, "PokerStars Hand #1:  - " + when,
        "PokerStars Hand #1: - " + when, "PokerStars Hand #1a: Razz - " + when,
        "PokerStars Hand #\u0661: Razz - " + when, "PokerStars Hand #: Razz - " + when,
        "PokerStars Hand #1: Razz \u00a0-\u00a0" + when, f"{usual} - {when}\n",
        f"{usual} - {when}\nmore", "PokerStars Hand #1 Razz - " + when, "PokerStars ", "",
    ]
    for text in spellings:
        assert header_parts(text) == _header_by_expression(text), text


_HEADER_PIECES = ("PokerStars ", "Hand", "Home Game", "Zoom Hand", " #", "#", "12", "\u0663",
                  ":", " ", "  ", "\t", "\u00a0", "{", "}", "Club", "Razz", "2-7", "-", " - ",
                  "2026", "2026/05/12", "2026/5/1", "/", "1", "13:59:20 ET", "x", "\n", "(",
                  "10/20", ")")


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(("", "PokerStars Hand #1: ", "PokerStars Home Game Hand #12: {C} ")),
       st.lists(st.sampled_from(_HEADER_PIECES), max_size=14))
def test_a_mangled_header_is_read_alike_with_or_without_the_expression(
    start: str, pieces: list[str]
) -> None:
    from hhparse.parsers.pokerstars import header_parts

    text = start + "".join(pieces)
    assert header_parts(text) == _header_by_expression(text), text


_WON_PIECES = ("won (", "collected (", "won", "collected", " (", "(", ")", "$1.50", " ",
               "and ", "lost", "with a pair", "\n")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_WON_PIECES), max_size=12))
def test_a_summary_seats_amounts_are_found_as_the_expression_finds_them(
    pieces: list[str]
) -> None:
    from hhparse.parsers.pokerstars import won_texts

    text = "".join(pieces)
    assert won_texts(text) == re.findall(r"(?:won|collected) \(([^)]*)\)", text), text


def test_a_seat_number_in_superscript_digits_is_a_problem_not_a_crash() -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails: the seat number is read as digits
    only when ``int`` can read it (a found bug: the reader crashed)."""
    hand = hand_of(
        "PokerStars Hand #1:  Razz Limit ($0.10/$0.20 USD) - 2026/03/30 16:27:39 ET\n"
        "Table 'T' 8-max Seat #1 is the button\n"
        "Seat \u00b2: Alice ($1 in chips)\n"
        "Seat 3: Bob ($1 in chips)\n"
    )
    assert "parser_crash" not in problem_codes(hand)
    first = hand.problems[0]
    assert (first.code, first.line) == ("unknown_line", 3) and "Seat \u00b2" in first.message
