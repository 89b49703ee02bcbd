"""Badugi's chances over several draws, by dealing: seeded, the same deals for every keep,
each chance with its standard error.

Why dealing here, when lowball is exact (:mod:`hhparse.decisions.lowball`): the lowball
policy looks at ranks only, so the draws can be followed rank by rank. The Badugi policy
looks at suits and ranks together (a low card of a suit already held may replace the
higher one), and which cards were thrown at one draw changes what can come at the next:
exactly, the state would be every card dealt so far. So every keep is played out over
``SAMPLES`` deals of the unseen cards, under the policy of :data:`hhparse.decisions.POLICY`.

Every keep of one decision meets the same deals (deal i gives each keep the same order of
unseen cards): the difference between two keeps' chances is then measured much more
precisely than either chance (:func:`paired_error`). The seed comes from the decision's
cards, so one decision always gives the same numbers, in any process.

Cost: the policy's keep and a hand's value are looked up in tables over the 270,725
four-card hands (by the hand's colex number; 1.4 MB per ranking and target), and a draw is
a few numpy operations over all the deals at once.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Final

import numpy as np

from hhparse.evaluators import badugi

if TYPE_CHECKING:
    import numpy.typing as npt

SAMPLES: Final = 10_000
"""Deals per decision: a chance's standard error is at most 0.5% (at a chance of 1/2)."""
PILOT: Final = 1_500
"""A decision's first deals, on which every keep is played: only the keeps that may still
be best (and the keep made) are played on all ``SAMPLES``."""
RACE_ERRORS: Final = 4.0
"""A keep leaves the race when the pilot puts it more than this many standard errors (of
its difference from the leader) behind the leader."""
HAND: Final = 4


def seed_of(*parts: str) -> int:
    """A seed from a decision's cards (the same in every process, unlike ``hash``)."""
    return zlib.crc32("|".join(parts).encode())


def final_values(
    aces_low: bool, top: int, keeps: Sequence[Sequence[int]], seen: frozenset[int],
    draws_left: int, seed: int, samples: int = SAMPLES,
) -> npt.NDArray[np.int32]:
    """The value of the final hand (:mod:`hhparse.evaluators.badugi`) of each keep (card
    indexes) on each deal: a (keeps, samples) array. ``top``: the target's top card as a
    comparison rank (0 the best card; aces low, 0 is the ace); ``seen``: the cards the
    player has seen (his hand among them); ``draws_left``: this draw and the later ones."""
    return values_on(aces_low, top, keeps, deals(seen, draws_left, seed, samples))


def deals(seen: frozenset[int], draws_left: int, seed: int, samples: int = SAMPLES
          ) -> npt.NDArray[np.int64]:
    """``samples`` orders of the unseen cards, each as long as ``draws_left`` draws can use
    (four cards a draw): a (samples, cards) array."""
    unseen = np.array([index for index in range(52) if index not in seen], dtype=np.int64)
    needed = HAND * draws_left
    if len(unseen) < needed:
        raise ValueError(f"{len(unseen)} unseen cards cannot make {draws_left} draws")
    rng = np.random.default_rng(seed)
    ordered: npt.NDArray[np.int64] = rng.permuted(
        np.broadcast_to(unseen, (samples, len(unseen))), axis=1)[:, :needed]
    return ordered


def values_on(aces_low: bool, top: int, keeps: Sequence[Sequence[int]],
              decks: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
    """:func:`final_values` on the given deals (:func:`deals`): the draws left are as many
    as the deals have cards for."""
    samples, needed = decks.shape
    keep_table, value_table = _tables(aces_low, top)
    rows = np.arange(samples)[:, None]
    out = np.empty((len(keeps), samples), dtype=np.int32)
    for k, keep in enumerate(keeps):
        drawn = HAND - len(keep)
        hand = np.concatenate(
            [np.broadcast_to(np.asarray(keep, dtype=np.int64), (samples, len(keep))),
             decks[:, :drawn]], axis=1)
        used = np.full(samples, drawn, dtype=np.int64)
        for _ in range(needed // HAND - 1):
            hand.sort(axis=1)
            mask = keep_table[_colex(hand)]
            kept = (mask[:, None] >> np.arange(HAND)) & 1 == 1
            place = np.cumsum(~kept, axis=1) - 1  # the k-th card thrown takes the k-th dealt
            dealt = decks[rows, np.minimum(used[:, None] + place, needed - 1)]
            hand = np.where(kept, hand, dealt)
            used += HAND - kept.sum(axis=1)
        hand.sort(axis=1)
        out[k] = value_table[_colex(hand)]
    return out


def paired_error(hits_a: npt.NDArray[np.bool_], hits_b: npt.NDArray[np.bool_]) -> float:
    """The standard error of the difference of two keeps' chances measured on the same
    deals."""
    difference = hits_a.astype(np.float64) - hits_b.astype(np.float64)
    return float(difference.std() / np.sqrt(len(difference)))


def chance_error(hits: npt.NDArray[np.bool_]) -> float:
    """The standard error of one chance measured by dealing."""
    p = float(hits.mean())
    return float(np.sqrt(p * (1.0 - p) / len(hits)))


_colex = badugi.colex_numbers


@cache
def _tables(aces_low: bool, top: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
    """By colex number of a sorted four-card hand: the positions the policy keeps (bit i:
    the i-th lowest card index) and the hand's value."""
    hands = np.array(list(combinations(range(52), HAND)), dtype=np.int64)
    keep_table = np.zeros(len(hands), dtype=np.uint8)
    keep_table[_colex(hands)] = badugi.best_subsets(hands, aces_low, top)[1]
    return keep_table, badugi.value_table(aces_low)


FOUR_CARDS: Final = 4 << 16
"""The lowest value of a four-card badugi."""


def last_draw_chance(aces_low: bool, top: int, keep: Sequence[int], seen: frozenset[int]
                     ) -> float:
    """The exact chance that drawing to ``keep`` (card indexes) at the last draw makes a
    four-card badugi of cards at or below ``top`` (a comparison rank): the ways to pick one
    unseen card of each missing suit, of different ranks at or below ``top`` that the keep
    lacks, over every set of cards that can come. Counted rank by rank over which missing
    suits are filled (at most 13 x 16 steps) instead of dealing every set."""
    lows = [_comparison(index, aces_low) for index in keep]
    suits = {index % 4 for index in keep}
    if max(lows, default=0) > top or len(set(lows)) < len(keep) or len(suits) < len(keep):
        return 0.0
    missing = [suit for suit in range(4) if suit not in suits]
    ways = [0] * (1 << len(missing))
    ways[0] = 1
    for low in range(top + 1):
        if low in lows:
            continue
        rank = (low + 12) % 13 if aces_low else low
        fits = [i for i, suit in enumerate(missing) if rank * 4 + suit not in seen]
        if not fits:
            continue
        ways = [count + sum(ways[state & ~(1 << i)] for i in fits if state >> i & 1)
                for state, count in enumerate(ways)]
    unseen = 52 - len(seen)
    return ways[-1] / comb(unseen, len(missing))


def _comparison(index: int, aces_low: bool) -> int:
    rank = index // 4
    return (rank + 1) % 13 if aces_low else rank
