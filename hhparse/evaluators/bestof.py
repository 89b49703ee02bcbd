"""The best five-card value hidden in six or seven cards: looked up five cards at a time
(:func:`best_of_five`, one hand), or in a table of every six and seven rank multiset
(:func:`best_of_table`, for code that evaluates most hands)."""

from __future__ import annotations

from collections.abc import Sequence

from hhparse.cards import SUIT_BITS
from hhparse.evaluators.tables import RANK_PLACES


def best_of_table(five: dict[int, int], sizes: tuple[int, ...]) -> dict[int, int]:
    """Extend a five-card table (rank-sum key -> value) to larger rank multisets.

    A hand of n ranks is worth the best of the hands left by dropping one card; built
    forwards, each hand of n - 1 ranks offers its value to the hands one card larger
    (one addition per rank that still has a card left), which visits each larger key
    once per rank instead of decoding every multiset. Only for rankings where suits do
    not matter, or for the unsuited part of one that does. ``sizes`` run upwards from 6.
    """
    best = dict(five)
    frontier = list(five)
    for _ in sizes:
        grown: dict[int, int] = {}
        for key in frontier:
            value = best[key]
            for place in RANK_PLACES:
                if key // place % 5 < 4:
                    larger = key + place
                    if grown.get(larger, 0) < value:
                        grown[larger] = value
        best.update(grown)
        frontier = list(grown)
    return best


def best_of_five(five: dict[int, int], codes: Sequence[int]) -> int:
    """The best value among the five-card hands in six or seven card ``codes``, by a
    five-card table of rank-sum keys (``FiveCardTable.plain``: suits aside): each hand
    left by dropping one card (of six) or two (of seven), 6 or 21 look-ups. The table of
    every six and seven rank multiset gives the same in one, but holds 73,775 keys:
    ~6.6 MB of Python objects for each ranking, for the whole of an ingest."""
    total = sum(codes)
    count = len(codes)
    best = 0
    for first in range(count):
        without_first = total - codes[first]
        if count == 6:
            value = five[without_first >> SUIT_BITS]
            if value > best:
                best = value
            continue
        for second in range(first + 1, count):
            value = five[(without_first - codes[second]) >> SUIT_BITS]
            if value > best:
                best = value
    return best
