"""Standard high ranking (five-card draw, stud, the high half of stud hi/lo).

Rule (RULES.md): straight flush (royal on top) > four of a kind > full house > flush >
straight > three of a kind > two pair > one pair > high card; the ace plays high, or
low in A-2-3-4-5 (a five-high straight, the lowest straight).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations

from hhparse.cards import SUIT_BITS, SUIT_MASK, Card
from hhparse.evaluators.base import (
    Evaluation,
    EvaluationError,
    check_distinct,
    groups,
    made_hand_words,
)
from hhparse.evaluators.bestof import best_of_five, best_of_table
from hhparse.evaluators.tables import FiveCardTable, Shape

CATEGORIES = (
    "high card", "pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)
WHEEL = (12, 3, 2, 1, 0)


def straight_top(ranks: tuple[int, ...]) -> int:
    """Top card of a high straight (3 for A-2-3-4-5), or -1 when not a straight."""
    if len(set(ranks)) != 5:
        return -1
    if ranks == WHEEL:
        return 3
    return ranks[0] if ranks[0] - ranks[4] == 4 else -1


def strength(ranks: tuple[int, ...], suited: bool) -> Shape:
    grouped = groups(ranks)
    counts = tuple(count for count, _ in grouped)
    top = straight_top(ranks)
    if top >= 0:
        category = "straight flush" if suited else "straight"
        tiebreak: tuple[int, ...] = (top,)
    else:
        category = _category_of_counts(counts, suited)
        tiebreak = tuple(rank for _, rank in grouped)
    key = (CATEGORIES.index(category), *tiebreak)
    return Shape(key, category, made_hand_words(category, grouped, top))


def _category_of_counts(counts: tuple[int, ...], suited: bool) -> str:
    if counts[0] == 4:
        return "four of a kind"
    if counts[:2] == (3, 2):
        return "full house"
    if suited:
        return "flush"
    if counts[0] == 3:
        return "three of a kind"
    if counts[:2] == (2, 2):
        return "two pair"
    return "pair" if counts[0] == 2 else "high card"


@cache
def table() -> FiveCardTable:
    return FiveCardTable(strength)


@cache
def _plain_best_of() -> dict[int, int]:
    return best_of_table(table().plain, sizes=(6, 7))


def value(cards: Sequence[Card]) -> int:
    """Value of the best five of 5 to 7 cards."""
    check_distinct(cards)
    if len(cards) == 5:
        return table().value_of_cards(cards)
    if not 5 < len(cards) <= 7:
        raise EvaluationError(f"high needs 5 to 7 cards, got {len(cards)}")
    return _best_of_codes([card.code for card in cards])


def _best_of_codes(codes: Sequence[int]) -> int:
    """Best five of six or seven codes: the unsuited table, unless five share a suit."""
    total = sum(codes)
    best = best_of_five(table().plain, codes)
    flush_suit = _FLUSH_SUIT[total & SUIT_MASK]
    if flush_suit >= 0:
        suited = [code for code in codes if code & (1 << (3 * flush_suit))]
        best = max(best, *(table().value(five) for five in combinations(suited, 5)))
    return best


def fast_stud7() -> Callable[[int, int, int, int, int, int, int], int]:
    """A scalar evaluator of seven card codes: the best high hand of five (stud)."""
    plain, flush_suit, shift, mask = _plain_best_of(), _FLUSH_SUIT, SUIT_BITS, SUIT_MASK

    def value7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        total = a + b + c + d + e + f + g
        if flush_suit[total & mask] < 0:
            return plain[total >> shift]
        return _best_of_codes((a, b, c, d, e, f, g))

    return value7


def _flush_suit_of_counts() -> list[int]:
    """For each suit field of a sum of codes: the suit held five times or more, or -1."""
    result = [-1] * (SUIT_MASK + 1)
    for field in range(SUIT_MASK + 1):
        for suit in range(4):
            if (field >> (3 * suit)) & 7 >= 5:
                result[field] = suit
    return result


_FLUSH_SUIT = _flush_suit_of_counts()


def describe(value_: int) -> Evaluation:
    shape = table().shape(value_)
    return Evaluation(value=value_, hand_class=shape.hand_class, description=shape.description)


def evaluate(cards: Sequence[Card]) -> Evaluation:
    return describe(value(cards))
