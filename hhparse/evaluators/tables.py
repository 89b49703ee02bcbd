"""Look-up tables shared by the five-card rankings.

Every five-card ranking here (standard high, 2-7 low, A-5 low) depends only on the
multiset of ranks and on whether all five cards share a suit. A ranking module
states its rule as one function, ``strength(ranks, suited) -> Shape``, where a greater
``Shape.key`` is a better hand. This module enumerates the 6,175 rank multisets
(and the 1,287 suited ones), sorts the shapes by that key and numbers them densely
from 1, so that values compare exactly as the rule compares hands.

Two indexes point at the same values:

* scalar: a dict keyed by the sum of the cards' rank codes (base 5, see cards.py);
* batch: numpy arrays indexed by the sum of per-rank keys chosen so that every
  five-card rank multiset has a distinct sum (:data:`BATCH_RANK_KEYS`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from hhparse.cards import SUIT_BITS, Card

if TYPE_CHECKING:  # numpy is imported by the batch path only (start-up, memory)
    import numpy as np
    import numpy.typing as npt

BATCH_RANK_KEYS: tuple[int, ...] = (
    0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415,
)
"""Per-rank keys whose sums over any five ranks (each rank at most four times) are all
distinct: found by a greedy search (each key the smallest that keeps sums unique) and
checked by the tests."""

BATCH_TABLE_SIZE = 4 * BATCH_RANK_KEYS[-1] + BATCH_RANK_KEYS[-2] + 1


@dataclass(frozen=True, slots=True)
class Shape:
    """What a ranking says of one rank multiset (suited or not)."""

    key: tuple[int, ...]
    """Greater is better; equal keys are equal hands."""
    hand_class: str
    description: str


Strength = Callable[[tuple[int, ...], bool], Shape]
"""A ranking's rule: ranks (0 = deuce .. 12 = ace, sorted high to low) and whether
the five cards are suited -> its Shape."""


def rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """All multisets of ``size`` ranks with no rank more than four times, high to low."""
    for combo in combinations_with_replacement(range(12, -1, -1), size):
        if all(combo.count(rank) <= 4 for rank in set(combo)):
            yield combo


RANK_PLACES: tuple[int, ...] = tuple(5**rank for rank in range(13))
"""Each rank's place in a scalar key: its count in base 5."""


def rank_sum_key(ranks: tuple[int, ...]) -> int:
    """The scalar key: ranks counted in base 5 (the rank bits of a sum of card codes)."""
    key = 0
    for rank in ranks:
        key += RANK_PLACES[rank]
    return key


def ranks_of_sum_key(key: int) -> tuple[int, ...]:
    """The ranks counted in a scalar key (:func:`rank_sum_key`), low to high."""
    ranks: list[int] = []
    for rank in range(13):
        ranks.extend([rank] * (key // RANK_PLACES[rank] % 5))
    return tuple(ranks)


def batch_key(ranks: tuple[int, ...]) -> int:
    key = 0
    for rank in ranks:
        key += BATCH_RANK_KEYS[rank]
    return key


class FiveCardTable:
    """Dense values for every five-card hand of one ranking."""

    def __init__(self, strength: Strength) -> None:
        shapes: dict[tuple[tuple[int, ...], bool], Shape] = {}
        for ranks in rank_multisets(5):
            shapes[ranks, False] = strength(ranks, False)
            if len(set(ranks)) == 5:
                shapes[ranks, True] = strength(ranks, True)
        ordered = sorted({shape.key for shape in shapes.values()})
        value_of_key = {key: value for value, key in enumerate(ordered, start=1)}
        self.size = len(ordered)
        self.info: list[Shape | None] = [None] * (self.size + 1)
        self.plain: dict[int, int] = {}
        self.suited: dict[int, int] = {}
        self._batch_values: npt.NDArray[np.int16] | None = None
        for (ranks, suited), shape in shapes.items():
            value = value_of_key[shape.key]
            self.info[value] = shape
            (self.suited if suited else self.plain)[rank_sum_key(ranks)] = value

    @property
    def batch_values(self) -> npt.NDArray[np.int16]:
        """Unsuited hands at their batch key, suited ones BATCH_TABLE_SIZE further on (built
        at the first batch evaluation)."""
        if self._batch_values is None:
            import numpy as np

            values = np.zeros(2 * BATCH_TABLE_SIZE, dtype=np.int16)
            for offset, table in ((0, self.plain), (BATCH_TABLE_SIZE, self.suited)):
                for key, value in table.items():
                    values[offset + batch_key(ranks_of_sum_key(key))] = value
            self._batch_values = values
        return self._batch_values

    def value(self, codes: tuple[int, ...] | list[int]) -> int:
        """Value of exactly five card codes."""
        total = sum(codes)
        suit_and = codes[0] & codes[1] & codes[2] & codes[3] & codes[4]
        table = self.suited if suit_and & _SUIT_MASK else self.plain
        return table[total >> SUIT_BITS]

    def value_of_cards(self, cards: Sequence[Card]) -> int:
        """Value of exactly five different cards: their codes summed as they are read (no
        list of codes, each a boxed integer, made first)."""
        total = 0
        suit_and = _SUIT_MASK
        for card in cards:
            code = card.code
            total += code
            suit_and &= code
        table = self.suited if suit_and else self.plain
        return table[total >> SUIT_BITS]

    def shape(self, value: int) -> Shape:
        shape = self.info[value]
        if shape is None:
            raise ValueError(f"no hand has value {value}")
        return shape

    def fast5(self) -> Callable[[int, int, int, int, int], int]:
        """A scalar evaluator of five card codes, bound to this table."""
        plain, suited, mask, shift = self.plain, self.suited, _SUIT_MASK, SUIT_BITS

        def value5(a: int, b: int, c: int, d: int, e: int) -> int:
            if a & b & c & d & e & mask:
                return suited[(a + b + c + d + e) >> shift]
            return plain[(a + b + c + d + e) >> shift]

        return value5

    def batch(self, indexes: npt.NDArray[np.integer]) -> npt.NDArray[np.int16]:
        """Values of many hands at once: an (n, 5) array of card indexes (0..51)."""
        import numpy as np

        key_of_index, suit_bit_of_index = _batch_lookups()
        hands = np.asarray(indexes)
        if hands.ndim != 2 or hands.shape[1] != 5:
            raise ValueError(f"expected an (n, 5) array of card indexes, got shape {hands.shape}")
        # Column by column: several times faster than .sum(axis=1) on (n, 5) arrays.
        columns = [hands[:, place] for place in range(5)]
        rank_keys = [key_of_index.take(column) for column in columns]
        keys = rank_keys[0] + rank_keys[1] + rank_keys[2] + rank_keys[3] + rank_keys[4]
        suit_bits = [suit_bit_of_index.take(column) for column in columns]
        suited = (suit_bits[0] & suit_bits[1] & suit_bits[2] & suit_bits[3] & suit_bits[4]) != 0
        keys += suited.astype(np.int32) * BATCH_TABLE_SIZE
        values: npt.NDArray[np.int16] = self.batch_values.take(keys)
        return values


_SUIT_MASK = (1 << SUIT_BITS) - 1


@cache
def _batch_lookups() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """Each card index's batch rank key, and its suit bit."""
    import numpy as np

    return (np.array([BATCH_RANK_KEYS[i // 4] for i in range(52)], dtype=np.int32),
            np.array([1 << (i % 4) for i in range(52)], dtype=np.uint8))
