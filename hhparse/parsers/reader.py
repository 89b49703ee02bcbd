"""What every room's text reader shares: recording what a block says, amounts, cards,
who a line is about, and the guard that turns a reader's bug into a rejected hand.

A room's reader subclasses :class:`TextReader` and states its text as class data (how it
writes "all-in" after an amount, what may follow a player's name at the start of a line);
its own methods read its header, seats and lines of play. :func:`read_guarded` runs a
reader so that it never raises: a bug in it is a fatal ``parser_crash`` problem on a hand
that keeps its place in the file (the hand is rejected, never lost).

The module is compiled with mypyc (the PokerStars reader, compiled too, extends it) and
:class:`TextReader` allows interpreted subclasses (the other rooms' readers). Amounts
repeat from hand to hand: each text is read once per process and remembered.

The records follow :mod:`hhparse.parsers.pokerstars`'s conventions (amounts in minor
units of the hand's unit, line numbers of the file).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

from hhparse.cards import DECK, RANK_CHARS, SUIT_CHARS, Card, CardError, parse_cards
from hhparse.money import parse_amount
from hhparse.parsers.base import BlockLike, crash_problem, span_of
from hhparse.records import Action, Hand, Kind, Note, ParseProblem, Seat, Stakes, StreetMark

__all__ = ["TextReader", "Unreadable", "crashed_hand", "read_guarded"]

_AMOUNT_CACHE_SIZE: Final = 4096
_AMOUNTS: Final[dict[int, dict[str, int]]] = {}
"""Amount text -> minor units, per number of decimals (bounded: 4,096 texts each)."""
_RANK_BY_CODE: Final[tuple[int, ...]] = tuple(
    RANK_CHARS.find(chr(code)) if chr(code) in RANK_CHARS else -1 for code in range(128))
"""A rank by its character's code (ASCII), -1 for no rank: no one-character string looked up
in a dict (hashed, compared) per card."""
_SUIT_BY_CODE: Final[tuple[int, ...]] = tuple(
    SUIT_CHARS.find(chr(code)) if chr(code) in SUIT_CHARS else -1 for code in range(128))
_ONE_CARD: Final[tuple[tuple[Card], ...]] = tuple((card,) for card in DECK)

_Block = TypeVar("_Block", bound=BlockLike)


class Unreadable(Exception):
    """A line that is not what its first words promised (recorded as ``unknown_line``)."""


def read_guarded(read: Callable[[_Block], Hand], block: _Block, *, site: str, room: str,
                 hand_id: re.Pattern[str]) -> Hand:
    """``read(block)``, or the hand of a block the reader choked on (:func:`crashed_hand`)."""
    try:
        return read(block)
    except Exception as error:
        return crashed_hand(block, error, site=site, room=room, hand_id=hand_id)


def crashed_hand(block: BlockLike, error: Exception, *, site: str, room: str,
                 hand_id: re.Pattern[str]) -> Hand:
    """A fatal ``parser_crash`` hand, with the id ``hand_id`` (group 1) finds in its first
    line (read as text: the reader may have choked on a line that was not)."""
    lines: tuple[object, ...] = block.lines
    found = hand_id.search(str(lines[0])) if lines else None
    return Hand(
        site=site, hand_id=found.group(1) if found else "", source=span_of(block),
        game_text="", variant_id=None, structure=None, currency="", stakes=Stakes(),
        problems=(crash_problem(block, room, error),),
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class TextReader:
    """Reads one block of a text log. Mutable while reading; a room's ``read`` returns the
    frozen Hand."""

    ALL_IN_SUFFIXES: ClassVar[tuple[str, ...]] = (" and is all-in",)
    """How the room writes "all-in" after an amount (:meth:`_money`)."""
    AMOUNT_REMARKS: ClassVar[tuple[str, ...]] = ()
    """Words that may follow an amount, before any all-in suffix, and end it: a remark to
    drop with all that follows (PokerStars' pot-limit ``and has reached the $8 cap``)."""
    NAME_FOLLOWERS: ClassVar[tuple[str, ...]] = (" ", ":")
    """What follows a player's name at the start of a line about him (:meth:`_who`)."""

    def __init__(self, block: BlockLike) -> None:
        self.block = block
        self.problems: list[ParseProblem] = []
        self.actions: list[Action] = []
        self.streets: list[StreetMark] = []
        self.notes: list[Note] = []
        self.seats: list[Seat] = []
        self.names: tuple[str, ...] = ()
        """Seated names, longest first (so ``Player10`` is tried before ``Player1``)."""
        self.street = 0
        self.amounts = _amounts_of(2)
        self._decimals = 2

    @property
    def decimals(self) -> int:
        """Decimals of the hand's unit: 2 for money, 0 for chips (:meth:`_amount`)."""
        return self._decimals

    @decimals.setter
    def decimals(self, decimals: int) -> None:
        self._decimals = decimals
        self.amounts = _amounts_of(decimals)

    # -- recording --

    def _problem(self, line: int, code: str, message: str, *, fatal: bool = False) -> None:
        self.problems.append(ParseProblem(line=line, code=code, message=message, fatal=fatal))

    def _unknown(self, text: str, number: int) -> None:
        self._problem(number, "unknown_line", f"line not understood: {text!r}")

    def _note(self, number: int, kind: str, text: str) -> None:
        self.notes.append(Note(line=number, kind=kind, text=text))

    def _act(self, number: int, kind: Kind, player: str, amount: int = 0, *,
             to: int | None = None, all_in: bool = False, n_cards: int | None = None,
             cards: tuple[Card, ...] = (), new_cards: tuple[Card, ...] = (),
             pot: str = "", street: int | None = None) -> None:
        """An action of the current street (or of ``street``, for a line printed late)."""
        self.actions.append(Action(number, self.street if street is None else street, kind,
                                   player, amount, to, all_in, n_cards, cards, new_cards, pot))

    # -- players --

    def _index_names(self) -> None:
        """Call once the seats are read."""
        # inserted in place, longest first and otherwise in seat order (as a stable sort
        # by length would put them): a sort key would be a call through Python per name
        names: list[str] = []
        for seat in self.seats:
            name = seat.player
            if name in names:
                continue
            at = len(names)
            while at > 0 and len(names[at - 1]) < len(name):
                at -= 1
            names.insert(at, name)
        self.names = tuple(names)

    def _who(self, text: str) -> str | None:
        """The seated player a line starts with (followed by one of :attr:`NAME_FOLLOWERS`)."""
        followers = self.NAME_FOLLOWERS
        for name in self.names:
            if text.startswith(name) and text[len(name) : len(name) + 1] in followers:
                return name
        return None

    # -- amounts and cards --

    def _amount(self, text: str) -> int:
        """``$1,000.50`` -> minor units of the hand's unit (remembered: amounts repeat)."""
        amounts = self.amounts
        known = amounts.get(text)
        if known is None:
            known = parse_amount(text, self._decimals)
            if len(amounts) < _AMOUNT_CACHE_SIZE:
                amounts[text] = known
        return known

    def _money(self, text: str) -> tuple[int, bool]:
        """An amount with an optional all-in suffix (and :attr:`AMOUNT_REMARKS`) after it."""
        all_in = False
        for suffix in self.ALL_IN_SUFFIXES:
            if text.endswith(suffix):
                text, all_in = text[: -len(suffix)], True
                break
        for remark in self.AMOUNT_REMARKS:
            if remark in text:  # rare: no partition (and its tuple) for every amount
                text = text.partition(remark)[0]
        return self._amount(text), all_in

    def _amount_in(self, text: str, start: int, end: int) -> int:
        """:meth:`_amount` of ``text[start:end]``, by a slice: the remembered amounts are
        looked up by their text, which costs both builds less than reading it in place."""
        return self._amount(text[start:end])

    def _money_at(self, text: str, start: int) -> tuple[int, bool]:
        """:meth:`_money` of ``text[start:]``: the suffix and remarks are found in place,
        and only the amount is sliced."""
        end = len(text)
        all_in = False
        for suffix in self.ALL_IN_SUFFIXES:
            if end - len(suffix) >= start and text.endswith(suffix):
                end, all_in = end - len(suffix), True
                break
        for remark in self.AMOUNT_REMARKS:
            found = text.find(remark, start, end)
            if found >= 0:
                end = found
        return self._amount(text[start:end]), all_in

    def _cards(self, text: str, number: int) -> tuple[Card, ...]:
        """Cards separated by spaces; unreadable ones are a problem and no cards."""
        cards = _written_cards(text)
        if cards is not None:
            return cards
        try:
            return parse_cards(text)
        except CardError:
            self._problem(number, "unreadable_cards", f"cards not understood: [{text}]")
            return ()

    def _cards_in(self, text: str, start: int, end: int, number: int) -> tuple[Card, ...]:
        """:meth:`_cards` of ``text[start:end]``; the usual spelling is read in place."""
        cards = _written_cards_in(text, start, end)
        return cards if cards is not None else self._cards(text[start:end], number)

    def _groups(self, text: str, number: int) -> list[tuple[Card, ...]]:
        """``[a b] [c]`` -> card groups; raises :class:`Unreadable` for anything else."""
        return self._groups_from(text, 0, number)

    def _groups_from(self, text: str, start: int, number: int) -> list[tuple[Card, ...]]:
        """:meth:`_groups` of ``text[start:]``, without making that string."""
        # text[start] is a primitive in the compiled build; startswith(prefix, start) is not
        if len(text) - start < 2 or text[start] != "[" or not text.endswith("]"):
            raise Unreadable(text[start:])
        end = len(text) - 1
        groups: list[tuple[Card, ...]] = []
        at = start + 1
        while True:
            close = text.find("] [", at, end)
            if close < 0:
                groups.append(self._cards_in(text, at, end, number))
                return groups
            groups.append(self._cards_in(text, at, close, number))
            at = close + 3

    def _bracket(self, text: str, number: int, start: int = 0) -> tuple[Card, ...]:
        """The first ``[..]`` group in ``text[start:]``."""
        # find, not index: str.index is a method called through Python when compiled
        opened = text.find("[", start)
        end = text.find("]", opened) if opened >= 0 else -1
        if end < 0:
            raise ValueError(f"no [..] in {text[start:]!r}")
        return self._cards_in(text, opened + 1, end, number)


def _written_cards(text: str) -> tuple[Card, ...] | None:
    """``Ah Kd 7c`` as the sites write it, read character by character (one-character
    strings are shared, so no string is made); None for any other spelling. Groups of five
    or seven cards seldom repeat: remembering groups by their text cost more than this."""
    return _written_cards_in(text, 0, len(text))


def _written_cards_in(text: str, start: int, end: int) -> tuple[Card, ...] | None:
    """:func:`_written_cards` of ``text[start:end]``."""
    length = end - start
    if length < 2 or length % 3 != 2:
        return None
    if length == 2:
        card = _card_at(text, start)
        return _ONE_CARD[card.index] if card is not None else None
    cards: list[Card] = []
    for at in range(start, end, 3):  # _card_at, inline: a call per card cost the pure build
        rank_code, suit_code = ord(text[at]), ord(text[at + 1])
        if rank_code >= 128 or suit_code >= 128:
            return None
        rank, suit = _RANK_BY_CODE[rank_code], _SUIT_BY_CODE[suit_code]
        if rank < 0 or suit < 0 or (at + 2 < end and text[at + 2] != " "):
            return None
        cards.append(DECK[rank * 4 + suit])
    return tuple(cards)


def _card_at(text: str, at: int) -> Card | None:
    rank_code, suit_code = ord(text[at]), ord(text[at + 1])
    if rank_code >= 128 or suit_code >= 128:
        return None
    rank, suit = _RANK_BY_CODE[rank_code], _SUIT_BY_CODE[suit_code]
    return DECK[rank * 4 + suit] if rank >= 0 and suit >= 0 else None


def _amounts_of(decimals: int) -> dict[str, int]:
    """The remembered amounts of a unit with ``decimals`` decimals."""
    amounts = _AMOUNTS.get(decimals)
    if amounts is None:
        amounts = _AMOUNTS[decimals] = {}
    return amounts
