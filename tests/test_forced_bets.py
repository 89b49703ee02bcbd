"""Every forced-bet structure of ../shared/RULES.md, for every draw variant.

RULES.md ("Forced bets"): small + big blind; one blind, posted by the player left of the
dealer (the player left of the blind acts first, the blind last with the option to raise);
antes only (the first player left of the dealer opens and may check or bet; an ante is dead
money, never a bet to match); blinds plus antes (everyone's, or one big-blind ante), where
the blinds and the order of action are as with blinds alone.

tests/fixtures/forced/ holds one hand per draw variant and structure, picked from
``hhparse synth --forced ...`` (seeded; the first hand in which at least three players act
before the first draw and every ante is a full one). For each:

* the hand is accepted with no problem, judged by the structure its posting lines say;
* its twin with the first two actors of the first round swapped is rejected with
  ``out_of_turn`` at the first of them (the wrong first actor);
* with antes from everyone, its twin with the second ante one unit off is rejected with
  ``ante_wrong_amount`` at that ante.

Then: generated hands of every structure are all accepted and paid as generated (the long
run: ``python -m hhparse.synth.rates --hands 2000 --verify --forced F``), and PHH can say
each structure (but one blind heads-up).
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from hhparse.phh.export import NotRepresentable, export_hand
from hhparse.pipeline import read_bytes
from hhparse.records import BETTING_KINDS, Kind
from hhparse.replay import ReplayResult, Status
from hhparse.synth import SynthError, SynthOptions, generate_hands, generate_played
from hhparse.synth.options import FORCED_CHOICES, resolve
from hhparse.synth.pokerstars import write_hand
from hhparse.variants import FORCED_STRUCTURES, VARIANTS
from tests.test_phh import check_with_pokerkit
from tests.test_replay_rules import describe

FIXTURES = Path(__file__).parent / "fixtures" / "forced"
DRAW_VARIANTS = [variant.id for variant in VARIANTS if variant.is_draw]
STRUCTURE_NAMES = {
    "blinds": "small_and_big_blind",
    "single_blind": "single_blind_left_of_the_button",
    "antes": "antes_only",
    "blinds_antes": "blinds_and_antes",
    "blinds_bb_ante": "blinds_and_big_blind_ante",
}
"""Structure id -> the fixture name's ending."""
CASES = [(variant, structure) for variant in DRAW_VARIANTS for structure in STRUCTURE_NAMES]


def fixture(variant: str, structure: str) -> str:
    path = FIXTURES / f"{variant}_{STRUCTURE_NAMES[structure]}.txt"
    return path.read_text(encoding="utf-8")


def replayed(text: str) -> ReplayResult:
    result = read_bytes(text.encode("utf-8"), "forced.txt")
    assert len(result.hands) == 1
    return result.hands[0]


def line_number(text: str, line: str) -> int:
    return text.splitlines().index(line) + 1


def test_every_fixture_is_a_case() -> None:
    names = {f"{variant}_{STRUCTURE_NAMES[structure]}" for variant, structure in CASES}
    assert {path.stem for path in FIXTURES.glob("*.txt")} == names


@pytest.mark.parametrize(("variant", "structure"), CASES)
def test_the_legal_hand_is_accepted_under_its_structure(variant: str, structure: str) -> None:
    hand = replayed(fixture(variant, structure))
    assert hand.status is Status.ACCEPTED and not hand.problems, describe(hand)
    assert hand.hand.variant_id == variant
    assert hand.forced_bets == structure
    assert sum(p.net for p in hand.players) == -hand.rake


@pytest.mark.parametrize(("variant", "structure"), CASES)
def test_the_wrong_first_actor_is_rejected(variant: str, structure: str) -> None:
    text = fixture(variant, structure)
    hand = replayed(text)
    first, second = [a for a in hand.hand.actions if a.street == 0
                     and a.kind in BETTING_KINDS][:2]
    lines = text.splitlines()
    lines[first.line - 1], lines[second.line - 1] = lines[second.line - 1], lines[first.line - 1]
    twin = replayed("\n".join(lines) + "\n")
    assert twin.status is Status.REJECTED
    out_of_turn = [p for p in twin.errors if p.code == "out_of_turn"]
    assert out_of_turn and out_of_turn[0].line == first.line, describe(twin)
    assert hand.players and not [p for p in twin.errors if p.line < first.line]


@pytest.mark.parametrize(("variant", "structure"),
                         [case for case in CASES if case[1] in ("antes", "blinds_antes")])
def test_a_wrong_ante_is_rejected(variant: str, structure: str) -> None:
    text = fixture(variant, structure)
    hand = replayed(text)
    second = [a for a in hand.hand.actions if a.kind is Kind.ANTE][1]
    lines = text.splitlines()
    lines[second.line - 1] = re.sub(r"(\d+)$", lambda m: str(int(m.group(1)) + 1),
                                    lines[second.line - 1].rstrip())
    twin = replayed("\n".join(lines) + "\n")
    assert second.line in [p.line for p in twin.errors if p.code == "ante_wrong_amount"], (
        describe(twin))


def test_who_opens_each_structure() -> None:
    """The first actor of the first round, as RULES.md says: left of the big blind; left of
    the one blind; with antes only, the first player left of the dealer."""
    for variant in DRAW_VARIANTS:
        for structure in STRUCTURE_NAMES:
            hand = replayed(fixture(variant, structure))
            order = _clockwise_from_the_button(hand)
            first = next(a for a in hand.hand.actions
                         if a.street == 0 and a.kind in BETTING_KINDS).player
            if structure == "antes":
                expected = order[0]  # left of the dealer
            else:  # left of the (big) blind: the first, or second, player left of the button
                blind = order[0] if structure == "single_blind" or len(order) == 2 else order[1]
                expected = order[(order.index(blind) + 1) % len(order)]
            assert first == expected, (variant, structure)


def _clockwise_from_the_button(hand: ReplayResult) -> list[str]:
    button = hand.hand.button_seat or 0
    seats = sorted((p.seat, p.player) for p in hand.players if p.position)
    return [name for seat, name in seats if seat > button] + [
        name for seat, name in seats if seat <= button]


def test_positions_follow_the_blinds() -> None:
    antes = {p.position for p in replayed(fixture("badugi", "antes")).players}
    single = {p.position for p in replayed(fixture("badugi", "single_blind")).players}
    assert "SB" not in antes and "BB" not in antes and "BTN" in antes and "UTG" in antes
    assert "SB" not in single and {"BB", "BTN"} <= single


# --- generated hands --------------------------------------------------------------------


@pytest.mark.parametrize("forced", list(FORCED_CHOICES))
@pytest.mark.parametrize("variant", DRAW_VARIANTS)
def test_generated_hands_of_every_structure_are_accepted_and_paid_as_generated(
    variant: str, forced: str
) -> None:
    options = SynthOptions(variant=variant, hands=120, seed=20261201, forced=forced,
                           tournament=forced.startswith("blinds+"))
    hands = list(generate_played(options))
    results = read_bytes("\n\n".join(write_hand(h) for h in hands).encode(), "x.txt").hands
    expected = set(FORCED_CHOICES[forced])
    for hand, result in zip(hands, results, strict=True):
        assert result.accepted and not result.problems, describe(result)
        assert {p.player: p.collected for p in result.players if p.collected} == (
            hand.collected())
        assert result.forced_bets in expected | {"blinds"}  # a blind all-in from his ante
    assert expected & {result.forced_bets for result in results}


@pytest.mark.parametrize("structure", ["pl", "nl"])
@pytest.mark.parametrize("variant", DRAW_VARIANTS)
def test_antes_only_in_big_bet_games_are_accepted(variant: str, structure: str) -> None:
    """With antes only the pot (the antes) can be less than the minimum bet: pot-limit
    hands that bet the minimum were rejected as over the pot limit."""
    options = SynthOptions(variant=variant, hands=60, seed=20261202, forced="antes",
                           structure=structure, players=3)
    text = "\n\n".join(generate_hands(options))
    for result in read_bytes(text.encode(), "x.txt").hands:
        assert result.accepted and not result.problems, describe(result)


def test_forced_is_for_draw_games_and_named() -> None:
    with pytest.raises(SynthError, match="draw games"):
        resolve(SynthOptions(variant="razz", forced="antes"))
    with pytest.raises(SynthError, match="forced must be one of"):
        resolve(SynthOptions(variant="badugi", forced="straddle"))
    assert set(FORCED_STRUCTURES) >= {s for ids in FORCED_CHOICES.values() for s in ids}


def test_antes_only_and_one_blind_are_home_games() -> None:
    text = next(generate_hands(SynthOptions(variant="five_card_draw", hands=1, forced="antes")))
    assert text.startswith("PokerStars Home Game Hand #") and "{Kitchen Table}" in text


# --- PHH --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pk() -> ModuleType:
    return pytest.importorskip("pokerkit")


@pytest.mark.parametrize(("variant", "structure"),
                         [case for case in CASES if case[0] in ("27_triple_draw", "badugi",
                                                                "27_single_draw")])
def test_phh_says_each_structure_and_pokerkit_agrees(
    pk: ModuleType, variant: str, structure: str
) -> None:
    hand = replayed(fixture(variant, structure))
    text = export_hand(hand)
    back = read_bytes(text.encode(), "x.phh").hands[0]
    assert back.accepted and back.forced_bets == structure, describe(back)
    nets = {p.player: p.net for p in hand.players}
    assert {p.player: p.net for p in back.players} == {p.player: nets[p.player]
                                                       for p in back.players}
    outcome = check_with_pokerkit(pk, iter([(hand, text)]))
    assert set(outcome) <= {"same", "fixed limit after a short all-in: the level stays"}


def test_one_blind_heads_up_is_not_representable_in_phh() -> None:
    for hand in read_bytes("\n\n".join(generate_hands(SynthOptions(
            variant="27_triple_draw", hands=300, seed=5, players=2, forced="single-blind"))
    ).encode(), "x.txt").hands:
        with pytest.raises(NotRepresentable, match="one blind heads-up"):
            export_hand(hand)
        return
