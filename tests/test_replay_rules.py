"""The replayer against the rules: one hand-written fixture per rule (../shared/RULES.md).

Each file in tests/fixtures/rules/ is a small, complete PokerStars hand in the site's real
format (made-up players and amounts), legal in every respect except the one defect its name
says. For each, the table below gives the code the replayer must reject it with and the line
fix that makes it legal:

* ``line_fix`` is ``(defective line, corrected line)`` or a list of such pairs when amounts
  further down must change too. Each defective line occurs exactly once in its fixture; the
  corrected text may hold several lines (``\\n``: a line was missing) or be None (the line
  must go).
* the problem must point at the defective line: the first fixed line, or ``at`` when the
  defect is a missing line or is only visible later (the line the rejection should name);
* ``quotes`` are values the message must quote (each as a whole token).

Tests that show a replayer bug are marked ``xfail(strict=True)`` with the reason.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

from hhparse.cli import app
from hhparse.pipeline import read_bytes
from hhparse.replay import ReplayResult, Severity, Status

FIXTURES = Path(__file__).parent / "fixtures" / "rules"

Fix = tuple[str, str | None]


class Case(NamedTuple):
    rule: str
    """The fixture's name (``tests/fixtures/rules/<rule>.txt``)."""
    code: str
    line_fix: Fix | list[Fix]
    quotes: tuple[str, ...] = ()
    at: str | None = None
    """The line the problem must point at, when it is not the first defective line."""


CASES = [
    # --- seats and stacks ---------------------------------------------------------------------
    Case("actor_not_seated", "actor_not_seated", ("Zed: calls $10", "Carol: calls $10"),
         ("'Zed'",)),
    Case("actor_not_seated_uncalled_return", "actor_not_seated",
         ("Uncalled bet ($20) returned to Zed", "Uncalled bet ($20) returned to Bob"), ("'Zed'",)),
    Case("over_stack", "over_stack",
         ("Seat 2: Bob ($12 in chips)", "Seat 2: Bob ($30 in chips)"), ("$15", "$10"),
         at="Bob: bets $15"),
    Case("all_in_mismatch", "all_in_mismatch",
         ("Carol: calls $10 and is all-in", "Carol: calls $10"), ("Carol", "$580")),
    # --- forced bets -----------------------------------------------------------------------
    Case("sb_wrong_player", "sb_wrong_player",
         ("Carol: posts small blind $5", "Alice: posts small blind $5"), ("Carol", "Alice")),
    Case("blind_wrong_amount", "blind_wrong_amount", [
        ("Carol: posts big blind $0.40", "Carol: posts big blind $0.50"),
        ("Uncalled bet ($0.15) returned to Carol", "Uncalled bet ($0.25) returned to Carol"),
    ], ("$0.40", "$0.50")),
    Case("ante_wrong_amount", "ante_wrong_amount", [
        ("Bob: posts the ante 5", "Bob: posts the ante 10"),
        ("Carol collected 25 from pot", "Carol collected 30 from pot"),
        ("Total pot 25 | Rake 0", "Total pot 30 | Rake 0"),
        ("Seat 3: Carol collected (25)", "Seat 3: Carol collected (30)"),
    ], ("5", "10")),
    Case("bring_in_wrong_player_razz", "bring_in_wrong_player", [
        ("Dealt to Alice [4h]", "Dealt to Alice [Kd]"),
        ("Dealt to Bob [Kd]", "Dealt to Bob [4h]"),
    ], ("4h", "Kd"), at="Alice: brings in for 15"),
    Case("bring_in_wrong_player_razz_suit_tie", "bring_in_wrong_player", [
        ("Dealt to Alice [Kd]", "Dealt to Alice [Ks]"),
        ("Dealt to Bob [Ks]", "Dealt to Bob [Kd]"),
    ], ("Kd", "Ks"), at="Alice: brings in for 15"),
    Case("bring_in_wrong_player_stud", "bring_in_wrong_player", [
        ("Dealt to Alice [5h]", "Dealt to Alice [2d]"),
        ("Dealt to Carol [2d]", "Dealt to Carol [5h]"),
    ], ("5h", "2d"), at="Alice: brings in for $0.25"),
    Case("bring_in_wrong_player_stud_suit_tie", "bring_in_wrong_player", [
        ("Dealt to Alice [2d]", "Dealt to Alice [2c]"),
        ("Dealt to Carol [2c]", "Dealt to Carol [2d]"),
    ], ("2d", "2c"), at="Alice: brings in for $0.25"),
    Case("bring_in_wrong_amount", "bring_in_wrong_amount", [
        ("Alice: brings in for 50", "Alice: brings in for 15"),
        ("Uncalled bet (50) returned to Alice", "Uncalled bet (15) returned to Alice"),
    ], ("50",)),
    # --- order of action -------------------------------------------------------------------
    Case("out_of_turn_before_draw", "out_of_turn",
         [("Dave: folds", "Carol: folds"), ("Carol: folds", "Dave: folds")], ("Dave", "Carol")),
    Case("out_of_turn_after_draw", "out_of_turn",
         ("Bob: bets $10", "Alice: checks\nBob: bets $10"), ("Bob", "Alice")),
    Case("out_of_turn_razz_4th_street", "out_of_turn", ("Alice: checks", None), ("Alice", "Bob")),
    Case("out_of_turn_stud_4th_street", "out_of_turn", ("Alice: checks", None), ("Alice", "Bob")),
    Case("acted_after_fold", "acted_after_fold", ("Alice: checks", None), ("Alice",)),
    Case("round_not_closed", "round_not_closed", [
        ("Carol: raises $10 to $20", "Carol: raises $10 to $20\nBob: calls $10"),
        ("Bob collected $54 from pot", "Bob collected $64 from pot"),
        ("Total pot $55 | Rake $1", "Total pot $65 | Rake $1"),
        ("Seat 2: Bob (big blind) collected ($54)", "Seat 2: Bob (big blind) collected ($64)"),
    ], ("Bob", "$20"), at="Bob: stands pat on [7c 5d 4h 3d 2s]"),
    Case("action_after_round_closed", "action_after_round_closed", ("Carol: checks", None),
         ("Carol",)),
    # --- bet sizes -------------------------------------------------------------------------
    Case("bet_size_small_bet_round", "bet_size", [
        ("Carol: raises $20 to $30", "Carol: raises $10 to $20"),
        ("Uncalled bet ($20) returned to Carol", "Uncalled bet ($10) returned to Carol"),
    ], ("$30", "$10", "$20")),
    Case("bet_size_big_bet_round", "bet_size", [
        ("Bob: bets $10", "Bob: bets $20"),
        ("Uncalled bet ($10) returned to Bob", "Uncalled bet ($20) returned to Bob"),
    ], ("$10", "$20")),
    Case("cap_exceeded", "cap_exceeded", [
        ("Carol: raises $10 to $50", "Carol: calls $20"),
        ("Alice: calls $20", "Alice: calls $10"),
        ("Bob: calls $10", None),
        ("Bob collected $167 from pot", "Bob collected $137 from pot"),
        ("Total pot $170 | Rake $3", "Total pot $140 | Rake $3"),
        ("Seat 2: Bob (big blind) collected ($167)", "Seat 2: Bob (big blind) collected ($137)"),
    ], ("$50", "4")),
    Case("razz_cap_exceeded", "cap_exceeded", [
        ("Carol: raises 50 to 250", "Carol: calls 100"),
        ("Dave: calls 100", "Dave: calls 50"),
        ("Bob: calls 50", None),
        ("Carol collected 805 from pot", "Carol collected 655 from pot"),
        ("Total pot 805 | Rake 0", "Total pot 655 | Rake 0"),
        ("Seat 3: Carol collected (805)", "Seat 3: Carol collected (655)"),
    ], ("250", "4")),
    Case("min_raise", "min_raise", [
        ("Bob: raises $1 to $4", "Bob: raises $1.50 to $4.50"),
        ("Uncalled bet ($1) returned to Bob", "Uncalled bet ($1.50) returned to Bob"),
    ], ("$4", "$1", "$1.50")),
    Case("pot_limit_exceeded", "pot_limit_exceeded", [
        ("Carol: raises $4 to $5", "Carol: raises $2.50 to $3.50"),
        ("Uncalled bet ($4) returned to Carol", "Uncalled bet ($2.50) returned to Carol"),
    ], ("$5", "$3.50")),
    Case("raise_not_reopened", "raise_not_reopened", [
        ("Alice: raises $8 to $15.50", "Alice: calls $3.50"),
        ("Carol: folds", None),
        ("Uncalled bet ($8) returned to Alice", None),
        ("Bob: shows [8d 7s 6h 4c 3d] (Lo: 8,7,6,4,3)",
         "Bob: shows [8d 7s 6h 4c 3d] (Lo: 8,7,6,4,3)\nCarol: mucks hand"),
        ("Seat 3: Carol (button) folded after the Draw",
         "Seat 3: Carol (button) mucked [9d 8c 6s 4h 2d]"),
    ], ("Alice", "$15.50", "$7.50")),
    Case("check_facing_bet", "check_facing_bet", ("Carol: checks", "Carol: folds"),
         ("Carol", "$20")),
    Case("call_amount", "call_amount", [
        ("Alice: calls $10", "Alice: calls $5"),
        ("Bob collected $24 from pot", "Bob collected $19 from pot"),
        ("Total pot $25 | Rake $1", "Total pot $20 | Rake $1"),
        ("Seat 2: Bob (big blind) collected ($24)", "Seat 2: Bob (big blind) collected ($19)"),
    ], ("$10", "$5")),
    # --- draws -----------------------------------------------------------------------------
    Case("draw_out_of_turn", "draw_out_of_turn", [
        ("Carol: discards 2 cards", "Alice: discards 2 cards"),
        ("Alice: discards 2 cards", "Carol: discards 2 cards"),
    ], ("Carol", "Alice")),
    Case("draw_count_limit", "draw_count_limit",
         ("Carol: discards 5 cards", "Carol: discards 4 cards"), ("5", "4")),
    Case("draw_count_mismatch", "draw_count_mismatch",
         ("Dealt to Bob [7c 5d 4h 2s] [3d 9h]", "Dealt to Bob [7c 5d 4h 2s] [3d]"), ("1", "2")),
    Case("discard_not_held", "discard_not_held",
         ("Bob: discards 1 card [Kh]", "Bob: discards 1 card [Kc]"), ("Kh",)),
    Case("kept_cards_mismatch", "kept_cards_mismatch",
         ("Dealt to Bob [7c 5d 4h Kc] [3d]", "Dealt to Bob [7c 5d 4h 2s] [3d]"), ("Kc", "2s")),
    Case("missing_draw", "missing_draw",
         ("Alice: discards 1 card", "Alice: discards 1 card\nBob: stands pat"), ("Bob",),
         at="Alice: shows [8c 7d 5h 4s 2c] (Lo: 8,7,5,4,2)"),
    Case("missing_draw_before_betting", "missing_draw",
         ("Dealt to Bob [7c 5d 4h 2s] [3d]",
          "Dealt to Bob [7c 5d 4h 2s] [3d]\nCarol: discards 2 cards"), ("Carol",),
         at="Bob: bets $10"),
    # --- cards -----------------------------------------------------------------------------
    Case("duplicate_card", "duplicate_card", [
        ("Alice: shows [8h 6c 4h 3s 2c] (Lo: 8,6,4,3,2)",
         "Alice: shows [8h 6c 4d 3s 2c] (Lo: 8,6,4,3,2)"),
        ("Seat 1: Alice (small blind) showed [8h 6c 4h 3s 2c] and lost with Lo: 8,6,4,3,2",
         "Seat 1: Alice (small blind) showed [8h 6c 4d 3s 2c] and lost with Lo: 8,6,4,3,2"),
    ], ("4h", "Bob")),
    Case("hand_size", "hand_size",
         ("Dealt to Bob [7c 5d 4h Kc]", "Dealt to Bob [7c 5d 4h Kc 2s]"), ("4", "5")),
    Case("own_discard_returned", "own_discard_returned",
         ("Dealt to Dave [7s 4c 3d] [5s Kh]", "Dealt to Dave [7s 4c 3d] [5s 2d]"),
         ("Dave", "Kh")),
    Case("reshuffle_not_needed", "reshuffle_not_needed", ("The deck is reshuffled", None),
         ("1", "35")),
    Case("reshuffle_not_needed_after_last_draw", "reshuffle_not_needed",
         ("The deck is reshuffled", None), ("1", "32")),
    Case("reshuffle_missing", "reshuffle_missing",
         ("Carol: discards 5 cards", "Carol: discards 5 cards\nThe deck is reshuffled"),
         ("2", "4", "5")),
    # --- showdown --------------------------------------------------------------------------
    Case("wrong_winner_27_wheel_is_ace_high", "wrong_winner", [
        ("Alice collected $8.60 from pot", "Bob collected $8.60 from pot"),
        ("Seat 1: Alice (small blind) showed [As 2d 3c 4h 5s] and won ($8.60) with Lo: A,5,4,3,2",
         "Seat 1: Alice (small blind) showed [As 2d 3c 4h 5s] and lost with Lo: A,5,4,3,2"),
        ("Seat 2: Bob (big blind) showed [Kd 8c 6h 4s 3d] and lost with Lo: K,8,6,4,3",
         "Seat 2: Bob (big blind) showed [Kd 8c 6h 4s 3d] and won ($8.60) with Lo: K,8,6,4,3"),
    ], ("Alice", "$8.60")),
    Case("wrong_winner_27_straight_counts", "wrong_winner", [
        ("Alice collected $8.60 from pot", "Bob collected $8.60 from pot"),
        ("Seat 1: Alice (small blind) showed [8s 7d 6c 5h 4s] and won ($8.60) with "
         "Lo: a straight, Four to Eight",
         "Seat 1: Alice (small blind) showed [8s 7d 6c 5h 4s] and lost with "
         "Lo: a straight, Four to Eight"),
        ("Seat 2: Bob (big blind) showed [Qd Qc 9h 5d 2c] and lost with Lo: a pair of Queens",
         "Seat 2: Bob (big blind) showed [Qd Qc 9h 5d 2c] and won ($8.60) with "
         "Lo: a pair of Queens"),
    ], ("Alice", "$8.60")),
    Case("wrong_winner_27_flush_counts", "wrong_winner", [
        ("Alice collected $8.60 from pot", "Bob collected $8.60 from pot"),
        ("Seat 1: Alice (small blind) showed [9h 7h 5h 3h 2h] and won ($8.60) with "
         "Lo: a flush, Nine high",
         "Seat 1: Alice (small blind) showed [9h 7h 5h 3h 2h] and lost with "
         "Lo: a flush, Nine high"),
        ("Seat 2: Bob (big blind) showed [Kd Qc Jh 9s 8c] and lost with Lo: K,Q,J,9,8",
         "Seat 2: Bob (big blind) showed [Kd Qc Jh 9s 8c] and won ($8.60) with Lo: K,Q,J,9,8"),
    ], ("Alice", "$8.60")),
    Case("wrong_winner_badugi", "wrong_winner", [
        ("Bob collected $11.50 from pot", "Alice collected $11.50 from pot"),
        ("Seat 1: Alice (small blind) showed [Kc Qd Jh Ts] and lost with a Badugi: K,Q,J,T",
         "Seat 1: Alice (small blind) showed [Kc Qd Jh Ts] and won ($11.50) with "
         "a Badugi: K,Q,J,T"),
        ("Seat 2: Bob (big blind) showed [Ac 3d 4h 6h] and won ($11.50) with 3-card: 4,3,A",
         "Seat 2: Bob (big blind) showed [Ac 3d 4h 6h] and lost with 3-card: 4,3,A"),
    ], ("Bob", "$11.50")),
    Case("wrong_winner_razz", "wrong_winner", [
        ("Bob collected 175 from pot", "Alice collected 175 from pot"),
    ], ("Bob", "175")),
    Case("wrong_winner_stud8_low", "wrong_winner", [
        ("Bob collected $1.95 from pot", "Carol collected $1.95 from pot"),
        ("Seat 2: Bob showed [6h 3c 8c 4s 2c Qc Js] and won ($1.95) with "
         "HI: high card Queen; LO: 8,6,4,3,2",
         "Seat 2: Bob showed [6h 3c 8c 4s 2c Qc Js] and lost with "
         "HI: high card Queen; LO: 8,6,4,3,2"),
        ("Seat 3: Carol showed [Ah 5c 7d 3h 4c Qd Kc] and lost with "
         "HI: high card Ace; LO: 7,5,4,3,A",
         "Seat 3: Carol showed [Ah 5c 7d 3h 4c Qd Kc] and won ($1.95) with "
         "HI: high card Ace; LO: 7,5,4,3,A"),
    ], ("Bob", "$1.95")),
    Case("wrong_winner_stud8_no_low", "wrong_winner", [
        ("Bob collected $1.35 from pot", "No low hand qualified"),
        ("Alice collected $1.35 from pot", "Alice collected $2.70 from pot"),
        ("Seat 1: Alice showed [Kh 7c Ks Qc 8d Jh Ts] and won ($1.35) with HI: a pair of Kings",
         "Seat 1: Alice showed [Kh 7c Ks Qc 8d Jh Ts] and won ($2.70) with HI: a pair of Kings"),
        ("Seat 2: Bob showed [9h 6d 5s 4h 3c Td Jc] and won ($1.35) with HI: high card Jack",
         "Seat 2: Bob showed [9h 6d 5s 4h 3c Td Jc] and lost with HI: high card Jack"),
    ], ("Bob", "$1.35")),
    Case("collected_amount_split", "collected_amount", [
        ("Alice collected $5.30 from pot", "Alice collected $4.30 from pot"),
        ("Bob collected $3.30 from pot", "Bob collected $4.30 from pot"),
        ("Seat 1: Alice (small blind) showed [7s 5d 4c 3h 2s] and won ($5.30) with Lo: 7,5,4,3,2",
         "Seat 1: Alice (small blind) showed [7s 5d 4c 3h 2s] and won ($4.30) with Lo: 7,5,4,3,2"),
        ("Seat 2: Bob (big blind) showed [7d 5h 4s 3c 2d] and won ($3.30) with Lo: 7,5,4,3,2",
         "Seat 2: Bob (big blind) showed [7d 5h 4s 3c 2d] and won ($4.30) with Lo: 7,5,4,3,2"),
    ], ("$5.30", "$4.30")),
    # --- money -----------------------------------------------------------------------------
    Case("pot_mismatch", "pot_mismatch",
         ("Total pot $40 | Rake $1", "Total pot $45 | Rake $1"), ("$40", "$45")),
    Case("collected_mismatch", "collected_mismatch",
         ("Total pot $45 | Rake $2", "Total pot $45 | Rake $1"), ("$44", "$2", "$45")),
    Case("uncalled_mismatch", "uncalled_mismatch", [
        ("Uncalled bet ($15) returned to Bob", "Uncalled bet ($20) returned to Bob"),
        ("Bob collected $49 from pot", "Bob collected $44 from pot"),
        ("Total pot $50 | Rake $1", "Total pot $45 | Rake $1"),
        ("Seat 2: Bob (big blind) collected ($49)", "Seat 2: Bob (big blind) collected ($44)"),
    ], ("$15", "$20")),
    Case("side_pot_mismatch", "side_pot_mismatch",
         ("Total pot $9.50 Main pot $4. Side pot $5.50. | Rake $0",
          "Total pot $9.50 Main pot $4.50. Side pot $5. | Rake $0"),
         ("$4", "$5.50", "$4.50", "$5")),
]

ACCEPTED = [
    # completion of the bring-in, then three raises: four bets, within the PokerStars cap
    "razz_completion_is_not_a_raise",
    # the stub runs out at the last player to draw; the next draw needs no reshuffle
    "reshuffle_by_last_drawer",
    # pot limit with antes only: the pot ($0.50) is less than the minimum bet ($1), which
    # may still be bet (the replayer allowed at most the pot, so no bet at all was legal)
    "pot_limit_minimum_bet_over_a_pot_of_antes",
]

# --- replayer bugs these fixtures show (none left open; keep the tables for new ones) ----

WRONG_CODE: dict[str, str] = {}
WRONG_LINE: dict[str, str] = {}
WRONG_MESSAGE: dict[str, str] = {}
WRONG_ACCEPTANCE: dict[str, str] = {}


def _params(*xfails: dict[str, str]) -> list[pytest.ParameterSet]:
    params = []
    for case in CASES:
        reasons = [table[case.rule] for table in xfails if case.rule in table]
        marks = [pytest.mark.xfail(strict=True, reason=reasons[0])] if reasons else []
        params.append(pytest.param(case, id=case.rule, marks=marks))
    return params


# --- helpers --------------------------------------------------------------------------------


def fixture_text(name: str) -> str:
    return (FIXTURES / f"{name}.txt").read_text(encoding="utf-8")


def fixes_of(case: Case) -> list[Fix]:
    return [case.line_fix] if isinstance(case.line_fix, tuple) else list(case.line_fix)


def line_index(lines: list[str], text: str) -> int:
    found = [index for index, line in enumerate(lines) if line == text]
    assert len(found) == 1, f"{text!r} occurs {len(found)} times in the fixture"
    return found[0]


def apply_fix(text: str, fixes: list[Fix]) -> str:
    """Replace each defective line (found in the original text) by its corrected lines."""
    lines = text.splitlines()
    replaced: list[str | None] = list(lines)
    for old, new in fixes:
        replaced[line_index(lines, old)] = new
    out = [part for line in replaced if line is not None for part in line.split("\n")]
    return "\n".join(out) + "\n"


def defect_line(case: Case, text: str) -> int:
    """1-based number of the line the rejection must name."""
    target = case.at if case.at is not None else fixes_of(case)[0][0]
    return line_index(text.splitlines(), target) + 1


def replay(text: str, name: str) -> ReplayResult:
    result = read_bytes(text.encode("utf-8"), f"{name}.txt")
    assert result.problem is None, result.problem
    assert len(result.hands) == 1
    return result.hands[0]


def errors_with(hand: ReplayResult, code: str) -> list[str]:
    return [p.message for p in hand.errors if p.code == code]


def quotes(message: str, value: str) -> bool:
    """``value`` appears in ``message`` as a whole token ($1 is not in $1.50 nor $10)."""
    return re.search(rf"(?<![\w.$]){re.escape(value)}(?![\w$]|\.\d)", message) is not None


def describe(hand: ReplayResult) -> str:
    return "\n".join(f"  {p.severity} {p.code} line {p.line}: {p.message}" for p in hand.problems)


# --- the defective hands ---------------------------------------------------------------------


def test_table_covers_every_fixture() -> None:
    names = {path.stem for path in FIXTURES.glob("*.txt")}
    listed = [case.rule for case in CASES] + ACCEPTED
    assert len(listed) == len(set(listed))
    assert names == set(listed)


@pytest.mark.parametrize("case", _params(WRONG_CODE))
def test_defect_is_rejected_with_its_code(case: Case) -> None:
    hand = replay(fixture_text(case.rule), case.rule)
    assert hand.status is Status.REJECTED, describe(hand)
    assert case.code in {p.code for p in hand.errors}, describe(hand)


@pytest.mark.parametrize("case", _params(WRONG_CODE, WRONG_LINE))
def test_problem_points_at_the_defective_line(case: Case) -> None:
    text = fixture_text(case.rule)
    hand = replay(text, case.rule)
    expected = defect_line(case, text)
    lines = [p.line for p in hand.errors if p.code == case.code]
    assert expected in lines, describe(hand)
    # the hand is legal up to its defect: nothing is wrong before that line
    earlier = [p for p in hand.errors if 0 < p.line < expected]
    assert not earlier, describe(hand)


@pytest.mark.parametrize("case", _params(WRONG_CODE, WRONG_MESSAGE))
def test_message_quotes_the_values(case: Case) -> None:
    hand = replay(fixture_text(case.rule), case.rule)
    messages = errors_with(hand, case.code)
    assert any(all(quotes(m, value) for value in case.quotes) for m in messages), (
        f"no {case.code} message quotes {case.quotes}:\n{describe(hand)}"
    )


@pytest.mark.parametrize("case", _params())
def test_hand_without_the_defect_is_accepted(case: Case) -> None:
    text = fixture_text(case.rule)
    fixed = apply_fix(text, fixes_of(case))
    assert fixed != text
    hand = replay(fixed, case.rule)
    assert hand.status is Status.ACCEPTED, describe(hand)
    assert not hand.errors, describe(hand)


@pytest.mark.parametrize("case", _params())
def test_every_problem_names_a_line_of_the_hand(case: Case) -> None:
    text = fixture_text(case.rule)
    hand = replay(text, case.rule)
    last = len(text.splitlines())
    outside = [p for p in hand.problems if not 1 <= p.line <= last]
    assert not outside, describe(hand)


# --- legal hands that look suspicious --------------------------------------------------------


@pytest.mark.parametrize("name", [
    pytest.param(
        name, id=name,
        marks=[pytest.mark.xfail(strict=True, reason=WRONG_ACCEPTANCE[name])]
        if name in WRONG_ACCEPTANCE else [],
    )
    for name in ACCEPTED
])
def test_legal_hand_is_accepted(name: str) -> None:
    hand = replay(fixture_text(name), name)
    assert hand.status is Status.ACCEPTED, describe(hand)
    assert not hand.errors, describe(hand)


def test_completing_the_bring_in_is_not_a_raise() -> None:
    """Razz 3rd street: bring-in, completion and three raises make four bets, not five."""
    hand = replay(fixture_text("razz_completion_is_not_a_raise"), "razz")
    assert hand.accepted, describe(hand)
    codes = {p.code for p in hand.problems}
    assert not codes & {"cap_exceeded", "capped_line_mismatch"}, describe(hand)


# --- the command line ------------------------------------------------------------------------


def test_cli_check_reports_a_rejected_hand(tmp_path: Path) -> None:
    path = tmp_path / "sb_wrong_player.txt"
    path.write_text(fixture_text("sb_wrong_player"), encoding="utf-8")
    hand = replay(fixture_text("sb_wrong_player"), "sb_wrong_player")
    problem = next(p for p in hand.errors if p.code == "sb_wrong_player")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    expected = f"{path}:6 210000000301 sb_wrong_player {problem.message}"
    assert expected in result.output.splitlines(), result.output


def test_cli_check_json_structure(tmp_path: Path) -> None:
    path = tmp_path / "sb_wrong_player.txt"
    path.write_text(fixture_text("sb_wrong_player"), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--json", str(path)])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    assert {"summary", "hands"} <= set(report)
    summary = report["summary"]
    assert summary["hands"] == 1
    assert summary["rejected"] == 1
    assert summary["accepted"] == 0
    assert summary["problems"] == {"sb_wrong_player": 1}
    [hand] = report["hands"]
    assert set(hand) == {"file", "line", "hand_id", "variant", "status", "problems"}
    assert hand["file"] == str(path)
    assert hand["line"] == 1
    assert hand["hand_id"] == "210000000301"
    assert hand["variant"] == "27_triple_draw"
    assert hand["status"] == "rejected"
    [problem] = hand["problems"]
    assert set(problem) == {"code", "severity", "line", "message"}
    assert problem["code"] == "sb_wrong_player"
    assert problem["severity"] == Severity.ERROR.value
    assert problem["line"] == 6
    assert "Carol" in problem["message"]


def test_cli_check_directory_of_legal_hands_exits_0(tmp_path: Path) -> None:
    for case in CASES:
        fixed = apply_fix(fixture_text(case.rule), fixes_of(case))
        (tmp_path / f"{case.rule}.txt").write_text(fixed, encoding="utf-8")
    (tmp_path / "razz.txt").write_text(
        fixture_text("razz_completion_is_not_a_raise"), encoding="utf-8"
    )
    result = CliRunner().invoke(app, ["check", "--json", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)["summary"]
    assert summary["hands"] == len(CASES) + 1
    assert summary["accepted"] == len(CASES) + 1
    assert summary["rejected"] == 0
