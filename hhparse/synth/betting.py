"""One betting round's state and its legal options, by the rules the replayer applies.

Fixed limit: bets and raises in the round's step, at most ``cap`` bets (a big blind
counts as the first; a stud bring-in does not, its completion does). No-limit: every
raise at least the last full bet or raise. Pot-limit: at most the pot after calling.
An all-in for less than a full raise does not re-open the betting to players who have
already acted. Fixed limit after a short all-in (PokerStars, RULES.md): the betting level
stays where it was, so the next bet or raise goes to the last full level plus one step;
all-ins adding up to half a step or more over what a player acted on re-open the betting
to him (no-limit and pot-limit: to a full raise), and the cap counts levels (a short
all-in is no bet toward it).
"""

from __future__ import annotations

from hhparse.cards import Card
from hhparse.synth.strategy import Style


class Player:
    """One player's chips and cards during a hand."""

    __slots__ = (
        "acted",
        "acted_at_bet",
        "acted_at_raise",
        "all_in",
        "auto_fold",
        "blind",
        "cards",
        "committed",
        "contributed",
        "dead",
        "entry",
        "fold_street",
        "folded",
        "is_hero",
        "name",
        "own_discards",
        "remaining",
        "seat",
        "snowing",
        "start",
        "style",
        "voluntary",
    )

    def __init__(self, name: str, seat: int, stack: int, style: Style, *, is_hero: bool,
                 auto_fold: bool, entry: float = 0.0) -> None:
        self.name = name
        self.seat = seat
        self.start = stack
        self.remaining = stack
        self.style = style
        self.is_hero = is_hero
        self.auto_fold = auto_fold
        self.entry = entry
        """The strength this player needs to come in on the first betting round."""
        """A tournament player sitting out: he posts, and folds at his first turn."""
        self.cards: list[Card] = []
        self.own_discards: set[Card] = set()
        self.folded = False
        self.all_in = False
        self.acted = False
        self.acted_at_raise = -1
        self.acted_at_bet = 0
        self.committed = 0
        self.contributed = 0
        self.dead = 0
        """Dead blind money (a missed small blind): in the pot, never returned."""
        self.voluntary = False
        self.blind = False
        self.snowing = False
        self.fold_street = -1

    @property
    def active(self) -> bool:
        return not self.folded

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in


class Round:
    __slots__ = ("bets", "cap", "completed", "current_bet", "full_raises", "last_raise",
                 "level", "limit", "step", "street")

    def __init__(self, street: int, step: int, *, limit: bool, cap: int) -> None:
        self.street = street
        self.step = step
        self.limit = limit
        self.cap = cap
        self.current_bet = 0
        """The most any player has in: what a call matches."""
        self.level = 0
        """Fixed limit: the last full level (a big blind, a full bet or raise, a completion)."""
        self.bets = 0
        self.last_raise = step
        self.full_raises = 0
        self.completed = False

    def min_raise_to(self) -> int:
        """The smallest full bet or raise, as a round total (fixed limit: the only one)."""
        if self.limit:
            return self.level + self.step
        if self.current_bet == 0:
            return self.step
        return self.current_bet + max(self.last_raise, self.step)

    def may_raise(self, player: Player) -> bool:
        """Fixed-limit cap, and the re-opening rule."""
        if self.limit and self.bets >= self.cap:
            return False
        if not player.acted or player.acted_at_raise != self.full_raises:
            return True
        faced = self.current_bet - player.acted_at_bet  # all-ins for less since he acted
        if self.limit:
            return faced * 2 >= self.step
        return faced >= max(self.last_raise, self.step)

    def record_raise(self, to: int, *, full: bool) -> None:
        increment = to - self.current_bet
        if full:
            self.full_raises += 1
            self.last_raise = max(increment, self.last_raise) if self.limit else increment
            self.bets += 1
            self.level = to
        self.current_bet = to
