"""Exact chances over several draws in the lowball games (2-7 and A-5), under the drawing
policy written out in :data:`hhparse.decisions.POLICY`.

The player keeps some cards now; every later draw follows the policy, which looks at ranks
only: keep one card of each rank that is at or below the target's top card (the target
``8-low`` in 2-7: deuce to eight; in A-5 the ace is low), throw the rest; stand pat on a
made hand of five such ranks; in 2-7, a straight of five such ranks is broken by throwing
its highest card. The drawn cards are dealt from the cards the player has not seen (his
discards never come back).

Why ranks suffice, exactly. The policy never looks at a suit, and a card above the target
(a *brick*) is always thrown. So the chain of draws can be followed on ranks alone: per draw,
how many cards of each low rank came and how many bricks. Given that chain,

* the bricks dealt at the last draw are a uniform sample of the bricks unseen at the
  decision (which bricks came at earlier draws does not matter: they were thrown), so their
  ranks follow the unseen bricks' counts;
* each card of a rank held at the end that was drawn (not in the hand at the decision) is a
  uniform pick of that rank's unseen cards, independently from rank to rank, so the chance
  that the final five share a suit is a product over ranks (2-7 only: A-5 ignores suits).

Every weight is a product of binomial coefficients over the unseen cards: the chances are
exact (a test checks them against dealing out every card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from operator import mul
from typing import Final

from hhparse.evaluators import low
from hhparse.evaluators.tables import RANK_PLACES, FiveCardTable

HAND: Final = 5
Distribution = tuple[float, ...]
"""The chance of each class, by class id (:attr:`Lowball.names`)."""


@dataclass(frozen=True, slots=True, eq=False)
class Lowball:
    """One lowball ranking with a target: what the policy keeps and how hands are named."""

    ranking: str
    """``27`` or ``a5``."""
    top: int
    """The target's top card, as a card rank (0 = deuce .. 12 = ace)."""
    target_lowest: int
    """The lowest table value of the target class (greater is better)."""
    table: FiveCardTable
    names: tuple[str, ...]
    class_of_value: tuple[int, ...]
    lows: tuple[int, ...]
    """The ranks the policy keeps (at or below the top card), best first."""
    bricks: tuple[int, ...]
    places: tuple[int, ...]
    """Each card rank's place in ``lows`` (-1: a brick)."""
    straight_tops: frozenset[int]
    """2-7: the places of low ranks that top a straight of low ranks (the policy may throw
    such a card back)."""
    made_hands: frozenset[tuple[int, ...]]
    """The five places (sorted) that make the target or better, suits aside."""

    @property
    def suits_count(self) -> bool:
        return self.ranking == "27"


@cache
def lowball(ranking: str, top: int, target_lowest: int) -> Lowball:
    table = low.deuce_to_seven_table() if ranking == "27" else low.ace_to_five_table()
    names: list[str] = []
    class_of_value = [0] * (table.size + 1)
    for value in range(1, table.size + 1):
        name = table.shape(value).hand_class
        if name not in names:
            names.append(name)
        class_of_value[value] = names.index(name)
    order = _low_order(ranking)
    lows = tuple(sorted((rank for rank in range(13) if order[rank] <= order[top]),
                        key=order.__getitem__))
    bricks = tuple(rank for rank in range(13) if rank not in lows)
    places = tuple(lows.index(rank) if rank in lows else -1 for rank in range(13))
    tops = frozenset(
        places[rank] for rank in lows
        if ranking == "27" and all(rank - step in lows for step in range(1, HAND))
    )
    made = frozenset(
        five for five in combinations(range(len(lows)), HAND)
        if table.plain[sum(RANK_PLACES[lows[place]] for place in five)] >= target_lowest
    )
    return Lowball(ranking, top, target_lowest, table, tuple(names), tuple(class_of_value),
                   lows, bricks, places, tops, made)


def _low_order(ranking: str) -> tuple[int, ...]:
    """Each card rank's place from the best low card (2-7: the deuce; A-5: the ace)."""
    if ranking == "27":
        return tuple(range(13))
    return tuple((rank + 1) % 13 for rank in range(13))


@dataclass(slots=True)
class Context:
    """What one player has seen: the unseen cards, and every state judged so far."""

    game: Lowball
    low_counts: tuple[int, ...]
    """Unseen cards of each low rank (in ``game.lows`` order)."""
    brick_count: int
    brick_draws: tuple[tuple[tuple[int, tuple[int, ...], float], ...], ...]
    """For j bricks dealt: each multiset of their ranks (its rank key, its ranks, its
    chance)."""
    suit_share: tuple[tuple[float, ...], ...]
    """[suit][rank]: the share of the rank's unseen cards that are of this suit."""
    memo: dict[tuple[object, ...], Distribution] = field(default_factory=dict)


def context(game: Lowball, seen: frozenset[int]) -> Context:
    unseen = [[rank * 4 + suit not in seen for suit in range(4)] for rank in range(13)]
    per_rank = [sum(cards) for cards in unseen]
    low_counts = tuple(per_rank[rank] for rank in game.lows)
    brick_units = [per_rank[rank] for rank in game.bricks]
    suit_share = tuple(
        tuple((unseen[rank][suit] / per_rank[rank]) if per_rank[rank] else 0.0
              for rank in range(13))
        for suit in range(4)
    )
    return Context(game, low_counts, sum(brick_units),
                   _brick_draws(game.bricks, tuple(brick_units)), suit_share)


@cache
def _brick_draws(
    bricks: tuple[int, ...], counts: tuple[int, ...]
) -> tuple[tuple[tuple[int, tuple[int, ...], float], ...], ...]:
    total = sum(counts)
    out = []
    for size in range(HAND + 1):
        ways = comb(total, size)
        rows = []
        for picked, weight in _multisets(counts, size, exact=True):
            ranks = tuple(rank for rank, n in zip(bricks, picked, strict=True) for _ in range(n))
            key = sum(RANK_PLACES[rank] for rank in ranks)
            rows.append((key, ranks, weight / ways))
        out.append(tuple(rows))
    return tuple(out)


@cache
def _multisets(
    counts: tuple[int, ...], size: int, *, exact: bool = False
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every way to take up to ``size`` cards (exactly ``size`` with ``exact``) from piles of
    ``counts`` cards, as the number taken from each pile, with the number of card sets that
    take it (a product of binomials)."""
    found: list[tuple[tuple[int, ...], int]] = []

    def take(place: int, left: int, picked: list[int], ways: int) -> None:
        if place == len(counts):
            if not exact or left == 0:
                found.append((tuple(picked), ways))
            return
        for n in range(min(left, counts[place]) + 1):
            picked.append(n)
            take(place + 1, left - n, picked, ways * comb(counts[place], n))
            picked.pop()

    take(0, size, [], 1)
    return tuple(found)


def keep_distribution(
    ctx: Context, kept: Sequence[int], draws_left: int
) -> Distribution:
    """The final class distribution when ``kept`` (card indexes) are kept now and the
    remaining draws follow the policy."""
    game = ctx.game
    kept_lows: list[int] = []
    junk: list[int] = []
    held_ranks: set[int] = set()
    for card in sorted(kept):  # of two cards of a rank, the lower index stays
        rank = card // 4
        if rank in game.lows and rank not in held_ranks:
            kept_lows.append(card)
            held_ranks.add(rank)
        else:
            junk.append(card)
    return _draw(ctx, tuple(sorted(kept_lows)), (), tuple(sorted(junk)), ctx.low_counts,
                 ctx.brick_count, draws_left)


def _draw(
    ctx: Context, fixed: tuple[int, ...], drawn: tuple[int, ...], junk: tuple[int, ...],
    counts: tuple[int, ...], bricks: int, draws_left: int,
) -> Distribution:
    """Draw to ``fixed`` (cards held at the decision), ``drawn`` (low ranks drawn since, by
    place in ``game.lows``) and ``junk`` (cards kept now that the policy would throw)."""
    key = (fixed, drawn, junk, counts, bricks, draws_left)
    found = ctx.memo.get(key)
    if found is None:
        if draws_left == 1:
            found = _last_draw(ctx, fixed, drawn, junk, counts, bricks)
        else:
            found = _next_draws(ctx, fixed, drawn, junk, counts, bricks, draws_left)
        ctx.memo[key] = found
    return found


def _next_draws(
    ctx: Context, fixed: tuple[int, ...], drawn: tuple[int, ...], junk: tuple[int, ...],
    counts: tuple[int, ...], bricks: int, draws_left: int,
) -> Distribution:
    game = ctx.game
    size = HAND - len(fixed) - len(drawn) - len(junk)
    total = comb(sum(counts) + bricks, size)
    fixed_places = tuple(game.lows.index(card // 4) for card in fixed)
    held = set(fixed_places) | set(drawn)
    out = [0.0] * len(game.names)
    for taken, ways in _multisets(counts, size):
        brick_ways = comb(bricks, size - sum(taken))
        if not brick_ways:
            continue
        chance = ways * brick_ways / total
        new = [place for place, n in enumerate(taken) if n and place not in held]
        rest = tuple(c - n for c, n in zip(counts, taken, strict=True))
        places = sorted(held.union(new))
        next_fixed, next_drawn = fixed, tuple(sorted((*drawn, *new)))
        if len(places) == HAND and not junk:
            ranks = tuple(game.lows[place] for place in places)
            if _plain_value(game, ranks) >= game.target_lowest:
                _add(out, _made(ctx, fixed, next_drawn, ranks), chance)
                continue
            worst = places[-1]  # a straight: break it by its highest card
            if worst in fixed_places:
                next_fixed = tuple(c for c in fixed if game.lows.index(c // 4) != worst)
            else:
                next_drawn = tuple(p for p in next_drawn if p != worst)
        later = _draw(ctx, next_fixed, next_drawn, (), rest, bricks - (size - sum(taken)),
                      draws_left - 1)
        _add(out, later, chance)
    return tuple(out)


def _last_draw(
    ctx: Context, fixed: tuple[int, ...], drawn: tuple[int, ...], junk: tuple[int, ...],
    counts: tuple[int, ...], bricks: int,
) -> Distribution:
    game = ctx.game
    size = HAND - len(fixed) - len(drawn) - len(junk)
    total = comb(sum(counts) + bricks, size)
    base_ranks = [card // 4 for card in (*fixed, *junk)] + [game.lows[p] for p in drawn]
    base_key = sum(RANK_PLACES[rank] for rank in base_ranks)
    suited_cards = (*fixed, *junk)
    out = [0.0] * len(game.names)
    for taken, ways in _multisets(counts, size):
        n_bricks = size - sum(taken)
        brick_ways = comb(bricks, n_bricks)
        if not brick_ways:
            continue
        chance = ways * brick_ways / total
        low_ranks = [game.lows[p] for p, n in enumerate(taken) for _ in range(n)]
        low_key = base_key + sum(RANK_PLACES[rank] for rank in low_ranks)
        for brick_key, brick_ranks, brick_chance in ctx.brick_draws[n_bricks]:
            weight = chance * brick_chance
            key = low_key + brick_key
            plain = game.class_of_value[game.table.plain[key]]
            ranks = (*base_ranks, *low_ranks, *brick_ranks)
            suited = _flush_chance(ctx, suited_cards, ranks) if len(set(ranks)) == HAND else 0.0
            if suited:
                out[game.class_of_value[game.table.suited[key]]] += weight * suited
            out[plain] += weight * (1.0 - suited)
    return tuple(out)


def _made(
    ctx: Context, fixed: tuple[int, ...], drawn: tuple[int, ...], ranks: tuple[int, ...]
) -> Distribution:
    """A made hand stood pat to the end (2-7: it may be a flush, by the suits that came)."""
    game = ctx.game
    key = sum(RANK_PLACES[rank] for rank in ranks)
    out = [0.0] * len(game.names)
    suited = _flush_chance(ctx, fixed, ranks)
    out[game.class_of_value[game.table.plain[key]]] += 1.0 - suited
    if suited:
        out[game.class_of_value[game.table.suited[key]]] += suited
    return tuple(out)


def _flush_chance(ctx: Context, fixed: Sequence[int], ranks: Sequence[int]) -> float:
    """The chance that five different ranks share a suit, ``fixed`` being the cards of known
    suit among them and every other rank a uniform pick of its unseen cards."""
    if not ctx.game.suits_count:
        return 0.0
    suits = {card % 4 for card in fixed}
    if len(suits) > 1:
        return 0.0
    fixed_ranks = {card // 4 for card in fixed}
    free = [rank for rank in ranks if rank not in fixed_ranks]
    chance = 0.0
    for suit in suits or range(4):
        share = ctx.suit_share[suit]
        product = 1.0
        for rank in free:
            product *= share[rank]
        chance += product
    return chance


def _plain_value(game: Lowball, ranks: Sequence[int]) -> int:
    return game.table.plain[sum(RANK_PLACES[rank] for rank in ranks)]


def _add(out: list[float], part: Distribution, chance: float) -> None:
    for i, value in enumerate(part):
        if value:
            out[i] += value * chance


# --- the target only ----------------------------------------------------------------------
# The chance of ending with the target or better needs far less than every class: a brick or
# a second card of a held rank never helps, so the counts of held ranks and which bricks came
# drop out of the state (except the top card of a straight, which can be thrown back).


def keep_target_chance(ctx: Context, kept: Sequence[int], draws_left: int) -> float:
    """The chance of ending with the target or better when ``kept`` is kept now."""
    game = ctx.game
    places: list[int] = []
    fixed: dict[int, int] = {}
    junk = 0
    for card in sorted(kept):
        place = game.places[card // 4]
        if place < 0 or place in places:
            junk += 1
        else:
            places.append(place)
            fixed[place] = card
    held = tuple(sorted(places))
    counts = _forget_held(game, ctx.low_counts, held)
    deck = sum(ctx.low_counts) + ctx.brick_count
    total, thrown_back = _summary(game, held, junk, counts, deck, draws_left)
    if not game.suits_count:
        return total
    # Cards of two suits held to the end make no flush: only the hands that threw one of
    # them back (a straight's top card) can be flushes then.
    mixed = len({card % 4 for card in fixed.values()}) > 1
    ends = thrown_back if mixed else reach(game, held, junk, counts, deck, draws_left)
    chance = total
    for made, thrown, share in ends:
        kept_cards = [card for place, card in fixed.items()
                      if place in made and place not in thrown]
        chance -= share * _flush_chance(ctx, kept_cards, [game.lows[place] for place in made])
    return chance


_SUMMARIES: dict[tuple[object, ...], tuple[float, Ends]] = {}


def _summary(
    game: Lowball, held: tuple[int, ...], junk: int, counts: tuple[int, ...], deck: int,
    draws_left: int,
) -> tuple[float, Ends]:
    """The chance of ending on any made hand, and the made hands reached by throwing a
    held card back (see :func:`reach`)."""
    key = (game, held, junk, counts, deck, draws_left)
    found = _SUMMARIES.get(key)
    if found is None:
        ends = reach(game, held, junk, counts, deck, draws_left)
        found = (sum(share for _, _, share in ends), tuple(end for end in ends if end[1]))
        if len(_SUMMARIES) >= _MEMO_LIMIT:
            _SUMMARIES.clear()
        _SUMMARIES[key] = found
    return found


def _forget_held(game: Lowball, counts: tuple[int, ...], held: Sequence[int]) -> tuple[int, ...]:
    return tuple(map(mul, counts, _kept_mask(game, tuple(held), len(counts))))


@lru_cache(maxsize=4096)
def _kept_mask(game: Lowball, held: tuple[int, ...], size: int) -> tuple[int, ...]:
    """1 for the places whose count still matters (not held, or a straight's top card)."""
    return tuple(0 if place in held and place not in game.straight_tops else 1
                 for place in range(size))


Ends = tuple[tuple[tuple[int, ...], tuple[int, ...], float], ...]
"""Each made hand the draws can end on, as (its places, the places whose held card the
policy threw back on the way (the top of a straight), its chance): ranks only, the same for
every player who has seen the same ranks. Which of the hand's cards were held at the
decision (their suits are known; the others' are a uniform pick) is then told by the
caller."""
_ENDS: dict[tuple[object, ...], Ends] = {}
_MEMO_LIMIT: Final = 2_000_000


def reach(
    game: Lowball, held: tuple[int, ...], junk: int, counts: tuple[int, ...], deck: int,
    draws_left: int,
) -> Ends:
    """The made hands that drawing to ``held`` (places) ends on, with their chances.
    ``counts``: the unseen cards of each place (forgotten for held places, but the
    straights' top cards); ``deck``: every unseen card."""
    if draws_left == 1:
        return () if junk else _last_ends(game, held, _free_counts(held, counts), deck)
    key = (game, held, junk, counts, deck, draws_left)
    found = _ENDS.get(key)
    if found is None:
        ends: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
        for chance, places, next_held, rest in _draws(game, held, junk, counts, deck,
                                                     draws_left):
            if next_held is None:
                ends[places, ()] = ends.get((places, ()), 0.0) + chance
                continue
            thrown = places[-1:] if len(places) == HAND else ()
            for made, later_thrown, share in reach(game, next_held, 0, rest,
                                                   deck - HAND + len(held) + junk,
                                                   draws_left - 1):
                end = (made, tuple(sorted({*thrown, *later_thrown})) if thrown else later_thrown)
                ends[end] = ends.get(end, 0.0) + chance * share
        found = tuple((made, thrown, share) for (made, thrown), share in ends.items())
        if len(_ENDS) >= _MEMO_LIMIT:
            _ENDS.clear()
        _ENDS[key] = found
    return found


def _free_counts(held: tuple[int, ...], counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(mul, counts, _free_mask(held, len(counts))))


@lru_cache(maxsize=4096)
def _free_mask(held: tuple[int, ...], size: int) -> tuple[int, ...]:
    return tuple(0 if place in held else 1 for place in range(size))


@lru_cache(maxsize=1 << 20)
def _last_ends(game: Lowball, held: tuple[int, ...], counts: tuple[int, ...], deck: int
               ) -> Ends:
    """The last draw: a made hand needs one card of each missing rank (``counts``: the
    unseen cards of the places not held)."""
    size = HAND - len(held)
    total = comb(deck, size)
    free = [place for place, count in enumerate(counts) if count]
    found = []
    for new in combinations(free, size):
        places = tuple(sorted((*held, *new)))
        if places in game.made_hands:
            ways = 1
            for place in new:
                ways *= counts[place]
            found.append((places, (), ways / total))
    return tuple(found)


def _draws(
    game: Lowball, held: tuple[int, ...], junk: int, counts: tuple[int, ...], deck: int,
    draws_left: int,
) -> list[tuple[float, tuple[int, ...], tuple[int, ...] | None, tuple[int, ...]]]:
    """What one draw to ``held`` can lead to: (chance, the places held after it, the places
    to draw to next or None when the hand is made, the counts after it). Draws that can no
    longer end made (the last draw missing) are left out."""
    size = HAND - len(held) - junk
    last = draws_left == 1
    if last and junk:
        return []
    free = tuple(place for place in range(len(counts)) if place not in held and counts[place])
    pile_counts = tuple(counts[place] for place in free)
    tops = tuple(place in game.straight_tops for place in free)
    useless = deck - sum(pile_counts)
    total = comb(deck, size)
    out: list[tuple[float, tuple[int, ...], tuple[int, ...] | None, tuple[int, ...]]] = []
    for picked, top_taken, ways in _outcomes(pile_counts, tops, useless, size, last):
        places = tuple(sorted((*held, *(free[i] for i in picked))))
        chance = ways / total
        if len(places) == HAND:
            if _plain_value(game, tuple(game.lows[p] for p in places)) >= game.target_lowest:
                out.append((chance, places, None, counts))
                continue
            if last:
                continue
        rest = list(counts)
        for i, n in top_taken:
            rest[free[i]] -= n
        next_held = places[:-1] if len(places) == HAND else places  # a straight: its top goes
        out.append((chance, places, next_held, _forget_held(game, tuple(rest), next_held)))
    return out


@cache
def _outcomes(
    counts: tuple[int, ...], tops: tuple[bool, ...], useless: int, size: int, last: bool
) -> tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int], ...]:
    """Drawing ``size`` cards from piles of ``counts`` cards (and ``useless`` others): which
    piles give at least one card, how many the ``tops`` piles give, and the number of card
    sets doing so. ``last``: only draws that give one card of ``size`` piles (the rest
    cannot end on a made hand)."""
    grouped: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], int] = {}

    def take(i: int, used: int, picked: tuple[int, ...], top_taken: tuple[tuple[int, int], ...],
             ways: int) -> None:
        if i == len(counts):
            rest = size - used
            if last and rest:
                return
            total = ways * comb(useless, rest)
            if total:
                key = (picked, top_taken)
                grouped[key] = grouped.get(key, 0) + total
            return
        take(i + 1, used, picked, top_taken, ways)
        most = min(counts[i], size - used, 1 if last else HAND)
        for n in range(1, most + 1):
            taken = (*top_taken, (i, n)) if tops[i] else top_taken
            take(i + 1, used + n, (*picked, i), taken, ways * comb(counts[i], n))

    take(0, 0, (), (), 1)
    return tuple((picked, top_taken, ways) for (picked, top_taken), ways in grouped.items())


def clear_caches() -> None:
    """Forget the states judged so far (the tables of each game stay)."""
    _SUMMARIES.clear()
    _ENDS.clear()
    _last_ends.cache_clear()
    _outcomes.cache_clear()
    _multisets.cache_clear()
    _brick_draws.cache_clear()
