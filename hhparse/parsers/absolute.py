"""Absolute Poker hand histories (7-card stud hi/lo, text): one hand block -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's. It never raises: a line it does not understand is
a non-fatal ``unknown_line`` problem, a header it cannot read a fatal ``unreadable_header``,
a line of play by nobody seated a fatal ``actor_not_seated``. The stud bookkeeping (what a
line adds, completions over the bring-in) is the shared :class:`~hhparse.parsers.stud.
StudReader`.

How Absolute writes a hand, and how it is read:

* **Header.** A hand opens with ``Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 -
  2009-03-18 19:10:00 (ET)`` (:func:`is_start`; ``Stage #C..`` on late hold'em files):
  the hand id, the game, the limit (``Normal`` is fixed limit), the small and the big bet
  (``$``: dollars, `` €``: euros, none: tournament chips), the time with its zone in
  parentheses (milliseconds and a bracketed second copy may follow). Spacing is irregular
  and hold'em tables write the game in capitals. Only ``Seven Card Hi/Lo`` (and the names
  ``7 Card Stud``, ``Seven Card Stud`` and ``Razz``, never seen) are replayed; hold'em and
  Omaha are kept unsupported, unread. The stud hand has no ``Table:`` line and no button.
* **Seats.** ``Seat 1 - PLAYER1 ($0.17 in chips)``. Lines of play are ``<name> - <Verb>
  [amount]``: ``Ante``, ``Bring-In``, ``Bets``, ``Calls`` give the chips the line adds,
  ``Raises $A to $B`` and ``Completes to $B`` the player's round total B, ``All-In $X`` is a
  bet, call or raise by what it makes his total, ``All-In(Raise) A to B`` a raise to B;
  ``returned ($X) : not called`` gives an uncalled bet back.
* **Streets.** ``*** 3rd STREET ***``, ``*** 4TH STREET ***`` .. ``*** 6TH STREET ***``,
  ``*** RIVER ***`` (streets 0 to 4), ``*** SHOW DOWN ***``, ``*** SUMMARY ***``.
* **Cards.** After each street marker, one line a player lists every card he holds so far,
  ``H`` for a hidden one, ten written ``10``: ``PLAYER1 - Pocket [H H Js 10d]``. The new
  cards are those beyond the player's last line; hidden ones are not recorded. The hero
  (his three 3rd-street cards all shown) keeps getting his unchanged line after he folds:
  a line that adds no card is a ``repeated_pocket`` note.
* **Showdown.** ``P - Shows [7 cards in dealing order] (desc)``, ``P - Mucks``, ``P - Does
  not show``, then ``P Collects $0.19 from main pot`` (no dash; one line per hi/lo half).
* **Summary.** ``Total Pot($0.43) | Rake ($0.04)``: the pot before the rake, and the rake.
  Seat lines (``Seat 3: PLAYER3 won Total ($0.19) HI:with .. LO:($0.19) [..]``, ``Seat 2:
  PLAYER2 Folded on the 3rd STREET``) are kept with the ``Total`` each seat won.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from hhparse.cards import parse_cards
from hhparse.money import CURRENCY_SYMBOLS
from hhparse.parsers.base import HandBlock
from hhparse.parsers.stud import LINE_ERRORS, StudReader, Unreadable
from hhparse.parsers.timezones import to_utc
from hhparse.parsers.winning import clock
from hhparse.records import Hand, Kind, Stakes, Summary, Tournament
from hhparse.variants import BettingStructure

SITE: Final = "absolute"
PREFIXES: Final = ("Stage #",)

_START: Final = re.compile(r"^Stage\s+#C?\d+:")
_HEADER: Final = re.compile(
    r"^Stage\s+#C?(?P<id>\d+):\s+(?:Tourney ID (?P<tid>\d+)\s+)?(?P<game>.+?)\s+-\s+"
    r"(?P<when>(?P<y>\d{4})-(?P<mo>\d\d)-(?P<d>\d\d) (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d))"
    r"(?:\.\d+)? \((?P<zone>[A-Z]+)\)(?: \[ [\d: -]+ \])?$")
_STAKES: Final = re.compile(
    r"^(?:(?P<type>.*?)\s+)?(?P<limit>Normal|No Limit|Pot Limit)\s+(?P<sym>\$)?"
    r"(?P<small>[\d.,]+)(?P<euro> ?€)?(?:/\$?(?P<big>[\d.,]+)(?: ?€)?)?"
    r"(?:, \$?(?P<ante>[\d.,]+)(?: ?€)? ante)?(?: Turbo)?$", re.IGNORECASE)
_TABLE: Final = re.compile(r"^Table: (?P<table>.+?) \((?:Real|Play) Money\)(?: Seat #\d+ is the "
                           r"(?:dead )?dealer)?$")
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+) - (?P<name>.+?) \((?P<stack>\$?[\d.,]+)(?: ?€)? in chips\)$")
_RAISE: Final = re.compile(r"^(?:Raises|All-In\(Raise\)) (?P<added>\$?[\d.,]+)(?: ?€)? to "
                           r"(?P<to>\$?[\d.,]+)(?: ?€)?$")
_UNCALLED: Final = re.compile(r"^returned \((?P<amount>\$?[\d.,]+)(?: ?€)?\) : not called$")
_COLLECT: Final = re.compile(r"^Collects (?P<amount>\$?[\d.,]+)(?: ?€)? from (?P<pot>.+)$")
_TOTAL: Final = re.compile(
    r"^Total Pot\((?P<pot>\$?[\d.,]+)(?: ?€)?\)(?: \| Rake \((?P<rake>\$?[\d.,]+)(?: ?€)?\))?$")
_WON: Final = re.compile(r"(?:won|collected) Total \((?P<won>\$?[\d.,]+)(?: ?€)?\)")
_SUMMARY_CARDS: Final = re.compile(r"\[(?P<cards>(?:[2-9TJQKA]|10)[cdhs](?: (?:[2-9TJQKA]|10)"
                                   r"[cdhs])*)(?: - [^\]]*)?\]")
_PLAY: Final = re.compile(
    r"^.+? (?:- (?:Ante|Bring-In|Bets|Calls|Raises|Completes|All-In|Folds|Checks|Pocket|Shows"
    r"|Mucks|Does not show|returned)|Collects)\b")
"""A line of play, whoever its player (to tell play by nobody seated from noise)."""
STREETS: Final = {"*** 3RD STREET ***": 0, "*** 4TH STREET ***": 1, "*** 5TH STREET ***": 2,
                  "*** 6TH STREET ***": 3, "*** RIVER ***": 4}
"""Street markers, in capitals (Absolute writes ``3rd`` but ``4TH``)."""
GAMES: Final[dict[str, str | None]] = {
    "seven card hi/lo": "stud8", "7 card stud": "stud", "seven card stud": "stud",
    "razz": "razz", "holdem": None, "hold'em": None, "omaha": None, "omaha hi/lo": None,
    "horse": None,
}
"""The printed game, in lower case -> variant id (None: kept unsupported, unread)."""
LIMITS: Final = {"normal": BettingStructure.FIXED_LIMIT, "no limit": BettingStructure.NO_LIMIT,
                 "pot limit": BettingStructure.POT_LIMIT}


def is_start(line: str) -> bool:
    """Does this line open an Absolute hand (``Stage #N:``)?"""
    return line.startswith("Stage") and _START.match(line) is not None


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return _AbsoluteReader(block).read_safely("Absolute")


class _AbsoluteReader(StudReader):
    def __init__(self, block: HandBlock) -> None:
        super().__init__(block, site=SITE)
        self.pocket: dict[str, int] = {}
        """How many cards each player's last ``Pocket`` line listed."""
        self.in_summary = False

    def read(self) -> Hand:
        lines = self.numbered()
        if not self._header(lines):
            return self.hand()
        if self.variant_id is None:
            return self.hand()
        for text, number in lines[1:]:
            try:
                self._line(text, number)
            except LINE_ERRORS:
                self._unknown(text, number)
        if not self.in_summary:
            self.summary = Summary(line=self.actions[-1].line if self.actions else 0)
        return self.hand()

    # --- header -------------------------------------------------------------------------

    def _header(self, lines: list[tuple[str, int]]) -> bool:
        text, number = lines[0] if lines else ("", self.block.line)
        header = _HEADER.match(text)
        words = " ".join(header.group("game").split()) if header else ""
        game = next((name for name in sorted(GAMES, key=len, reverse=True)
                     if words.lower().startswith(name + " ")), None)
        stakes = _STAKES.match(words[len(game) + 1:]) if game is not None else None
        if header is None or game is None:
            self.unreadable_header(text, number)
            return False
        self.hand_id = header.group("id")
        self.variant_id = GAMES[game]
        self.game_text = words[:len(game)]
        if stakes is None:
            if self.variant_id is not None:
                self.unreadable_header(text, number)
                return False
            return True
        self.structure = LIMITS[stakes.group("limit").lower()]
        self.game_text = f"{self.game_text} {stakes.group('limit')}"
        if header.group("tid") is not None or not (stakes.group("sym") or stakes.group("euro")):
            self.currency, self.decimals = "chips", 0
        else:
            self.currency = "EUR" if stakes.group("euro") else CURRENCY_SYMBOLS["$"]
        if header.group("tid") is not None:
            self.tournament = Tournament(tournament_id=header.group("tid"))
        ante = self._amount(stakes.group("ante")) if stakes.group("ante") else None
        small = self._amount(stakes.group("small"))
        big = self._amount(stakes.group("big")) if stakes.group("big") else None
        if self.structure is BettingStructure.FIXED_LIMIT:
            self.stakes = Stakes(small_bet=small, big_bet=big, ante=ante)
        else:
            self.stakes = Stakes(small_blind=small if big else None, big_blind=big, ante=ante)
        self.started_text = header.group("when") + f" ({header.group('zone')})"
        self.started_at = to_utc(*clock(header), header.group("zone"))
        if self.started_at is None:
            self._problem(number, "unknown_timezone",
                         f"time {self.started_text!r}: zone unknown or date impossible")
        return True

    # --- lines --------------------------------------------------------------------------

    def _line(self, text: str, number: int) -> None:
        marker = text.upper()
        if self.in_summary:
            self._summary_line(text, number)
        elif marker in STREETS:
            self.new_street(STREETS[marker], text.strip("* "), number)
        elif marker == "*** SHOW DOWN ***":
            self.showdown()
        elif marker == "*** SUMMARY ***":
            self.in_summary = True
            self.showdown()
            self.summary = Summary(line=number)
        elif text.startswith("Seat ") and not self.actions and (seat := _SEAT.match(text)):
            self.add_seat(int(seat.group("seat")), seat.group("name"),
                          self._amount(seat.group("stack")), number)
        elif not self.actions and (table := _TABLE.match(text)):
            self.table = table.group("table")
        else:
            name = self._who(text)
            if name is None:
                if _PLAY.match(text) is None:
                    raise Unreadable(text)
                self.not_seated(text, number)
                return
            rest = text[len(name) + 1:]
            if rest.startswith("- "):
                self._play(name, rest[2:], text, number)
            elif (collect := _COLLECT.match(rest)) is not None:
                self.showdown()
                self._act(number, Kind.COLLECT, name, self._amount(collect.group("amount")),
                         pot=collect.group("pot"))
            else:
                raise Unreadable(text)

    def _play(self, name: str, rest: str, text: str, number: int) -> None:
        verb, _, argument = rest.partition(" ")
        if rest in ("Folds", "Checks", "Mucks", "Does not show"):
            self._word(name, rest, number)
        elif verb == "Pocket":
            self._pocket(name, argument, text, number)
        elif verb == "Ante":
            self.ante(name, self._amount(argument), number)
        elif verb == "Bring-In":
            self.bring_in(name, self._amount(argument), number)
        elif verb == "Bets":
            self.bet(name, self._amount(argument), number)
        elif verb == "Calls":
            self.call(name, self._amount(argument), number)
        elif rest.startswith("Completes to "):
            self.raise_to(name, self._amount(rest[len("Completes to "):]), number)
        elif (raised := _RAISE.match(rest)) is not None:
            self.raise_to(name, self._amount(raised.group("to")), number,
                          all_in=rest.startswith("All-In"))
        elif verb == "All-In" and argument != "(Timeout)":
            self.all_in(name, self._amount(argument), number)
        elif verb == "Shows":
            cards, found, _description = argument.partition("]")
            if not cards.startswith("[") or not found:
                raise Unreadable(text)
            self.showdown()
            self._act(number, Kind.SHOW, name, cards=parse_cards(cards[1:]))
        elif (uncalled := _UNCALLED.match(rest)) is not None:
            self._act(number, Kind.UNCALLED_RETURN, name, self._amount(uncalled.group("amount")))
        else:
            raise Unreadable(text)

    def _word(self, name: str, word: str, number: int) -> None:
        if word == "Folds":
            self.fold(name, number)
        elif word == "Checks":
            self._act(number, Kind.CHECK, name)
        else:
            self.showdown()
            self._act(number, Kind.MUCK if word == "Mucks" else Kind.NO_SHOW, name)

    def _pocket(self, name: str, argument: str, text: str, number: int) -> None:
        if not (argument.startswith("[") and argument.endswith("]")):
            raise Unreadable(text)
        tokens = argument[1:-1].split()
        before = self.pocket.get(name, 0)
        if len(tokens) <= before:
            self._note(number, "repeated_pocket", text)  # no new card (a folded hero's)
            return
        self.pocket[name] = len(tokens)
        earlier = parse_cards(" ".join(token for token in tokens[:before] if token != "H"))
        new = parse_cards(" ".join(token for token in tokens[before:] if token != "H"))
        if self.street == 0 and len(new) == 3:
            self.hero = self.hero or name
        if new:
            self._act(number, Kind.DEALT, name, cards=earlier, new_cards=new)

    def _summary_line(self, text: str, number: int) -> None:
        total = _TOTAL.match(text)
        if total is not None:
            self.summary = replace(
                self.summary, total_pot=self._amount(total.group("pot")),
                rake=self._amount(total.group("rake")) if total.group("rake") else 0, line=number)
            return
        self.summary_seat(text, number, _WON, _SUMMARY_CARDS)

