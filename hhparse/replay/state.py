"""The mutable bookkeeping of one replay: players and the current betting round.

Only the replayer touches these objects; what leaves the replayer is immutable.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hhparse.cards import Card
from hhparse.replay.result import Problem, Severity


@dataclass(slots=True)
class PlayerState:
    name: str
    seat: int
    stack: int
    remaining: int
    is_hero: bool = False
    dealt_in: bool = True
    folded: bool = False
    all_in: bool = False
    acted: bool = False
    acted_at_raise: int = -1
    """The full-raise counter when this player last acted (for re-opening rules)."""
    acted_at_bet: int = 0
    """The bet of the round when this player last acted (fixed limit: short all-ins of
    half a step or more in all since then re-open the betting to him)."""
    committed: int = 0
    """Live chips in the current betting round."""
    contributed: int = 0
    """All chips put in during the hand (dead ones included)."""
    dead_blinds: int = 0
    """Chips posted as a dead blind: in the pot, but no part of the player's bets (pot
    levels and uncalled bets leave them out)."""
    collected: int = 0
    hand: list[Card] = field(default_factory=list)
    """Known cards held now (the hero's hand, stud cards, shown cards)."""
    up_cards: list[Card] = field(default_factory=list)
    own_discards: set[Card] = field(default_factory=set)
    shown: tuple[Card, ...] | None = None
    """The hand shown at a showdown (ranked)."""
    shown_line: int = 0
    shown_cards: tuple[Card, ...] = ()
    """Every card this player showed, at a showdown or after winning uncontested."""
    mucked: bool = False

    @property
    def in_hand(self) -> bool:
        return self.dealt_in and not self.folded

    @property
    def can_act(self) -> bool:
        return self.dealt_in and not self.folded and not self.all_in


@dataclass(slots=True)
class RoundState:
    """One betting round."""

    street: int
    step: int
    """Fixed-limit bet size of this round (NL/PL: the minimum bet)."""
    current_bet: int = 0
    """The most any player has in this round: what a call matches."""
    level: int = 0
    """Fixed limit: the last full betting level (a big blind, a full bet or raise, a stud
    completion). A short all-in raises ``current_bet`` but not the level (PokerStars), so
    the next raise goes to ``level + step``; a stud bring-in is no level (0)."""
    bets: int = 0
    """Bets and full raises so far (the cap counts these)."""
    last_raise: int = 0
    """Size of the last full bet or raise (NL/PL minimum raise)."""
    full_raises: int = 0
    """Counter of bets/raises that re-open the action."""
    completed: bool = False
    """Stud 3rd street: the bring-in has been completed."""
    bets_seen: bool = False
    """Someone has acted voluntarily in this round."""
    big_bet_allowed: bool = False
    """Stud high 4th street with an open pair: the big bet may be made."""


@dataclass(slots=True)
class ProblemLog:
    problems: list[Problem] = field(default_factory=list)

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
