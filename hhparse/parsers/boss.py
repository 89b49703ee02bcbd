"""Boss Media / Microgaming ("Opoker") hand histories: one ``<HISTORY>`` element -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's (room rules ``boss`` in ``replay/rooms.py``).

How Boss writes a hand, and how it is read:

* **XML elements, whatever the file's extension.** Two forms hold the same elements: the
  client's "Opoker" export, a whole XML document (``<?xml ...?>``, ``<ROOT>``, then
  ``<HISTORY>`` elements back to back, ``</ROOT>`` after the last), and a bare
  ``<HISTORY>`` element saved as ``.txt`` (CRLF, no declaration, no root). Both are one
  site: a hand opens at its ``<HISTORY ID=".." SESSION="session..`` line; the declaration
  and ``<ROOT>`` before the first hand are junk, a ``</ROOT>`` after the last is dropped.
  Each hand is parsed with merge's expat helper: a document type declaration is refused,
  never expanded; XML that breaks off is ``hand_incomplete``.
* **The header is the element's attributes** (in any order): ``GAME`` (``GAME_FCD``
  five-card draw; hold'em and Omaha codes are kept as unsupported), ``LIMIT`` (FL, PL,
  NL), ``STAKES`` (fixed limit: small/big bet; else the blinds), ``TABLECURRENCY``,
  ``DATE`` (Unix seconds, UTC), and ``WIN``/``LOSS``: the hero's net for the hand, kept as
  his summary seat's printed net (the replayer holds ours to it).
* **Seats.** One ``<PLAYER>`` per seat of the table (their count is the table size);
  ``STATE_EMPTY`` seats are left out. ``DEALER="Y"`` is the button, even on a seat that
  sits out (a dead button). Who plays is who has a ``HAND_DEAL``: the others sit out.
  The hero is the player whose dealt cards are numbers, not ``b``.
* **Cards** are numbers 0..51: rank ``n mod 13`` (0 = ace, 1 = deuce .. 12 = king), suit
  ``n div 13`` (diamonds, clubs, hearts, spades); ``b`` is a card face down.
* **Streets.** Everything up to ``HAND_BOARD`` is the first betting round (street 0); the
  ``HAND_BOARD`` line (the pot so far, kept as a note) starts the draw (street 1), whose
  betting follows the ``CHANGECARD`` lines; ``SHOWDOWN`` (written in every hand) is the
  showdown street. Either blind may be written first.
* **Amounts.** ``ACTION_RAISE`` and ``ACTION_BET`` give the player's new total for the
  round; ``ACTION_CALL`` gives that total too when it equals the round's highest bet, else
  the chips it adds (both are seen at Boss); ``ACTION_ALLIN`` gives the player's total and
  is a bet, call or raise by what it makes against the round's highest.
* **Draws.** ``CHANGECARD COUNT="n"`` (0 stands pat). The hero's five cards after it keep
  the kept cards in their places: the changed places are his discards and his new cards.
* **Results.** No uncalled bet is printed (room rule). ``SHOWDOWN POT`` is the pot after
  the rake and without any uncalled bet, ``RAKE`` the rake: the total pot is their sum.
  Each ``RESULT`` pays ``WIN`` (after the rake) and shows the player's cards
  (``$(STR_G_WIN_..)``, even for a loser), mucks them (``$(STR_G_MUCK)``, cards listed or
  not) or wins without a showdown (``$(STR_BY_DEFAULT)``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Final

from hhparse.cards import Card, parse_card
from hhparse.money import AmountError, parse_amount
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
    SummarySeat,
    Tournament,
)
from hhparse.variants import BettingStructure

SITE: Final = "boss"
PREFIXES: Final = ("<HISTORY ", "<ROOT>", "<?xml")
"""A hand's line opens with its ``<HISTORY``, or with the document's head on the same line."""

_START: Final = re.compile(
    r'(?:<\?xml[^>]*\?>\s*)?(?:<ROOT>\s*)?<HISTORY\s+ID="\d+"\s+SESSION="session')
_HEAD: Final = re.compile(r"\A(?:<\?xml[^>]*\?>)?\s*(?:<ROOT>)?")
_TAIL: Final = re.compile(r"</ROOT>\s*\Z")
_ATTRIBUTE: Final = re.compile(r'(\w+)="([^"]*)"')

GAMES: Final[dict[str, str | None]] = {
    "GAME_FCD": "five_card_draw",
    "GAME_THM": None,
    "GAME_OMA": None,
    "GAME_OMATU": None,
    "GAME_OMAHL": None,
}
"""``GAME`` -> variant id (None: hold'em and Omaha, kept as unsupported)."""

STRUCTURES: Final[dict[str, BettingStructure]] = {
    "FL": BettingStructure.FIXED_LIMIT,
    "PL": BettingStructure.POT_LIMIT,
    "NL": BettingStructure.NO_LIMIT,
}
FORCED: Final[dict[str, Kind]] = {
    "HAND_SB": Kind.POST_SB, "HAND_BB": Kind.POST_BB, "HAND_DSB": Kind.POST_DEAD,
    "HAND_AB": Kind.POST_SB_BB,
}
"""A blind's ``KIND``: ``HAND_DSB`` is a dead small blind, ``HAND_AB`` both blinds."""
BETTING: Final = frozenset({"ACTION_FOLD", "ACTION_CHECK", "ACTION_CALL", "ACTION_BET",
                            "ACTION_RAISE", "ACTION_ALLIN"})
_SUITS: Final = "dchs"
_RANKS: Final = "A23456789TJQK"


def is_start(line: str) -> bool:
    return _START.match(line) is not None


def parse_block(block: HandBlock) -> Hand:
    return read_guarded(_Reader(block), "Boss")


def card_of(link: str) -> Card | None:
    """``LINK="25"`` -> Kc; ``b`` (face down) or anything else -> None."""
    number = int_or_none(link)
    if number is None or number > 51:
        return None
    return parse_card(_RANKS[number % 13] + _SUITS[number // 13])


@dataclass(slots=True)
class _Item:
    """An element with the ``LINK`` of each of its ``<CARD>`` children."""

    element: StartTag
    links: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Game:
    text: str
    variant_id: str | None
    structure: BettingStructure
    stakes: Stakes
    tournament: bool


def _game_of(header: dict[str, str], line: int) -> _Game:
    code, limit = header.get("GAME", ""), header.get("LIMIT", "")
    if code not in GAMES:
        raise Unreadable(line, "unreadable_header", f"unknown game {code!r}")
    if limit not in STRUCTURES:
        raise Unreadable(line, "unreadable_header", f"unknown betting limit {limit!r}")
    structure = STRUCTURES[limit]
    stakes_text = header.get("STAKES", "")
    tournament = header.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
    try:  # tournaments count whole chips
        numbers = [parse_amount(part, 0 if tournament else 2) for part in stakes_text.split("/")]
    except AmountError:
        numbers = []
    if len(numbers) != 2:
        raise Unreadable(line, "unreadable_header", f"unreadable stakes {stakes_text!r}")
    if structure is BettingStructure.FIXED_LIMIT:
        stakes = Stakes(small_bet=numbers[0], big_bet=numbers[1])
    else:
        stakes = Stakes(small_blind=numbers[0], big_blind=numbers[1])
    return _Game(text=f"{code} {limit} {stakes_text}", variant_id=GAMES[code],
                 structure=structure, stakes=stakes, tournament=tournament)


def _items(elements: list[StartTag]) -> list[_Item]:
    """The elements with their cards: a ``<CARD>`` belongs to the element before it."""
    items: list[_Item] = []
    for element in elements:
        if element.tag == "CARD" and items:
            items[-1].links.append(element.attributes.get("LINK", ""))
        elif element.tag != "r":
            items.append(_Item(element))
    return items


@dataclass(slots=True)
class _Reader(XmlReader):
    block: HandBlock
    header: dict[str, str] = field(default_factory=dict)
    game: _Game | None = None
    decimals: int = 2
    seats: list[Seat] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    results: list[Action] = field(default_factory=list)
    streets: list[StreetMark] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    hero: str | None = None
    held: list[Card] = field(default_factory=list)
    street: int = 0
    round_totals: dict[str, int] = field(default_factory=dict)
    summary: Summary | None = None

    def read(self) -> Hand:
        text = _TAIL.sub("", _HEAD.sub("", self.block.text, count=1), count=1)
        items = _items(xml_start_tags(text))
        if not items or items[0].element.tag != "HISTORY":
            raise Unreadable(1, "unreadable_header", "no <HISTORY> element")
        history = items[0].element
        self.header = history.attributes
        if not self.header.get("ID", "").isdigit():
            raise Unreadable(history.line, "unreadable_header", "the hand has no ID")
        self.game = _game_of(self.header, history.line)
        self.decimals = 0 if self.game.tournament else 2
        if self.game.variant_id is None:  # hold'em, Omaha: kept, not read
            return self._hand(len([i for i in items if i.element.tag == "PLAYER"]), None)
        dealt = {item.element.attributes.get("PLAYER", "") for item in items
                 if item.element.attributes.get("TYPE") == "HAND_DEAL"}
        table_size = 0
        button: int | None = None
        for item in items[1:]:
            element = item.element
            if element.tag == "PLAYER":
                table_size += 1
                if element.attributes.get("DEALER") == "Y":
                    button = int_or_none(element.attributes.get("SEAT"))
                self._player(element, dealt)
            elif element.tag == "ACTION":
                self._action(item)
            elif element.tag == "SHOWDOWN":
                self._showdown(element)
            elif element.tag == "RESULT":
                self._result(item)
            else:
                self._problem(element.line, "unknown_line", f"unknown element <{element.tag}>")
        self.actions.extend(action for action in self.results if action.kind is Kind.COLLECT)
        return self._hand(table_size, button)

    # --- seats ------------------------------------------------------------------------

    def _player(self, element: StartTag, dealt: set[str]) -> None:
        attributes = element.attributes
        if attributes.get("STATE") == "STATE_EMPTY":
            return
        seat = int_or_none(attributes.get("SEAT"))
        name = attributes.get("NAME", "")
        if seat is None or not name:
            self._problem(element.line, "unknown_line", f"a player without seat or name: "
                          f"{attributes}")
            return
        stack = self._amount(attributes.get("AMOUNT", ""), element.line)
        self.seats.append(Seat(seat=seat, player=name, stack=stack,
                               sitting_out=name not in dealt, line=self.file_line(element.line)))

    # --- actions ----------------------------------------------------------------------

    def _action(self, item: _Item) -> None:
        attributes = item.element.attributes
        kind = attributes.get("TYPE", "")
        line = self.file_line(item.element.line)
        player = attributes.get("PLAYER", "")
        if kind == "HAND_BOARD":
            self.street += 1
            self.round_totals = {}
            self.streets.append(StreetMark(line=line, street=self.street, name="DRAW"))
            self.notes.append(Note(line=line, kind="pot", text=attributes.get("POT", "")))
            return
        if kind not in ("HAND_BLINDS", "HAND_ANTE", "HAND_DEAL", "CHANGECARD", *BETTING):
            self._problem(item.element.line, "unknown_line", f"unknown action {kind!r}")
            return
        if not player:
            raise Unreadable(item.element.line, "actor_not_seated", f"{kind} by nobody")
        value = attributes.get("VALUE")
        amount = self._amount(value, item.element.line) if value is not None else 0
        if kind == "HAND_BLINDS":
            forced = FORCED.get(attributes.get("KIND", ""))
            if forced is None:
                self._problem(item.element.line, "unknown_line",
                              f"unknown blind {attributes.get('KIND')!r}")
                return
            self._forced(line, forced, player, amount)
        elif kind == "HAND_ANTE":
            self.actions.append(Action(line=line, street=0, kind=Kind.ANTE, player=player,
                                       amount=amount))
        elif kind == "HAND_DEAL":
            self._deal(item, line, player)
        elif kind == "CHANGECARD":
            self._draw(item, line, player)
        else:
            self._betting(line, kind, player, amount)

    def _forced(self, line: int, kind: Kind, player: str, amount: int) -> None:
        self.actions.append(Action(line=line, street=0, kind=kind, player=player,
                                   amount=amount))
        if kind is Kind.POST_DEAD:
            return
        live = amount
        if kind is Kind.POST_SB_BB and self.game is not None:
            live = min(amount, self.game.stakes.big_blind or self.game.stakes.small_bet or 0)
        self.round_totals[player] = self.round_totals.get(player, 0) + live

    def _betting(self, line: int, kind: str, player: str, value: int) -> None:
        before = self.round_totals.get(player, 0)
        highest = max(self.round_totals.values(), default=0)
        street = self.street
        if kind in ("ACTION_FOLD", "ACTION_CHECK"):
            self.actions.append(Action(line=line, street=street, player=player,
                                       kind=Kind.FOLD if kind == "ACTION_FOLD" else Kind.CHECK))
            return
        if kind == "ACTION_CALL":  # the total when it makes the highest bet, else the chips
            added = value - before if value == highest else value
            self.round_totals[player] = before + added
            self.actions.append(Action(line=line, street=street, kind=Kind.CALL, player=player,
                                       amount=added))
            return
        all_in = kind == "ACTION_ALLIN"
        self.round_totals[player] = value
        if kind == "ACTION_BET" or (all_in and highest == 0):
            self.actions.append(Action(line=line, street=street, kind=Kind.BET, player=player,
                                       amount=value - before, all_in=all_in))
        elif all_in and value <= highest:
            self.actions.append(Action(line=line, street=street, kind=Kind.CALL, player=player,
                                       amount=value - before, all_in=True))
        else:
            self.actions.append(Action(line=line, street=street, kind=Kind.RAISE, player=player,
                                       amount=value - highest, to=value, all_in=all_in))

    # --- cards ------------------------------------------------------------------------

    def _cards(self, item: _Item) -> list[Card | None]:
        return [card_of(link) for link in item.links]

    def _deal(self, item: _Item, line: int, player: str) -> None:
        cards = tuple(card for card in self._cards(item) if card is not None)
        if not cards:
            return
        if self.hero is None:
            self.hero = player
            self.held = list(cards)
        self.actions.append(Action(line=line, street=self.street, kind=Kind.DEALT,
                                   player=player, new_cards=cards))

    def _draw(self, item: _Item, line: int, player: str) -> None:
        attributes = item.element.attributes
        count = int_or_none(attributes.get("COUNT"))
        if count is None:
            self._problem(item.element.line, "unknown_line",
                          f"a draw of {attributes.get('COUNT')!r} cards")
            return
        after = [card for card in self._cards(item) if card is not None]
        mine = player == self.hero and len(after) == len(self.held)
        if count == 0:
            self.actions.append(Action(line=line, street=self.street, kind=Kind.STAND_PAT,
                                       player=player, n_cards=0,
                                       cards=tuple(after) if mine else ()))
            return
        if not mine:
            self.actions.append(Action(line=line, street=self.street, kind=Kind.DISCARD,
                                       player=player, n_cards=count))
            return
        before = self.held
        places = range(len(before))
        thrown = tuple(before[at] for at in places if before[at] != after[at])
        self.actions.append(Action(line=line, street=self.street, kind=Kind.DISCARD,
                                   player=player, n_cards=count, cards=thrown))
        self.actions.append(Action(
            line=self.file_line(item.element.line + 1), street=self.street, kind=Kind.DEALT,
            player=player, cards=tuple(before[at] for at in places if before[at] == after[at]),
            new_cards=tuple(after[at] for at in places if before[at] != after[at])))
        self.held = after

    # --- the result -------------------------------------------------------------------

    def _showdown(self, element: StartTag) -> None:
        attributes = element.attributes
        line = self.file_line(element.line)
        self.street = SHOWDOWN_STREET
        pot = self._amount(attributes.get("POT", ""), element.line)
        rake = self._amount(attributes.get("RAKE", "0"), element.line)
        main = attributes.get("MAINPOT", "")
        for side in ("LEFTPOT", "RIGHTPOT"):
            if attributes.get(side):
                self.notes.append(Note(line=line, kind=side.lower(), text=attributes[side]))
        self.summary = Summary(
            total_pot=pot + rake, rake=rake, line=line,
            main_pot=self._amount(main, element.line) if main else None)

    def _result(self, item: _Item) -> None:
        attributes = item.element.attributes
        line = self.file_line(item.element.line)
        player = attributes.get("PLAYER", "")
        if not player or self.street != SHOWDOWN_STREET:
            self._problem(item.element.line, "unknown_line",
                          f"a result outside the showdown or for nobody: {attributes}")
            return
        won = self._amount(attributes.get("WIN", "0"), item.element.line)
        cards = tuple(card for card in self._cards(item) if card is not None)
        hand = attributes.get("HAND", "")
        if "STR_G_MUCK" in hand:
            self.actions.append(Action(line=line, street=SHOWDOWN_STREET, kind=Kind.MUCK,
                                       player=player, cards=cards))
        elif cards:
            if not any(mark.street == SHOWDOWN_STREET for mark in self.streets):
                self.streets.append(StreetMark(line=line, street=SHOWDOWN_STREET,
                                               name="SHOW DOWN"))
            self.actions.append(Action(line=line, street=SHOWDOWN_STREET, kind=Kind.SHOW,
                                       player=player, cards=cards))
        if won:
            self.results.append(Action(line=line, street=SHOWDOWN_STREET, kind=Kind.COLLECT,
                                       player=player, amount=won, pot="pot"))

    # --- the record -------------------------------------------------------------------

    def _printed_net(self, line: int) -> tuple[SummarySeat, ...]:
        """The header's WIN and LOSS: the hero's net, as his summary seat."""
        seat = next((seat for seat in self.seats if seat.player == self.hero), None)
        win, loss = self.header.get("WIN"), self.header.get("LOSS")
        if seat is None or win is None or loss is None:
            return ()
        net = self._amount(win, line) - self._amount(loss, line)
        return (SummarySeat(line=self.file_line(line), seat=seat.seat, player=seat.player,
                            text=f'WIN="{win}" LOSS="{loss}"', net=net),)

    def _hand(self, table_size: int, button: int | None) -> Hand:
        assert self.game is not None
        header = self.header
        summary = self.summary or Summary(line=self.block.line)
        summary = Summary(total_pot=summary.total_pot, main_pot=summary.main_pot,
                          rake=summary.rake, line=summary.line, seats=self._printed_net(1))
        tournament = self.game.tournament
        session = header.get("SESSION", "").removeprefix("session").removesuffix(".xml")
        started = header.get("DATE", "")
        started_at = self._started_at(started)
        return Hand(
            site=SITE, hand_id=header.get("ID", ""), source=span_of(self.block),
            game_text=self.game.text, variant_id=self.game.variant_id,
            structure=self.game.structure,
            currency="chips" if tournament else header.get("TABLECURRENCY", ""),
            stakes=self.game.stakes, started_at_text=started,
            started_at=started_at,
            table=header.get("TABLE", ""), max_seats=table_size or None, button_seat=button,
            tournament=Tournament(tournament_id=header.get("TABLETOURNEYID") or session) if (
                tournament) else None,
            seats=tuple(self.seats), actions=tuple(self.actions), streets=tuple(self.streets),
            notes=tuple(self.notes), summary=summary, hero=self.hero,
            problems=tuple(self.problems),
        )

    def _started_at(self, text: str) -> datetime | None:
        """``DATE`` (Unix seconds) as a UTC time; None if there is none, and a problem if
        it is past what a datetime holds (year 9999)."""
        if not text.isdecimal():
            return None
        try:
            return datetime.fromtimestamp(int(text), UTC)
        except (ValueError, OverflowError, OSError):
            self._problem(1, "unreadable_time", f"DATE {text!r} is not a time (out of range)")
            return None

    def _amount(self, text: str, line: int) -> int:
        try:
            return parse_amount(text, self.decimals)
        except AmountError:
            raise Unreadable(line, "bad_amount", f"not an amount: {text!r}") from None

    def unreadable(self, error: Unreadable) -> Hand:
        """A hand that could not be read: rejected with the reason (its game from the header
        line when that can be read, so that a broken draw hand is not taken for another)."""
        if self.game is None and self.block.lines:
            header = dict(_ATTRIBUTE.findall(self.block.lines[0]))
            self.header = self.header or header
            try:
                self.game = _game_of(header, 1)
            except Unreadable:
                self.game = None
        return self.rejected(
            error, site=SITE, hand_id=self.header.get("ID", ""),
            game_text=self.game.text if self.game else "",
            variant_id=self.game.variant_id if self.game else None,
            structure=self.game.structure if self.game else None,
        )
