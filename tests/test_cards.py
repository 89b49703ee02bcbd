"""Cards: parsing as the sites write them, the deck, and the three encodings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hhparse.cards import (
    BITS,
    CODES,
    DECK,
    SUIT_BITS,
    SUIT_MASK,
    Card,
    CardError,
    Rank,
    Suit,
    card_from_code,
    encode,
    format_cards,
    parse_card,
    parse_cards,
    same_cards,
)

# --- parsing -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("Ah", Rank.ACE, Suit.HEARTS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("td", Rank.TEN, Suit.DIAMONDS),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("10S", Rank.TEN, Suit.SPADES),
        ("kS", Rank.KING, Suit.SPADES),
        ("  Qh ", Rank.QUEEN, Suit.HEARTS),
        ("9c", Rank.NINE, Suit.CLUBS),
    ],
)
def test_parse_card_reads_rank_and_suit(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)


def test_parse_cards_reads_spaces_and_keeps_order() -> None:
    assert format_cards(parse_cards("Ah Kd 10c")) == "Ah Kd Tc"


@pytest.mark.parametrize(
    "text",
    ["[Ah Kd 10c]", "Ah, Kd, 10c", "Ah,Kd,10c", "[Ah,Kd] [10c]", "  ah  kD\tTC "],
)
def test_parse_cards_accepts_brackets_and_commas(text: str) -> None:
    assert format_cards(parse_cards(text)) == "Ah Kd Tc"


def test_parse_cards_of_nothing_is_empty() -> None:
    assert parse_cards("") == ()
    assert parse_cards("[ ]") == ()


@pytest.mark.parametrize("token", ["1h", "Ax", "", "AhKd", "10", "A", "h", "11h", "Zz", "Ahh"])
def test_parse_card_rejects_bad_tokens_with_card_error(token: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        parse_card(token)


@pytest.mark.parametrize("text", ["Ah 1h", "Ax", "AhKd", "Ah Kd Qc Js 1s", "[Ah Kx]"])
def test_parse_cards_rejects_any_bad_token(text: str) -> None:
    with pytest.raises(CardError):
        parse_cards(text)


def test_card_error_names_the_bad_token() -> None:
    with pytest.raises(CardError, match="'Ax'"):
        parse_cards("Ah Ax")


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


def test_str_round_trips_through_parse_for_the_whole_deck() -> None:
    for card in DECK:
        assert parse_card(str(card)) == card


# --- the deck ----------------------------------------------------------------------------


def test_deck_has_52_distinct_cards() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert len({str(card) for card in DECK}) == 52


def test_deck_is_ordered_by_index() -> None:
    assert [card.index for card in DECK] == list(range(52))
    assert sorted(DECK) == list(DECK)


def test_deck_is_every_rank_in_every_suit() -> None:
    assert {(card.rank, card.suit) for card in DECK} == {(r, s) for r in Rank for s in Suit}


def test_index_is_rank_times_four_plus_suit() -> None:
    for card in DECK:
        assert card.index == card.rank * 4 + card.suit
        assert DECK[card.index] == card


def test_rank_and_suit_orders() -> None:
    assert [rank.char for rank in Rank] == list("23456789TJQKA")
    assert [suit.char for suit in Suit] == list("cdhs")
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES


# --- encodings ---------------------------------------------------------------------------


def test_code_has_one_rank_digit_and_one_suit_bit() -> None:
    for card in DECK:
        assert card.code >> SUIT_BITS == 5**card.rank
        assert card.code & SUIT_MASK == 1 << (3 * card.suit)


def test_codes_and_bits_tables_follow_the_deck() -> None:
    assert [card.code for card in DECK] == list(CODES)
    assert [card.bit for card in DECK] == list(BITS)
    assert len(set(CODES)) == 52
    assert encode(DECK[:3]) == CODES[:3]


def test_bit_is_one_shifted_by_index() -> None:
    for card in DECK:
        assert card.bit == 1 << card.index
    assert sum(BITS) == (1 << 52) - 1


def test_card_from_code_round_trips() -> None:
    for card in DECK:
        assert card_from_code(card.code) == card


@pytest.mark.parametrize("code", [0, 1, 5 << SUIT_BITS, CODES[0] + CODES[1], -1])
def test_card_from_code_rejects_non_codes(code: int) -> None:
    with pytest.raises(CardError):
        card_from_code(code)


def test_cards_are_immutable_and_hashable() -> None:
    card = parse_card("Ah")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {card: 1}[parse_card("ah")] == 1


# --- the no-carry property -----------------------------------------------------------------

hands_up_to_seven = st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True)


@given(hands_up_to_seven)
def test_summing_codes_never_carries_between_rank_and_suit_parts(cards: list[Card]) -> None:
    total = sum(card.code for card in cards)
    assert total >> SUIT_BITS == sum(5**card.rank for card in cards)
    assert total & SUIT_MASK == sum(8**card.suit for card in cards)


@given(hands_up_to_seven)
def test_code_sum_counts_each_rank_and_each_suit(cards: list[Card]) -> None:
    total = sum(card.code for card in cards)
    ranks, suits = total >> SUIT_BITS, total & SUIT_MASK
    for rank in Rank:
        assert ranks // 5**rank % 5 == sum(card.rank == rank for card in cards)
    for suit in Suit:
        assert suits >> (3 * suit) & 7 == sum(card.suit == suit for card in cards)


@given(hands_up_to_seven)
def test_bits_of_distinct_cards_sum_like_they_or(cards: list[Card]) -> None:
    total = sum(card.bit for card in cards)
    ored = 0
    for card in cards:
        ored |= card.bit
    assert total == ored
    assert total.bit_count() == len(cards)


@given(st.lists(st.sampled_from(DECK[:8]), max_size=6),
       st.lists(st.sampled_from(DECK[:8]), max_size=6), st.randoms(use_true_random=False))
def test_same_cards_is_a_comparison_of_the_sorted_cards(
    first: list[Card], second: list[Card], shuffler: random.Random
) -> None:
    assert same_cards(first, second) == (sorted(first) == sorted(second))
    reordered = list(first)
    shuffler.shuffle(reordered)
    assert same_cards(first, tuple(reordered))
