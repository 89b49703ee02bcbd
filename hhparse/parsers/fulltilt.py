"""Full Tilt Poker hand histories: one hand block -> one :class:`~hhparse.records.Hand`.

The reader only reads (see :mod:`hhparse.parsers.pokerstars` for the conventions of the
records; this module follows them). It never raises: a line it does not understand is a
non-fatal ``unknown_line`` problem, a header it cannot read a fatal ``unreadable_header``,
a bug in the reader a fatal ``parser_crash``.

What Full Tilt writes differently, and how it is recorded:

* **Header.** ``Full Tilt Poker Game #N: Table T (6 max) - $0.10/$0.20 Ante $0.05 - No
  Limit 2-7 Single Draw - 01:27:48 ET - 2011/03/20``; ``FullTiltPoker Game #`` in
  archives; the game may come before the stakes (``Table T (New to the Game) - FL Badugi
  - $0.10/$0.20 - ...``); tournaments put ``Name (id), Table 1`` where the table is. The
  stakes are the small and big bet in limit games, the blinds otherwise. The time is
  ``HH:MM:SS ZONE - YYYY/MM/DD``, often followed by ``[HH:MM:SS ET - YYYY/MM/DD]``: the
  bracketed Eastern time is used when present (Full Tilt prints ``CET`` all summer).
  A header ending ``(partial)`` is a hand the client saved without its lines of play: a
  fatal ``hand_incomplete`` problem.
* **Lines** are ``Name verb ...`` (no colon); ``Name: text`` is chat.
* **Raises** print only the total (``raises to $0.60``). ``Action.to`` is that total and
  ``Action.amount`` the increment over the highest total of the round before it, which
  the reader keeps from the lines it has read (live blinds, bring-in, bets, calls,
  raises). ``completes it to $3`` is :attr:`Kind.COMPLETE`, recorded the same way.
* **Blinds.** ``posts a dead small blind of X`` is :attr:`Kind.POST_DEAD`; ``posts X`` (a
  player entering the game out of position) is a live blind, :attr:`Kind.POST_BB`.
* **Draws.** ``discards N card(s)`` (with the cards for the hero) and ``stands pat`` are
  read as on PokerStars; ``is dealt N card(s)``, the other players' replacement cards,
  shows nothing and is a note (``dealt_unseen``).
* **Stud cards.** The hero's 3rd-street line ``Dealt to Hero [Td Jd] [As]`` holds three
  new cards (two down, one up): it is recorded as one group, ``cards`` = () and
  ``new_cards`` = all three, as PokerStars prints it. Later streets are ``[earlier]
  [new]`` as on PokerStars. The hero is the player with that two-group 3rd-street line.
* **Winnings.** ``wins the pot ($X)``, ``wins the side pot ($X)``, ``wins the high main
  pot ($X)``, ``ties for the pot ($X)``: :attr:`Kind.COLLECT`, ``pot`` = the words
  before the amount (``pot``, ``side pot``, ``high main pot``).
* **Sitting out.** Full Tilt's seat list is not to be trusted either way: a player listed
  ``is sitting out`` may post and play (he came back), and a player listed without it may
  never be dealt in (he sat out after the list was written, or waits for the big blind).
  ``Seat.sitting_out`` is therefore what the hand shows: True for a seated player of whom
  no line posts, is dealt cards, acts, shows or collects.
* **Summary.** ``Main pot X. Side pot Y.`` are printed before the rake
  (``Summary.pots_after_rake`` is False). Full Tilt sometimes writes two summary seats on
  one line (``Seat 3: A Seat 4: B (big blind) collected ($0.50), mucked``): both are read,
  with a warning ``summary_lines_joined``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Final

from hhparse.cards import Card, CardError
from hhparse.money import AmountError, parse_amount
from hhparse.parsers.base import HandBlock
from hhparse.parsers.reader import TextReader, Unreadable, read_guarded
from hhparse.parsers.timezones import to_utc
from hhparse.records import (
    SHOWDOWN_STREET,
    Hand,
    Kind,
    Seat,
    SourceSpan,
    Stakes,
    StreetMark,
    Summary,
    SummarySeat,
    Tournament,
)
from hhparse.variants import BettingStructure, Family, UnknownVariant, find_variant

SITE: Final = "fulltilt"
PREFIXES: Final = ("Full Tilt Poker", "FullTiltPoker")
"""Every hand-start line begins with one of these (for the splitter)."""

_START: Final = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker)(?:\.fr)? Game #\d+:")


def is_start(line: str) -> bool:
    """Does this line open a Full Tilt hand? (Tournament summaries do not.)"""
    if line.startswith("\ufeff"):
        line = line.lstrip("\ufeff")
    return line.startswith(PREFIXES) and _START.match(line) is not None


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return read_guarded(_read, block, site=SITE, room="Full Tilt", hand_id=_HAND_ID)


def _read(block: HandBlock) -> Hand:
    return _Reader(block).read()


# --- the header ---------------------------------------------------------------------------

_HEADER: Final = re.compile(
    r"^(?:Full Tilt Poker|FullTiltPoker)(?:\.fr)? Game #(?P<id>\d+):\s+(?P<body>.*?)"
    r"\s+-\s+(?P<when>\d{1,2}:\d{2}:\d{2} [A-Za-z]+ - \d{4}/\d{1,2}/\d{1,2}"
    r"(?: \[[^\]]*\])?)(?P<partial> \(partial\))?$"
)
_HAND_ID: Final = re.compile(r"#(\d+)")
_WHEN: Final = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) ([A-Za-z]+) - (\d{4})/(\d{1,2})/(\d{1,2})")
_MONEY: Final = r"[$€£]?[\d,]+(?:\.\d+)?"
_STAKES: Final = re.compile(
    rf"^(?P<a>{_MONEY})/(?P<b>{_MONEY})(?: Ante (?P<ante>{_MONEY}))?(?: Cap (?P<cap>{_MONEY}))?$"
)
_TOURNEY_TABLE: Final = re.compile(r"^(?P<name>.*) \((?P<tid>\d+)\), Table (?P<table>.*)$")
_CASH_TABLE: Final = re.compile(r"^Table (?P<table>.*?)(?: \((?P<attributes>[^()]*)\))?$")
_MAX_SEATS: Final = re.compile(r"(?:(\d+) max|deep (\d+)|(\d+)-max)")
_BUY_IN: Final = re.compile(
    r"^(?P<symbol>[$€£])(?P<buy>[\d,]+(?:\.\d+)?)(?: \+ [$€£]?(?P<fee>[\d,]+(?:\.\d+)?))?\b"
)

_CURRENCY_OF_SYMBOL: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_STRUCTURES: Final = (
    ("No Limit ", BettingStructure.NO_LIMIT),
    ("Pot Limit ", BettingStructure.POT_LIMIT),
    ("Cap No Limit ", BettingStructure.NO_LIMIT),
    ("Cap Pot Limit ", BettingStructure.POT_LIMIT),
    ("Limit ", BettingStructure.FIXED_LIMIT),
    ("Fixed Limit ", BettingStructure.FIXED_LIMIT),
    ("NL ", BettingStructure.NO_LIMIT),
    ("PL ", BettingStructure.POT_LIMIT),
    ("FL ", BettingStructure.FIXED_LIMIT),
)
_NOT_REPLAYED: Final = ("hold'em", "holdem", "omaha", "5 card stud", "five card stud")
"""Games we read but do not replay: variant_id None without a problem."""


@dataclass(frozen=True, slots=True)
class _Game:
    """What the header says about table, game, money and tournament (cached per text)."""

    table: str
    max_seats: int | None
    game_text: str
    variant_id: str | None
    structure: BettingStructure | None
    stud: bool
    currency: str
    decimals: int
    stakes: Stakes
    tournament: Tournament | None
    mixed_game: str | None
    play_money: bool
    problems: tuple[tuple[str, str], ...]


@lru_cache(maxsize=1024)
def _read_game(body: str) -> _Game | None:
    """The header between ``#id:`` and the time; None if unreadable.

    ``body`` is ``table - stakes - game``, or ``table - game - stakes``; a table name may
    itself hold `` - ``, so the stakes part is found first and the rest placed around it.
    """
    parts = body.split(" - ")
    stakes_at = next(
        (i for i in range(len(parts) - 1, 0, -1) if _STAKES.match(parts[i])), None
    )
    if stakes_at is None:
        return None
    if stakes_at == len(parts) - 1:  # ``Table T - FL Badugi - $0.10/$0.20``
        table_part, game_parts = " - ".join(parts[: stakes_at - 1]), parts[stakes_at - 1 :][:1]
    else:
        table_part, game_parts = " - ".join(parts[:stakes_at]), parts[stakes_at + 1 :]
    if not table_part or not game_parts:
        return None
    mixed = " - ".join(game_parts[:-1]) or None
    return _build_game(table_part, parts[stakes_at], game_parts[-1], mixed)


def _build_game(table_part: str, stakes_text: str, game_part: str, mixed: str | None
                ) -> _Game | None:
    problems: list[tuple[str, str]] = []
    structure, game = _structure_of(game_part)
    variant_id, stud = _variant_of(game, problems)
    tourney = _TOURNEY_TABLE.match(table_part)
    symbol = stakes_text[:1] if stakes_text[:1] in _CURRENCY_OF_SYMBOL else ""
    if tourney is not None:
        table, max_seats = tourney.group("table"), None
        tournament = _tournament(tourney.group("name"), tourney.group("tid"), problems)
        currency, play_money = "chips", False
    else:
        cash = _CASH_TABLE.match(table_part)
        if cash is None:
            return None
        table, max_seats = cash.group("table"), _max_seats(cash.group("attributes"))
        tournament = None
        currency = _CURRENCY_OF_SYMBOL.get(symbol, "chips")
        play_money = currency == "chips"
    decimals = 0 if currency == "chips" else 2
    stakes = _stakes(_STAKES.match(stakes_text), structure, decimals)
    if stakes is None:
        return None
    return _Game(
        table=table, max_seats=max_seats, game_text=game_part, variant_id=variant_id,
        structure=structure, stud=stud, currency=currency, decimals=decimals, stakes=stakes,
        tournament=tournament, mixed_game=mixed, play_money=play_money,
        problems=tuple(problems),
    )


def _structure_of(game_part: str) -> tuple[BettingStructure | None, str]:
    for prefix, structure in _STRUCTURES:
        if game_part.startswith(prefix):
            return structure, game_part[len(prefix) :]
    return None, game_part


def _variant_of(game: str, problems: list[tuple[str, str]]) -> tuple[str | None, bool]:
    """(variant id, is a stud game)."""
    lowered = game.lower()
    if any(name in lowered for name in _NOT_REPLAYED):
        return None, "stud" in lowered
    try:
        variant = find_variant(game)
    except UnknownVariant:
        problems.append(("unknown_game", f"game {game!r} is not a known variant"))
        return None, "stud" in lowered or "razz" in lowered
    return variant.id, variant.family is Family.STUD


def _max_seats(attributes: str | None) -> int | None:
    if not attributes:
        return None
    if attributes.startswith("heads up"):
        return 2
    found = _MAX_SEATS.search(attributes)
    if found is None:
        return None
    return int(next(group for group in found.groups() if group))


def _stakes(match: re.Match[str] | None, structure: BettingStructure | None, decimals: int
            ) -> Stakes | None:
    if match is None:
        return None
    try:
        low = parse_amount(match.group("a"), decimals)
        high = parse_amount(match.group("b"), decimals)
        ante_text = match.group("ante")
        ante = parse_amount(ante_text, decimals) if ante_text else None
    except AmountError:
        return None
    if structure is BettingStructure.FIXED_LIMIT:
        return Stakes(small_bet=low, big_bet=high, ante=ante)
    return Stakes(small_blind=low, big_blind=high, ante=ante)


def _tournament(name: str, tid: str, problems: list[tuple[str, str]]) -> Tournament:
    """``$2 + $0.10 Heads Up Sit & Go`` -> buy-in 200, fee 10 (USD); a name alone -> none."""
    buy_in = _BUY_IN.match(name)
    if buy_in is None:
        return Tournament(tournament_id=tid)
    currency = _CURRENCY_OF_SYMBOL[buy_in.group("symbol")]
    try:
        buy = parse_amount(buy_in.group("buy"), 2)
        fee = parse_amount(buy_in.group("fee"), 2) if buy_in.group("fee") else None
    except AmountError:
        problems.append(("unreadable_buy_in", f"buy-in in {name!r} is not readable"))
        return Tournament(tournament_id=tid)
    return Tournament(tournament_id=tid, buy_in=buy, fee=fee, currency=currency)


# --- lines ---------------------------------------------------------------------------------


_MARKERS: Final[dict[str, int]] = {
    "HOLE CARDS": 0, "DRAW": 1, "FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3,
    "FLOP": 1, "TURN": 2, "RIVER": 3, "SHOW DOWN": SHOWDOWN_STREET,
}
_STUD_STREET: Final = re.compile(r"^(\d)(?:ST|ND|RD|TH) STREET$")
_ARCHIVE_SEPARATOR: Final = re.compile(r"^\*{5,} # \d+ \*{5,}$")
_POT_WON: Final = re.compile(r"^(?:the )?(?P<pot>.*?) \((?P<amount>[^()]+)\)(?: with .*)?$")
_WON: Final = re.compile(r"(?:won|collected) \(([^)]*)\)")
_TOTAL: Final = re.compile(r"^Total pot (\S+)(.*?) \| Rake (\S+)$")
_MAIN_POT: Final = re.compile(r"Main pot (\S+?)\.(?= |$)")
_SIDE_POT: Final = re.compile(r"Side pot(?:[- ]#?\d+)? (\S+?)\.(?= |$)")
_JOINED_SEAT: Final = re.compile(r" Seat (\d+): ")
_SUMMARY_NAME: Final = re.compile(
    r"^(.+?)(?= \((?:button|small blind|big blind)\)| folded| showed| mucked| collected"
    r"| won| lost| is sitting out| didn't bet|$)"
)
_ACTION_WORD: Final = re.compile(
    r" (?:folds|checks|calls|bets|raises to|completes it|posts|antes|brings in|discards"
    r"|stands pat|shows|mucks|wins|ties for|is dealt)(?: |$)"
)

_NOTE_PHRASES: Final[tuple[tuple[str, str], ...]] = (
    ("has requested TIME", "time_bank"),
    ("has been disconnected", "disconnected"),
    ("has reconnected", "connected"),
    ("has returned", "returned"),
    ("has timed out", "timed_out"),
    ("is sitting out", "sitting_out"),
    ("sits out", "sitting_out"),
    ("stands up", "leave"),
    ("sits down", "join"),
    ("leaves the table", "leave"),
    ("has left the table", "leave"),
    ("is feeling ", "emotion"),
    ("adds ", "add_chips"),
    ("re-buys", "rebuy"),
    ("rebuys", "rebuy"),
    ("has ", "clock"),
)
"""Statements after a player's name that play no part (prefix -> note kind)."""

_FIXED_NOTES: Final[dict[str, str]] = {
    "No low hand qualified": "no_low_hand",
}


def _note_kind(what: str) -> str | None:
    for prefix, kind in _NOTE_PHRASES:
        if what.startswith(prefix):
            return kind
    return None


class _Reader(TextReader):
    """Reads one block. Mutable while reading; :meth:`read` returns the frozen Hand."""

    ALL_IN_SUFFIXES = (", and is all in", " and is all in", ", and is all-in")

    def __init__(self, block: HandBlock) -> None:
        super().__init__(block)
        self.summary_seats: list[SummarySeat] = []
        self.seat_names: dict[int, str] = {}
        self.game: _Game | None = None
        self.hand_id = ""
        self.started_at_text = ""
        self.started_at: datetime | None = None
        self.button: int | None = None
        self.stud_first_street = 3
        self.committed: dict[str, int] = {}
        """Live chips each player has in the current betting round (for raise increments)."""
        self.in_summary = False
        self.summary_line = 0
        self.total_pot: int | None = None
        self.main_pot: int | None = None
        self.side_pots: tuple[int, ...] = ()
        self.rake: int | None = None
        self.board: tuple[Card, ...] = ()
        self.hero: str | None = None
        self.cancelled = False

    @property
    def stud(self) -> bool:
        return self.game is not None and self.game.stud

    # -- driver --

    def read(self) -> Hand:
        lines, numbers = self.block.lines, self.block.line_numbers
        if not lines:
            self._problem(self.block.line, "unreadable_header", "empty hand block", fatal=True)
            return self._hand()
        self._header(lines[0], numbers[0])
        index = 1
        while index < len(lines) and lines[index].startswith("Seat ") and self._seat(
            lines[index], numbers[index]
        ):
            index += 1
        self.names = tuple(sorted(self.seat_names.values(), key=len, reverse=True))
        for text, number in zip(lines[index:], numbers[index:], strict=True):
            try:
                self._body_line(text, number)
            except (Unreadable, AmountError, CardError, ValueError, IndexError):
                self._unknown(text, number)
        return self._hand()

    def _hand(self) -> Hand:
        block, game = self.block, self.game
        source = SourceSpan(
            file=block.file, line=block.line, byte_offset=block.byte_offset,
            byte_length=block.byte_length,
            line_count=block.line_numbers[-1] - block.line + 1 if block.line_numbers else 0,
        )
        summary = Summary(
            total_pot=self.total_pot, main_pot=self.main_pot, side_pots=self.side_pots,
            rake=self.rake, line=self.summary_line, board=self.board,
            seats=tuple(self.summary_seats), pots_after_rake=False,
        )
        return Hand(
            site=SITE,
            hand_id=self.hand_id,
            source=source,
            game_text=game.game_text if game else "",
            variant_id=game.variant_id if game else None,
            structure=game.structure if game else None,
            currency=game.currency if game else "",
            stakes=game.stakes if game else Stakes(),
            started_at_text=self.started_at_text,
            started_at=self.started_at,
            table=game.table if game else "",
            max_seats=game.max_seats if game else None,
            button_seat=self.button,
            tournament=game.tournament if game else None,
            mixed_game=game.mixed_game if game else None,
            play_money=bool(game and game.play_money),
            seats=self._seats_as_played(),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            notes=tuple(self.notes),
            summary=summary,
            hero=self.hero,
            cancelled=self.cancelled,
            problems=tuple(self.problems),
        )

    def _seats_as_played(self) -> tuple[Seat, ...]:
        """The seat list, each seat sitting out unless a line shows the player in the hand."""
        playing = {action.player for action in self.actions}
        return tuple(replace(seat, sitting_out=seat.player not in playing) for seat in self.seats)

    # -- recording --

    # -- header and seats --

    def _header(self, text: str, number: int) -> None:
        text = text.lstrip("\ufeff")
        match = _HEADER.match(text)
        game = _read_game(match.group("body")) if match else None
        if match is None or game is None:
            found = _HAND_ID.search(text)
            self.hand_id = found.group(1) if found else ""
            self.decimals = 2 if any(s in " ".join(self.block.lines[:4]) for s in "$€£") else 0
            self._problem(number, "unreadable_header", f"header not understood: {text!r}",
                          fatal=True)
            return
        self.hand_id = match.group("id")
        self.game = game
        self.decimals = game.decimals
        for code, message in game.problems:
            self._problem(number, code, message)
        self._when(match.group("when"), number)
        if match.group("partial"):
            self._problem(number, "hand_incomplete", "the site marks this hand (partial): its "
                          "lines of play were not saved", fatal=True)

    def _when(self, when: str, number: int) -> None:
        self.started_at_text = when
        bracket = when.find("[")
        match = _WHEN.search(when, bracket + 1 if bracket >= 0 else 0)
        if match is None:
            self._problem(number, "unreadable_time", f"time not understood: {when!r}")
            return
        hour, minute, second, zone, year, month, day = match.groups()
        started = to_utc(int(year), int(month), int(day), int(hour), int(minute), int(second),
                         zone)
        if started is None:
            self._problem(number, "unknown_timezone",
                          f"time {when!r}: zone {zone!r} unknown or date impossible")
        self.started_at = started

    def _seat(self, text: str, number: int) -> bool:
        """``Seat 3: Name ($9.95)`` or ``Seat 4: Name ($17.75), is sitting out``."""
        status = text.endswith(", is sitting out")
        body = text[: -len(", is sitting out")] if status else text
        colon = body.find(": ", 5)
        open_at = body.rfind(" (")
        if colon < 0 or not body[5:colon].isdecimal() or open_at <= colon or body[-1] != ")":
            return False
        try:
            stack = self._amount(body[open_at + 2 : -1])
        except AmountError:
            return False
        seat, name = int(body[5:colon]), body[colon + 2 : open_at]
        self.seats.append(Seat(seat=seat, player=name, stack=stack, line=number))
        self.seat_names[seat] = name
        if status:
            self._note(number, "seat_status", text)
        return True

    # -- amounts and cards --

    # -- the body --

    def _body_line(self, text: str, number: int) -> None:
        if self.in_summary:
            self._summary_line(text, number)
        elif text.startswith("*** "):
            self._marker(text, number)
        elif text.startswith("Dealt to "):
            self._dealt(text, number)
        elif text.startswith("Uncalled bet of "):
            self._uncalled(text, number)
        elif text.startswith("The button is in seat #"):
            self.button = int(text[23:])
        else:
            name = self._who(text)
            if name is None:
                self._other_line(text, number)
            elif text[len(name)] == ":":
                self._note(number, "chat", text)
            else:
                self._player_line(name, text[len(name) + 1 :], text, number)

    def _other_line(self, text: str, number: int) -> None:
        if text in _FIXED_NOTES:
            self._note(number, _FIXED_NOTES[text], text)
        elif text.endswith(" seconds left to act"):
            self._note(number, "clock", text)
        elif text.startswith("Hand #") and "cancel" in text:
            self.cancelled = True
            self._note(number, "cancelled", text)
        elif _ARCHIVE_SEPARATOR.match(text):
            self._note(number, "archive_separator", text)
        else:
            self._unseated_line(text, number)

    def _unseated_line(self, text: str, number: int) -> None:
        """A line by someone without a seat in this hand: a note, or play by nobody."""
        colon = text.find(": ")
        action = _ACTION_WORD.search(text)
        if colon > 0 and (action is None or colon < action.start()):
            self._note(number, "chat", text)
            return
        for phrase, kind in _NOTE_PHRASES:
            if f" {phrase}" in text:
                self._note(number, kind, text)
                return
        if action is not None:
            self._note(number, "unseated_action", text)
            self._problem(number, "actor_not_seated",
                          f"{text[: action.start()]!r} plays but has no seat in this hand: "
                          f"{text!r}", fatal=True)
            return
        raise Unreadable(text)

    def _marker(self, text: str, number: int) -> None:
        end = text.find(" ***", 4)
        if end < 0:
            raise Unreadable(text)
        name, tail = text[4:end], text[end + 4 :].strip()
        if name == "SUMMARY":
            self.in_summary = True
            self.summary_line = number
            return
        street = self._street_of(name)
        if street != self.street:  # the blinds come before ``*** HOLE CARDS ***``
            self.committed = {}
        self.street = street
        self.streets.append(StreetMark(line=number, street=street, name=name))
        if tail.startswith("["):  # the board: ``*** TURN *** [Tc Th 7h] [4c]``
            groups = self._groups(tail, number)
            earlier = tuple(card for group in groups[:-1] for card in group)
            self._act(number, Kind.DEALT, "", cards=earlier, new_cards=groups[-1])

    def _street_of(self, name: str) -> int:
        known = _MARKERS.get(name)
        if known is not None:
            return known
        stud = _STUD_STREET.match(name)
        if stud is None:
            raise Unreadable(name)
        ordinal = int(stud.group(1))
        if ordinal == 2:  # five-card stud starts on 2nd street
            self.stud_first_street = 2
        return ordinal - self.stud_first_street

    def _dealt(self, text: str, number: int) -> None:
        rest = text[9:]
        for name in self.names:
            if rest.startswith(name) and rest[len(name) : len(name) + 2] == " [":
                groups = self._groups(rest[len(name) + 1 :], number)
                if len(groups) > 2:
                    raise Unreadable(text)
                self._dealt_to(name, groups, number)
                return
        self._note(number, "unseated_action", text)
        self._problem(number, "actor_not_seated",
                      f"cards dealt to a player without a seat: {text!r}", fatal=True)

    def _dealt_to(self, name: str, groups: list[tuple[Card, ...]], number: int) -> None:
        first_stud_street = self.stud and self.street == 0
        if len(groups) == 2 and not first_stud_street:
            cards, new = groups
        else:
            cards, new = (), tuple(card for group in groups for card in group)
        self._act(number, Kind.DEALT, name, cards=cards, new_cards=new)
        if self.hero is None and (not self.stud or (first_stud_street and len(new) >= 2)):
            self.hero = name

    def _uncalled(self, text: str, number: int) -> None:
        amount_text, found, name = text[16:].partition(" returned to ")
        if not found:
            raise Unreadable(text)
        self._act(number, Kind.UNCALLED_RETURN, name, self._amount(amount_text))

    def _player_line(self, name: str, what: str, text: str, number: int) -> None:
        verb, _, argument = what.partition(" ")
        handler = _VERBS.get(verb)
        if handler is not None and handler(self, name, argument, number):
            return
        kind = _note_kind(what)
        if kind is None:
            raise Unreadable(text)
        self._note(number, kind, text)

    # -- verbs (each returns False when the words after the verb are not its own) --

    def _commit(self, name: str, total: int) -> None:
        self.committed[name] = total

    def _level(self) -> int:
        return max(self.committed.values(), default=0)

    def _antes(self, name: str, argument: str, number: int) -> bool:
        amount, all_in = self._money(argument)
        self._act(number, Kind.ANTE, name, amount, all_in=all_in)
        return True

    def _posts(self, name: str, argument: str, number: int) -> bool:
        post = _post_kind(argument)
        if post is None:
            return False
        kind, amount_text = post
        amount, all_in = self._money(amount_text)
        self._act(number, kind, name, amount, all_in=all_in)
        if kind is not Kind.POST_DEAD:
            self._commit(name, self.committed.get(name, 0) + amount)
        return True

    def _brings(self, name: str, argument: str, number: int) -> bool:
        if not argument.startswith("in for "):
            return False
        amount, all_in = self._money(argument[7:])
        self._act(number, Kind.BRING_IN, name, amount, all_in=all_in)
        self._commit(name, self.committed.get(name, 0) + amount)
        return True

    def _bets(self, name: str, argument: str, number: int) -> bool:
        amount, all_in = self._money(argument)
        self._act(number, Kind.BET, name, amount, all_in=all_in)
        self._commit(name, self.committed.get(name, 0) + amount)
        return True

    def _calls(self, name: str, argument: str, number: int) -> bool:
        amount, all_in = self._money(argument)
        self._act(number, Kind.CALL, name, amount, all_in=all_in)
        self._commit(name, self.committed.get(name, 0) + amount)
        return True

    def _raises(self, name: str, argument: str, number: int) -> bool:
        return self._raise_to(Kind.RAISE, name, argument, "to ", number)

    def _completes(self, name: str, argument: str, number: int) -> bool:
        return self._raise_to(Kind.COMPLETE, name, argument, "it to ", number)

    def _raise_to(self, kind: Kind, name: str, argument: str, prefix: str, number: int) -> bool:
        if not argument.startswith(prefix):
            return False
        to, all_in = self._money(argument[len(prefix) :])
        self._act(number, kind, name, max(0, to - self._level()), to=to, all_in=all_in)
        self._commit(name, to)
        return True

    def _checks(self, name: str, argument: str, number: int) -> bool:
        if argument:
            return False
        self._act(number, Kind.CHECK, name)
        return True

    def _folds(self, name: str, argument: str, number: int) -> bool:
        cards = self._groups(argument, number)[0] if argument else ()
        self._act(number, Kind.FOLD, name, cards=cards)
        return True

    def _discards(self, name: str, argument: str, number: int) -> bool:
        count_text, _, after = argument.partition(" ")
        if not count_text.isdecimal() or not after.startswith("card"):
            return False
        cards_at = after.find("[")
        cards = self._groups(after[cards_at:], number)[0] if cards_at >= 0 else ()
        self._enter_draw(number)
        self._act(number, Kind.DISCARD, name, n_cards=int(count_text), cards=cards)
        return True

    def _stands(self, name: str, argument: str, number: int) -> bool:
        if argument == "pat":
            cards: tuple[Card, ...] = ()
        elif argument.startswith("pat on "):
            cards = self._groups(argument[7:], number)[0]
        else:
            return False
        self._enter_draw(number)
        self._act(number, Kind.STAND_PAT, name, n_cards=0, cards=cards)
        return True

    def _enter_draw(self, number: int) -> None:
        """A draw line before any draw marker opens the (single) draw."""
        if self.street == 0 and not self.stud:
            self.street = 1
            self.committed = {}
            self.streets.append(StreetMark(line=number, street=1, name="DRAW"))

    def _is(self, name: str, argument: str, number: int) -> bool:
        if argument.startswith("dealt "):
            self._note(number, "dealt_unseen", f"{name} is {argument}")
        elif argument.startswith(("low with [", "high with [")):
            self._note(number, "bring_in_card", f"{name} is {argument}")
        else:
            return False
        return True

    def _shows(self, name: str, argument: str, number: int) -> bool:
        if argument.startswith("["):
            self._act(number, Kind.SHOW, name, cards=self._bracket(argument, number))
        else:  # ``shows a pair of Kings``: the description alone, no cards
            self._note(number, "shows_description", f"{name} shows {argument}")
        return True

    def _mucks(self, name: str, argument: str, number: int) -> bool:
        if argument and not argument.startswith("["):
            return False
        self._act(number, Kind.MUCK, name,
                  cards=self._bracket(argument, number) if argument else ())
        return True

    def _wins(self, name: str, argument: str, number: int) -> bool:
        return self._collect(name, argument, number)

    def _ties(self, name: str, argument: str, number: int) -> bool:
        return argument.startswith("for ") and self._collect(name, argument[4:], number)

    def _collect(self, name: str, argument: str, number: int) -> bool:
        match = _POT_WON.match(argument)
        if match is None or "pot" not in match.group("pot"):
            return False
        self._act(number, Kind.COLLECT, name, self._amount(match.group("amount")),
                  pot=match.group("pot"))
        return True

    # -- the summary --

    def _summary_line(self, text: str, number: int) -> None:
        if text.startswith("Seat "):
            self._summary_seats(text, number)
        elif text.startswith("Total pot "):
            self._totals(text, number)
        elif text.startswith("Board: "):
            self.board = self._bracket(text, number)
        elif text.startswith("Duration "):
            self._note(number, "duration", text)
        elif text.startswith("Hand #") and "cancel" in text:
            self.cancelled = True
            self._note(number, "cancelled", text)
        else:
            raise Unreadable(text)

    def _totals(self, text: str, number: int) -> None:
        match = _TOTAL.match(text)
        if match is None:
            raise Unreadable(text)
        total_text, pots, rake_text = match.groups()
        main = _MAIN_POT.search(pots) if pots else None
        sides = _SIDE_POT.findall(pots) if pots else []
        if pots.strip() and main is None and not sides:
            raise Unreadable(text)
        self.total_pot, self.rake = self._amount(total_text), self._amount(rake_text)
        self.main_pot = self._amount(main.group(1)) if main else None
        self.side_pots = tuple(self._amount(side) for side in sides)
        self.summary_line = number  # money problems point at the ``Total pot`` line

    def _summary_seats(self, text: str, number: int) -> None:
        """One summary seat, or several written on one line (a warning)."""
        parts = self._joined_seats(text)
        if len(parts) > 1:
            self._problem(number, "summary_lines_joined",
                          f"{len(parts)} summary seats written on one line: {text!r}")
        for part in parts:
            self._summary_seat(part, number)

    def _joined_seats(self, text: str) -> list[str]:
        colon = text.find(": ", 5)
        seated = self.seat_names.get(int(text[5:colon])) if text[5:colon].isdecimal() else None
        if seated is not None and text[colon + 2 :].startswith(seated):
            return [text]
        cuts = [match.start() + 1 for match in _JOINED_SEAT.finditer(text)]
        return [text[start:end].strip() for start, end in zip([0, *cuts], [*cuts, len(text)],
                                                              strict=True)]

    def _summary_seat(self, text: str, number: int) -> None:
        colon = text.find(": ", 5)
        if colon < 0 or not text[5:colon].isdecimal():
            raise Unreadable(text)
        seat, after = int(text[5:colon]), text[colon + 2 :]
        name = self._summary_name(seat, after)
        rest = after[len(name) :].strip()
        cards: tuple[Card, ...] = ()
        for word in ("showed [", "mucked ["):
            at = rest.find(word)
            if at >= 0:
                cards = self._bracket(rest[at:], number)
                break
        won = sum(self._amount(amount) for amount in _WON.findall(rest)) if _WON.search(
            rest) else None
        self.summary_seats.append(
            SummarySeat(line=number, seat=seat, player=name, text=rest, cards=cards, won=won)
        )

    def _summary_name(self, seat: int, after: str) -> str:
        seated = self.seat_names.get(seat)
        candidates = (seated, *self.names) if seated is not None else self.names
        for name in candidates:
            if after.startswith(name) and after[len(name) : len(name) + 1] in ("", " "):
                return name
        match = _SUMMARY_NAME.match(after)
        if match is None:
            raise Unreadable(after)
        return match.group(1)


_POSTS: Final[tuple[tuple[str, Kind], ...]] = (
    ("the small blind of ", Kind.POST_SB),
    ("the big blind of ", Kind.POST_BB),
    ("a dead small blind of ", Kind.POST_DEAD),
    ("a dead big blind of ", Kind.POST_DEAD),
)

def _post_kind(argument: str) -> tuple[Kind, str] | None:
    """The kind of a ``posts ...`` line and its amount text, or None."""
    for prefix, kind in _POSTS:
        if argument.startswith(prefix):
            return kind, argument[len(prefix) :]
    if argument[:1].isdigit() or argument[:1] in _CURRENCY_OF_SYMBOL:
        return Kind.POST_BB, argument  # ``posts $5``: a live blind out of position
    return None


_VERBS: Final[dict[str, Callable[[_Reader, str, str, int], bool]]] = {
    "antes": _Reader._antes,
    "posts": _Reader._posts,
    "brings": _Reader._brings,
    "bets": _Reader._bets,
    "calls": _Reader._calls,
    "raises": _Reader._raises,
    "completes": _Reader._completes,
    "checks": _Reader._checks,
    "folds": _Reader._folds,
    "discards": _Reader._discards,
    "stands": _Reader._stands,
    "is": _Reader._is,
    "shows": _Reader._shows,
    "mucks": _Reader._mucks,
    "wins": _Reader._wins,
    "ties": _Reader._ties,
}


