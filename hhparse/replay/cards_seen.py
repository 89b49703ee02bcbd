"""Known cards: no card may be in two places at once, and a reshuffle must be real.

PokerStars burns no card: the stub is 52 minus the cards dealt. When a draw asks for
more cards than the stub holds, the log says ``The deck is reshuffled`` at that moment;
under the online policy a player never gets back a card he discarded himself.
"""

from __future__ import annotations

from hhparse.cards import Card, format_cards
from hhparse.replay.state import ProblemLog
from hhparse.variants import ReshufflePolicy, Variant


class CardTracker:
    def __init__(self, variant: Variant, log: ProblemLog) -> None:
        self.variant = variant
        self.log = log
        # Lists by card index, not dicts by card: a card's place is asked at every card
        # dealt, kept, shown and folded, and a list index is the cheapest look-up there is.
        self.holder: list[str | None] = [None] * 52
        """Card index -> the player known to hold (or show) it now."""
        self.discarded_by: list[str | None] = [None] * 52
        """Card index -> who discarded it, for known discards still out of play (until a
        reshuffle)."""
        self.holders: set[str] = set()
        """Every player :attr:`holder` has named: a fold of anyone else (most folds, in
        draw games) has no known card to release."""
        self.reshuffles = 0
        self.stub: int | None = None
        """Cards left to deal before the first reshuffle (exact until then)."""
        self.round_reshuffled = False
        self.round_needed_reshuffle = False
        self.checked_round = 0
        self.exhausted_at: tuple[int, str] = (0, "")
        self.reshuffled_at: tuple[int, int] = (0, 0)
        self.silent_reshuffles = False
        """The room reshuffles when the stub runs out but prints no line for it."""

    # ----------------------------------------------------------- the stub

    def initial_deal(self, players: int) -> None:
        if self.variant.is_draw:
            self.stub = 52 - players * self.variant.hand_size

    def begin_draw(self, draw_round: int) -> None:
        self.round_reshuffled = False
        self.round_needed_reshuffle = False

    def take(self, count: int, player: str, line: int) -> None:
        """A draw of ``count`` cards from the stub."""
        if self.stub is None:
            return
        if count > self.stub and not self.round_needed_reshuffle:
            self.round_needed_reshuffle = True
            self.exhausted_at = (line, f"{player} draws {count} but only {self.stub} card(s) "
                                       "are left in the stub")
            if self.silent_reshuffles:
                self.reshuffle(line)
        self.stub = max(0, self.stub - count)

    def reshuffle(self, line: int) -> None:
        if not self.round_reshuffled:
            self.reshuffled_at = (line, self.stub or 0)
        self.reshuffles += 1
        self.round_reshuffled = True
        self.discarded_by = [None] * 52

    def end_draw(self, draw_round: int) -> None:
        """The first reshuffle is checked exactly: it happens iff the stub ran out.

        Called when the draw is over (the next bet, street or the end of the hand); calling
        it again for the same draw does nothing."""
        if self.stub is None or self.checked_round == draw_round:
            return
        self.checked_round = draw_round
        if self.round_needed_reshuffle and not self.round_reshuffled:
            line, what = self.exhausted_at
            self.log.error(
                "reshuffle_missing", line,
                f"draw {draw_round}: {what}, and the deck is not reshuffled",
            )
        elif self.round_reshuffled and not self.round_needed_reshuffle:
            line, stub = self.reshuffled_at
            self.log.error(
                "reshuffle_not_needed", line,
                f"the deck is reshuffled in draw {draw_round} while {stub} card(s) were still "
                "in the stub, enough for every draw of the round",
            )
        if self.round_reshuffled or self.round_needed_reshuffle:
            self.stub = None  # after a reshuffle the stub's size depends on the policy

    # ---------------------------------------------------------- the cards

    def see(self, player: str, cards: tuple[Card, ...] | list[Card], line: int, what: str) -> None:
        """``player`` is known to hold ``cards`` now (dealt, kept or shown)."""
        held = self.holder
        discarded = self.discarded_by
        for card in cards:
            index = card.index
            holder = held[index]
            if holder is not None and holder != player:
                self.log.error(
                    "duplicate_card", line,
                    f"{card} {what} to {player} is already held by {holder}",
                )
                continue
            discarder = discarded[index]
            if discarder is not None:
                self.log.error(
                    "duplicate_card", line,
                    f"{card} {what} to {player} was discarded by {discarder} "
                    "and the deck was not reshuffled",
                )
            held[index] = player
        self.holders.add(player)

    def receive(self, player: str, cards: tuple[Card, ...], own_discards: int,
                line: int) -> None:
        """New cards from a draw (``own_discards``: the bits of the player's discards)."""
        if self.variant.policies.reshuffle is ReshufflePolicy.ONLINE:
            returned = [card for card in cards if own_discards & card.bit]
            if returned:
                self.log.error(
                    "own_discard_returned", line,
                    f"{player} receives his own discard(s) {format_cards(returned)}",
                )
        self.see(player, cards, line, "dealt")

    def discard(self, player: str, cards: tuple[Card, ...], line: int) -> None:
        held = self.holder
        for card in cards:
            index = card.index
            if held[index] == player:
                held[index] = None
            self.discarded_by[index] = player

    def release(self, player: str) -> None:
        """A folded hand goes to the muck; its unknown cards stay unknown."""
        if player not in self.holders:
            return
        held = self.holder
        for index in range(52):
            holder = held[index]
            if holder is not None and holder == player:  # compared as strings, not objects
                held[index] = None
                self.discarded_by[index] = player
