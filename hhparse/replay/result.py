"""What the replayer returns: the accepted hand with derived facts, or its problems."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from hhparse.cards import Card
from hhparse.records import Hand


class Severity(StrEnum):
    ERROR = "error"
    """The hand is rejected."""
    WARNING = "warning"
    """The hand is kept and the problem recorded."""


class Status(StrEnum):
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    UNSUPPORTED = "unsupported"


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    code: str
    severity: Severity
    line: int
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerResult:
    player: str
    seat: int
    position: str
    """``BTN``, ``SB``, ``BB``, ``UTG`` ... (draw games); stud has no positions: ``""``."""
    is_hero: bool
    starting_stack: int
    contributed: int
    """Chips put in, after any uncalled bet was returned."""
    collected: int
    net: int
    went_to_showdown: bool
    won_at_showdown: bool
    final_cards: tuple[Card, ...]
    """The player's last known cards (all of them only when shown or for the hero)."""
    final_class: str = ""
    final_description: str = ""
    shown_cards: tuple[Card, ...] = ()
    """Every card he showed: at a showdown, or any of them after winning uncontested."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawResult:
    player: str
    draw_round: int
    """1..3"""
    discarded: int
    """0 = stood pat."""
    discarded_cards: tuple[Card, ...] = ()
    new_cards: tuple[Card, ...] = ()
    hand_before: tuple[Card, ...] = ()
    hand_after: tuple[Card, ...] = ()
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PotResult:
    index: int
    """0 = main pot, then side pots 1..n."""
    half: str
    """``all``, or the half of a split game: ``high``/``low``, ``badugi``/``lowball``."""
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    won: tuple[int, ...]
    """Amount won by each winner, in the order of ``winners`` (after the rake)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayResult:
    hand: Hand
    status: Status
    problems: tuple[Problem, ...]
    players: tuple[PlayerResult, ...] = ()
    draws: tuple[DrawResult, ...] = ()
    pots: tuple[PotResult, ...] = ()
    total_pot: int = 0
    rake: int = 0
    went_to_showdown: bool = False
    forced_bets: str = ""
    """The forced-bet structure the hand was judged by (``blinds``, ``antes``, ...; see
    :data:`hhparse.variants.FORCED_STRUCTURES`)."""

    @property
    def accepted(self) -> bool:
        return self.status is Status.ACCEPTED

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)
