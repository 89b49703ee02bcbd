"""The deck of one hand: a shuffled stub, the muck, and PokerStars' reshuffle.

PokerStars burns no card. When a player asks for more cards than the stub holds (after
a first reshuffle: more than it holds of cards he did not throw himself), the stub and
the muck (every discard so far, this draw's included, and the folded hands) are
shuffled into a new stub, and the log says ``The deck is reshuffled`` at that moment; a
player never gets back a card he discarded himself (RULES.md, "Online").
"""

from __future__ import annotations

import random

from hhparse.cards import DECK, Card


class ShortDeck(Exception):
    """No card a player may receive is left: the hand is dealt again from a new shuffle."""


class Deck:
    __slots__ = ("muck", "reshuffles", "rng", "stub")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.stub: list[Card] = list(DECK)
        rng.shuffle(self.stub)
        self.muck: list[Card] = []
        self.reshuffles = 0

    def deal(self, count: int) -> list[Card]:
        """The next ``count`` cards from the top of the stub (never reshuffles)."""
        if count > len(self.stub):
            raise ShortDeck(f"{count} cards asked, {len(self.stub)} left")
        cards = self.stub[-count:] if count else []
        del self.stub[len(self.stub) - count :]
        cards.reverse()
        return cards

    def left(self) -> int:
        return len(self.stub)

    def throw(self, cards: list[Card] | tuple[Card, ...]) -> None:
        """Discards and folded hands go to the muck."""
        self.muck.extend(cards)

    def replace(self, count: int, own_discards: set[Card]) -> tuple[list[Card], bool]:
        """Cards for one player's draw of ``count``; True when the deck was reshuffled first."""
        reshuffled = False
        usable = len(self.stub)
        if self.reshuffles and own_discards:  # a reshuffle may have put his discards back
            usable -= sum(1 for card in self.stub if card in own_discards)
        if count > usable:
            self.stub.extend(self.muck)
            self.muck = []
            self.rng.shuffle(self.stub)
            self.reshuffles += 1
            reshuffled = True
        if not own_discards or self.reshuffles == 0:  # before a reshuffle, discards are out
            return self.deal(count), reshuffled
        return self._deal_avoiding(count, own_discards), reshuffled

    def _deal_avoiding(self, count: int, own_discards: set[Card]) -> list[Card]:
        cards: list[Card] = []
        position = len(self.stub) - 1
        while len(cards) < count:
            if position < 0:
                raise ShortDeck(f"no card left that the player did not discard ({count} asked)")
            card = self.stub[position]
            if card not in own_discards:
                cards.append(card)
                del self.stub[position]
            position -= 1
        return cards
