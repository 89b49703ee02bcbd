"""The all-in rules of ../shared/RULES.md, each by a legal hand and its defective twin.

Each file in tests/fixtures/all_in/ is a small, complete PokerStars hand (made-up players
and amounts) that is legal and that a rule about all-ins or shows decides: a short all-in
in fixed limit, a show after an uncontested win, a bring-in falling past a player all-in
for the ante, short blinds, side pots, uncalled bets, who opens a stud street when the
best board is all-in, the odd chip. For each:

* the legal hand is accepted with no error, and every player's net is the one its text
  gives (written out below, in minor units);
* its defective twin (``twin``: ``(line, replacement)`` pairs, as in test_replay_rules) is
  rejected with ``code`` at the twin's defective line (``at``, or the first replacement),
  with nothing wrong before it.

The policy tests at the end pin what each room rule (``Policies``) changes, and the
pokerkit tests pin the rules on which pokerkit 0.7.7 and RULES.md differ.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import pytest

from hhparse.cards import parse_cards
from hhparse.parsers.sites import detect_site
from hhparse.phh.export import export_hand
from hhparse.pipeline import read_bytes
from hhparse.records import Kind
from hhparse.replay import ReplayResult, Status, replay_hand
from hhparse.variants import CapPolicy, Policies, ShortAllIn, StudOpenerAllIn, get_variant
from tests.test_phh import SHORT_ALL_IN, SHORT_BIG_BLIND, check_with_pokerkit
from tests.test_replay_rules import Fix, apply_fix, describe, line_index

FIXTURES = Path(__file__).parent / "fixtures" / "all_in"


class Case(NamedTuple):
    fixture: str
    rule: str
    """The sentence of RULES.md the legal hand follows."""
    nets: dict[str, int]
    twin: Fix | list[Fix]
    code: str
    at: str | None = None
    """The twin's line the problem must name, when it is not the first replacement."""


SHORT_ALL_IN_RULE = (
    "Fixed limit after a short all-in ...: the all-in does not move the betting \"level\". "
    "The next player may call the all-in amount, or complete/raise"
)
SHOW_RULE = ("Showing after an uncontested win: a player who wins without a showdown may show "
             "any of his cards, even fewer than a full hand")
BRING_IN_RULE = ("A player who is all-in for the ante cannot bring in: the bring-in falls to the "
                 "next player clockwise who still has chips")

CASES = [
    # --- fixed limit after a short all-in ---------------------------------------------------
    Case("limit_bet_over_short_all_in_bet_completes",
         SHORT_ALL_IN_RULE + ": a bet facing a short all-in BET completes to one full bet",
         {"Alice": -100000, "Bob": -64000, "Carol": 163700},
         ("Carol: raises $360 to $400", "Carol: raises $400 to $440"), "bet_size"),
    Case("limit_raise_over_short_all_in_raise_goes_to_the_level",
         SHORT_ALL_IN_RULE + ": a raise over a short all-in RAISE goes to the last full level "
         "plus one step",
         {"Alice": -10000, "Bob": -10000, "Carol": -40000, "Dave": 59700},
         ("Alice: raises $50 to $300", "Alice: raises $100 to $350"), "bet_size"),
    Case("razz_completion_over_short_all_in_completion",
         SHORT_ALL_IN_RULE + "; a completion all-in for less completes nothing",
         {"Alice": -110, "Bob": 175, "Carol": -25, "Dave": -40},
         ("Alice: raises 20 to 50", "Alice: raises 50 to 80"), "bet_size"),
    Case("limit_short_all_in_is_no_bet_toward_the_cap",
         "PokerStars = 4 bets in total per round; the short all-in to 35 leaves the level at "
         "30, so the raise to 40 is the 4th bet and caps the round",
         {"Alice": -3500, "Bob": 11200, "Carol": -4000, "Dave": -4000},
         ("Carol: calls $20", "Carol: raises $10 to $50"), "cap_exceeded"),
    Case("no_limit_short_all_ins_adding_up_to_a_full_raise_reopen",
         "An all-in for less than a full raise does not reopen the betting to players who "
         "already acted: two of them that add up to a full raise do (TDA)",
         {"Alice": -50, "Bob": -1300, "Carol": 300, "Dave": 1250, "Eve": -200},
         [("Seat 5: Eve (500 in chips)", "Seat 5: Eve (450 in chips)"),
          ("Eve: raises 100 to 500 and is all-in", "Eve: raises 50 to 450 and is all-in"),
          ("Bob: calls 400", "Bob: calls 350"),
          ("Carol: raises 800 to 1300", "Carol: raises 850 to 1300")],
         "raise_not_reopened", at="Carol: raises 850 to 1300"),
    Case("limit_short_all_in_of_half_a_step_reopens",
         "in limit games, all-ins of at least half a bet reopen it: TDA",
         {"Alice": -3000, "Bob": 7800, "Carol": -5000},
         [("Seat 2: Bob ($40 in chips)", "Seat 2: Bob ($35 in chips)"),
          ("Bob: raises $10 to $30 and is all-in", "Bob: raises $5 to $25 and is all-in"),
          ("Carol: calls $30", "Carol: calls $25"),
          ("Alice: raises $10 to $40", "Alice: raises $15 to $40")],
         "raise_not_reopened", at="Alice: raises $15 to $40"),
    # --- showing after an uncontested win ----------------------------------------------------
    Case("razz_shows_four_cards_after_an_uncontested_win", SHOW_RULE,
         {"Alice": -110, "Bob": 145, "Carol": -35},
         ("Bob: shows [2c 2h 6s 5d]", "Bob: shows [2c 2h 6s 5c]"), "shown_cards_mismatch"),
    Case("triple_draw_shows_two_cards_after_an_uncontested_win", SHOW_RULE,
         {"Alice": 4700, "Bob": -1000, "Carol": -4000},
         ("Alice: shows [7d 3c]", "Alice: shows [7d 2d]"), "duplicate_card"),
    Case("stud_shows_one_down_card_after_an_uncontested_win", SHOW_RULE,
         {"Alice": -3, "Bob": -3, "Carol": 6},
         ("Carol: shows [As]", "Carol: shows [5h]"), "duplicate_card"),
    # A show AT a showdown keeps its checks: four cards of seven cannot be ranked.
    Case("razz_completion_over_short_all_in_completion",
         "Showdown: the variant's own ranking picks the winner",
         {"Alice": -110, "Bob": 175, "Carol": -25, "Dave": -40},
         ("Dave: shows [Qc Qh 5d 7h 9c Js Kc] (Lo: Q,J,9,7,5)", "Dave: shows [5d 7h 9c Js]"),
         "shown_hand_invalid"),
    # --- the bring-in of a player all-in for the ante ----------------------------------------
    Case("razz_bring_in_falls_past_a_player_all_in_for_the_ante", BRING_IN_RULE,
         {"Alice": -110, "Bob": 145, "Carol": -10, "Dave": -25},
         [("Dave: brings in for 15", "Alice: brings in for 15"),
          ("Alice: calls 15", "Dave: calls 15")], "bring_in_wrong_player"),
    Case("stud_bring_in_falls_past_the_last_seat_all_in_for_the_ante",
         BRING_IN_RULE + "; the same holds in stud high (lowest card brings in)",
         {"Alice": -25, "Bob": 45, "Carol": -10, "Dave": -10},
         ("Alice: brings in for 15", "Bob: brings in for 15"), "bring_in_wrong_player"),
    # --- the other all-in paths ----------------------------------------------------------------
    Case("big_blind_all_in_for_less_last_player_calls_only_the_difference",
         "A player all-in for an ante or a blind is dealt in and plays only for what he put "
         "in: the last player able to act owes only what the all-in player has in",
         {"Alice": 0, "Bob": 382, "Carol": -382, "Dave": 0},
         ("Bob: calls 82", "Bob: calls 300"), "call_amount"),
    Case("razz_short_bring_in_then_a_shorter_all_in_call",
         "If the bring-in player is all-in for part of it, the others still enter for at "
         "least the bring-in: a call all-in for less than it does not set it",
         {"Alice": -106, "Bob": -60, "Carol": -67, "Dave": 293, "Eve": -60},
         ("Bob: folds", "Bob: calls 46"), "call_amount"),
    Case("stud_short_bring_in_called_all_in_for_more",
         "If the bring-in player is all-in for part of it, the others still enter for at "
         "least the bring-in: a call all-in above the short bring-in, the excess returned",
         {"Alice": 6743, "Bob": -2000, "Carol": -2743, "Dave": -2000},
         ("Uncalled bet (1292) returned to Alice", "Uncalled bet (1000) returned to Alice"),
         "uncalled_mismatch"),
    Case("small_blind_all_in_for_less_big_blind_gets_the_rest_back",
         "A player all-in for an ante or a blind ... plays only for what he put in",
         {"Alice": -10, "Bob": 10, "Carol": 0},
         ("Uncalled bet (20) returned to Bob", "Uncalled bet (15) returned to Bob"),
         "uncalled_mismatch"),
    Case("uncalled_bet_over_a_shorter_all_in_call",
         "Side pots are settled separately, each among the players eligible for it",
         {"Alice": -1200, "Bob": 1080, "Carol": 0},
         ("Uncalled bet ($18) returned to Alice", "Uncalled bet ($20) returned to Alice"),
         "uncalled_mismatch"),
    Case("side_pots_of_three_all_ins_go_to_three_winners",
         "Side pots are settled separately, each among the players eligible for it",
         {"Alice": 600, "Bob": 400, "Carol": 0, "Dave": -1000},
         ("Carol collected 1000 from side pot-2", "Dave collected 1000 from side pot-2"),
         "wrong_winner"),
    Case("odd_chip_of_a_main_pot_split_beside_a_side_pot",
         "equal hands split the pot equally ... Trust the site's split when it differs by one "
         "chip",
         {"Alice": 53, "Bob": 297, "Carol": -350},
         [("Alice collected 158 from main pot", "Alice collected 160 from main pot"),
          ("Bob collected 157 from main pot", "Bob collected 155 from main pot")],
         "collected_amount"),
    Case("razz_best_board_all_in_next_best_board_opens",
         "from now on the player whose up cards make the best (lowest) hand acts first: of "
         "the players who can act (Carol's best board is all-in)",
         {"Alice": -110, "Bob": 230, "Carol": -60, "Dave": -60},
         ("Bob: bets 50", "Dave: checks\nAlice: checks\nBob: bets 50"), "out_of_turn"),
]


def text_of(fixture: str) -> str:
    return (FIXTURES / f"{fixture}.txt").read_text(encoding="utf-8")


def replayed(text: str, name: str, policies: Policies | None = None) -> ReplayResult:
    data = text.encode("utf-8")
    if policies is None:
        result = read_bytes(data, f"{name}.txt")
        assert result.problem is None and len(result.hands) == 1
        return result.hands[0]
    site = detect_site(data)
    assert site is not None
    result = read_bytes(data, f"{name}.txt", site)
    return replay_hand(result.hands[0].hand, policies)


def twin_of(case: Case) -> tuple[str, int]:
    """The defective twin's text, and the 1-based number of its defective line."""
    fixes = [case.twin] if isinstance(case.twin, tuple) else list(case.twin)
    twin = apply_fix(text_of(case.fixture), fixes)
    target = case.at if case.at is not None else (fixes[0][1] or "").split("\n")[0]
    return twin, line_index(twin.splitlines(), target) + 1


def case_id(case: Case) -> str:
    return f"{case.fixture}-{case.code}"


def test_every_fixture_is_in_the_table() -> None:
    assert {path.stem for path in FIXTURES.glob("*.txt")} == {case.fixture for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_legal_hand_is_accepted_with_the_nets_of_its_text(case: Case) -> None:
    hand = replayed(text_of(case.fixture), case.fixture)
    assert hand.status is Status.ACCEPTED, describe(hand)
    assert not hand.errors, describe(hand)
    assert {p.player: p.net for p in hand.players} == case.nets
    assert sum(p.net for p in hand.players) == -hand.rake


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_defective_twin_is_rejected_at_its_line(case: Case) -> None:
    twin, line = twin_of(case)
    hand = replayed(twin, case.fixture)
    assert hand.status is Status.REJECTED, describe(hand)
    assert line in [p.line for p in hand.errors if p.code == case.code], describe(hand)
    assert not [p for p in hand.errors if 0 < p.line < line], describe(hand)


# --- what the replayer records ----------------------------------------------------------


def test_a_show_after_an_uncontested_win_is_recorded_and_never_ranked() -> None:
    hand = replayed(text_of("razz_shows_four_cards_after_an_uncontested_win"), "razz")
    bob = next(p for p in hand.players if p.player == "Bob")
    assert bob.shown_cards == parse_cards("2c 2h 6s 5d")
    assert not bob.went_to_showdown and not hand.went_to_showdown
    assert not hand.problems, describe(hand)  # not even shown_cards_incomplete
    shows = [a for a in hand.hand.actions if a.kind is Kind.SHOW]
    assert [(a.player, a.cards) for a in shows] == [("Bob", parse_cards("2c 2h 6s 5d"))]


def test_shown_cards_at_a_showdown_are_recorded_too() -> None:
    hand = replayed(text_of("side_pots_of_three_all_ins_go_to_three_winners"), "side")
    shown = {p.player: p.shown_cards for p in hand.players}
    assert shown["Dave"] == parse_cards("9c 8s 6h 5s 2s")
    assert all(shown[name] for name in ("Alice", "Bob", "Carol", "Dave"))


def test_the_bring_in_message_names_the_player_all_in_for_the_ante() -> None:
    case = next(c for c in CASES if c.fixture.startswith("razz_bring_in"))
    twin, _ = twin_of(case)
    hand = replayed(twin, case.fixture)
    [message] = [p.message for p in hand.errors if p.code == "bring_in_wrong_player"]
    assert "Carol" in message and "all-in for the ante" in message and "Dave" in message


# --- room policies ----------------------------------------------------------------------


def test_pokerstars_keeps_the_level_by_default() -> None:
    assert Policies().limit_short_all_in is None  # the room decides
    hand = replayed(text_of("limit_raise_over_short_all_in_raise_goes_to_the_level"), "x")
    assert hand.accepted, describe(hand)


def test_half_a_bet_counts_as_a_full_raise_under_the_half_bet_rule() -> None:
    """TDA/Robert's: the all-in raise of 50 over 200 is half a step, so it counts as a full
    raise; the next raise must go one step above it, to 350, not to 300."""
    policies = Policies(limit_short_all_in=ShortAllIn.HALF_BET_IS_FULL)
    name = "limit_raise_over_short_all_in_raise_goes_to_the_level"
    hand = replayed(text_of(name), name, policies)
    line = line_index(text_of(name).splitlines(), "Alice: raises $50 to $300") + 1
    assert line in [p.line for p in hand.errors if p.code == "bet_size"], describe(hand)
    to_350 = apply_fix(text_of(name), [("Alice: raises $50 to $300",
                                         "Alice: raises $100 to $350")])
    assert "bet_size" not in {p.code for p in replayed(to_350, name, policies).errors}


def test_less_than_half_a_bet_keeps_the_level_under_the_half_bet_rule_too() -> None:
    """The all-in bet of 40 at a step of 400 is under half: completing to 400 stays right."""
    policies = Policies(limit_short_all_in=ShortAllIn.HALF_BET_IS_FULL)
    name = "limit_bet_over_short_all_in_bet_completes"
    assert replayed(text_of(name), name, policies).accepted


def test_a_short_completion_of_half_the_small_bet_completes_under_the_half_bet_rule() -> None:
    policies = Policies(limit_short_all_in=ShortAllIn.HALF_BET_IS_FULL)
    name = "razz_completion_over_short_all_in_completion"
    hand = replayed(text_of(name), name, policies)
    assert "bet_size" in {p.code for p in hand.errors}  # 30 of 50 completed: the raise is to 80


def test_the_cap_counts_levels_not_short_all_ins() -> None:
    """PokerStars' cap is 4 bets: big blind 10, raises to 20 and 30, the all-in to 35
    (short: the level stays 30), the raise to 40 is the 4th bet. Where a short all-in
    counts toward the cap (CapPolicy.short_all_in_counts) or counts as a full raise (the
    half-bet rule: 5 of 10), the raise to 40 is a 5th bet."""
    name = "limit_short_all_in_is_no_bet_toward_the_cap"
    line = line_index(text_of(name).splitlines(), "Bob: raises $5 to $40") + 1
    for policies in (
        replace(Policies(), cap=CapPolicy(short_all_in_counts=True)),
        Policies(limit_short_all_in=ShortAllIn.HALF_BET_IS_FULL),
    ):
        hand = replayed(text_of(name), name, policies)
        assert line in [p.line for p in hand.errors if p.code == "cap_exceeded"], describe(hand)


def test_the_opener_left_of_an_all_in_best_board_is_a_policy() -> None:
    """pokerkit's rule: the first player clockwise from the all-in best board opens."""
    policies = Policies(stud_opener_all_in=StudOpenerAllIn.LEFT_OF_BEST_BOARD)
    case = next(c for c in CASES if c.fixture == "razz_best_board_all_in_next_best_board_opens")
    legal = replayed(text_of(case.fixture), case.fixture, policies)
    assert "out_of_turn" in {p.code for p in legal.errors}
    twin, _ = twin_of(case)
    assert replayed(twin, case.fixture, policies).accepted


def test_every_variant_uses_the_room_rule_unless_told() -> None:
    assert all(get_variant(v).policies.limit_short_all_in is None for v in (
        "27_triple_draw", "badugi", "five_card_draw", "razz", "stud", "stud8"))


# --- where pokerkit differs -------------------------------------------------------------


@pytest.fixture(scope="module")
def pk() -> ModuleType:
    return pytest.importorskip("pokerkit")


@pytest.mark.parametrize(("fixture", "divergence"), [
    # RULES.md: "the all-in does not move the betting level"; pokerkit raises from the
    # all-in amount and refuses the completion
    ("limit_bet_over_short_all_in_bet_completes", SHORT_ALL_IN),
    ("limit_raise_over_short_all_in_raise_goes_to_the_level", SHORT_ALL_IN),
    ("limit_short_all_in_is_no_bet_toward_the_cap", SHORT_ALL_IN),
    # RULES.md: "A player all-in for an ante or a blind is dealt in and plays only for what
    # he put in"; the others still owe the full blind (as "If the bring-in player is all-in
    # for part of it, the others still enter for at least the bring-in"); pokerkit lets
    # them call the short blind
    ("../pokerstars/big_blind_all_in_for_less", SHORT_BIG_BLIND),
    # ours: the best board of the players who can act opens (the policy's default);
    # pokerkit: the first player clockwise from the all-in best board
    ("razz_best_board_all_in_next_best_board_opens", "stud best board all-in: who opens"),
])
def test_pokerkit_differs_and_ours_follows_rules_md(
    pk: ModuleType, fixture: str, divergence: str
) -> None:
    hand = replayed(text_of(fixture), fixture)
    assert hand.accepted
    outcome = check_with_pokerkit(pk, iter([(hand, export_hand(hand))]))
    assert outcome == {divergence: 1}, outcome


@pytest.mark.parametrize("fixture", [
    "razz_bring_in_falls_past_a_player_all_in_for_the_ante",
    "stud_bring_in_falls_past_the_last_seat_all_in_for_the_ante",
    "big_blind_all_in_for_less_last_player_calls_only_the_difference",
    "side_pots_of_three_all_ins_go_to_three_winners",
    "razz_shows_four_cards_after_an_uncontested_win",
])
def test_pokerkit_agrees(pk: ModuleType, fixture: str) -> None:
    hand = replayed(text_of(fixture), fixture)
    assert check_with_pokerkit(pk, iter([(hand, export_hand(hand))])) == {"same": 1}
