"""`hhparse odds GAME CARDS --draws N`: every keep of a draw-game holding with its exact
chances, best first.

For each keep (every subset of the cards: 32 of five, 16 of Badugi's four), the cards drawn
to it are every set of that many of the unseen cards (the deck less the holding and the
dead cards), all equally likely, and each makes its class
(:func:`hhparse.reports.probability.class_distribution`, which deals them all and
evaluates them in bulk): the chances are exact fractions. ``p_target`` is the chance of
ending with the target class or better.

This is the last draw (``--draws 1``). Odds over several draws need a policy for the later
ones (the issue that asks for them, #19, is open): ``--draws`` above 1 is refused, saying so.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from hhparse.cards import Card, format_cards, parse_cards
from hhparse.reports.probability import class_distribution, class_values
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


class OddsError(ValueError):
    """A holding, game, target or number of draws this cannot judge (the reason says)."""


@dataclass(frozen=True, slots=True)
class KeepOdds:
    keep: tuple[Card, ...]
    draw: int
    """Cards drawn to the keep."""
    p_target: float
    classes: dict[str, float]
    """The chance of each final class (classes it cannot make are absent)."""

    def as_json(self) -> dict[str, object]:
        return {"keep": format_cards(self.keep), "draw": self.draw,
                "p_target": round(self.p_target, 6),
                "classes": {name: round(chance, 6) for name, chance in self.classes.items()}}


def variant_of(game: str) -> str:
    if game in GAMES:
        return GAMES[game]
    try:
        variant = get_variant(game)
    except UnknownVariant as error:
        raise OddsError(f"unknown game {game!r}; choose one of: {', '.join(GAMES)} "
                        "(or a draw variant's id)") from error
    if not variant.is_draw:
        raise OddsError(f"{game} is not a draw game")
    return variant.id


def every_keep(game: str, cards: str, *, draws: int = 1, target: str | None = None,
               dead: str = "") -> list[KeepOdds]:
    """Every keep of ``cards`` with its chances after ``draws`` draws, best first (the
    highest ``p_target``, then the fewest cards drawn)."""
    variant_id = variant_of(game)
    variant = get_variant(variant_id)
    if len(variant.rankings) != 1:
        raise OddsError(f"{variant_id} splits the pot between two rankings: no single "
                        "target class to aim at yet")
    (ranking,) = variant.rankings
    held = _cards(cards, "CARDS")
    dead_cards = _cards(dead, "--dead") if dead else ()
    if len(held) != variant.hand_size:
        raise OddsError(f"{variant_id} holds {variant.hand_size} cards; got {len(held)}")
    if len(set(held) | set(dead_cards)) != len(held) + len(dead_cards):
        raise OddsError("a card is given twice (in CARDS or --dead)")
    if draws != 1:
        raise OddsError(f"--draws {draws}: odds over more than the last draw need a policy "
                        "for the later draws, not built yet (issue 19); give --draws 1")
    target_class = target or DEFAULT_TARGETS.get(ranking, "")
    try:
        lowest, _ = class_values(ranking, target_class)
    except ValueError as error:
        raise OddsError(f"{target_class!r} is not a class of {variant_id}: {error}") from error
    seen = held + dead_cards
    found = []
    for size in range(len(held), -1, -1):
        for keep in combinations(held, size):
            classes = class_distribution(variant_id, keep, seen, len(held) - size)
            p_target = sum(chance for name, chance in classes.items()
                           if class_values(ranking, name)[0] >= lowest)
            found.append(KeepOdds(keep, len(held) - size, p_target, classes))
    found.sort(key=lambda odds: (-odds.p_target, odds.draw))
    return found


def _cards(text: str, where: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(text))
    except ValueError as error:
        raise OddsError(f"{where}: {error}") from error
