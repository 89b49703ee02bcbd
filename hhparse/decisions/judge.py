"""Judge one draw decision: every keep of the cards held, with its exact chance of ending
with the target or better (and, for `hhparse odds`, the chance of every final class).

Which computation runs:

* lowball (2-7, A-5), any number of draws left: :mod:`hhparse.decisions.lowball`, on
  ranks, the later draws following the policy (``hhparse.decisions.POLICY``);
* the other rankings (badugi, five-card draw high) at the last draw: every set of unseen
  cards dealt and evaluated (:func:`hhparse.reports.probability.class_distribution`);
* badugi before its last draw: every keep played out over the same seeded deals
  (:mod:`hhparse.decisions.badugi_draws`), each chance with its standard error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from hhparse.cards import DECK, RANK_CHARS, Card
from hhparse.decisions import badugi_draws, lowball
from hhparse.decisions import target as target_engine
from hhparse.evaluators import badugi
from hhparse.evaluators.low import LOW_CHARS
from hhparse.reports.probability import chance_at_least, class_distribution, class_values
from hhparse.variants.registry import UnknownVariant, get_variant

GAMES: Final = {
    "27": "27_triple_draw", "a5": "a5_triple_draw", "badugi": "badugi",
    "high": "five_card_draw",
}
"""The games of `hhparse odds` (a variant id is taken as well), by the ranking's name."""
DEFAULT_TARGETS: Final = {
    "27": "8-low", "a5": "7-low", "badugi": "4-card badugi", "high": "two pair",
}
"""The target class of each ranking when none is given."""


class JudgeError(ValueError):
    """A holding, game, target or number of draws this cannot judge (the reason says)."""


@dataclass(frozen=True, slots=True)
class KeepChance:
    keep: tuple[Card, ...]
    draw: int
    """Cards drawn to the keep."""
    p_target: float
    classes: dict[str, float] | None = None
    """The chance of each final class (None when only the target was asked for)."""
    p_error: float | None = None
    """The standard error of ``p_target`` where it was measured by dealing (Badugi before
    its last draw); None where it is exact."""
    samples: int | None = None
    """The deals it was measured on (None: exact)."""

    def as_json(self) -> dict[str, object]:
        found: dict[str, object] = {
            "keep": " ".join(map(str, self.keep)), "draw": self.draw,
            "p_target": round(self.p_target, 6),
            "classes": {name: round(chance, 6) for name, chance in (self.classes or {}).items()},
        }
        if self.p_error is not None:
            found["p_error"] = round(self.p_error, 6)
            found["samples"] = self.samples
        return found


def variant_of(game: str) -> str:
    if game in GAMES:
        return GAMES[game]
    try:
        variant = get_variant(game)
    except UnknownVariant as error:
        raise JudgeError(f"unknown game {game!r}; choose one of: {', '.join(GAMES)} "
                         "(or a draw variant's id)") from error
    if not variant.is_draw:
        raise JudgeError(f"{game} is not a draw game")
    return variant.id


def ranking_of(variant_id: str) -> str:
    variant = get_variant(variant_id)
    if len(variant.rankings) != 1:
        raise JudgeError(f"{variant_id} splits the pot between two rankings: no single "
                         "target class to aim at yet")
    return variant.rankings[0]


def judge_keeps(
    variant_id: str, held: Sequence[Card], seen: Sequence[Card], draws_left: int,
    target: str, *, classes: bool = False,
) -> list[KeepChance]:
    """Every keep of ``held`` (all its subsets), best first: the highest chance of the
    target or better, then the fewest cards drawn. ``seen``: every card the player has seen
    (his cards, his discards, dead cards); ``draws_left``: this draw and the later ones.
    ``classes``: also the chance of every final class (slower over several draws)."""
    ranking, hand_size, lowest = _checked(variant_id, held, draws_left, target)
    seen_all = tuple(dict.fromkeys((*held, *seen)))
    keeps = _keeps(held)
    if ranking in ("27", "a5"):
        found = _lowball(ranking, target, lowest, keeps, seen_all, draws_left, classes)
    elif draws_left > 1:
        values = _badugi_values(ranking, target, held, keeps, seen_all, draws_left)
        found = [_dealt_chance(keep, row >= lowest, row if classes else None)
                 for keep, row in zip(keeps, values, strict=True)]
    else:
        found = [_dealt(variant_id, ranking, target, keep, seen_all, hand_size, lowest,
                        classes) for keep in keeps]
    order = {keep: i for i, keep in enumerate(keeps)}
    found.sort(key=lambda chance: _rank(chance, order[chance.keep]))
    return found


def judge_decision(
    variant_id: str, held: Sequence[Card], kept: Sequence[Card], seen: Sequence[Card],
    draws_left: int, target: str,
) -> tuple[KeepChance, KeepChance]:
    """The keep made and the best keep (the first of :func:`judge_keeps`), with their
    chances, judging no more keeps than it must: in lowball each keep's chance suits aside
    (exact in A-5, an upper bound in 2-7, and cheap) orders them, and exact chances are
    worked out down that order until no bound left can reach the best found."""
    ranking, _, lowest = _checked(variant_id, held, draws_left, target)
    place = {card: i for i, card in enumerate(held)}
    if any(card not in place for card in kept):
        raise JudgeError(f"the cards kept ({' '.join(map(str, kept))}) are not among the "
                         f"cards held ({' '.join(map(str, held))})")
    if ranking in BADUGI and draws_left > 1:
        return _badugi_decision(ranking, target, lowest, held, frozenset(kept),
                                (*held, *seen), draws_left)
    if ranking not in ("27", "a5"):
        made = frozenset(kept)
        chances = judge_keeps(variant_id, held, seen, draws_left, target)
        return next(chance for chance in chances if frozenset(chance.keep) == made), chances[0]
    decision = _decision(ranking, target, lowest, (*held, *seen))
    full = len(held)
    subsets = target_engine.keep_subsets(full)
    index = target_engine.subset_index(full, tuple(sorted({place[card] for card in kept})))
    bounds = decision.bounds([card.index for card in held], draws_left)

    def judged(i: int) -> KeepChance:
        keep = tuple(held[j] for j in subsets[i])
        return KeepChance(keep, full - len(keep),
                          decision.chance([card.index for card in keep], draws_left, bounds[i]))

    kept_chance = judged(index)
    best, best_rank = kept_chance, _rank(kept_chance, index)
    floor = kept_chance.p_target - _BOUND_SLACK
    rivals = [i for i, bound in enumerate(bounds) if bound >= floor and i != index]
    rivals.sort(key=lambda i: (-bounds[i], full - len(subsets[i]), i))
    for i in rivals:
        if bounds[i] < best.p_target - _BOUND_SLACK:
            break  # this keep and every one after it fall short of the best
        chance = judged(i)
        rank = _rank(chance, i)
        if rank < best_rank:
            best, best_rank = chance, rank
    return kept_chance, best


BADUGI: Final = ("badugi", "badugi_aces_high")
NOISE_ERRORS: Final = 3.0
"""Badugi before its last draw (chances measured by dealing): another keep counts as better
than the keep made only when its chance is higher by more than this many standard errors
of the difference (else the gap is noise, and none is reported)."""


def _badugi_decision(ranking: str, target: str, lowest: int, held: Sequence[Card],
                     made: frozenset[Card], seen: tuple[Card, ...], draws_left: int
                     ) -> tuple[KeepChance, KeepChance]:
    """The keep made and the best, dealt: every keep on the pilot deals, the keeps that may
    still be best (and the one made) on all of them."""
    keeps = _keeps(held)
    index = next(i for i, keep in enumerate(keeps) if frozenset(keep) == made)
    decks = _badugi_deals(ranking, target, held, seen, draws_left)
    aces_low, top = ranking == "badugi", _badugi_top(ranking, target)
    cards = [[card.index for card in keep] for keep in keeps]
    pilot = badugi_draws.values_on(aces_low, top, cards, decks[:badugi_draws.PILOT]) >= lowest
    chances = pilot.mean(axis=1)
    lead = int(chances.argmax())
    racing = [i for i in range(len(keeps)) if i == index or chances[i] + (
        badugi_draws.RACE_ERRORS * badugi_draws.paired_error(pilot[i], pilot[lead])
    ) >= chances[lead]]
    hits = badugi_draws.values_on(aces_low, top, [cards[i] for i in racing], decks) >= lowest
    judged = {i: _dealt_chance(keeps[i], row) for i, row in zip(racing, hits, strict=True)}
    best = min(racing, key=lambda i: _rank(judged[i], i))
    gap = judged[best].p_target - judged[index].p_target
    if gap <= NOISE_ERRORS * badugi_draws.paired_error(hits[racing.index(best)],
                                                      hits[racing.index(index)]):
        best = index
    return judged[index], judged[best]


def _badugi_deals(ranking: str, target: str, held: Sequence[Card], seen: Sequence[Card],
                  draws_left: int) -> Any:
    """The decision's deals (seeded by its cards: the same in every process)."""
    seen_indexes = frozenset(card.index for card in seen)
    seed = badugi_draws.seed_of(ranking, target, str(draws_left),
                                " ".join(str(i) for i in sorted(c.index for c in held)),
                                " ".join(str(i) for i in sorted(seen_indexes)))
    return badugi_draws.deals(seen_indexes, draws_left, seed)


def _badugi_values(ranking: str, target: str, held: Sequence[Card],
                   keeps: list[tuple[Card, ...]], seen: Sequence[Card], draws_left: int
                   ) -> Any:
    """The final values of every keep over the decision's deals (keeps x deals)."""
    return badugi_draws.values_on(
        ranking == "badugi", _badugi_top(ranking, target),
        [[card.index for card in keep] for keep in keeps],
        _badugi_deals(ranking, target, held, seen, draws_left))


def _dealt_chance(keep: tuple[Card, ...], hits: Any, values: Any = None) -> KeepChance:
    """A keep's chance from its hits over the deals (and, given its final values, the
    chance of each final class)."""
    shares = None
    if values is not None:
        sizes = [int((values >> 16 == size).sum()) for size in range(4, 0, -1)]
        shares = {badugi.CLASSES[size]: count / len(values)
                  for size, count in zip(range(4, 0, -1), sizes, strict=True) if count}
    return KeepChance(keep, badugi_draws.HAND - len(keep), float(hits.mean()), shares,
                      p_error=badugi_draws.chance_error(hits), samples=len(hits))


def _badugi_top(ranking: str, target: str) -> int:
    """The policy's top card for a badugi target, as a comparison rank (0 the best card):
    an ``N-high badugi`` target keeps cards up to N; a class target keeps every card."""
    top = _HIGH_BADUGI.fullmatch(target)
    if not top:
        return 12
    rank = RANK_CHARS.index(top.group(1))
    return (rank + 1) % 13 if ranking == "badugi" else rank


_BOUND_SLACK: Final = 1e-9
"""A bound this close under the best chance is still worked out (a tie decides by fewer
cards drawn, and the two sums may differ in their last bits)."""


def _rank(chance: KeepChance, order: int) -> tuple[float, int, int]:
    """Best first: the highest chance, then the fewest cards drawn, then the keeps' order."""
    return -round(chance.p_target, 12), chance.draw, order


def _keeps(held: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every keep, in :func:`hhparse.decisions.target.keep_subsets` order."""
    return [tuple(held[i] for i in subset) for subset in target_engine.keep_subsets(len(held))]


def _checked(variant_id: str, held: Sequence[Card], draws_left: int, target: str
             ) -> tuple[str, int, int]:
    """(the ranking, the hand's size, the target's lowest value), or a JudgeError saying
    what cannot be judged."""
    ranking = ranking_of(variant_id)
    hand_size = get_variant(variant_id).hand_size
    if len(held) != hand_size:
        raise JudgeError(f"{variant_id} holds {hand_size} cards; got {len(held)}")
    if len(set(held)) != len(held):
        raise JudgeError("a card is given twice")
    if draws_left < 1:
        raise JudgeError(f"draws left must be 1 or more, got {draws_left}")
    if ranking not in ("27", "a5", *BADUGI) and draws_left > 1:
        raise JudgeError(f"{variant_id}: odds over {draws_left} draws are built for the "
                         "lowball games (2-7, A-5) and Badugi; give 1 draw (the last)")
    return ranking, hand_size, target_lowest(ranking, target)


def keep_classes(variant_id: str, held: Sequence[Card], seen: Sequence[Card], draws_left: int,
                 target: str) -> list[KeepChance]:
    """:func:`judge_keeps` with every keep's final classes."""
    return judge_keeps(variant_id, held, seen, draws_left, target, classes=True)


def check_target(ranking: str, target: str) -> None:
    """A JudgeError unless ``target`` is a class of ``ranking`` the policy can draw to."""
    target_lowest(ranking, target)
    if ranking in ("27", "a5"):
        _low_top(ranking, target)


def target_lowest(ranking: str, target: str) -> int:
    """The lowest value (greater is better) of a hand of ``target`` or better: a class of
    the ranking, or for badugi ``N-high badugi``."""
    top = _HIGH_BADUGI.fullmatch(target)
    if top and ranking in ("badugi", "badugi_aces_high"):
        return _worst_badugi(ranking, top.group(1))
    try:
        return class_values(ranking, target)[0]
    except ValueError as error:
        raise JudgeError(f"{target!r} is not a class of ranking {ranking}: {error}") from error


_HIGH_BADUGI: Final = re.compile(r"([A2-9TJQK])-high badugi")
"""A badugi target by its top card: ``8-high badugi`` (or better)."""


def _worst_badugi(ranking: str, top_char: str) -> int:
    """The value of the worst four-card badugi with this top card (8-7-6-5 for 8-high)."""
    aces_low = ranking == "badugi"
    order = ("A" + RANK_CHARS[:-1]) if aces_low else RANK_CHARS
    top = order.index(top_char)
    if top < 3:
        raise JudgeError(f"no four-card badugi is {top_char}-high")
    ranks = [RANK_CHARS.index(order[place]) for place in range(top, top - 4, -1)]
    return badugi.value([DECK[rank * 4 + suit] for suit, rank in enumerate(ranks)], aces_low)


def _lowball(
    ranking: str, target: str, lowest: int, keeps: list[tuple[Card, ...]],
    seen: tuple[Card, ...], draws_left: int, classes: bool,
) -> list[KeepChance]:
    decision = _decision(ranking, target, lowest, seen)
    game = decision.game
    bounds = decision.bounds([card.index for card in keeps[0]], draws_left)
    found = []
    for keep, bound in zip(keeps, bounds, strict=True):
        indexes = [card.index for card in keep]
        p_target = decision.chance(indexes, draws_left, bound)
        shares = None
        if classes:
            distribution = lowball.keep_distribution(decision.ctx, indexes, draws_left)
            shares = {name: chance for name, chance in zip(game.names, distribution, strict=True)
                      if chance > 0}
        found.append(KeepChance(keep, len(keeps[0]) - len(keep), p_target, shares))
    return found


def _decision(ranking: str, target: str, lowest: int, seen: tuple[Card, ...]
              ) -> target_engine.Decision:
    game = lowball.lowball(ranking, _low_top(ranking, target), lowest)
    return target_engine.Decision(game, frozenset(card.index for card in seen))


def _low_top(ranking: str, target: str) -> int:
    """The card rank of an N-low target's top card."""
    head, _, tail = target.partition("-")
    chars = RANK_CHARS if ranking == "27" else LOW_CHARS
    if tail != "low" or len(head) != 1 or head not in chars:
        raise JudgeError(f"the drawing policy draws to an N-low target in lowball (8-low, "
                         f"7-low ...), not {target!r}")
    return RANK_CHARS.index(head)


def _dealt(variant_id: str, ranking: str, target: str, keep: tuple[Card, ...],
           seen: tuple[Card, ...], hand_size: int, lowest: int, classes: bool) -> KeepChance:
    drawn = hand_size - len(keep)
    if ranking in BADUGI and lowest >= badugi_draws.FOUR_CARDS and not classes:
        p_target = badugi_draws.last_draw_chance(
            ranking == "badugi", _badugi_top(ranking, target), [card.index for card in keep],
            frozenset(card.index for card in seen))
        return KeepChance(keep, drawn, p_target)
    p_target = chance_at_least(variant_id, keep, seen, drawn, lowest)
    distribution = class_distribution(variant_id, keep, seen, drawn) if classes else None
    return KeepChance(keep, drawn, p_target, distribution)
