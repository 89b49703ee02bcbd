"""Hand rankings, each built from its own rule text (see the module of each family).

A :class:`Ranking` turns cards into a value where a better hand compares greater,
and a value into its class and the sites' description.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from hhparse.cards import Card
from hhparse.evaluators import badugi, high, low
from hhparse.evaluators.base import Evaluation, EvaluationError


@dataclass(frozen=True, slots=True, kw_only=True)
class Ranking:
    id: str
    title: str
    card_counts: tuple[int, ...]
    """How many cards it evaluates (more than five: the best five)."""
    value: Callable[[Sequence[Card]], int]
    describe: Callable[[int], Evaluation]
    qualifies: Callable[[int], bool] | None = None
    """For a low half with a qualifier: whether a value qualifies (8-or-better)."""

    def evaluate(self, cards: Sequence[Card]) -> Evaluation:
        if len(cards) not in self.card_counts:
            counts = " or ".join(str(count) for count in self.card_counts)
            raise EvaluationError(f"{self.title} needs {counts} cards, got {len(cards)}")
        return self.describe(self.value(cards))


def _remembered(describe: Callable[[int], Evaluation]) -> Callable[[int], Evaluation]:
    """A value's evaluation is always the same (a frozen record): each is made once (the
    replayer describes every final hand it stores)."""
    return lru_cache(maxsize=1 << 14)(describe)


RANKINGS: dict[str, Ranking] = {
    ranking.id: ranking
    for ranking in (
        Ranking(
            id="high", title="high", card_counts=(5, 6, 7),
            value=high.value, describe=_remembered(high.describe),
        ),
        Ranking(
            id="27", title="2-7 low", card_counts=(5,),
            value=low.deuce_to_seven_value, describe=_remembered(low.describe_deuce_to_seven),
        ),
        Ranking(
            id="a5", title="A-5 low", card_counts=(5, 6, 7),
            value=low.ace_to_five_value, describe=_remembered(low.describe_ace_to_five),
        ),
        Ranking(
            id="a5_8", title="8-or-better low", card_counts=(5, 6, 7),
            value=low.ace_to_five_value, describe=_remembered(low.describe_ace_to_five),
            qualifies=low.qualifies_eight_or_better,
        ),
        Ranking(
            id="badugi", title="badugi", card_counts=(4, 5),
            value=badugi.value, describe=_remembered(badugi.describe),
        ),
        Ranking(
            id="badugi_aces_high", title="badugi (aces high)", card_counts=(4, 5),
            value=partial(badugi.value, aces_low=False),
            describe=_remembered(partial(badugi.describe, aces_low=False)),
        ),
    )
}


def get_ranking(ranking_id: str) -> Ranking:
    try:
        return RANKINGS[ranking_id]
    except KeyError:
        raise EvaluationError(
            f"unknown ranking {ranking_id!r}; known: {', '.join(RANKINGS)}"
        ) from None


__all__ = ["RANKINGS", "Evaluation", "EvaluationError", "Ranking", "get_ranking"]
