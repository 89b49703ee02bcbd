"""Best-of-n tables: the best five-card value hidden in six or seven ranks."""

from __future__ import annotations

from hhparse.evaluators.tables import rank_multisets, rank_sum_key


def best_of_table(five: dict[int, int], sizes: tuple[int, ...]) -> dict[int, int]:
    """Extend a five-card table (rank-sum key -> value) to larger rank multisets.

    A hand of n ranks is worth the best of the hands left by dropping one card, so
    each size is built from the one before it. Only for rankings where suits do not
    matter, or for the unsuited part of one that does.
    """
    best = dict(five)
    for size in sizes:
        for ranks in rank_multisets(size):
            key = rank_sum_key(ranks)
            best[key] = max(best[key - 5**rank] for rank in set(ranks))
    return best
