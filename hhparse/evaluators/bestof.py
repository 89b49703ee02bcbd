"""Best-of-n tables: the best five-card value hidden in six or seven ranks."""

from __future__ import annotations

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
