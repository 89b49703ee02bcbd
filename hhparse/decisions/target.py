"""The chance of ending on a made hand, suits aside, for any keep of a lowball decision (2-7,
A-5), over all remaining draws under the drawing policy (:data:`hhparse.decisions.POLICY`),
built for speed: the reports judge every keep of every decision.

Suits aside, this is the target's chance in A-5, and in 2-7 its chance before the flushes
are taken out (the policy looks at ranks only, so a flush of low cards stands pat and is
not a low hand): an upper bound that is exact whenever the cards kept cannot end as a
flush (:func:`flush_impossible`). :func:`hhparse.decisions.lowball.keep_target_chance`
gives the exact chance with the flushes, at a much higher cost: :class:`Decision` asks it
only where a flush can happen.

A state is the places held (the target's low ranks, ``Lowball.lows``, as a bit mask), the
cards kept that the policy throws at the next draw, the unseen cards of each place that
still matters (3 bits per place: the places not held, and the top cards of straights,
which the policy may throw back and draw to again), the cards unseen and the draws left:
all integers, so that states are shared by every decision in a process (the unseen cards
of a place not held never change until it is held, so most states recur). The last draw is
a closed form: a made hand needs one card of each missing place.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import Final

from hhparse.decisions import lowball
from hhparse.decisions.lowball import HAND, Context, Lowball, context, keep_target_chance

BITS: Final = 3
"""Bits per place of a counts code (a place has at most 4 unseen cards)."""
PLACE_MASK: Final = (1 << BITS) - 1
MEMO_LIMIT: Final = 1 << 21
"""States remembered (a float each, keyed by one integer) before the memo starts again."""
CHOOSE: Final[list[list[int]]] = [[comb(n, k) for k in range(HAND + 1)] for n in range(53)]
"""``CHOOSE[n][k]`` = ``comb(n, k)`` for the deck's sizes and the cards one draw takes."""


class Shape:
    """A game's places, as :func:`made_chance` uses them (built once per game)."""

    __slots__ = ("made", "number", "places_held", "supersets", "top_bits", "width")

    def __init__(self, game: Lowball, number: int) -> None:
        width = len(game.lows)
        self.width: int = width
        self.number: int = number
        """The shape's place among those built (a part of the memo's keys)."""
        made = [False] * (1 << width)
        supersets: list[list[tuple[int, ...]]] = [[] for _ in range(1 << width)]
        for five in game.made_hands:
            mask = 0
            for place in five:
                mask |= 1 << place
            made[mask] = True
            for held in range(1 << width):
                if held & mask == held:
                    supersets[held].append(
                        tuple(place for place in five if not held >> place & 1))
        self.made: list[bool] = made
        self.supersets: list[list[tuple[int, ...]]] = supersets
        """Each held mask's made hands, as the places each one adds."""
        self.places_held: list[int] = [bin(mask).count("1") for mask in range(1 << width)]
        """Each mask's number of places."""
        bits = 0
        for place in game.straight_tops:
            bits |= 1 << place
        self.top_bits: int = bits


_SHAPES: dict[int, tuple[Lowball, Shape]] = {}
SHAPE_BITS: Final = 4
"""Bits of a shape's number in the memo's keys (16 shapes: the games and targets in use)."""


def shape_of(game: Lowball) -> Shape:
    found = _SHAPES.get(id(game))
    if found is None or found[0] is not game:
        if len(_SHAPES) == 1 << SHAPE_BITS:  # numbers run out: start again, memos too
            clear_caches()
            _SHAPES.clear()
        found = _SHAPES[id(game)] = (game, Shape(game, len(_SHAPES)))
    return found[1]


def counts_code(counts: tuple[int, ...]) -> int:
    """The unseen cards of each place, 3 bits per place."""
    code = 0
    for place, count in enumerate(counts):
        code |= count << BITS * place
    return code


def forget_held(shape: Shape, code: int, held: int) -> int:
    """The code with the counts of held places cleared, but the straight tops'."""
    for place in range(shape.width):
        if held >> place & 1 and not shape.top_bits >> place & 1:
            code &= ~(PLACE_MASK << BITS * place)
    return code


_MEMO: dict[int, float] = {}


def made_chance(shape: Shape, held: int, junk: int, code: int, deck: int, draws_left: int
                ) -> float:
    """The chance of ending on a made hand (suits aside) drawing to ``held`` (places) with
    ``junk`` cards kept that the policy throws; ``code``: the counts code (held places
    forgotten, :func:`forget_held`); ``deck``: the cards unseen."""
    if draws_left == 1:
        return 0.0 if junk else _last_draw(shape, held, code, deck)
    # one integer: the code (3 bits a place), the places held, junk (< 8), deck (< 64),
    # draws left (< 4) and the shape
    key = ((((code << shape.width | held) << 3 | junk) << 6 | deck) << 2 | draws_left
           ) << SHAPE_BITS | shape.number
    found = _MEMO.get(key)
    if found is not None:
        return found
    places_held = shape.places_held
    size = HAND - places_held[held] - junk
    total = CHOOSE[deck][size]
    made = shape.made
    chance = 0.0
    for picked, spent, ways in _outcomes(shape, held, code, deck, size):
        new_held = held | picked
        share = ways / total
        if places_held[new_held] == HAND:
            if made[new_held]:
                chance += share
                continue
            new_held &= ~(1 << (new_held.bit_length() - 1))  # a straight: its top goes back
        chance += share * made_chance(shape, new_held, 0, code - spent, deck - size,
                                      draws_left - 1)
    if len(_MEMO) >= MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = chance
    return chance


def _last_draw(shape: Shape, held: int, code: int, deck: int) -> float:
    """One card of each missing place of a made hand."""
    size = HAND - shape.places_held[held]
    ways = 0
    for added in shape.supersets[held]:
        product = 1
        for place in added:
            product *= code >> BITS * place & PLACE_MASK
        ways += product
    return ways / CHOOSE[deck][size]


Outcome = tuple[int, int, int]
"""One draw's outcomes grouped: the places it gives (a bit mask), what it takes off the
counts code (the counts of places now held, the cards of straight tops drawn), and the
number of card sets doing so."""


def _outcomes(shape: Shape, held: int, code: int, deck: int, size: int) -> list[Outcome]:
    """Every way ``size`` cards drawn to ``held`` can fall, grouped by what matters next:
    the places not held that give at least one card (held from then on: their counts are
    forgotten) and the cards taken of each straight top (its count matters if it is thrown
    back later); every other card is useless. Not remembered: a state's outcomes are
    asked for once (its chance is remembered), and kept they took ~6 KB a state."""
    places: list[int] = []
    counts: list[int] = []
    tops: list[bool] = []
    useless = deck
    for place in range(shape.width):
        count = code >> BITS * place & PLACE_MASK
        if count:
            places.append(place)
            counts.append(count)
            tops.append(bool(shape.top_bits >> place & 1))
            useless -= count
    grouped: dict[tuple[int, int], int] = {}
    _take(_Piles(places, counts, tops, held, useless, size), grouped, 0, 0, 0, 0, 1)
    return [(picked, spent, ways) for (picked, spent), ways in grouped.items()]


class _Piles:
    """The places a draw can give cards of, for :func:`_take`."""

    __slots__ = ("counts", "held", "places", "size", "tops", "useless")

    def __init__(self, places: list[int], counts: list[int], tops: list[bool], held: int,
                 useless: int, size: int) -> None:
        self.places = places
        self.counts = counts
        self.tops = tops
        self.held = held
        self.useless = useless
        self.size = size


def _take(piles: _Piles, grouped: dict[tuple[int, int], int], i: int, used: int, picked: int,
          spent: int, ways: int) -> None:
    """Piles ``i`` on: none of pile i's cards, then 1, 2 ... of them."""
    if i == len(piles.places):
        total = ways * CHOOSE[piles.useless][piles.size - used]
        if total:
            key = (picked, spent)
            grouped[key] = grouped.get(key, 0) + total
        return
    _take(piles, grouped, i + 1, used, picked, spent, ways)
    place, count = piles.places[i], piles.counts[i]
    joins = 0 if piles.held >> place & 1 else 1 << place
    top = piles.tops[i]
    for n in range(1, min(count, piles.size - used) + 1):
        cleared = (n if top else count) << BITS * place
        _take(piles, grouped, i + 1, used + n, picked | joins, spent + cleared,
              ways * CHOOSE[count][n])


# --- one decision ---------------------------------------------------------------------------


def flush_impossible(game: Lowball, fixed: Sequence[int]) -> bool:
    """The cards held to the end are of two suits or more, so the final hand is no flush:
    ``fixed``, the low cards kept (one per rank), less those the policy may throw back (a
    straight's top card)."""
    suits = 0
    for card in fixed:
        if game.places[card // 4] not in game.straight_tops:
            suits |= 1 << card % 4
    return suits & (suits - 1) != 0


@cache
def keep_subsets(size: int) -> tuple[tuple[int, ...], ...]:
    """Every keep of ``size`` cards as the places of the cards kept: all of them first, then
    every choice of one fewer (in :func:`itertools.combinations` order), down to none."""
    return tuple(subset for kept in range(size, -1, -1)
                 for subset in combinations(range(size), kept))


@cache
def _subset_indexes(size: int) -> dict[tuple[int, ...], int]:
    return {subset: i for i, subset in enumerate(keep_subsets(size))}


def subset_index(size: int, subset: tuple[int, ...]) -> int:
    """The place of a keep (the sorted places of its cards) in :func:`keep_subsets`."""
    return _subset_indexes(size)[subset]


_BOUNDS: dict[tuple[int, int, int, int, tuple[int, ...]], tuple[float, ...]] = {}
BOUNDS_LIMIT: Final = 1 << 17
"""Decisions' bounds remembered (about 400 bytes each) before the memo starts again."""


class Decision:
    """One player's decision: his unseen cards, prepared once for every keep judged."""

    __slots__ = ("_ctx", "code", "deck", "game", "seen", "shape")

    def __init__(self, game: Lowball, seen: frozenset[int]) -> None:
        self.game: Lowball = game
        self.seen: frozenset[int] = seen
        self.shape: Shape = shape_of(game)
        unseen = [4] * 13
        for card in seen:
            unseen[card // 4] -= 1
        self.code: int = counts_code(tuple(unseen[rank] for rank in game.lows))
        self.deck: int = 52 - len(seen)
        self._ctx: Context | None = None

    @property
    def ctx(self) -> Context:
        """The unseen cards as :mod:`hhparse.decisions.lowball` takes them (built when a
        chance with the flushes is asked for)."""
        if self._ctx is None:
            self._ctx = context(self.game, self.seen)
        return self._ctx

    def bounds(self, held: Sequence[int], draws_left: int) -> tuple[float, ...]:
        """Each keep's chance suits aside (:func:`keep_subsets` order): the exact chance in
        A-5, an upper bound in 2-7. Shared by the decisions with the same unseen ranks and
        the same ranks held."""
        game, shape, code, deck = self.game, self.shape, self.code, self.deck
        places = tuple(game.places[card // 4] for card in held)
        key = (shape.number, code, deck, draws_left, places)
        found = _BOUNDS.get(key)
        if found is None:
            out: list[float] = []
            for subset in keep_subsets(len(held)):
                mask = junk = 0
                for i in subset:
                    place = places[i]
                    if place < 0 or mask >> place & 1:
                        junk += 1
                    else:
                        mask |= 1 << place
                out.append(made_chance(shape, mask, junk, forget_held(shape, code, mask), deck,
                                       draws_left))
            found = tuple(out)
            if len(_BOUNDS) >= BOUNDS_LIMIT:
                _BOUNDS.clear()
            _BOUNDS[key] = found
        return found

    def chance(self, kept: Sequence[int], draws_left: int, bound: float) -> float:
        """The exact chance of ending with the target or better when ``kept`` (card indexes)
        are kept now; ``bound``: its chance suits aside, the answer where no flush can
        happen."""
        game = self.game
        if not game.suits_count or flush_impossible(game, _low_cards_kept(game, kept)):
            return bound
        return keep_target_chance(self.ctx, kept, draws_left)


def _low_cards_kept(game: Lowball, kept: Sequence[int]) -> list[int]:
    """The low cards kept, one per rank: of two cards of one rank, the lower index."""
    ranks = 0
    fixed: list[int] = []
    for card in sorted(kept):
        rank = card // 4
        if game.places[rank] >= 0 and not ranks >> rank & 1:
            ranks |= 1 << rank
            fixed.append(card)
    return fixed


def clear_caches() -> None:
    """Forget every state judged in this process (both engines): the next judgements run
    cold, as in a new process."""
    _MEMO.clear()
    _BOUNDS.clear()
    lowball.clear_caches()
