"""Lowball rankings: deuce-to-seven and ace-to-five, each from its own rule text.

2-7 (RULES.md): aces are high only; straights and flushes count against the hand;
A-2-3-4-5 is not a straight but ace-high. From best to worst: no pair, one pair, two
pair, three of a kind, straight, flush, full house, four of a kind, straight flush.
Compare from the highest card down; the best hand is 7-5-4-3-2 unsuited.

A-5 (RULES.md): the ace is low; straights and flushes do not count; pairs count
against. Best hand 5-4-3-2-A. Razz plays the best five of seven cards; stud hi/lo's
low half needs five different ranks of eight or lower (8-or-better).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from hhparse.cards import RANK_CHARS, SUIT_BITS, Card
from hhparse.evaluators.base import (
    Evaluation,
    EvaluationError,
    check_distinct,
    groups,
    made_hand_words,
    rank_list,
)
from hhparse.evaluators.bestof import best_of_five, best_of_table
from hhparse.evaluators.tables import FiveCardTable, Shape

DEUCE_TO_SEVEN_BADNESS = (
    "no pair", "pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)
ACE_TO_FIVE_BADNESS = (
    "no pair", "pair", "two pair", "three of a kind", "full house", "four of a kind",
)
LOW_CHARS = "A" + RANK_CHARS[:-1]
"""Ranks in ace-to-five order: low rank 0 is the ace, 12 the king."""


def _worse_is_smaller(category_badness: int, tiebreak: tuple[int, ...]) -> tuple[int, ...]:
    """A key where greater is better, from 'how bad' numbers (greater is worse)."""
    return (-category_badness, *(-rank for rank in tiebreak))


def _pairing_category(counts: tuple[int, ...]) -> str:
    if counts[0] == 4:
        return "four of a kind"
    if counts[:2] == (3, 2):
        return "full house"
    if counts[0] == 3:
        return "three of a kind"
    if counts[:2] == (2, 2):
        return "two pair"
    return "pair" if counts[0] == 2 else "no pair"


def deuce_to_seven_strength(ranks: tuple[int, ...], suited: bool) -> Shape:
    """ranks: 0 = deuce .. 12 = ace (aces high only), highest first."""
    grouped = groups(ranks)
    distinct = len(grouped) == 5
    straight = distinct and ranks[0] - ranks[4] == 4  # A-2-3-4-5 spans 12: not a straight
    if straight:
        category = "straight flush" if suited else "straight"
    elif suited:
        category = "flush"
    else:
        category = _pairing_category(tuple(count for count, _ in grouped))
    tiebreak = tuple(rank for _, rank in grouped)
    key = _worse_is_smaller(DEUCE_TO_SEVEN_BADNESS.index(category), tiebreak)
    if category == "no pair":
        hand_class = f"{RANK_CHARS[ranks[0]]}-low"
        description = "Lo: " + rank_list(ranks)
    else:
        hand_class = category
        top = ranks[0] if straight else -1
        description = "Lo: " + made_hand_words(category, grouped, top)
    return Shape(key, hand_class, description)


def ace_to_five_strength(ranks: tuple[int, ...], suited: bool) -> Shape:
    """ranks: 0 = deuce .. 12 = ace as dealt; the ace is re-read as the lowest card."""
    low_ranks = tuple(sorted(((rank + 1) % 13 for rank in ranks), reverse=True))
    grouped = groups(low_ranks)
    category = _pairing_category(tuple(count for count, _ in grouped))
    tiebreak = tuple(rank for _, rank in grouped)
    key = _worse_is_smaller(ACE_TO_FIVE_BADNESS.index(category), tiebreak)
    if category == "no pair":
        hand_class = f"{LOW_CHARS[low_ranks[0]]}-low"
        description = "Lo: " + rank_list(low_ranks, ace_low=True)
    else:
        hand_class = category
        as_dealt = [(count, (rank - 1) % 13) for count, rank in grouped]
        description = "Lo: " + made_hand_words(category, as_dealt)
    return Shape(key, hand_class, description)


@cache
def deuce_to_seven_table() -> FiveCardTable:
    return FiveCardTable(deuce_to_seven_strength)


@cache
def ace_to_five_table() -> FiveCardTable:
    return FiveCardTable(ace_to_five_strength)


@cache
def _ace_to_five_best_of() -> dict[int, int]:
    return best_of_table(ace_to_five_table().plain, sizes=(6, 7))


def fast_razz7() -> Callable[[int, int, int, int, int, int, int], int]:
    """A scalar evaluator of seven card codes: the best A-5 low of five (Razz)."""
    best, shift = _ace_to_five_best_of(), SUIT_BITS

    def value7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        return best[(a + b + c + d + e + f + g) >> shift]

    return value7


def deuce_to_seven_value(cards: Sequence[Card]) -> int:
    check_distinct(cards)
    if len(cards) != 5:
        raise EvaluationError(f"2-7 low needs exactly 5 cards, got {len(cards)}")
    return deuce_to_seven_table().value_of_cards(cards)


def ace_to_five_value(cards: Sequence[Card]) -> int:
    """Value of the best five of 5 to 7 cards (Razz: best five of seven)."""
    check_distinct(cards)
    count = len(cards)
    if not 5 <= count <= 7:
        raise EvaluationError(f"A-5 low needs 5 to 7 cards, got {count}")
    plain = ace_to_five_table().plain  # suits never count: every hand is here
    if count == 5:
        total = 0
        for card in cards:
            total += card.code
        return plain[total >> SUIT_BITS]
    return best_of_five(plain, [card.code for card in cards])


def describe_deuce_to_seven(value: int) -> Evaluation:
    return _evaluation(deuce_to_seven_table(), value)


def describe_ace_to_five(value: int) -> Evaluation:
    return _evaluation(ace_to_five_table(), value)


def _evaluation(table: FiveCardTable, value: int) -> Evaluation:
    shape = table.shape(value)
    return Evaluation(value=value, hand_class=shape.hand_class, description=shape.description)


@cache
def eight_or_better_threshold() -> int:
    """The smallest A-5 value that qualifies for an 8-or-better low (8-7-6-5-4)."""
    table = ace_to_five_table()
    eight_seven = 5**6 + 5**5 + 5**4 + 5**3 + 5**2  # 8,7,6,5,4 as dealt ranks
    return table.plain[eight_seven]


def qualifies_eight_or_better(value: int) -> bool:
    """No pair and eight or lower: the low hands of this ranking form one range on top."""
    return value >= eight_or_better_threshold()
