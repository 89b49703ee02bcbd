"""`hhparse odds GAME CARDS --draws N`: every keep of a draw-game holding with its exact
chances, best first.

For each keep (every subset of the cards: 32 of five, 16 of Badugi's four) the chance of
each final class after the ``draws`` draws left, over the cards unseen (the deck less the
holding and the dead cards), the later draws following the drawing policy
(:data:`hhparse.decisions.POLICY`); ``p_target`` is the chance of ending with the target
class or better. The computation is :func:`hhparse.decisions.judge_keeps`.
"""

from __future__ import annotations

from hhparse.cards import Card, parse_cards
from hhparse.decisions.judge import (
    DEFAULT_TARGETS,
    GAMES,
    JudgeError,
    KeepChance,
    keep_classes,
    ranking_of,
    variant_of,
)

OddsError = JudgeError
"""A holding, game, target or number of draws that cannot be judged (the reason says)."""

__all__ = ["DEFAULT_TARGETS", "GAMES", "KeepChance", "OddsError", "every_keep"]


def every_keep(game: str, cards: str, *, draws: int = 1, target: str | None = None,
               dead: str = "") -> list[KeepChance]:
    """Every keep of ``cards`` with its chances after ``draws`` draws, best first (the
    highest ``p_target``, then the fewest cards drawn)."""
    variant_id = variant_of(game)
    ranking = ranking_of(variant_id)
    held = _cards(cards, "CARDS")
    dead_cards = _cards(dead, "--dead") if dead else ()
    if len(set(held) | set(dead_cards)) != len(held) + len(dead_cards):
        raise OddsError("a card is given twice (in CARDS or --dead)")
    return keep_classes(variant_id, held, dead_cards, draws,
                        target or DEFAULT_TARGETS.get(ranking, ""))


def _cards(text: str, where: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(text))
    except ValueError as error:
        raise OddsError(f"{where}: {error}") from error
