"""Cross-check of our hand rankings against pokerkit, an independent implementation.

Method. For each ranking, many hands are drawn with a seeded generator and every hand gets
two numbers: our value (``RANKINGS[id].value``, greater is better) and pokerkit's strength.
The two must order the hands identically, ties included, over ALL pairs of hands (not a
sample of pairs): the distinct (pokerkit, ours) pairs, sorted, must be strictly increasing
in both columns. That is the case exactly when the map from pokerkit's classes to our
values is a strictly increasing one-to-one map, i.e. when ``sign(ours_a - ours_b) ==
sign(pokerkit_a - pokerkit_b)`` for every pair a, b.

pokerkit's direction (read from pokerkit 0.7.7 ``hands.py`` / ``lookups.py``): a Hand compares
GREATER when it is STRONGER, for high and low hands alike. Internally each hand has a lookup
``entry.index``; for high hands a greater index is stronger, for low hands (``Hand.low``:
StandardLowHand, RegularLowHand, EightOrBetterLowHand, the badugi hands) ``Hand.__lt__`` flips
the comparison, so there a SMALLER index is stronger (7-5-4-3-2 is index 0 in 2-7). The
strength below is therefore ``index`` or ``-index``; it is checked against pokerkit's own
``<`` / ``==`` operators on random pairs in every test, so a wrong reading of the direction
fails loudly instead of hiding.

pokerkit is slow (about 7 us per five-card hand, 65 us per badugi hand, 250-300 us per
best-of-seven hand with ``from_game``). Five-card hands are all evaluated one by one. For the
others, pokerkit's ``from_game`` result is shared between hands that its lookup provably
cannot tell apart (its key is the product of rank primes plus "all cards suited"; badugi adds
"all suits different"): for Razz and 8-or-better the rank multiset; for stud high the rank
multiset plus, when five or more cards share a suit, the ranks of that suit; for badugi the
hand up to a renaming of suits. A sample of hands is re-evaluated without sharing to check
it. OUR values are always computed hand by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from hhparse.cards import BITS, CODES, DECK, RANK_CHARS, SUIT_CHARS, parse_cards
from hhparse.evaluators import RANKINGS, badugi, high, low

SEED = 20_240_917
RANDOM_HANDS = 100_000
PAIR_CHECKS = 3_000
"""Random pairs compared with pokerkit's own operators (checks the direction we read)."""
UNSHARED_CHECKS = 1_500
"""Hands re-evaluated by pokerkit without sharing results (see pokerkit_shared)."""

Ints = npt.NDArray[np.int64]


# --- helpers -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pk() -> ModuleType:
    return pytest.importorskip("pokerkit")


@pytest.fixture(scope="module")
def pk_deck(pk: ModuleType) -> list[Any]:
    """pokerkit's card for each of our card indexes."""
    deck = [pk.Card(pk.Rank(RANK_CHARS[i // 4]), pk.Suit(SUIT_CHARS[i % 4])) for i in range(52)]
    assert [repr(card) for card in deck] == [str(card) for card in DECK]
    return deck


def random_hands(seed: int, count: int, size: int, deck: Sequence[int] = range(52)) -> Ints:
    """``count`` hands of ``size`` distinct cards drawn uniformly from ``deck`` (indexes)."""
    rng = np.random.default_rng(seed)
    cards = np.asarray(deck, dtype=np.int64)
    order = rng.random((count, len(cards))).argsort(axis=1)[:, :size]
    return cards[order]


def stress_hands(seed: int, count: int, size: int) -> Ints:
    """Hands from small decks (six consecutive ranks, the wheel window included, in two
    suits), so straights, flushes, straight flushes, trips and quads are common."""
    rng = np.random.default_rng(seed)
    parts = []
    per_window = count // 9 + 1
    for window in range(-1, 8):  # -1: A,2,3,4,5,6
        ranks = [(window + step) % 13 for step in range(6)]
        suits = rng.choice(4, size=2, replace=False)
        deck = [rank * 4 + suit for rank in ranks for suit in suits]
        parts.append(random_hands(int(rng.integers(1 << 31)), per_window, size, deck))
    return np.concatenate(parts)[:count]


def five_card_classes() -> Ints:
    """One hand per (rank multiset, suited) class: all 7,462 five-card classes."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(rank) for rank in ranks) > 4:
            continue
        # Sorted ranks get suits 0,1,2,3,0 by position: equal ranks get different suits,
        # and the first two cards differ in suit, so the hand is not suited.
        hands.append([rank * 4 + position % 4 for position, rank in enumerate(ranks)])
        if len(set(ranks)) == 5:
            hands.append([rank * 4 + 3 for rank in ranks])  # all spades
    return np.array(hands, dtype=np.int64)


def show(hand: Sequence[int]) -> str:
    return " ".join(str(DECK[int(index)]) for index in hand)


def strength(hand: Any) -> int:
    """pokerkit's strength of a Hand: greater is stronger (see the module docstring)."""
    index: int = hand.entry.index
    return -index if hand.low else index


def our_values(ranking_id: str, hands: Ints) -> Ints:
    value = RANKINGS[ranking_id].value
    return np.array([value(tuple(DECK[i] for i in hand)) for hand in hands.tolist()])


def assert_same_order(hands: Ints, ours: Ints, theirs: Ints, what: str) -> None:
    """Our values and pokerkit's strengths order the hands the same way, ties included."""
    assert len(hands) == len(ours) == len(theirs)
    pairs = np.unique(np.stack([theirs, ours], axis=1), axis=0)  # sorted by pokerkit first
    steps = np.diff(pairs, axis=0)
    bad = np.flatnonzero((steps[:, 0] <= 0) | (steps[:, 1] <= 0))
    if len(bad):
        lines = []
        for row in bad[:5]:
            examples = []
            for theirs_value, ours_value in pairs[row : row + 2]:
                at = int(np.flatnonzero((theirs == theirs_value) & (ours == ours_value))[0])
                examples.append(f"{show(hands[at])} (pokerkit {theirs_value}, ours {ours_value})")
            lines.append("  " + "  <=  ".join(examples))
        pytest.fail(
            f"{what}: {len(bad)} places where the orders differ (hands listed weaker "
            "first by pokerkit):\n" + "\n".join(lines)
        )


def assert_pokerkit_operators_agree(
    seed: int, hands: Ints, pk_hand: Callable[[int], Any], ours: Ints, theirs: Ints, what: str
) -> None:
    """On random pairs, pokerkit's own Hand objects (``pk_hand(i)`` for hand i) and their
    ``<``, ``==``, ``>`` agree with the strengths used (``theirs``) and with our values."""
    rng = np.random.default_rng(seed)
    for a, b in rng.integers(len(hands), size=(PAIR_CHECKS, 2)).tolist():
        ha, hb = pk_hand(a), pk_hand(b)
        assert strength(ha) == theirs[a] and strength(hb) == theirs[b], what
        theirs_sign = (ha > hb) - (ha < hb)
        assert (ha == hb) == (theirs_sign == 0), f"pokerkit's operators disagree: {ha}, {hb}"
        mine = int(np.sign(ours[a] - ours[b]))
        assert mine == theirs_sign, (
            f"{what}: {show(hands[a])} vs {show(hands[b])}: pokerkit says {theirs_sign}, "
            f"ours {mine}"
        )


# --- pokerkit's direction and its disagreements with RULES.md ----------------------------


def test_pokerkit_direction(pk: ModuleType) -> None:
    """Pins what the module docstring says about pokerkit's ordering."""
    seven_five, seven_six = pk.StandardLowHand("7c5d4h3s2c"), pk.StandardLowHand("7c6d4h3s2c")
    assert seven_five > seven_six  # stronger compares greater, also for low hands ...
    assert seven_five.entry.index < seven_six.entry.index  # ... but has the smaller index
    assert strength(seven_five) > strength(seven_six)
    wheel, six_low = pk.RegularLowHand("5c4d3h2sAc"), pk.RegularLowHand("6c4d3h2sAc")
    assert wheel > six_low and strength(wheel) > strength(six_low)
    royal, quads = pk.StandardHighHand("AsKsQsJsTs"), pk.StandardHighHand("AcAdAhAsKc")
    assert royal > quads and royal.entry.index > quads.entry.index
    assert pk.BadugiHand("Ac2d3h4s") > pk.BadugiHand("Ac2d3h5s") > pk.BadugiHand("Ac2d3h")


def deuce_to_seven_exclusions(pk: ModuleType) -> Callable[[Ints], npt.NDArray[np.bool_]]:
    """Hands left out of the 2-7 cross-check, because pokerkit breaks RULES.md on them.

    RULES.md: in 2-7, A-2-3-4-5 is NOT a straight but ace-high (and suited, a flush, not a
    straight flush). Older pokerkit versions ranked it as a straight; if the installed
    pokerkit does, those hands are excluded here and OUR rule is pinned by
    test_deuce_to_seven_wheel_is_ace_high. pokerkit 0.7.7 (Standard2Lookup, straights
    that do not wrap) agrees with the rule, so nothing is excluded with it.
    """
    label = pk.StandardLowHand("Ac2d3h4s5c").entry.label
    if label == pk.Label.HIGH_CARD:
        return lambda hands: np.zeros(len(hands), dtype=bool)
    wheel = sorted([12, 0, 1, 2, 3])
    return lambda hands: np.array([sorted(row) == wheel for row in (hands // 4).tolist()])


def test_deuce_to_seven_wheel_is_ace_high() -> None:
    """OUR rule (RULES.md), pinned whatever pokerkit says: A-2-3-4-5 in 2-7 is ace-high,
    the best ace-high, beaten by K-5-4-3-2; suited it is a flush, not a straight flush."""
    value = RANKINGS["27"].value
    wheel = value(parse_cards("Ac 2d 3h 4s 5c"))
    assert RANKINGS["27"].describe(wheel).hand_class == "A-low"
    assert value(parse_cards("Kc 5d 4h 3s 2c")) > wheel > value(parse_cards("Ac 2d 3h 4s 6c"))
    assert wheel > value(parse_cards("2c 2d 3h 4s 5c"))  # any no-pair beats any pair
    suited_wheel = value(parse_cards("Ac 2c 3c 4c 5c"))
    assert RANKINGS["27"].describe(suited_wheel).hand_class == "flush"
    assert suited_wheel > value(parse_cards("2c 3c 4c 5c 6c"))  # the straight flush


def test_deuce_to_seven_rule_examples() -> None:
    """The other 2-7 sentences of RULES.md."""
    value = RANKINGS["27"].value
    order = [  # best first
        "7c 5d 4h 3s 2c",
        "7c 6d 4h 3s 2c",
        "7c 6d 5h 3s 2c",
        "7c 6d 5h 4s 2c",
        "8c 6d 5h 3s 2c",
        "Kc 5d 4h 3s 2c",
        "Ac 2d 3h 4s 5c",
        "Ac Kd Qh Js 9c",
        "5c 4d 3h 2s 2c",
        "6c 5d 4h 3s 2d",
        "Ac Kc Qc Jc 9c",
        "Ac Kc Qc Jc Tc",
    ]
    values = [value(parse_cards(hand)) for hand in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert value(parse_cards("7s 5h 4d 3c 2s")) == values[0]  # suits do not matter


# --- five-card rankings ------------------------------------------------------------------


FIVE_CARD = [("high", "StandardHighHand"), ("27", "StandardLowHand"), ("a5", "RegularLowHand")]


@pytest.mark.slow
@pytest.mark.parametrize(("ranking_id", "hand_class"), FIVE_CARD)
def test_five_card_rankings_match_pokerkit(
    pk: ModuleType, pk_deck: list[Any], ranking_id: str, hand_class: str
) -> None:
    """Every five-card class exhaustively, plus 100,000 random hands."""
    cls = getattr(pk, hand_class)
    classes = five_card_classes()
    assert len(classes) == 7_462
    hands = np.concatenate([classes, random_hands(SEED, RANDOM_HANDS, 5)])
    if ranking_id == "27":
        hands = hands[~deuce_to_seven_exclusions(pk)(hands)]
    ours = our_values(ranking_id, hands)

    # our scalar and batch fast paths give the same values as the public one
    table = {"high": high.table, "27": low.deuce_to_seven_table, "a5": low.ace_to_five_table}
    fast5 = table[ranking_id]().fast5()
    scalar = [fast5(*(CODES[i] for i in hand)) for hand in hands.tolist()]
    assert np.array_equal(scalar, ours)
    assert np.array_equal(table[ranking_id]().batch(hands), ours)

    # The hand's lookup entry, as Hand.entry reads it (one key computation instead of
    # three); the operator check below builds the Hand objects and compares.
    lookup, sign = cls.lookup, -1 if cls.low else 1
    theirs = np.array(
        [sign * lookup.get_entry(tuple(pk_deck[i] for i in hand)).index for hand in hands.tolist()]
    )
    assert_same_order(hands, ours, theirs, f"{ranking_id} vs pokerkit {hand_class}")
    assert len(np.unique(ours[: len(classes)])) == len(np.unique(theirs[: len(classes)]))

    def pk_hand(at: int) -> Any:
        return cls(tuple(pk_deck[i] for i in hands[at]))

    assert_pokerkit_operators_agree(SEED + 1, hands, pk_hand, ours, theirs, ranking_id)


# --- sharing pokerkit's slow results between hands it cannot tell apart ----------------


def suit_pattern_key(hand: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """A hand up to a renaming of the suits: badugi (pokerkit's too) only asks whether two
    suits are equal, so hands with the same pattern have the same value."""
    names: dict[int, int] = {}
    return tuple((i // 4, names.setdefault(i % 4, len(names))) for i in sorted(hand))


def rank_key(hand: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(index // 4 for index in hand))


def rank_and_flush_key(hand: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Everything pokerkit's high lookup can see in seven cards: the ranks, and the ranks
    of a suit held five times or more (the only suit whose five-card subsets are suited)."""
    suits = [index % 4 for index in hand]
    flush = [suit for suit in range(4) if suits.count(suit) >= 5]
    flush_ranks = tuple(sorted(i // 4 for i in hand if flush and i % 4 == flush[0]))
    return rank_key(hand), flush_ranks


def pokerkit_shared(
    pk_deck: list[Any],
    hands: Ints,
    from_game: Callable[[tuple[Any, ...]], Any],
    key: Callable[[Sequence[int]], object],
) -> tuple[list[Any], Ints]:
    """pokerkit's hand for each hand, ``from_game`` called once per key (see the module
    docstring): keys must only merge hands that pokerkit cannot tell apart. Returns the
    Hand (or None) and its strength (0 for None) of each hand."""
    shared: dict[object, tuple[Any, int]] = {}
    result = []
    strengths = []
    for hand in hands.tolist():
        k = key(hand)
        if k not in shared:
            pk_hand = from_game(tuple(pk_deck[i] for i in hand))
            shared[k] = pk_hand, 0 if pk_hand is None else strength(pk_hand)
        result.append(shared[k][0])
        strengths.append(shared[k][1])
    # The sharing is only valid if pokerkit cannot tell those hands apart: check a sample.
    rng = np.random.default_rng(SEED + 99)
    for at in rng.integers(len(hands), size=UNSHARED_CHECKS).tolist():
        alone = from_game(tuple(pk_deck[i] for i in hands[at]))
        if alone is None or result[at] is None:
            assert alone is None and result[at] is None, show(hands[at])
        else:
            assert alone == result[at], show(hands[at])
    return result, np.array(strengths)


# --- badugi ------------------------------------------------------------------------------


BADUGI = [("badugi", "BadugiHand", True), ("badugi_aces_high", "StandardBadugiHand", False)]


@pytest.mark.slow
@pytest.mark.parametrize(("ranking_id", "hand_class", "aces_low"), BADUGI)
def test_badugi_matches_pokerkit(
    pk: ModuleType, pk_deck: list[Any], ranking_id: str, hand_class: str, aces_low: bool
) -> None:
    """100,000 random four-card hands (pokerkit's BadugiHand.from_game picks the best
    subset), and 10,000 five-card hands (Badacey / Badeucey: best four of five)."""
    cls = getattr(pk, hand_class)
    for size, count in ((4, RANDOM_HANDS), (5, 10_000)):
        hands = random_hands(SEED + 10 + size, count, size)
        ours = our_values(ranking_id, hands)
        if size == 4:
            value4 = badugi.fast4(aces_low)
            scalar = [value4(*(BITS[i] for i in hand)) for hand in hands.tolist()]
            assert np.array_equal(scalar, ours)
            assert np.array_equal(badugi.batch_values(hands, aces_low), ours)
        pk_hands, theirs = pokerkit_shared(pk_deck, hands, cls.from_game, suit_pattern_key)
        what = f"{ranking_id} ({size} cards) vs pokerkit {hand_class}"
        assert_same_order(hands, ours, theirs, what)
        assert_pokerkit_operators_agree(
            SEED + size, hands, pk_hands.__getitem__, ours, theirs, what
        )


# --- best five of seven ------------------------------------------------------------------


def seven_card_hands(seed: int) -> Ints:
    return np.concatenate([random_hands(seed, RANDOM_HANDS, 7), stress_hands(seed, 10_000, 7)])


@pytest.mark.slow
def test_razz_best_of_seven_matches_pokerkit(pk: ModuleType, pk_deck: list[Any]) -> None:
    hands = seven_card_hands(SEED + 70)
    ours = our_values("a5", hands)
    pk_hands, theirs = pokerkit_shared(pk_deck, hands, pk.RegularLowHand.from_game, rank_key)
    assert_same_order(hands, ours, theirs, "razz (a5, best of 7) vs pokerkit RegularLowHand")
    assert_pokerkit_operators_agree(SEED + 71, hands, pk_hands.__getitem__, ours, theirs, "razz")


@pytest.mark.slow
def test_eight_or_better_matches_pokerkit(pk: ModuleType, pk_deck: list[Any]) -> None:
    """Stud hi/lo's low half: who qualifies, and the order of the qualifying lows."""
    hands = seven_card_hands(SEED + 80)
    ranking = RANKINGS["a5_8"]
    assert ranking.qualifies is not None
    ours = our_values("a5_8", hands)
    pk_hands, strengths = pokerkit_shared(
        pk_deck, hands, pk.EightOrBetterLowHand.from_game_or_none, rank_key
    )
    qualified = np.array([hand is not None for hand in pk_hands])
    assert 0.1 < qualified.mean() < 0.9  # both outcomes are well represented
    mismatched = np.flatnonzero(
        qualified != np.array([ranking.qualifies(v) for v in ours.tolist()])
    )
    assert not len(mismatched), [show(hands[at]) for at in mismatched[:5]]
    kept = np.flatnonzero(qualified)
    theirs = strengths[kept]
    assert_same_order(hands[kept], ours[kept], theirs, "a5_8 vs pokerkit EightOrBetterLowHand")
    assert_pokerkit_operators_agree(
        SEED + 81, hands[kept], lambda at: pk_hands[kept[at]], ours[kept], theirs, "a5_8"
    )


@pytest.mark.slow
def test_stud_high_best_of_seven_matches_pokerkit(pk: ModuleType, pk_deck: list[Any]) -> None:
    hands = seven_card_hands(SEED + 90)
    ours = our_values("high", hands)
    pk_hands, theirs = pokerkit_shared(
        pk_deck, hands, pk.StandardHighHand.from_game, rank_and_flush_key
    )
    assert_same_order(hands, ours, theirs, "stud high (best of 7) vs pokerkit StandardHighHand")
    assert_pokerkit_operators_agree(
        SEED + 91, hands, pk_hands.__getitem__, ours, theirs, "stud high"
    )
    labels = {hand.entry.label for hand in {id(hand): hand for hand in pk_hands}.values()}
    assert pk.Label.STRAIGHT_FLUSH in labels and pk.Label.FOUR_OF_A_KIND in labels


@pytest.mark.slow
@pytest.mark.parametrize(
    ("ranking_id", "hand_class"), [("high", "StandardHighHand"), ("a5", "RegularLowHand")]
)
def test_best_of_six_matches_pokerkit(
    pk: ModuleType, pk_deck: list[Any], ranking_id: str, hand_class: str
) -> None:
    """Six cards are accepted too (the six-card step of the best-of tables): a smaller
    check, pokerkit's from_game on every hand."""
    hands = np.concatenate([random_hands(SEED + 60, 5_000, 6), stress_hands(SEED + 61, 2_000, 6)])
    ours = our_values(ranking_id, hands)
    from_game = getattr(pk, hand_class).from_game
    pk_hands = [from_game(tuple(pk_deck[i] for i in hand)) for hand in hands.tolist()]
    theirs = np.array([strength(hand) for hand in pk_hands])
    assert_same_order(hands, ours, theirs, f"{ranking_id} (best of 6) vs pokerkit {hand_class}")


def test_helpers_cover_what_they_claim() -> None:
    """The hand generators (no pokerkit needed)."""
    hands = random_hands(1, 1_000, 7)
    assert all(len(set(row)) == 7 for row in hands.tolist())
    stress = stress_hands(2, 900, 7)
    assert stress.shape == (900, 7) and all(len(set(row)) == 7 for row in stress.tolist())
    suited = [row for row in five_card_classes().tolist() if len({i % 4 for i in row}) == 1]
    assert len(suited) == 1_287
