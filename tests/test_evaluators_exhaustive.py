"""Exhaustive and sampled checks of the evaluators against counts derived by hand.

Every five-card hand (C(52,5) = 2,598,960) goes through the batch path of each
five-card table; every four-card hand (C(52,4) = 270,725) through the badugi batch path.
The scalar paths are compared with the batch paths, and both with independent
definitional implementations (and pokerkit) on random samples.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import chain, combinations, combinations_with_replacement, pairwise
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhparse.cards import CODES, DECK, SUIT_BITS, Card
from hhparse.evaluators import RANKINGS, EvaluationError, badugi, high, low
from hhparse.evaluators.bestof import best_of_five
from hhparse.evaluators.tables import (
    BATCH_RANK_KEYS,
    BATCH_TABLE_SIZE,
    FiveCardTable,
    batch_key,
    rank_sum_key,
)

IntArray = npt.NDArray[np.int64]

ALL_FIVE = comb(52, 5)  # 2,598,960
ALL_FOUR = comb(52, 4)  # 270,725
SAMPLE = 200_000

# No single test here takes 5 s (about 1 s each on a laptop); the whole-deck enumerations
# are still marked slow, as the marker describes them, so `-m "not slow"` skips them.


# --- helpers -------------------------------------------------------------------------------


def all_hands(size: int) -> npt.NDArray[np.int8]:
    """Every ``size``-card hand as a row of increasing card indexes."""
    flat = chain.from_iterable(combinations(range(52), size))
    return np.fromiter(flat, dtype=np.int8, count=comb(52, size) * size).reshape(-1, size)


def random_hands(rng: np.random.Generator, count: int, size: int) -> IntArray:
    """``count`` hands of ``size`` distinct cards (uniform)."""
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.int64)


def to_cards(row: Sequence[int] | IntArray) -> list[Card]:
    return [DECK[int(index)] for index in row]


def as_text(row: Sequence[int] | IntArray) -> str:
    return "".join(str(card) for card in to_cards(row))


def category(hand_class: str) -> str:
    """Lowball tables name their no-pair classes by the top card (``7-low``, ``A-low``)."""
    return "no pair" if hand_class.endswith("-low") else hand_class


def class_of_value(table: FiveCardTable) -> list[str]:
    return [""] + [category(table.shape(value).hand_class) for value in range(1, table.size + 1)]


def tally(table: FiveCardTable, values: npt.NDArray[np.integer]) -> dict[str, tuple[int, int]]:
    """category -> (number of hands, number of distinct values)."""
    hands = np.bincount(values, minlength=table.size + 1)
    classes = class_of_value(table)
    hand_counts: Counter[str] = Counter()
    value_counts: Counter[str] = Counter()
    for value in range(1, table.size + 1):
        hand_counts[classes[value]] += int(hands[value])
        value_counts[classes[value]] += 1
    return {name: (hand_counts[name], value_counts[name]) for name in hand_counts}


def assert_same_order(values: Sequence[int], keys: Sequence[Any]) -> None:
    """Values order the hands exactly as the reference keys do (ties included).

    Both are total preorders, so checking neighbours in value order is enough: the keys
    must rise exactly where the values rise and stay equal where they stay equal.
    """
    order = sorted(range(len(values)), key=values.__getitem__)
    for a, b in pairwise(order):
        if values[a] == values[b]:
            assert keys[a] == keys[b], (a, b)
        else:
            assert keys[a] < keys[b], (a, b)


@pytest.fixture(scope="module")
def five_card_hands() -> npt.NDArray[np.int8]:
    return all_hands(5)


@pytest.fixture(scope="module")
def four_card_hands() -> npt.NDArray[np.int8]:
    return all_hands(4)


# --- the enumeration itself ----------------------------------------------------------------


def test_all_five_card_hands_are_every_combination(five_card_hands: npt.NDArray[np.int8]) -> None:
    assert five_card_hands.shape == (ALL_FIVE, 5)
    assert (np.diff(five_card_hands, axis=1) > 0).all()
    assert five_card_hands.min() == 0
    assert five_card_hands.max() == 51


# --- five-card tables: exhaustive category counts ------------------------------------------

# Standard high (category: hands, distinct values):
#   straight flush  10 straights * 4 suits                               =        40 (10)
#   four of a kind  13 ranks * 48 kickers                                 =       624 (13*12)
#   full house      13 * C(4,3) * 12 * C(4,2)                             =     3,744 (13*12)
#   flush           4 * (C(13,5) - 10)                                    =     5,108 (1,277)
#   straight        10 * (4^5 - 4)                                        =    10,200 (10)
#   three of a kind 13 * C(4,3) * C(12,2) * 4^2                           =    54,912 (13*66)
#   two pair        C(13,2) * C(4,2)^2 * 44                               =   123,552 (78*11)
#   one pair        13 * C(4,2) * C(12,3) * 4^3                           = 1,098,240 (13*220)
#   high card       (C(13,5) - 10) * (4^5 - 4)                            = 1,302,540 (1,277)
#   distinct values 10 + 156 + 156 + 1,277 + 10 + 858 + 858 + 2,860 + 1,277 = 7,462
HIGH_COUNTS = {
    "straight flush": (40, 10),
    "four of a kind": (624, 156),
    "full house": (3_744, 156),
    "flush": (5_108, 1_277),
    "straight": (10_200, 10),
    "three of a kind": (54_912, 858),
    "two pair": (123_552, 858),
    "pair": (1_098_240, 2_860),
    "high card": (1_302_540, 1_277),
}

# 2-7 low: A-2-3-4-5 is not a straight (aces are high only), so 9 rank sets are straights
# (6-high .. A-high) instead of 10, and the wheel's rank set joins the no-pair hands:
#   straight flush  9 * 4                                                 =        36 (9)
#   straight        9 * (4^5 - 4)                                         =     9,180 (9)
#   flush           4 * (C(13,5) - 9)                                     =     5,112 (1,278)
#   no pair         (C(13,5) - 9) * (4^5 - 4)                             = 1,303,560 (1,278)
#   pairs, two pair, trips, full house, quads: as in high.
#   distinct values 9 + 9 + 1,278 + 1,278 + 2,860 + 858 + 858 + 156 + 156  = 7,462
DEUCE_TO_SEVEN_COUNTS = {
    "straight flush": (36, 9),
    "four of a kind": (624, 156),
    "full house": (3_744, 156),
    "flush": (5_112, 1_278),
    "straight": (9_180, 9),
    "three of a kind": (54_912, 858),
    "two pair": (123_552, 858),
    "pair": (1_098_240, 2_860),
    "no pair": (1_303_560, 1_278),
}

# A-5 low: straights and flushes do not count, so every rank set of five different ranks
# is one no-pair hand whatever the suits:
#   no pair         C(13,5) * 4^5                                         = 1,317,888 (1,287)
#   pairs, two pair, trips, full house, quads: as in high.
#   distinct values 1,287 + 2,860 + 858 + 858 + 156 + 156                  = 6,175
ACE_TO_FIVE_COUNTS = {
    "no pair": (1_317_888, 1_287),
    "pair": (1_098_240, 2_860),
    "two pair": (123_552, 858),
    "three of a kind": (54_912, 858),
    "full house": (3_744, 156),
    "four of a kind": (624, 156),
}

# Categories from worst to best, as RULES.md states them.
HIGH_ORDER = (
    "high card", "pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)
DEUCE_TO_SEVEN_ORDER = (
    "straight flush", "four of a kind", "full house", "flush", "straight",
    "three of a kind", "two pair", "pair", "no pair",
)
ACE_TO_FIVE_ORDER = (
    "four of a kind", "full house", "three of a kind", "two pair", "pair", "no pair",
)

TABLES: dict[str, Callable[[], FiveCardTable]] = {
    "high": high.table,
    "27": low.deuce_to_seven_table,
    "a5": low.ace_to_five_table,
}
EXPECTED = {"high": HIGH_COUNTS, "27": DEUCE_TO_SEVEN_COUNTS, "a5": ACE_TO_FIVE_COUNTS}
DISTINCT = {"high": 7_462, "27": 7_462, "a5": 6_175}
ORDER = {"high": HIGH_ORDER, "27": DEUCE_TO_SEVEN_ORDER, "a5": ACE_TO_FIVE_ORDER}


def test_derived_counts_add_up_to_every_hand() -> None:
    for counts in EXPECTED.values():
        assert sum(hands for hands, _ in counts.values()) == ALL_FIVE
    for name, counts in EXPECTED.items():
        assert sum(values for _, values in counts.values()) == DISTINCT[name]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TABLES))
def test_every_five_card_hand_by_category(
    name: str, five_card_hands: npt.NDArray[np.int8]
) -> None:
    table = TABLES[name]()
    values = table.batch(five_card_hands)
    assert values.shape == (ALL_FIVE,)
    assert values.min() >= 1, "a hand missed the batch table"
    assert table.size == DISTINCT[name]
    assert len(np.unique(values)) == DISTINCT[name]
    assert tally(table, values) == EXPECTED[name]


@pytest.mark.parametrize("name", list(TABLES))
def test_categories_occupy_value_ranges_in_rule_order(name: str) -> None:
    table = TABLES[name]()
    classes = class_of_value(table)
    ranges = {
        cat: (classes.index(cat), len(classes) - 1 - classes[::-1].index(cat))
        for cat in ORDER[name]
    }
    for worse, better in pairwise(ORDER[name]):
        assert ranges[worse][1] < ranges[better][0], (worse, better)
    assert ranges[ORDER[name][0]][0] == 1
    assert ranges[ORDER[name][-1]][1] == table.size


# --- scalar paths agree with the batch path ------------------------------------------------


@pytest.mark.parametrize("name", list(TABLES))
def test_fast5_agrees_with_batch_on_a_large_sample(
    name: str, five_card_hands: npt.NDArray[np.int8]
) -> None:
    table = TABLES[name]()
    rng = np.random.default_rng(5)
    hands = five_card_hands[rng.integers(0, ALL_FIVE, SAMPLE)]
    batch = table.batch(hands).tolist()
    value5 = table.fast5()
    codes = np.asarray(CODES, dtype=np.int64)[hands].tolist()
    scalar = [value5(a, b, c, d, e) for a, b, c, d, e in codes]
    assert scalar == batch


@pytest.mark.parametrize("name", list(TABLES))
def test_ranking_evaluate_agrees_with_batch(
    name: str, five_card_hands: npt.NDArray[np.int8]
) -> None:
    table = TABLES[name]()
    rng = np.random.default_rng(6)
    hands = five_card_hands[rng.integers(0, ALL_FIVE, 5_000)]
    batch = table.batch(hands).tolist()
    ranking = RANKINGS[name]
    for row, value in zip(hands, batch, strict=True):
        cards = to_cards(row)
        evaluation = ranking.evaluate(cards)
        assert evaluation.value == value
        assert evaluation.hand_class == table.shape(value).hand_class
        assert table.value([card.code for card in cards]) == value


@pytest.mark.parametrize(("name", "size"), [
    ("high", 5), ("high", 6), ("high", 7), ("27", 5), ("a5", 5), ("a5", 7), ("a5_8", 6),
])
@given(st.permutations(DECK), st.data())
@settings(max_examples=30, deadline=None)
def test_a_card_held_twice_is_refused_by_every_scalar_ranking(
    name: str, size: int, deck: list[Card], data: st.DataObject
) -> None:
    """The scalar paths check distinctness by the cards' bits; a repeat anywhere is caught."""
    cards = deck[: size - 1]
    repeated = data.draw(st.sampled_from(cards))
    at = data.draw(st.integers(0, size - 1))
    held = [*cards[:at], repeated, *cards[at:]]
    with pytest.raises(EvaluationError, match="appears twice"):
        RANKINGS[name].value(held)
    assert RANKINGS[name].value(deck[:size]) > 0  # the same size, all different: a value


def test_batch_rank_keys_give_distinct_sums_for_every_five_rank_multiset() -> None:
    multisets = [
        ranks
        for ranks in combinations_with_replacement(range(13), 5)
        if max(Counter(ranks).values()) <= 4
    ]
    assert len(multisets) == 6_175
    sums = [sum(BATCH_RANK_KEYS[rank] for rank in ranks) for ranks in multisets]
    assert len(set(sums)) == len(multisets)
    assert max(sums) < BATCH_TABLE_SIZE
    assert len(BATCH_RANK_KEYS) == 13


# --- independent oracles: pokerkit, and best-of-n by brute force --------------------------

POKERKIT: dict[str, type[pokerkit.Hand]] = {
    "high": pokerkit.StandardHighHand,
    "27": pokerkit.StandardLowHand,
    "a5": pokerkit.RegularLowHand,
}


@pytest.mark.parametrize("name", list(TABLES))
def test_five_card_order_matches_pokerkit(name: str) -> None:
    hands = random_hands(np.random.default_rng(7), 20_000, 5)
    values = TABLES[name]().batch(hands).tolist()
    reference = [POKERKIT[name](as_text(row)) for row in hands]
    assert_same_order(values, reference)


def brute_best_of(table: FiveCardTable, cards: list[Card]) -> int:
    return max(table.value([card.code for card in five]) for five in combinations(cards, 5))


@pytest.mark.parametrize("name", ["high", "a5", "a5_8"])
@pytest.mark.parametrize("size", [6, 7])
def test_best_five_of_six_or_seven_by_brute_force(name: str, size: int) -> None:
    table = TABLES[name.removesuffix("_8")]()
    rng = np.random.default_rng(size)
    for row in random_hands(rng, 10_000, size):
        cards = to_cards(row)
        assert RANKINGS[name].evaluate(cards).value == brute_best_of(table, cards)


def test_best_of_seven_flush_heavy_hands_by_brute_force() -> None:
    # Hands with five or more cards of one suit exercise the suited search of high.value.
    rng = np.random.default_rng(11)
    table = high.table()
    for row in random_hands(rng, 4_000, 7):
        suit = int(row[0]) % 4
        same_suit = [int(index) for index in range(suit, 52, 4) if index not in row]
        extra = rng.choice(same_suit, size=4, replace=False)
        cards = to_cards([*row[:3].tolist(), *extra.tolist()])
        assert RANKINGS["high"].evaluate(cards).value == brute_best_of(table, cards)


@pytest.mark.parametrize("name", ["high", "a5"])
def test_seven_card_order_matches_pokerkit(name: str) -> None:
    hands = random_hands(np.random.default_rng(13), 1_000, 7)
    values = [RANKINGS[name].evaluate(to_cards(row)).value for row in hands]
    reference = [POKERKIT[name].from_game(as_text(row)) for row in hands]
    assert_same_order(values, reference)


# --- 8-or-better qualifier, over every five-card hand -----------------------------------------


@pytest.mark.slow
def test_eight_or_better_qualifies_exactly_no_pair_eight_or_lower(
    five_card_hands: npt.NDArray[np.int8],
) -> None:
    table = low.ace_to_five_table()
    values = table.batch(five_card_hands)
    qualifies = RANKINGS["a5_8"].qualifies
    assert qualifies is not None
    by_value = np.array([False] + [qualifies(v) for v in range(1, table.size + 1)])
    got = by_value[values]

    ranks = five_card_hands.astype(np.int64) // 4
    low_ranks = np.sort((ranks + 1) % 13, axis=1)  # ace = 0, deuce = 1, ..., eight = 7
    no_pair = (np.diff(low_ranks, axis=1) != 0).all(axis=1)
    expected = no_pair & (low_ranks[:, -1] <= 7)

    # C(8,5) rank sets of A..8, any suits (straights and flushes ignored): 56 * 4^5.
    assert int(expected.sum()) == comb(8, 5) * 4**5 == 57_344
    assert np.array_equal(got, expected)


# --- badugi ----------------------------------------------------------------------------------

# Four distinct cards as a bipartite graph (a card joins its rank to its suit); the hand
# plays a maximum matching, whose size is the badugi class.
#   4-card: four ranks and four suits, each rank its own suit: C(13,4) * 4!     =  17,160
#   1-card: every two cards share a rank or a suit, so all share one suit or one rank:
#           4 * C(13,4) + 13                                                    =   2,873
#   2-card: a cover by two lines (König): exactly two suits, 6 * (C(26,4) - 2 * C(13,4))
#           = 81,120; exactly two ranks, C(13,2) * (C(8,4) - 2) = 5,304; both at once
#           (the four cards of two ranks in two suits) C(13,2) * C(4,2) = 468 counted twice;
#           one rank + one suit only: two cards of rank r off suit s and two cards of suit s
#           off rank r, 13 * 4 * C(3,2) * C(12,2) = 10,296:
#           81,120 + 5,304 - 468 + 10,296                                       =  96,252
#   3-card: the rest, C(52,4) - 17,160 - 96,252 - 2,873                         = 154,440
# Distinct values: one per set of ranks, C(13,4) + C(13,3) + C(13,2) + 13 = 1,092.
# The counts do not depend on whether aces are low or high.
BADUGI_TWO_CARD = (
    6 * (comb(26, 4) - 2 * comb(13, 4))
    + comb(13, 2) * (comb(8, 4) - 2)
    - comb(13, 2) * comb(4, 2)
    + 13 * 4 * comb(3, 2) * comb(12, 2)
)
BADUGI_COUNTS = {
    "4-card badugi": comb(13, 4) * 24,
    "3-card": ALL_FOUR - comb(13, 4) * 24 - BADUGI_TWO_CARD - (4 * comb(13, 4) + 13),
    "2-card": BADUGI_TWO_CARD,
    "1-card": 4 * comb(13, 4) + 13,
}
BADUGI_DISTINCT = {"4-card badugi": 715, "3-card": 286, "2-card": 78, "1-card": 13}


def test_badugi_derived_counts() -> None:
    assert BADUGI_COUNTS == {
        "4-card badugi": 17_160, "3-card": 154_440, "2-card": 96_252, "1-card": 2_873,
    }
    assert sum(BADUGI_COUNTS.values()) == ALL_FOUR


@pytest.mark.slow
@pytest.mark.parametrize("aces_low", [True, False])
def test_every_four_card_hand_by_badugi_class(
    aces_low: bool, four_card_hands: npt.NDArray[np.int8]
) -> None:
    values = badugi.batch_values(four_card_hands, aces_low=aces_low)
    distinct, inverse = np.unique(values, return_inverse=True)
    classes = [badugi.describe(int(v), aces_low).hand_class for v in distinct]
    per_value = np.bincount(inverse.ravel(), minlength=len(distinct))
    hands: Counter[str] = Counter()
    for hand_class, count in zip(classes, per_value.tolist(), strict=True):
        hands[hand_class] += count
    assert dict(hands) == BADUGI_COUNTS
    assert dict(Counter(classes)) == BADUGI_DISTINCT


@pytest.mark.parametrize("aces_low", [True, False])
def test_badugi_scalar_paths_agree_with_batch(
    aces_low: bool, four_card_hands: npt.NDArray[np.int8]
) -> None:
    rng = np.random.default_rng(17)
    hands = four_card_hands[rng.integers(0, ALL_FOUR, SAMPLE)]
    batch = badugi.batch_values(hands, aces_low=aces_low).tolist()
    value4 = badugi.fast4(aces_low)
    bits = (np.int64(1) << hands.astype(np.int64)).tolist()
    assert [value4(a, b, c, d) for a, b, c, d in bits] == batch
    assert len(badugi.table(aces_low)) == ALL_FOUR
    # the table-free scalar path that replays use (no 38 MB table held)
    assert [badugi.value_of_mask(a | b | c | d, aces_low) for a, b, c, d in bits] == batch


def brute_badugi(cards: Sequence[Card], aces_low: bool) -> tuple[tuple[int, ...], str]:
    """The rule read literally: the biggest subset with no repeated rank and no repeated
    suit; among those, the one whose highest card is lowest, then the next card ...

    Returns a key (greater is better) and the sites' description.
    """
    order = "A23456789TJQK" if aces_low else "23456789TJQKA"
    best: tuple[int, ...] = ()
    best_chars = ""
    for size in range(min(4, len(cards)), 0, -1):
        for subset in combinations(cards, size):
            if len({c.rank for c in subset}) < size or len({c.suit for c in subset}) < size:
                continue
            ranks = sorted((order.index(c.rank.char) for c in subset), reverse=True)
            key = (size, *(-r for r in ranks))
            if key > best:
                best, best_chars = key, ",".join(order[r] for r in ranks)
        if best:
            break
    label = "Badugi" if best[0] == 4 else f"{best[0]}-card"
    return best, f"{label}: {best_chars}"


@pytest.mark.parametrize("aces_low", [True, False])
@pytest.mark.parametrize("size", [4, 5])
def test_badugi_matches_brute_force_definition(aces_low: bool, size: int) -> None:
    ranking = RANKINGS["badugi" if aces_low else "badugi_aces_high"]
    hands = random_hands(np.random.default_rng(19 + size), 20_000, size)
    values: list[int] = []
    keys: list[tuple[int, ...]] = []
    for row in hands:
        cards = to_cards(row)
        key, description = brute_badugi(cards, aces_low)
        evaluation = ranking.evaluate(cards)
        assert evaluation.description == description, row
        values.append(evaluation.value)
        keys.append(key)
    assert_same_order(values, keys)
    if size == 4:
        assert badugi.batch_values(hands, aces_low=aces_low).tolist() == values


@pytest.mark.parametrize(
    ("aces_low", "reference"),
    [(True, pokerkit.BadugiHand), (False, pokerkit.StandardBadugiHand)],
)
def test_badugi_order_matches_pokerkit(aces_low: bool, reference: type[pokerkit.Hand]) -> None:
    hands = random_hands(np.random.default_rng(23), 1_000, 4)
    values = badugi.batch_values(hands, aces_low=aces_low).tolist()
    assert_same_order(values, [reference.from_game(as_text(row)) for row in hands])


@settings(deadline=None)  # the first example builds the best-of tables
@given(cards=st.lists(st.sampled_from(DECK), min_size=6, max_size=7, unique=True))
def test_the_best_five_of_six_or_seven_by_look_ups_is_the_best_of_table(
    cards: list[Card],
) -> None:
    """One hand's best five, found by dropping one or two cards (what the replayer uses),
    equals the table of every six and seven rank multiset (what bulk evaluation uses)."""
    codes = [card.code for card in cards]
    for five, table in ((low.ace_to_five_table().plain, low._ace_to_five_best_of()),
                        (high.table().plain, high._plain_best_of())):
        assert best_of_five(five, codes) == table[sum(codes) >> SUIT_BITS]


def test_batch_values_are_the_scalar_tables_values() -> None:
    """The batch table is filled from the scalar tables' keys: every hand is at its batch
    key, unsuited and suited, and nothing else is."""
    for table in (low.deuce_to_seven_table(), low.ace_to_five_table(), high.table()):
        values = table.batch_values
        expected = np.zeros_like(values)
        for ranks in (tuple(sorted(r, reverse=True)) for r in
                      combinations_with_replacement(range(13), 5)):
            if max(Counter(ranks).values()) > 4:
                continue
            expected[batch_key(ranks)] = table.plain[rank_sum_key(ranks)]
            if len(set(ranks)) == 5:
                expected[BATCH_TABLE_SIZE + batch_key(ranks)] = table.suited[rank_sum_key(ranks)]
        assert np.array_equal(values, expected)
