"""Badugi rankings: aces low (Badugi, Badacey) and aces high (Badeucey's badugi half).

Rule (RULES.md): four cards; a badugi is four different ranks AND four different
suits. Any four-card badugi beats any three-card hand; when ranks or suits repeat,
the hand plays its best valid subset of three cards or fewer. Within one size,
compare the highest card first, then the next. Badeucey's and Badacey's badugi half
is the best such hand from five cards.

Value: ``size << 16`` plus one hexadecimal digit per card, highest card first, each
``12 - rank`` so that lower cards give greater values. Sizes differ in the top bits,
so any bigger hand beats any smaller one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from hhparse.cards import RANK_CHARS, Card
from hhparse.evaluators.base import Evaluation, EvaluationError

if TYPE_CHECKING:  # numpy is imported by the batch path only (start-up, memory)
    import numpy as np
    import numpy.typing as npt

CLASSES = {4: "4-card badugi", 3: "3-card", 2: "2-card", 1: "1-card"}
_SUBSETS = tuple(
    positions for size in range(1, 5) for positions in combinations(range(4), size)
)


def _low_rank(index: npt.NDArray[np.int64], aces_low: bool) -> npt.NDArray[np.int64]:
    """Comparison rank of card indexes: 0 is the best (lowest) card."""
    rank = index // 4
    return (rank + 1) % 13 if aces_low else rank


def batch_values(indexes: npt.NDArray[np.integer], aces_low: bool = True) -> npt.NDArray[np.int64]:
    """Values of many four-card hands: an (n, 4) array of card indexes (0..51)."""
    return best_subsets(indexes, aces_low)[0]


def best_subsets(indexes: npt.NDArray[np.integer], aces_low: bool = True, top: int = 12
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8]]:
    """Of many four-card hands (an (n, 4) array of card indexes), the best badugi of the
    cards whose comparison rank (0 the best card) is at most ``top``: its value (0: none)
    and its positions (bit i: column i; of equal ones, the first of ``_SUBSETS``)."""
    import numpy as np

    hands = np.asarray(indexes, dtype=np.int64)
    if hands.ndim != 2 or hands.shape[1] != 4:
        raise ValueError(f"expected an (n, 4) array of card indexes, got shape {hands.shape}")
    ranks = _low_rank(hands, aces_low)
    suits = hands % 4
    best = np.zeros(len(hands), dtype=np.int64)
    kept = np.zeros(len(hands), dtype=np.uint8)
    for positions in _SUBSETS:
        valid = np.all(ranks[:, list(positions)] <= top, axis=1)
        for a, b in combinations(positions, 2):
            valid &= (ranks[:, a] != ranks[:, b]) & (suits[:, a] != suits[:, b])
        chosen = -np.sort(-ranks[:, list(positions)], axis=1)  # highest first
        value = np.full(len(hands), len(positions) << 16, dtype=np.int64)
        for place in range(len(positions)):
            value |= (12 - chosen[:, place]) << (4 * (3 - place))
        better = valid & (value > best)
        best = np.where(better, value, best)
        kept = np.where(better, np.uint8(sum(1 << p for p in positions)), kept)
    return best, kept


def colex_numbers(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The colex number of each four-card hand, its card indexes sorted in each row
    (a < b < c < d: C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4)), from 0 to 270,724."""
    choose = _choose()
    number: npt.NDArray[np.int64] = (choose[0][hands[:, 0]] + choose[1][hands[:, 1]]
                                     + choose[2][hands[:, 2]] + choose[3][hands[:, 3]])
    return number


@cache
def _choose() -> npt.NDArray[np.int64]:
    import numpy as np

    return np.array([[comb(n, k) for n in range(52)] for k in range(1, 5)], dtype=np.int64)


@cache
def value_table(aces_low: bool = True) -> npt.NDArray[np.int32]:
    """The value of every four-card hand by its colex number (1.1 MB)."""
    import numpy as np

    hands = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    values = np.zeros(len(hands), dtype=np.int32)
    values[colex_numbers(hands)] = batch_values(hands, aces_low)
    return values


def table_values(indexes: npt.NDArray[np.integer], aces_low: bool = True
                 ) -> npt.NDArray[np.int32]:
    """:func:`batch_values` by :func:`value_table` (the same values, ~10x faster on many
    hands; the table is built on the first call)."""
    import numpy as np

    hands = np.sort(np.asarray(indexes, dtype=np.int64), axis=1)
    found: npt.NDArray[np.int32] = value_table(aces_low)[colex_numbers(hands)]
    return found


def value_of_mask(mask: int, aces_low: bool = True) -> int:
    """Value of the four cards whose bits make ``mask``."""
    return _value_of_sorted([index for index in range(52) if mask >> index & 1], aces_low)


def _value_of_sorted(indexes: list[int], aces_low: bool) -> int:
    """Value of four card indexes in ascending order: looked up by the hand's shape (its
    four ranks, and which of them share a suit), of which there are at most 27,300 (a few
    MB, filled as they come), instead of a table of all 270,725 hands (38 MB)."""
    suits: list[int] = []
    shape = 0
    for index in indexes:
        suit = index % 4
        if suit not in suits:
            suits.append(suit)
        shape = shape << 6 | (index // 4) << 2 | suits.index(suit)
    key = shape << 1 | aces_low
    value_ = _BY_SHAPE.get(key)
    if value_ is None:
        value_ = _best_subset(indexes, aces_low)
        _BY_SHAPE[key] = value_
    return value_


_BY_SHAPE: dict[int, int] = {}
"""A four-card hand's shape (ranks, and its suits renamed in order of appearance) and
``aces_low`` -> its value."""


def _best_subset(indexes: list[int], aces_low: bool) -> int:
    best = 0
    for positions in _SUBSETS:
        ranks: list[int] = []
        suits: list[int] = []
        for position in positions:
            index = indexes[position]
            rank = (index // 4 + 1) % 13 if aces_low else index // 4
            suit = index % 4
            if rank in ranks or suit in suits:
                break
            ranks.append(rank)
            suits.append(suit)
        else:
            ranks.sort(reverse=True)
            value_ = len(positions) << 16
            for place, rank in enumerate(ranks):
                value_ |= (12 - rank) << (4 * (3 - place))
            best = max(best, value_)
    return best


@cache
def table(aces_low: bool = True) -> dict[int, int]:
    """Card-bit set (OR of ``Card.bit``) of every four-card hand -> value: ~38 MB, for
    code that evaluates most hands (the generator, the draw odds); one hand at a time,
    :func:`value` computes it."""
    import numpy as np

    hands = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    values = batch_values(hands, aces_low)
    masks = np.bitwise_or.reduce(np.left_shift(1, hands), axis=1)
    return dict(zip(masks.tolist(), values.tolist(), strict=True))


def fast4(aces_low: bool = True) -> Callable[[int, int, int, int], int]:
    """A scalar evaluator of four card bits (``Card.bit``)."""
    values = table(aces_low)

    def value4(a: int, b: int, c: int, d: int) -> int:
        return values[a | b | c | d]

    return value4


def value(cards: Sequence[Card], aces_low: bool = True) -> int:
    """Value of four cards, or the best four of five (Badeucey, Badacey)."""
    indexes = sorted([card.index for card in cards])
    count = len(indexes)
    if count not in (4, 5) or len(set(indexes)) != count:
        raise EvaluationError(
            f"badugi needs 4 or 5 different cards, got {' '.join(map(str, cards))}"
        )
    if count == 4:
        return _value_of_sorted(indexes, aces_low)
    return max(_value_of_sorted(indexes[:left] + indexes[left + 1 :], aces_low)
               for left in range(5))


def describe(value_: int, aces_low: bool = True) -> Evaluation:
    size = value_ >> 16
    if size not in CLASSES:
        raise ValueError(f"no badugi hand has value {value_}")
    chars = ("A" + RANK_CHARS[:-1]) if aces_low else RANK_CHARS
    ranks = [12 - ((value_ >> (4 * (3 - place))) & 15) for place in range(size)]
    cards = ",".join(chars[rank] for rank in ranks)
    label = "Badugi" if size == 4 else CLASSES[size]
    return Evaluation(value=value_, hand_class=CLASSES[size], description=f"{label}: {cards}")


def evaluate(cards: Sequence[Card], aces_low: bool = True) -> Evaluation:
    return describe(value(cards, aces_low), aces_low)
