"""Rank several hands of one game against each other (the library side of `hhparse rank`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from hhparse.cards import Card, format_cards, parse_cards
from hhparse.evaluators import RANKINGS, EvaluationError, high, low
from hhparse.evaluators.tables import Strength


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRanking:
    """How `rank` judges one game: one ranking, or two halves of a split pot."""

    halves: tuple[tuple[str, str], ...]
    """(half name, ranking id) pairs."""
    card_counts: tuple[int, ...]


GAMES: dict[str, GameRanking] = {
    "high": GameRanking(halves=(("high", "high"),), card_counts=(5,)),
    "27": GameRanking(halves=(("low", "27"),), card_counts=(5,)),
    "a5": GameRanking(halves=(("low", "a5"),), card_counts=(5,)),
    "badugi": GameRanking(halves=(("badugi", "badugi"),), card_counts=(4,)),
    "razz": GameRanking(halves=(("low", "a5"),), card_counts=(5, 6, 7)),
    "stud": GameRanking(halves=(("high", "high"),), card_counts=(5, 6, 7)),
    "badeucey": GameRanking(
        halves=(("badugi", "badugi_aces_high"), ("lowball", "27")), card_counts=(5,)
    ),
    "badacey": GameRanking(halves=(("badugi", "badugi"), ("lowball", "a5")), card_counts=(5,)),
}


FIVE_CARD_RULES: dict[str, Strength] = {
    "high": high.strength, "27": low.deuce_to_seven_strength, "a5": low.ace_to_five_strength,
}
"""The rankings whose rule is a five-card strength: a few hands are judged by the rule
itself, best five first, without building its table of every hand (a tenth of a second of
`hhparse rank`'s start-up); the tests hold both ways to the same order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Judged:
    """One hand under one ranking: ``key`` orders hands (greater is better)."""

    key: tuple[int, ...]
    hand_class: str
    description: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HalfResult:
    half: str
    rank: int
    judged: Judged


@dataclass(frozen=True, slots=True, kw_only=True)
class RankedHand:
    cards: tuple[Card, ...]
    rank: int
    """1 is the best; equal hands share a rank (the next rank skips: 1, 1, 3)."""
    hand_class: str
    description: str
    halves: tuple[HalfResult, ...]
    share: Fraction
    """Share of a pot these hands would split at showdown (both halves for split games)."""

    @property
    def text(self) -> str:
        return format_cards(self.cards)


def rank_hands(game: str, hands: Sequence[str]) -> list[RankedHand]:
    """Rank hands given as text (``"7s 5d 4h 3c 2s"``); results in input order."""
    spec = GAMES.get(game)
    if spec is None:
        raise EvaluationError(f"unknown game {game!r}; choose one of: {', '.join(GAMES)}")
    if not hands:
        raise EvaluationError("give at least one hand")
    parsed = [parse_cards(text) for text in hands]
    _check_hands(parsed, spec)
    per_half = [[judge(ranking_id, cards) for cards in parsed] for _, ranking_id in spec.halves]
    half_ranks = [_competition_ranks([j.key for j in judged]) for judged in per_half]
    shares = _pot_shares(half_ranks)
    order_keys = [
        (shares[i], -sum(ranks[i] for ranks in half_ranks)) for i in range(len(parsed))
    ]
    overall = _competition_ranks(order_keys)
    results = []
    for i, cards in enumerate(parsed):
        halves = tuple(
            HalfResult(half=name, rank=half_ranks[h][i], judged=per_half[h][i])
            for h, (name, _) in enumerate(spec.halves)
        )
        results.append(_ranked(cards, overall[i], halves, shares[i]))
    return results


def _ranked(
    cards: tuple[Card, ...], rank: int, halves: tuple[HalfResult, ...], share: Fraction
) -> RankedHand:
    if len(halves) == 1:
        hand_class, description = halves[0].judged.hand_class, halves[0].judged.description
    else:
        hand_class = " / ".join(half.judged.hand_class for half in halves)
        description = "; ".join(half.judged.description for half in halves)
    return RankedHand(
        cards=cards, rank=rank, hand_class=hand_class, description=description,
        halves=halves, share=share,
    )


def _check_hands(parsed: list[tuple[Card, ...]], spec: GameRanking) -> None:
    """Each hand is judged on its own (hands may share cards: they are alternatives)."""
    for number, cards in enumerate(parsed, start=1):
        if len(cards) not in spec.card_counts:
            counts = " or ".join(str(count) for count in spec.card_counts)
            raise EvaluationError(
                f"hand {number} ({format_cards(cards)}) has {len(cards)} cards; "
                f"this game needs {counts}"
            )
        repeated = sorted({str(card) for card in cards if cards.count(card) > 1})
        if repeated:
            raise EvaluationError(f"hand {number}: {', '.join(repeated)} appears twice")


def judge(ranking_id: str, cards: tuple[Card, ...]) -> Judged:
    """``cards`` under the ranking: by its five-card rule (the best five) where it has one,
    else by its evaluator."""
    rule = FIVE_CARD_RULES.get(ranking_id)
    if rule is None:
        evaluation = RANKINGS[ranking_id].evaluate(cards)
        return Judged(key=(evaluation.value,), hand_class=evaluation.hand_class,
                      description=evaluation.description)
    best = max((rule(tuple(sorted((int(card.rank) for card in five), reverse=True)),
                     len({card.suit for card in five}) == 1)
                for five in combinations(cards, 5)), key=lambda shape: shape.key)
    return Judged(key=best.key, hand_class=best.hand_class, description=best.description)


def _competition_ranks(
    keys: Sequence[tuple[int, ...]] | Sequence[tuple[Fraction, int]],
) -> list[int]:
    """1 + the number of strictly better keys (greater is better)."""
    ordered: list[Any] = list(keys)
    return [1 + sum(1 for other in ordered if other > key) for key in ordered]


def _pot_shares(half_ranks: list[list[int]]) -> list[Fraction]:
    count = len(half_ranks[0])
    shares = [Fraction(0)] * count
    for ranks in half_ranks:
        winners = [i for i in range(count) if ranks[i] == 1]
        for i in winners:
            shares[i] += Fraction(1, len(winners) * len(half_ranks))
    return shares
