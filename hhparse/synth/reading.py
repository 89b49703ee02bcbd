"""How a simple player reads his cards: a strength between 0 and 1, and what to keep.

These are heuristics for plausible play, not solvers: lowball players keep their
lowest different ranks and stand pat on a smooth enough made hand; badugi players keep
their best badugi and break a rough one; five-card draw players keep their pairs and
four-card draws; stud players count their pairs, or (Razz) their low cards still live.
Strength is roughly "how often this wins at a showdown"; the betting policy compares it
with thresholds. Who wins at the showdown is decided by the project's evaluators, never
here.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations
from typing import NamedTuple

from hhparse.cards import DECK, Card
from hhparse.evaluators import badugi
from hhparse.variants import Variant

RANK: tuple[int, ...] = tuple(int(card.rank) for card in DECK)
SUIT: tuple[int, ...] = tuple(int(card.suit) for card in DECK)
LOW_A5: tuple[int, ...] = tuple((int(card.rank) + 1) % 13 for card in DECK)
"""Ace-to-five order: ace 0, deuce 1 .. king 12."""
LOW_27: tuple[int, ...] = RANK
"""Deuce-to-seven order (aces high): deuce 0 .. ace 12."""


class Read(NamedTuple):
    strength: float
    keep: tuple[Card, ...]
    """Draw games: the cards to keep (all of them: stand pat)."""


# --- lowball (2-7, A-5), by the top card of a made hand in the game's own order --------

MADE_27 = (0.0, 0.0, 0.0, 0.0, 0.0, 0.97, 0.88, 0.74, 0.6, 0.46, 0.34, 0.24, 0.16)
MADE_A5 = (0.0, 0.0, 0.0, 0.0, 0.99, 0.93, 0.84, 0.72, 0.58, 0.46, 0.35, 0.26, 0.18)
PAT_27 = {3: 7, 2: 8, 1: 9}
"""Draws left -> the highest top card (2-7 order) a player stands pat on (9, T, J)."""
KEEP_27 = {3: 6, 2: 6, 1: 7}
PAT_A5 = {3: 7, 2: 8, 1: 9}
KEEP_A5 = {3: 7, 2: 7, 1: 8}
COMPLETES = {
    3: (1.0, 0.8, 0.55, 0.3, 0.14, 0.06),
    2: (1.0, 0.65, 0.38, 0.16, 0.06, 0.02),
    1: (1.0, 0.4, 0.16, 0.05, 0.01, 0.003),
}
"""Draws left -> chance to make a hand, by the number of cards missing."""


POW5: tuple[int, ...] = tuple(5**rank for rank in range(13))
"""A rank multiset as one integer: the sum of ``POW5[rank]`` (at most four of a rank)."""


def read_lowball(cards: list[Card], *, deuce: bool, draws_left: int, bias: int = 0,
                 choose: bool = True) -> Read:
    """2-7 (``deuce``) or A-5 lowball, five cards (``choose``: also pick the cards to keep)."""
    low = LOW_27 if deuce else LOW_A5
    key = 0
    for card in cards:
        key += POW5[low[card.index]]
    suit = SUIT[cards[0].index]
    suited = deuce and all(SUIT[card.index] == suit for card in cards)
    strength, kept = _lowball_plan(key, deuce, suited, draws_left, bias)
    if kept is None:
        return Read(strength, tuple(cards))
    if not choose:
        return Read(strength, ())
    keep = tuple(min((card for card in cards if low[card.index] == rank), key=_index)
                 for rank in kept)
    return Read(strength, keep)


def _index(card: Card) -> int:
    return card.index


@cache
def _lowball_plan(key: int, deuce: bool, suited: bool, draws_left: int,
                  bias: int) -> tuple[float, tuple[int, ...] | None]:
    """(strength, the ranks to keep; None: stand pat), from the hand's ranks alone."""
    made_table = MADE_27 if deuce else MADE_A5
    ranks = [rank for rank in range(13) if key // POW5[rank] % 5]
    made = len(ranks) == 5 and not (deuce and (ranks[4] - ranks[0] == 4 or suited))
    if made:
        top = ranks[4]
        strength = made_table[top] + 0.015 * (top - 1 - ranks[3])
        pat_top = (PAT_27 if deuce else PAT_A5).get(min(draws_left, 3), 12) + bias
        if draws_left == 0 or top <= pat_top:
            return min(strength, 1.0), None
    if draws_left == 0:
        return (0.05 if len(ranks) == 4 else 0.02), None
    cut = (KEEP_27 if deuce else KEEP_A5)[min(draws_left, 3)] + bias
    kept = [rank for rank in ranks if rank <= cut][:4]
    floor = 5 if deuce else 4
    top = max(kept[-1] if kept else cut, floor + 1)
    chance = COMPLETES[min(draws_left, 3)][5 - len(kept)]
    smooth = 0.006 * sum(kept) / max(len(kept), 1)
    return 0.04 + 0.95 * chance * made_table[min(top, 12)] - smooth, tuple(kept)


# --- badugi (four cards; Badeucey and Badacey: the best of five) ------------------------

MADE_BADUGI = (1.0, 1.0, 1.0, 1.0, 0.98, 0.95, 0.9, 0.84, 0.76, 0.67, 0.57, 0.47, 0.38)
PAT_BADUGI = {3: 9, 2: 10, 1: 11}
KEEP_BADUGI = {3: 7, 2: 8, 1: 9}
BADUGI_COMPLETES = {
    3: (1.0, 0.72, 0.42, 0.16, 0.05),
    2: (1.0, 0.55, 0.26, 0.08, 0.02),
    1: (1.0, 0.3, 0.1, 0.02, 0.005),
}
_SUBSETS = tuple(
    sorted(
        (positions for size in range(1, 5) for positions in combinations(range(4), size)),
        key=len, reverse=True,
    )
)


def badugi_value(cards: list[Card], aces_low: bool) -> int:
    """The evaluator's value of four cards, or of the best four of five."""
    values = badugi.table(aces_low)
    bits = [card.bit for card in cards]
    mask = sum(bits)
    if len(bits) == 4:
        return values[mask]
    return max(values[mask - bit] for bit in bits)


def badugi_ranks(value: int) -> list[int]:
    """The ranks of a badugi value, highest first (the ranking's own order)."""
    return [12 - ((value >> (4 * (3 - place))) & 15) for place in range(value >> 16)]


def best_badugi(cards: list[Card], aces_low: bool) -> tuple[Card, ...]:
    """The cards of the best badugi in four cards, or in the best four of five."""
    low = LOW_A5 if aces_low else LOW_27
    ranks = badugi_ranks(badugi_value(cards, aces_low))
    groups = {rank: [c for c in cards if low[c.index] == rank] for rank in ranks}
    chosen: list[Card] = []
    used: set[int] = set()
    for rank in sorted(ranks, key=lambda r: (len(groups[r]), r)):
        card = next((c for c in groups[rank] if SUIT[c.index] not in used), None)
        if card is None:
            return _search_badugi(cards, ranks, low)
        chosen.append(card)
        used.add(SUIT[card.index])
    return tuple(chosen)


def _search_badugi(cards: list[Card], ranks: list[int], low: tuple[int, ...]) -> tuple[Card, ...]:
    """The rare hand where picking suits greedily fails: try every subset."""
    wanted = sorted(ranks)
    for size in (len(ranks),):
        for subset in combinations(cards, size):
            if sorted(low[c.index] for c in subset) == wanted and len(
                {SUIT[c.index] for c in subset}
            ) == size:
                return subset
    raise ValueError(f"no badugi of ranks {ranks} in {cards}")


def read_badugi(cards: list[Card], *, aces_low: bool, draws_left: int, bias: int = 0,
                choose: bool = True) -> Read:
    """Badugi, four cards (``choose``: also pick the cards to keep, for a draw)."""
    ranks = badugi_ranks(badugi_value(cards, aces_low))
    size = len(ranks)
    if size == 4:
        top = ranks[0]
        strength = MADE_BADUGI[top] + 0.01 * (top - 1 - ranks[1])
        if draws_left == 0 or top <= PAT_BADUGI.get(min(draws_left, 3), 12) + bias:
            return Read(min(strength, 1.0), tuple(cards))
    if draws_left == 0:
        if size == 3:
            return Read(0.06 + 0.1 * (12 - ranks[0]) / 12, tuple(cards))
        return Read(0.02, tuple(cards))
    cut = KEEP_BADUGI[min(draws_left, 3)] + bias
    kept_ranks = [rank for rank in reversed(ranks) if rank <= cut][:3]
    top = max([*kept_ranks, 6])
    chance = BADUGI_COMPLETES[min(draws_left, 3)][4 - len(kept_ranks)]
    strength = 0.03 + 0.95 * chance * MADE_BADUGI[top] - 0.006 * sum(kept_ranks) / max(
        len(kept_ranks), 1)
    if not choose:
        return Read(strength, ())
    low = LOW_A5 if aces_low else LOW_27
    wanted = set(kept_ranks)
    keep = tuple(card for card in best_badugi(cards, aces_low) if low[card.index] in wanted)
    return Read(strength, keep)


def read_split_badugi(cards: list[Card], *, deuce: bool, draws_left: int, bias: int = 0,
                      choose: bool = True) -> Read:
    """Badeucey (2-7 and aces-high badugi) and Badacey (A-5 and aces-low badugi)."""
    lowball = read_lowball(cards, deuce=deuce, draws_left=draws_left, bias=bias, choose=choose)
    badugi = read_badugi(cards, aces_low=not deuce, draws_left=0, choose=False)
    best, worst = max(lowball.strength, badugi.strength), min(lowball.strength, badugi.strength)
    strength = min(1.0, 0.5 * (best + worst) + 0.25 * worst)
    return Read(strength, lowball.keep)


# --- high (five-card draw, stud) --------------------------------------------------------


def _high_made(cards: list[Card]) -> tuple[float, list[tuple[int, int]], bool, bool]:
    """(strength of the made hand, (count, rank) groups best first, flush, straight)."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[RANK[card.index]] = counts.get(RANK[card.index], 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    suits = [0, 0, 0, 0]
    for card in cards:
        suits[SUIT[card.index]] += 1
    flush = max(suits) >= 5
    distinct = sorted(counts)
    if 12 in counts:
        distinct = [-1, *distinct]
    straight = any(distinct[i + 4] - distinct[i] == 4 for i in range(len(distinct) - 4))
    top_count, top_rank = groups[0]
    if straight and flush:
        strength = 1.0
    elif top_count == 4:
        strength = 0.98
    elif top_count == 3 and len(groups) > 1 and groups[1][0] >= 2:
        strength = 0.95
    elif flush:
        strength = 0.9
    elif straight:
        strength = 0.86
    elif top_count == 3:
        strength = 0.72 + 0.08 * top_rank / 12
    elif top_count == 2 and groups[1][0] == 2:
        strength = 0.55 + 0.1 * top_rank / 12
    elif top_count == 2:
        strength = 0.2 + 0.25 * top_rank / 12
    else:
        strength = 0.03 + 0.1 * max(0, top_rank - 7) / 5
    return strength, groups, flush, straight


def read_high_draw(cards: list[Card], *, draws_left: int, bias: int = 0) -> Read:
    """Five-card draw: keep pairs, trips, two pair, four-card flushes and straights."""
    strength, groups, flush, straight = _high_made(cards)
    top_count = groups[0][0]
    if draws_left == 0 or flush or straight or top_count == 4 or (
        top_count == 3 and groups[1][0] == 2
    ):
        return Read(strength, tuple(cards))
    if top_count >= 2:
        kept_ranks = {rank for count, rank in groups if count >= 2}
        keep = tuple(card for card in cards if RANK[card.index] in kept_ranks)
        return Read(strength + 0.04, keep)
    suits: dict[int, list[Card]] = {}
    for card in cards:
        suits.setdefault(SUIT[card.index], []).append(card)
    four_flush = next((group for group in suits.values() if len(group) == 4), None)
    if four_flush is not None:
        return Read(0.33, tuple(four_flush))
    ordered = sorted(cards, key=lambda c: RANK[c.index])
    ranks = [RANK[card.index] for card in ordered]
    for start in (0, 1):
        if ranks[start + 3] - ranks[start] == 3:
            return Read(0.28, tuple(ordered[start : start + 4]))
    high = [card for card in ordered if RANK[card.index] >= 9 - bias][-2:]
    return Read(strength, tuple(high) or (ordered[-1],))


def read_stud_high(cards: list[Card], to_come: int) -> float:
    key = 0
    suits = [0, 0, 0, 0]
    for card in cards:
        key += POW5[RANK[card.index]]
        suits[SUIT[card.index]] += 1
    return _stud_high(key, max(suits), len(cards), to_come)


@cache
def _stud_high(key: int, best_suit: int, count: int, to_come: int) -> float:
    counts = {rank: key // POW5[rank] % 5 for rank in range(13) if key // POW5[rank] % 5}
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    if count >= 5:
        strength = _made_strength(groups, sorted(counts), best_suit >= 5)
    else:
        strength = _partial_strength(groups)
    if to_come:
        if best_suit >= 3 and best_suit + to_come >= 5 and strength < 0.8:
            strength += 0.06 * (best_suit - 2)
        if count <= 4 and groups[0][0] >= 2:
            strength += 0.08
    return min(strength, 1.0)


def _made_strength(groups: list[tuple[int, int]], distinct: list[int], flush: bool) -> float:
    if 12 in distinct:
        distinct = [-1, *distinct]
    straight = any(distinct[i + 4] - distinct[i] == 4 for i in range(len(distinct) - 4))
    top_count = groups[0][0]
    if straight and flush:
        return 0.96  # a straight flush somewhere among seven cards, or a straight and a flush
    if top_count == 4:
        return 0.98
    if top_count == 3 and len(groups) > 1 and groups[1][0] >= 2:
        return 0.95
    if flush:
        return 0.9
    if straight:
        return 0.86
    return _partial_strength(groups)


def _partial_strength(groups: list[tuple[int, int]]) -> float:
    top_count, top_rank = groups[0]
    if top_count == 4:
        return 0.98
    if top_count == 3:
        return 0.75 + 0.08 * top_rank / 12
    if top_count == 2 and len(groups) > 1 and groups[1][0] == 2:
        return 0.58 + 0.1 * top_rank / 12
    if top_count == 2:
        return 0.25 + 0.28 * top_rank / 12
    return 0.05 + 0.12 * max(0, top_rank - 6) / 6


def read_razz(cards: list[Card], to_come: int, *, eight: bool = False) -> float:
    """Razz (and stud hi/lo's low half, ``eight``: 8-or-better only)."""
    mask = 0
    for card in cards:
        mask |= 1 << LOW_A5[card.index]
    return _razz(mask, to_come, eight)


@cache
def _razz(mask: int, to_come: int, eight: bool) -> float:
    ranks = [rank for rank in range(13) if mask >> rank & 1]
    if len(ranks) >= 5 and (not eight or ranks[4] <= 7):
        return MADE_A5[ranks[4]]
    limit = 7
    good = [rank for rank in ranks if rank <= limit]
    missing = 5 - min(len(good), 5)
    if missing > to_come:
        return 0.02 if eight else 0.04
    top = max(good[-1] if good else limit, 5)
    chance = 0.8**missing * (1 - missing / (to_come + 1))
    return 0.05 + 0.9 * chance * MADE_A5[min(top + 1, 12)]


def read_stud8(cards: list[Card], to_come: int) -> float:
    high = read_stud_high(cards, to_come)
    low = read_razz(cards, to_come, eight=True)
    return min(1.0, max(high, low) + 0.25 * min(high, low))


# --- by variant -------------------------------------------------------------------------


def read_draw(variant: Variant, cards: list[Card], draws_left: int, bias: int = 0, *,
              choose: bool = True) -> Read:
    """A draw game's hand, ``draws_left`` draws before the showdown (this one included)."""
    rankings = variant.rankings
    if rankings == ("high",):
        return read_high_draw(cards, draws_left=draws_left, bias=bias)
    if rankings in (("27",), ("a5",)):
        return read_lowball(cards, deuce=rankings == ("27",), draws_left=draws_left, bias=bias,
                            choose=choose)
    if rankings == ("badugi",):
        return read_badugi(cards, aces_low=True, draws_left=draws_left, bias=bias,
                           choose=choose)
    return read_split_badugi(cards, deuce=rankings[1] == "27", draws_left=draws_left,
                             bias=bias, choose=choose)


def read_stud(variant: Variant, cards: list[Card], to_come: int) -> float:
    """A stud hand (a community card included), ``to_come`` cards still to be dealt."""
    rankings = variant.rankings
    if rankings == ("a5",):
        return read_razz(cards, to_come)
    if rankings == ("high",):
        return read_stud_high(cards, to_come)
    return read_stud8(cards, to_come)


def opening_strength(variant: Variant, cards: list[Card]) -> float:
    """How a player reads his first cards (before any draw; stud: on 3rd street)."""
    if variant.is_stud:
        return read_stud(variant, cards, 4)
    draws = variant.draws.count if variant.draws else 0
    return read_draw(variant, cards, draws, choose=False).strength


ENTRY_SAMPLE = 3000


@cache
def _opening_strengths(variant: Variant) -> tuple[float, ...]:
    """Strengths of a fixed sample of starting hands, sorted (the same on every run)."""
    sampler = random.Random(variant.id)
    size = 3 if variant.is_stud else variant.hand_size
    deck = list(DECK)
    return tuple(sorted(opening_strength(variant, sampler.sample(deck, size))
                        for _ in range(ENTRY_SAMPLE)))


@cache
def entry_bar(variant: Variant, share: float) -> float:
    """The opening strength that only ``share`` of starting hands reach: a player who
    comes in with that share of his hands needs at least this."""
    strengths = _opening_strengths(variant)
    return strengths[min(len(strengths) - 1, int(len(strengths) * (1 - share)))]
