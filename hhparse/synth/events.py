"""A played hand as neutral records: what happened, in order, before anyone writes it down.

The engine produces a :class:`PlayedHand`; a writer (``pokerstars.py``) turns it into a
site's text. Events carry everything that happened, the hidden cards included: the
writer decides what the history's owner (the hero) may see.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import NamedTuple

from hhparse.cards import Card
from hhparse.variants import BettingStructure, Variant


class E(StrEnum):
    """Kinds of events."""

    ANTE = "ante"
    POST_SB = "post_sb"
    POST_BB = "post_bb"
    POST_SB_BB = "post_sb_bb"
    """A returning player's small blind (dead) and big blind (live) in one line."""
    STREET = "street"
    """A section marker: ``text`` is its name (``FIRST DRAW``, ``4th STREET``, ``RIVER``);
    ``cards`` a community card."""
    DEALT = "dealt"
    """Cards dealt to ``player``: ``cards`` those held before, ``new_cards`` the new ones.
    Stud: ``new_cards`` of a first deal are down, down, up."""
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"
    CAPPED = "capped"
    DISCARD = "discard"
    """``amount`` cards thrown; ``cards`` which ones."""
    STAND_PAT = "stand_pat"
    RESHUFFLE = "reshuffle"
    UNCALLED = "uncalled"
    SHOW = "show"
    """``cards`` shown, ``text`` the hand's description."""
    MUCK = "muck"
    COLLECT = "collect"
    """``amount`` taken from the pot named ``text`` (``pot``, ``main pot``, ``side pot-1``)."""
    NO_SHOW = "no_show"
    NOTE = "note"
    """A line of no play (joins, leaves, sits out, chat): ``text`` is the whole line."""
    DOUBLE_BET = "double_bet"
    """Stud 4th street: an open pair allows the big bet."""


class Event(NamedTuple):
    kind: E
    player: str = ""
    amount: int = 0
    """Chips the line moves (for raises and completions: the increment)."""
    to: int = 0
    """Raises and completions: the player's total for the round."""
    all_in: bool = False
    cards: tuple[Card, ...] = ()
    new_cards: tuple[Card, ...] = ()
    text: str = ""


class SeatLine(NamedTuple):
    seat: int
    player: str
    stack: int
    sitting_out: bool = False


class Outcome(NamedTuple):
    """One seat's line of the summary."""

    seat: int
    player: str
    tags: tuple[str, ...]
    """``button``, ``small blind``, ``big blind`` (draw games)."""
    result: str
    """``folded``, ``showed``, ``mucked``, ``collected``, ``lost`` (all-in, not shown)."""
    street: int = 0
    """Where a fold happened (the section number, as the events' markers count it)."""
    bet: bool = True
    """Put chips in voluntarily or by a blind (``didn't bet`` when False)."""
    cards: tuple[Card, ...] = ()
    won: int = 0
    description: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentInfo:
    tournament_id: int
    buy_in: int
    fee: int
    level: int
    """1, 2, 3 ... (printed in Roman numerals)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Facts:
    """The rare cases a hand holds (for measuring their rates)."""

    side_pots: bool = False
    split_pot: bool = False
    uncalled_bet: bool = False
    capped: bool = False
    reshuffles: int = 0
    community_card: bool = False
    all_in: bool = False
    sitting_out: int = 0
    """Seated players not dealt in (or sitting out in a tournament)."""
    showdown: bool = False
    players: int = 0
    """Players dealt in."""
    short_all_in: bool = False
    """Fixed limit: a bet, raise or completion all-in for less than a full step."""
    raise_over_short_all_in: bool = False
    """Fixed limit: a full bet or raise over a short all-in (to the last level + a step)."""
    all_in_forced: bool = False
    """A player all-in with his ante or blind."""
    bring_in_passed: bool = False
    """Stud: the door card's player all-in for the ante, the bring-in fell to the next."""
    voluntary_show: bool = False
    """The winner of an uncontested pot showed some of his cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayedHand:
    variant: Variant
    structure: BettingStructure
    hand_id: int
    started_at: datetime
    """Eastern time, as PokerStars prints it."""
    currency: str
    """``USD`` or ``chips``."""
    stakes: tuple[int, int]
    """The header's pair: small/big bet (fixed limit) or small/big blind."""
    tournament: TournamentInfo | None
    table: str
    max_seats: int
    button: int | None
    seats: tuple[SeatLine, ...]
    hero: str
    events: tuple[Event, ...]
    total_pot: int
    pots: tuple[int, ...]
    """Each pot after rake: main pot first (one entry: no side pot)."""
    rake: int
    board: tuple[Card, ...]
    outcomes: tuple[Outcome, ...]
    facts: Facts
    club: str | None = None
    """A home game's club (antes-only and single-blind tables); None elsewhere."""

    def collected(self) -> dict[str, int]:
        """What each winner took from the pots (their collection lines added up)."""
        paid: dict[str, int] = {}
        for event in self.events:
            if event.kind is E.COLLECT:
                paid[event.player] = paid.get(event.player, 0) + event.amount
        return paid
