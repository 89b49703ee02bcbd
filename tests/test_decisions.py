"""Exact odds over several draws (hhparse.decisions): against counts of outs made by hand, and
against a brute force that deals out every card, one card set after another, and applies the
drawing policy (hhparse.decisions.POLICY) written out again here on cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from hhparse.cards import DECK, RANK_CHARS, Card, parse_cards
from hhparse.decisions import POLICY, JudgeError, judge_keeps, keep_classes, lowball, target
from hhparse.decisions.judge import judge_decision
from hhparse.evaluators import low
from hhparse.evaluators.low import LOW_CHARS
from hhparse.reports.probability import class_values

# --- the policy on cards, and every deal ----------------------------------------------------


def _order(ranking: str, card: Card) -> int:
    return card.rank if ranking == "27" else (card.rank + 1) % 13


def _top(ranking: str, target: str) -> int:
    chars = RANK_CHARS if ranking == "27" else LOW_CHARS
    return chars.index(target[0])


def _value(ranking: str, cards: Sequence[Card]) -> int:
    table = low.deuce_to_seven_table() if ranking == "27" else low.ace_to_five_table()
    return table.value([card.code for card in cards])


def _class(ranking: str, cards: Sequence[Card]) -> str:
    table = low.deuce_to_seven_table() if ranking == "27" else low.ace_to_five_table()
    return table.shape(_value(ranking, cards)).hand_class


def _plain_value(ranking: str, cards: Sequence[Card]) -> int:
    """The value with the suits made different (the policy does not look at suits)."""
    return _value(ranking, [DECK[card.rank * 4 + i % 4] for i, card in enumerate(cards)])


def _policy(ranking: str, target: str, kept: Sequence[Card], new: Sequence[Card]
            ) -> tuple[bool, list[tuple[Card, ...]]]:
    """(made, the keeps the policy may choose, equally likely)."""
    top = _top(ranking, target)
    lowest = class_values(ranking, target)[0]
    hand = [*kept, *new]
    if len({card.rank for card in hand}) == 5 and all(_order(ranking, c) <= top for c in hand):
        if _plain_value(ranking, hand) >= lowest:
            return True, [tuple(hand)]
        highest = max(hand, key=lambda card: _order(ranking, card))  # a straight: break it
        return False, [tuple(card for card in hand if card is not highest)]
    stays: list[Card] = []
    for card in sorted(kept):  # a held card stays before a new one of its rank
        if _order(ranking, card) <= top and card.rank not in {c.rank for c in stays}:
            stays.append(card)
    by_rank: dict[int, list[Card]] = {}
    for card in new:
        if _order(ranking, card) <= top and card.rank not in {c.rank for c in stays}:
            by_rank.setdefault(card.rank, []).append(card)
    choices: list[tuple[Card, ...]] = [tuple(stays)]
    for cards in by_rank.values():  # of two new cards of one rank, either
        choices = [(*keep, card) for keep in choices for card in cards]
    return False, choices


def brute_force(ranking: str, target: str, kept: Sequence[Card], unseen: Sequence[Card],
                draws_left: int) -> Counter[str]:
    """The final classes' exact chances (Fractions), every card set dealt at every draw."""
    out: Counter[str] = Counter()
    size = 5 - len(kept)
    ways = comb(len(unseen), size)
    for drawn in combinations(unseen, size):
        rest = [card for card in unseen if card not in drawn]
        share = Fraction(1, ways)
        if draws_left == 1:
            out[_class(ranking, [*kept, *drawn])] += share
            continue
        made, choices = _policy(ranking, target, kept, drawn)
        if made:
            out[_class(ranking, [*kept, *drawn])] += share
            continue
        for choice in choices:
            for name, chance in brute_force(ranking, target, choice, rest,
                                            draws_left - 1).items():
                out[name] += share * chance / len(choices)
    return out


def _unseen_only(unseen: str) -> tuple[Card, ...]:
    left = set(parse_cards(unseen))
    return tuple(card for card in DECK if card not in left)


CASES = [
    # flushes (spades), straights (2-3-4-5-6) and a draw of two then one
    ("27", "8-low", "2s 3s 4s Kd Kh", "2s 3s 4s", "5s 6s 7s 8s 5d 6h 7c 8h 9s Ts Qc 2d", 2),
    # a top card held (7s) that a straight (3-4-5-6-7) may throw back, three draws
    ("27", "8-low", "7s 5d 4h Kc Kd", "7s 5d", "3s 6s 2s 8s 3d 6d 5s Ah 7d", 3),
    # ... and after two straights (3-7, then 2-6) a diamond flush 8-5-4-3-2 with the 5d
    ("27", "8-low", "7s 5d 4h Kc Kd", "7s 5d", "3d 4d 6d 2d 8d 3s 6s Ah 9c", 3),
    # a pair kept (the second deuce is thrown at the next draw)
    ("27", "7-low", "2s 2d 3s 9h Qc", "2s 2d 3s", "4s 5s 6s 7s 4d 6c 7h 8s Kd", 2),
    # ace-to-five, three draws, nothing kept
    ("a5", "7-low", "Ah 2d 3c Kd Ks", "", "As 4d 5c 6h 7s 2c 9d Qh", 3),
    ("a5", "6-low", "Ah 2d 3c Kd Ks", "Ah 2d", "3s 4d 5c 6h 7s 2c 9d Qh Jh", 3),
]


@pytest.mark.parametrize(("ranking", "target", "held", "keep", "unseen", "draws"), CASES)
def test_every_keep_equals_dealing_every_card(ranking: str, target: str, held: str, keep: str,
                                              unseen: str, draws: int) -> None:
    variant = "27_triple_draw" if ranking == "27" else "a5_triple_draw"
    cards = parse_cards(held)
    seen = _unseen_only(unseen)
    [judged] = [chance for chance in keep_classes(variant, cards, seen, draws, target)
                if chance.keep == tuple(parse_cards(keep))]
    exact = brute_force(ranking, target, parse_cards(keep), parse_cards(unseen), draws)
    assert judged.classes is not None
    assert set(judged.classes) == {name for name, chance in exact.items() if chance}
    for name, chance in exact.items():
        assert judged.classes[name] == pytest.approx(float(chance), abs=1e-12), name
    lowest = class_values(ranking, target)[0]
    wanted = sum(chance for name, chance in exact.items()
                 if class_values(ranking, name)[0] >= lowest)
    assert judged.p_target == pytest.approx(float(wanted), abs=1e-12)


# --- closed forms ---------------------------------------------------------------------------


def _p(variant: str, held: str, keep: str, draws: int, target: str, dead: str = "") -> float:
    chances = judge_keeps(variant, parse_cards(held), parse_cards(dead), draws, target)
    [found] = [chance for chance in chances if chance.keep == tuple(parse_cards(keep))]
    return found.p_target


def test_drawing_one_twice_to_7542() -> None:
    # 3s, 6s and 8s (12 of 47) make 8-low or better; a miss is thrown, and 12 of 46 remain
    assert _p("27_triple_draw", "7s 5d 4h 2c Kd", "7s 5d 4h 2c", 2, "8-low") == pytest.approx(
        12 / 47 + 35 / 47 * 12 / 46)
    assert _p("27_single_draw", "7s 5d 4h 2c Kd", "7s 5d 4h 2c", 1, "7-low") == pytest.approx(
        8 / 47)


def test_a_pat_straight_is_broken_by_its_top_card() -> None:
    # pat now, then the 6 goes: a 7 or an 8 (8 of 47) makes 8-low; a 6 is a straight again
    assert _p("27_triple_draw", "2c 3d 4h 5s 6c", "2c 3d 4h 5s 6c", 2, "8-low") == pytest.approx(
        8 / 47)


def test_a_made_hand_stands_pat_to_the_end() -> None:
    assert _p("a5_triple_draw", "Ah 2d 3c 4s 7h", "Ah 2d 3c 4s 7h", 3, "7-low") == 1.0
    # drawing to it again can only lose: a 6 or a 5 or a 7 ... (4 ranks below the 8: A-5 ...)
    broken = _p("a5_triple_draw", "Ah 2d 3c 4s 7h", "Ah 2d 3c 4s", 3, "7-low")
    assert 0.5 < broken < 1.0


def test_keeps_come_best_first_and_dead_cards_count() -> None:
    chances = judge_keeps("27_triple_draw", parse_cards("7s 5d 4h Kc Kd"), (), 3, "8-low")
    assert len(chances) == 32
    assert [str(card) for card in chances[0].keep] == ["7s", "5d", "4h"]
    values = [chance.p_target for chance in chances]
    assert values == sorted(values, reverse=True)
    fewer = _p("27_triple_draw", "7s 5d 4h 2c Kd", "7s 5d 4h 2c", 2, "8-low", dead="3c 3h 6d")
    assert fewer == pytest.approx(9 / 44 + 35 / 44 * 9 / 43)


def test_what_cannot_be_judged_says_why() -> None:
    with pytest.raises(JudgeError, match="N-low target"):
        judge_keeps("27_triple_draw", parse_cards("7s 5d 4h Kc Kd"), (), 2, "pair")
    with pytest.raises(JudgeError, match="lowball games"):
        judge_keeps("five_card_draw", parse_cards("As 2d 3h Kh 5c"), (), 2, "two pair")
    with pytest.raises(JudgeError, match="splits the pot"):
        judge_keeps("badeucey", parse_cards("As 2d 3h Kh 5c"), (), 1, "4-card badugi")


def test_the_policy_is_written_out() -> None:
    assert "straight" in POLICY and "stand pat" in POLICY and "ranks only" in POLICY


def test_a_badugi_target_by_its_top_card() -> None:
    # one club from 4c to 8c (5 of 48) makes an 8-high badugi; 4c or 5c (2) a 5-high one
    assert _p("badugi", "As 2d 3h Kh", "As 2d 3h", 1, "8-high badugi") == pytest.approx(5 / 48)
    assert _p("badugi", "As 2d 3h Kh", "As 2d 3h", 1, "5-high badugi") == pytest.approx(2 / 48)
    with pytest.raises(JudgeError, match="no four-card badugi is 3-high"):
        judge_keeps("badugi", parse_cards("As 2d 3h Kh"), (), 1, "3-high badugi")


# --- the fast path: chances suits aside, and only the keeps that can be best ----------------

Decision = tuple[str, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int, str]


def _random_decisions(count: int, seed: int) -> Iterator[Decision]:
    """Decisions of every lowball draw game: five cards held, up to eight more seen, any
    number of draws left, a random keep."""
    rng = random.Random(seed)
    games = [("27_triple_draw", 3, "8-low"), ("27_single_draw", 1, "7-low"),
             ("a5_triple_draw", 3, "7-low"), ("27_triple_draw", 3, "9-low")]
    for number in range(count):
        variant, draws, goal = games[number % len(games)]
        cards = rng.sample(DECK, 5 + rng.randint(0, 8))
        held, seen = tuple(cards[:5]), tuple(cards[5:])
        kept = tuple(card for card in held if rng.random() < 0.6)
        yield variant, held, kept, seen, rng.randint(1, draws), goal


def test_a_decision_judged_by_its_bounds_equals_every_keep_judged() -> None:
    for variant, held, kept, seen, draws_left, goal in _random_decisions(48, 19):
        made, best = judge_decision(variant, held, kept, seen, draws_left, goal)
        chances = judge_keeps(variant, held, seen, draws_left, goal)
        [every_made] = [chance for chance in chances if set(chance.keep) == set(kept)]
        assert made.p_target == pytest.approx(every_made.p_target, abs=1e-12)
        assert (best.keep, best.draw) == (chances[0].keep, chances[0].draw)
        assert best.p_target == pytest.approx(chances[0].p_target, abs=1e-12)


def test_suits_aside_is_exact_where_no_flush_can_happen_and_a_bound_elsewhere() -> None:
    flush_free = flush_possible = 0
    for variant, held, _, seen, draws_left, goal in _random_decisions(12, 7):
        ranking = variant[:2]
        game = lowball.lowball(ranking, RANK_CHARS.index(goal[0]), class_values(ranking, goal)[0])
        every_seen = frozenset(card.index for card in (*held, *seen))
        bounds = target.Decision(game, every_seen).bounds([c.index for c in held], draws_left)
        ctx = lowball.context(game, every_seen)
        for subset, bound in zip(target.keep_subsets(5), bounds, strict=True):
            kept = [held[i].index for i in subset]
            exact = lowball.keep_target_chance(ctx, kept, draws_left)
            low_kept = sorted(card for card in kept if game.places[card // 4] >= 0)
            one_per_rank = [card for i, card in enumerate(low_kept)
                            if all(card // 4 != other // 4 for other in low_kept[:i])]
            if not game.suits_count or target.flush_impossible(game, one_per_rank):
                assert bound == pytest.approx(exact, abs=1e-12)
                flush_free += 1
            else:
                assert bound >= exact - 1e-12
                flush_possible += 1
    assert flush_free and flush_possible


def test_a_flush_is_impossible_once_two_suits_are_held_to_the_end() -> None:
    game = lowball.lowball("27", RANK_CHARS.index("8"), class_values("27", "8-low")[0])

    def impossible(cards: str) -> bool:
        return target.flush_impossible(game, [card.index for card in parse_cards(cards)])

    assert impossible("2c 3d") and impossible("2c 3c 4d")
    assert not impossible("2c 3c") and not impossible("") and not impossible("5h")
    # a 6, 7 or 8 tops a straight of low cards: the policy may throw it back
    assert not impossible("2c 6d") and not impossible("3c 7d 8h")


def test_every_keep_in_order_largest_first() -> None:
    subsets = target.keep_subsets(5)
    assert len(subsets) == 32 and subsets[0] == (0, 1, 2, 3, 4) and subsets[-1] == ()
    assert [len(subset) for subset in subsets] == sorted(map(len, subsets), reverse=True)


def test_a_keep_of_cards_not_held_is_not_judged() -> None:
    with pytest.raises(JudgeError, match="not among the cards held"):
        judge_decision("27_triple_draw", parse_cards("7s 5d 4h Kc Kd"), parse_cards("7s 2c"),
                       (), 2, "8-low")
