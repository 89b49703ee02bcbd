"""Winamax hand histories: one hand block -> one :class:`~hhparse.records.Hand`.

The reader only reads and judges nothing (the replayer does). It never raises: a line it
does not understand is a non-fatal ``unknown_line`` problem, a header it cannot read a
fatal ``unreadable_header``, a bug of its own a fatal ``parser_crash``.

How Winamax writes a hand, and what the records say (the conventions of
:mod:`hhparse.parsers.pokerstars`, which the replayer expects):

* **Header.** ``Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple
  Draw fixed limit (25€/50€) - 2016/11/12 22:24:21 UTC``. The hand id is the whole
  ``#...`` number. ``Go Fast "name"`` (fast-fold) sets ``zoom``; ``Tournament "name"
  buyIn: 1.86€ + 0.14€ level: 1`` makes a tournament played in chips. Stakes are
  ``small/big`` (fixed limit: the small and big bet; else the blinds) or
  ``ante/small/big``. Times are UTC.
* **Money.** The currency follows the amount (``298€``). Play-money tables print amounts
  without a symbol, in hundredths (``0.50``): their currency is ``play`` and amounts are
  hundredths of a play chip (``hands.unit`` is ``cents``), so they are never added to
  whole-chip play money of other rooms.
* **Streets.** ``*** ANTE/BLINDS ***`` and ``*** FIRST-BET ***`` are street 0; draw games
  then alternate ``*** FIRST-DRAW ***`` (street 1: the draw and the betting after it, which
  Winamax heads ``*** SECOND-BET ***``) .. ``*** THIRD-DRAW ***`` / ``*** FOURTH-BET ***``
  (street 3). Stud: ``*** 3rd STREET ***`` .. ``*** 7th STREET ***`` (play money: ``*** THIRD
  ***`` .. ``*** SEVENTH ***``) are 0..4. Hold'em/Omaha: PRE-FLOP, FLOP, TURN, RIVER.
* **Hidden cards.** Winamax prints every player's ``Dealt to`` line, unknown cards as
  ``X``: ``Dealt to Bob [X X 8h]`` is an up card 8h (as PokerStars' ``Dealt to Bob [8h]``),
  ``Dealt to Bob [X X X X X]`` tells nothing and is kept as a ``dealt_hidden`` note. The
  hero is the player dealt known cards (stud: two or more on 3rd street).
* **Draws.** ``stands pat [..]`` (the hand, or ``[X X X X X]``), ``discards N cards [..]``;
  play money writes ``discard N card(s)`` and a pat as ``discard 0 card``, read as
  :attr:`Kind.STAND_PAT`.
* **Posts.** ``posts big blind X out of position`` (a player joining or coming back) is a
  live big blind; ``posts small blind X out of position`` is dead money.
* **Completion and the bring-in.** Winamax leaves the bring-in out of the ``raises X to
  Y`` of 3rd street: a completion of a 10€ bring-in reads ``raises 25€ to 25€`` (recorded
  as :attr:`Kind.COMPLETE`, ``to`` 25, ``amount`` the increment 15, as PokerStars prints
  it), and a later raise by the player who brought in gives his total without the
  bring-in: ``brings in 10€`` .. ``raises -6.10€ to 18.90€`` facing 25€ is a raise to 28.90
  (``amount`` 3.90). A dead small blind, the other way round, is counted in the ``to`` of
  its poster's raise before the draw (or flop) and taken out again here.
* **Pot and rake.** There is no uncalled-bet line: the bettor collects the uncalled bet
  with the pot (``collected 298€ from pot``). ``Total pot 298€ | Rake 2€`` prints the pot
  after the rake; ``Summary.total_pot`` is what was put in (printed pot + rake), as every
  other room prints it. Stud hi/lo halves are collected ``from pot(HI)`` and ``(LO)``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from typing import Final

from hhparse.cards import DECK, Card, CardError
from hhparse.money import AmountError, parse_amount
from hhparse.parsers.base import HandBlock, summary_player
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

SITE: Final = "winamax"
PREFIX: Final = "Winamax Poker - "
PLAY_MONEY: Final = "play"
"""Currency of play-money cash tables (amounts in hundredths of a play chip)."""


def is_start(line: str) -> bool:
    """Does this line open a Winamax hand?"""
    if line.startswith("\ufeff"):
        line = line.lstrip("\ufeff")
    return line.startswith(PREFIX) and " - HandId: #" in line


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return read_guarded(_read, block, site=SITE, room="Winamax", hand_id=_HAND_ID)


def _read(block: HandBlock) -> Hand:
    return _Reader(block).read()


# --- the header ----------------------------------------------------------------------------

_HEADER: Final = re.compile(
    r"^Winamax Poker - (?P<kind>.+?) - HandId: #(?P<id>[\w-]+) - (?P<game>[^()]+?)"
    r" \((?P<stakes>[^()]*)\) - (?P<when>.+)$"
)
_HAND_ID: Final = re.compile(r"HandId: #([\w-]+)")
_TOURNAMENT: Final = re.compile(
    r'^Tournament "(?P<name>[^"]*)"(?: buyIn: (?P<buy_in>.*?))?(?: level: (?P<level>\S+))?$'
)
_GO_FAST: Final = re.compile(r'^Go Fast "[^"]*"$')
_WHEN: Final = re.compile(r"^(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ([A-Za-z]+)$")
_TABLE: Final = re.compile(
    r"^Table: '(?P<table>.*)' (?P<max>\d+)-max(?: \((?P<money>real|play) money\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?$"
)
_TOURNAMENT_OF_TABLE: Final = re.compile(r"\((\d+)\)#\d+$")
_SEAT: Final = re.compile(r"^Seat (\d+): (.*) \(([^()]*)\)(?: (.*))?$")

_STRUCTURES: Final = (
    (" no limit", BettingStructure.NO_LIMIT),
    (" pot limit", BettingStructure.POT_LIMIT),
    (" fixed limit", BettingStructure.FIXED_LIMIT),
    (" limit", BettingStructure.FIXED_LIMIT),
)
_NOT_REPLAYED: Final = ("holdem", "hold'em", "omaha")
_CURRENCIES: Final = {"€": "EUR", "$": "USD", "£": "GBP"}


def _structure_of(game: str) -> tuple[str, BettingStructure | None]:
    lowered = game.lower()
    for suffix, structure in _STRUCTURES:
        if lowered.endswith(suffix):
            return game[: -len(suffix)], structure
    return game, None


def _variant_of(name: str) -> tuple[str | None, bool, str | None]:
    """(variant id, is a stud game, a problem message for an unknown game)."""
    try:
        variant = find_variant(name)
    except UnknownVariant:
        lowered = name.lower()
        stud = "stud" in lowered or "razz" in lowered
        if any(word in lowered for word in _NOT_REPLAYED):
            return None, stud, None
        return None, stud, f"game {name!r} is not a known variant"
    return variant.id, variant.family is Family.STUD, None


def _currency_of(stakes_text: str, tournament: bool) -> tuple[str, int]:
    """(currency, decimals) of the hand's amounts."""
    for symbol, code in _CURRENCIES.items():
        if symbol in stakes_text:
            return code, 2
    return ("chips", 0) if tournament else (PLAY_MONEY, 2)


def _stakes(parts: list[int], structure: BettingStructure | None, stud: bool) -> Stakes:
    ante = parts[0] if len(parts) == 3 else None
    low, high = parts[-2], parts[-1]
    if stud or structure is BettingStructure.FIXED_LIMIT:
        return Stakes(small_bet=low, big_bet=high, ante=ante)
    return Stakes(small_blind=low, big_blind=high, ante=ante)


# --- lines ---------------------------------------------------------------------------------

_CARD_BY_TEXT: Final[dict[str, Card]] = {str(card): card for card in DECK}
_HIDDEN: Final = "X"

_MARKER_STREETS: Final[dict[str, int]] = {
    "ANTE/BLINDS": 0, "FIRST-BET": 0, "PRE-FLOP": 0, "3rd STREET": 0, "THIRD": 0,
    "FIRST-DRAW": 1, "SECOND-BET": 1, "SECOND-DRAW": 2, "THIRD-BET": 2,
    "THIRD-DRAW": 3, "FOURTH-BET": 3,
    "4th STREET": 1, "FOURTH": 1, "5th STREET": 2, "FIFTH": 2,
    "6th STREET": 3, "SIXTH": 3, "7th STREET": 4, "SEVENTH": 4,
    "FLOP": 1, "TURN": 2, "RIVER": 3,
    "SHOW DOWN": SHOWDOWN_STREET,
}
_NOTES: Final[dict[str, str]] = {
    # a player who will not pay the blind to come back in (and sits this hand out)
    "denies big blind": "denies_blind",
    "denies small blind": "denies_blind",
    "deny SB": "denies_blind",
}
_ACTION_WORDS: Final = (
    " folds", " checks", " calls ", " bets ", " raises ", " posts ", " brings in ",
    " bring-in ", " stands pat", " discards ", " discard ", " shows [", " collected ",
)
_TOTAL: Final = re.compile(r"^Total pot (\S+)(?: \| .*?)?(?: \| (?:Rake (\S+)|No rake))$")
_WON: Final = re.compile(r"\bwon (\S+)")
_SUMMARY_NAME: Final = re.compile(
    r"^(.+?)(?= \((?:small blind|big blind|button)\)| showed \[| mucked| won | lost| folded"
    r"| didn't| sat out|$)"
)


@lru_cache(maxsize=4096)
def _minor_units(text: str, decimals: int) -> int:
    """``298€`` -> 29800; ``-6.10€`` -> -610 (Winamax's bring-in raise can print one)."""
    if text.startswith("-"):
        return -parse_amount(text[1:], decimals)
    return parse_amount(text, decimals)


class _Reader(TextReader):
    """Reads one block. Mutable while reading; :meth:`read` returns the frozen Hand."""

    NAME_FOLLOWERS = (" ",)

    def __init__(self, block: HandBlock) -> None:
        super().__init__(block)
        self.summary_seats: list[SummarySeat] = []
        self.seat_names: dict[int, str] = {}
        self.hand_id = ""
        self.game_text = ""
        self.variant_id: str | None = None
        self.structure: BettingStructure | None = None
        self.stud = False
        self.currency = ""
        self.stakes = Stakes()
        self.started_at_text = ""
        self.started_at: datetime | None = None
        self.tournament_match: re.Match[str] | None = None
        self.tournament: Tournament | None = None
        self.zoom = False
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.play_money = False
        self.in_summary = False
        self.hero: str | None = None
        self.bring_ins: dict[str, int] = {}
        """Stud: who brought in on 3rd street, and for how much."""
        self.opened = False
        """A bet, completion or raise was made on 3rd street after the bring-in."""
        self.dead: dict[str, int] = {}
        """Dead small blinds posted out of position, by player."""
        self.summary_line = 0
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.board: tuple[Card, ...] = ()

    # -- driver --

    def read(self) -> Hand:
        lines, numbers = self.block.lines, self.block.line_numbers
        if not lines:
            self._problem(self.block.line, "unreadable_header", "empty hand block", fatal=True)
            return self._hand()
        self._header(lines[0], numbers[0])
        index, count = 1, len(lines)
        if index < count and lines[index].startswith("Table: "):
            self._table(lines[index], numbers[index])
            index += 1
        while index < count and lines[index].startswith("Seat ") and self._seat(
            lines[index], numbers[index]
        ):
            index += 1
        self._index_names()
        self._finish_tournament()
        for position in range(index, count):
            text, number = lines[position], numbers[position]
            try:
                self._body_line(text, number)
            except (Unreadable, AmountError, CardError, ValueError, IndexError):
                self._unknown(text, number)
        return self._hand()

    def _hand(self) -> Hand:
        block = self.block
        source = SourceSpan(
            file=block.file,
            line=block.line,
            byte_offset=block.byte_offset,
            byte_length=block.byte_length,
            line_count=block.line_numbers[-1] - block.line + 1 if block.line_numbers else 0,
        )
        summary = Summary(
            total_pot=self.total_pot,
            rake=self.rake,
            line=self.summary_line,
            board=self.board,
            seats=tuple(self.summary_seats),
        )
        return Hand(
            site=SITE,
            hand_id=self.hand_id,
            source=source,
            game_text=self.game_text,
            variant_id=self.variant_id,
            structure=self.structure,
            currency=self.currency,
            stakes=self.stakes,
            started_at_text=self.started_at_text,
            started_at=self.started_at,
            table=self.table,
            max_seats=self.max_seats,
            button_seat=self.button,
            tournament=self.tournament,
            zoom=self.zoom,
            play_money=self.play_money,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            notes=tuple(self.notes),
            summary=summary,
            hero=self.hero,
            problems=tuple(self.problems),
        )

    # -- recording --

    # -- header, table, seats --

    def _header(self, text: str, number: int) -> None:
        text = text.lstrip("\ufeff")
        found = _HAND_ID.search(text)
        self.hand_id = found.group(1) if found else ""
        match = _HEADER.match(text)
        if match is None or not self._game(match, number):
            self.decimals = 2
            self._problem(number, "unreadable_header", f"header not understood: {text!r}",
                          fatal=True)
            return
        self._when(match.group("when"), number)

    def _game(self, match: re.Match[str], number: int) -> bool:
        """Game, structure, money and stakes of the header; False if unreadable."""
        kind = match.group("kind")
        tournament = _TOURNAMENT.match(kind)
        if kind != "CashGame" and tournament is None and _GO_FAST.match(kind) is None:
            return False
        self.tournament_match = tournament
        self.zoom = kind.startswith("Go Fast")
        self.game_text = match.group("game")
        name, self.structure = _structure_of(self.game_text)
        self.variant_id, self.stud, unknown = _variant_of(name)
        if unknown is not None:
            self._problem(number, "unknown_game", unknown)
        stakes_text = match.group("stakes")
        self.currency, self.decimals = _currency_of(stakes_text, tournament is not None)
        parts = stakes_text.split("/")
        if len(parts) not in (2, 3):
            return False
        try:
            amounts = [parse_amount(part, self.decimals) for part in parts]
        except AmountError:
            return False
        self.stakes = _stakes(amounts, self.structure, self.stud)
        return True

    def _when(self, when: str, number: int) -> None:
        self.started_at_text = when
        match = _WHEN.match(when)
        if match is None:
            self._problem(number, "unreadable_time", f"time not understood: {when!r}")
            return
        year, month, day, hour, minute, second, zone = match.groups()
        self.started_at = to_utc(int(year), int(month), int(day), int(hour), int(minute),
                                 int(second), zone)
        if self.started_at is None:
            self._problem(number, "unknown_timezone",
                          f"time {when!r}: zone {zone!r} unknown or date impossible")

    def _table(self, text: str, number: int) -> None:
        match = _TABLE.match(text)
        if match is None:
            self._problem(number, "unknown_line", f"line not understood: {text!r}")
            return
        self.table = match.group("table")
        self.max_seats = int(match.group("max"))
        self.button = int(match.group("button")) if match.group("button") else None
        self.play_money = match.group("money") == "play"

    def _seat(self, text: str, number: int) -> bool:
        match = _SEAT.match(text)
        if match is None:
            return False
        seat_text, name, inside, tail = match.groups()
        stack_text, _, extra = inside.partition(", ")
        try:
            stack = _minor_units(stack_text, self.decimals) if stack_text else 0
        except AmountError:
            return False
        tail = tail or ""
        sitting_out = not stack_text or "sitting out" in tail or "out of hand" in tail
        seat = int(seat_text)
        self.seats.append(Seat(seat=seat, player=name, stack=stack, sitting_out=sitting_out,
                               line=number))
        self.seat_names[seat] = name
        if tail or extra or not stack_text:
            self._note(number, "bounty" if "bounty" in extra else "seat_status", text)
        return True

    def _finish_tournament(self) -> None:
        """The tournament record, once the table name (which holds its number) is read."""
        match = self.tournament_match
        if match is None:
            return
        of_table = _TOURNAMENT_OF_TABLE.search(self.table)
        tid = of_table.group(1) if of_table else self.hand_id.partition("-")[0]
        buy_in, fee, bounty, currency = self._buy_in(match.group("buy_in") or "")
        self.tournament = Tournament(tournament_id=tid, buy_in=buy_in, fee=fee, bounty=bounty,
                                     currency=currency, level=match.group("level"))

    def _buy_in(self, text: str) -> tuple[int | None, int | None, int | None, str | None]:
        """``1.86€ + 0.14€`` (buy-in + fee) or ``buy-in + bounty + fee``, in minor units."""
        currency = next((code for sym, code in _CURRENCIES.items() if sym in text), None)
        try:
            parts = [parse_amount(part, 2) for part in text.split("+")] if currency else []
        except AmountError:
            parts = []
        if len(parts) == 2:
            return parts[0], parts[1], None, currency
        if len(parts) == 3:
            return parts[0], parts[2], parts[1], currency
        if any(char.isdigit() for char in text):  # a ticket or a freeroll names no money
            self._problem(self.block.line, "unreadable_buy_in",
                          f"buy-in {text!r} is not readable")
        return None, None, None, currency

    # -- amounts and cards --

    def _amount(self, text: str) -> int:
        return _minor_units(text, self.decimals)

    def _shown_groups(self, text: str) -> list[tuple[Card, ...]]:
        """``[a b] [c]`` (or ``[a b][c]``) -> the known cards of each group (hidden ``X``
        cards left out). Raises Unreadable for anything else."""
        if not (text.startswith("[") and text.endswith("]")):
            raise Unreadable(text)
        return [self._shown_cards(group) for group in text[1:-1].replace("][", "] [").split("] [")]

    def _shown_cards(self, group: str) -> tuple[Card, ...]:
        try:
            return tuple(_CARD_BY_TEXT[token] for token in group.split() if token != _HIDDEN)
        except KeyError:
            raise CardError(f"not cards: [{group}]") from None

    def _known(self, groups: list[tuple[Card, ...]]) -> tuple[Card, ...]:
        return tuple(card for group in groups for card in group)

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
        else:
            name = self._who(text)
            if name is None:
                self._unseated_line(text, number)
            else:
                self._player_line(name, text[len(name) + 1 :], text, number)

    def _unseated_line(self, text: str, number: int) -> None:
        if any(word in text for word in _ACTION_WORDS):
            self._note(number, "unseated_action", text)
            self._problem(number, "actor_not_seated",
                          f"a line of play by nobody seated in this hand: {text!r}", fatal=True)
            return
        raise Unreadable(text)

    def _marker(self, text: str, number: int) -> None:
        end = text.find(" ***", 4)
        if end < 0:
            raise Unreadable(text)
        name = text[4:end]
        tail = text[end + 4 :].strip()
        if name == "SUMMARY":
            self.in_summary = True
            self.summary_line = number
            return
        street = _MARKER_STREETS.get(name)
        if street is None:
            raise Unreadable(text)
        if street != self.street and street != SHOWDOWN_STREET:
            self.opened = False
        self.street = street
        self.streets.append(StreetMark(line=number, street=street, name=name))
        if tail:  # the board: ``*** TURN *** [9d 9h Td][Kh]``
            groups = self._shown_groups(tail)
            earlier = self._known(groups[:-1])
            self._act(number, Kind.DEALT, "", cards=earlier, new_cards=groups[-1])

    def _dealt(self, text: str, number: int) -> None:
        rest = text[9:]
        for name in self.names:
            if rest.startswith(name) and rest[len(name) : len(name) + 2] == " [":
                groups = self._shown_groups(rest[len(name) + 1 :])
                if len(groups) > 2:
                    raise Unreadable(text)
                new = groups[-1]
                if not new:
                    self._note(number, "dealt_hidden", text)
                    return
                earlier = self._known(groups[:-1])
                self._act(number, Kind.DEALT, name, cards=earlier, new_cards=new)
                self._hero_candidate(name, len(earlier) + len(new))
                return
        self._note(number, "unseated_action", text)
        self._problem(number, "actor_not_seated",
                      f"cards dealt to a player without a seat: {text!r}", fatal=True)

    def _hero_candidate(self, name: str, known: int) -> None:
        if self.hero is None and (not self.stud or (self.street == 0 and known >= 2)):
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
        kind = _NOTES.get(what)
        if kind is None:
            raise Unreadable(text)
        self._note(number, kind, text)

    # -- verbs (each returns False when the words after the verb are not its own) --

    def _folds(self, name: str, argument: str, number: int) -> bool:
        cards = self._known(self._shown_groups(argument)) if argument else ()
        self._act(number, Kind.FOLD, name, cards=cards)
        return True

    def _checks(self, name: str, argument: str, number: int) -> bool:
        if argument:
            return False
        self._act(number, Kind.CHECK, name)
        return True

    def _calls(self, name: str, argument: str, number: int) -> bool:
        amount, all_in = self._money(argument)
        self._act(number, Kind.CALL, name, amount, all_in=all_in)
        return True

    def _bets(self, name: str, argument: str, number: int) -> bool:
        amount, all_in = self._money(argument)
        if self._completes():
            self._complete(name, amount, all_in, number)
        else:
            self._act(number, Kind.BET, name, amount, all_in=all_in)
        self.opened = True
        return True

    def _raises(self, name: str, argument: str, number: int) -> bool:
        increment_text, found, total_text = argument.partition(" to ")
        if not found:
            return False
        to, all_in = self._money(total_text)
        increment = self._amount(increment_text)
        if self._completes():
            self._complete(name, to, all_in, number)
        else:
            left_out = self._left_out_of_raise(name)
            self._act(number, Kind.RAISE, name, increment + left_out, to=to + left_out,
                      all_in=all_in)
        self.opened = True
        return True

    def _completes(self) -> bool:
        """The first bet or raise of 3rd street after the bring-in completes it."""
        return self.stud and self.street == 0 and bool(self.bring_ins) and not self.opened

    def _complete(self, name: str, to: int, all_in: bool, number: int) -> None:
        """``amount``: the increment over the bring-in (Winamax prints the whole ``to``)."""
        amount = to - max(self.bring_ins.values())
        self._act(number, Kind.COMPLETE, name, amount, to=to, all_in=all_in)

    def _left_out_of_raise(self, name: str) -> int:
        """What Winamax leaves out of (+) or adds to (-) this player's ``raises X to Y``."""
        if self.street != 0:
            return 0
        if self.stud:
            return self.bring_ins.get(name, 0)
        return -self.dead.get(name, 0)

    def _posts(self, name: str, argument: str, number: int) -> bool:
        out_of_position = argument.endswith(" out of position")
        if out_of_position:
            argument = argument[: -len(" out of position")]
        for prefix, kind in _POSTS:
            if argument.startswith(prefix):
                amount, all_in = self._money(argument[len(prefix) :])
                if out_of_position and kind is Kind.POST_SB:
                    kind = Kind.POST_DEAD
                    self.dead[name] = self.dead.get(name, 0) + amount
                self._act(number, kind, name, amount, all_in=all_in)
                return True
        return False

    def _brings(self, name: str, argument: str, number: int) -> bool:
        if not argument.startswith("in "):
            return False
        return self._bring_in(name, argument[3:], number)

    def _bring_in(self, name: str, amount_text: str, number: int) -> bool:
        amount, all_in = self._money(amount_text)
        self._act(number, Kind.BRING_IN, name, amount, all_in=all_in)
        if self.street == 0:
            self.bring_ins[name] = amount
        return True

    def _discards(self, name: str, argument: str, number: int) -> bool:
        count_text, _, after = argument.partition(" ")
        if not count_text.isdecimal() or not after.startswith("card"):
            return False
        count = int(count_text)
        bracket = after.find(" [")
        cards = self._known(self._shown_groups(after[bracket + 1 :])) if bracket >= 0 else ()
        if count == 0:
            self._act(number, Kind.STAND_PAT, name, n_cards=0, cards=cards)
        else:
            self._act(number, Kind.DISCARD, name, n_cards=count, cards=cards)
        return True

    def _stands(self, name: str, argument: str, number: int) -> bool:
        if argument == "pat":
            cards: tuple[Card, ...] = ()
        elif argument.startswith("pat ["):
            cards = self._known(self._shown_groups(argument[4:]))
        else:
            return False
        self._act(number, Kind.STAND_PAT, name, n_cards=0, cards=cards)
        return True

    def _shows(self, name: str, argument: str, number: int) -> bool:
        close = argument.find("]")
        if not argument.startswith("[") or close < 0:
            return False
        shown = self._known(self._shown_groups(argument[: close + 1]))
        self._act(number, Kind.SHOW, name, cards=shown)
        return True

    def _mucks(self, name: str, argument: str, number: int) -> bool:
        if argument in ("", "hand"):
            self._act(number, Kind.MUCK, name)
        elif argument.startswith("["):
            close = argument.find("]")
            self._act(number, Kind.MUCK, name,
                      cards=self._known(self._shown_groups(argument[: close + 1])))
        else:
            return False
        return True

    def _doesnt(self, name: str, argument: str, number: int) -> bool:
        if argument not in ("show", "show hand"):
            return False
        self._act(number, Kind.NO_SHOW, name)
        return True

    def _collected(self, name: str, argument: str, number: int) -> bool:
        amount_text, found, pot = argument.partition(" from ")
        self._act(number, Kind.COLLECT, name, self._amount(amount_text),
                  pot=pot if found else "pot")
        return True

    # -- the summary --

    def _summary_line(self, text: str, number: int) -> None:
        if text.startswith("Seat "):
            self._summary_seat(text, number)
        elif text.startswith("Total pot "):
            self._totals(text, number)
        elif text.startswith("Board: "):
            self.board = self._known(self._shown_groups(text[7:]))
        else:
            raise Unreadable(text)

    def _totals(self, text: str, number: int) -> None:
        match = _TOTAL.match(text)
        if match is None:
            raise Unreadable(text)
        after_rake, rake_text = match.groups()
        rake = self._amount(rake_text) if rake_text else 0
        self.total_pot = self._amount(after_rake) + rake
        self.rake = rake
        self.summary_line = number  # money problems point at the ``Total pot`` line

    def _summary_seat(self, text: str, number: int) -> None:
        colon = text.find(": ", 5)
        if colon < 0 or not text[5:colon].isdecimal():
            raise Unreadable(text)
        seat = int(text[5:colon])
        after = text[colon + 2 :]
        name = self._summary_name(seat, after)
        rest = after[len(name) :].strip()
        cards: tuple[Card, ...] = ()
        for word in ("showed [", "mucked ["):
            at = rest.find(word)
            if at >= 0:
                bracket = rest[at + len(word) - 1 : rest.index("]", at) + 1]
                cards = self._known(self._shown_groups(bracket))
                break
        won_amounts = _WON.findall(rest)
        won = sum(self._amount(amount) for amount in won_amounts) if won_amounts else None
        self.summary_seats.append(
            SummarySeat(line=number, seat=seat, player=name, text=rest, cards=cards, won=won)
        )

    def _summary_name(self, seat: int, after: str) -> str:
        name = summary_player(after, self.seat_names.get(seat), self.names, _SUMMARY_NAME)
        if name is None:
            raise Unreadable(after)
        return name


_POSTS: Final[tuple[tuple[str, Kind], ...]] = (
    ("small blind ", Kind.POST_SB),
    ("big blind ", Kind.POST_BB),
    ("ante ", Kind.ANTE),
)

_VERBS: Final[dict[str, Callable[[_Reader, str, str, int], bool]]] = {
    "folds": _Reader._folds,
    "checks": _Reader._checks,
    "calls": _Reader._calls,
    "bets": _Reader._bets,
    "raises": _Reader._raises,
    "posts": _Reader._posts,
    "brings": _Reader._brings,
    "bring-in": _Reader._bring_in,
    "discards": _Reader._discards,
    "discard": _Reader._discards,
    "stands": _Reader._stands,
    "shows": _Reader._shows,
    "mucks": _Reader._mucks,
    "doesn't": _Reader._doesnt,
    "collected": _Reader._collected,
}


