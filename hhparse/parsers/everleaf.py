"""Everleaf Gaming hand histories (7-card stud, text): one hand block -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's (room rules ``everleaf`` in ``replay/rooms.py``).
It never raises: a line it does not understand is a non-fatal ``unknown_line`` problem, a
header it cannot read a fatal ``unreadable_header``, a line of play by nobody seated a fatal
``actor_not_seated``, a hand that stops before anybody wins a fatal ``hand_incomplete``.

How Everleaf writes a hand, and how it is read:

* **Blocks.** A hand opens with ``Everleaf Gaming Game #285997460`` (skins: ``Everleaf
  Gaming - Concord Gaming - Game #N``, ``- - Grand Poker - Game #N``; :func:`is_start`),
  then ``***** Hand history for game #285997460 *****``. Three blank lines end it; there is
  no summary, no pot or rake line and no end marker. Files are cp1252 (``€`` is byte 0x80;
  one skin wrote 0x88, ``ˆ``, in its place: read as ``€``).
* **Header.** ``$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53``: the small and the big
  bet (hold'em and Omaha: ``Blinds $0.01/$0.02 NL Hold'em``, kept unsupported, unread), the
  game, the date and a time with no zone (UTC, as fpdb assumes: :data:`ASSUMED_ZONE`). No
  currency symbol means tournament chips; a ``Tournament #N - Level L`` line may come
  first. Neither the ante nor the bring-in is printed: their lines tell them. Then
  ``Table Clarkdale 20``, ``Total number of players: 4`` and the seats,
  ``Seat 1: Player1 (  $ 0.54 USD )``. A listed player with no line in the hand was not
  dealt in: his seat is sitting out.
* **Two layouts of streets.** ``** Dealing down cards **`` opens 3rd street (street 0) in
  both; the old layout then writes ``**** dealing 4th street ****`` .. ``**** dealing river
  ****``, the new one ``** Dealing 4th Street **`` .. ``** Dealing River **``. Antes come
  before the first marker (street 0 too). The showdown lines (shows, wins) are the showdown.
* **Amounts are what a line adds.** ``P: posts ante [$ 0.01 USD]``, ``P posts bring-in
  $0.02.``, ``P: bets [..]``, ``P calls [..]`` and ``P raises [$ 0.20 USD]`` give the chips
  the line puts in; ``P completes to $0.05.`` the player's total. The reader keeps each
  round's totals to record a completion or raise as the records want it (``to`` = the
  player's new total, ``amount`` = that over the round's highest). The bring-in player who
  completes instead prints no bring-in line and ``bets`` the small bet: a completion. No
  all-in is ever marked.
* **Cards.** The old layout deals no card in the log. The new one writes ``Dealt to P [ Ah
  ].`` for each up card, and the hero's cards: three on 3rd street (he is the player dealt
  three), then one a street, his river card too. ``P shows [ 5d, 8d, Kd, 7d, 9d, Jh, Qc ] a
  flush, king high`` lists the seven cards with the up cards in places 3 to 6 (the two
  down cards of 3rd street and the river card may come in any order); ``P mucks [..]`` is
  a muck, ``P does not show cards`` a loser's muck or the uncontested winner (no show). In
  the old layout a player who shows is recorded as dealt his up cards street by street.
* **Results.** ``P wins $ 0.98 USD from main pot[ with <hand> [ five cards ]]`` (also
  ``from side pot``, ``wins 1500 chips``, hi/lo ``wins  high ($ 0.95 USD) from main pot``):
  collections, after the rake. An uncalled bet is returned silently, and the winner's
  amount does not hold it (room rules).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from hhparse.cards import Card, CardError, parse_cards
from hhparse.money import AmountError, parse_amount
from hhparse.parsers.base import HandBlock, span_of
from hhparse.parsers.stud import StudReader, Unreadable
from hhparse.parsers.timezones import to_utc
from hhparse.records import (
    SHOWDOWN_STREET,
    Action,
    Hand,
    Kind,
    Note,
    Seat,
    Stakes,
    StreetMark,
    Summary,
    Tournament,
)
from hhparse.variants import BettingStructure

SITE: Final = "everleaf"
PREFIXES: Final = ("Everleaf Gaming", "- - ")
ASSUMED_ZONE: Final = "UTC"
"""The header's time has no zone; fpdb reads it as UTC ("believed GMT/UTC")."""

_START: Final = re.compile(r"^(?:Everleaf Gaming(?: - .+?)?|- - .+?) ?-? Game #(\d+)$")
_TITLE: Final = re.compile(r"^\*{5} Hand history for game #(?P<id>\d+) \*{5}$")
_TOURNAMENT: Final = re.compile(r"^Tournament #(?P<tid>\d+) - Level (?P<level>\S+)$")
_CUR: Final = "[$€\u02c6]"
_HEADER: Final = re.compile(
    rf"^(?:Blinds\s+)?(?P<cur>{_CUR})?\s*(?P<small>\d[\d,]*(?:\.\d+)?)\s*/\s*{_CUR}?\s*"
    r"(?P<big>\d[\d,]*(?:\.\d+)?) (?:(?P<limit>NL|PL) )?(?P<game>.+?)(?: - (?P<max>\d+) Max)?"
    r" - (?P<year>\d{4})/(?P<month>\d{2})/(?P<day>\d{2}) - (?P<hour>\d{2}):(?P<minute>\d{2})"
    r":(?P<second>\d{2})$")
_AMOUNT: Final = re.compile(
    rf"^[\[(]?{_CUR}?\s*(?P<number>\d[\d,]*(?:\.\d+)?)\s*(?:USD|EURO?|[Cc]hips)?[\])]?$")
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>[^()]*?)\s*\)$")
_PLAYERS: Final = re.compile(r"^Total number of players: (?P<count>\d+)$")
_BUTTON: Final = re.compile(r"^Seat \d+ is the button$")
_WINS: Final = re.compile(
    r"^wins\s+(?:(?P<half>high|low) \((?P<share>[^()]+)\)|(?P<amount>.+?))"
    r"(?: from (?P<pot>main pot|side pot(?:[ -]\d+)?))?(?: with .*)?$")
_PLAY: Final = re.compile(
    r"^.+?:? (?:posts|bets|calls|raises|completes|checks|folds|shows|mucks|does not show|"
    r"wins)\b")
"""A line of play, whoever its player (to tell play by nobody seated from noise)."""
_PRESENCE: Final = re.compile(
    r"^(?:sits out|is sitting out|has returned|has joined the table|has left the table|"
    r"has been reseated to this table|has disconnected\b.*|has reconnected\b.*|"
    r"is disconnected\b.*|has timed out\b.*)$")
"""Lines about a player's presence at the table: notes."""

GAMES: Final[dict[str, str | None]] = {
    "7 Card Stud": "stud", "Razz": "razz",
    "Hold'em": None, "Holdem": None, "Omaha": None, "Omaha Hi/Lo": None,
}
"""The printed game -> variant id (None: a game kept unsupported, unread)."""
STRUCTURES: Final = {None: BettingStructure.FIXED_LIMIT, "NL": BettingStructure.NO_LIMIT,
                     "PL": BettingStructure.POT_LIMIT}
STREETS: Final[dict[str, int]] = {
    "** Dealing down cards **": 0,
    "**** dealing 4th street ****": 1, "** Dealing 4th Street **": 1,
    "**** dealing 5th street ****": 2, "** Dealing 5th Street **": 2,
    "**** dealing 6th street ****": 3, "** Dealing 6th Street **": 3,
    "**** dealing river ****": 4, "** Dealing River **": 4,
}
UP_CARD_PLACES: Final = ((0, 2), (1, 3), (2, 4), (3, 5))
"""(street, place in a shown seven-card hand) of each up card."""


def is_start(line: str) -> bool:
    """Does this line open an Everleaf hand (``Everleaf Gaming Game #N``)?"""
    return "Game #" in line and line[:1] in "E-" and _START.match(line) is not None


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return _Reader(block).read_safely("Everleaf")


class _Reader(StudReader):
    def __init__(self, block: HandBlock) -> None:
        super().__init__(block, site=SITE)
        self.currency = ""
        self.held: dict[str, list[Card]] = {}
        """Cards dealt face up in the log so far, by player."""
        self.marks: dict[int, tuple[int, int]] = {}
        """Street -> (index in ``actions`` where it starts, its marker's line)."""
        self.opened: bool = False
        """3rd street: a bring-in, completion or bet was made."""

    # --- driver -------------------------------------------------------------------------

    def read(self) -> Hand:
        lines = list(zip(self.block.lines, self.block.line_numbers, strict=True))
        body = self._header(lines)
        if body is None or self.variant_id is None:  # unreadable, or a game kept unread
            return self.hand()
        for text, number in body:
            try:
                self._line(text.strip(), number)
            except (Unreadable, AmountError, CardError, ValueError, IndexError):
                self._unknown(text, number)
        if not self.held:
            self._deal_up_cards_shown()
        if self._first_collect() is None:
            self._problem(lines[-1][1], "hand_incomplete", "the hand stops before anybody wins",
                          fatal=True)
        return self.hand()

    def _first_collect(self) -> int | None:
        return next((a.line for a in self.actions if a.kind is Kind.COLLECT), None)

    def hand(self) -> Hand:
        block = self.block
        players = {action.player for action in self.actions}
        seats = tuple(replace(seat, sitting_out=seat.player not in players)
                      for seat in self.seats)
        collected_at = self._first_collect()
        return Hand(
            site=SITE, hand_id=self.hand_id, source=span_of(block),
            game_text=self.game_text, variant_id=self.variant_id, structure=self.structure,
            currency=self.currency, stakes=self.stakes, started_at_text=self.started_text,
            started_at=self.started_at, table=self.table, max_seats=self.max_seats,
            tournament=self.tournament, seats=seats, actions=tuple(self.actions),
            streets=tuple(self.streets), notes=tuple(self.notes),
            summary=Summary(line=block.line if collected_at is None else collected_at),
            hero=self.hero,
            problems=tuple(self.problems),
        )

    # --- header -------------------------------------------------------------------------

    def _header(self, lines: list[tuple[str, int]]) -> list[tuple[str, int]] | None:
        """The lines after the header once it is read; None if it cannot be."""
        texts = [text.strip() for text, _ in lines[:4]]
        first = _START.match(texts[0]) if texts else None
        title = _TITLE.match(texts[1]) if len(texts) > 1 else None
        self.hand_id = first.group(1) if first else title.group("id") if title else ""
        at = 2
        level = _TOURNAMENT.match(texts[2]) if len(texts) > 2 else None
        if level is not None:
            at = 3
        match = _HEADER.match(texts[at]) if len(texts) > at else None
        if first is None or title is None or match is None or title.group("id") != self.hand_id:
            where = lines[min(at, len(lines) - 1)][1] if lines else self.block.line
            shown = texts[min(at, len(texts) - 1)] if texts else ""
            self._problem(where, "unreadable_header", f"header not understood: {shown!r}",
                          fatal=True)
            return None
        game, limit, number = match.group("game"), match.group("limit"), lines[at][1]
        self.structure = STRUCTURES[limit]
        self.game_text = f"{limit or ''} {game}".strip()
        self.variant_id = GAMES.get(game)
        if game not in GAMES:
            self._problem(number, "unknown_game", f"game {game!r} is not a known variant")
        if match.group("max"):
            self.max_seats = int(match.group("max"))
        symbol = match.group("cur")
        if symbol is None:
            self.currency, self.decimals = "chips", 0
            self.tournament = Tournament(
                tournament_id=level.group("tid") if level else "",
                level=level.group("level") if level else None)
        else:
            self.currency = "USD" if symbol == "$" else "EUR"
        self.stakes = Stakes(small_bet=self._amount(match.group("small")),
                             big_bet=self._amount(match.group("big")))
        self.started_text = texts[at][match.start("year"):]
        year, month, day, hour, minute, second = (int(match.group(part)) for part in (
            "year", "month", "day", "hour", "minute", "second"))
        self.started_at = to_utc(year, month, day, hour, minute, second, ASSUMED_ZONE)
        if self.started_at is None:
            self._problem(number, "unreadable_time", f"impossible date: {self.started_text!r}")
        return lines[at + 1:]

    # --- lines --------------------------------------------------------------------------

    def _line(self, text: str, number: int) -> None:
        street = STREETS.get(text)
        if street is not None:
            self._marker(text, street, number)
        elif not self.actions and self._preamble(text, number):
            pass
        elif text.startswith("Dealt to "):
            self._dealt(text, number)
        else:
            name = self._named(text, ": ")
            if name is None:
                self._unseated(text, number)
            else:
                self._play(name, text[len(name):], text, number)

    def _preamble(self, text: str, number: int) -> bool:
        seat, players = _SEAT.match(text), _PLAYERS.match(text)
        if seat is not None:
            self._seat(seat.group("seat"), seat.group("name"), seat.group("stack"), number)
        elif text.startswith("Table ") and not self.table:
            self.table = text[len("Table "):].strip()
        elif players is not None:
            self._note(number, "players", text)
        elif _BUTTON.match(text):
            self._note(number, "button", text)
        else:
            return False
        return True

    def _seat(self, seat: str, name: str, stack_text: str, number: int) -> None:
        match = _AMOUNT.match(stack_text)
        if match is None and stack_text not in ("new player", "All-in"):
            raise Unreadable(stack_text)
        stack = self._amount(match.group("number")) if match else 0
        self.seats.append(Seat(seat=int(seat), player=name, stack=stack, line=number))
        self._index_names()

    def _named(self, text: str, after: str) -> str | None:
        """The seated player whose name opens ``text`` followed by one of ``after``."""
        for name in self.names:
            if text.startswith(name) and text[len(name):len(name) + 1] in after:
                return name
        return None

    def _unseated(self, text: str, number: int) -> None:
        """A line naming nobody seated: play by a stranger (fatal), or not understood."""
        if not _PLAY.match(text):
            raise Unreadable(text)
        self.notes.append(Note(line=number, kind="unseated_action", text=text))
        self._problem(number, "actor_not_seated", f"nobody seated plays this line: {text!r}",
                      fatal=True)

    def _marker(self, text: str, street: int, number: int) -> None:
        self.street = street
        self.marks[street] = (len(self.actions), number)
        self.streets.append(StreetMark(line=number, street=street, name=text.strip("* ")))
        self.round_totals = {}

    def _dealt(self, text: str, number: int) -> None:
        rest = text[len("Dealt to "):]
        name = self._named(rest, " ")
        if name is None:
            self._unseated(text, number)
            return
        inside = rest[len(name):].strip().removesuffix(".")
        if not (inside.startswith("[") and inside.endswith("]")):
            raise Unreadable(text)
        cards = parse_cards(inside[1:-1].replace(",", " "))
        if self.hero is None and self.street == 0 and len(cards) == 3:
            self.hero = name
        earlier = self.held.setdefault(name, [])
        self._act(number, Kind.DEALT, name, cards=tuple(earlier) if name == self.hero else (),
                  new_cards=cards)
        earlier.extend(cards)

    # --- play ---------------------------------------------------------------------------

    def _play(self, name: str, rest: str, text: str, number: int) -> None:
        for prefix, handler in _BETS:
            if rest.startswith(prefix):
                handler(self, name, self._amount(rest[len(prefix):]), number)
                return
        rest = rest.strip()
        if rest == "checks":
            self._act(number, Kind.CHECK, name)
        elif rest == "folds":
            self._act(number, Kind.FOLD, name)
        elif rest.startswith(("shows [", "mucks [")):
            self._show(name, rest, number)
        elif rest == "does not show cards":
            self.street = SHOWDOWN_STREET
            self._act(number, Kind.NO_SHOW, name)
        elif rest.startswith("wins"):
            self._wins(name, rest, text, number)
        elif _PRESENCE.match(rest):
            self._note(number, "presence", text)
        else:
            raise Unreadable(text)

    def _bring_in(self, name: str, amount: int, number: int) -> None:
        self._added(name, amount)
        self.opened = True
        self._act(number, Kind.BRING_IN, name, amount)

    def _complete(self, name: str, to: int, number: int) -> None:
        """``completes to X``: X is the player's total."""
        total, highest = self._added(name, to - self.round_totals.get(name, 0))
        self.opened = True
        self._act(number, Kind.COMPLETE, name, total - highest, to=total)

    def _bet(self, name: str, amount: int, number: int) -> None:
        if self.street == 0 and not self.opened:  # the bring-in player completes at once
            self._complete(name, amount, number)
            return
        self._added(name, amount)
        self._act(number, Kind.BET, name, amount)

    def _raise(self, name: str, added: int, number: int) -> None:
        total, highest = self._added(name, added)
        self._act(number, Kind.RAISE, name, total - highest, to=total)

    # --- showdown -----------------------------------------------------------------------

    def _show(self, name: str, rest: str, number: int) -> None:
        cards_text, found, _description = rest[len("shows ["):].partition("]")
        if not found:
            raise Unreadable(rest)
        self.street = SHOWDOWN_STREET
        self._act(number, Kind.SHOW if rest.startswith("shows") else Kind.MUCK, name,
                  cards=parse_cards(cards_text.replace(",", " ")))

    def _wins(self, name: str, rest: str, text: str, number: int) -> None:
        match = _WINS.match(rest)
        if match is None:
            raise Unreadable(text)
        self.street = SHOWDOWN_STREET
        self._act(number, Kind.COLLECT, name, self._amount(match.group("share") or
                                                           match.group("amount")),
                  pot=match.group("pot") or "pot")

    def _deal_up_cards_shown(self) -> None:
        """The old layout deals no card in the log: a player who shows seven cards is
        recorded as dealt his up cards (places 3 to 6), each at its street's marker."""
        shown = {action.player: action.cards for action in self.actions
                 if action.kind in (Kind.SHOW, Kind.MUCK) and len(action.cards) == 7}
        for street, place in reversed(UP_CARD_PLACES):
            mark = self.marks.get(street)
            if mark is None:
                continue
            index, line = mark
            self.actions[index:index] = [
                Action(line=line, street=street, kind=Kind.DEALT, player=player,
                       new_cards=(cards[place],)) for player, cards in shown.items()]

    def _amount(self, text: str) -> int:
        match = _AMOUNT.match(text.strip().removesuffix("."))
        if match is None:
            raise AmountError(f"not an amount: {text!r}")
        return parse_amount(match.group("number"), self.decimals)


_BETS: Final[tuple[tuple[str, Callable[[_Reader, str, int, int], None]], ...]] = (
    (": posts ante ", _Reader.ante),
    (" posts bring-in ", _Reader._bring_in),
    (" completes to ", _Reader._complete),
    (": bets ", _Reader._bet),
    (" calls ", _Reader.call),
    (" raises ", _Reader._raise),
)
"""Lines that put chips in: their prefix after the name, and how each is recorded."""
