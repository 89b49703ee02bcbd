"""The Winamax reader: one hand-written fixture per quirk, the fpdb corpus, end to end.

Fixtures in tests/fixtures/winamax/ are hand-written hands in Winamax's format, named after
the quirk each one captures, each checked here for what the reader records and for what
the replayer then decides. The corpus tests read every Winamax file of ../shared/corpus/fpdb
(third-party data, never copied here) and skip when it is absent.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hhparse.cards import Card, parse_cards
from hhparse.cli import app
from hhparse.parsers.base import account_bytes, split_blocks
from hhparse.parsers.sites import detect_site
from hhparse.parsers.winamax import PREFIX, SITE, is_start, parse_block
from hhparse.pipeline import FileResult, read_bytes, read_file
from hhparse.records import SHOWDOWN_STREET, Action, Hand, Kind
from hhparse.replay import ReplayResult, Status, replay_hand
from hhparse.variants import BettingStructure
from tests.corpus import FPDB, needs_corpus

FIXTURES = Path(__file__).parent / "fixtures" / "winamax"


def fixture_hands(name: str) -> list[Hand]:
    path = FIXTURES / f"{name}.txt"
    split = split_blocks(path.read_bytes(), str(path), is_start, prefixes=(PREFIX,))
    assert split.junk == ()
    return [parse_block(block) for block in split.blocks]


def fixture_hand(name: str) -> Hand:
    (hand,) = fixture_hands(name)
    return hand


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def by_line(hand: Hand, line: int) -> Action:
    (action,) = [action for action in hand.actions if action.line == line]
    return action


def nets(result: ReplayResult) -> dict[str, int]:
    return {player.player: player.net for player in result.players}


def codes(result: ReplayResult) -> list[str]:
    return [problem.code for problem in result.problems]


# --- is_start -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple Draw fixed"
        " limit (25€/50€) - 2016/11/12 22:24:21 UTC",
        "\ufeffWinamax Poker - CashGame - HandId: #1-2-3 - Razz fixed limit (1€/5€/10€) - x",
        'Winamax Poker - Tournament "Expresso" buyIn: 1.86€ + 0.14€ level: 1 - HandId: #1-1-1'
        " - Holdem no limit (10/20) - x",
        'Winamax Poker - Go Fast "Kafe" - HandId: #6-44-1 - Omaha pot limit (0.05€/0.10€) - x',
    ],
)
def test_hand_starts_are_recognised(line: str) -> None:
    assert is_start(line)


@pytest.mark.parametrize(
    "line",
    [
        "Winamax Poker - Tournament summary : Expresso(1124364443)",
        "Table: 'Pampelune' 6-max (real money) Seat #4 is the button",
        "PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2019/03/02 0:10:00 ET",
        "Hero said, \"Winamax Poker - CashGame - HandId: #1\"",
        "",
    ],
)
def test_other_lines_do_not_start_a_hand(line: str) -> None:
    assert not is_start(line)


def test_the_first_header_decides_the_site() -> None:
    data = (FIXTURES / "hidden_cards_written_as_x.txt").read_bytes()
    site = detect_site(data)
    assert site is not None and site.name == SITE == "winamax"
    stars = b"PokerStars Hand #1:  Razz Limit ($1/$2 USD) - 2019/03/02 0:10:00 ET\n"
    other = detect_site(stars + data)
    assert other is not None and other.name == "pokerstars"


# --- one fixture per quirk ------------------------------------------------------------------


def test_hidden_cards_written_as_x() -> None:
    hand = fixture_hand("hidden_cards_written_as_x")
    assert hand.problems == ()
    assert (hand.site, hand.hand_id) == ("winamax", "1000001-11-1500000001")
    assert hand.variant_id == "27_triple_draw"
    assert hand.structure is BettingStructure.FIXED_LIMIT
    assert (hand.currency, hand.play_money) == ("EUR", False)
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (1000, 2000)
    assert [(seat.player, seat.stack) for seat in hand.seats] == [("Alice", 40000),
                                                                  ("Hero", 31240)]
    assert (hand.table, hand.max_seats, hand.button_seat) == ("Biarritz", 6, 2)
    assert hand.started_at == datetime(2017, 3, 5, 21, 10, tzinfo=UTC)
    assert hand.started_at_text == "2017/03/05 21:10:00 UTC"
    assert hand.hero == "Hero"
    # the opponent's line of hidden cards is a note, not cards dealt
    assert [(note.line, note.kind) for note in hand.notes] == [(9, "dealt_hidden")]
    assert by_line(hand, 10) == Action(line=10, street=0, kind=Kind.DEALT, player="Hero",
                                       new_cards=cards("7d 5c 4h 2s 3c"))
    assert by_line(hand, 14).cards == cards("7d 5c 4h 2s 3c")
    assert by_line(hand, 15) == Action(line=15, street=1, kind=Kind.STAND_PAT, player="Alice",
                                       n_cards=0)
    assert [(mark.name, mark.street) for mark in hand.streets] == [
        ("ANTE/BLINDS", 0), ("FIRST-BET", 0), ("FIRST-DRAW", 1), ("SECOND-BET", 1),
        ("SECOND-DRAW", 2), ("THIRD-BET", 2), ("THIRD-DRAW", 3), ("FOURTH-BET", 3),
        ("SHOW DOWN", SHOWDOWN_STREET),
    ]
    # the pot is printed after the rake; the record holds what was put in
    assert (hand.summary.total_pot, hand.summary.rake) == (12000, 200)
    assert [(s.player, s.won, s.cards) for s in hand.summary.seats] == [
        ("Alice", None, cards("8h 6d 4s 3d 2c")), ("Hero", 11800, cards("7d 5c 4h 2s 3c")),
    ]
    result = replay_hand(hand)
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Alice": -6000, "Hero": 5800}
    assert [p.won_at_showdown for p in result.players] == [False, True]


def test_uncalled_bet_collected_with_pot() -> None:
    hand = fixture_hand("uncalled_bet_collected_with_pot")
    assert hand.problems == ()
    assert Kind.UNCALLED_RETURN not in [action.kind for action in hand.actions]
    assert by_line(hand, 16) == Action(line=16, street=0, kind=Kind.COLLECT, player="Hero",
                                       amount=700, pot="pot")
    assert (hand.summary.total_pot, hand.summary.rake) == (700, 0)  # ``| No rake``
    result = replay_hand(hand)
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Carol": -100, "Alice": -200, "Hero": 300}


def test_play_money_discard_0_card() -> None:
    hand = fixture_hand("play_money_discard_0_card")
    assert hand.problems == ()
    assert hand.game_text == "Lowball27 fixed limit"
    assert hand.variant_id == "27_triple_draw"
    assert (hand.currency, hand.play_money) == ("play", True)
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (50, 100)
    assert [seat.stack for seat in hand.seats] == [2000, 1475, 2000]
    assert hand.hero is None  # the export prints nobody's cards
    assert by_line(hand, 14) == Action(line=14, street=1, kind=Kind.DISCARD, player="Alice",
                                       n_cards=3)
    assert by_line(hand, 15).n_cards == 1
    assert by_line(hand, 16) == Action(line=16, street=1, kind=Kind.STAND_PAT, player="Carol",
                                       n_cards=0)
    result = replay_hand(hand)
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Alice": -50, "Bob": -200, "Carol": 230}
    assert [(d.player, d.draw_round, d.discarded) for d in result.draws][:3] == [
        ("Alice", 1, 3), ("Bob", 1, 1), ("Carol", 1, 0),
    ]


def test_big_blind_out_of_position() -> None:
    hand = fixture_hand("big_blind_out_of_position")
    assert hand.problems == ()
    assert by_line(hand, 10) == Action(line=10, street=0, kind=Kind.POST_BB, player="Dave",
                                       amount=200)
    result = replay_hand(hand)  # Dave, a live big blind, checks when the action reaches him
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Carol": 0, "Alice": -100, "Hero": 300, "Dave": -200}


def test_dead_small_blind_counted_in_raise() -> None:
    hand = fixture_hand("dead_small_blind_counted_in_raise")
    assert hand.problems == ()
    assert by_line(hand, 10) == Action(line=10, street=0, kind=Kind.POST_DEAD, player="Dave",
                                       amount=100)
    assert by_line(hand, 11).kind is Kind.POST_BB
    # printed ``raises 3€ to 5€``: the 1€ dead small blind is in Winamax's figures
    assert by_line(hand, 17) == Action(line=17, street=0, kind=Kind.RAISE, player="Dave",
                                       amount=200, to=400)
    result = replay_hand(hand)
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Carol": 0, "Alice": -100, "Hero": -400, "Dave": 500}


def test_stud_completion_raises_to_same_amount() -> None:
    hand = fixture_hand("stud_completion_raises_to_same_amount")
    assert hand.problems == ()
    assert hand.variant_id == "razz"
    assert (hand.stakes.ante, hand.stakes.small_bet, hand.stakes.big_bet) == (100, 500, 1000)
    assert hand.button_seat is None
    assert hand.hero == "Hero"
    assert by_line(hand, 11) == Action(line=11, street=0, kind=Kind.DEALT, player="Alice",
                                       new_cards=cards("Kd"))
    assert by_line(hand, 14) == Action(line=14, street=0, kind=Kind.BRING_IN, player="Alice",
                                       amount=200)
    # printed ``raises 5€ to 5€``: a completion, 3€ over the bring-in
    assert by_line(hand, 15) == Action(line=15, street=0, kind=Kind.COMPLETE, player="Hero",
                                       amount=300, to=500)
    fourth = by_line(hand, 19)
    assert (fourth.street, fourth.cards, fourth.new_cards) == (1, cards("Kd"), cards("Qc"))
    result = replay_hand(hand)
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Alice": -600, "Hero": 650, "Bob": -100}


def test_bring_in_raise_leaves_out_the_bring_in() -> None:
    full, short = fixture_hands("bring_in_raise_leaves_out_the_bring_in")
    # ``raises 3€ to 8€`` by the 2€ bring-in: a raise to 10€, 5€ over the completion
    assert by_line(full, 13) == Action(line=13, street=0, kind=Kind.RAISE, player="Alice",
                                       amount=500, to=1000)
    accepted = replay_hand(full)
    assert accepted.status is Status.ACCEPTED and accepted.problems == ()
    assert nets(accepted) == {"Alice": 1050, "Hero": -1100}
    # ``raises -1.50€ to 3.50€``: all-in for 3.50€ more, to 5.50€
    assert short.problems == ()
    assert by_line(short, 39) == Action(line=39, street=0, kind=Kind.RAISE, player="Alice",
                                        amount=50, to=550)
    assert [n.kind for n in short.notes] == ["dealt_hidden"]  # 7th street's hidden card
    result = replay_hand(short)
    assert result.status is Status.ACCEPTED
    assert codes(result) == ["all_in_not_marked"]  # Winamax does not say all-in there
    assert nets(result) == {"Alice": 600, "Hero": -650}


def test_stud_hilo_pot_hi_and_lo() -> None:
    hand = fixture_hand("stud_hilo_pot_hi_and_lo")
    assert hand.problems == ()
    assert hand.variant_id == "stud8"
    collects = [(a.player, a.amount, a.pot) for a in hand.actions if a.kind is Kind.COLLECT]
    assert collects == [("Hero", 575, "pot(HI)"), ("Bob", 575, "pot(LO)")]
    result = replay_hand(hand)
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert [(pot.half, pot.winners, pot.won) for pot in result.pots] == [
        ("high", ("Hero",), (575,)), ("low", ("Bob",), (575,)),
    ]
    assert nets(result) == {"Hero": -25, "Bob": -25}


def test_play_money_stud_word_streets() -> None:
    hand = fixture_hand("play_money_stud_word_streets")
    assert hand.problems == ()
    assert (hand.game_text, hand.variant_id, hand.currency) == ("7stud fixed limit", "stud",
                                                                "play")
    assert (hand.stakes.ante, hand.stakes.small_bet, hand.stakes.big_bet) == (1, 5, 10)
    assert hand.button_seat == 0  # as printed: stud has no button
    assert [(mark.name, mark.street) for mark in hand.streets] == [
        ("ANTE/BLINDS", 0), ("THIRD", 0), ("FOURTH", 1), ("FIFTH", 2), ("SIXTH", 3),
    ]
    assert by_line(hand, 11) == Action(line=11, street=0, kind=Kind.BRING_IN, player="Bob",
                                       amount=2)
    result = replay_hand(hand)
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Alice": -8, "Bob": 9, "Carol": -1}


def test_holdem_is_unsupported() -> None:
    hand = fixture_hand("holdem_is_unsupported")
    assert hand.problems == ()
    assert hand.variant_id is None
    assert hand.structure is BettingStructure.NO_LIMIT
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (1, 2)
    assert hand.hero == "Hero"
    flop, turn = [a for a in hand.actions if a.kind is Kind.DEALT and a.player == ""]
    assert (flop.street, flop.cards, flop.new_cards) == (1, (), cards("7c 3d Ks"))
    assert (turn.street, turn.cards, turn.new_cards) == (2, cards("7c 3d Ks"), cards("5h"))
    assert hand.summary.board == cards("7c 3d Ks 5h")
    result = replay_hand(hand)
    assert result.status is Status.UNSUPPORTED and result.problems == ()


def test_tournament_header() -> None:
    hand = fixture_hand("tournament_header")
    assert hand.problems == ()
    assert hand.currency == "chips"
    assert (hand.stakes.ante, hand.stakes.small_blind, hand.stakes.big_blind) == (5, 15, 30)
    tournament = hand.tournament
    assert tournament is not None
    assert (tournament.tournament_id, tournament.buy_in, tournament.fee, tournament.bounty,
            tournament.currency, tournament.level) == ("123456789", 186, 14, None, "EUR", "2")
    assert by_line(hand, 15) == Action(line=15, street=0, kind=Kind.RAISE, player="Bob",
                                       amount=470, to=500, all_in=True)
    assert (hand.summary.total_pot, hand.summary.rake) == (1015, 0)
    assert replay_hand(hand).status is Status.UNSUPPORTED


def test_go_fast_header() -> None:
    hand = fixture_hand("go_fast_header")
    assert hand.problems == ()
    assert (hand.zoom, hand.tournament, hand.variant_id) == (True, None, None)
    assert hand.structure is BettingStructure.POT_LIMIT
    assert hand.game_text == "Omaha pot limit"
    assert replay_hand(hand).status is Status.UNSUPPORTED


def test_unknown_line_is_reported_not_fatal() -> None:
    hand = fixture_hand("unknown_line_is_reported_not_fatal")
    assert [(p.code, p.line, p.fatal) for p in hand.problems] == [
        ("unknown_line", 11, False), ("unknown_line", 12, False),
    ]
    assert "'Alice waves at the table'" in hand.problems[0].message
    result = replay_hand(hand)
    assert result.status is Status.ACCEPTED
    assert nets(result) == {"Alice": -100, "Hero": 100}


def test_unreadable_header_is_fatal() -> None:
    hand = fixture_hand("unreadable_header_is_fatal")
    assert [(p.code, p.line, p.fatal) for p in hand.problems][:1] == [
        ("unreadable_header", 1, True),
    ]
    assert hand.hand_id == "1000001-16-1500000500"
    assert [seat.player for seat in hand.seats] == ["Alice", "Hero"]
    assert replay_hand(hand).status is Status.REJECTED


def test_a_player_without_a_seat_is_fatal() -> None:
    text = (FIXTURES / "uncalled_bet_collected_with_pot.txt").read_text(encoding="utf-8")
    data = text.replace("Alice folds", "Ghost folds").encode()
    (result,) = read_bytes(data, "<ghost>").hands
    assert result.status is Status.REJECTED
    assert "actor_not_seated" in codes(result)


def test_an_uncalled_bet_line_is_read() -> None:
    text = (FIXTURES / "uncalled_bet_collected_with_pot.txt").read_text(encoding="utf-8")
    data = text.replace(
        "Hero collected 7€ from pot",
        "Uncalled bet of 2€ returned to Hero\nHero collected 5€ from pot",
    ).replace("Total pot 7€", "Total pot 5€").replace("won 7€", "won 5€").encode()
    (result,) = read_bytes(data, "<uncalled>").hands
    assert Action(line=16, street=0, kind=Kind.UNCALLED_RETURN, player="Hero",
                  amount=200) in result.hand.actions
    assert result.status is Status.ACCEPTED and result.problems == ()
    assert nets(result) == {"Carol": -100, "Alice": -200, "Hero": 300}


def test_every_fixture_is_read_without_a_crash() -> None:
    for path in sorted(FIXTURES.glob("*.txt")):
        for hand in fixture_hands(path.stem):
            assert "parser_crash" not in {p.code for p in hand.problems}, path.name


_LINES = [
    line
    for path in sorted(FIXTURES.glob("*.txt"))
    for line in path.read_text(encoding="utf-8").splitlines()
    if line.strip()
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    picks=st.lists(st.integers(min_value=0, max_value=len(_LINES) - 1), min_size=1,
                   max_size=40),
    noise=st.text(max_size=30),
)
def test_any_jumble_of_winamax_lines_is_read_without_a_crash(picks: list[int],
                                                              noise: str) -> None:
    lines = [_LINES[0], *(_LINES[index] for index in picks), noise]
    (block,) = split_blocks("\n".join(lines).encode(), "<fuzz>", is_start,
                            prefixes=(PREFIX,)).blocks[:1]
    hand = parse_block(block)
    assert "parser_crash" not in {problem.code for problem in hand.problems}
    replay_hand(hand)


# --- check and ingest, end to end ------------------------------------------------------------


def test_check_reads_a_winamax_file() -> None:
    path = FIXTURES / "bring_in_raise_leaves_out_the_bring_in.txt"
    outcome = CliRunner().invoke(app, ["check", str(path), "--json"])
    assert outcome.exit_code == 0, outcome.output
    report = json.loads(outcome.output)
    assert report["summary"]["accepted"] == 2
    assert [hand["status"] for hand in report["hands"]] == ["accepted", "accepted"]


def test_ingest_stores_winamax_hands(tmp_path: Path) -> None:
    database = tmp_path / "winamax.duckdb"
    folder = tmp_path / "logs"
    folder.mkdir()
    for name in ("hidden_cards_written_as_x", "play_money_discard_0_card",
                 "holdem_is_unsupported"):
        (folder / f"{name}.txt").write_bytes((FIXTURES / f"{name}.txt").read_bytes())
    outcome = CliRunner().invoke(
        app, ["ingest", "--db", str(database), "--workers", "1", "--json", str(folder)]
    )
    assert outcome.exit_code == 0, outcome.output
    con = duckdb.connect(str(database), read_only=True)
    try:
        hands = con.execute(
            "SELECT hand_id, variant, currency, unit, play_money, total_pot, rake FROM hands "
            "WHERE site = 'winamax' ORDER BY hand_id"
        ).fetchall()
        players = con.execute(
            "SELECT player, net FROM players WHERE hand_id = '2000002-5-1500000100' "
            "ORDER BY seat"
        ).fetchall()
        unsupported = con.execute(
            "SELECT hand_id, game FROM unsupported_hands WHERE site = 'winamax'"
        ).fetchall()
        formats = con.execute("SELECT DISTINCT format FROM sources").fetchall()
    finally:
        con.close()
    assert hands == [
        ("1000001-11-1500000001", "27_triple_draw", "EUR", "cents", False, 12000, 200),
        ("2000002-5-1500000100", "27_triple_draw", "play", "cents", True, 450, 20),
    ]
    assert players == [("Alice", -50), ("Bob", -200), ("Carol", 230)]
    assert unsupported == [("4000004-101-1500005000", "Holdem no limit")]
    assert formats == [("winamax",)]


# --- the corpus ------------------------------------------------------------------------------

CORPUS_FILES = [
    # (file, accepted, rejected, unsupported, warnings)
    ("cash/Winamax/Draw/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt", 1, 0, 0, []),
    ("cash/Winamax/Draw/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt",
     1, 0, 0, []),
    # Not broken: Winamax's usual bring-in figures (see winamax.py) and no all-in mark.
    ("cash/Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt",
     1, 0, 0, ["all_in_not_marked"]),
    ("cash/Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt", 1, 0, 0, []),
    ("cash/Winamax/Stud/7-Stud-6max-play-0.5-0.10-201606.export.txt", 1, 0, 0, []),
    ("cash/Winamax/Stud/7-StudHL-6max-EUR-25-50-201611._8games_.txt", 1, 0, 0, []),
    ("cash/Winamax/Stud/Razz-6max-EUR-25-50-201611._8games_.txt", 1, 0, 0, []),
]

NETS = {
    # Worked out by hand from each log (what each player put in, what he collected), in
    # cents; no fpdb sidecar exists for these files.
    "cash/Winamax/Draw/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt":
        {"Hero": -12500, "Player0": 12300},
    "cash/Winamax/Draw/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt":
        {"Player4": -350, "Player3": -350, "Player2": 865, "Player1": 0, "Player0": -100,
         "Hero": -150},
    "cash/Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt":
        {"Player0": 3640, "Player1": -3390, "Hero": -500},
    "cash/Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt":
        {"Hero": 22800, "Player0": -23000},
    "cash/Winamax/Stud/7-Stud-6max-play-0.5-0.10-201606.export.txt":
        {"Player0": 32, "Player1": -3, "Player2": -33},
    "cash/Winamax/Stud/7-StudHL-6max-EUR-25-50-201611._8games_.txt":
        {"Hero": -9000, "Player0": 8800},
    "cash/Winamax/Stud/Razz-6max-EUR-25-50-201611._8games_.txt":
        {"Hero": -10500, "Player0": 10300},
}

_cache: dict[str, FileResult] = {}


def replayed(name: str) -> FileResult:
    if name not in _cache:
        _cache[name] = read_file(FPDB / name)
    return _cache[name]


@needs_corpus
def test_the_table_lists_every_winamax_hand_file() -> None:
    on_disk = {str(path.relative_to(FPDB)) for path in FPDB.glob("*/Winamax/**/*.txt")}
    assert on_disk == {name for name, *_ in CORPUS_FILES}
    assert not list(FPDB.glob("*/Winamax/**/*.hp"))  # no fpdb expectations to compare with


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported", "warnings"),
                         CORPUS_FILES)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int, warnings: list[str]
) -> None:
    result = replayed(name)
    assert result.site == "winamax"
    statuses = [hand.status for hand in result.hands]
    assert (
        statuses.count(Status.ACCEPTED), statuses.count(Status.REJECTED),
        statuses.count(Status.UNSUPPORTED),
    ) == (accepted, rejected, unsupported)
    assert result.junk == () and result.problem is None
    assert [code for hand in result.hands for code in codes(hand)] == warnings
    data = (FPDB / name).read_bytes()
    assert account_bytes(data, split_blocks(data, name, is_start, prefixes=(PREFIX,))).balanced


@needs_corpus
@pytest.mark.parametrize("name", sorted(NETS))
def test_corpus_nets_balance_and_agree_with_the_log(name: str) -> None:
    (hand,) = replayed(name).hands
    assert hand.status is Status.ACCEPTED
    assert nets(hand) == NETS[name]
    assert sum(p.net for p in hand.players) + hand.rake == 0
    assert sum(p.collected for p in hand.players) + hand.rake == hand.total_pot
    won: dict[str, int] = {}
    for seat in hand.hand.summary.seats:  # hi/lo prints one ``won`` line per half
        won[seat.player] = won.get(seat.player, 0) + (seat.won or 0)
    assert won == {p.player: p.collected for p in hand.players if p.player in won}
