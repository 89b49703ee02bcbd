"""iPoker network hand histories (7-card stud, stud hi/lo): one ``<game>`` element -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's (room rules ``ipoker`` in ``replay/rooms.py``).
It never raises: an element it does not understand is a non-fatal ``unknown_line`` problem
with its line, a session header it cannot read a fatal ``unreadable_header``, play by
nobody seated a fatal ``actor_not_seated``, XML that breaks off a fatal ``hand_incomplete``.

How iPoker writes a hand, and how it is read:

* **XML, whatever the extension.** iPoker's ``.txt`` files are the same XML session export
  as its ``.xml`` files (no line-based iPoker text format is known), so one site reads
  both, by content. A file is ``<?xml ..?>``, one ``<session sessioncode="..">`` with its
  ``<general>`` (game, table, hero, currency, tournament) read once per file
  (:func:`session_header`, given to every block as ``HandBlock.context``; the lines
  themselves are junk), then one ``<game gamecode="N">`` element per hand. A hand opens at
  the line of its ``<game gamecode=`` (after tabs, often after the previous hand's
  ``</game>``: that end tag is left to the hand before, whose element the reader closes).
  ``</session>`` after the last hand is dropped; a file cut off after a ``</game>`` is fine.
  Markup is parsed with the standard library's expat through merge's helper (a document
  type declaration is refused, never expanded); the element texts (cards, header fields) by
  a second expat pass over the same, already checked, text.
* **Header.** ``<gametype>7 Card Stud L $0.05/$0.10</gametype>``: the game (``7 Card Stud``,
  ``7 Card Stud Hi-Lo``; ``5 Card Stud`` is kept unsupported, variant None, as are hold'em
  and Omaha: hhparse does not replay them), the limit code (``L`` fixed limit) and the small
  and big bets. Antes and the bring-in are not printed (their actions tell them). A
  tournament (``<tournamentname>`` or ``<place>``) prints no bet sizes: the hand's own
  bets give them (a ``stakes_from_play`` warning). ``tablecurrency`` wins over ``currency``
  (the EUR file says ``USD`` there); tournaments count chips, with a comma thousands
  separator (``1,440``); a comma with two digits after it and no point is a decimal comma.
  ``startdate`` of each game has no zone: read as UTC (as fpdb does).
* **Seats.** One ``<player seat name chips win bet ..>`` per seat: ``chips`` is the stack
  before the hand, ``name=""`` an empty seat (left out); a named player with no card and no
  action sits out. ``dealer`` means nothing in stud (no button kept). ``bet`` (the total
  put in) is one ante too high in some tournament hands: the actions decide; a difference
  is kept as a ``bet_attribute_differs`` note.
* **Rounds are streets.** ``<round no="0">`` holds the antes, ``no="1"`` is empty, ``no="2"``
  is 3rd street (street 0) .. ``no="6"`` the river (street 4). A round lists player by
  player his ``<cards>`` and his actions: the cards are dealt first, the actions follow in
  the order of their hand-wide counter ``no``.
* **Cards** are suit then rank (``H8``, ``S10``, ``CA``), ``X`` face down. 3rd street gives
  three cards (down, down, up), 4th to 6th one up card, the river one down card. The hero
  (the session's ``nickname``) is dealt all his cards; an opponent his up cards. A revealed
  hand is written into the same elements (no showdown element): when two or more players
  are left at the end, each shows his cards (a hand still face down is a muck); a lone
  winner whose cards are all face up showed them.
* **Actions** ``<action no player type sum>``: 15 ante, 16 bring-in, 5 bet (on 3rd street
  the completion), 3 call, 4 check, 0 fold give the chips the line adds; 23 raise gives the
  player's total for the round (``to``); 7 all-in the chips added, a bring-in, bet, call,
  completion or raise by what it makes against the round's highest.
* **Results** are only the ``win`` attributes: each player's take over all pots, after the
  rake and with his own uncalled bet inside (room rules). No pot, rake, uncalled bet or
  summary is printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import lru_cache
from typing import Final
from xml.parsers import expat

from hhparse.cards import Card, CardError, parse_card
from hhparse.money import CURRENCY_SYMBOLS, AmountError, parse_amount
from hhparse.parsers.base import HandBlock, span_of
from hhparse.parsers.xmlhands import (
    StartTag,
    Unreadable,
    XmlReader,
    int_or_none,
    read_guarded,
    xml_start_tags,
)
from hhparse.records import (
    SHOWDOWN_STREET,
    Action,
    Hand,
    Kind,
    Note,
    ParseProblem,
    Seat,
    Stakes,
    StreetMark,
    Summary,
    Tournament,
)
from hhparse.variants import BettingStructure

SITE: Final = "ipoker"
PREFIXES: Final[tuple[str, ...]] = ()
"""None: a hand's line opens with tabs or with the previous hand's ``</game>``."""

_OPEN: Final = '<game gamecode="'
_CLOSE: Final = "</game>"

GAMES: Final[dict[str, str | None]] = {
    "7 Card Stud": "stud",
    "7 Card Stud Hi-Lo": "stud8",
    "7 Card Stud HiLow": "stud8",
    "5 Card Stud": None,
    "Holdem": None, "Six Plus Holdem": None, "Omaha": None, "Omaha Hi-Lo": None,
    "Omaha HiLow": None,
}
"""The printed game -> variant id (None: a game kept unsupported: five-card stud is not a
variant hhparse replays, nor are hold'em and Omaha)."""
STRUCTURES: Final[dict[str, BettingStructure]] = {
    "L": BettingStructure.FIXED_LIMIT, "Limit": BettingStructure.FIXED_LIMIT,
    "NL": BettingStructure.NO_LIMIT, "SL": BettingStructure.NO_LIMIT,
    "LZ": BettingStructure.NO_LIMIT, "PL": BettingStructure.POT_LIMIT,
    "LP": BettingStructure.POT_LIMIT,
}
ANTE, BRING_IN, BET, CALL, RAISE_TO, CHECK, FOLD, ALL_IN = "15", "16", "5", "3", "23", "4", "0", "7"
NOTED: Final[dict[str, str]] = {"8": "no_action", "9": "sitting_out"}
"""Action types kept as notes (fpdb knows them; no corpus hand has one)."""
_SUITS: Final = "HDCS"
TOURNAMENT_SMALL_BETS: Final[dict[int, int]] = {
    8: 60, 10: 80, 15: 100, 20: 150, 30: 200, 40: 300, 50: 400, 80: 600, 100: 800, 150: 1000,
}
"""A limit stud tournament's ante -> its small bet (the big bet is twice that): the levels
of iPoker's ``$5 Limit 7 Card Stud`` as every hand of it with a completion or a bet shows
them (ante / bring-in / bets 8/15/60/120 .. 150/300/1000/2000). Only for a hand whose own
play shows no bet size (the bring-in wins, or every bet is all-in)."""


def is_start(line: str) -> bool:
    """Does this line open an iPoker hand (``<game gamecode="N">``, after tabs or the
    previous hand's ``</game>``)?"""
    text = line.lstrip(" \t").removeprefix(_CLOSE)
    if not text.startswith(_OPEN):
        return False
    number, quote, rest = text[len(_OPEN):].partition('"')
    return bool(quote) and number.isdigit() and rest.lstrip().startswith(">")


def session_header(head: str) -> str:
    """The file's ``<session ..><general>..</general>`` (what every hand of it needs), or
    "" when the file has none before its first hand."""
    start = head.find("<session")
    first_game = head.find(_OPEN)
    end = head.find("</general>", start)
    if start < 0 or end < 0 or (0 <= first_game < end):
        return ""
    return head[start:end + len("</general>")]


def parse_block(block: HandBlock) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return read_guarded(_Reader(block), "iPoker")


# --- XML --------------------------------------------------------------------------------


def element_texts(fragment: str) -> list[str]:
    """The text directly inside each element of ``fragment``, in the order (and with the
    made-up root) of :func:`~hhparse.parsers.merge.xml_start_tags`, which must have read
    ``fragment`` first: it refuses a DTD and reports malformed XML."""
    texts: list[list[str]] = []
    opened: list[int] = []
    parser = expat.ParserCreate()

    def start(_tag: str, _attributes: dict[str, str]) -> None:
        opened.append(len(texts))
        texts.append([])

    def end(_tag: str) -> None:
        opened.pop()

    def data(text: str) -> None:
        if opened:
            texts[opened[-1]].append(text)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        parser.Parse(f"<r>{fragment}</r>", True)
    except expat.ExpatError as error:
        raise Unreadable(error.lineno, "hand_incomplete", f"malformed XML: {error}") from None
    return ["".join(parts).strip() for parts in texts]


@dataclass(frozen=True, slots=True)
class _Element:
    tag: StartTag
    text: str


def _elements(fragment: str) -> list[_Element]:
    tags = xml_start_tags(fragment)
    texts = element_texts(fragment)
    return [_Element(tag, text) for tag, text in zip(tags, texts, strict=True)][1:]


# --- the session ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Session:
    game_text: str
    variant_id: str | None
    structure: BettingStructure
    stakes: Stakes
    currency: str
    decimals: int
    table: str
    hero: str
    tournament: Tournament | None
    five_card: bool


@lru_cache(maxsize=16)
def _session_of(context: str) -> _Session:
    if not context:
        raise Unreadable(1, "unreadable_header",
                         "no <session><general> header before the hands: the game is not known")
    fields: dict[str, str] = {}
    for element in _elements(context + "</session>"):
        fields.setdefault(element.tag.tag, element.text)
    game_text = fields.get("gametype", "")
    words = game_text.split()
    at = next((index for index, word in enumerate(words) if word in STRUCTURES), -1)
    name = " ".join(words[:at])
    if at < 0 or name not in GAMES:
        raise Unreadable(1, "unreadable_header", f"unknown game or limit {game_text!r}")
    structure = STRUCTURES[words[at]]
    tournament = "tournamentname" in fields or "place" in fields
    decimals = 0 if tournament else 2
    bets = "".join(words[at + 1:])
    symbol = next((sym for sym in CURRENCY_SYMBOLS if sym in bets), "")
    stakes = Stakes()
    if bets:
        parts = bets.split("/")
        try:
            numbers = [money(part, decimals) for part in parts]
        except AmountError:
            numbers = []
        if len(numbers) != 2:
            raise Unreadable(1, "unreadable_header", f"unreadable stakes in {game_text!r}")
        stakes = (Stakes(small_bet=numbers[0], big_bet=numbers[1])
                  if structure is BettingStructure.FIXED_LIMIT
                  else Stakes(small_blind=numbers[0], big_blind=numbers[1]))
    currency = "chips" if tournament else (
        fields.get("tablecurrency") or CURRENCY_SYMBOLS.get(symbol) or fields.get("currency", ""))
    table = fields.get("tablename", "")
    return _Session(
        game_text=game_text, variant_id=GAMES[name], structure=structure, stakes=stakes,
        currency=currency, decimals=decimals, table=table, hero=fields.get("nickname", ""),
        tournament=_tournament(fields, table) if tournament else None,
        five_card=name == "5 Card Stud")


def _tournament(fields: dict[str, str], table: str) -> Tournament:
    """The tournament number (``tournamentcode``, else the table name's last number) and
    the buy-in ``$5+$0.50`` (prize pool part + fee)."""
    number = fields.get("tournamentcode") or table.rpartition(",")[2].strip()
    buy_in = fee = None
    parts = fields.get("buyin", "").split("+")
    try:
        if len(parts) == 2:
            buy_in, fee = money(parts[0], 2), money(parts[1], 2)
    except AmountError:
        buy_in = fee = None
    symbol = next((sym for sym in CURRENCY_SYMBOLS if sym in fields.get("buyin", "")), "")
    return Tournament(tournament_id=number if number.isdigit() else table, buy_in=buy_in,
                      fee=fee, currency=CURRENCY_SYMBOLS.get(symbol))


def money(text: str, decimals: int) -> int:
    """``$0.05``, ``€1``, ``1,440`` (chips: a thousands comma); ``0,02€`` (a comma with
    two digits after it and no point: a decimal comma)."""
    whole, comma, cents = text.rpartition(",")
    if comma and decimals and "." not in text and len(cents.strip(" $€£")) == 2:
        text = f"{whole}.{cents}"
    return parse_amount(text, decimals)


def card_of(token: str) -> Card | None:
    """``H8`` -> 8h, ``S10`` -> Ts; ``X`` (face down) -> None; CardError for anything else."""
    if token == "X":
        return None
    if token[:1] not in _SUITS:
        raise CardError(f"not a card: {token!r}")
    return parse_card(token[1:] + token[0])


# --- the hand ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Reader(XmlReader):
    block: HandBlock
    session: _Session | None = None
    hand_id: str = ""
    started_text: str = ""
    seats: list[Seat] = field(default_factory=list)
    wins: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Player -> (``win``, the line of his ``<player>``)."""
    printed_bets: dict[str, int] = field(default_factory=dict)
    stacks: dict[str, int] = field(default_factory=dict)
    """Chips each player has left."""
    put_in: dict[str, int] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    streets: list[StreetMark] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    held: dict[str, list[Card | None]] = field(default_factory=dict)
    folded: set[str] = field(default_factory=set)
    street: int = 0
    round_totals: dict[str, int] = field(default_factory=dict)
    completed: bool = False
    end_line: int = 1
    """The line of the hand's ``</game>`` (in the block)."""

    def read(self) -> Hand:
        self.session = _session_of(self.block.context)
        body = self._body()
        elements = _elements(body)
        if not elements or elements[0].tag.tag != "game":
            raise Unreadable(1, "unreadable_header", "no <game> element")
        game = elements[0].tag
        self.hand_id = game.attributes.get("gamecode", "")
        if not self.hand_id.isdigit():
            raise Unreadable(game.line, "unreadable_header", "the game has no gamecode")
        rounds: list[tuple[StartTag, list[_Element]]] = []
        for element in elements[1:]:
            tag = element.tag
            if tag.tag == "round":
                rounds.append((tag, []))
            elif rounds:
                rounds[-1][1].append(element)
            elif tag.tag == "player":
                self._player(tag)
            elif tag.tag == "startdate":
                self.started_text = element.text
            elif tag.tag not in ("general", "players"):
                self._problem(tag.line, "unknown_line", f"unknown element <{tag.tag}>")
        self.stacks = {seat.player: seat.stack for seat in self.seats}
        for tag, children in rounds:
            self._round(tag, children)
        self._results()
        return self._hand()

    def _body(self) -> str:
        """The block's ``<game>`` element: the previous hand's ``</game>`` before it left
        out, its own closed when the next hand's line holds it, ``</session>`` dropped."""
        text = self.block.text
        lead = len(text) - len(text.lstrip(" \t"))
        if text[lead:].startswith(_CLOSE):
            text = text[:lead] + " " * len(_CLOSE) + text[lead + len(_CLOSE):]
        end = text.rfind(_CLOSE)
        if end < 0:
            self.end_line = len(self.block.lines)
            return text + _CLOSE
        end += len(_CLOSE)
        self.end_line = text.count("\n", 0, end) + 1
        rest = text[end:].strip()
        if rest and rest != "</session>":
            self._problem(self.end_line, "unknown_line", f"text after the hand: {rest[:80]!r}")
        return text[:end]

    # --- seats --------------------------------------------------------------------------

    def _player(self, tag: StartTag) -> None:
        attributes = tag.attributes
        name = attributes.get("name", "")
        seat = int_or_none(attributes.get("seat"))
        if not name:
            return  # an empty seat
        if seat is None:
            self._problem(tag.line, "unknown_line", f"a player without a seat: {attributes}")
            return
        line = self.file_line(tag.line)
        self.seats.append(Seat(seat=seat, player=name,
                               stack=self._amount(attributes.get("chips", ""), tag.line),
                               line=line))
        self.wins[name] = (self._amount(attributes.get("win", "0"), tag.line), line)
        if "bet" in attributes:
            self.printed_bets[name] = self._amount(attributes["bet"], tag.line)

    # --- rounds -------------------------------------------------------------------------

    def _round(self, tag: StartTag, children: list[_Element]) -> None:
        number = int_or_none(tag.attributes.get("no"))
        if number is None:
            self._problem(tag.line, "unknown_line", f"a round without a number: {tag.attributes}")
            return
        street = max(number - 2, 0)
        if street != self.street:
            self.street, self.round_totals = street, {}
        cards = [child for child in children if child.tag.tag == "cards"]
        moves = [child.tag for child in children if child.tag.tag == "action"]
        for child in children:
            if child.tag.tag not in ("cards", "action"):
                self._problem(child.tag.line, "unknown_line", f"unknown element <{child.tag.tag}>")
        if street and cards:
            self.streets.append(StreetMark(line=self.file_line(cards[0].tag.line), street=street,
                                           name=cards[0].tag.attributes.get("type", "")))
        for element in cards:
            self._cards(element)
        for move in sorted(moves, key=lambda each: int_or_none(each.attributes.get("no")) or 0):
            self._action(move)

    def _cards(self, element: _Element) -> None:
        player = element.tag.attributes.get("player", "")
        if player not in self.stacks:
            raise Unreadable(element.tag.line, "actor_not_seated",
                             f"cards for {player!r}, who is not seated")
        places: list[Card | None] = []
        for token in element.text.split():
            try:
                places.append(card_of(token))
            except CardError:
                self._problem(element.tag.line, "bad_card", f"not a card: {token!r}")
                places.append(None)
        before = self.held.setdefault(player, [])
        assert self.session is not None
        hero = player == self.session.hero
        first = len(before)
        new = tuple(card for at, card in enumerate(places, start=first)
                    if card is not None and (hero or self._face_up(at)))
        if new:
            self.actions.append(Action(
                line=self.file_line(element.tag.line), street=self.street, kind=Kind.DEALT,
                player=player, cards=tuple(card for card in before if card is not None)
                if hero else (), new_cards=new))
        before.extend(places)

    def _face_up(self, place: int) -> bool:
        """Five-card stud: one card down, the rest up; seven-card stud: down, down, four up,
        down."""
        assert self.session is not None
        return place >= 1 if self.session.five_card else 2 <= place <= 5

    # --- actions ------------------------------------------------------------------------

    def _action(self, tag: StartTag) -> None:
        attributes = tag.attributes
        kind, player = attributes.get("type", ""), attributes.get("player", "")
        if player not in self.stacks:
            raise Unreadable(tag.line, "actor_not_seated",
                             f"an action of type {kind!r} by {player!r}, who is not seated")
        line = self.file_line(tag.line)
        if kind in NOTED:
            self.notes.append(Note(line=line, kind=NOTED[kind], text=player))
            return
        if kind in (CHECK, FOLD):
            if kind == FOLD:
                self.folded.add(player)
            self._act(line, Kind.CHECK if kind == CHECK else Kind.FOLD, player)
            return
        if kind not in (ANTE, BRING_IN, BET, CALL, RAISE_TO, ALL_IN):
            self._problem(tag.line, "unknown_line", f"unknown action type {kind!r}: {attributes}")
            return
        amount = self._amount(attributes.get("sum", ""), tag.line)
        if kind == ANTE:
            self._pay(player, amount)
            self.actions.append(Action(line=line, street=0, kind=Kind.ANTE, player=player,
                                       amount=amount, all_in=self.stacks[player] == 0))
            return
        before = self.round_totals.get(player, 0)
        added = amount - before if kind == RAISE_TO else amount
        self._to_round(line, kind, player, added)

    def _to_round(self, line: int, kind: str, player: str, added: int) -> None:
        before = self.round_totals.get(player, 0)
        highest = max(self.round_totals.values(), default=0)
        total = before + added
        self._pay(player, added)
        self.round_totals[player] = total
        all_in = kind == ALL_IN or self.stacks[player] == 0
        opening = self.street == 0 and not self.completed
        brought_in = any(action.kind is Kind.BRING_IN for action in self.actions)
        small_bet = self.session.stakes.small_bet if self.session else None
        if kind == BRING_IN or (kind == ALL_IN and opening and not brought_in and (
                small_bet is None or total < small_bet)):
            self._act(line, Kind.BRING_IN, player, added, all_in=all_in)
        elif kind == CALL or (kind == ALL_IN and highest > 0 and total <= highest):
            self._act(line, Kind.CALL, player, added, all_in=all_in)
        elif opening:  # 3rd street, nothing but a bring-in so far: the completion
            self.completed = True
            self._act(line, Kind.COMPLETE, player, total - highest, to=total, all_in=all_in)
        elif highest == 0:
            self._act(line, Kind.BET, player, added, all_in=all_in)
        else:
            self.completed = True
            self._act(line, Kind.RAISE, player, total - highest, to=total, all_in=all_in)

    def _pay(self, player: str, amount: int) -> None:
        self.stacks[player] -= amount
        self.put_in[player] = self.put_in.get(player, 0) + amount

    def _act(self, line: int, kind: Kind, player: str, amount: int = 0, *,
             to: int | None = None, all_in: bool = False) -> None:
        self.actions.append(Action(line=line, street=self.street, kind=kind, player=player,
                                   amount=amount, to=to, all_in=all_in))

    # --- the end ------------------------------------------------------------------------

    def _results(self) -> None:
        """Shows (cards written into the dealing elements, read at the hand's last line)
        and the ``win`` of each player (at his ``<player>`` line)."""
        assert self.session is not None
        left = [seat.player for seat in self.seats
                if seat.player in self.held and seat.player not in self.folded]
        end = self.file_line(self.end_line)
        if len(left) >= 2:
            self.streets.append(StreetMark(line=end, street=SHOWDOWN_STREET, name="SHOW DOWN"))
        for player in left:
            cards = self.held[player]
            known = tuple(card for card in cards if card is not None)
            if len(known) == len(cards) and (len(left) >= 2 or player != self.session.hero):
                self._show(end, Kind.SHOW, player, known)
            elif len(left) >= 2:
                self._show(end, Kind.MUCK, player, ())
        for player, (won, seat_line) in self.wins.items():
            if won:
                self.actions.append(Action(line=seat_line, street=SHOWDOWN_STREET,
                                           kind=Kind.COLLECT, player=player, amount=won,
                                           pot="pot"))
            printed = self.printed_bets.get(player)
            if printed is not None and printed != self.put_in.get(player, 0):
                self.notes.append(Note(line=seat_line, kind="bet_attribute_differs", text=(
                    f"{player}: bet={printed}, the actions put in {self.put_in.get(player, 0)}")))
        if not any(won for won, _ in self.wins.values()):
            self.problems.append(ParseProblem(line=end, code="hand_incomplete", fatal=True,
                                              message="nobody wins: the hand is cut off"))
        if (self.session.structure is BettingStructure.FIXED_LIMIT
                and self.session.stakes.small_bet is None):
            self._stakes_from_play(end)

    def _show(self, line: int, kind: Kind, player: str, cards: tuple[Card, ...]) -> None:
        self.actions.append(Action(line=line, street=SHOWDOWN_STREET, kind=kind, player=player,
                                   cards=cards))

    def _stakes_from_play(self, line: int) -> None:
        """No bet sizes printed (tournaments): the small bet is the first completion, else
        half the first bet from 5th street on, else the first 4th-street bet (all-in ones
        left out), else the level of the ante (:data:`TOURNAMENT_SMALL_BETS`)."""
        assert self.session is not None
        plain = [action for action in self.actions if not action.all_in]
        completes = [action.to for action in plain
                     if action.kind is Kind.COMPLETE and action.to is not None]
        big = [action.amount // 2 for action in plain
               if action.kind is Kind.BET and action.street >= 2]
        fourth = [action.amount for action in plain if action.kind is Kind.BET]
        small = next(iter(completes + big + fourth), None)
        how = "as the hand's bets show"
        if small is None:
            antes = [action.amount for action in plain if action.kind is Kind.ANTE]
            small = TOURNAMENT_SMALL_BETS.get(antes[0]) if antes else None
            how = f"the level of the ante {antes[0]}" if antes else ""
        if small is None:
            self.problems.append(ParseProblem(
                line=line, code="stakes_from_play", message="the header prints no bet sizes "
                "and nobody bets in this hand: the stakes are not known"))
            return
        self.problems.append(ParseProblem(
            line=line, code="stakes_from_play", message="the header prints no bet sizes: "
            f"small bet {small}, big bet {2 * small}, {how}"))
        stakes = self.session.stakes
        self.session = _Session(
            game_text=self.session.game_text, variant_id=self.session.variant_id,
            structure=self.session.structure,
            stakes=Stakes(small_bet=small, big_bet=2 * small, ante=stakes.ante),
            currency=self.session.currency, decimals=self.session.decimals,
            table=self.session.table, hero=self.session.hero,
            tournament=self.session.tournament, five_card=self.session.five_card)

    # --- the record ---------------------------------------------------------------------

    def _hand(self) -> Hand:
        session = self.session
        assert session is not None
        acting = {action.player for action in self.actions if action.kind is not Kind.COLLECT}
        seats = tuple(replace(seat, sitting_out=seat.player not in acting
                                    and seat.player not in self.held) for seat in self.seats)
        hero = session.hero if any(seat.player == session.hero for seat in seats) else None
        return Hand(
            site=SITE, hand_id=self.hand_id, source=span_of(self.block),
            game_text=session.game_text,
            variant_id=session.variant_id, structure=session.structure,
            currency=session.currency, stakes=session.stakes,
            started_at_text=self.started_text, started_at=_started_at(self.started_text),
            table=session.table, tournament=session.tournament, seats=seats,
            actions=tuple(self.actions), streets=tuple(self.streets), notes=tuple(self.notes),
            summary=Summary(line=self.block.line), hero=hero, problems=tuple(self.problems),
        )

    def _amount(self, text: str, line: int) -> int:
        try:
            return money(text, self.session.decimals if self.session else 2)
        except AmountError:
            raise Unreadable(line, "bad_amount", f"not an amount: {text!r}") from None

    def unreadable(self, error: Unreadable) -> Hand:
        """A hand that could not be read: rejected with the reason (its game from the
        session header when that can be read)."""
        session = self.session
        if session is None:
            try:
                session = _session_of(self.block.context)
            except Unreadable:
                session = None
        if not self.hand_id and self.block.lines:
            text = self.block.lines[0].lstrip(" \t").removeprefix(_CLOSE)
            self.hand_id = text[len(_OPEN):].partition('"')[0] if is_start(text) else ""
        return self.rejected(
            error, site=SITE, hand_id=self.hand_id,
            game_text=session.game_text if session else "",
            variant_id=session.variant_id if session else None,
            structure=session.structure if session else None,
        )


def _started_at(text: str) -> datetime | None:
    """``2010-09-05 13:00:46``, no zone printed: read as UTC (fpdb does the same)."""
    try:
        return datetime.strptime(text, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    except ValueError:
        return None
