"""Cards as the sites write them, and the integer encodings the evaluators use.

A card is written as a rank and a suit: ``Ah``, ``Td`` (some rooms write ``10d``).
Three representations exist, each for its own job:

* :class:`Card`, a small immutable record for code that reads and reasons;
* ``card.index`` (0..51, ``rank_index * 4 + suit_index``), a compact id for arrays;
* ``card.code``, the evaluation code: ``5**rank_index << 12 | 8**suit_index``.
  Adding the codes of a hand counts its ranks in base 5 (bits 12 and up) and its
  suits in base 8 (bits 0..11) without carries for up to 7 cards, so a hand's rank
  multiset is one integer and a flush is one bitwise AND (each card has exactly one
  suit bit set). This is what makes scalar evaluation a single table look-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"

RANK_NAMES: Final = (
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight",
    "Nine", "Ten", "Jack", "Queen", "King", "Ace",
)
RANK_PLURALS: Final = (
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights",
    "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces",
)

SUIT_BITS: Final = 12
SUIT_MASK: Final = (1 << SUIT_BITS) - 1


class CardError(ValueError):
    """Text that is not a card (or not a list of cards)."""


class Rank(IntEnum):
    """Card ranks, deuce lowest, ace highest (lowball rankings reorder them themselves)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        return RANK_CHARS[self]


class Suit(IntEnum):
    """Suits in the order stud uses to break ties: clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]


def rank_code(rank: int) -> int:
    """The rank part of an evaluation code: one base-5 digit per rank."""
    return int(5**rank) << SUIT_BITS


def suit_code(suit: int) -> int:
    """The suit part of an evaluation code: one octal digit (a single bit) per suit."""
    return int(8**suit)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    rank: Rank
    suit: Suit
    index: int = field(init=False, compare=False, repr=False)
    """``rank * 4 + suit``: 0..51."""
    code: int = field(init=False, compare=False, repr=False)
    """The evaluation code (see the module docstring)."""
    bit: int = field(init=False, compare=False, repr=False)
    """``1 << index``: a set of distinct cards is the OR (or the sum) of their bits."""

    def __post_init__(self) -> None:
        # Computed once per card: evaluators read these in their inner loops.
        object.__setattr__(self, "index", self.rank * 4 + self.suit)
        object.__setattr__(self, "code", rank_code(self.rank) | suit_code(self.suit))
        object.__setattr__(self, "bit", 1 << self.index)

    # Cards are hashed and compared constantly (sets of known cards): by index, not by the
    # generated tuple comparison.
    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other.index == self.index)

    def __str__(self) -> str:
        return self.rank.char + self.suit.char

    def __repr__(self) -> str:
        return f"Card({self})"


DECK: Final[tuple[Card, ...]] = tuple(Card(Rank(r), Suit(s)) for r in range(13) for s in range(4))
"""The 52 cards, ordered by index."""

CODES: Final[tuple[int, ...]] = tuple(card.code for card in DECK)
"""Evaluation code of each card index."""

BITS: Final[tuple[int, ...]] = tuple(card.bit for card in DECK)
"""Card bit of each card index (the badugi evaluators' encoding)."""

_BY_TEXT: Final[dict[str, Card]] = {str(card): card for card in DECK}
_BY_CODE: Final[dict[int, Card]] = {card.code: card for card in DECK}


def parse_card(text: str) -> Card:
    """``"Ah"``, ``"td"``, ``"10d"`` -> Card; anything else raises CardError."""
    token = text.strip()
    if token[:2] == "10":
        token = "T" + token[2:]
    if len(token) == 2:
        card = _BY_TEXT.get(token[0].upper() + token[1].lower())
        if card is not None:
            return card
    raise CardError(f"not a card: {text!r} (expected a rank of {RANK_CHARS} and a suit of cdhs)")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Space- or comma-separated cards: ``"Ah Kd 10c"`` -> (Ah, Kd, Tc).

    Brackets as the sites print them (``[Ah Kd]``) are accepted.
    """
    tokens = text.replace(",", " ").replace("[", " ").replace("]", " ").split()
    return tuple(parse_card(token) for token in tokens)


def card_from_code(code: int) -> Card:
    try:
        return _BY_CODE[code]
    except KeyError:
        raise CardError(f"not a card code: {code}") from None


def encode(cards: tuple[Card, ...] | list[Card]) -> tuple[int, ...]:
    """Evaluation codes of the cards, in order."""
    return tuple(card.code for card in cards)


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)
