"""What the replayer returns: the accepted hand with derived facts, or its problems."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from hhparse.cards import Card
from hhparse.frozen import Record
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


@dataclass(init=False, slots=True, unsafe_hash=True)
class Problem(Record):
    code: Final[str]
    severity: Final[Severity]
    line: Final[int]
    message: Final[str]

    def __init__(self, *, code: str, severity: Severity, line: int, message: str) -> None:
        self.code = code
        self.severity = severity
        self.line = line
        self.message = message


@dataclass(init=False, slots=True, unsafe_hash=True)
class PlayerResult(Record):
    player: Final[str]
    seat: Final[int]
    position: Final[str]
    """``BTN``, ``SB``, ``BB``, ``UTG`` ... (draw games); stud has no positions: ``""``."""
    is_hero: Final[bool]
    starting_stack: Final[int]
    contributed: Final[int]
    """Chips put in, after any uncalled bet was returned."""
    collected: Final[int]
    net: Final[int]
    went_to_showdown: Final[bool]
    won_at_showdown: Final[bool]
    final_cards: Final[tuple[Card, ...]]
    """The player's last known cards (all of them only when shown or for the hero)."""
    final_class: Final[str]
    final_description: Final[str]
    shown_cards: Final[tuple[Card, ...]]
    """Every card he showed: at a showdown, or any of them after winning uncontested."""

    def __init__(self, *, player: str, seat: int, position: str, is_hero: bool,
                 starting_stack: int, contributed: int, collected: int, net: int,
                 went_to_showdown: bool, won_at_showdown: bool, final_cards: tuple[Card, ...],
                 final_class: str = "", final_description: str = "",
                 shown_cards: tuple[Card, ...] = ()) -> None:
        self.player = player
        self.seat = seat
        self.position = position
        self.is_hero = is_hero
        self.starting_stack = starting_stack
        self.contributed = contributed
        self.collected = collected
        self.net = net
        self.went_to_showdown = went_to_showdown
        self.won_at_showdown = won_at_showdown
        self.final_cards = final_cards
        self.final_class = final_class
        self.final_description = final_description
        self.shown_cards = shown_cards


@dataclass(init=False, slots=True, unsafe_hash=True)
class DrawResult(Record):
    player: Final[str]
    draw_round: Final[int]
    """1..3"""
    discarded: Final[int]
    """0 = stood pat."""
    discarded_cards: Final[tuple[Card, ...]]
    new_cards: Final[tuple[Card, ...]]
    hand_before: Final[tuple[Card, ...]]
    hand_after: Final[tuple[Card, ...]]
    line: Final[int]

    def __init__(self, *, player: str, draw_round: int, discarded: int,
                 discarded_cards: tuple[Card, ...] = (), new_cards: tuple[Card, ...] = (),
                 hand_before: tuple[Card, ...] = (), hand_after: tuple[Card, ...] = (),
                 line: int = 0) -> None:
        self.player = player
        self.draw_round = draw_round
        self.discarded = discarded
        self.discarded_cards = discarded_cards
        self.new_cards = new_cards
        self.hand_before = hand_before
        self.hand_after = hand_after
        self.line = line


@dataclass(init=False, slots=True, unsafe_hash=True)
class PotResult(Record):
    index: Final[int]
    """0 = main pot, then side pots 1..n."""
    half: Final[str]
    """``all``, or the half of a split game: ``high``/``low``, ``badugi``/``lowball``."""
    amount: Final[int]
    eligible: Final[tuple[str, ...]]
    winners: Final[tuple[str, ...]]
    won: Final[tuple[int, ...]]
    """Amount won by each winner, in the order of ``winners`` (after the rake)."""

    def __init__(self, *, index: int, half: str, amount: int, eligible: tuple[str, ...],
                 winners: tuple[str, ...], won: tuple[int, ...]) -> None:
        self.index = index
        self.half = half
        self.amount = amount
        self.eligible = eligible
        self.winners = winners
        self.won = won


@dataclass(init=False, slots=True, unsafe_hash=True)
class ReplayResult(Record):
    hand: Final[Hand]
    status: Final[Status]
    problems: Final[tuple[Problem, ...]]
    players: Final[tuple[PlayerResult, ...]]
    draws: Final[tuple[DrawResult, ...]]
    pots: Final[tuple[PotResult, ...]]
    total_pot: Final[int]
    rake: Final[int]
    went_to_showdown: Final[bool]
    forced_bets: Final[str]
    """The forced-bet structure the hand was judged by (``blinds``, ``antes``, ...; see
    :data:`hhparse.variants.FORCED_STRUCTURES`)."""

    def __init__(self, *, hand: Hand, status: Status, problems: tuple[Problem, ...],
                 players: tuple[PlayerResult, ...] = (), draws: tuple[DrawResult, ...] = (),
                 pots: tuple[PotResult, ...] = (), total_pot: int = 0, rake: int = 0,
                 went_to_showdown: bool = False, forced_bets: str = "") -> None:
        self.hand = hand
        self.status = status
        self.problems = problems
        self.players = players
        self.draws = draws
        self.pots = pots
        self.total_pot = total_pot
        self.rake = rake
        self.went_to_showdown = went_to_showdown
        self.forced_bets = forced_bets

    @property
    def accepted(self) -> bool:
        return self.status is Status.ACCEPTED

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)
