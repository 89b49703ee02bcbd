"""What every ranking returns, and the wording the sites use to describe hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Final

from hhparse.cards import RANK_CHARS, RANK_NAMES, RANK_PLURALS, Card, distinct_bits
from hhparse.frozen import Record


@dataclass(init=False, slots=True, unsafe_hash=True)
class Evaluation(Record):
    """A hand as one ranking sees it."""

    value: Final[int]
    """Greater is better; equal values are equal hands (within one ranking)."""
    hand_class: Final[str]
    """A coarse class for reports: ``7-low``, ``pair``, ``4-card badugi``, ``flush`` ..."""
    description: Final[str]
    """The sites' wording: ``Lo: 8,7,5,4,3``, ``a pair of Kings``, ``Badugi: 8,4,3,A``."""

    def __init__(self, *, value: int, hand_class: str, description: str) -> None:
        self.value = value
        self.hand_class = hand_class
        self.description = description


class EvaluationError(ValueError):
    """Cards a ranking cannot evaluate (wrong count, repeated card)."""


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise EvaluationError when a card appears twice (by the cards' bits: no set made,
    no boxed integer when compiled)."""
    if distinct_bits(cards) < 0:
        raise EvaluationError(f"a card appears twice in {' '.join(map(str, cards))}")


def groups(ranks: tuple[int, ...]) -> list[tuple[int, int]]:
    """(count, rank) pairs, most copies first, then highest rank first.

    ``ranks`` must be sorted in the order the ranking compares them (highest first).
    """
    counted = [(len(list(run)), rank) for rank, run in groupby(ranks)]
    return sorted(counted, key=lambda pair: (-pair[0], -pair[1]))


def rank_list(ranks: tuple[int, ...], ace_low: bool = False) -> str:
    """``8,7,5,4,3``; with ``ace_low`` the ranks are low ranks (0 = ace)."""
    chars = ("A" + RANK_CHARS[:-1]) if ace_low else RANK_CHARS
    return ",".join(chars[rank] for rank in ranks)


def made_hand_words(category: str, grouped: list[tuple[int, int]], top: int = -1) -> str:
    """PokerStars' words for a standard category; ranks are 0 = deuce .. 12 = ace.

    ``top`` is the top card of a straight (3 for the wheel).
    """
    first = grouped[0][1]
    match category:
        case "high card":
            return f"high card {RANK_NAMES[first]}"
        case "pair":
            return f"a pair of {RANK_PLURALS[first]}"
        case "two pair":
            return f"two pair, {RANK_PLURALS[first]} and {RANK_PLURALS[grouped[1][1]]}"
        case "three of a kind":
            return f"three of a kind, {RANK_PLURALS[first]}"
        case "straight":
            return f"a straight, {_straight_span(top)}"
        case "flush":
            return f"a flush, {RANK_NAMES[first]} high"
        case "full house":
            return f"a full house, {RANK_PLURALS[first]} full of {RANK_PLURALS[grouped[1][1]]}"
        case "four of a kind":
            return f"four of a kind, {RANK_PLURALS[first]}"
        case "straight flush":
            if top == 12:
                return "a Royal Flush"
            return f"a straight flush, {_straight_span(top)}"
    raise ValueError(f"unknown category {category!r}")


def _straight_span(top: int) -> str:
    bottom = "Ace" if top == 3 else RANK_NAMES[top - 4]
    return f"{bottom} to {RANK_NAMES[top]}"
