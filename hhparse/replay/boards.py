"""Stud boards: who brings in on 3rd street and who acts first on later streets.

Razz (RULES.md): the HIGHEST up card brings in (aces low, so a king is highest); ties
on rank go by suit, spades > hearts > diamonds > clubs, the higher suit bringing in.
Later streets: the best (lowest) board acts first; pairs count against.
Stud high: the LOWEST up card brings in (aces high); ties by suit, clubs lowest.
Later streets: the best high board acts first (pairs, trips ...; straights and flushes
of an incomplete board do not count).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hhparse.cards import Card
from hhparse.variants import BringInPayer, FirstToAct


def _low_rank(card: Card) -> int:
    """Razz order: ace 0 .. king 12."""
    return (card.rank + 1) % 13


def bring_in_strength(card: Card, payer: BringInPayer) -> tuple[int, int]:
    """Greater means this door card must bring in."""
    if payer is BringInPayer.HIGHEST_UP_CARD:
        return (_low_rank(card), card.suit)
    return (-card.rank, -card.suit)


def bring_in_player(doors: dict[str, Card], payer: BringInPayer) -> str:
    """The player whose door card brings in (door cards are all different cards)."""
    return max(doors, key=lambda player: bring_in_strength(doors[player], payer))


def _by_count_then_rank(ranks: Sequence[int]) -> list[int]:
    """Each rank of the board once, as ``count << 4 | rank``, most common first and, among
    equals, highest first: plain integers, sorted without a key function (a key and a
    tuple per card cost more than the rest of the board's key, on every stud street)."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    grouped = [count << 4 | rank for rank, count in counts.items()]
    grouped.sort()  # then reversed: sorted(..., reverse=True) is a call through Python
    grouped.reverse()
    return grouped


def low_board_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Greater is a better Razz board: fewer pairs, then the lowest highest card."""
    grouped = _by_count_then_rank([(card.index >> 2) + 1 if card.index < 48 else 0
                                   for card in cards])
    key = [len(grouped) - len(cards)]
    for item in grouped:
        for _ in range(item >> 4):
            key.append(-(item & 15))
    return tuple(key)


def high_board_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Greater is a better high board: quads > trips > two pair > pair > high cards."""
    grouped = _by_count_then_rank([card.index >> 2 for card in cards])
    key = [item >> 4 for item in grouped]
    for item in grouped:
        for _ in range(item >> 4):
            key.append(item & 15)
    return tuple(key)


def board_key(cards: Sequence[Card], rule: FirstToAct) -> tuple[int, ...]:
    """The board's key under ``rule``, remembered by the ranks it shows (a key depends on
    nothing else, and stud boards repeat: at most 13**4 rank sequences of 4 up cards)."""
    code = _ranks_code(cards)
    low = rule is FirstToAct.BEST_LOW_BOARD
    remembered = _LOW_KEYS if low else _HIGH_KEYS
    key = remembered.get(code)
    if key is None:
        key = low_board_key(cards) if low else high_board_key(cards)
        if len(remembered) >= REMEMBERED_BOARDS:
            remembered.clear()
        remembered[code] = key
    return key


def _ranks_code(cards: Sequence[Card]) -> int:
    """The ranks of ``cards`` in their order, four bits each (rank + 1: never 0, so that
    boards of different lengths never share a code)."""
    code = 0
    for card in cards:
        code = code << 4 | ((card.index >> 2) + 1)
    return code


REMEMBERED_BOARDS: Final = 1 << 16
"""Keys remembered per rule before forgetting them all (boards of up to 4 up cards need
~31,000; a log with more up cards than stud deals cannot grow the memory without end)."""
_LOW_KEYS: Final[dict[int, tuple[int, ...]]] = {}
_HIGH_KEYS: Final[dict[int, tuple[int, ...]]] = {}


def best_boards(boards: dict[str, Sequence[Card]], rule: FirstToAct) -> set[str]:
    """Players whose board is best (ties: all of them; the room breaks the tie)."""
    best: set[str] = set()
    best_key: tuple[int, ...] = ()
    for player, cards in boards.items():
        key = board_key(cards, rule)
        if not best or key > best_key:
            best = {player}
            best_key = key
        elif key == best_key:
            best.add(player)
    return best


def has_open_pair(cards: Sequence[Card]) -> bool:
    return len({card.rank for card in cards}) < len(cards)
