"""PartyPoker hand histories (7-card stud and stud hi/lo, text): one hand block -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's (room rules ``partypoker`` in ``replay/rooms.py``).
It never raises: a line it does not understand is a non-fatal ``unknown_line`` problem, a
header it cannot read a fatal ``unreadable_header``, a line of play by nobody seated a fatal
``actor_not_seated``, a hand that stops before anybody wins a fatal ``hand_incomplete``.

How PartyPoker writes a hand, and how it is read:

* **Blocks.** A cash hand opens with a banner ``Game #10399817763 starts.``, a blank line,
  ``#Game No : 10399817763`` and ``***** Hand History for Game 10399817763 *****``; a
  tournament hand has no banner. A hand starts at its ``#Game No :`` line (:func:`is_start`):
  the banner before the first hand of a file is junk, a banner after a hand (the next hand's)
  is a ``next_hand_banner`` note of the hand before. NUL bytes sit between hands (a file may
  open with one and end with a line of one): they are dropped from every line.
* **Header.** Cash: ``$0.50/$1 USD [FL] 7 Card Stud Hi-Lo - Monday, August 30, 20:20:17 EEST
  2010``: the small bet and the big bet, the currency, the game. Tournament: ``FL 7 Card Stud
  $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - <date>``: bets and the
  ante in chips (both repeated after the seats, read as notes). The time is local with a zone
  abbreviation (to UTC through ``timezones``; none printed: Eastern, as fpdb assumes). Neither
  the bring-in nor (cash) the ante is printed: their lines tell them. Only ``7 Card Stud`` and
  ``7 Card Stud Hi-Lo`` are replayed; hold'em and Omaha are kept unsupported, unread.
* **Table and seats.** ``Table Table  136419 (Real Money)``, ``Seat 0 is the button`` (no
  button in stud: not kept), ``Total number of players : 7/8`` (8 seats),
  ``Seat 7: Player7 ( $31.15 USD )`` not in seat order. A listed player who has no line in
  the hand (no ante, no play) was not dealt in: his seat is sitting out.
* **Streets.** ``** Dealing **`` opens 3rd street (street 0), ``** Dealing Fourth street **``
  .. ``** Dealing River **`` streets 1-4; the showdown lines (shows, wins) are the showdown.
  ``P opens`` names the first to act: a note.
* **Amounts are what a line adds.** ``bets``, ``double bets`` (the big bet on 4th street),
  ``calls``, ``completes`` and ``raises [$17 USD]`` give the chips the line puts in; the reader
  keeps each round's totals to record a completion or raise as the records want it (``to`` =
  the player's new total, ``amount`` = that over the round's highest). ``is all-In [X]`` (fpdb
  only) is a bet, call, completion or raise by what it makes the player's total.
* **Cards.** Only the hero's are dealt face up in the log: ``Dealt to Hero [  3h 8c 7c ]``,
  then one card a street. The showdown lists a player's seven cards in dealing order
  (``shows [ Ad, Qd, Ah, 2d, 7d, Th, 6d ]a flush, Ace high.``; a loser ``doesn't show [..]``
  with the cards all the same: a muck). So a player seen at the showdown is also recorded as
  dealt those cards street by street (his up cards: places 3 to 6, from the street markers),
  which is all the log tells of the boards. ``shows8,5,3,2,A  for low.`` repeats a shown hand's
  low: a note. ``does not show cards.``: the uncontested winner keeps them (no show).
* **Results.** ``wins $13.20 USD`` (uncontested), ``wins $8.45 USD from the main pot with ..``,
  ``wins Lo ($90.50 USD) from the main pot with ..`` (the low half), ``wins 2,560 chips from
  ..``: collections, after the rake. An uncontested winner's amount includes his own bet that
  nobody called, and no line returns it; no pot, rake or summary is printed (room rules).
  ``There was no qualifying low hand``: a note.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from hhparse.cards import Card, CardError, parse_cards
from hhparse.money import CURRENCY_SYMBOLS, AmountError, parse_amount
from hhparse.parsers.base import HandBlock, span_of
from hhparse.parsers.stud import StudReader, Unreadable
from hhparse.parsers.timezones import to_utc
from hhparse.records import (
    SHOWDOWN_STREET,
    Action,
    Hand,
    Kind,
    Seat,
    Stakes,
    StreetMark,
    Summary,
    Tournament,
)
from hhparse.variants import BettingStructure

SITE: Final = "partypoker"
PREFIXES: Final = ("#Game No :", "\x00#Game No :")
ASSUMED_ZONE: Final = "ET"
"""A time printed without a zone is read as US Eastern (fpdb does the same)."""

_START: Final = re.compile(r"^\x00*#Game No : (\d+)$")
_TITLE: Final = re.compile(
    r"^\*{5} Hand History [Ff]or Game (?P<id>\d+) \*{5}(?: \((?:Party|PartyPoker|IPoker|"
    r"Poker Stars|Pacific|WPN|PokerMaster|PokerBros)\))?$")
_CASH: Final = re.compile(
    r"^(?P<small>[$€]?[\d.,]+)/(?P<big>[$€]?[\d.,]+) (?P<iso>[A-Z]{3}) "
    r"(?:(?P<limit>FL|NL|PL) )?(?P<game>.+?) - (?P<when>.+)$")
_TOURNAMENT: Final = re.compile(
    r"^(?:(?P<limit>FL|NL|PL) )?(?P<game>.+?) (?P<buyin>[$€][\d.,]+) (?P<iso>[A-Z]{3}) Buy-in "
    r"Trny:\s?(?P<tid>\d+) Level:\s?(?P<level>\d+)\s+(?:Stakes-Antes|Blinds-Antes|Blinds)"
    r"\((?P<small>[\d.,]+)/(?P<big>[\d.,]+)(?:-(?P<ante>[\d.,]+))?\) - (?P<when>.+)$")
_WHEN: Final = re.compile(
    r"^[A-Za-z]+, ?(?P<month>[A-Za-z]+) (?P<day>\d{1,2}), (?P<hour>\d{1,2}):(?P<minute>\d{2})"
    r":(?P<second>\d{2}) (?:(?P<zone>[A-Z]+) )?(?P<year>\d{4})$")
_MONTHS: Final = {name: number for number, name in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), start=1)}
_TABLE: Final = re.compile(r"^Table (?P<table>.+?) \((?P<money>Real|Play) Money\)$")
_PLAYERS: Final = re.compile(r"^Total number of players : (?P<listed>\d+)/(?P<max>\d+)$")
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]+?) \)$")
_REPEATS: Final = re.compile(r"^(?:Trny:\s?\d+ Level:\s?\d+|(?:Stakes-Antes|Blinds-Antes|"
                             r"Blinds)\([\d.,/-]+\))$")
_BANNER: Final = re.compile(r"^Game #\d+ starts\.$")
_PLAY: Final = re.compile(
    r"^.+? (?:posts|bring-ins|completes|bets|double bets|raises|calls|checks|folds|is all-In|"
    r"opens|shows|doesn't show|does not show|wins)\b")
"""A line of play, whoever its player (to tell play by nobody seated from noise)."""

GAMES: Final[dict[str, str | None]] = {
    "7 Card Stud": "stud",
    "7 Card Stud Hi-Lo": "stud8",
    "Texas Hold'em": None, "Texas Holdem": None, "Hold'em": None, "Holdem": None,
    "Omaha": None, "Omaha Hi": None, "Omaha Hi-Lo": None, "Double Hold'em": None,
    "Double Holdem": None, "Short Deck": None,
}
"""The printed game -> variant id (None: a game kept unsupported, unread)."""
STRUCTURES: Final = {None: BettingStructure.FIXED_LIMIT, "FL": BettingStructure.FIXED_LIMIT,
                     "NL": BettingStructure.NO_LIMIT, "PL": BettingStructure.POT_LIMIT}
STREETS: Final[dict[str, int]] = {
    "** Dealing **": 0, "** Dealing Fourth street **": 1, "** Dealing Fifth street **": 2,
    "** Dealing Sixth street **": 3, "** Dealing River **": 4,
}
NOTES: Final[dict[str, str]] = {
    "There was no qualifying low hand": "no_low",
}


def is_start(line: str) -> bool:
    """Does this line open a PartyPoker hand (``#Game No : N``)?"""
    return "#Game No :" in line[:12] and _START.match(line) is not None


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return _Reader(block).read_safely("PartyPoker")


class _Reader(StudReader):
    def __init__(self, block: HandBlock) -> None:
        super().__init__(block, site=SITE)
        self.currency = ""
        self.held: list[Card] = []
        """The hero's cards so far."""
        self.street_starts: dict[int, tuple[int, int]] = {}
        """Street -> (index in ``actions`` where it starts, its marker's line)."""

    # --- driver -------------------------------------------------------------------------

    def read(self) -> Hand:
        lines = [(line.replace("\x00", "").strip(), number)
                 for line, number in zip(self.block.lines, self.block.line_numbers, strict=True)]
        lines = [(line, number) for line, number in lines if line]
        if not self._header(lines):
            return self.hand()
        if self.variant_id is None:  # hold'em, Omaha, an unknown game: kept, not read
            return self.hand()
        for text, number in lines[3:]:
            try:
                self._line(text, number)
            except (Unreadable, AmountError, CardError, ValueError, IndexError):
                self._unknown(text, number)
        self._deal_shown_cards()
        if not any(action.kind is Kind.COLLECT for action in self.actions):
            self._problem(lines[-1][1], "hand_incomplete",
                          "nobody wins: the hand is cut off", fatal=True)
        return self.hand()

    def hand(self) -> Hand:
        block = self.block
        acting = {action.player for action in self.actions}
        seats = tuple(replace(seat, sitting_out=seat.player not in acting) for seat in self.seats)
        collects = [action.line for action in self.actions if action.kind is Kind.COLLECT]
        return Hand(
            site=SITE, hand_id=self.hand_id,
            source=span_of(block),
            game_text=self.game_text, variant_id=self.variant_id, structure=self.structure,
            currency=self.currency, stakes=self.stakes, started_at_text=self.started_text,
            started_at=self.started_at, table=self.table, max_seats=self.max_seats,
            tournament=self.tournament, play_money=self.play_money, seats=seats,
            actions=tuple(self.actions), streets=tuple(self.streets), notes=tuple(self.notes),
            summary=Summary(line=collects[0] if collects else block.line), hero=self.hero,
            problems=tuple(self.problems),
        )

    # --- header -------------------------------------------------------------------------

    def _header(self, lines: list[tuple[str, int]]) -> bool:
        first = _START.match(lines[0][0]) if lines else None
        self.hand_id = first.group(1) if first else ""
        title = _TITLE.match(lines[1][0]) if len(lines) > 1 else None
        header = lines[2][0] if len(lines) > 2 else ""
        cash, tournament = _CASH.match(header), _TOURNAMENT.match(header)
        match = tournament or cash
        if title is None or match is None or match.group("limit") not in STRUCTURES:
            where = lines[min(2, len(lines) - 1)][1] if lines else self.block.line
            self._problem(where, "unreadable_header", f"header not understood: {header!r}",
                          fatal=True)
            return False
        self.hand_id = self.hand_id or title.group("id")
        game, number = match.group("game"), lines[2][1]
        self.structure = STRUCTURES[match.group("limit")]
        self.game_text = f"{match.group('limit') or ''} {game}".strip()
        self.variant_id = GAMES.get(game)
        if game not in GAMES:
            self._problem(number, "unknown_game", f"game {game!r} is not a known variant")
        try:
            self._amounts(match, tournament is not None)
        except AmountError as error:  # a stake in a fraction of a chip, a buy-in in tenths
            self._problem(number, "unreadable_header",
                          f"header not understood: {header!r}: {error}", fatal=True)
            return False
        self._when(match.group("when"), number)
        return True

    def _amounts(self, match: re.Match[str], tournament: bool) -> None:
        """The header's unit, stakes and (a tournament's) buy-in; raises AmountError."""
        iso = match.group("iso")
        if tournament:
            self.currency, self.decimals = "chips", 0
            self.tournament = Tournament(
                tournament_id=match.group("tid"), level=match.group("level"),
                buy_in=parse_amount(match.group("buyin")), currency=iso)
        else:
            self.currency = CURRENCY_SYMBOLS.get(match.group("small")[:1], iso)
        ante = match.groupdict().get("ante")
        self.stakes = Stakes(small_bet=self._amount(match.group("small")),
                             big_bet=self._amount(match.group("big")),
                             ante=self._amount(ante) if ante else None)

    def _when(self, text: str, number: int) -> None:
        self.started_text = text
        match = _WHEN.match(text)
        month = _MONTHS.get(match.group("month")) if match else None
        if match is None or month is None:
            self._problem(number, "unreadable_time", f"time not understood: {text!r}")
            return
        zone = match.group("zone") or ASSUMED_ZONE
        self.started_at = to_utc(int(match.group("year")), month, int(match.group("day")),
                                 int(match.group("hour")), int(match.group("minute")),
                                 int(match.group("second")), zone)
        if self.started_at is None:
            self._problem(number, "unknown_timezone",
                          f"time {text!r}: zone {zone!r} unknown or date impossible")

    # --- lines --------------------------------------------------------------------------

    def _line(self, text: str, number: int) -> None:
        if text in STREETS:
            self._marker(text, number)
        elif text.startswith("Seat ") and not self.actions and self._seat(text, number):
            pass
        elif text.startswith("Dealt to "):
            self._dealt(text, number)
        elif text in NOTES:
            self._note(number, NOTES[text], text)
        elif _BANNER.match(text):
            self._note(number, "next_hand_banner", text)
        elif not self.actions and self._preamble(text, number):
            pass
        else:
            name = self._who(text)
            if name is None:
                self._unseated(text, number)
            else:
                self._play(name, text[len(name) + 1:], text, number)

    def _preamble(self, text: str, number: int) -> bool:
        table, players = _TABLE.match(text), _PLAYERS.match(text)
        if table is not None:
            self.table = " ".join(table.group("table").split())
            self.play_money = table.group("money") == "Play"
        elif players is not None:
            self.max_seats = int(players.group("max"))
        elif text.endswith(" is the button") and text.startswith("Seat "):
            self._note(number, "button", text)
        elif _REPEATS.match(text):
            self._note(number, "tournament_level", text)
        else:
            return False
        return True

    def _seat(self, text: str, number: int) -> bool:
        match = _SEAT.match(text)
        if match is None:
            return False
        self.seats.append(Seat(seat=int(match.group("seat")), player=match.group("name"),
                               stack=self._amount(match.group("stack")), line=number))
        self._index_names()
        return True

    def _unseated(self, text: str, number: int) -> None:
        if _PLAY.match(text) is None:
            raise Unreadable(text)
        self._note(number, "unseated_action", text)
        self._problem(number, "actor_not_seated",
                      f"a line of play by nobody seated in this hand: {text!r}", fatal=True)

    def _marker(self, text: str, number: int) -> None:
        street = STREETS[text]
        self.street = street
        self.street_starts[street] = (len(self.actions), number)
        self.streets.append(StreetMark(line=number, street=street, name=text.strip("* ")))
        self.round_totals = {}

    def _dealt(self, text: str, number: int) -> None:
        rest = text[len("Dealt to "):]
        name = self._who(rest)
        if name is None:
            self._unseated(text, number)
            return
        tail = rest[len(name):].strip()
        if not (tail.startswith("[") and tail.endswith("]")):
            raise Unreadable(text)
        cards = parse_cards(tail)
        if self.hero is None and self.street == 0 and len(cards) == 3:
            self.hero = name
        if name != self.hero:
            raise Unreadable(text)  # only the hero's cards are ever dealt in the log
        self._act(number, Kind.DEALT, name, cards=tuple(self.held), new_cards=cards)
        self.held.extend(cards)

    # --- play ---------------------------------------------------------------------------

    def _play(self, name: str, rest: str, text: str, number: int) -> None:
        verb, _, argument = rest.partition(" [")
        if argument:
            if not argument.endswith("]") or verb not in _BETS:
                if verb in ("shows", "doesn't show"):
                    self._show(name, verb, argument, number)
                    return
                raise Unreadable(text)
            _BETS[verb](self, name, self._amount(argument[:-1]), number)
        elif rest == "opens":
            self._note(number, "opens", text)
        elif rest == "checks":
            self._act(number, Kind.CHECK, name)
        elif rest == "folds":
            self._act(number, Kind.FOLD, name)
        elif rest == "does not show cards.":
            self._enter_showdown()
            self._act(number, Kind.NO_SHOW, name)
        elif rest.startswith("shows") and rest.endswith(" for low."):
            self._note(number, "low_hand", text)
        elif rest.startswith("wins "):
            self._wins(name, rest[5:], text, number)
        else:
            raise Unreadable(text)

    # --- showdown -----------------------------------------------------------------------

    def _enter_showdown(self) -> None:
        self.street = SHOWDOWN_STREET

    def _show(self, name: str, verb: str, argument: str, number: int) -> None:
        cards_text, found, _description = argument.partition("]")
        if not found:
            raise Unreadable(argument)
        self._enter_showdown()
        self._act(number, Kind.SHOW if verb == "shows" else Kind.MUCK, name,
                  cards=parse_cards(cards_text))

    def _wins(self, name: str, what: str, text: str, number: int) -> None:
        low = what.startswith("Lo (")
        if low:
            amount_text, found, rest = what[4:].partition(")")
            if not found:
                raise Unreadable(text)
        else:
            amount_text, _, rest = what.partition(" from ")
            rest = " from " + rest if rest else ""
        pot = "pot"
        if rest:
            if not rest.startswith(" from the "):
                raise Unreadable(text)
            pot = rest[len(" from the "):].partition(" with ")[0].rstrip(".")
        self._enter_showdown()
        self._act(number, Kind.COLLECT, name, self._amount(amount_text.removesuffix(" chips")),
                  pot=pot)

    def _deal_shown_cards(self) -> None:
        """A player's seven cards at the showdown are in dealing order: he is recorded as
        dealt them street by street (the door card on 3rd street, then one a street)."""
        places = ((0, (2,)), (1, (3,)), (2, (4,)), (3, (5,)), (4, (6,)))
        for street, at in reversed(places):
            start = self.street_starts.get(street)
            if start is None:
                continue
            index, line = start
            dealt = [Action(line=line, street=street, kind=Kind.DEALT, player=action.player,
                            new_cards=tuple(action.cards[place] for place in at))
                     for action in self.actions
                     if action.kind in (Kind.SHOW, Kind.MUCK) and len(action.cards) == 7
                     and action.player != self.hero]
            self.actions[index:index] = _unique(dealt)


def _unique(dealt: list[Action]) -> list[Action]:
    """One deal per player (a player shows once; a repeated show deals nothing twice)."""
    seen: set[str] = set()
    kept: list[Action] = []
    for action in dealt:
        if action.player not in seen:
            seen.add(action.player)
            kept.append(action)
    return kept


_BETS: Final[dict[str, Callable[[_Reader, str, int, int], None]]] = {
    "posts ante": _Reader.ante,
    "bring-ins": _Reader.bring_in,
    "completes": _Reader.raise_by,
    "bets": _Reader.bet,
    "double bets": _Reader.bet,
    "raises": _Reader.raise_by,
    "calls": _Reader.call,
    "is all-In": _Reader.all_in,
}
