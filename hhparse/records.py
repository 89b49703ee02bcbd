"""The typed hand record: what a site parser read, exactly as the site wrote it.

Every record is a :class:`~hhparse.frozen.Record`: immutable, typed, with its own
``__init__`` so that the compiled build makes one without running any Python (a hand
holds a few dozen of them: see :mod:`hhparse.frozen`).

Parsers only fill these records; they judge nothing. Money is always an integer of
minor units (cents for cash games, chips for tournaments and play money); the unit is
on the hand (:attr:`Hand.currency`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final

from hhparse.cards import Card
from hhparse.frozen import Record
from hhparse.variants import BettingStructure


@dataclass(init=False, slots=True, unsafe_hash=True)
class SourceSpan(Record):
    """Where a hand block sits in its file."""

    file: Final[str]
    line: Final[int]
    """1-based line number of the block's first line (in the decoded text)."""
    byte_offset: Final[int]
    """Offset of the block's first byte in the raw file."""
    byte_length: Final[int]
    line_count: Final[int]

    def __init__(self, *, file: str, line: int, byte_offset: int, byte_length: int = 0,
                 line_count: int = 0) -> None:
        self.file = file
        self.line = line
        self.byte_offset = byte_offset
        self.byte_length = byte_length
        self.line_count = line_count


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


# Kind's members as module constants, for the per-line code: on Python 3.11 each
# ``Kind.X`` goes through EnumType.__getattr__'s slow attribute path (~100 ns, 3.12
# dropped it), ~7% of the pure build's instructions a hand; a module constant is one
# look-up (in the compiled build both are statics).
POST_SB: Final = Kind.POST_SB
POST_BB: Final = Kind.POST_BB
POST_SB_BB: Final = Kind.POST_SB_BB
POST_DEAD: Final = Kind.POST_DEAD
ANTE: Final = Kind.ANTE
BRING_IN: Final = Kind.BRING_IN
COMPLETE: Final = Kind.COMPLETE
BET: Final = Kind.BET
RAISE: Final = Kind.RAISE
CALL: Final = Kind.CALL
CHECK: Final = Kind.CHECK
FOLD: Final = Kind.FOLD
DISCARD: Final = Kind.DISCARD
STAND_PAT: Final = Kind.STAND_PAT
DEALT: Final = Kind.DEALT
RESHUFFLE: Final = Kind.RESHUFFLE
CAPPED: Final = Kind.CAPPED
SHOW: Final = Kind.SHOW
MUCK: Final = Kind.MUCK
NO_SHOW: Final = Kind.NO_SHOW
COLLECT: Final = Kind.COLLECT
UNCALLED_RETURN: Final = Kind.UNCALLED_RETURN
CASHOUT: Final = Kind.CASHOUT


BETTING_KINDS = frozenset(
    {Kind.BRING_IN, Kind.COMPLETE, Kind.BET, Kind.RAISE, Kind.CALL, Kind.CHECK, Kind.FOLD}
)
FORCED_KINDS = frozenset({Kind.POST_SB, Kind.POST_BB, Kind.POST_SB_BB, Kind.POST_DEAD, Kind.ANTE})
DRAW_KINDS = frozenset({Kind.DISCARD, Kind.STAND_PAT})


@dataclass(init=False, slots=True, unsafe_hash=True)
class Action(Record):
    """One line of play. Amounts are as the site printed them, in minor units."""

    line: Final[int]
    street: Final[int]
    """Section of the hand: 0 before the first draw (draw) or on 3rd street (stud), then
    one more per draw or street; SHOWDOWN_STREET for the showdown and after."""
    kind: Final[Kind]
    player: Final[str]
    amount: Final[int]
    """Chips this line puts in (bet, call, post, bring-in; for a raise the increment
    ``X`` of ``raises X to Y``), or takes out (collect, uncalled return)."""
    to: Final[int | None]
    """For raises and completions: the player's total for the round after it (``Y``)."""
    all_in: Final[bool]
    n_cards: Final[int | None]
    """Discards: how many cards (stand pat: 0)."""
    cards: Final[tuple[Card, ...]]
    """Cards the line shows: discarded cards, shown or mucked cards, cards dealt."""
    new_cards: Final[tuple[Card, ...]]
    """``Dealt to P [kept] [new]``: the new cards (``cards`` holds the kept ones)."""
    pot: Final[str]
    """For collections: ``pot``, ``main pot``, ``side pot``, ``side pot-2`` ..."""

    def __init__(self, line: int, street: int, kind: Kind, player: str, amount: int = 0,
                 to: int | None = None, all_in: bool = False, n_cards: int | None = None,
                 cards: tuple[Card, ...] = (), new_cards: tuple[Card, ...] = (),
                 pot: str = "") -> None:
        self.line = line
        self.street = street
        self.kind = kind
        self.player = player
        self.amount = amount
        self.to = to
        self.all_in = all_in
        self.n_cards = n_cards
        self.cards = cards
        self.new_cards = new_cards
        self.pot = pot


SHOWDOWN_STREET = 99


@dataclass(init=False, slots=True, unsafe_hash=True)
class Seat(Record):
    seat: Final[int]
    player: Final[str]
    stack: Final[int]
    sitting_out: Final[bool]
    line: Final[int]

    def __init__(self, seat: int, player: str, stack: int, sitting_out: bool = False,
                 line: int = 0) -> None:
        self.seat = seat
        self.player = player
        self.stack = stack
        self.sitting_out = sitting_out
        self.line = line


@dataclass(init=False, slots=True, unsafe_hash=True)
class StreetMark(Record):
    """A street or draw marker (``*** FIRST DRAW ***``, ``*** 4th STREET ***``)."""

    line: Final[int]
    street: Final[int]
    name: Final[str]

    def __init__(self, line: int, street: int, name: str) -> None:
        self.line = line
        self.street = street
        self.name = name


@dataclass(init=False, slots=True, unsafe_hash=True)
class RunHand(Record):
    """Run it twice: a player's hand in one run of the board (the draw, here).

    ``Run 2: P shows [..]`` (``shown``), or the hand the log deals him in that run
    (``discards [Th] draws [8c] [Qs]``: run 1 gets 8c, run 2 gets Qs; not shown)."""

    line: Final[int]
    run: Final[int]
    player: Final[str]
    cards: Final[tuple[Card, ...]]
    shown: Final[bool]

    def __init__(self, line: int, run: int, player: str, cards: tuple[Card, ...],
                 shown: bool = True) -> None:
        self.line = line
        self.run = run
        self.player = player
        self.cards = cards
        self.shown = shown


@dataclass(init=False, slots=True, unsafe_hash=True)
class Note(Record):
    """A line that is read and kept but plays no part: chat, joins, time-outs ..."""

    line: Final[int]
    kind: Final[str]
    text: Final[str]

    def __init__(self, line: int, kind: str, text: str) -> None:
        self.line = line
        self.kind = kind
        self.text = text


@dataclass(init=False, slots=True, unsafe_hash=True)
class SummarySeat(Record):
    """A seat line of the summary (``Seat 4: P showed [..] and lost with ..``)."""

    line: Final[int]
    seat: Final[int]
    player: Final[str]
    text: Final[str]
    cards: Final[tuple[Card, ...]]
    won: Final[int | None]
    net: Final[int | None]
    """The seat's net for the hand as the site prints it (KingsClub), else None."""
    stack: Final[int | None]
    """The seat's stack after the hand as the site prints it (KingsClub), else None."""

    def __init__(self, line: int, seat: int, player: str, text: str,
                 cards: tuple[Card, ...] = (), won: int | None = None, net: int | None = None,
                 stack: int | None = None) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.text = text
        self.cards = cards
        self.won = won
        self.net = net
        self.stack = stack


@dataclass(init=False, slots=True, unsafe_hash=True)
class Summary(Record):
    total_pot: Final[int | None]
    main_pot: Final[int | None]
    side_pots: Final[tuple[int, ...]]
    rake: Final[int | None]
    line: Final[int]
    board: Final[tuple[Card, ...]]
    seats: Final[tuple[SummarySeat, ...]]
    pots_after_rake: Final[bool]
    """``main_pot``/``side_pots`` are printed after the rake (PokerStars); False when the
    site prints them before it (Full Tilt)."""

    def __init__(self, *, total_pot: int | None = None, main_pot: int | None = None,
                 side_pots: tuple[int, ...] = (), rake: int | None = None, line: int = 0,
                 board: tuple[Card, ...] = (), seats: tuple[SummarySeat, ...] = (),
                 pots_after_rake: bool = True) -> None:
        self.total_pot = total_pot
        self.main_pot = main_pot
        self.side_pots = side_pots
        self.rake = rake
        self.line = line
        self.board = board
        self.seats = seats
        self.pots_after_rake = pots_after_rake


NO_SUMMARY: Final = Summary()
"""The summary of a hand that printed none (immutable, so every such hand shares it)."""


@dataclass(init=False, slots=True, unsafe_hash=True)
class Stakes(Record):
    """The stakes as the header prints them, in minor units."""

    small_bet: Final[int | None]
    """Fixed limit: the small bet (PokerStars' ``$0.10/$0.20`` in limit games)."""
    big_bet: Final[int | None]
    small_blind: Final[int | None]
    big_blind: Final[int | None]
    ante: Final[int | None]
    bring_in: Final[int | None]

    def __init__(self, *, small_bet: int | None = None, big_bet: int | None = None,
                 small_blind: int | None = None, big_blind: int | None = None,
                 ante: int | None = None, bring_in: int | None = None) -> None:
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.ante = ante
        self.bring_in = bring_in


@dataclass(init=False, slots=True, unsafe_hash=True)
class Tournament(Record):
    tournament_id: Final[str]
    buy_in: Final[int | None]
    fee: Final[int | None]
    bounty: Final[int | None]
    currency: Final[str | None]
    level: Final[str | None]

    def __init__(self, *, tournament_id: str, buy_in: int | None = None, fee: int | None = None,
                 bounty: int | None = None, currency: str | None = None,
                 level: str | None = None) -> None:
        self.tournament_id = tournament_id
        self.buy_in = buy_in
        self.fee = fee
        self.bounty = bounty
        self.currency = currency
        self.level = level


@dataclass(init=False, slots=True, unsafe_hash=True)
class ParseProblem(Record):
    """Something the reader could not read; the replayer turns these into problems."""

    line: Final[int]
    code: Final[str]
    message: Final[str]
    fatal: Final[bool]

    def __init__(self, *, line: int, code: str, message: str, fatal: bool = False) -> None:
        self.line = line
        self.code = code
        self.message = message
        self.fatal = fatal


@dataclass(init=False, slots=True, unsafe_hash=True)
class Hand(Record):
    site: Final[str]
    hand_id: Final[str]
    source: Final[SourceSpan]
    game_text: Final[str]
    """The game as printed (``Triple Draw 2-7 Lowball Limit``)."""
    variant_id: Final[str | None]
    """A variant id, or None for games we do not replay (Hold'em, Omaha ...)."""
    structure: Final[BettingStructure | None]
    currency: Final[str]
    """``USD``, ``EUR`` ..., or ``chips`` (tournaments, play money)."""
    stakes: Final[Stakes]
    started_at_text: Final[str]
    started_at: Final[datetime | None]
    """UTC."""
    table: Final[str]
    max_seats: Final[int | None]
    button_seat: Final[int | None]
    tournament: Final[Tournament | None]
    mixed_game: Final[str | None]
    home_game: Final[str | None]
    zoom: Final[bool]
    play_money: Final[bool]
    seats: Final[tuple[Seat, ...]]
    actions: Final[tuple[Action, ...]]
    streets: Final[tuple[StreetMark, ...]]
    notes: Final[tuple[Note, ...]]
    summary: Final[Summary]
    hero: Final[str | None]
    cancelled: Final[bool]
    problems: Final[tuple[ParseProblem, ...]]
    runs: Final[int]
    """How many times the rest of the hand was run (run it twice: 2); each run wins an
    equal share of every pot."""
    run_hands: Final[tuple[RunHand, ...]]
    """The hands of each run where they differ from the SHOW actions (run 1)."""

    def __init__(self, *, site: str, hand_id: str, source: SourceSpan, game_text: str,
                 variant_id: str | None, structure: BettingStructure | None, currency: str,
                 stakes: Stakes, started_at_text: str = "", started_at: datetime | None = None,
                 table: str = "", max_seats: int | None = None, button_seat: int | None = None,
                 tournament: Tournament | None = None, mixed_game: str | None = None,
                 home_game: str | None = None, zoom: bool = False, play_money: bool = False,
                 seats: tuple[Seat, ...] = (), actions: tuple[Action, ...] = (),
                 streets: tuple[StreetMark, ...] = (), notes: tuple[Note, ...] = (),
                 summary: Summary = NO_SUMMARY, hero: str | None = None,
                 cancelled: bool = False, problems: tuple[ParseProblem, ...] = (), runs: int = 1,
                 run_hands: tuple[RunHand, ...] = ()) -> None:
        self.site = site
        self.hand_id = hand_id
        self.source = source
        self.game_text = game_text
        self.variant_id = variant_id
        self.structure = structure
        self.currency = currency
        self.stakes = stakes
        self.started_at_text = started_at_text
        self.started_at = started_at
        self.table = table
        self.max_seats = max_seats
        self.button_seat = button_seat
        self.tournament = tournament
        self.mixed_game = mixed_game
        self.home_game = home_game
        self.zoom = zoom
        self.play_money = play_money
        self.seats = seats
        self.actions = actions
        self.streets = streets
        self.notes = notes
        self.summary = summary
        self.hero = hero
        self.cancelled = cancelled
        self.problems = problems
        self.runs = runs
        self.run_hands = run_hands

    def seat_of(self, player: str) -> Seat | None:
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None
