"""KingsClub hand histories: one hand block -> one :class:`~hhparse.records.Hand`.

The reader only reads (as the PokerStars reader does: see its module docstring for the
conventions of the records); rules and accounts are the replayer's. It never raises: a line
it does not understand is a non-fatal ``unknown_line`` problem, a header it cannot read a
fatal ``unreadable_header``, a line of play by nobody seated a fatal ``actor_not_seated``.

How KingsClub writes a hand, and how it is read:

* **Header.** ``#39969256: Limit 2-7 Triple Draw - 40/80``, then the date on its own line
  with no time zone (``2021-01-02 15:42:06``; read as Eastern time, as fpdb does:
  :data:`ASSUMED_ZONE`), then ``Table 'Name' Seat 1 is the button`` (stud: no button). No
  currency is printed: cash tables play in dollars (``USD``); a tournament table
  (``Table 'T123 [4]'``) plays in chips.
* **Amounts are totals.** ``calls X``, ``bets X`` and ``raises to X`` give the player's total
  for the betting round; the reader keeps each round's totals to record what each line puts
  in (``Action.amount``), as the records want it.
* **Streets.** Draw games mark ``*** 1ST BETTING ROUND ***`` (street 0), ``*** 1ST DRAW ***``
  (street 1, the draw and the betting round after it, ``*** 2ND BETTING ROUND ***``) ...
  A-5 single draw prints no marker: its first draw line opens street 1 (a ``DRAW`` mark).
  Stud prints a marker only from the second street on, and labels it one street too low
  (``*** 3RD STREET ***`` opens 4th street); when the marker comes before any bring-in the
  labels are read as printed. Street markers after the showdown (the rest of an all-in
  hand is dealt after the hands are shown) change nothing: those lines are showdown lines.
* **Completion written ``bets``.** On 3rd street the completion of the bring-in is written
  ``bets X``: it is :attr:`Kind.COMPLETE` (``to`` = X).
* **Hidden cards** are written ``X``: ``Dealt to P: [X X X X X]`` says nothing and becomes a
  ``dealt_hidden`` note; in stud the X's are dropped (``[X X 4d]``: the up card 4d).
* **Draws.** ``P draws 2`` (cards not shown), ``P stands pat``, and the hero's
  ``P discards [Ts Jh] draws [3c 6c]``: a DISCARD then a DEALT (kept cards, new cards).
* **Run it twice** (2-7 single draw, all-in): ``discards [Th] draws [8c] [Qs]`` deals 8c in
  run 1 and Qs in run 2; ``Run 1: P shows [..]`` and ``Run 2: P shows [..]`` show each run's
  hand, a plain ``P shows`` holds for both runs. The logs of early 2021 write the draw as
  ``Dealt to P: [6h Ks Ks]``: the new card of run 1, of run 2, then the discard (``[X X X X X
  X]`` for a two-card draw seen from outside). Run 1 is the hand's SHOW and DEALT actions;
  other runs are :class:`RunHand` records (``Hand.runs``, ``Hand.run_hands``).
* **Posts.** ``posts the small blind``, ``posts the big blind``, ``posts ante``, and
  ``posts blind X``: a player who missed the blinds posts a live big blind X
  (:attr:`Kind.POST_BB`); the dead small blind KingsClub takes with it is not printed.
* **Summary.** ``Seat 1: P (78.50) -400``: the stack after the hand and the seat's net
  (:attr:`SummarySeat.stack`, :attr:`SummarySeat.net`); ``Rake 1``; ``P wins pot (799)``,
  ``P wins (550.25) from pot``, ``P wins (9,225) from side pot 1``: collections, one per
  half of a split pot and per run. No total pot is printed: the total is what the pot pays
  plus the rake. No ``Uncalled bet`` line is ever printed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from hhparse.cards import Card, CardError, parse_cards
from hhparse.money import AmountError, parse_amount
from hhparse.parsers.base import HandBlock
from hhparse.parsers.reader import TextReader, Unreadable, read_guarded
from hhparse.parsers.timezones import to_utc
from hhparse.records import (
    SHOWDOWN_STREET,
    Hand,
    Kind,
    RunHand,
    Seat,
    SourceSpan,
    Stakes,
    StreetMark,
    Summary,
    SummarySeat,
    Tournament,
)
from hhparse.variants import BettingStructure, Family, UnknownVariant, find_variant

SITE: Final = "kingsclub"
PREFIX: Final = "#"
"""Every KingsClub hand starts with ``#<hand number>:``."""
ASSUMED_ZONE: Final = "ET"
"""KingsClub prints no time zone; its times are read as US Eastern (fpdb does the same)."""
MAX_RUNS: Final = 4
"""The most runs a hand can have (KingsClub runs it twice): a run numbered outside 1 to this
is a fatal ``run_number_invalid`` (the replay settles every run up to the highest)."""


_HEADER: Final = re.compile(
    r"^#(?P<id>\d+): (?P<limit>No Limit|Pot Limit|Limit) (?P<game>.+?)"
    r" - (?P<low>[\d,]+(?:\.\d+)?)/(?P<high>[\d,]+(?:\.\d+)?)$"
)
_HAND_ID: Final = re.compile(r"#(\d+)")
_WHEN: Final = re.compile(r"^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2}):(\d{2})$")
_TABLE: Final = re.compile(
    r"^Table '(?P<table>.*)'(?: (?P<max>\d+)-max)?(?: Seat #?(?P<button>\d+) is the button)?$"
)
_TOURNAMENT_TABLE: Final = re.compile(r"^T(?P<tid>\d+) \[(?P<table>\d+)\]$")
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d,.]+)\)$")
_SUMMARY_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d,.]+)\) (?P<net>[+-]?[\d,.]+)$"
)
_RUN_SHOW: Final = re.compile(r"^Run (?P<run>\d+): (?P<rest>.+)$")
_WINS_POT: Final = re.compile(r"^wins pot \((?P<amount>[\d,.]+)\)$")
_WINS_FROM: Final = re.compile(r"^wins \((?P<amount>[\d,.]+)\) from (?P<pot>.+)$")

_STRUCTURES: Final = {
    "No Limit": BettingStructure.NO_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
    "Limit": BettingStructure.FIXED_LIMIT,
}
_NOT_REPLAYED: Final = ("holdem", "hold'em", "omaha", "big o", "drawmaha", "captain",
                        "2-7 razz", "short deck")
"""KingsClub games we read but do not replay: variant_id None without a problem."""

_DRAW_MARKERS: Final[dict[str, int]] = {
    "1ST BETTING ROUND": 0, "1ST DRAW": 1, "2ND BETTING ROUND": 1, "2ND DRAW": 2,
    "3RD BETTING ROUND": 2, "3RD DRAW": 3, "4TH BETTING ROUND": 3,
}
_STUD_LABELS: Final[dict[str, int]] = {
    "3RD STREET": 3, "4TH STREET": 4, "5TH STREET": 5, "6TH STREET": 6, "7TH STREET": 7,
}
_BOARD_MARKERS: Final[dict[str, int]] = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_POSTS: Final[tuple[tuple[str, Kind], ...]] = (
    ("the small blind ", Kind.POST_SB),
    ("the big blind ", Kind.POST_BB),
    ("blind ", Kind.POST_BB),
    ("ante ", Kind.ANTE),
)
_PLAY_WORDS: Final = frozenset(
    {"folds", "checks", "calls", "bets", "raises", "brings", "discards", "draws", "stands",
     "shows", "mucks", "posts", "wins"}
)
_NOTES: Final[dict[str, str]] = {
    "sits out": "sitting_out",
    "is sitting out": "sitting_out",
    "leaves the table": "leave",
    "is disconnected": "disconnected",
    "is connected": "connected",
    "has timed out": "timed_out",
}


@dataclass(frozen=True, slots=True)
class _Game:
    game_text: str
    variant_id: str | None
    structure: BettingStructure
    stud: bool
    draw: bool
    problem: str | None


def is_start(line: str) -> bool:
    """Does this line open a KingsClub hand?"""
    return line.startswith(PREFIX) and _HEADER.match(line) is not None


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return read_guarded(_read, block, site=SITE, room="KingsClub", hand_id=_HAND_ID)


def _read(block: HandBlock) -> Hand:
    return _Reader(block).read()


def _read_game(limit: str, game: str) -> _Game:
    structure = _STRUCTURES[limit]
    lowered = game.lower()
    try:
        variant = find_variant(game)
    except UnknownVariant:
        known = any(name in lowered for name in _NOT_REPLAYED)
        return _Game(
            game_text=f"{limit} {game}", variant_id=None, structure=structure,
            stud="stud" in lowered or "razz" in lowered, draw="draw" in lowered,
            problem=None if known else f"game {game!r} is not a known variant",
        )
    return _Game(
        game_text=f"{limit} {game}", variant_id=variant.id, structure=structure,
        stud=variant.family is Family.STUD, draw=variant.family is Family.DRAW, problem=None,
    )


class _Reader(TextReader):
    """Reads one block. Mutable while reading; :meth:`read` returns the frozen Hand."""

    ALL_IN_SUFFIXES = (", and is all in", " and is all in", " and is all-in")

    def __init__(self, block: HandBlock) -> None:
        super().__init__(block)
        self.summary_seats: list[SummarySeat] = []
        self.run_hands: list[RunHand] = []
        self.hand_id = ""
        self.game: _Game | None = None
        self.low_text = self.high_text = ""
        self.stakes = Stakes()
        self.currency = "USD"
        self.tournament: Tournament | None = None
        self.started_at_text = ""
        self.started_at: datetime | None = None
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.showdown = False
        self.in_summary = False
        self.summary_line = 0
        self.rake: int | None = None
        self.cancelled = False
        self.hero: str | None = None
        self.held: dict[str, list[Card]] = {}
        """Cards known to be held now, by player (the hero's hand; stud cards seen)."""
        self.round_totals: dict[str, int] = {}
        """Each player's live chips in the current betting round (KingsClub prints totals)."""
        self.current_bet = 0
        self.bring_in = False
        self.opened = False
        """3rd street: someone has bet or raised since the bring-in."""
        self.stud_offset: int | None = None
        """Stud: street number = marker label - this (2 when the labels are one off)."""
        self.drew: dict[str, int] = {}
        """The draw (street) each player last declared."""
        self.runs = 1

    # -- driver --

    def read(self) -> Hand:
        lines, numbers = self.block.lines, self.block.line_numbers
        if not lines:
            self._problem(self.block.line, "unreadable_header", "empty hand block", fatal=True)
            return self._hand()
        if not self._header(lines[0], numbers[0]):
            return self._hand()
        index = self._preamble(lines, numbers)
        self._index_names()
        for position in range(index, len(lines)):
            text, number = lines[position], numbers[position]
            try:
                self._body_line(text, number)
            except (Unreadable, AmountError, CardError, ValueError, IndexError):
                self._unknown(text, number)
        return self._hand()

    def _hand(self) -> Hand:
        block = self.block
        game = self.game
        collects = [a.amount for a in self.actions if a.kind is Kind.COLLECT]
        summary = Summary(
            # No total is printed; without a collection the summary is cut off (None).
            total_pot=sum(collects) + (self.rake or 0) if collects else None,
            rake=self.rake,
            line=self.summary_line,
            seats=tuple(self.summary_seats),
        )
        return Hand(
            site=SITE,
            hand_id=self.hand_id,
            source=SourceSpan(
                file=block.file, line=block.line, byte_offset=block.byte_offset,
                byte_length=block.byte_length,
                line_count=block.line_numbers[-1] - block.line + 1 if block.line_numbers else 0,
            ),
            game_text=game.game_text if game else "",
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
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            notes=tuple(self.notes),
            summary=summary,
            hero=self.hero,
            cancelled=self.cancelled,
            problems=tuple(self.problems),
            runs=self.runs,
            run_hands=tuple(self.run_hands),
        )

    # -- recording --

    # -- header, date, table, seats --

    def _header(self, text: str, number: int) -> bool:
        match = _HEADER.match(text)
        if match is None:
            found = _HAND_ID.search(text)
            self.hand_id = found.group(1) if found else ""
            self._problem(number, "unreadable_header", f"header not understood: {text!r}",
                          fatal=True)
            return False
        self.hand_id = match.group("id")
        self.game = _read_game(match.group("limit"), match.group("game"))
        if self.game.problem:
            self._problem(number, "unknown_game", self.game.problem)
        self.low_text, self.high_text = match.group("low"), match.group("high")
        return True

    def _preamble(self, lines: tuple[str, ...], numbers: tuple[int, ...]) -> int:
        """Date, table and seat lines; returns the index of the first line of play."""
        index = 1
        if index < len(lines) and _WHEN.match(lines[index]):
            self._when(lines[index], numbers[index])
            index += 1
        else:
            self._problem(numbers[0], "unreadable_time", "no date line after the header")
        if index < len(lines) and lines[index].startswith("Table "):
            self._table(lines[index], numbers[index])
            index += 1
        self._money_unit(numbers[0])
        while index < len(lines) and self._seat(lines[index], numbers[index]):
            index += 1
        return index

    def _when(self, text: str, number: int) -> None:
        self.started_at_text = text
        match = _WHEN.match(text)
        assert match is not None
        year, month, day, hour, minute, second = (int(part) for part in match.groups())
        self.started_at = to_utc(year, month, day, hour, minute, second, ASSUMED_ZONE)
        if self.started_at is None:
            self._problem(number, "unreadable_time", f"impossible date: {text!r}")

    def _table(self, text: str, number: int) -> None:
        match = _TABLE.match(text)
        if match is None:
            self._unknown(text, number)
            return
        self.table = match.group("table")
        self.max_seats = int(match.group("max")) if match.group("max") else None
        self.button = int(match.group("button")) if match.group("button") else None
        tournament = _TOURNAMENT_TABLE.match(self.table)
        if tournament is not None:
            self.tournament = Tournament(tournament_id=tournament.group("tid"))
            self.currency, self.decimals = "chips", 0

    def _money_unit(self, number: int) -> None:
        """The stakes, in the hand's unit (known once the table line is read)."""
        try:
            low = parse_amount(self.low_text, self.decimals)
            high = parse_amount(self.high_text, self.decimals)
        except AmountError:
            self._problem(number, "unreadable_header",
                          f"stakes not understood: {self.low_text}/{self.high_text}", fatal=True)
            return
        game = self.game
        if game is not None and game.structure is BettingStructure.FIXED_LIMIT:
            self.stakes = Stakes(small_bet=low, big_bet=high)
        else:
            self.stakes = Stakes(small_blind=low, big_blind=high)

    def _seat(self, text: str, number: int) -> bool:
        match = _SEAT.match(text)
        if match is None:
            return False
        try:
            stack = self._amount(match.group("stack"))
        except AmountError:
            return False
        self.seats.append(Seat(seat=int(match.group("seat")), player=match.group("name"),
                               stack=stack, line=number))
        return True

    # -- amounts and cards --

    def _token_groups(self, text: str) -> list[list[str]]:
        """``[a b] [c]`` -> the tokens of each group; raises Unreadable for anything else."""
        if not (text.startswith("[") and text.endswith("]")):
            raise Unreadable(text)
        return [group.split() for group in text[1:-1].split("] [")]

    @staticmethod
    def _known_cards(tokens: list[str]) -> tuple[Card, ...]:
        """The known cards among ``tokens`` (``X`` is a card nobody sees)."""
        return parse_cards(" ".join(token for token in tokens if token != "X"))

    # -- the body --

    def _body_line(self, text: str, number: int) -> None:
        if self.in_summary:
            self._summary_line(text, number)
        elif text.startswith("*** "):
            self._marker(text, number)
        elif text.startswith("Dealt to "):
            self._dealt(text, number)
        elif text.startswith("Run ") and _RUN_SHOW.match(text):
            self._run_line(text, number)
        else:
            self._player_line(text, number)

    def _player_line(self, text: str, number: int) -> None:
        name = self._who(text)
        if name is None:
            self._unseated_line(text, number)
            return
        rest = text[len(name):]
        colon = rest.startswith(": ")
        verb, _, argument = rest[2 if colon else 1:].partition(" ")
        handler = _VERBS.get(verb)
        if handler is not None and handler(self, name, argument, number):
            return
        note = _NOTES.get(rest[2 if colon else 1:])
        if note is None:
            raise Unreadable(text)
        self._note(number, note, text)

    def _unseated_line(self, text: str, number: int) -> None:
        if text.startswith(("Hand cancelled", "Hand was cancelled")):
            self.cancelled = True
            self._note(number, "cancelled", text)
            return
        words = text.replace(":", "").split()
        if any(word in _PLAY_WORDS for word in words[1:]):
            self._note(number, "unseated_action", text)
            self._problem(number, "actor_not_seated",
                          f"a line of play by nobody seated in this hand: {text!r}", fatal=True)
            return
        raise Unreadable(text)

    def _new_round(self) -> None:
        self.round_totals = {}
        self.current_bet = 0

    def _marker(self, text: str, number: int) -> None:
        end = text.find(" ***", 4)
        if end < 0:
            raise Unreadable(text)
        name, tail = text[4:end], text[end + 4:].strip()
        if name == "SUMMARY":
            self.in_summary = True
            self.summary_line = number
            self.street = SHOWDOWN_STREET
            return
        street = self._marker_street(name)
        if street is None:
            raise Unreadable(text)
        self.streets.append(StreetMark(line=number, street=street, name=name))
        if not self.showdown and street != self.street:
            self.street = street
            self._new_round()
        if tail:
            groups = [self._known_cards(group) for group in self._token_groups(tail)]
            earlier = tuple(card for group in groups[:-1] for card in group)
            self._act(number, Kind.DEALT, "", cards=earlier, new_cards=groups[-1])

    def _marker_street(self, name: str) -> int | None:
        if name in _DRAW_MARKERS:
            return _DRAW_MARKERS[name]
        if name in _BOARD_MARKERS:
            return _BOARD_MARKERS[name]
        label = _STUD_LABELS.get(name)
        if label is None:
            return None
        if self.stud_offset is None:
            # One street too low when the bring-in was made before the first marker.
            self.stud_offset = 2 if self.bring_in else 3
        return label - self.stud_offset

    def _dealt(self, text: str, number: int) -> None:
        rest = text[9:]
        for name in self.names:
            if rest.startswith(name) and rest[len(name):len(name) + 2] in (": ", " ["):
                tail = rest[len(name):].lstrip(":").strip()
                tokens = [token for group in self._token_groups(tail) for token in group]
                self._dealt_to(name, tokens, text, number)
                return
        self._note(number, "unseated_action", text)
        self._problem(number, "actor_not_seated",
                      f"cards dealt to a player without a seat: {text!r}", fatal=True)

    def _dealt_to(self, name: str, tokens: list[str], text: str, number: int) -> None:
        game = self.game
        drawing = game is not None and game.draw and 0 < self.street < SHOWDOWN_STREET
        if drawing and self.drew.get(name) != self.street:
            self._old_style_draw(name, tokens, text, number)
            return
        cards = self._known_cards(tokens)
        if not cards:
            self._note(number, "dealt_hidden", text)
            return
        if drawing:
            raise Unreadable(text)  # a second deal in one draw: not a KingsClub line
        self._act(number, Kind.DEALT, name, new_cards=cards)
        self.held.setdefault(name, []).extend(cards)
        if self.hero is None and (not (game and game.stud) or (self.street == 0
                                                               and len(cards) >= 2)):
            self.hero = name

    # -- draws --

    def _enter_draw(self, number: int) -> None:
        """A-5 single draw prints no draw marker: the first draw line opens the draw."""
        if self.street == 0:
            self.street = 1
            self.streets.append(StreetMark(line=number, street=1, name="DRAW"))
            self._new_round()

    def _draw(self, name: str, number: int, kind: Kind, count: int,
              discarded: tuple[Card, ...] = ()) -> None:
        self._enter_draw(number)
        self.drew[name] = self.street
        self._act(number, kind, name, n_cards=count, cards=discarded)

    def _deal_runs(self, name: str, kept: list[Card], runs: list[tuple[Card, ...]],
                   number: int) -> None:
        """The new cards of each run: run 1 is a DEALT action, the others RunHand records."""
        self._act(number, Kind.DEALT, name, cards=tuple(kept), new_cards=runs[0])
        self.held[name] = kept + list(runs[0])
        for run, new in enumerate(runs[1:], start=2):
            self.run_hands.append(RunHand(line=number, run=run, player=name,
                                          cards=tuple(kept) + new, shown=False))
        self._count_run(len(runs), number)

    def _count_run(self, run: int, number: int) -> None:
        """Run ``run`` was dealt: the hand has at least that many runs (at most MAX_RUNS)."""
        if not 1 <= run <= MAX_RUNS:
            self._problem(number, "run_number_invalid",
                          f"run {run}: a hand is run 1 to {MAX_RUNS} times", fatal=True)
            return
        self.runs = max(self.runs, run)

    def _discards(self, name: str, argument: str, number: int) -> bool:
        thrown_text, found, drawn_text = argument.partition(" draws ")
        if not found:
            return False
        thrown = self._known_cards(self._token_groups(thrown_text)[0])
        runs = [self._known_cards(group) for group in self._token_groups(drawn_text)]
        self._draw(name, number, Kind.DISCARD, len(thrown), thrown)
        if name in self.held:
            kept = _without(self.held[name], thrown)
            self._deal_runs(name, kept, runs, number)
        else:
            self._act(number, Kind.DEALT, name, new_cards=runs[0])
        return True

    def _draws(self, name: str, argument: str, number: int) -> bool:
        if not argument.isdecimal():
            return False
        self._draw(name, number, Kind.DISCARD, int(argument))
        return True

    def _stands(self, name: str, argument: str, number: int) -> bool:
        if argument == "pat":
            cards: tuple[Card, ...] = ()
        elif argument.startswith("pat on "):
            cards = self._known_cards(self._token_groups(argument[7:])[0])
        else:
            return False
        self._draw(name, number, Kind.STAND_PAT, 0, cards)
        return True

    def _old_style_draw(self, name: str, tokens: list[str], text: str, number: int) -> None:
        """Early 2021: ``Dealt to P: [run 1 new .. run 2 new .. discards]`` is the draw."""
        cards = self._known_cards(tokens)
        held = self.held.get(name)
        if cards and held is not None:
            for runs in (1, 2):
                width, odd = divmod(len(tokens), runs + 1)
                thrown = cards[-width:] if width and not odd else ()
                if thrown and not _without_missing(held, thrown):
                    self._draw(name, number, Kind.DISCARD, width, thrown)
                    news = [cards[width * run: width * (run + 1)] for run in range(runs)]
                    self._deal_runs(name, _without(held, thrown), news, number)
                    return
            raise Unreadable(text)
        if cards:
            raise Unreadable(text)
        width, odd = divmod(len(tokens), self.runs + 1)
        if not width or odd:
            raise Unreadable(text)
        self._draw(name, number, Kind.DISCARD, width)

    # -- betting --

    def _raise_total(self, name: str, total: int) -> int:
        """Record ``name``'s new total for the round; returns what the line puts in."""
        put_in = total - self.round_totals.get(name, 0)
        self.round_totals[name] = total
        self.current_bet = max(self.current_bet, total)
        return put_in

    def _folds(self, name: str, argument: str, number: int) -> bool:
        cards = self._known_cards(self._token_groups(argument)[0]) if argument else ()
        self._act(number, Kind.FOLD, name, cards=cards)
        return True

    def _checks(self, name: str, argument: str, number: int) -> bool:
        if argument:
            return False
        self._act(number, Kind.CHECK, name)
        return True

    def _calls(self, name: str, argument: str, number: int) -> bool:
        total, all_in = self._money(argument)
        self._act(number, Kind.CALL, name, self._raise_total(name, total), all_in=all_in)
        return True

    def _bets(self, name: str, argument: str, number: int) -> bool:
        total, all_in = self._money(argument)
        if self.street == 0 and self.bring_in and not self.opened:
            increment = total - self.current_bet
            self._raise_total(name, total)
            self._act(number, Kind.COMPLETE, name, increment, to=total, all_in=all_in)
        else:
            self._act(number, Kind.BET, name, self._raise_total(name, total), all_in=all_in)
        self.opened = True
        return True

    def _raises(self, name: str, argument: str, number: int) -> bool:
        _, found, total_text = argument.rpartition("to ")
        if not found:
            return False
        total, all_in = self._money(total_text)
        increment = total - self.current_bet
        completes = self.street == 0 and self.bring_in and not self.opened
        self._raise_total(name, total)
        self._act(number, Kind.COMPLETE if completes else Kind.RAISE, name, increment,
                  to=total, all_in=all_in)
        self.opened = True
        return True

    def _brings(self, name: str, argument: str, number: int) -> bool:
        words, found, amount_text = argument.partition(" for ")
        if not found or words not in ("in", "in low"):
            return False
        amount, all_in = self._money(amount_text)
        self._raise_total(name, amount)
        self._act(number, Kind.BRING_IN, name, amount, all_in=all_in)
        self.bring_in = True
        return True

    def _posts(self, name: str, argument: str, number: int) -> bool:
        for prefix, kind in _POSTS:
            if argument.startswith(prefix):
                amount, all_in = self._money(argument[len(prefix):])
                if kind is not Kind.ANTE:
                    self._raise_total(name, self.round_totals.get(name, 0) + amount)
                self._act(number, kind, name, amount, all_in=all_in)
                return True
        return False

    # -- showdown --

    def _enter_showdown(self) -> None:
        self.showdown = True
        self.street = SHOWDOWN_STREET

    def _shows(self, name: str, argument: str, number: int) -> bool:
        cards = self._known_cards(self._token_groups(argument)[0])
        self._enter_showdown()
        self._act(number, Kind.SHOW, name, cards=cards)
        return True

    def _mucks(self, name: str, argument: str, number: int) -> bool:
        shown = argument.startswith("[")
        cards = self._known_cards(self._token_groups(argument)[0]) if shown else ()
        if argument and not cards:
            return False
        self._enter_showdown()
        self._act(number, Kind.MUCK, name, cards=cards)
        return True

    def _run_line(self, text: str, number: int) -> None:
        """``Run 2: P shows [..]``: run 1 is the hand's SHOW action, other runs RunHands."""
        match = _RUN_SHOW.match(text)
        assert match is not None
        run, rest = int(match.group("run")), match.group("rest")
        name = self._who(rest)
        if name is None or not rest[len(name):].startswith(" shows ["):
            raise Unreadable(text)
        cards = self._known_cards(self._token_groups(rest[len(name) + 7:])[0])
        self._enter_showdown()
        self._count_run(run, number)
        if run == 1:
            self._act(number, Kind.SHOW, name, cards=cards)
        else:
            self.run_hands.append(RunHand(line=number, run=run, player=name, cards=cards))

    # -- the summary --

    def _summary_line(self, text: str, number: int) -> None:
        if text.startswith("Seat "):
            self._summary_seat(text, number)
        elif text.startswith("Rake "):
            self.rake = self._amount(text[5:])
        else:
            name = self._who(text)
            if name is None:
                raise Unreadable(text)
            self._collect(name, text[len(name) + 1:], text, number)

    def _summary_seat(self, text: str, number: int) -> None:
        match = _SUMMARY_SEAT.match(text)
        if match is None:
            raise Unreadable(text)
        self.summary_seats.append(SummarySeat(
            line=number, seat=int(match.group("seat")), player=match.group("name"),
            text=text, net=_signed(self._amount, match.group("net")),
            stack=self._amount(match.group("stack")),
        ))

    def _collect(self, name: str, what: str, text: str, number: int) -> None:
        whole = _WINS_POT.match(what)
        share = _WINS_FROM.match(what)
        if whole is not None:
            amount, pot = self._amount(whole.group("amount")), "pot"
        elif share is not None:
            amount, pot = self._amount(share.group("amount")), share.group("pot")
        else:
            raise Unreadable(text)
        self._act(number, Kind.COLLECT, name, amount, pot=pot)


_VERBS: Final[dict[str, Callable[[_Reader, str, str, int], bool]]] = {
    "folds": _Reader._folds,
    "checks": _Reader._checks,
    "calls": _Reader._calls,
    "bets": _Reader._bets,
    "raises": _Reader._raises,
    "posts": _Reader._posts,
    "brings": _Reader._brings,
    "discards": _Reader._discards,
    "draws": _Reader._draws,
    "stands": _Reader._stands,
    "shows": _Reader._shows,
    "mucks": _Reader._mucks,
}


def _without(held: list[Card], thrown: tuple[Card, ...]) -> list[Card]:
    return [card for card in held if card not in thrown]


def _without_missing(held: list[Card], thrown: tuple[Card, ...]) -> bool:
    """Some thrown card is not in the hand (so this reading of the line is wrong)."""
    return any(card not in held for card in thrown)


def _signed(amount: Callable[[str], int], text: str) -> int:
    if text[:1] in "+-":
        value = amount(text[1:])
        return -value if text[0] == "-" else value
    return amount(text)


