"""The KingsClub reader and the room's rules: one fixture per quirk, the fpdb corpus, fuzzing.

Fixtures in tests/fixtures/kingsclub/ are hand-written hands in KingsClub's format (made-up
players and amounts), each named after the quirk it captures. The corpus tests read every
KingsClub file of ../shared/corpus/fpdb in place (third-party data, never copied here) and
skip when it is absent. KingsClub prints each seat's net: every accepted hand's nets must
be the printed ones (no fpdb sidecar sits beside these files; the printed nets are the
oracle).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from dataclasses import fields
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hhparse.cards import parse_cards
from hhparse.cli import app
from hhparse.ingest import ingest
from hhparse.parsers import kingsclub
from hhparse.parsers.base import split_blocks
from hhparse.parsers.sites import detect_site
from hhparse.pipeline import FileResult, read_bytes, read_file
from hhparse.records import SHOWDOWN_STREET, Action, Hand, Kind, RunHand
from hhparse.replay import ReplayResult, Severity, Status
from hhparse.variants import BettingStructure
from tests.corpus import FPDB, needs_corpus
from tests.fuzz_target import mutate, run_one

FIXTURES = Path(__file__).parent / "fixtures" / "kingsclub"
KINGSCLUB = FPDB / "cash" / "KingsClub"


def fixture(name: str) -> FileResult:
    path = FIXTURES / f"{name}.txt"
    return read_bytes(path.read_bytes(), str(path))


def replayed(name: str) -> ReplayResult:
    (hand,) = fixture(name).hands
    return hand


def parsed(name: str) -> Hand:
    return replayed(name).hand


def at(hand: Hand, text: str, nth: int = 0) -> Action:
    """The (first) action of the ``nth`` line of the hand's file that reads ``text``."""
    lines = Path(hand.source.file).read_text().splitlines()
    number = [n for n, line in enumerate(lines, start=1) if line == text][nth]
    return next(action for action in hand.actions if action.line == number)


def values(action: Action) -> tuple[object, ...]:
    """The action's fields in order (line, street, kind, player, amount, to, all_in ...)."""
    return tuple(getattr(action, field.name) for field in fields(action))


def codes(result: ReplayResult) -> set[tuple[str, Severity]]:
    return {(problem.code, problem.severity) for problem in result.problems}


E, W = Severity.ERROR, Severity.WARNING

FIXTURE_OUTCOMES = [
    # (fixture, status, problems (code, severity))
    ("date_on_its_own_line_without_zone", Status.ACCEPTED, set()),
    ("calls_and_raises_are_round_totals", Status.ACCEPTED, set()),
    ("single_draw_without_draw_marker", Status.ACCEPTED, set()),
    ("uncalled_bet_not_printed", Status.ACCEPTED, set()),
    ("reshuffle_not_printed", Status.ACCEPTED, set()),
    ("dead_small_blind_not_printed", Status.ACCEPTED, {("dead_blind_not_printed", W)}),
    ("printed_net_disagrees", Status.REJECTED, {("printed_net_mismatch", E)}),
    ("badeucey_split_paid_per_half", Status.ACCEPTED, set()),
    ("badeucey_half_misprinted", Status.REJECTED,
     {("share_mismatch", E), ("collected_amount", E)}),
    ("badacey_both_halves_paid_line_by_line", Status.ACCEPTED, set()),
    # six cards shown: 2-7/A-5 lows read them, badugi does not; the badugi half had no
    # rankable hand and no winner (found by test_mutated_kingsclub_hands_never_crash)
    ("badacey_shown_hand_of_six_cards", Status.REJECTED,
     {("shown_cards_mismatch", E), ("shown_hand_invalid", E)}),
    ("run_it_twice", Status.ACCEPTED, set()),
    ("run_it_twice_in_one_dealt_line", Status.ACCEPTED, set()),
    ("run_it_twice_run_misprinted", Status.REJECTED,
     {("share_mismatch", E), ("collected_amount", E)}),
    ("stud_street_labels_one_off", Status.ACCEPTED, set()),
    ("completion_written_bets", Status.ACCEPTED, set()),
    ("stud_first_raise_from_bring_in", Status.ACCEPTED, set()),
    ("stud_hands_shown_before_the_last_streets", Status.ACCEPTED, set()),
    ("drawmaha_is_not_replayed", Status.UNSUPPORTED, set()),
    ("holdem_is_not_replayed", Status.UNSUPPORTED, set()),
    ("hand_cut_off_before_the_summary", Status.REJECTED,
     {("hand_incomplete", E), ("wrong_winner", E), ("nets_unbalanced", E)}),
    ("line_by_a_player_not_seated", Status.REJECTED, {("actor_not_seated", E)}),
    ("unknown_line_is_reported_not_fatal", Status.ACCEPTED, {("unknown_line", W)}),
]


def test_the_table_lists_every_fixture() -> None:
    assert {path.stem for path in FIXTURES.glob("*.txt")} == {name for name, *_ in
                                                              FIXTURE_OUTCOMES}


@pytest.mark.parametrize(("name", "status", "problems"), FIXTURE_OUTCOMES)
def test_each_fixture_is_judged_as_expected(
    name: str, status: Status, problems: set[tuple[str, Severity]]
) -> None:
    result = fixture(name)
    assert result.site == kingsclub.SITE and result.junk == ()
    (hand,) = result.hands
    assert hand.status is status and codes(hand) == problems


@pytest.mark.parametrize("name", [name for name, status, _ in FIXTURE_OUTCOMES
                                  if status is Status.ACCEPTED])
def test_accepted_fixtures_balance_and_match_the_printed_nets(name: str) -> None:
    result = replayed(name)
    assert sum(p.net for p in result.players) + result.rake == 0
    assert sum(p.collected for p in result.players) + result.rake == result.total_pot
    printed = {seat.player: seat for seat in result.hand.summary.seats}
    for player in result.players:
        assert player.net == printed[player.player].net, player.player
        assert player.starting_stack + player.net == printed[player.player].stack


# --- the header, the date, the table --------------------------------------------------------


def test_header_date_and_table() -> None:
    hand = parsed("date_on_its_own_line_without_zone")
    assert (hand.site, hand.hand_id, hand.game_text) == (
        "kingsclub", "1000001", "Limit 2-7 Triple Draw")
    assert hand.variant_id == "27_triple_draw"
    assert hand.structure is BettingStructure.FIXED_LIMIT
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (1000, 2000)
    assert hand.currency == "USD" and hand.tournament is None
    assert (hand.table, hand.button_seat, hand.hero) == ("Fixture A", 1, "Bob")
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Alice", 50000), (3, "Bob", 40000)]


def test_a_date_without_zone_is_read_as_eastern_time() -> None:
    hand = parsed("date_on_its_own_line_without_zone")
    assert hand.started_at_text == "2021-07-04 23:30:00"
    assert hand.started_at == datetime(2021, 7, 5, 3, 30, tzinfo=UTC)  # EDT, UTC-4


def test_no_limit_stakes_are_blinds() -> None:
    hand = parsed("run_it_twice")
    assert hand.structure is BettingStructure.NO_LIMIT
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (2500, 5000)


def test_tournament_tables_play_in_chips() -> None:
    text = (FIXTURES / "date_on_its_own_line_without_zone.txt").read_text()
    hand = read_bytes(text.replace("Table 'Fixture A'", "Table 'T4711 [3]'").encode(),
                      "t.txt").hands[0].hand
    assert hand.currency == "chips" and hand.tournament is not None
    assert hand.tournament.tournament_id == "4711"
    assert hand.stakes.small_bet == 10 and hand.seats[0].stack == 500


# --- amounts, draws and streets --------------------------------------------------------------


def test_calls_and_raises_print_the_round_total() -> None:
    hand = parsed("calls_and_raises_are_round_totals")
    assert values(at(hand, "Carol raises to 20"))[2:6] == (Kind.RAISE, "Carol", 1000, 2000)
    assert values(at(hand, "Carol raises to 20", 1))[2:6] == (Kind.RAISE, "Carol", 1000, 2000)
    assert values(at(hand, "Alice raises to 30"))[2:6] == (Kind.RAISE, "Alice", 1000, 3000)
    assert values(at(hand, "Bob calls 30"))[2:5] == (Kind.CALL, "Bob", 2000)  # had the big blind in
    assert values(at(hand, "Carol calls 30"))[2:5] == (Kind.CALL, "Carol", 1000)
    assert values(at(hand, "Bob calls 20"))[2:5] == (Kind.CALL, "Bob", 1000)  # a new round


def test_draw_lines() -> None:
    hand = parsed("calls_and_raises_are_round_totals")
    discard = at(hand, "Bob discards [Kc] draws [3d]")
    drawn = [a for a in hand.actions if a.line == discard.line]
    assert [(a.kind, a.n_cards, a.cards, a.new_cards) for a in drawn] == [
        (Kind.DISCARD, 1, parse_cards("Kc"), ()),
        (Kind.DEALT, None, parse_cards("7c 5d 4h 2s"), parse_cards("3d")),
    ]
    assert values(at(hand, "Alice draws 2"))[2:4] == (Kind.DISCARD, "Alice")
    assert at(hand, "Alice draws 2").n_cards == 2 and at(hand, "Alice draws 2").cards == ()
    assert at(hand, "Carol stands pat").kind is Kind.STAND_PAT


def test_hidden_deals_are_notes_not_actions() -> None:
    hand = parsed("calls_and_raises_are_round_totals")
    dealt = [a for a in hand.actions if a.kind is Kind.DEALT and a.street == 0]
    assert [(a.player, a.new_cards) for a in dealt] == [("Bob", parse_cards("7c 5d 4h Kc 2s"))]
    assert [note.kind for note in hand.notes] == ["dealt_hidden", "dealt_hidden"]


def test_draw_markers_number_the_streets() -> None:
    hand = parsed("calls_and_raises_are_round_totals")
    assert [(mark.name, mark.street) for mark in hand.streets] == [
        ("1ST BETTING ROUND", 0), ("1ST DRAW", 1), ("2ND BETTING ROUND", 1), ("2ND DRAW", 2),
        ("3RD BETTING ROUND", 2), ("3RD DRAW", 3), ("4TH BETTING ROUND", 3),
    ]
    assert at(hand, "Carol calls 20").street == 2 and at(hand, "Bob checks").street == 3
    assert at(hand, "Bob shows [7c 5d 4h 3d 2s]").street == SHOWDOWN_STREET


def test_single_draw_opens_the_draw_at_the_first_draw_line() -> None:
    hand = parsed("single_draw_without_draw_marker")
    discard = at(hand, "Bob discards [Tc Ks Qc] draws [7s 3h 2d]")
    assert [(m.name, m.street, m.line) for m in hand.streets] == [("DRAW", 1, discard.line)]
    assert discard.street == 1 and at(hand, "Alice raises to 20").street == 0


def test_summary_seats_rake_and_collections() -> None:
    hand = parsed("calls_and_raises_are_round_totals")
    assert [(s.seat, s.player, s.stack, s.net) for s in hand.summary.seats] == [
        (1, "Alice", 47000, -3000), (3, "Bob", 49900, 9900), (5, "Carol", 53000, -7000)]
    assert hand.summary.rake == 100
    assert hand.summary.total_pot == 17000  # no total is printed: what it pays + the rake
    assert values(at(hand, "Bob wins pot (169)"))[2:5] == (Kind.COLLECT, "Bob", 16900)


# --- the room's habits -----------------------------------------------------------------------


def test_an_uncalled_bet_is_returned_without_a_line() -> None:
    result = replayed("uncalled_bet_not_printed")
    alice = next(p for p in result.players if p.player == "Alice")
    assert (alice.contributed, alice.collected, alice.net) == (1000, 2000, 1000)
    assert not any(a.kind is Kind.UNCALLED_RETURN for a in result.hand.actions)


def test_the_deck_is_reshuffled_without_a_line() -> None:
    result = replayed("reshuffle_not_printed")
    assert not any(a.kind is Kind.RESHUFFLE for a in result.hand.actions)
    assert result.accepted  # Carol's draw of 3 finds 2 cards in the stub


def test_posts_blind_is_a_live_big_blind_and_the_dead_small_blind_shows_in_the_net() -> None:
    result = replayed("dead_small_blind_not_printed")
    assert values(at(result.hand, "Bob: posts blind 10"))[2:5] == (Kind.POST_BB, "Bob", 1000)
    bob = next(p for p in result.players if p.player == "Bob")
    assert (bob.contributed, bob.net) == (2500, -2500)
    (warning,) = result.problems
    assert "$5" in warning.message and "-$25" in warning.message


def test_a_printed_net_that_disagrees_is_an_error_naming_both() -> None:
    (problem,) = replayed("printed_net_disagrees").problems
    assert problem.code == "printed_net_mismatch" and problem.line == 15
    assert "-$20" in problem.message and "-$10" in problem.message


# --- split pots, paid half by half ----------------------------------------------------------


def test_badeucey_halves_go_to_their_own_winners() -> None:
    result = replayed("badeucey_split_paid_per_half")
    assert [(p.half, p.winners, p.won) for p in result.pots] == [
        ("badugi", ("Bob",), (1950,)), ("lowball", ("Alice",), (1950,))]


def test_a_misprinted_half_is_a_share_mismatch() -> None:
    result = replayed("badeucey_half_misprinted")
    first = result.errors[0]
    assert first.code == "share_mismatch" and "the lowball half of pot 0, $19.50" in first.message


def test_one_player_paid_both_halves_by_two_lines() -> None:
    result = replayed("badacey_both_halves_paid_line_by_line")
    assert [(p.half, p.winners) for p in result.pots] == [
        ("badugi", ("Alice",)), ("lowball", ("Alice",))]


# --- run it twice ----------------------------------------------------------------------------


def test_run_it_twice_reads_each_runs_draw_and_hands() -> None:
    hand = parsed("run_it_twice")
    assert hand.runs == 2
    discard = at(hand, "Alice discards [Tc] draws [2d] [Kd]")
    dealt = [a for a in hand.actions if a.line == discard.line and a.kind is Kind.DEALT]
    assert dealt[0].new_cards == parse_cards("2d")
    assert RunHand(line=discard.line, run=2, player="Alice",
                   cards=parse_cards("3s 7h 5c 9h Kd"), shown=False) in hand.run_hands
    shows = [(a.player, a.cards) for a in hand.actions if a.kind is Kind.SHOW]
    assert shows == [("Alice", parse_cards("2d 3s 7h 5c 9h")),
                     ("Bob", parse_cards("5h 9c Jd 8d 4s"))]
    assert [(h.run, h.player) for h in hand.run_hands if h.shown] == [(2, "Alice"), (2, "Bob")]


def test_each_run_wins_half_of_the_pot() -> None:
    result = replayed("run_it_twice")
    assert [(p.index, p.half, p.amount, p.winners, p.won) for p in result.pots] == [
        (0, "all", 199300, ("Alice", "Bob"), (99650, 99650))]


def test_the_early_2021_draw_line_holds_both_runs_and_the_discard() -> None:
    result = replayed("run_it_twice_in_one_dealt_line")
    hand = result.hand
    draw_line = at(hand, "Dealt to Alice: [6h Kh Ks]").line
    alice = [a for a in hand.actions if a.line == draw_line]
    assert [(a.kind, a.n_cards, a.cards, a.new_cards) for a in alice] == [
        (Kind.DISCARD, 1, parse_cards("Ks"), ()),
        (Kind.DEALT, None, parse_cards("4c 3d 7h 2c"), parse_cards("6h")),
    ]
    assert hand.run_hands == (RunHand(line=draw_line, run=2, player="Alice",
                                      cards=parse_cards("4c 3d 7h 2c Kh"), shown=False),)
    bob = at(hand, "Dealt to Bob: [X X X X X X]")
    assert (bob.kind, bob.n_cards) == (Kind.DISCARD, 2)
    assert [(p.winners, p.won) for p in result.pots] == [(("Alice", "Bob"), (99900, 99900))]


@pytest.mark.parametrize(("printed", "written"), [
    # the replay settles every run up to the highest number: 10**12 runs filled 23.6 GB
    # before the fix (found by test_mutated_kingsclub_hands_never_crash)
    ("Run 2: Alice shows", "Run 999999999999: Alice shows"),
    ("Run 1: Bob shows", "Run 0: Bob shows"),
    ("draws [2d] [Kd]", "draws [2d] [Kd] [4d] [5d] [6d]"),
])
def test_a_run_number_no_room_deals_is_fatal(printed: str, written: str) -> None:
    text = (FIXTURES / "run_it_twice.txt").read_text()
    assert printed in text
    (result,) = read_bytes(text.replace(printed, written, 1).encode(), "r.txt").hands
    assert result.status is Status.REJECTED and result.hand.runs <= kingsclub.MAX_RUNS
    assert ("run_number_invalid", E) in codes(result)


def test_a_run_paid_to_the_wrong_amount_is_a_share_mismatch() -> None:
    first = replayed("run_it_twice_run_misprinted").errors[0]
    assert first.code == "share_mismatch" and "run 1: the whole of pot 0, $996.50" in first.message


# --- stud ------------------------------------------------------------------------------------


def test_stud_street_labels_are_one_street_too_low() -> None:
    hand = parsed("stud_street_labels_one_off")
    assert [(m.name, m.street) for m in hand.streets] == [
        ("3RD STREET", 1), ("4TH STREET", 2), ("5TH STREET", 3), ("6TH STREET", 4)]
    assert at(hand, "Dealt to Bob: [8s]").street == 4  # the 7th-street card
    assert hand.hero == "Bob"


def test_stud_labels_read_as_printed_before_any_bring_in() -> None:
    text = (FIXTURES / "completion_written_bets.txt").read_text()
    text = text.replace("Dealt to Alice: [X X Td]", "*** 3RD STREET ***\nDealt to Alice: [X X Td]")
    hand = read_bytes(text.encode(), "s.txt").hands[0]
    assert [(m.name, m.street) for m in hand.hand.streets] == [("3RD STREET", 0)]
    assert hand.accepted


def test_the_completion_is_written_bets() -> None:
    hand = parsed("completion_written_bets")
    assert values(at(hand, "Bob bets 10"))[2:7] == (Kind.COMPLETE, "Bob", 700, 1000, False)
    assert at(hand, "Dealt to Alice: [X X Td]").new_cards == parse_cards("Td")


def test_the_first_raise_of_third_street_goes_to_bring_in_plus_a_small_bet() -> None:
    result = replayed("stud_first_raise_from_bring_in")
    assert values(at(result.hand, "Carol raises to 15"))[2:6] == (Kind.RAISE, "Carol", 500, 1500)
    assert result.accepted
    text = (FIXTURES / "stud_first_raise_from_bring_in.txt").read_text()
    standard = text.replace("raises to 15", "raises to 20").replace("raises to 25", "raises to 30")
    (hand,) = read_bytes(standard.encode(), "s.txt").hands
    assert hand.errors[0].code == "bet_size" and "$15" in hand.errors[0].message


def test_stud_hands_shown_early_are_judged_with_the_cards_dealt_after() -> None:
    result = replayed("stud_hands_shown_before_the_last_streets")
    assert at(result.hand, "Dealt to Alice: [7d]").street == SHOWDOWN_STREET
    alice = next(p for p in result.players if p.player == "Alice")
    assert alice.final_cards == parse_cards("5s 2d 4h 7d 8c 9h")
    assert alice.won_at_showdown  # 8-7-5-4-2 of six known cards beats K-Q-J-T-3


# --- games we do not replay, broken hands -------------------------------------------------


@pytest.mark.parametrize("name", ["drawmaha_is_not_replayed", "holdem_is_not_replayed"])
def test_other_games_are_read_and_kept_unsupported(name: str) -> None:
    result = replayed(name)
    assert result.hand.variant_id is None and result.hand.problems == ()
    assert result.hand.game_text.startswith(("Limit 2-7 Drawmaha", "No Limit Holdem"))


def test_an_unknown_game_is_reported() -> None:
    text = (FIXTURES / "holdem_is_not_replayed.txt").read_text().replace("Holdem", "Pineapple")
    (hand,) = read_bytes(text.encode(), "p.txt").hands
    assert hand.status is Status.UNSUPPORTED
    assert [p.code for p in hand.problems] == ["unknown_game"]


def test_an_unreadable_header_is_fatal() -> None:
    text = "#12: Limit Badugi 10/20\n2021-01-01 10:00:00\n"
    hand = kingsclub.parse_block(split_blocks(text.encode(), "h.txt", lambda line: True)
                                 .blocks[0])
    assert hand.hand_id == "12"
    assert [(p.code, p.fatal) for p in hand.problems] == [("unreadable_header", True)]


def test_a_reader_bug_is_a_fatal_parser_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: object) -> Hand:
        raise RuntimeError("boom")

    monkeypatch.setattr(kingsclub._Reader, "read", broken)
    data = (FIXTURES / "run_it_twice.txt").read_bytes()
    (result,) = read_bytes(data, "c.txt").hands
    assert result.status is Status.REJECTED and result.hand.hand_id == "1000011"
    assert [(p.code, p.severity) for p in result.problems] == [("parser_crash", E)]


# --- site detection, check and ingest -------------------------------------------------------


def test_is_start() -> None:
    assert kingsclub.is_start("#39969256: Limit 2-7 Triple Draw - 40/80")
    assert kingsclub.is_start("#3703449: Limit 2-7 Razz - 500/1,000")
    assert kingsclub.is_start("#3857875: No Limit 2-7 Single Draw - 125/250")
    assert not kingsclub.is_start("#39969256: 2-7 Triple Draw - 40/80")
    assert not kingsclub.is_start("# notes: Limit Badugi - 1/2")
    assert not kingsclub.is_start("PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2021/01/01")


def test_detect_site() -> None:
    site = detect_site((FIXTURES / "run_it_twice.txt").read_bytes())
    assert site is not None and site.name == kingsclub.SITE
    stars = Path(__file__).parent / "fixtures" / "pokerstars" / "zoom_header.txt"
    other = detect_site(stars.read_bytes())
    assert other is not None and other.name != kingsclub.SITE


def test_hhparse_check_reads_kingsclub_files() -> None:
    runner = CliRunner()
    good = runner.invoke(app, ["check", "--json", str(FIXTURES / "run_it_twice.txt")])
    assert good.exit_code == 0, good.output
    (hand,) = json.loads(good.output)["hands"]
    assert (hand["hand_id"], hand["variant"], hand["status"]) == (
        "1000011", "27_single_draw", "accepted")
    bad = runner.invoke(app, ["check", str(FIXTURES / "printed_net_disagrees.txt")])
    assert bad.exit_code == 1 and "printed_net_mismatch" in bad.output


def test_ingest_stores_the_fixtures(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    shutil.copytree(FIXTURES, logs)
    day_ago = time.time() - 86_400  # else a cut-off last hand waits for the next run
    for path in logs.iterdir():
        os.utime(path, (day_ago, day_ago))
    database = tmp_path / "kc.duckdb"
    summary = ingest([logs], database, workers=1)
    assert summary.integrity and not summary.unhealthy
    statuses = [status for _, status, _ in FIXTURE_OUTCOMES]
    con = duckdb.connect(str(database), read_only=True)
    try:
        count = con.execute("SELECT count(*) FROM hands WHERE site = 'kingsclub'").fetchone()
        halves = con.execute(
            "SELECT half, winners FROM pots WHERE hand_id = '1000008' ORDER BY half"
        ).fetchall()
        rejects = con.execute("SELECT count(*) FROM rejects").fetchone()
    finally:
        con.close()
    assert count == (statuses.count(Status.ACCEPTED),)
    assert rejects == (statuses.count(Status.REJECTED),)
    assert halves == [("badugi", ["Bob"]), ("lowball", ["Alice"])]


# --- the corpus ------------------------------------------------------------------------------

CORPUS = [
    # (file under cash/KingsClub, status, warnings)
    ("Draw/2-7 Drawmaha-FL-USD-60-120-202108.showdown.txt", Status.UNSUPPORTED, set()),
    ("Draw/2-7 Drawmaha-FL-USD-60-120-202108.txt", Status.UNSUPPORTED, set()),
    ("Draw/2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt", Status.ACCEPTED, set()),
    # the stub runs out in draw 2 (no reshuffle line); a dead small blind is not printed
    ("Draw/2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt", Status.ACCEPTED,
     {"dead_blind_not_printed"}),
    ("Draw/A5-1-Draw-Limit-USD-50-100-202102.txt", Status.ACCEPTED, set()),
    ("Draw/A5-3-Draw-Limit-USD-44-88-202010.txt", Status.ACCEPTED, set()),
    ("Draw/Badacey-Limit-USD-22-44-202101.txt", Status.ACCEPTED, set()),
    ("Draw/Badeucey-Limit-USD-22-44-202101.txt", Status.ACCEPTED, set()),
    ("Draw/Badugi-Limit-USD-30-60-202010.txt", Status.ACCEPTED, set()),
    ("Draw/NL-2-7-SD-USD-125-250-202103.RIT.txt", Status.ACCEPTED, set()),
    # a player sitting in between the blinds pays a dead small blind the log does not print
    ("Draw/NL-2-7-SD-USD-125-250-202103.missed.sb.txt", Status.ACCEPTED,
     {"dead_blind_not_printed"}),
    ("Draw/NL-2-7-SD-USD-25-50-202108.1.RIT.txt", Status.ACCEPTED, set()),
    ("Draw/NL-2-7-SD-USD-25-50-202108.2.RIT.txt", Status.ACCEPTED, set()),
    ("Draw/NL-2-7-SD-USD-25-50-202108.3.RIT.txt", Status.ACCEPTED, set()),
    ("Draw/NL-2-7-SD-USD-25-50-202108.4.RIT.txt", Status.ACCEPTED, set()),
    ("Stud/2-7 Razz-USD-22-44-202101.txt", Status.UNSUPPORTED, set()),
    ("Stud/2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt", Status.UNSUPPORTED, set()),
    ("Stud/7-Stud-USD-44-88-202010.txt", Status.ACCEPTED, set()),
    ("Stud/7-StudHL-USD-40-80-202101.txt", Status.ACCEPTED, set()),
    ("Stud/Razz-USD-40-80-202101.txt", Status.ACCEPTED, set()),
    # valid: a main and a side pot won by one player on one line; fpdb failed on it
    ("Stud/Razz-USD-500-100-202101.multi.pot.failure.txt", Status.ACCEPTED, set()),
]


@cache
def corpus_hand(name: str) -> ReplayResult:
    result = read_file(KINGSCLUB / name)
    assert result.site == kingsclub.SITE and result.junk == () and result.problem is None
    (hand,) = result.hands
    return hand


@needs_corpus
def test_the_table_lists_every_kingsclub_file() -> None:
    on_disk = {str(path.relative_to(KINGSCLUB)) for path in KINGSCLUB.rglob("*.txt")}
    assert on_disk == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "status", "warnings"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, status: Status, warnings: set[str]
) -> None:
    hand = corpus_hand(name)
    assert hand.status is status, hand.problems
    assert {p.code for p in hand.problems} == warnings
    assert all(p.severity is Severity.WARNING for p in hand.problems)


@needs_corpus
@pytest.mark.parametrize("name", [name for name, status, _ in CORPUS
                                  if status is Status.ACCEPTED])
def test_kingsclub_printed_nets_agree_with_ours(name: str) -> None:
    hand = corpus_hand(name)
    assert sum(p.net for p in hand.players) + hand.rake == 0
    assert sum(p.collected for p in hand.players) + hand.rake == hand.total_pot
    printed = {seat.player: seat for seat in hand.hand.summary.seats}
    assert set(printed) == {p.player for p in hand.players}
    for player in hand.players:
        assert player.net == printed[player.player].net, player.player
        assert player.starting_stack + player.net == printed[player.player].stack


@needs_corpus
def test_no_fpdb_sidecar_sits_beside_a_kingsclub_file() -> None:
    """So the printed nets are the money oracle here (fpdb's .hp/.hands are for others)."""
    assert not [path for path in KINGSCLUB.rglob("*") if path.suffix in (".hp", ".hands")]


@needs_corpus
@pytest.mark.parametrize(("name", "halves"), [
    ("Draw/Badeucey-Limit-USD-22-44-202101.txt",
     [("badugi", ("Player4",), (55025,)), ("lowball", ("Player2",), (55025,))]),
    ("Draw/Badacey-Limit-USD-22-44-202101.txt",
     [("badugi", ("Player1",), (16800,)), ("lowball", ("Hero",), (16800,))]),
])
def test_badeucey_and_badacey_corpus_pots_are_checked_half_by_half(
    name: str, halves: list[tuple[str, tuple[str, ...], tuple[int, ...]]]
) -> None:
    hand = corpus_hand(name)
    assert [(p.half, p.winners, p.won) for p in hand.pots] == halves
    lines = sorted((a.player, a.amount) for a in hand.hand.actions if a.kind is Kind.COLLECT)
    assert lines == sorted((p.winners[0], p.won[0]) for p in hand.pots)  # a line per half


@needs_corpus
@pytest.mark.parametrize(("name", "pots"), [
    # each run wins half of each pot: Hero run 1, Player0 run 2 (Hero's run-2 card pairs him)
    ("Draw/NL-2-7-SD-USD-125-250-202103.RIT.txt",
     [(0, ("Hero", "Player0"), (126250, 126250)), (1, ("Hero", "Player0"), (922500, 922500))]),
    ("Draw/NL-2-7-SD-USD-25-50-202108.4.RIT.txt", [(0, ("Hero", "Player1"), (126400, 126400))]),
    ("Draw/NL-2-7-SD-USD-25-50-202108.3.RIT.txt", [(0, ("Player1",), (261000,))]),
])
def test_run_it_twice_corpus_pots_are_checked_run_by_run(
    name: str, pots: list[tuple[int, tuple[str, ...], tuple[int, ...]]]
) -> None:
    hand = corpus_hand(name)
    assert hand.hand.runs == 2
    assert [(p.index, p.winners, p.won) for p in hand.pots] == pots


# --- fuzzing ---------------------------------------------------------------------------------


@cache
def seeds() -> list[bytes]:
    files = sorted(FIXTURES.glob("*.txt")) + sorted(KINGSCLUB.rglob("*.txt"))
    return [path.read_bytes() for path in files]


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**64))
def test_mutated_kingsclub_hands_never_crash(seed: int) -> None:
    data = mutate(random.Random(seed), seeds())
    assert sum(run_one(data).values()) >= 1
    crashes = {"parser_crash", "replay_crash"}
    assert not [p for hand in read_bytes(data, "f.txt").hands for p in hand.problems
                if p.code in crashes]
