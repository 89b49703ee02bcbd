"""Bovada / Bodog hand histories (7-card stud and stud hi/lo, text): one block -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's (room rules ``bovada`` in ``replay/rooms.py``).
It never raises: a line it does not understand is a non-fatal ``unknown_line`` problem, a
header it cannot read a fatal ``unreadable_header``, a hand with no summary a fatal
``hand_incomplete``.

How Bovada writes a hand, and how it is read:

* **Blocks.** A hand opens at ``Bodog Hand #2604291510 ...`` or ``Bovada Hand #...``
  (:func:`is_start`; fpdb also knows ``Ignition`` and the ``Bodog.com``-style brands) and
  ends at ``*** SUMMARY ***`` and its lines. Files are UTF-8, some with a BOM, CRLF.
* **Header.** Three layouts. Cash: ``Bodog Hand #N TBL#1178621 7CARD Fixed Limit -
  2012-05-07 03:40:07`` (``7CARD HiLo`` for hi/lo); tournament: ``Bovada Hand #N: 7CARD
  Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0) - <date>`` (chips, the level kept;
  the buy-in only in the export's file name, `` - $10-$1 - ``). The time has no zone: read as
  US Eastern, as fpdb does. Only ``7CARD`` and ``7CARD HiLo`` (``7CARD_HL``) are replayed;
  hold'em and Omaha are kept unsupported, unread. **No stakes are printed** (the
  tournament's ``(0/0)`` says nothing): the small bet is read from the play, the first full
  completion of 3rd street or bet of 4th street (else half the first big bet); the big bet
  is twice it. A hand where nobody bets shows none: the small bet is then taken as twice the
  bring-in, with a ``stakes_unknown`` warning (only the bring-in is judged by it).
* **Players are anonymous.** ``Seat+3 [ME]: $0.50 in chips``: the label ``Seat+3`` is the
  player (``[ME]`` marks the hero) in every line ``Seat+3 [ME] : Ante chip $0.01``. A listed
  player with no ``Card dealt to a spot`` line was not dealt in (``Seat sit out``): his seat
  is sitting out. ``Table enter user``, ``Sit out``, ``Re-join``, ``Ranking 18``, ``Stand``
  and the like are notes.
* **Cards.** Everybody's cards are printed as dealt: ``Card dealt to a spot [7h 8c Jc]`` on
  3rd street (down, down, up), then one card a street. The 2012-09 and later logs mark the
  streets (``*** 3RD STREET ***`` .. ``*** RIVER ***``); the older ones only ``*** HOLE CARDS
  ***``: there a player's fourth card opens 4th street, his fifth 5th street, and so on.
* **Amounts.** ``Bets``, ``D bets``/``Double bets`` (the 4th-street big bet), ``Calls``/
  ``Call`` and ``All-in X`` add what they say; ``Raises X`` (older logs) and ``All-in(raise)
  X`` give the player's total for the round, ``Raises X to Y`` both (X added, Y the total;
  they must agree: ``amounts_disagree``). The reader keeps each round's totals to record a
  raise as the records want it. On 3rd street the first ``Bets`` or ``Raises`` completes
  (``Bets`` when the low card completes instead of bringing in). ``Return uncalled portion
  of bet X`` returns X.
* **Showdown.** ``Showdown [..] (One pair)`` prints the best five cards (hi/lo: best high
  five then best low five), ``Mucks [..]`` all seven, ``Does not show [..]`` the uncontested
  winner's cards (a no-show). A shown hand is recorded with the cards its summary line
  prints (``[8c Qs Qc 3d Ts 4s 2h-Qs Qc Ts 8c 4s]``: the hand, then its best five; a loser's
  line may leave out a card, ``lost with One pair [9d 8s Jd 5c Td Js-Js Jd Ac Td 9d]``) and
  the best five of its showdown line.
  ``Hand result $0.45`` / ``Hand Result 97`` / ``Hand Result-Side Pot 710`` are collections
  after the rake, without returned bets (the main pot's line is then the ``main pot``).
* **Summary.** ``Total Pot($0.59) | Rake ($0.02)``; tournaments print ``Total Pot(97)``
  (no rake), and the 2014 cash logs ``Total Pot($150)`` with a rake taken but not printed:
  that pot is kept as a ``total_pot_without_rake`` note and left unset, so that the replayer
  derives pot and rake (room rules). Seat lines (``Seat 3:`` or ``Seat+3:``) give each seat's
  fate, amount (``HI $2.33``, ``LO $2.32``) and seven cards.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePath
from typing import Final

from hhparse.cards import Card, CardError, parse_cards
from hhparse.money import AmountError, parse_amount
from hhparse.parsers.base import HandBlock, span_of
from hhparse.parsers.stud import StudReader, Unreadable
from hhparse.parsers.timezones import to_utc
from hhparse.records import (
    SHOWDOWN_STREET,
    Hand,
    Kind,
    Seat,
    Stakes,
    StreetMark,
    Summary,
    SummarySeat,
    Tournament,
)
from hhparse.variants import BettingStructure

SITE: Final = "bovada"
_BRANDS: Final = ("Bovada", "Bodog.com", "Bodog.eu", "Bodog UK", "Bodog Canada", "Bodog88",
                  "Bodog", "Ignition")
PREFIXES: Final = ("Bovada ", "Bodog", "Ignition ")
ASSUMED_ZONE: Final = "ET"
"""The header's time has no zone: read as US Eastern (fpdb does the same)."""

_BRAND: Final = "(?:" + "|".join(re.escape(brand) for brand in _BRANDS) + ")"
_START: Final = re.compile(rf"^{_BRAND} Hand #C?(\d+):? ")
_WHEN: Final = (r"(?P<when>(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) "
                r"(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2}))")
_LIMIT: Final = r"(?P<limit>Fixed Limit|No Limit|Pot Limit)"
_CASH: Final = re.compile(
    rf"^{_BRAND} Hand #C?(?P<id>\d+):? (?:TBL|Zone Poker ID)#(?P<table>\d+) (?P<game>.+?) "
    rf"{_LIMIT}(?: [^-]*?)? - {_WHEN}$")
_TOURNAMENT: Final = re.compile(
    rf"^{_BRAND} Hand #C?(?P<id>\d+):? (?P<game>.+?) Tournament #(?P<tid>\d+) "
    rf"TBL#(?P<table>\d+),? {_LIMIT}(?: [^-]*?)?- ?Level (?P<level>\d+) \([\d.,]+/[\d.,]+\)"
    rf" - {_WHEN}$")
_BUY_IN: Final = re.compile(r" - \$(?P<buyin>\d+(?:\.\d+)?)-\$(?P<fee>\d+(?:\.\d+)?) - ")
_SEAT: Final = re.compile(
    r"^(?P<who>Seat\+(?P<seat>\d+))(?P<me> \[ME\])?: (?P<stack>\S+) in chips$")
_LINE: Final = re.compile(r"^(?P<who>Seat\+\d+)(?: \[ME\])? : (?P<rest>.+)$")
_VERB: Final = re.compile(
    r"^(?P<verb>[A-Za-z_/ -]+?)(?:\((?P<how>[a-z-]+)\))?(?: (?P<first>\$?[\d.,]+)"
    r"(?: to (?P<to>\$?[\d.,]+))?)?$")
_CARDS_SHOWN: Final = re.compile(r"^(?P<verb>Showdown|Mucks|Does not show) \[(?P<cards>[^]]*)\]"
                                 r"(?: \((?P<what>[^)]*)\))?$")
_TOTAL: Final = re.compile(r"^Total Pot\((?P<pot>[^)]+)\)(?: \| Rake \((?P<rake>[^)]+)\))?$")
_SUMMARY_SEAT: Final = re.compile(r"^Seat[+ ](?P<seat>\d+):\s+(?P<text>.*)$")
_SUMMARY_WON: Final = re.compile(r"(?:^|\bHI |\bLO )(\$?\d[\d,]*(?:\.\d+)?)(?= |$)")
_BRACKETS: Final = re.compile(r"\[([^]]*)\]")

GAMES: Final[dict[str, str | None]] = {
    "7CARD": "stud", "7CARD HiLo": "stud8", "7CARD_HL": "stud8",
    "HOLDEM": None, "HOLDEMZonePoker": None, "OMAHA": None, "OMAHA HiLo": None,
    "OMAHA_HL": None, "OMAHAZonePoker": None, "OMAHA HiLoZonePoker": None,
}
"""The printed game -> variant id (None: a game kept unsupported, unread)."""
STRUCTURES: Final = {"Fixed Limit": BettingStructure.FIXED_LIMIT,
                     "No Limit": BettingStructure.NO_LIMIT,
                     "Pot Limit": BettingStructure.POT_LIMIT}
STREETS: Final[dict[str, int]] = {
    "*** HOLE CARDS ***": 0, "*** 3RD STREET ***": 0, "*** 4TH STREET ***": 1,
    "*** 5TH STREET ***": 2, "*** 6TH STREET ***": 3, "*** RIVER ***": 4,
}
NOTES: Final[dict[str, str]] = {
    "Table enter user": "joins", "Table leave user": "leaves", "Seat sit out": "sits_out",
    "Sit out": "sits_out", "Seat stand": "stands", "Stand": "stands", "Re-join": "returns",
    "Seat re-join": "returns",
}
"""Lines of a player that play no part."""
_FOLDS: Final = frozenset({"Folds", "Fold"})
_CHECKS: Final = frozenset({"Checks", "Check"})
_BRING_INS: Final = frozenset({"Bring_in chip", "Big blind/Bring in", "Bring in", "Bring_in"})
_BETS: Final = frozenset({"Bets", "bets"})
_DOUBLE_BETS: Final = frozenset({"D bets", "Double bets"})
_CALLS: Final = frozenset({"Calls", "Call"})
_RAISES: Final = frozenset({"Raises", "raises"})


def is_start(line: str) -> bool:
    """Does this line open a Bovada / Bodog hand (``Bovada Hand #N ...``)?"""
    return line[:1] in "BI" and _START.match(line) is not None


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return _Reader(block).read_safely("Bovada")


class _Reader(StudReader):
    def __init__(self, block: HandBlock) -> None:
        super().__init__(block, site=SITE)
        self.held: dict[str, list[Card]] = {}
        """Each player's cards so far."""
        self.in_summary: bool = False
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.summary_line: int = 0
        self.summary_seats: list[SummarySeat] = []
        self.double_bets: set[int] = set()
        """Lines of ``D bets`` / ``Double bets``."""

    # --- driver -------------------------------------------------------------------------

    def read(self) -> Hand:
        lines = list(zip(self.block.lines, self.block.line_numbers, strict=True))
        if not self._header(*(lines[0] if lines else ("", self.block.line))):
            return self.hand()
        if self.variant_id is None:
            return self.hand()
        for text, number in lines[1:]:
            try:
                self._line(text.strip(), number)
            except (Unreadable, AmountError, CardError, ValueError, IndexError):
                self._unknown(text, number)
        if self.total_pot is None and not any(n.kind == "total_pot_without_rake"
                                              for n in self.notes):
            self._problem(lines[-1][1], "hand_incomplete",
                          "the hand has no summary (no 'Total Pot' line): it is cut off",
                          fatal=True)
        self._show_summary_cards()
        if any(action.pot == "side pot" for action in self.actions):
            self.actions = [replace(action, pot="main pot") if action.pot == "pot" else action
                            for action in self.actions]
        self.stakes = self._stakes()
        return self.hand()

    def hand(self) -> Hand:
        block = self.block
        dealt = {a.player for a in self.actions if a.kind is Kind.DEALT}
        seats = tuple(replace(seat, sitting_out=seat.player not in dealt) for seat in self.seats)
        return Hand(
            site=SITE, hand_id=self.hand_id, source=span_of(block), game_text=self.game_text,
            variant_id=self.variant_id, structure=self.structure, currency=self.currency,
            stakes=self.stakes, started_at_text=self.started_text, started_at=self.started_at,
            table=self.table, tournament=self.tournament, seats=seats, hero=self.hero,
            actions=tuple(self.actions), streets=tuple(self.streets), notes=tuple(self.notes),
            summary=Summary(total_pot=self.total_pot, rake=self.rake,
                            line=self.summary_line or block.line,
                            seats=tuple(self.summary_seats)),
            problems=tuple(self.problems),
        )

    # --- header -------------------------------------------------------------------------

    def _header(self, text: str, number: int) -> bool:
        start = _START.match(text)
        self.hand_id = start.group(1) if start else ""
        tournament, cash = _TOURNAMENT.match(text), _CASH.match(text)
        match = tournament or cash
        if match is None:
            self._problem(number, "unreadable_header", f"header not understood: {text!r}",
                          fatal=True)
            return False
        game = match.group("game")
        self.game_text = f"{game} {match.group('limit')}"
        self.structure = STRUCTURES[match.group("limit")]
        self.variant_id = GAMES.get(game)
        if game not in GAMES:
            self._problem(number, "unknown_game", f"game {game!r} is not a known variant")
        self.table = match.group("table")
        if tournament is not None:
            self.currency, self.decimals = "chips", 0
            fee = _BUY_IN.search(PurePath(self.block.file).name)
            self.tournament = Tournament(
                tournament_id=tournament.group("tid"), level=tournament.group("level"),
                buy_in=parse_amount(fee.group("buyin")) if fee else None,
                fee=parse_amount(fee.group("fee")) if fee else None,
                currency="USD" if fee else None)
        self.started_text = match.group("when")
        year, month, day, hour, minute, second = (
            int(match.group(key)) for key in ("y", "mo", "d", "h", "mi", "s"))
        self.started_at = to_utc(year, month, day, hour, minute, second, ASSUMED_ZONE)
        if self.started_at is None:
            self._problem(number, "unreadable_time", f"time {self.started_text!r} impossible")
        return True

    def _stakes(self) -> Stakes:
        """The bet sizes, as the play shows them (see the module docstring)."""
        small: int | None = None
        big: int | None = None
        bring_in = next((a.amount for a in self.actions if a.kind is Kind.BRING_IN), None)
        for action in self.actions:
            if action.all_in or small is not None:
                continue
            if action.street == 0 and action.kind is Kind.COMPLETE:
                small = action.to
            elif action.street == 1 and action.kind is Kind.BET:
                if action.line in self.double_bets:
                    big = big or action.amount
                else:
                    small = action.amount
            elif 2 <= action.street <= 4 and action.kind is Kind.BET:
                big = big or action.amount
        if small is None and big is not None:
            small = big // 2
        if small is None and bring_in and self.structure is BettingStructure.FIXED_LIMIT:
            small = 2 * bring_in
            if not any(p.code == "stakes_unknown" for p in self.problems):
                self._problem(self.block.line, "stakes_unknown",
                              "no stakes are printed and nobody bets: the small bet is taken "
                              f"as twice the bring-in ({small})")
        return Stakes(small_bet=small, big_bet=2 * small if small else None)

    # --- lines --------------------------------------------------------------------------

    def _line(self, text: str, number: int) -> None:
        if self.in_summary:
            self._summary(text, number)
        elif text in STREETS:
            self._marker(text, number)
        elif text == "*** SUMMARY ***":
            self.in_summary = True
            self.summary_line = number
        elif (seat := _SEAT.match(text)) is not None and not self.actions:
            self._seat(seat, number)
        elif (line := _LINE.match(text)) is not None:
            self._play(line.group("who"), line.group("rest"), text, number)
        else:
            raise Unreadable(text)

    def _seat(self, match: re.Match[str], number: int) -> None:
        player = match.group("who")
        self.seats.append(Seat(seat=int(match.group("seat")), player=player,
                               stack=self._amount(match.group("stack")), line=number))
        if match.group("me"):
            self.hero = player

    def _marker(self, text: str, number: int) -> None:
        self.streets.append(StreetMark(line=number, street=STREETS[text], name=text.strip("* ")))
        self._to_street(STREETS[text])

    def _to_street(self, street: int) -> None:
        if street != self.street:
            self.street = street
            self.round_totals = {}
            self.completed = False

    def _play(self, who: str, rest: str, text: str, number: int) -> None:
        if rest in NOTES:
            self._note(number, NOTES[rest], text)
            return
        if rest.startswith("Ranking "):
            self._note(number, "finishing_place", text)
            return
        if rest.startswith("Card dealt to a spot ["):
            self._dealt(who, rest, number)
            return
        shown = _CARDS_SHOWN.match(rest)
        if shown is not None:
            self._show(who, shown, number)
            return
        if rest.startswith("Return uncalled portion of bet "):
            amount = self._amount(rest.rpartition(" ")[2])
            self.round_totals[who] = self.round_totals.get(who, 0) - amount
            self._act(number, Kind.UNCALLED_RETURN, who, amount)
            return
        if rest.startswith(("Hand result", "Hand Result")):
            self._collect(who, rest, number)
            return
        match = _VERB.match(rest)
        if match is None:
            raise Unreadable(text)
        self._bet(who, match, text, number)

    def _bet(self, who: str, match: re.Match[str], text: str, number: int) -> None:
        verb, first, to_text = match.group("verb"), match.group("first"), match.group("to")
        if first is None:
            if verb in _FOLDS:
                self._act(number, Kind.FOLD, who)
            elif verb in _CHECKS:
                self._act(number, Kind.CHECK, who)
            else:
                raise Unreadable(text)
            return
        amount = self._amount(first)
        current = self.round_totals.get(who, 0)
        if to_text is not None:  # ``Raises X to Y``: X added, Y the round total
            total = self._amount(to_text)
            if total - current != amount:
                self._problem(number, "amounts_disagree",
                              f"{text!r}: {first} added to {current} is not {to_text}",
                              fatal=True)
        elif verb in _RAISES or match.group("how") in ("raise", "raise-timeout"):
            total = amount  # older logs: the round total only
        else:
            total = current + amount
        if verb == "Ante chip":
            self._act(number, Kind.ANTE, who, amount)
        elif verb in _BRING_INS:
            self.round_totals[who] = total
            self._act(number, Kind.BRING_IN, who, amount)
        elif verb in _CALLS:
            self.round_totals[who] = total
            self._act(number, Kind.CALL, who, amount)
        elif verb in _BETS or verb in _DOUBLE_BETS:
            if self.street == 0:
                self._raise(who, total, number, all_in=False)
                return
            self.round_totals[who] = total
            if verb in _DOUBLE_BETS:
                self.double_bets.add(number)
            self._act(number, Kind.BET, who, amount)
        elif verb in _RAISES:
            self._raise(who, total, number, all_in=False)
        elif verb == "All-in":
            self._raise(who, total, number, all_in=True)
        else:
            raise Unreadable(text)

    def _raise(self, who: str, total: int, number: int, *, all_in: bool) -> None:
        """A bet, completion, raise or (all-in) call, by the round total it makes."""
        current = self.round_totals.get(who, 0)
        highest = max(self.round_totals.values(), default=0)
        self.round_totals[who] = total
        if all_in and total <= highest:
            self._act(number, Kind.CALL, who, total - current, all_in=True)
        elif self.street == 0 and not self.completed:
            self.completed = True
            self._act(number, Kind.COMPLETE, who, total - highest, to=total, all_in=all_in)
        elif highest == 0:
            self._act(number, Kind.BET, who, total, all_in=all_in)
        else:
            self._act(number, Kind.RAISE, who, total - highest, to=total, all_in=all_in)

    def _dealt(self, who: str, rest: str, number: int) -> None:
        inside, found, tail = rest[len("Card dealt to a spot ["):].partition("]")
        if not found or tail.strip():
            raise Unreadable(rest)
        cards = parse_cards(inside)
        earlier = self.held.setdefault(who, [])
        if earlier and len(cards) == 1 and not self.streets[1:]:
            self._to_street(len(earlier) - 2)  # no street markers: his 4th card opens 4th
        self._act(number, Kind.DEALT, who, cards=tuple(earlier), new_cards=cards)
        earlier.extend(cards)

    # --- showdown -----------------------------------------------------------------------

    def _show(self, who: str, match: re.Match[str], number: int) -> None:
        cards = tuple(dict.fromkeys(parse_cards(match.group("cards"))))
        kind = {"Showdown": Kind.SHOW, "Mucks": Kind.MUCK}.get(match.group("verb"), Kind.NO_SHOW)
        self.street = SHOWDOWN_STREET
        self._act(number, kind, who, cards=cards)

    def _collect(self, who: str, rest: str, number: int) -> None:
        label, _, amount = rest.rpartition(" ")
        if label not in ("Hand result", "Hand Result", "Hand Result-Side Pot",
                         "Hand result-Side Pot"):
            raise Unreadable(rest)
        self.street = SHOWDOWN_STREET
        side = label.endswith("Side Pot")
        self._act(number, Kind.COLLECT, who, self._amount(amount),
                  pot="side pot" if side else "pot")

    def _summary(self, text: str, number: int) -> None:
        total = _TOTAL.match(text)
        if total is not None:
            pot = self._amount(total.group("pot"))
            if total.group("rake") is not None:
                self.total_pot, self.rake = pot, self._amount(total.group("rake"))
            elif self.tournament is not None:
                self.total_pot = pot  # tournaments take no rake
            else:
                self._note(number, "total_pot_without_rake", text)
            return
        seat = _SUMMARY_SEAT.match(text)
        if seat is None:
            raise Unreadable(text)
        rest = seat.group("text")
        won = [self._amount(found) for found in _SUMMARY_WON.findall(rest)]
        cards: tuple[Card, ...] = ()
        for inside in _BRACKETS.findall(rest):
            try:
                cards = parse_cards(inside.partition("-")[0])
            except CardError:
                continue
            break
        self.summary_seats.append(SummarySeat(
            line=number, seat=int(seat.group("seat")), player=f"Seat+{seat.group('seat')}",
            text=rest, cards=cards, won=sum(won) if won else None))

    def _show_summary_cards(self) -> None:
        """A shown hand is the cards its summary line prints (the hand in dealing order; a
        loser's line may leave one out) with the best five of the showdown line."""
        printed = {seat.player: seat.cards for seat in self.summary_seats}
        self.actions = [
            replace(action, cards=tuple(dict.fromkeys(printed[action.player] + action.cards)))
            if action.kind is Kind.SHOW and action.player in printed else action
            for action in self.actions]
