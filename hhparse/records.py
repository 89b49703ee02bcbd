"""The typed hand record: what a site parser read, exactly as the site wrote it.

The many small records of a hand (actions, seats, notes) are NamedTuples: immutable and
typed like the frozen dataclasses used elsewhere, and several times cheaper to build,
which matters at tens of thousands of hands per second.

Parsers only fill these records; they judge nothing. Money is always an integer of
minor units (cents for cash games, chips for tournaments and play money); the unit is
on the hand (:attr:`Hand.currency`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import NamedTuple

from hhparse.cards import Card
from hhparse.variants import BettingStructure


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceSpan:
    """Where a hand block sits in its file."""

    file: str
    line: int
    """1-based line number of the block's first line (in the decoded text)."""
    byte_offset: int
    """Offset of the block's first byte in the raw file."""
    byte_length: int = 0
    line_count: int = 0


class Kind(StrEnum):
    """Every kind of event a hand history records, in the names the database uses."""

    POST_SB = "post_sb"
    POST_BB = "post_bb"
    POST_SB_BB = "post_sb_bb"
    """``posts small & big blinds``: the small blind is dead, the big blind live."""
    POST_DEAD = "post_dead"
    ANTE = "ante"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"
    DISCARD = "discard"
    STAND_PAT = "stand_pat"
    DEALT = "dealt"
    RESHUFFLE = "reshuffle"
    CAPPED = "capped"
    SHOW = "show"
    MUCK = "muck"
    NO_SHOW = "no_show"
    COLLECT = "collect"
    UNCALLED_RETURN = "uncalled_return"
    CASHOUT = "cashout"


BETTING_KINDS = frozenset(
    {Kind.BRING_IN, Kind.COMPLETE, Kind.BET, Kind.RAISE, Kind.CALL, Kind.CHECK, Kind.FOLD}
)
FORCED_KINDS = frozenset({Kind.POST_SB, Kind.POST_BB, Kind.POST_SB_BB, Kind.POST_DEAD, Kind.ANTE})
DRAW_KINDS = frozenset({Kind.DISCARD, Kind.STAND_PAT})


class Action(NamedTuple):
    """One line of play. Amounts are as the site printed them, in minor units."""

    line: int
    street: int
    """Section of the hand: 0 before the first draw (draw) or on 3rd street (stud), then
    one more per draw or street; SHOWDOWN_STREET for the showdown and after."""
    kind: Kind
    player: str
    amount: int = 0
    """Chips this line puts in (bet, call, post, bring-in; for a raise the increment
    ``X`` of ``raises X to Y``), or takes out (collect, uncalled return)."""
    to: int | None = None
    """For raises and completions: the player's total for the round after it (``Y``)."""
    all_in: bool = False
    n_cards: int | None = None
    """Discards: how many cards (stand pat: 0)."""
    cards: tuple[Card, ...] = ()
    """Cards the line shows: discarded cards, shown or mucked cards, cards dealt."""
    new_cards: tuple[Card, ...] = ()
    """``Dealt to P [kept] [new]``: the new cards (``cards`` holds the kept ones)."""
    pot: str = ""
    """For collections: ``pot``, ``main pot``, ``side pot``, ``side pot-2`` ..."""


SHOWDOWN_STREET = 99


class Seat(NamedTuple):
    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    line: int = 0


class StreetMark(NamedTuple):
    """A street or draw marker (``*** FIRST DRAW ***``, ``*** 4th STREET ***``)."""

    line: int
    street: int
    name: str


class RunHand(NamedTuple):
    """Run it twice: a player's hand in one run of the board (the draw, here).

    ``Run 2: P shows [..]`` (``shown``), or the hand the log deals him in that run
    (``discards [Th] draws [8c] [Qs]``: run 1 gets 8c, run 2 gets Qs; not shown)."""

    line: int
    run: int
    player: str
    cards: tuple[Card, ...]
    shown: bool = True


class Note(NamedTuple):
    """A line that is read and kept but plays no part: chat, joins, time-outs ..."""

    line: int
    kind: str
    text: str


class SummarySeat(NamedTuple):
    """A seat line of the summary (``Seat 4: P showed [..] and lost with ..``)."""

    line: int
    seat: int
    player: str
    text: str
    cards: tuple[Card, ...] = ()
    won: int | None = None
    net: int | None = None
    """The seat's net for the hand as the site prints it (KingsClub), else None."""
    stack: int | None = None
    """The seat's stack after the hand as the site prints it (KingsClub), else None."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    total_pot: int | None = None
    main_pot: int | None = None
    side_pots: tuple[int, ...] = ()
    rake: int | None = None
    line: int = 0
    board: tuple[Card, ...] = ()
    seats: tuple[SummarySeat, ...] = ()
    pots_after_rake: bool = True
    """``main_pot``/``side_pots`` are printed after the rake (PokerStars); False when the
    site prints them before it (Full Tilt)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """The stakes as the header prints them, in minor units."""

    small_bet: int | None = None
    """Fixed limit: the small bet (PokerStars' ``$0.10/$0.20`` in limit games)."""
    big_bet: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    ante: int | None = None
    bring_in: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Tournament:
    tournament_id: str
    buy_in: int | None = None
    fee: int | None = None
    bounty: int | None = None
    currency: str | None = None
    level: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ParseProblem:
    """Something the reader could not read; the replayer turns these into problems."""

    line: int
    code: str
    message: str
    fatal: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Hand:
    site: str
    hand_id: str
    source: SourceSpan
    game_text: str
    """The game as printed (``Triple Draw 2-7 Lowball Limit``)."""
    variant_id: str | None
    """A variant id, or None for games we do not replay (Hold'em, Omaha ...)."""
    structure: BettingStructure | None
    currency: str
    """``USD``, ``EUR`` ..., or ``chips`` (tournaments, play money)."""
    stakes: Stakes
    started_at_text: str = ""
    started_at: datetime | None = None
    """UTC."""
    table: str = ""
    max_seats: int | None = None
    button_seat: int | None = None
    tournament: Tournament | None = None
    mixed_game: str | None = None
    home_game: str | None = None
    zoom: bool = False
    play_money: bool = False
    seats: tuple[Seat, ...] = ()
    actions: tuple[Action, ...] = ()
    streets: tuple[StreetMark, ...] = ()
    notes: tuple[Note, ...] = ()
    summary: Summary = field(default_factory=Summary)
    hero: str | None = None
    cancelled: bool = False
    problems: tuple[ParseProblem, ...] = ()
    runs: int = 1
    """How many times the rest of the hand was run (run it twice: 2); each run wins an
    equal share of every pot."""
    run_hands: tuple[RunHand, ...] = ()
    """The hands of each run where they differ from the SHOW actions (run 1)."""

    def seat_of(self, player: str) -> Seat | None:
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None
