"""Stud boards: the up cards, who brings in on 3rd street, who acts first later (RULES.md).

Razz: the highest up card brings in (aces low, so a king is highest; ties: the higher
suit, spades > hearts > diamonds > clubs); later the best (lowest) board acts first,
pairs counting against. Stud high and hi/lo: the lowest up card brings in (aces high;
ties: the lower suit), later the best high board acts first.
"""

from __future__ import annotations

from hhparse.cards import Card
from hhparse.synth.reading import LOW_A5
from hhparse.variants import BringInPayer, FirstToAct, Variant


def up_cards(cards: list[Card]) -> list[Card]:
    """The face-up cards among a stud player's cards, in the order dealt (down, down, up,
    up, up, up, down)."""
    return cards[2:6]


def open_pair(cards: list[Card]) -> bool:
    return len({card.rank for card in cards}) < len(cards)


def bring_in_weight(variant: Variant, door: Card) -> tuple[int, int]:
    """Greater: this door card brings in."""
    if variant.forced.bring_in is BringInPayer.HIGHEST_UP_CARD:
        return (LOW_A5[door.index], door.suit)
    return (-door.rank, -door.suit)


def board_key(variant: Variant, cards: list[Card]) -> tuple[int, ...]:
    """Greater: the better board, which acts first after 3rd street."""
    if variant.first_to_act_later is FirstToAct.BEST_LOW_BOARD:
        shape, ordered = _grouped([LOW_A5[card.index] for card in cards])
        return (-sum(count - 1 for count in shape), *(-rank for rank in ordered))
    shape, ordered = _grouped([int(card.rank) for card in cards])
    return (*shape, *ordered)


def _grouped(ranks: list[int]) -> tuple[list[int], list[int]]:
    """(counts of the ranks, most first; the ranks ordered by count, then rank)."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    ordered = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    return sorted(counts.values(), reverse=True), ordered
