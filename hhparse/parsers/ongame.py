"""OnGame network hand histories (Bwin, Betfair, Goalwin ...): one hand block -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's (room rules ``ongame`` in ``replay/rooms.py``). It
never raises: a line it does not understand is a non-fatal ``unknown_line`` problem, a
header it cannot read a fatal ``unreadable_header``, a line of play by nobody seated a
fatal ``actor_not_seated``, a hand without its ``***** End of hand`` line a fatal
``hand_incomplete``.

How OnGame writes a hand, and how it is read:

* **Header.** ``***** History for hand R5-81962116-232 *****`` opens a hand and
  ``***** End of hand R5-81962116-232 *****`` closes it (tournaments: ``T5-...`` and the
  tournament in brackets). Then ``Start hand: Mon Sep 13 00:21:02 GMT+0100 2010`` (local
  time in the zone printed: ``GMT+0100`` is read as the offset, ``CET``, ``EEST`` ... as
  their fixed offsets), ``Table: Suez [81962116] (LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real
  money)`` (stud adds ``, ante: $0.02``), ``User: Hero`` (the hero), ``Button: seat 3``
  (not in every stud hand), ``Players in round: 2 (5)`` (the table size in brackets) and
  one ``Seat 8: DamonV2 ($0.07)`` per player dealt in, not always in seat order.
* **Stakes.** Fixed limit prints the small and big bet (the blinds are not printed: the
  replayer checks them against the small bet); pot limit and no limit print the blinds,
  both equal at ``$1/$1``. There, both blinds are written ``posts big blind ($1)``: when no
  small blind line is printed and two big blinds are, the first is read as the small blind
  (whose seat is then the replayer's to check). The bring-in is never printed.
* **Amounts are what the line adds.** ``calls $0.08``, ``bets $0.10`` and the first
  figure of ``raises $4 to $5`` are the chips the line puts in; the reader keeps each
  round's totals to record the raise over the bet and the player's round total
  (``Action.amount``, ``Action.to``). The second figure of a raise is not used: it is the
  round total in most hands, but the player's total for the whole hand in 2010 stud hi/lo
  (``raises $1 to $1.37`` with 0.37 from earlier streets). ``[all in]`` ends an all-in line.
* **Posts.** ``posts small blind ($0.02)``, ``posts big blind ($0.05)``, ``posts dead blind
  ($0.02)`` (dead money, next to a newcomer's big blind), ``posts ante $0.02`` (no brackets).
* **Stud.** ``small bring in $0.05`` is the bring-in; ``big bring in $1`` is a bring-in for
  the full small bet, the bring-in player completing at once (:attr:`Kind.COMPLETE`). A
  completion by another player is written ``bets``: the first ``bets`` of 3rd street after
  a bring-in is :attr:`Kind.COMPLETE`. ``Dealing to P: [-, -, Kh]`` deals the up card
  (``-`` is a card face down; the hero's line shows his three); each later street opens with
  ``Dealing 4th street`` ... ``Dealing river`` (streets 1 .. 4) and only its new card.
* **Draws.** No line announces the draw (a ``---`` line comes before it only sometimes):
  the first ``changed N cards`` or ``New hand for`` line opens street 1 (a ``DRAW`` mark).
  ``P changed 2 cards`` is a discard of 2 (0: stands pat). ``New hand for Hero: [..]`` is
  the hero's hand after his draw, the kept cards in their places: the changed places are
  his discards and his new cards (a DISCARD with the cards, then a DEALT). The Goalwin skin
  sometimes leaves out the hero's own ``changed`` line: his discard is then read from
  ``New hand for`` alone, with a ``draw_not_printed`` note.
* **Summary.** ``Main pot: $11 won by Player0 ($10.45)`` (``Side pot 1: ...`` likewise)
  prints the pot before the rake and each winner's collection after it (hi/lo halves:
  ``(125 High)``, ``(125 Low)``); ``Rake taken: $0.55``; ``Seat 3: Player0 ($27.85), net:
  +$5.45[, [cards] (HAND_CLASS)]``: the stack after the hand, the net (left out for players
  who put nothing in) and the cards of every hand shown at the showdown, read as its SHOW
  lines. No uncalled bet is ever printed: the pot and the collections leave it out, and the
  replayer returns it (room rule).
* **Not replayed.** Hold'em and Omaha (``TEXAS_HOLDEM``, ``OMAHA_HI``, ``OMAHA_HI_LO``) are
  read to the seats and kept as unsupported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Final

from hhparse.cards import Card, CardError, parse_card
from hhparse.money import CURRENCY_SYMBOLS, AmountError, parse_amount
from hhparse.parsers.base import HandBlock, span_of, summary_player
from hhparse.parsers.reader import TextReader, Unreadable, read_guarded
from hhparse.parsers.timezones import to_utc
from hhparse.records import (
    SHOWDOWN_STREET,
    Hand,
    Kind,
    Note,
    Seat,
    Stakes,
    StreetMark,
    Summary,
    SummarySeat,
    Tournament,
)
from hhparse.variants import BettingStructure

SITE: Final = "ongame"
PREFIX: Final = "***** History for hand "
PREFIXES: Final = (PREFIX,)
"""Every OnGame hand starts with ``***** History for hand <id>``."""
END_PREFIX: Final = "***** End of hand "

_HEADER: Final = re.compile(
    r"^\*{5} History for hand (?P<id>[A-Z]\d+-\d+-\d+)(?: \((?P<extra>.*)\))? \*{5}$"
)
_LOOSE_ID: Final = re.compile(r"History for hand (\S+)")
_TOURNAMENT: Final = re.compile(r'^TOURNAMENT: "(?P<name>[^"]*)", (?P<id>[^,]+)'
                                r"(?:, buy-in: (?P<buy_in>.+))?$")
_WHEN: Final = re.compile(
    r"^Start hand: \w{3} (?P<month>\w{3}) (?P<day>\d{1,2}) (?P<hour>\d{1,2}):(?P<minute>\d{2})"
    r":(?P<second>\d{2}) (?P<zone>\S+) (?P<year>\d{4})$"
)
_GMT_OFFSET: Final = re.compile(r"^GMT(?P<sign>[+-])(?P<hours>\d{2}):?(?P<minutes>\d{2})$")
_TABLE: Final = re.compile(
    r"^Table: (?P<name>.*?) \[(?P<number>[^\]]*)\] \((?P<limit>[A-Z_]+) (?P<game>[A-Z_0-9]+)"
    r" (?P<low>[^/ ]+)/(?P<high>[^, ]+)(?:, ante: (?P<ante>[^,]+))?, (?P<money>[^)]+)\)$"
)
_BUTTON: Final = re.compile(r"^Button: seat (?P<seat>\d+)$")
_PLAYERS: Final = re.compile(r"^Players in round: (?P<count>\d+)(?: \((?P<max>\d+)\))?$")
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*)\)$")
_SUMMARY_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.+)$")
_SUMMARY_REST: Final = re.compile(
    r"^ \((?P<stack>[^()]*)\)(?:, net: (?P<net>[+-]?[^,]+))?"
    r"(?:, \[(?P<cards>[^\]]*)\](?: \((?P<description>.*)\))?)?$"
)
_SUMMARY_NAME: Final = re.compile(r"^(.+?) \(")
_POT: Final = re.compile(
    r"^(?:Main pot|Side pot (?P<side>\d+)): (?P<amount>\S+)(?: won by (?P<winners>.+))?$"
)
_WON: Final = re.compile(r" \((?P<amount>[^()\s]+)(?: (?P<half>High|Low))?\)(?:, |$)")
_DEALING_TO: Final = re.compile(r"^Dealing to (?P<rest>.+): \[(?P<cards>[^\]]*)\]$")
_NEW_HAND: Final = re.compile(r"^New hand for (?P<rest>.+): \[(?P<cards>[^\]]*)\]$")
_CHANGED: Final = re.compile(r"^changed (?P<count>\d+) cards?$")
_RAISE: Final = re.compile(r"^(?P<added>\S+) to (?P<total>\S+)$")
_BLIND: Final = re.compile(
    r"^posts (?P<which>small|big|dead|small & big) blind \( ?(?P<amount>[^()]+)\)$"
)

_MONTHS: Final = {name: number for number, name in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    start=1)}
GAMES: Final[dict[str, str | None]] = {
    "FIVE_CARD_DRAW": "five_card_draw",
    "SEVEN_CARD_STUD": "stud",
    "SEVEN_CARD_STUD_HI_LO": "stud8",
    "RAZZ": "razz",
    "TEXAS_HOLDEM": None,
    "OMAHA_HI": None,
    "OMAHA_HI_LO": None,
}
"""The table line's game -> variant id (None: a game we keep as unsupported)."""
STRUCTURES: Final[dict[str, BettingStructure]] = {
    "LIMIT": BettingStructure.FIXED_LIMIT,
    "POT_LIMIT": BettingStructure.POT_LIMIT,
    "NO_LIMIT": BettingStructure.NO_LIMIT,
}
_STUD_STREETS: Final[dict[str, int]] = {
    "Dealing 4th street": 1, "Dealing 5th street": 2, "Dealing 6th street": 3,
    "Dealing 7th street": 4, "Dealing river": 4,
}
_BLINDS: Final[dict[str, Kind]] = {
    "small": Kind.POST_SB, "big": Kind.POST_BB, "dead": Kind.POST_DEAD,
    "small & big": Kind.POST_SB_BB,
}
_ALL_IN: Final = (" [all in]", " and is all-in")
_PLAY_WORDS: Final = frozenset({"folds", "checks", "calls", "bets", "raises", "posts",
                                "changed", "small", "big"})
_NOTES: Final[dict[str, str]] = {"sits out": "sitting_out", "is sitting out": "sitting_out"}


@dataclass(frozen=True, slots=True)
class _Game:
    text: str
    variant_id: str | None
    structure: BettingStructure
    stud: bool


def is_start(line: str) -> bool:
    """Does this line open an OnGame hand?"""
    return line.startswith(PREFIX) and line.endswith("*****")


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return read_guarded(_read, block, site=SITE, room="OnGame", hand_id=_LOOSE_ID)


def _read(block: HandBlock) -> Hand:
    return _Reader(block).read()


class _Reader(TextReader):
    """Reads one block. Mutable while reading; :meth:`read` returns the frozen Hand."""

    NAME_FOLLOWERS = (" ",)

    def __init__(self, block: HandBlock) -> None:
        super().__init__(block)
        self.summary_seats: list[SummarySeat] = []
        self.hand_id = ""
        self.game: _Game | None = None
        self.stakes = Stakes()
        self.currency = ""
        self.play_money = False
        self.tournament: Tournament | None = None
        self.started_at_text = ""
        self.started_at: datetime | None = None
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.user: str | None = None
        self.in_summary = False
        self.summary_line = 0
        self.main_pot: int | None = None
        self.side_pots: list[int] = []
        self.rake: int | None = None
        self.ended = False
        self.round_totals: dict[str, int] = {}
        """Each player's live chips in the current betting round (lines print additions)."""
        self.current_bet = 0
        self.bring_in = False
        self.completed = False
        """3rd street: someone has completed the bring-in."""
        self.held: dict[str, list[Card]] = {}
        """Draw games: the hand of each player whose cards are dealt face up to the log."""
        self.pending: tuple[int, str, int, int] | None = None
        """The hero's ``changed N cards`` (line, player, N, street), waiting for ``New hand
        for``."""
        self.drew: set[str] = set()

    # -- driver --

    def read(self) -> Hand:
        lines, numbers = self.block.lines, self.block.line_numbers
        if not lines:
            self._problem(self.block.line, "unreadable_header", "empty hand block", fatal=True)
            return self._hand()
        if not self._header(lines[0], numbers[0]):
            return self._hand()
        index = self._preamble(lines, numbers)
        if self.game is None:
            if not any(problem.fatal for problem in self.problems):
                self._problem(numbers[0], "unreadable_header", "no 'Table:' line", fatal=True)
            return self._hand()
        self._index_names()
        if self.game.variant_id is None:  # hold'em, Omaha: kept, not read
            return self._hand()
        for position in range(index, len(lines)):
            text, number = lines[position], numbers[position]
            try:
                self._body_line(text, number)
            except (Unreadable, AmountError, CardError, ValueError, IndexError):
                self._unknown(text, number)
        self._flush_pending()
        self._small_blind_written_big()
        if not self.ended:
            self._problem(numbers[-1], "hand_incomplete",
                          "the hand has no '***** End of hand' line: it is cut off", fatal=True)
        return self._hand()

    def _hand(self) -> Hand:
        block = self.block
        game = self.game
        collected = any(action.kind is Kind.COLLECT for action in self.actions)
        total = None
        if self.main_pot is not None and (collected or self.in_summary):
            total = self.main_pot + sum(self.side_pots)
        summary = Summary(
            total_pot=total, main_pot=self.main_pot, side_pots=tuple(self.side_pots),
            rake=self.rake, line=self.summary_line, seats=tuple(self.summary_seats),
            pots_after_rake=False,
        )
        seated = {seat.player for seat in self.seats}
        return Hand(
            site=SITE,
            hand_id=self.hand_id,
            source=span_of(block),
            game_text=game.text if game else "",
            variant_id=game.variant_id if game else None,
            structure=game.structure if game else None,
            currency=self.currency if game else "",
            stakes=self.stakes,
            started_at_text=self.started_at_text,
            started_at=self.started_at,
            table=self.table,
            max_seats=self.max_seats,
            button_seat=self.button,
            tournament=self.tournament,
            play_money=self.play_money,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            notes=tuple(self.notes),
            summary=summary,
            hero=self.user if self.user in seated else None,
            problems=tuple(self.problems),
        )

    # -- recording --

    # -- header, time, table, seats --

    def _header(self, text: str, number: int) -> bool:
        match = _HEADER.match(text)
        if match is None:
            loose = _LOOSE_ID.search(text)
            self.hand_id = loose.group(1) if loose else ""
            self._problem(number, "unreadable_header", f"header not understood: {text!r}",
                          fatal=True)
            return False
        self.hand_id = match.group("id")
        extra = match.group("extra")
        if extra is not None:
            found = _TOURNAMENT.match(extra)
            if found is None:
                self._problem(number, "unknown_line", f"tournament not understood: {extra!r}")
            else:
                buy_in_text = found.group("buy_in")
                symbol = next((char for char in buy_in_text or "" if char in CURRENCY_SYMBOLS),
                              None)
                try:
                    buy_in = parse_amount(buy_in_text) if buy_in_text else None
                except AmountError:
                    buy_in = None
                self.tournament = Tournament(
                    tournament_id=found.group("id").strip(), buy_in=buy_in,
                    currency=CURRENCY_SYMBOLS[symbol] if symbol else None)
        return True

    def _preamble(self, lines: tuple[str, ...], numbers: tuple[int, ...]) -> int:
        """Time, table, user, button and seat lines; returns the index of the first line of
        play."""
        index = 1
        timed = False
        while index < len(lines):
            text, number = lines[index], numbers[index]
            if text.startswith("Start hand: "):
                timed = True
                self._when(text, number)
            elif text.startswith("Table: "):
                self._table(text, number)
            elif text.startswith("User: "):
                self.user = text[6:]
            elif (button := _BUTTON.match(text)) is not None:
                self.button = int(button.group("seat"))
            elif (players := _PLAYERS.match(text)) is not None:
                if players.group("max"):
                    self.max_seats = int(players.group("max"))
            elif (seat := _SEAT.match(text)) is not None:
                self._seat(seat, text, number)
            else:
                break
            index += 1
        if not timed:
            self._problem(numbers[0], "unreadable_time", "no 'Start hand:' line")
        return index

    def _when(self, text: str, number: int) -> None:
        self.started_at_text = text[12:]
        match = _WHEN.match(text)
        month = _MONTHS.get(match.group("month")) if match else None
        if match is None or month is None:
            self._problem(number, "unreadable_time", f"time not understood: {text!r}")
            return
        year, day = int(match.group("year")), int(match.group("day"))
        hour, minute = int(match.group("hour")), int(match.group("minute"))
        second, zone = int(match.group("second")), match.group("zone")
        offset = _GMT_OFFSET.match(zone)
        if offset is not None:
            minutes = int(offset.group("hours")) * 60 + int(offset.group("minutes"))
            east = minutes if offset.group("sign") == "+" else -minutes
            try:
                local = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
            except ValueError:
                self._problem(number, "unreadable_time", f"no such time: {text!r}")
                return
            self.started_at = local - timedelta(minutes=east)
            return
        self.started_at = to_utc(year, month, day, hour, minute, second, zone)
        if self.started_at is None:
            self._problem(number, "unknown_timezone", f"time zone {zone!r} not known")

    def _table(self, text: str, number: int) -> None:
        match = _TABLE.match(text)
        if match is None:
            self._problem(number, "unreadable_header", f"table line not understood: {text!r}",
                          fatal=True)
            return
        limit, game = match.group("limit"), match.group("game")
        structure = STRUCTURES.get(limit)
        if structure is None:
            self._problem(number, "unreadable_header", f"unknown betting limit {limit!r}",
                          fatal=True)
            return
        if game not in GAMES:
            self._problem(number, "unknown_game", f"game {game!r} is not a known variant")
        variant_id = GAMES.get(game)
        self.game = _Game(text=f"{limit} {game}", variant_id=variant_id, structure=structure,
                          stud=variant_id in ("stud", "stud8", "razz"))
        self.table = match.group("name")
        low, high = match.group("low"), match.group("high")
        symbol = next((char for char in low if char in CURRENCY_SYMBOLS), None)
        money = match.group("money")
        self.play_money = money == "Play money"
        self.currency = CURRENCY_SYMBOLS[symbol] if symbol and not self.play_money else "chips"
        self.decimals = 2 if symbol else 0
        try:
            small, big = self._amount(low), self._amount(high)
            ante = self._amount(match.group("ante")) if match.group("ante") else None
        except AmountError:
            self._problem(number, "unreadable_header", f"stakes not understood: {text!r}",
                          fatal=True)
            self.game = None
            return
        if structure is BettingStructure.FIXED_LIMIT:
            self.stakes = Stakes(small_bet=small, big_bet=big, ante=ante)
        else:
            self.stakes = Stakes(small_blind=small, big_blind=big, ante=ante)

    def _seat(self, match: re.Match[str], text: str, number: int) -> None:
        try:
            stack = self._amount(match.group("stack"))
        except AmountError:
            self._problem(number, "unknown_line", f"seat line not understood: {text!r}")
            return
        self.seats.append(Seat(seat=int(match.group("seat")), player=match.group("name"),
                               stack=stack, line=number))

    # -- the body --

    def _body_line(self, text: str, number: int) -> None:
        if self.pending is not None and not text.startswith("New hand for "):
            self._flush_pending()
        if text.startswith(END_PREFIX):
            self.ended = True
            return
        if self.in_summary:
            self._summary_line(text, number)
            return
        if text in ("---", "Dealing pocket cards"):
            return
        if text == "Summary:":
            self.in_summary = True
            self.summary_line = number
            self.street = SHOWDOWN_STREET
            return
        street = _STUD_STREETS.get(text)
        if street is not None and self.game is not None and self.game.stud:
            self._new_street(street, number, text[8:])
            return
        if text.startswith("Dealing to "):
            self._dealing(text, number)
            return
        if text.startswith("New hand for "):
            self._new_hand(text, number)
            return
        name = self._who(text)
        if name is None:
            self._unseated_line(text, number)
            return
        rest = text[len(name) + 1:]
        if rest in _NOTES:
            self.notes.append(Note(line=number, kind=_NOTES[rest], text=text))
            return
        self._play(name, rest, number)

    def _unseated_line(self, text: str, number: int) -> None:
        words = text.split()
        if any(word in _PLAY_WORDS for word in words[1:]):
            self.notes.append(Note(line=number, kind="unseated_action", text=text))
            self._problem(number, "actor_not_seated",
                          f"a line of play by nobody seated in this hand: {text!r}", fatal=True)
            return
        raise Unreadable(text)

    def _new_street(self, street: int, number: int, name: str) -> None:
        self.streets.append(StreetMark(line=number, street=street, name=name))
        self.street = street
        self._new_round()

    def _new_round(self) -> None:
        self.round_totals = {}
        self.current_bet = 0

    # -- betting --

    def _play(self, name: str, rest: str, number: int) -> None:
        all_in = False
        for suffix in _ALL_IN:
            if rest.endswith(suffix):
                rest, all_in = rest[: -len(suffix)], True
                break
        verb, _, argument = rest.partition(" ")
        if verb == "folds" and not argument:
            self._act(number, Kind.FOLD, name)
        elif verb == "checks" and not argument:
            self._act(number, Kind.CHECK, name)
        elif verb == "calls":
            added = self._amount(argument)
            self._add(name, added)
            self._act(number, Kind.CALL, name, added, all_in=all_in)
        elif verb == "bets":
            self._bets(name, self._amount(argument), number, all_in)
        elif verb == "raises":
            self._raises(name, argument, number, all_in)
        elif verb == "posts":
            self._posts(name, rest, number, all_in)
        elif rest.startswith(("small bring in ", "big bring in ")):
            self._brings_in(name, rest, number, all_in)
        elif verb == "changed":
            self._changed(name, rest, number)
        else:
            raise Unreadable(rest)

    def _add(self, name: str, added: int) -> int:
        """Record chips a line adds to ``name``'s round; returns his new round total."""
        total = self.round_totals.get(name, 0) + added
        self.round_totals[name] = total
        self.current_bet = max(self.current_bet, total)
        return total

    def _bets(self, name: str, added: int, number: int, all_in: bool) -> None:
        if self.street == 0 and self.bring_in and not self.completed:
            before = self.current_bet
            total = self._add(name, added)
            self.completed = True
            self._act(number, Kind.COMPLETE, name, total - before, to=total, all_in=all_in)
            return
        self._add(name, added)
        self._act(number, Kind.BET, name, added, all_in=all_in)

    def _raises(self, name: str, argument: str, number: int, all_in: bool) -> None:
        match = _RAISE.match(argument)
        if match is None:
            raise Unreadable(argument)
        added = self._amount(match.group("added"))
        self._amount(match.group("total"))  # read, not used: see the module docstring
        before = self.current_bet
        total = self._add(name, added)
        self._act(number, Kind.RAISE, name, total - before, to=total, all_in=all_in)

    def _posts(self, name: str, rest: str, number: int, all_in: bool) -> None:
        if rest.startswith("posts ante "):
            self._act(number, Kind.ANTE, name, self._amount(rest[11:]), all_in=all_in)
            return
        match = _BLIND.match(rest)
        if match is None:
            raise Unreadable(rest)
        kind = _BLINDS[match.group("which")]
        amount = self._amount(match.group("amount"))
        if kind is Kind.POST_SB_BB:
            self._add(name, max(amount - self._small_blind(), 0))
        elif kind is not Kind.POST_DEAD:
            self._add(name, amount)
        self._act(number, kind, name, amount, all_in=all_in)

    def _small_blind(self) -> int:
        stakes = self.stakes
        return stakes.small_blind or (stakes.big_blind or stakes.small_bet or 0) // 2

    def _small_blind_written_big(self) -> None:
        """``$1/$1``: both blinds are written ``posts big blind``; the first is the small."""
        stakes = self.stakes
        if stakes.small_blind is None or stakes.small_blind != stakes.big_blind:
            return
        posts = [at for at, action in enumerate(self.actions)
                 if action.kind in (Kind.POST_SB, Kind.POST_BB) and action.street == 0]
        kinds = [self.actions[at].kind for at in posts]
        if len(posts) >= 2 and Kind.POST_SB not in kinds:
            first = posts[0]
            self.actions[first] = replace(self.actions[first], kind=Kind.POST_SB)

    def _brings_in(self, name: str, rest: str, number: int, all_in: bool) -> None:
        big = rest.startswith("big ")
        amount = self._amount(rest.split(" in ", 1)[1])
        self._add(name, amount)
        self.bring_in = True
        if big:  # the bring-in for the full small bet: a completion
            self.completed = True
            self._act(number, Kind.COMPLETE, name, amount, to=amount, all_in=all_in)
        else:
            self._act(number, Kind.BRING_IN, name, amount, all_in=all_in)

    # -- cards and draws --

    def _places(self, text: str) -> list[Card | None]:
        """``Qs, 8c, -``: the cards by place (None: face down)."""
        places: list[Card | None] = []
        for token in text.split(","):
            token = token.strip()
            places.append(None if token == "-" else parse_card(token))
        return places

    def _named(self, rest: str, text: str, number: int) -> str | None:
        if rest in self.names:
            return rest
        self.notes.append(Note(line=number, kind="unseated_action", text=text))
        self._problem(number, "actor_not_seated",
                      f"cards dealt to a player without a seat: {text!r}", fatal=True)
        return None

    def _dealing(self, text: str, number: int) -> None:
        match = _DEALING_TO.match(text)
        if match is None:
            raise Unreadable(text)
        name = self._named(match.group("rest"), text, number)
        if name is None:
            return
        cards = tuple(card for card in self._places(match.group("cards")) if card is not None)
        if not cards:
            self.notes.append(Note(line=number, kind="dealt_hidden", text=text))
            return
        self._act(number, Kind.DEALT, name, new_cards=cards)
        if self.game is not None and not self.game.stud:
            self.held[name] = list(cards)

    def _enter_draw(self, number: int) -> None:
        if self.street == 0:
            self.street = 1
            self.streets.append(StreetMark(line=number, street=1, name="DRAW"))
            self._new_round()

    def _changed(self, name: str, rest: str, number: int) -> None:
        match = _CHANGED.match(rest)
        if match is None or (self.game is not None and self.game.stud):
            raise Unreadable(rest)
        self._enter_draw(number)
        count = int(match.group("count"))
        self.drew.add(name)
        if count == 0:
            self._act(number, Kind.STAND_PAT, name, n_cards=0)
        elif name in self.held:
            self.pending = (number, name, count, self.street)  # cards: ``New hand for``
        else:
            self._act(number, Kind.DISCARD, name, n_cards=count)

    def _flush_pending(self) -> None:
        """A ``changed`` line of the hero with no ``New hand for`` after it."""
        if self.pending is not None:
            number, name, count, street = self.pending
            self.pending = None
            self._act(number, Kind.DISCARD, name, n_cards=count, street=street)

    def _new_hand(self, text: str, number: int) -> None:
        match = _NEW_HAND.match(text)
        if match is None:
            raise Unreadable(text)
        if self.game is not None and self.game.stud:
            raise Unreadable(text)
        name = self._named(match.group("rest"), text, number)
        if name is None:
            return
        places = self._places(match.group("cards"))
        after = [card for card in places if card is not None]
        if len(after) != len(places):
            raise Unreadable(text)
        self._enter_draw(number)
        before = self.held.get(name, [])
        if len(before) == len(after):
            changed = [at for at in range(len(after)) if before[at] != after[at]]
            thrown = tuple(before[at] for at in changed)
            kept = tuple(card for at, card in enumerate(before) if at not in changed)
            new = tuple(after[at] for at in changed)
        else:  # not the hand it was: the cards that left and came
            thrown = tuple(card for card in before if card not in after)
            kept = tuple(card for card in before if card in after)
            new = tuple(card for card in after if card not in before)
        pending, self.pending = self.pending, None
        if pending is not None and pending[1] == name:
            self._act(pending[0], Kind.DISCARD, name, n_cards=pending[2], cards=thrown,
                      street=pending[3])
        elif name not in self.drew:
            self.notes.append(Note(line=number, kind="draw_not_printed", text=text))
            if thrown:
                self._act(number, Kind.DISCARD, name, n_cards=len(thrown), cards=thrown)
            else:
                self._act(number, Kind.STAND_PAT, name, n_cards=0)
        elif pending is not None:
            self.pending = pending
            self._flush_pending()
        self.drew.add(name)
        self.held[name] = after
        if thrown or new:
            self._act(number, Kind.DEALT, name, cards=kept, new_cards=new)

    # -- the summary --

    def _summary_line(self, text: str, number: int) -> None:
        if text.startswith("Seat "):
            self._summary_seat(text, number)
        elif text.startswith("Rake taken: "):
            self.rake = self._amount(text[12:])
        elif text.startswith(("Main pot: ", "Side pot ")):
            self._pot(text, number)
        else:
            raise Unreadable(text)

    def _pot(self, text: str, number: int) -> None:
        match = _POT.match(text)
        if match is None:
            raise Unreadable(text)
        amount = self._amount(match.group("amount"))
        side = match.group("side")
        if side is None:
            self.main_pot = (self.main_pot or 0) + amount
            pot = "main pot"
        else:
            self.side_pots.append(amount)
            pot = f"side pot-{side}"
        winners = match.group("winners")
        if winners is not None:
            self._winners(winners, pot, number)

    def _winners(self, text: str, pot: str, number: int) -> None:
        """``A ($0.27), B ($0.26)``; hi/lo: ``A (125 High), A (125 Low)``."""
        position = 0
        paid: list[tuple[str, int]] = []
        while position < len(text):
            rest = text[position:]
            name = next((known for known in self.names if rest.startswith(known + " (")), None)
            if name is None:
                raise Unreadable(text)
            won = _WON.match(rest, len(name))
            if won is None:
                raise Unreadable(text)
            paid.append((name, self._amount(won.group("amount"))))
            position += won.end()
        for name, amount in paid:
            self._act(number, Kind.COLLECT, name, amount, pot=pot, street=SHOWDOWN_STREET)

    def _summary_seat(self, text: str, number: int) -> None:
        match = _SUMMARY_SEAT.match(text)
        if match is None:
            raise Unreadable(text)
        seat, after = int(match.group("seat")), match.group("rest")
        seated = next((s.player for s in self.seats if s.seat == seat), None)
        name = summary_player(after, seated, self.names, _SUMMARY_NAME)
        if name is None:
            raise Unreadable(text)
        rest = _SUMMARY_REST.match(after[len(name):])
        if rest is None:
            raise Unreadable(text)
        net_text = rest.group("net")
        net = None
        if net_text is not None:
            value = self._amount(net_text.lstrip("+-"))
            net = -value if net_text.startswith("-") else value
        cards: tuple[Card, ...] = ()
        if rest.group("cards") is not None:
            cards = tuple(card for card in self._places(rest.group("cards")) if card is not None)
            self._act(number, Kind.SHOW, name, cards=cards, street=SHOWDOWN_STREET)
        self.summary_seats.append(SummarySeat(
            line=number, seat=seat, player=name, text=text, cards=cards, net=net,
            stack=self._amount(rest.group("stack")),
        ))


