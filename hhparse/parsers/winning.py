"""Winning Poker Network (Americas Cardroom, BlackChip ...) hand histories: 7-card stud and
stud hi/lo, in two unrelated text layouts; one hand block -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's. It never raises: a line it does not understand is
a non-fatal ``unknown_line`` problem, a header it cannot read a fatal ``unreadable_header``,
a line of play by nobody seated a fatal ``actor_not_seated``. A hand cut off before its
summary has no total pot: the replayer rejects it (``hand_incomplete``).

The stud reading shared with other rooms that print what each line adds (Absolute,
PartyPoker) is :class:`~hhparse.parsers.stud.StudReader`: each betting round's totals, so
that a completion or raise is recorded as the records want it (``to`` = the player's new
round total, ``amount`` = that over the round's highest), and the first bet or raise over a
bring-in on 3rd street is a completion.

How WPN writes a hand, and how it is read:

* **Old layout (to 2018).** UTF-16 with a BOM (decoded by the splitter). A hand opens with
  ``Game started at: 2016/8/2 11:17:19`` (no zero padding, no zone: the client's local time,
  kept as text, :attr:`Hand.started_at` left unknown) and ``Game ID: 693977667 1/2 (PRR)
  Leyak (Seven Cards Stud)``: the hand id, the small and big bet (no currency: dollars; a
  table named ``PM ..`` plays for play money), the table and the game in the last
  parentheses. Seats ``Seat 1: Name (10).``. Every line of play starts ``Player <name>``;
  amounts in parentheses are the chips the line adds (``raises (1)`` after a bring-in of
  0.40 completes to 1; ``raises (4)`` over a bet of 2 raises to 4). The cards come one a
  line: ``received card: [5d]`` (seen) or ``received a card.`` (hidden, nothing recorded);
  the reader gathers each player's cards of a street into one deal. The street markers are
  one street low: no marker opens 3rd street, ``*** Third street ***`` opens 4th street ...
  ``*** Sixth street ***`` the river. The showdown is only in the summary: ``Pot: 8.15. Rake
  0.11. JP fee 0.04`` (the pot after the rake and the jackpot fee: the total pot is their
  sum, the rake their own sum), then one line a player, ``*Player P shows: <hand> [7 cards
  in dealing order]. Bets: 4.55. Collects: 8.95. Wins: 4.40.`` (``*``: he collects): a shown
  hand is a show, a collection above zero a collection, the printed ``Wins``/``Loses`` the
  seat's net. ``Player P mucks cards`` before the summary is a muck, or, said by the only
  player left, the uncontested winner keeping his cards. ``Game ended at:`` closes the hand.
* **ACR layout (2019 on).** ``Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 -
  2019/07/28 16:15:58 UTC`` (tournaments ``Game Hand #.. - Tournament #.. - <game>(<limit>)
  - Level 15 (250.00/500.00)- <time> UTC``: chips), then ``Gorham 8-max``, seats ``Seat 1:
  Hero ($0.39)``, ``P posts ante $0.01``, ``*** 3rd STREET ***`` .. ``*** 7th STREET ***``
  each followed by the running pot after the rake (``Main pot $0.21 | Rake $0.00``, ``Side
  pot(1) ..``: notes), ``Dealt to P [earlier] [new]`` (the hero's three cards on 3rd
  street, ``T`` for ten), ``brings in``, ``bets``, ``calls`` (chips added), ``raises $A to
  $B`` (A added, B the round total), ``caps $A`` (added), `` and is all-in``, ``Uncalled bet
  ($0.08) returned to P``, ``*** SHOW DOWN ***``, ``shows [..] (..)``, ``mucks hand``,
  ``does not show``, ``collected $4.18 from main pot`` (one line per hi/lo half). Summary:
  ``Total pot $8.96 | Rake $0.08 | JP Fee $0.02`` — the pot after the rake and the fee, as
  in the old layout — and the seat lines (``did not show and won $0.36``).
* Only ``Seven Cards Stud``/``7Stud`` and ``Seven Cards Stud HiLow``/``7Stud H/L`` are
  replayed; hold'em and Omaha hands are kept unsupported, unread. WPN deals no draw game
  and no Razz.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Final

from hhparse.cards import Card, parse_cards
from hhparse.parsers.base import HandBlock
from hhparse.parsers.stud import LINE_ERRORS, StudReader, Unreadable
from hhparse.records import (
    SHOWDOWN_STREET,
    Action,
    Hand,
    Kind,
    Stakes,
    StreetMark,
    Summary,
    SummarySeat,
    Tournament,
)
from hhparse.variants import BettingStructure

SITE: Final = "winning"
PREFIXES: Final = ("Game started at:", "Hand #", "Game Hand #")

_OLD_START: Final = re.compile(r"^Game started at: \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2}$")
_NEW_START: Final = re.compile(r"^(?:Game )?Hand #\d+ - ")
_OLD_WHEN: Final = re.compile(
    r"^Game started at: (?P<when>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2})$")
_OLD_ID: Final = re.compile(
    r"^Game ID: (?P<id>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) (?P<table>.+) "
    r"\((?P<game>[^()]+)\)(?: (?P<max>\d+)-max)?$")
_OLD_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[\d.,]+)\)\.$")
_OLD_AMOUNT: Final = re.compile(r"^(?P<verb>[a-z ]+?) \((?P<amount>[\d.,]+)\)$")
_OLD_DEALT: Final = re.compile(r"^received card: \[(?P<card>[^\]]+)\]$")
_UNCALLED: Final = re.compile(r"^Uncalled bet \((?P<amount>\$?[\d.,]+)\) returned to (?P<name>.+)$")
_OLD_POT: Final = re.compile(
    r"^Pot: (?P<pot>[\d.,]+?)(?:\. Rake (?P<rake>[\d.,]+?))?(?:\. JP fee (?P<jp>[\d.,]+?))?\.?$")
_OLD_RESULT: Final = re.compile(
    r"^(?P<star>\*)?Player (?P<name>.*?) (?P<status>does not show cards\.|doesn't show cards\."
    r"|mucks \(does not show cards\)\.|mucks \(does not show: \[(?P<mucked>[^\]]*)\]\)\."
    r"|shows: (?P<hand>[^\[]*)\[(?P<shown>[^\]]*)\](?P<low> Low hand \([^)]*\))?\.)"
    r" ?Bets: (?P<bets>[\d.,]+?)\. Collects: (?P<collects>[\d.,]+?)\. "
    r"(?P<sign>Wins|Loses): (?P<net>[\d.,]+?)\.$")
_OLD_STREETS: Final = {"*** Third street ***": 1, "*** Fourth street ***": 2,
                       "*** Fifth street ***": 3, "*** Sixth street ***": 4}
_OLD_NOISE: Final = ("is timed out.", "sitting out", "wait BB", "is disconnected and ALL IN.",
                     "is disconnected.", "is connected.", "sits out", "returns")
_NEW_HEADER: Final = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d+) - (?:(?:.+? )?Tournament #(?P<tid>\d+) - )?"
    r"(?P<game>[^()]+?)\((?P<limit>[^()]+)\) - (?:Level (?P<level>\d+) \((?P<lsmall>[\d.,]+)"
    r"/(?P<lbig>[\d.,]+)\) ?- |(?P<small>\$?[\d.,]+)/(?P<big>\$?[\d.,]+) - )"
    r"(?P<when>(?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d) (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)) UTC$")
_NEW_TABLE: Final = re.compile(
    r"^(?P<table>.+?) (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?$")
_NEW_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>\$?[\d.,]+)\)(?P<out> is sitting out)?$")
_NEW_WAITING: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) will be allowed to play after the button$")
_NEW_STREETS: Final = {"*** 3rd STREET ***": 0, "*** 4th STREET ***": 1, "*** 5th STREET ***": 2,
                       "*** 6th STREET ***": 3, "*** 7th STREET ***": 4,
                       "*** SHOW DOWN ***": SHOWDOWN_STREET}
_RUNNING_POT: Final = re.compile(r"^(?:Main pot|Side pot\(\d+\)) \$?[\d.,]+ \| Rake \$?[\d.,]+$")
_NEW_TOTAL: Final = re.compile(
    r"^Total pot (?P<pot>\$?[\d.,]+)(?: \| Rake (?P<rake>\$?[\d.,]+))?"
    r"(?: \| JP Fee (?P<jp>\$?[\d.,]+))?$")
_NEW_WON: Final = re.compile(r" won (?P<won>\$?[\d.,]+)")
_NEW_CARDS: Final = re.compile(r" (?:showed|mucked) \[(?P<cards>[^\]]*)\]")
_NEW_PLAY: Final = re.compile(
    r"^.+? (?:posts|brings|bets|calls|raises|caps|checks|folds|shows|mucks|does not show"
    r"|collected)\b")
"""A line of play, whoever its player (to tell play by nobody seated from noise)."""
_ALL_IN: Final = " and is all-in"

GAMES: Final[dict[str, str | None]] = {
    "Seven Cards Stud": "stud", "Seven Cards Stud HiLow": "stud8",
    "7Stud": "stud", "7Stud H/L": "stud8",
    "Hold'em": None, "Holdem": None, "Six Plus Hold'em": None, "Omaha": None,
    "Omaha HiLow": None, "Omaha H/L": None, "4Card Omaha": None, "4Card Omaha H/L": None,
    "5Card Omaha": None, "5Card Omaha H/L": None, "4Card Omaha Reshuffle": None,
    "5Card Omaha Reshuffle": None, "4Card Omaha H/L Reshuffle": None,
    "5Card Omaha H/L Reshuffle": None,
}
"""The printed game (either layout) -> variant id (None: kept unsupported, unread)."""
LIMITS: Final = {"Fixed Limit": BettingStructure.FIXED_LIMIT,
                 "No Limit": BettingStructure.NO_LIMIT, "Pot Limit": BettingStructure.POT_LIMIT,
                 "All-in or Fold Limit": BettingStructure.NO_LIMIT}


def is_start(line: str) -> bool:
    """Does this line open a WPN hand (``Game started at:`` or ``[Game ]Hand #N - ``)?"""
    if line.startswith("Game started at:"):
        return _OLD_START.match(line) is not None
    return _NEW_START.match(line) is not None


def clock(match: re.Match[str]) -> tuple[int, int, int, int, int, int]:
    """Year, month, day, hour, minute and second from a match's groups y mo d h mi s."""
    year, month, day, hour, minute, second = (int(match.group(key)) for key in (
        "y", "mo", "d", "h", "mi", "s"))
    return year, month, day, hour, minute, second


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    reader = _WinningReader(block)
    return reader.read_safely("WPN")


# --- WPN ---------------------------------------------------------------------------------


@dataclass(slots=True)
class _OldResult:
    """One player's line of the old layout's summary."""

    name: str
    number: int
    text: str
    shown: tuple[Card, ...]
    mucked: tuple[Card, ...]
    collects: int
    net: int


class _WinningReader(StudReader):
    def __init__(self, block: HandBlock) -> None:
        super().__init__(block, site=SITE)
        self.pending: dict[str, list[Card]] = {}
        """Old layout: each player's cards seen so far this street, not yet recorded."""
        self.pending_line: dict[str, int] = {}
        self.in_summary = False
        self.results: list[_OldResult] = []

    def read(self) -> Hand:
        lines = self.numbered()
        if lines and lines[0][0].startswith("Game started at:"):
            self._read_old(lines)
        else:
            self._read_new(lines)
        return self.hand()

    # --- the old layout -----------------------------------------------------------------

    def _read_old(self, lines: list[tuple[str, int]]) -> None:
        when = _OLD_WHEN.match(lines[0][0])
        header = _OLD_ID.match(lines[1][0]) if len(lines) > 1 else None
        if when is None or header is None:
            where = lines[min(1, len(lines) - 1)]
            self.unreadable_header(where[0], where[1])
            return
        self.hand_id = header.group("id")
        self.started_text = when.group("when")
        self._note(lines[0][1], "local_time", "the time is the client's own, with no zone")
        game = header.group("game")
        self.game_text = game
        self.variant_id = GAMES.get(game)
        if game not in GAMES:
            self._problem(lines[1][1], "unknown_game", f"game {game!r} is not a known variant")
        if self.variant_id is not None:
            self.structure = BettingStructure.FIXED_LIMIT
        table = header.group("table")
        self.table = table
        if table.startswith("PM "):
            self.play_money, self.currency, self.decimals = True, "chips", 0
        if header.group("max"):
            self.max_seats = int(header.group("max"))
        self.stakes = Stakes(small_bet=self._amount(header.group("small")),
                             big_bet=self._amount(header.group("big")))
        if self.variant_id is None:
            return
        for text, number in lines[2:]:
            try:
                self._old_line(text, number)
            except LINE_ERRORS:
                self._unknown(text, number)
        self._flush_cards()
        self._old_results()

    def _old_line(self, text: str, number: int) -> None:
        if self.in_summary:
            self._old_summary_line(text, number)
            return
        if not text.startswith("Player ") or not self._who(text[7:]):
            self._flush_cards()
        if text in _OLD_STREETS:
            street = _OLD_STREETS[text]
            self.new_street(street, text.strip("* "), number)
        elif text.startswith("Seat ") and not self.actions:
            match = _OLD_SEAT.match(text)
            if match is None:
                raise Unreadable(text)
            self.add_seat(int(match.group("seat")), match.group("name"),
                          self._amount(match.group("stack")), number)
        elif text.startswith("Player "):
            self._old_play(text, number)
        elif (uncalled := _UNCALLED.match(text)) is not None:
            self._uncalled(uncalled, text, number)
        elif text == "------ Summary ------":
            self.in_summary = True
            self.showdown()
        else:
            raise Unreadable(text)

    def _old_play(self, text: str, number: int) -> None:
        rest = text[len("Player "):]
        name = self._who(rest)
        if name is None:
            self.not_seated(text, number)
            return
        verb = rest[len(name) + 1:]
        dealt = _OLD_DEALT.match(verb)
        if dealt is not None:  # the card read first: an unreadable one leaves nothing begun
            cards = parse_cards(dealt.group("card"))
            self.pending.setdefault(name, []).extend(cards)
            self.pending_line[name] = number
            return
        if verb == "received a card.":
            return  # a card nobody else sees
        self._flush_cards()
        if verb in ("checks", "folds", "mucks cards", "allin") or verb in _OLD_NOISE:
            self._old_word(name, verb, text, number)
            return
        match = _OLD_AMOUNT.match(verb)
        if match is None:
            raise Unreadable(text)
        amount = self._amount(match.group("amount"))
        action = match.group("verb")
        if action in ("ante", "posts ante"):
            self.ante(name, amount, number)
        elif action == "bring in":
            self.bring_in(name, amount, number)
        elif action == "calls":
            self.call(name, amount, number)
        elif action == "bets":
            self.bet(name, amount, number)
        elif action in ("raises", "caps"):
            self.raise_by(name, amount, number)
        elif action == "allin":
            self.all_in(name, amount, number)
        else:
            raise Unreadable(text)

    def _old_word(self, name: str, verb: str, text: str, number: int) -> None:
        if verb == "checks":
            self._act(number, Kind.CHECK, name)
        elif verb == "folds":
            self.fold(name, number)
        elif verb == "mucks cards":
            alone = self.live() == [name]
            self.showdown()
            self._act(number, Kind.NO_SHOW if alone else Kind.MUCK, name)
        elif verb == "allin":  # no amount: all he has left
            stack = next(seat.stack for seat in self.seats if seat.player == name)
            self.all_in(name, stack - self.put_in.get(name, 0), number)
        else:
            self._note(number, "noise", text)

    def _uncalled(self, match: re.Match[str], text: str, number: int) -> None:
        name = match.group("name")
        if name not in self.names:
            self.not_seated(text, number)
            return
        self._act(number, Kind.UNCALLED_RETURN, name, self._amount(match.group("amount")))

    def _flush_cards(self) -> None:
        """Record the cards each player was seen receiving this street: one deal each."""
        for name, cards in self.pending.items():
            if self.street == 0 and len(cards) == 3:
                self.hero = self.hero or name
            self.actions.append(Action(line=self.pending_line[name], street=self.street,
                                       kind=Kind.DEALT, player=name, new_cards=tuple(cards)))
        self.pending.clear()
        self.pending_line.clear()

    def _old_summary_line(self, text: str, number: int) -> None:
        pot = _OLD_POT.match(text)
        if pot is not None:
            rake = sum(self._amount(pot.group(key) or "0") for key in ("rake", "jp"))
            self.summary = Summary(total_pot=self._amount(pot.group("pot")) + rake, rake=rake,
                                   line=number)
            return
        if text.startswith("Game ended at: "):
            self._note(number, "ended_at", text)
            return
        match = _OLD_RESULT.match(text)
        if match is None:
            raise Unreadable(text)
        name = match.group("name")
        if name not in self.names:
            self.not_seated(text, number)
            return
        net = self._amount(match.group("net"))
        self.results.append(_OldResult(
            name=name, number=number, text=text,
            shown=parse_cards(match.group("shown")) if match.group("shown") is not None else (),
            mucked=parse_cards(match.group("mucked")) if match.group("mucked") else (),
            collects=self._amount(match.group("collects")),
            net=net if match.group("sign") == "Wins" else -net))

    def _old_results(self) -> None:
        """The summary's shows and mucks, then its collections, then its seat lines."""
        for result in self.results:
            if result.shown:
                self._act(result.number, Kind.SHOW, result.name, cards=result.shown)
            elif result.mucked:
                self._act(result.number, Kind.MUCK, result.name, cards=result.mucked)
        for result in self.results:
            if result.collects:
                self._act(result.number, Kind.COLLECT, result.name, result.collects, pot="pot")
        seats = tuple(SummarySeat(
            line=result.number, seat=self.seat_number(result.name), player=result.name,
            text=result.text, cards=result.shown or result.mucked, won=result.collects,
            net=result.net) for result in self.results)
        if self.summary.total_pot is not None or seats:
            self.summary = Summary(total_pot=self.summary.total_pot, rake=self.summary.rake,
                                   line=self.summary.line or (seats[0].line if seats else 0),
                                   seats=seats)

    # --- the ACR layout -----------------------------------------------------------------

    def _read_new(self, lines: list[tuple[str, int]]) -> None:
        header = _NEW_HEADER.match(lines[0][0]) if lines else None
        table = _NEW_TABLE.match(lines[1][0]) if len(lines) > 1 else None
        limit = header.group("limit") if header else ""
        if header is None or table is None or limit not in LIMITS:
            where = lines[0] if lines and header is None else lines[min(1, len(lines) - 1)] \
                if lines else ("", self.block.line)
            self.unreadable_header(where[0], where[1])
            return
        self.hand_id = header.group("id")
        game = header.group("game")
        self.game_text = f"{game}({limit})"
        self.variant_id = GAMES.get(game)
        if game not in GAMES:
            self._problem(lines[0][1], "unknown_game", f"game {game!r} is not a known variant")
        self.structure = LIMITS[limit]
        if header.group("tid") is not None:
            self.currency, self.decimals = "chips", 0
            self.tournament = Tournament(tournament_id=header.group("tid"),
                                         level=header.group("level"))
            small, big = header.group("lsmall") or "", header.group("lbig") or ""
        else:
            small, big = header.group("small"), header.group("big")
            if not small.startswith("$"):
                self.play_money, self.currency, self.decimals = True, "chips", 0
        if self.structure is BettingStructure.FIXED_LIMIT:
            self.stakes = Stakes(small_bet=self._amount(small), big_bet=self._amount(big))
        else:
            self.stakes = Stakes(small_blind=self._amount(small), big_blind=self._amount(big))
        self.started_text = header.group("when")
        year, month, day, hour, minute, second = clock(header)
        self.started_at = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        self.table = table.group("table")
        self.max_seats = int(table.group("max"))
        if table.group("button"):
            self.button_seat = int(table.group("button"))
        if self.variant_id is None:
            return
        for text, number in lines[2:]:
            try:
                self._new_line(text, number)
            except LINE_ERRORS:
                self._unknown(text, number)
        self._new_summary()

    def _new_line(self, text: str, number: int) -> None:
        if self.in_summary:
            self._new_summary_line(text, number)
        elif text in _NEW_STREETS:
            street = _NEW_STREETS[text]
            if street == SHOWDOWN_STREET:
                self.showdown()
                self.streets.append(StreetMark(line=number, street=street, name="SHOW DOWN"))
            else:
                self.new_street(street, text.strip("* "), number)
        elif text == "*** SUMMARY ***":
            self.in_summary = True
            self.summary = Summary(line=number)
        elif _RUNNING_POT.match(text):
            self._note(number, "running_pot", text)
        elif text.startswith("Seat ") and not self.actions:
            self._new_seat(text, number)
        elif text.startswith("Dealt to "):
            self._new_dealt(text, number)
        elif (uncalled := _UNCALLED.match(text)) is not None:
            self._uncalled(uncalled, text, number)
        else:
            name = self._who(text)
            if name is None:
                if _NEW_PLAY.match(text) is None:
                    raise Unreadable(text)
                self.not_seated(text, number)
                return
            self._new_play(name, text[len(name) + 1:], text, number)

    def _new_seat(self, text: str, number: int) -> None:
        match = _NEW_SEAT.match(text)
        if match is not None:
            self.add_seat(int(match.group("seat")), match.group("name"),
                          self._amount(match.group("stack")), number,
                          sitting_out=match.group("out") is not None)
            return
        waiting = _NEW_WAITING.match(text)
        if waiting is None:
            raise Unreadable(text)
        self.add_seat(int(waiting.group("seat")), waiting.group("name"), 0, number,
                      sitting_out=True)

    def _new_dealt(self, text: str, number: int) -> None:
        rest = text[len("Dealt to "):]
        name = self._who(rest)
        if name is None:
            self.not_seated(text, number)
            return
        groups = rest[len(name) + 1:]
        if not (groups.startswith("[") and groups.endswith("]")):
            raise Unreadable(text)
        parts = groups[1:-1].split("] [")
        if len(parts) > 2:
            raise Unreadable(text)
        earlier = parse_cards(parts[0]) if len(parts) == 2 else ()
        new = parse_cards(parts[-1])
        if self.street == 0 and len(new) == 3:
            self.hero = self.hero or name
        self._act(number, Kind.DEALT, name, cards=earlier, new_cards=new)

    def _new_play(self, name: str, rest: str, text: str, number: int) -> None:
        all_in = rest.endswith(_ALL_IN)
        rest = rest.removesuffix(_ALL_IN)
        verb, _, argument = rest.partition(" ")
        if rest in ("checks", "folds", "does not show", "mucks hand"):
            self._new_word(name, rest, number)
        elif rest.startswith("posts ante "):
            self.ante(name, self._amount(rest[len("posts ante "):]), number, all_in=all_in)
        elif rest.startswith(("brings in ", "brings-in ", "brings in low ")):
            self.bring_in(name, self._amount(rest.rpartition(" ")[2]), number, all_in=all_in)
        elif verb == "bets":
            self.bet(name, self._amount(argument), number, all_in=all_in)
        elif verb == "calls":
            self.call(name, self._amount(argument), number, all_in=all_in)
        elif verb == "caps":
            self.raise_by(name, self._amount(argument), number, all_in=all_in)
        elif verb == "raises":
            added, found, to = argument.partition(" to ")
            if not found:
                raise Unreadable(text)
            self._amount(added)
            self.raise_to(name, self._amount(to), number, all_in=all_in)
        elif verb == "shows":
            cards, found, _description = argument.partition("]")
            if not cards.startswith("[") or not found:
                raise Unreadable(text)
            self.showdown()
            self._act(number, Kind.SHOW, name, cards=parse_cards(cards[1:]))
        elif verb == "collected":
            amount, found, pot = argument.partition(" from ")
            if not found:
                raise Unreadable(text)
            self.showdown()
            self._act(number, Kind.COLLECT, name, self._amount(amount), pot=pot)
        else:
            raise Unreadable(text)

    def _new_word(self, name: str, word: str, number: int) -> None:
        if word == "checks":
            self._act(number, Kind.CHECK, name)
        elif word == "folds":
            self.fold(name, number)
        else:
            self.showdown()
            self._act(number, Kind.NO_SHOW if word == "does not show" else Kind.MUCK, name)

    def _new_summary_line(self, text: str, number: int) -> None:
        total = _NEW_TOTAL.match(text)
        if total is not None:
            rake = sum(self._amount(total.group(key) or "0") for key in ("rake", "jp"))
            self.summary = replace(self.summary, total_pot=self._amount(total.group("pot")) + rake,
                                   rake=rake, line=number)
            return
        self.summary_seat(text, number, _NEW_WON, _NEW_CARDS)

    def _new_summary(self) -> None:
        """A hand won without a showdown may have no ``collected`` line: the summary's
        ``won $X`` is then the winner's collection."""
        if not self.in_summary:
            self.summary = Summary(line=self.actions[-1].line if self.actions else 0)
            return
        if any(action.kind is Kind.COLLECT for action in self.actions):
            return
        self.showdown()
        for seat in self.summary.seats:
            if seat.won:
                self._act(seat.line, Kind.COLLECT, seat.player, seat.won, pot="pot")
