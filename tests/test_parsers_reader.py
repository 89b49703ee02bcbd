"""The shared text reader: a room's class data and overrides are honoured, compiled or not.

:class:`TextReader` is compiled with mypyc (the compiled PokerStars reader extends it) and
allows interpreted subclasses (the other rooms' readers): what such a subclass states as
class data, and the methods it overrides, must reach the compiled base's helpers.
"""

from __future__ import annotations

from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hhparse
from hhparse.cards import DECK, RANK_CHARS, SUIT_CHARS, Card, CardError, format_cards, parse_cards
from hhparse.money import AmountError
from hhparse.parsers import pokerstars, reader
from hhparse.parsers.base import HandBlock
from hhparse.parsers.reader import TextReader
from hhparse.records import Seat

BLOCK = HandBlock(file="f", line=1, byte_offset=0, byte_length=0, lines=(), line_numbers=())


class _Room(TextReader):
    """An interpreted room reader with its own words."""

    ALL_IN_SUFFIXES: ClassVar[tuple[str, ...]] = (", and is all in", " all-in")
    AMOUNT_REMARKS: ClassVar[tuple[str, ...]] = (" (capped",)
    NAME_FOLLOWERS: ClassVar[tuple[str, ...]] = (" ",)


class _Euros(TextReader):
    def _amount(self, text: str) -> int:
        return super()._amount(text.replace("€", ""))


def seated(reader_class: type[TextReader], *names: str) -> TextReader:
    room = reader_class(BLOCK)
    room.seats = [Seat(seat=seat, player=name, stack=100, line=seat)
                  for seat, name in enumerate(names, 1)]
    room._index_names()
    return room


def test_the_compiled_build_compiles_the_shared_reader() -> None:
    if not hhparse.BUILD.compiled:
        pytest.skip("pure Python build")
    assert not reader.__file__.endswith(".py")
    assert not pokerstars.__file__.endswith(".py")
    assert issubclass(pokerstars._Reader, TextReader)


def test_a_subclass_states_how_it_writes_all_in_and_remarks() -> None:
    room = seated(_Room)
    assert room._money("$5, and is all in") == (500, True)
    assert room._money("$5 all-in") == (500, True)
    assert room._money("$5 (capped at $5)") == (500, False)
    with pytest.raises(AmountError):
        room._money("$5 and is all in")  # not this room's words


def test_the_base_words_stay_for_a_subclass_that_states_none() -> None:
    room = seated(TextReader)
    assert room._money("$5 and is all-in") == (500, True)
    with pytest.raises(AmountError):
        room._money("$5 (capped at $5)")


def test_a_subclass_states_what_follows_a_name() -> None:
    room = seated(_Room, "Ann", "Ann B")
    assert room.names == ("Ann B", "Ann")
    assert room._who("Ann B shows [Ah]") == "Ann B"
    assert room._who("Ann: folds") is None
    assert seated(TextReader, "Ann")._who("Ann: folds") == "Ann"


def test_a_subclass_override_is_what_the_base_calls() -> None:
    assert seated(_Euros)._money("5.50€ and is all-in") == (550, True)


def test_remembered_amounts_are_per_unit() -> None:
    room = seated(_Room)
    room.decimals = 2
    assert room._amount("1,500") == 150_000
    room.decimals = 0
    assert room._amount("1,500") == 1_500
    with pytest.raises(AmountError):
        room._amount("1.25")
    room.currency, room.decimals = "EUR", 2  # an interpreted subclass's own attribute beside
    assert (room._amount("1.25"), room.currency) == (125, "EUR")


def test_cards_as_the_sites_write_them_and_as_others_do() -> None:
    room = seated(TextReader)
    first, again = room._cards("Ah Kd", 1), room._cards("Ah Kd", 2)
    assert first == again and [str(card) for card in first] == ["Ah", "Kd"]
    assert room._cards("Ts", 3) == (DECK[8 * 4 + 3],)
    assert [str(card) for card in room._cards("ah  10d", 4)] == ["Ah", "Td"]
    assert room._cards("", 5) == () and not room.problems
    assert room._cards("Xx", 6) == () and [p.code for p in room.problems] == ["unreadable_cards"]


_SPELLINGS = st.lists(st.sampled_from([*RANK_CHARS, *SUIT_CHARS, "x", "1", "0", " ", "  ",
                                       "a", "k", "S", "H"]), max_size=14).map("".join)


_JOINED = st.tuples(st.lists(st.sampled_from(DECK), max_size=7),
                    st.sampled_from([" ", "  ", "x", "", ",", "\t"])).map(
    lambda pair: pair[1].join(str(card) for card in pair[0]))


@given(st.one_of(st.lists(st.sampled_from(DECK), max_size=7).map(format_cards), _JOINED,
                 _SPELLINGS))
def test_cards_read_character_by_character_are_the_cards_parse_cards_reads(text: str) -> None:
    try:
        expected: tuple[Card, ...] | None = parse_cards(text)
    except CardError:
        expected = None
    room = seated(TextReader)
    cards = room._cards(text, 1)
    assert (cards if not room.problems else None) == expected


# --- readings in place: the same as the readings of a slice -----------------------------

_LINE_PIECES = st.lists(st.sampled_from([
    *"[] 0123456789.$€x", "Ah", "Kd", "7c", "] [", " and is all-in", " and has reached the ",
    "Ts 9s", "ah", "\u0663",
]), max_size=10).map("".join)


def _outcome(read: object, *args: object) -> object:
    """What ``read(*args)`` returns, or the kind of error it raises."""
    try:
        return read(*args)  # type: ignore[operator]
    except (reader.Unreadable, AmountError, CardError, ValueError) as error:
        return type(error)


@settings(max_examples=600, deadline=None)
@given(_LINE_PIECES, st.integers(0, 12), st.integers(0, 12), st.sampled_from([0, 2]))
def test_a_reading_in_place_is_the_reading_of_the_slice(text: str, start: int, stop: int,
                                                        decimals: int) -> None:
    """The offsets PokerStars' lines are read at give what slicing the line first gave."""
    end = min(max(start, stop), len(text))
    room, sliced = seated(TextReader), seated(TextReader)
    room.decimals = sliced.decimals = decimals
    assert reader._written_cards_in(text, start, end) == reader._written_cards(text[start:end])
    assert _outcome(room._amount_in, text, start, end) == _outcome(
        sliced._amount, text[start:end])
    assert _outcome(room._money_at, text, start) == _outcome(sliced._money, text[start:])
    assert _outcome(room._groups_from, text, start, 1) == _outcome(
        sliced._groups, text[start:], 1)
    assert _outcome(room._bracket, text, 1, start) == _outcome(
        sliced._bracket, text[start:], 1)
    assert room.problems == sliced.problems


@given(st.lists(st.sampled_from(["A", "B", "Al", "Bo", "Ann", "Ann B", "Player1", "Player10"]),
                max_size=10))
def test_seated_names_are_longest_first_then_in_seat_order(names: list[str]) -> None:
    """What a stable sort by length, longest first, gives: ``Player10`` is tried before
    ``Player1``; a name seated twice is there once."""
    room = seated(TextReader, *names)
    assert room.names == tuple(sorted(dict.fromkeys(names), key=len, reverse=True))
