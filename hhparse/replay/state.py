"""The mutable bookkeeping of one replay: players and the current betting round.

Only the replayer touches these objects; what leaves the replayer is immutable.
"""

from __future__ import annotations

from dataclasses import dataclass

from hhparse.cards import Card
from hhparse.replay.result import Problem, Severity


@dataclass(init=False, slots=True)
class PlayerState:
    name: str
    seat: int
    place: int
    """Index in the replay's clockwise order of the players dealt in (-1: not dealt in)."""
    stack: int
    remaining: int
    is_hero: bool
    dealt_in: bool
    folded: bool
    all_in: bool
    acted: bool
    acted_at_raise: int
    """The full-raise counter when this player last acted (for re-opening rules)."""
    acted_at_bet: int
    """The bet of the round when this player last acted (fixed limit: short all-ins of
    half a step or more in all since then re-open the betting to him)."""
    committed: int
    """Live chips in the current betting round."""
    contributed: int
    """All chips put in during the hand (dead ones included)."""
    dead_blinds: int
    """Chips posted as a dead blind: in the pot, but no part of the player's bets (pot
    levels and uncalled bets leave them out)."""
    collected: int
    hand: list[Card]
    """Known cards held now (the hero's hand, stud cards, shown cards)."""
    up_cards: list[Card]
    own_discards: int
    """The bits (``Card.bit``) of every card this player has discarded."""
    shown: tuple[Card, ...] | None
    """The hand shown at a showdown (ranked)."""
    shown_line: int
    shown_cards: tuple[Card, ...]
    """Every card this player showed, at a showdown or after winning uncontested."""
    mucked: bool

    def __init__(self, *, name: str, seat: int, stack: int, remaining: int,
                 is_hero: bool = False, dealt_in: bool = True) -> None:
        self.name = name
        self.seat = seat
        self.place = -1
        self.stack = stack
        self.remaining = remaining
        self.is_hero = is_hero
        self.dealt_in = dealt_in
        self.folded = False
        self.all_in = False
        self.acted = False
        self.acted_at_raise = -1
        self.acted_at_bet = 0
        self.committed = 0
        self.contributed = 0
        self.dead_blinds = 0
        self.collected = 0
        self.hand = []
        self.up_cards = []
        self.own_discards = 0
        self.shown = None
        self.shown_line = 0
        self.shown_cards = ()
        self.mucked = False

    @property
    def in_hand(self) -> bool:
        return self.dealt_in and not self.folded

    @property
    def can_act(self) -> bool:
        return self.dealt_in and not self.folded and not self.all_in


@dataclass(init=False, slots=True)
class RoundState:
    """One betting round."""

    street: int
    step: int
    """Fixed-limit bet size of this round (NL/PL: the minimum bet)."""
    current_bet: int
    """The most any player has in this round: what a call matches."""
    level: int
    """Fixed limit: the last full betting level (a big blind, a full bet or raise, a stud
    completion). A short all-in raises ``current_bet`` but not the level (PokerStars), so
    the next raise goes to ``level + step``; a stud bring-in is no level (0)."""
    bets: int
    """Bets and full raises so far (the cap counts these)."""
    last_raise: int
    """Size of the last full bet or raise (NL/PL minimum raise)."""
    full_raises: int
    """Counter of bets/raises that re-open the action."""
    completed: bool
    """Stud 3rd street: the bring-in has been completed."""
    bets_seen: bool
    """Someone has acted voluntarily in this round."""
    big_bet_allowed: bool
    """Stud high 4th street with an open pair: the big bet may be made."""

    def __init__(self, *, street: int, step: int) -> None:
        self.street = street
        self.step = step
        self.current_bet = 0
        self.level = 0
        self.bets = 0
        self.last_raise = 0
        self.full_raises = 0
        self.completed = False
        self.bets_seen = False
        self.big_bet_allowed = False


@dataclass(init=False, slots=True)
class ProblemLog:
    problems: list[Problem]

    def __init__(self) -> None:
        self.problems = []

    def error(self, code: str, line: int, message: str) -> None:
        self.problems.append(
            Problem(code=code, severity=Severity.ERROR, line=line, message=message)
        )

    def warning(self, code: str, line: int, message: str) -> None:
        self.problems.append(
            Problem(code=code, severity=Severity.WARNING, line=line, message=message)
        )

    @property
    def has_errors(self) -> bool:
        return any(problem.severity is Severity.ERROR for problem in self.problems)
