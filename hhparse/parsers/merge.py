"""Merge Gaming (Carbon Poker) hand histories: one ``<game>`` element -> one Hand.

The reader only reads (see the PokerStars reader for the conventions of the records); the
rules and the accounts are the replayer's (room rules ``merge`` in ``replay/rooms.py``).

How Merge writes a hand, and how it is read:

* **XML fragments, whatever the file's extension.** A file opens with one
  ``<description type="2-7 Lowball" stakes="Limit $1/$2"/>`` that holds the game and the
  stakes of every hand in it (read once per file: :func:`file_description`, given to every
  block as ``HandBlock.context``; the line itself is kept as junk), then ``<game>``
  elements, one per hand. Each is parsed with the standard library's expat parser; a
  document type declaration (the door to entity expansion) is refused, never expanded.
* **Seats by number.** ``<player seat="0" ...>`` counts from 0 (stored from 1, as fpdb and
  the other rooms count them); events name players by seat, except ``CHAT`` (a nickname).
  ``dealtin="false"`` seats sit out. Cash balances are the stacks before the hand;
  tournament balances are after the blinds and antes, which are added back.
* **Rounds are streets.** Draw games: ``PRE_FIRST_DRAW`` (street 0), ``FIRST_DRAW`` and
  ``POST_FIRST_DRAW`` (street 1) ...; stud: ``BRING_IN`` and ``THIRD_STREET`` (street 0)
  ... ``SEVENTH_STREET`` (street 4); ``SHOWDOWN`` and the ends are the showdown. A round's
  cards come before its betting (the site writes them after).
* **Amounts.** ``RAISE`` and ``COMPLETE`` give the player's new total for the round
  (``to``); ``BET``, ``CALL``, ``ALL_IN``, blinds, antes and the bring-in give the chips
  the line adds. ``ALL_IN`` is a bet, call, raise or completion by what it adds to the
  player's total against the round's highest.
* **Draws.** ``DRAW text="2"`` (2 cards; 0 stands pat). The hero's hand after each draw
  (``DRAW_DRAWN_CARDS``) keeps the kept cards in their places: the changed places are his
  discards and his new cards.
* **Stud cards.** The hero's ``HOLE`` lists his cards so far, an opponent's
  ``DRAW_DRAWN_CARDS`` too with ``null`` (or nothing) for the cards face down. After an
  all-in the shows come inside the street where the betting ended and the rest of the
  board is dealt after them: those shows are read at the end of the hand, with every
  card the log has shown of the player by then.
* **Results.** ``<winner amount=.. player=.. potnumber=.. pottype=..>`` pays a pot (after
  the rake; one per half of a hi/lo pot) and is a collection; with ``uncalled="true"`` it
  is an uncalled bet returned. A folded-to bet comes back inside the winner's amount (room
  rule). No pot, rake or summary is printed; ``GAME_CANCELLED`` ends a cancelled hand.
* **Time.** ``starttime="20110419091134"`` is wall-clock time at a fixed UTC-5 (every
  corpus hand's event time stamps say so, summer and winter).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Final

from hhparse.cards import Card, CardError, parse_card
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
    Tournament,
)
from hhparse.variants import BettingStructure

SITE: Final = "merge"
PREFIX: Final = "<game "
SITE_OFFSET: Final = timedelta(hours=-5)
"""Merge's ``starttime`` is wall-clock time at UTC-5 all year round."""

_DESCRIPTION: Final = re.compile(r"<description\s[^>]*>")
_GAME_START: Final = re.compile(r'<game\s+id="\d+-\d+"')
_MULTIGAME: Final = re.compile(r'\smultigametype="(\d+)"')

GAMES: Final[dict[str, str | None]] = {
    "2-7 Lowball": "27_triple_draw",
    "A-5 Lowball": "a5_triple_draw",
    "Badugi": "badugi",
    "5-Draw": "five_card_draw",
    "7-Stud": "stud",
    "7-Stud H/L8": "stud8",
    "Razz": "razz",
    "Holdem": None,
    "Omaha": None,
    "Omaha H/L8": None,
    "5-Draw w/Joker": None,
    "5-Stud": None,
}
"""The description's game -> variant id (None: a game we keep as unsupported)."""

MIXED_GAMES: Final[dict[str, str | None]] = {
    "38": "stud", "39": "stud", "41": "stud", "42": "stud",
    "43": "stud8", "44": "stud8", "45": "stud8",
    "46": "razz", "47": "razz", "49": "razz",
    "1": None, "2": None, "9": None, "23": None, "4": None, "34": None, "35": None, "37": None,
}
"""A mixed game's ``multigametype`` -> variant id (None: hold'em or Omaha)."""

_MIXES: Final = ("HORSE", "HOSE", "HA", "HO", "HAR", "RASH", "SHOE")

STRUCTURES: Final[dict[str, BettingStructure | None]] = {
    "Limit": BettingStructure.FIXED_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
    "No Limit": BettingStructure.NO_LIMIT,
    "Half Pot Limit": None,  # bets of up to half the pot: no structure we replay
}

DRAW_ROUNDS: Final[dict[str, int]] = {
    "PRE_FIRST_DRAW": 0, "FIRST_DRAW": 1, "POST_FIRST_DRAW": 1, "SECOND_DRAW": 2,
    "POST_SECOND_DRAW": 2, "THIRD_DRAW": 3, "POST_THIRD_DRAW": 3,
}
STUD_ROUNDS: Final[dict[str, int]] = {
    "BRING_IN": 0, "THIRD_STREET": 0, "FOURTH_STREET": 1, "FIFTH_STREET": 2,
    "SIXTH_STREET": 3, "SEVENTH_STREET": 4,
}
END_ROUNDS: Final = frozenset({"SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME"})
_MARKS: Final[dict[str, str]] = {
    "FIRST_DRAW": "FIRST DRAW", "SECOND_DRAW": "SECOND DRAW", "THIRD_DRAW": "THIRD DRAW",
    "FOURTH_STREET": "4th STREET", "FIFTH_STREET": "5th STREET", "SIXTH_STREET": "6th STREET",
    "SEVENTH_STREET": "7th STREET", "SHOWDOWN": "SHOW DOWN",
}
FORCED: Final[dict[str, Kind]] = {
    "SMALL_BLIND": Kind.POST_SB, "BIG_BLIND": Kind.POST_BB, "INITIAL_BLIND": Kind.POST_BB,
    "ANTE": Kind.ANTE,
}
"""``INITIAL_BLIND``: a newcomer's live big blind out of position; ``RETURN_BLIND`` is read
as a big blind too (fpdb sees no other)."""
NOTES: Final = frozenset({"CHAT", "PLAYER_OUT", "SIT_OUT", "LEAVE", "DISCONNECTED",
                          "RECONNECTED", "GAME_CANCELLED"})


def is_start(line: str) -> bool:
    return _GAME_START.match(line) is not None


def file_description(head: str) -> str:
    """The file's ``<description .../>`` element (the game and stakes of all its hands)."""
    found = _DESCRIPTION.search(head)
    return found.group(0) if found else ""



def parse_block(block: HandBlock) -> Hand:
    return read_guarded(_Reader(block), "Merge")


@dataclass(slots=True)
class _Game:  # mutable: a hand may learn its stakes from its play
    text: str
    variant_id: str | None
    structure: BettingStructure | None
    stakes: Stakes
    tournament: bool
    mixed: str | None


def _game_of(description: str, game: dict[str, str], line: int) -> _Game:
    """The hand's game from the file's description (and a mixed game's ``multigametype``)."""
    attributes = xml_start_tags(description)[1].attributes if description else {}
    kind = attributes.get("type", "")
    tournament = kind.endswith(" Tournament")
    kind = kind.removesuffix(" Tournament")
    if not kind:
        raise Unreadable(line, "unreadable_header",
                          "no <description> before the hands: the game is not known")
    stakes_text = attributes.get("stakes", "")
    limit = stakes_text.split("(")[0].split("$")[0].strip()
    structure = STRUCTURES.get(limit)
    if limit not in STRUCTURES:
        raise Unreadable(line, "unreadable_header", f"unknown betting limit {stakes_text!r}")
    mixed = kind if kind in _MIXES else None
    if mixed is not None:
        code = game.get("multigametype", "")
        if code not in MIXED_GAMES:
            raise Unreadable(line, "unreadable_header", f"unknown mixed game {code!r} in {kind}")
        variant_id = MIXED_GAMES[code]
    elif kind in GAMES:
        variant_id = GAMES[kind]
    else:
        raise Unreadable(line, "unreadable_header", f"unknown game {kind!r}")
    if structure is None:
        variant_id = None
    numbers = [parse_amount(amount) for amount in re.findall(r"\$([\d.]+)", stakes_text)]
    return _Game(text=f"{kind} {stakes_text}".strip(), variant_id=variant_id,
                 structure=structure, stakes=_stakes(structure, numbers, variant_id),
                 tournament=tournament, mixed=mixed)


def _stakes(structure: BettingStructure | None, numbers: list[int],
            variant_id: str | None) -> Stakes:
    stud = variant_id in ("stud", "stud8", "razz")
    if structure is BettingStructure.FIXED_LIMIT and len(numbers) == 2:
        return Stakes(small_bet=numbers[0], big_bet=numbers[1])
    if stud and len(numbers) == 3:  # No Limit ($0.01/$0.02/$0.10): ante, bring-in, min bet
        return Stakes(ante=numbers[0], bring_in=numbers[1], big_blind=numbers[2])
    if len(numbers) == 2:
        return Stakes(small_blind=numbers[0], big_blind=numbers[1])
    return Stakes()


@dataclass(slots=True)
class _Reader(XmlReader):
    block: HandBlock
    hand_id: str = ""
    game: _Game | None = None
    stud: bool = False
    names: dict[str, str] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    streets: list[StreetMark] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    hero: str | None = None
    street: int = 0
    round_totals: dict[str, int] = field(default_factory=dict)
    completed: bool = False
    held: dict[str, list[Card | None]] = field(default_factory=dict)
    """Draw games: the hero's hand; stud: each player's cards as last listed."""
    deferred_shows: list[tuple[int, str, Kind]] = field(default_factory=list)
    cancelled: bool = False
    ended: bool = False
    balances: dict[str, tuple[int, int, bool]] = field(default_factory=dict)
    decimals: int = 2
    """Money has cents; tournament chips (printed ``200.00``) have none."""

    def read(self) -> Hand:
        elements = xml_start_tags(self.block.text)
        games = [element for element in elements if element.tag == "game"]
        if not games:
            raise Unreadable(1, "unreadable_header", "no <game> element")
        game = games[0]
        self.hand_id = game.attributes.get("id", "")
        self.game = _game_of(self.block.context, game.attributes, game.line)
        self.stud = self.game.variant_id in ("stud", "stud8", "razz")
        self.decimals = 0 if self.game.tournament else 2
        if self.game.variant_id is None:  # hold'em, Omaha, half-pot limit: kept, not read
            return self._hand(game, None, ended=True)
        dealer: int | None = None
        round_id = ""
        round_elements: list[StartTag] = []
        for element in elements[elements.index(game) + 1:]:
            if element.tag == "players":
                dealer = int_or_none(element.attributes.get("dealer"))
            elif element.tag == "player":
                self._player(element)
            elif element.tag == "round":
                self._round(round_id, round_elements)
                round_id, round_elements = element.attributes.get("id", ""), []
            else:
                round_elements.append(element)
        self._round(round_id, round_elements)
        self._emit_deferred_shows()
        if self.game.structure is BettingStructure.FIXED_LIMIT and (
            self.game.stakes.small_bet is None
        ):
            self.game.stakes = self._stakes_from_play(game.line)
        return self._hand(game, dealer)

    def _stakes_from_play(self, line: int) -> Stakes:
        """Fixed limit with no bet sizes printed (the tournament's ``stakes="Limit"``): the
        small bet is the first completion (stud) or full first-round bet, else half the
        first bet of a big-bet round; a warning says the stakes were read from the play."""
        opening = [action for action in self.actions if not action.all_in and (
            (action.kind is Kind.COMPLETE and action.street == 0)
            or (action.kind is Kind.BET and action.street == (1 if self.stud else 0)))]
        big = [action for action in self.actions if not action.all_in and action.kind is
               Kind.BET and action.street >= 2]  # 5th street, or after the 2nd draw
        if opening:
            small = opening[0].to if opening[0].kind is Kind.COMPLETE else opening[0].amount
        elif big:
            small = big[0].amount // 2
        else:
            raise Unreadable(line, "stakes_unknown", "the file's description prints no bet "
                              "sizes and nobody bets in this hand: the stakes are not known")
        small = small or 0
        self._problem(line, "stakes_from_play", "the file's description prints no bet sizes: "
                      f"small bet {small}, big bet {2 * small} as the hand's bets show")
        return Stakes(small_bet=small, big_bet=2 * small)

    # --- seats ------------------------------------------------------------------------

    def _player(self, element: StartTag) -> None:
        attributes = element.attributes
        seat = int_or_none(attributes.get("seat"))
        name = attributes.get("nickname", "")
        if seat is None or not name:
            self._problem(element.line, "unknown_line", f"a player without seat or name: "
                          f"{attributes}")
            return
        self.names[str(seat)] = name
        stack = self._amount(attributes.get("balance", "0"), element.line)
        dealt_in = attributes.get("dealtin", "true") == "true"
        self.balances[name] = (seat + 1, stack, dealt_in)
        self.seats.append(Seat(seat=seat + 1, player=name, stack=stack,
                               sitting_out=not dealt_in, line=self.file_line(element.line)))

    # --- rounds -----------------------------------------------------------------------

    def _round(self, round_id: str, elements: list[StartTag]) -> None:
        if not round_id:
            return
        streets = STUD_ROUNDS if self.stud else DRAW_ROUNDS
        if round_id in streets:
            street = streets[round_id]
            if street != self.street or round_id in ("FIRST_DRAW", "SECOND_DRAW", "THIRD_DRAW"):
                self.round_totals = {}
            if street != self.street and self.street != SHOWDOWN_STREET:
                self.street = street
            if round_id in _MARKS and elements:
                line = self.file_line(elements[0].line)
                self.streets.append(StreetMark(line=line, street=self.street,
                                               name=_MARKS[round_id]))
        elif round_id in END_ROUNDS:
            self._emit_deferred_shows()  # the board is complete: shows go before payments
            if round_id == "SHOWDOWN" and elements:
                self.streets.append(StreetMark(line=self.file_line(elements[0].line),
                                               street=SHOWDOWN_STREET, name="SHOW DOWN"))
            self.street = SHOWDOWN_STREET
            self.ended = self.ended or round_id != "SHOWDOWN"
        elif round_id == "GAME_CANCELLED":
            self.cancelled = True
        elif round_id != "BLINDS":
            self._problem(elements[0].line if elements else 0, "unknown_line",
                          f"unknown round {round_id!r}")
        cards = [element for element in elements if element.tag == "cards"]
        events = [element for element in elements if element.tag != "cards"]
        if self.stud:
            self._stud_cards([card for card in cards if card.attributes.get("type") in (
                "HOLE", "DRAW_DRAWN_CARDS")])
        else:
            self._draw_hole([card for card in cards if card.attributes.get("type") == "HOLE"])
        shown = {card.attributes.get("player", ""): card for card in cards
                 if card.attributes.get("type") in ("SHOWN", "MUCKED")}
        drawn = {card.attributes.get("player", ""): card for card in cards
                 if card.attributes.get("type") == "DRAW_DRAWN_CARDS"}
        for event in events:
            self._event(event, shown, drawn if not self.stud else {})

    # --- events -----------------------------------------------------------------------

    def _event(self, element: StartTag, shown: dict[str, StartTag],
               drawn: dict[str, StartTag]) -> None:
        attributes = element.attributes
        if element.tag == "winner":
            self._winner(element)
            return
        if element.tag != "event":
            self._problem(element.line, "unknown_line", f"unknown element <{element.tag}>")
            return
        kind = attributes.get("type", "")
        line = self.file_line(element.line)
        if kind in NOTES:
            self.notes.append(Note(line=line, kind=kind.lower(),
                                   text=attributes.get("text", attributes.get("player", ""))))
            self.cancelled = self.cancelled or kind == "GAME_CANCELLED"
            return
        seat = attributes.get("player", "")
        player = self.names.get(seat)
        if player is None:
            raise Unreadable(element.line, "actor_not_seated",
                              f"{kind} by seat {seat!r}, where nobody is seated")
        amount = self._amount(attributes["amount"], element.line) if "amount" in attributes else 0
        if kind in FORCED or kind == "RETURN_BLIND":
            self._forced(line, FORCED.get(kind, Kind.POST_BB), player, amount)
        elif kind in ("BET", "CALL", "CHECK", "FOLD", "BRING_IN"):
            self._simple(line, kind, player, amount)
        elif kind in ("RAISE", "COMPLETE"):
            self._to(line, Kind.RAISE if kind == "RAISE" else Kind.COMPLETE, player, amount)
        elif kind == "ALL_IN":
            self._all_in(line, player, amount)
        elif kind == "DRAW":
            self._draw(line, player, attributes.get("text", ""), drawn.get(seat))
        elif kind in ("SHOW", "MUCK"):
            self._show(line, player, Kind.SHOW if kind == "SHOW" else Kind.MUCK, shown.get(seat))
        else:
            self._problem(element.line, "unknown_line", f"unknown event type {kind!r}")

    def _forced(self, line: int, kind: Kind, player: str, amount: int) -> None:
        self.actions.append(Action(line=line, street=0, kind=kind, player=player,
                                   amount=amount))
        if kind is not Kind.ANTE:
            self.round_totals[player] = self.round_totals.get(player, 0) + amount

    def _simple(self, line: int, kind_text: str, player: str, amount: int) -> None:
        kind = {"BET": Kind.BET, "CALL": Kind.CALL, "CHECK": Kind.CHECK, "FOLD": Kind.FOLD,
                "BRING_IN": Kind.BRING_IN}[kind_text]
        self.round_totals[player] = self.round_totals.get(player, 0) + amount
        self.actions.append(Action(line=line, street=self.street, kind=kind, player=player,
                                   amount=amount))

    def _to(self, line: int, kind: Kind, player: str, total: int) -> None:
        """``amount`` as the records want it: the raise over the round's highest bet."""
        highest = max(self.round_totals.values(), default=0)
        self.round_totals[player] = total
        self.completed = True
        self.actions.append(Action(line=line, street=self.street, kind=kind, player=player,
                                   amount=total - highest, to=total))

    def _all_in(self, line: int, player: str, added: int) -> None:
        """Chips added all-in: a bet, a call, a completion or a raise by what they make."""
        before = self.round_totals.get(player, 0)
        total = before + added
        highest = max(self.round_totals.values(), default=0)
        bring_in_only = self.stud and self.street == 0 and not self.completed and any(
            action.kind is Kind.BRING_IN for action in self.actions)
        if highest == 0:
            kind, to = Kind.BET, None
        elif total <= highest:
            kind, to = Kind.CALL, None
        elif bring_in_only:
            kind, to = Kind.COMPLETE, total
        else:
            kind, to = Kind.RAISE, total
        self.round_totals[player] = total
        self.completed = self.completed or to is not None
        amount = added if to is None else total - highest
        self.actions.append(Action(line=line, street=self.street, kind=kind, player=player,
                                   amount=amount, to=to, all_in=True))

    def _draw(self, line: int, player: str, text: str, drawn: StartTag | None) -> None:
        count = int_or_none(text)
        if count is None:
            self.problems.append(ParseProblem(line=line, code="unknown_line",
                                              message=f"a draw of {text!r} cards"))
            return
        if count == 0:
            self.actions.append(Action(line=line, street=self.street, kind=Kind.STAND_PAT,
                                       player=player, n_cards=0))
            return
        held = self.held.get(player)
        if drawn is None or held is None:
            self.actions.append(Action(line=line, street=self.street, kind=Kind.DISCARD,
                                       player=player, n_cards=count))
            return
        after = self._cards(drawn)
        before = [card for card in held if card is not None]
        places = range(min(len(before), len(after)))
        thrown = tuple(before[at] for at in places if before[at] != after[at])
        kept = tuple(before[at] for at in places if before[at] == after[at])
        new = tuple(after[at] for at in places if before[at] != after[at])
        self.actions.append(Action(line=line, street=self.street, kind=Kind.DISCARD,
                                   player=player, n_cards=count, cards=thrown))
        self.actions.append(Action(line=self.file_line(drawn.line), street=self.street,
                                   kind=Kind.DEALT, player=player, cards=kept, new_cards=new))
        self.held[player] = list(after)

    def _show(self, line: int, player: str, kind: Kind, cards: StartTag | None) -> None:
        shown = self._cards(cards) if cards is not None else ()
        if kind is Kind.MUCK and not shown:  # the winner of a folded game keeps his cards
            self.actions.append(Action(line=line, street=SHOWDOWN_STREET, kind=Kind.NO_SHOW,
                                       player=player))
            return
        if self.stud and self.street != SHOWDOWN_STREET:
            self.deferred_shows.append((line, player, kind))  # the board is still to come
            self.held[player] = _merged(self.held.get(player, []), list(shown))
            return
        self.actions.append(Action(line=line, street=SHOWDOWN_STREET, kind=kind,
                                   player=player, cards=shown))

    def _emit_deferred_shows(self) -> None:
        for line, player, kind in self.deferred_shows:
            cards = tuple(card for card in self.held.get(player, []) if card is not None)
            self.actions.append(Action(line=line, street=SHOWDOWN_STREET, kind=kind,
                                       player=player, cards=cards))
        self.deferred_shows = []

    def _winner(self, element: StartTag) -> None:
        attributes = element.attributes
        line = self.file_line(element.line)
        player = self.names.get(attributes.get("player", ""))
        if player is None:
            raise Unreadable(element.line, "actor_not_seated",
                              f"a winner at seat {attributes.get('player')!r}, where nobody sits")
        amount = self._amount(attributes.get("amount", ""), element.line)
        if attributes.get("uncalled") == "true":
            self.actions.append(Action(line=line, street=SHOWDOWN_STREET,
                                       kind=Kind.UNCALLED_RETURN, player=player, amount=amount))
            return
        number = int_or_none(attributes.get("potnumber")) or 1
        pot = "main pot" if number == 1 else f"side pot-{number - 1}"
        self.actions.append(Action(line=line, street=SHOWDOWN_STREET, kind=Kind.COLLECT,
                                   player=player, amount=amount, pot=pot))

    # --- cards ------------------------------------------------------------------------

    def _cards(self, element: StartTag) -> tuple[Card, ...]:
        return tuple(card for card in self._places(element) if card is not None)

    def _places(self, element: StartTag) -> list[Card | None]:
        """The cards of a ``<cards>`` element by place (None: face down)."""
        places: list[Card | None] = []
        for text in element.attributes.get("cards", "").split(","):
            token = text.strip()
            if token in ("", "null"):
                places.append(None)
                continue
            try:
                places.append(parse_card(token))
            except CardError:
                self._problem(element.line, "bad_card", f"not a card: {token!r}")
                places.append(None)
        return places

    def _draw_hole(self, holes: list[StartTag]) -> None:
        for element in holes:
            player = self.names.get(element.attributes.get("player", ""))
            if player is None or player in self.held:
                continue
            cards = self._cards(element)
            self.hero = player
            self.held[player] = list(cards)
            self.actions.append(Action(line=self.file_line(element.line), street=self.street,
                                       kind=Kind.DEALT, player=player, new_cards=cards))

    def _stud_cards(self, listed: list[StartTag]) -> None:
        """Each player's new card(s) of the street: the places beyond those listed before."""
        for element in listed:
            player = self.names.get(element.attributes.get("player", ""))
            if player is None:
                continue
            if element.attributes.get("type") == "HOLE":
                self.hero = player
            places = self._places(element)
            before = self.held.get(player, [])
            if len(places) <= len(before):
                self.held[player] = _merged(before, places)
                continue  # a folded hero's cards, listed again
            new = tuple(card for card in places[len(before):] if card is not None)
            self.held[player] = _merged(before, places)
            if new:  # earlier cards are not repeated: a show may have told more of them
                self.actions.append(Action(
                    line=self.file_line(element.line), street=self.street, kind=Kind.DEALT,
                    player=player, new_cards=new))

    # --- the record -------------------------------------------------------------------

    def _hand(self, game: StartTag, dealer: int | None, ended: bool = False) -> Hand:
        assert self.game is not None
        tournament = self.game.tournament
        seats = tuple(self._stack_before_posts(seat) for seat in self.seats) if (
            tournament) else tuple(self.seats)
        started_text = game.attributes.get("starttime", "")
        data = game.attributes.get("data", "").split("|")
        if not (self.ended or ended or self.cancelled):
            self.problems.append(ParseProblem(
                line=self.block.line, code="hand_incomplete", fatal=True,
                message="the hand has no END_OF_GAME round: it is cut off"))
        return Hand(
            site=SITE, hand_id=self.hand_id, source=span_of(self.block),
            game_text=self.game.text, variant_id=self.game.variant_id,
            structure=self.game.structure,
            currency="chips" if tournament or game.attributes.get("realmoney") == "false"
            else "USD",
            stakes=self.game.stakes, started_at_text=started_text,
            started_at=_started_at(started_text), table=data[1] if len(data) > 1 else "",
            max_seats=int_or_none(game.attributes.get("seats")),
            button_seat=dealer + 1 if dealer is not None and not self.stud else None,
            tournament=Tournament(tournament_id=data[2].split("-")[0]) if (
                tournament and len(data) > 2) else None,
            mixed_game=self.game.mixed, play_money=game.attributes.get("realmoney") == "false",
            seats=seats, actions=tuple(self.actions), streets=tuple(self.streets),
            notes=tuple(self.notes), summary=Summary(line=self.block.line), hero=self.hero,
            cancelled=self.cancelled, problems=tuple(self.problems),
        )

    def _stack_before_posts(self, seat: Seat) -> Seat:
        """Tournament balances are after the blinds and antes: add them back."""
        posted = sum(action.amount for action in self.actions
                     if action.player == seat.player and action.kind in FORCED.values())
        return replace(seat, stack=seat.stack + posted)

    def _amount(self, text: str, line: int) -> int:
        try:
            return parse_amount(text, self.decimals)
        except AmountError:
            raise Unreadable(line, "bad_amount",
                              f"not an amount: {text!r}") from None

    def unreadable(self, error: Unreadable) -> Hand:
        """A hand whose XML could not be read: rejected with the reason (its game from the
        description, so that a broken draw or stud hand is not taken for another game)."""
        if self.game is None and self.block.lines:
            mixed = _MULTIGAME.search(self.block.lines[0])
            try:
                self.game = _game_of(self.block.context,
                                     {"multigametype": mixed.group(1)} if mixed else {}, 1)
            except Unreadable:
                self.game = None
        return self.rejected(
            error, site=SITE, hand_id=self.hand_id or _id_of(self.block),
            game_text=self.game.text if self.game else "",
            variant_id=self.game.variant_id if self.game else None,
            structure=self.game.structure if self.game else None,
        )


def _merged(before: list[Card | None], places: list[Card | None]) -> list[Card | None]:
    """Cards by place, the known of both lists (a later list may hide what one showed)."""
    size = max(len(before), len(places))
    merged: list[Card | None] = []
    for at in range(size):
        later = places[at] if at < len(places) else None
        earlier = before[at] if at < len(before) else None
        merged.append(later if later is not None else earlier)
    return merged


def _id_of(block: HandBlock) -> str:
    found = re.search(r'<game\s+id="([^"]+)"', block.lines[0]) if block.lines else None
    return found.group(1) if found else ""



def _started_at(text: str) -> datetime | None:
    try:
        local = datetime.strptime(text, "%Y%m%d%H%M%S")
    except ValueError:
        return None
    return (local - SITE_OFFSET).replace(tzinfo=UTC)
