"""Every ranking example of /work/shared/RULES.md, one case per statement.

Cards are written as the sites write them; rankings are looked up by id in RANKINGS,
as the variants name them (razz = "a5" on seven cards, stud = "high" on seven cards,
stud hi/lo low half = "a5_8").
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest

from hhparse.cards import parse_cards
from hhparse.evaluators import RANKINGS, Evaluation, EvaluationError, badugi, high, low
from hhparse.evaluators.tables import FiveCardTable


def evaluate(ranking: str, cards: str) -> Evaluation:
    return RANKINGS[ranking].evaluate(parse_cards(cards))


def value(ranking: str, cards: str) -> int:
    return evaluate(ranking, cards).value


def five_card_table(ranking: str) -> FiveCardTable:
    tables: dict[str, Callable[[], FiveCardTable]] = {
        "high": high.table,
        "27": low.deuce_to_seven_table,
        "a5": low.ace_to_five_table,
        "a5_8": low.ace_to_five_table,
    }
    return tables[ranking]()


def best_value(ranking: str) -> int:
    if ranking.startswith("badugi"):
        return max(badugi.table(aces_low=ranking == "badugi").values())
    return five_card_table(ranking).size


def values_of_class(ranking: str, hand_class: str) -> list[int]:
    table = five_card_table(ranking)
    return [v for v in range(1, table.size + 1) if table.shape(v).hand_class == hand_class]


# --- the best hand of each ranking ----------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "cards", "description"),
    [
        pytest.param("27", "7h 5d 4c 3s 2h", "Lo: 7,5,4,3,2", id="27: 7-5-4-3-2 not suited"),
        pytest.param("a5", "5h 4d 3c 2s Ah", "Lo: 5,4,3,2,A", id="a5: 5-4-3-2-A"),
        pytest.param("a5", "5h 4h 3h 2h Ah", "Lo: 5,4,3,2,A", id="a5: 5-4-3-2-A suited"),
        pytest.param("badugi", "Ac 2d 3h 4s", "Badugi: 4,3,2,A", id="badugi: A-2-3-4 rainbow"),
        pytest.param(
            "badugi_aces_high", "2c 3d 4h 5s 7c", "Badugi: 5,4,3,2",
            id="badeucey badugi half: 2-3-4-5 rainbow",
        ),
        pytest.param("27", "2c 3d 4h 5s 7c", "Lo: 7,5,4,3,2", id="badeucey lowball half"),
        pytest.param(
            "badugi", "Ac 2d 3h 4s 5c", "Badugi: 4,3,2,A", id="badacey badugi half: A-2-3-4",
        ),
        pytest.param("a5", "Ac 2d 3h 4s 5c", "Lo: 5,4,3,2,A", id="badacey lowball half"),
        pytest.param("a5", "Ac 2d 3h 4s 5c Kd Kh", "Lo: 5,4,3,2,A", id="razz: best 5 of 7"),
        pytest.param("a5", "Kd 5c Qs 4s 3h 2d Ac", "Lo: 5,4,3,2,A", id="razz: any order"),
        pytest.param("high", "Ah Kh Qh Jh Th", "a Royal Flush", id="high: royal flush"),
    ],
)
def test_best_hand(ranking: str, cards: str, description: str) -> None:
    evaluation = evaluate(ranking, cards)
    assert evaluation.value == best_value(ranking)
    assert evaluation.description == description


# --- 2-7 lowball -------------------------------------------------------------------------------


def test_27_best_three_hands_in_order() -> None:
    # "Best hand: 7-5-4-3-2 not all one suit; next 7-6-4-3-2, then 7-6-5-3-2."
    top = best_value("27")
    hands = ("7h 5d 4c 3s 2h", "7h 6d 4c 3s 2h", "7h 6d 5c 3s 2h")
    assert [value("27", hand) for hand in hands] == [top, top - 1, top - 2]


def test_27_ace_to_five_is_the_best_ace_high() -> None:
    # "A-2-3-4-5 is NOT a straight: it is ace-high (the best ace-high ...)"
    wheel = evaluate("27", "Ah 2d 3c 4s 5h")
    assert wheel.hand_class == "A-low"
    assert wheel.description == "Lo: A,5,4,3,2"
    assert wheel.value == max(values_of_class("27", "A-low"))


def test_27_worst_no_pair_is_a_k_q_j_9() -> None:
    # "... A-K-Q-J-9 (the worst hand without a pair)."
    no_pair = [v for v in range(1, best_value("27") + 1)
               if five_card_table("27").shape(v).hand_class.endswith("-low")]
    assert value("27", "Ah Kd Qc Js 9h") == min(no_pair)


def test_27_best_one_pair_hand_is_5_4_3_2_2() -> None:
    # "(5-4-3-2-2 is the best one-pair hand.)"
    assert value("27", "5h 4d 3c 2s 2h") == max(values_of_class("27", "pair"))


def test_27_royal_flush_is_the_worst_hand() -> None:
    royal = evaluate("27", "Ah Kh Qh Jh Th")
    assert royal.value == 1
    assert royal.hand_class == "straight flush"


@pytest.mark.parametrize(
    ("cards", "hand_class"),
    [
        pytest.param("Ah 2d 3c 4s 5h", "A-low", id="A-2-3-4-5 is ace-high, not a straight"),
        pytest.param("6h 5d 4c 3s 2h", "straight", id="6-5-4-3-2 is a straight"),
        pytest.param("7h 5h 4h 3h 2h", "flush", id="7-5-4-3-2 suited is a flush"),
        pytest.param("Ah 2h 3h 4h 5h", "flush", id="A-2-3-4-5 suited is a flush"),
        pytest.param("7h 6h 5h 4h 3h", "straight flush", id="7-6-5-4-3 suited"),
        pytest.param("5h 4d 3c 2s 2h", "pair", id="5-4-3-2-2 is a pair"),
    ],
)
def test_27_hand_classes(cards: str, hand_class: str) -> None:
    assert evaluate("27", cards).hand_class == hand_class


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        pytest.param("7h 6d 5c 4s 2h", "8h 6d 5c 3s 2h", id="7-6-5-4-2 beats 8-6-5-3-2"),
        pytest.param("Ah 5d 4c 3s 2h", "Ah 6d 4c 3s 2h", id="A-5-4-3-2 beats A-6-4-3-2"),
        pytest.param("Kh 5d 4c 3s 2h", "Ah 2d 3c 4s 5h", id="K-5-4-3-2 beats A-2-3-4-5"),
        pytest.param("Ah Kd Qc Js 9h", "6h 5d 4c 3s 2h", id="A-K-Q-J-9 beats 6-5-4-3-2"),
        pytest.param("7h 5d 4c 3s 2d", "7h 5h 4h 3h 2h", id="unsuited beats suited 7-5-4-3-2"),
        pytest.param("Kh Qh Jh Th 9h", "Ah Kh Qh Jh Th", id="K-high SF beats royal"),
        # Category order, each time the worst of the better class against the best of the
        # next: no pair > pair > two pair > trips > straight > flush > full house > quads > SF.
        pytest.param("Ah Kd Qc Js 9h", "5h 4d 3c 2s 2h", id="no pair beats pair"),
        pytest.param("Ah Ad Kc Qs Jh", "4h 3d 3c 2s 2h", id="pair beats two pair"),
        pytest.param("Ah Ad Kc Ks Qh", "4h 3d 2c 2s 2h", id="two pair beats trips"),
        pytest.param("Ah Ad Ac Ks Qh", "6h 5d 4c 3s 2h", id="trips beats straight"),
        pytest.param("Ah Kd Qc Js Th", "7h 5h 4h 3h 2h", id="straight beats flush"),
        pytest.param("Ah Kh Qh Jh 9h", "3h 3d 2c 2s 2h", id="flush beats full house"),
        pytest.param("Ah Ad Ac Ks Kh", "3h 2d 2c 2s 2h", id="full house beats quads"),
        pytest.param("Ah Ad Ac As Kh", "6h 5h 4h 3h 2h", id="quads beats straight flush"),
    ],
)
def test_27_comparisons(better: str, worse: str) -> None:
    assert value("27", better) > value("27", worse)


def test_27_compares_from_the_highest_card_down() -> None:
    hands = [
        "8h 6d 5c 3s 2h", "7h 6d 5c 4s 2h", "8h 5d 4c 3s 2h", "8h 6d 4c 3s 2h", "9h 5d 4c 3s 2h",
    ]
    ranked = sorted(hands, key=lambda hand: value("27", hand), reverse=True)
    assert ranked == [
        "7h 6d 5c 4s 2h", "8h 5d 4c 3s 2h", "8h 6d 4c 3s 2h", "8h 6d 5c 3s 2h", "9h 5d 4c 3s 2h",
    ]


# --- A-5 lowball -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "hand_class"),
    [
        pytest.param("6h 5d 4c 3s 2h", "6-low", id="straight ignored"),
        pytest.param("Kh 9h 7h 4h 2h", "K-low", id="flush ignored; king is the highest card"),
        pytest.param("5h 4h 3h 2h Ah", "5-low", id="straight flush ignored"),
        pytest.param("Ah Ad 2c 3s 4h", "pair", id="pair counts"),
    ],
)
def test_a5_hand_classes(cards: str, hand_class: str) -> None:
    assert evaluate("a5", cards).hand_class == hand_class


@pytest.mark.parametrize(
    ("plain", "suited"),
    [
        pytest.param("5h 4d 3c 2s Ah", "5h 4h 3h 2h Ah", id="wheel"),
        pytest.param("6h 5d 4c 3s 2h", "6d 5d 4d 3d 2d", id="six-high straight"),
        pytest.param("Kh 9d 7c 4s 2h", "Ks 9s 7s 4s 2s", id="king-high"),
    ],
)
def test_a5_straights_and_flushes_do_not_count(plain: str, suited: str) -> None:
    assert value("a5", plain) == value("a5", suited)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        pytest.param("6h 4d 3c 2s Ah", "6h 5d 4c 3s 2h", id="ace low: 6-4-3-2-A beats 6-5-4-3-2"),
        pytest.param("Qh Jd Tc 9s 8h", "Kh 4d 3c 2s Ah", id="king is the highest card"),
        pytest.param("Kh Qd Jc Ts 8h", "Ah Ad 2c 3s 4h", id="any no pair beats a pair"),
        pytest.param("Ah Ad 2c 3s 4h", "2h 2d Ac 3s 4h", id="pair of aces beats pair of deuces"),
        pytest.param("Kh Kd Qc Js Th", "Ah Ad 2c 2s 3h", id="a pair beats two pair"),
        pytest.param("Ah Ad 2c 2s 3h", "Ah Ad Ac 2s 3h", id="two pair beats trips"),
        pytest.param("Kh Kd Kc Qs Jh", "Ah Ad Ac 2s 2h", id="trips beats full house"),
        pytest.param("Kh Kd Kc Qs Qh", "Ah Ad Ac As 2h", id="full house beats quads"),
    ],
)
def test_a5_comparisons(better: str, worse: str) -> None:
    assert value("a5", better) > value("a5", worse)


# --- Badugi ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "cards", "hand_class", "description"),
    [
        pytest.param(
            "badugi", "Ac 2d 3h 3s", "3-card", "3-card: 3,2,A", id="A-2-3-3 four suits: 3-card",
        ),
        pytest.param(
            "badugi", "As 2s 3d 4c", "3-card", "3-card: 4,3,A", id="As-2s-3d-4c: 3-card",
        ),
        pytest.param(
            "badugi", "Kc Qd Jh Ts", "4-card badugi", "Badugi: K,Q,J,T", id="worst badugi",
        ),
        pytest.param(
            "badugi", "Kc 2c 3d 4h 5s", "4-card badugi", "Badugi: 5,4,3,2",
            id="five cards: the best four",
        ),
        pytest.param(
            "badugi", "Ac 2c 3c 4c", "1-card", "1-card: A", id="four of one suit: 1-card",
        ),
        pytest.param(
            "badugi_aces_high", "Ac 2d 3h 4s", "4-card badugi", "Badugi: A,4,3,2",
            id="aces high: ace is the top card",
        ),
        pytest.param(
            "badugi_aces_high", "Ac 2d 3h 4s 7c", "4-card badugi", "Badugi: 7,4,3,2",
            id="badeucey: 7 plays before an ace",
        ),
        pytest.param(
            "badugi", "Ac 2d 3h 4s 7c", "4-card badugi", "Badugi: 4,3,2,A",
            id="badacey: the ace plays low",
        ),
    ],
)
def test_badugi_hands(ranking: str, cards: str, hand_class: str, description: str) -> None:
    evaluation = evaluate(ranking, cards)
    assert evaluation.hand_class == hand_class
    assert evaluation.description == description


@pytest.mark.parametrize(
    ("ranking", "better", "worse"),
    [
        pytest.param("badugi", "Kc Qd Jh Ts", "Ac 2d 3h 3s", id="worst 4-card beats best 3-card"),
        pytest.param("badugi", "7c 6d 5h 4s", "8c 3d 2h As", id="highest card first"),
        pytest.param("badugi", "8c 5d 4h 3s", "8c 6d 2h As", id="then the next card"),
        pytest.param("badugi", "8c 6d 4h 2s", "8c 6d 4h 3s", id="down to the last card"),
        pytest.param("badugi", "6c 5d 4h 4c", "7c 2d Ah As", id="3-card: highest card first"),
        pytest.param("badugi", "Kc Qd Jc Jd", "Ac 2c 3c 4c", id="2-card beats 1-card"),
        pytest.param("badugi", "Ac 2d 3h 4s", "Kc 2d 3h 4s", id="aces low: ace best"),
        pytest.param(
            "badugi_aces_high", "Kc 2d 3h 4s", "Ac 2d 3h 4s", id="aces high: ace worst",
        ),
    ],
)
def test_badugi_comparisons(ranking: str, better: str, worse: str) -> None:
    assert value(ranking, better) > value(ranking, worse)


@pytest.mark.parametrize("aces_low", [True, False])
def test_badugi_any_bigger_hand_beats_any_smaller_one(aces_low: bool) -> None:
    table = badugi.table(aces_low)
    by_class: dict[str, list[int]] = {}
    for v in table.values():
        by_class.setdefault(badugi.describe(v, aces_low).hand_class, []).append(v)
    order = ("1-card", "2-card", "3-card", "4-card badugi")
    for smaller, bigger in pairwise(order):
        assert max(by_class[smaller]) < min(by_class[bigger])


def test_badugi_suits_do_not_break_ties() -> None:
    assert value("badugi", "Ac 2d 3h 4s") == value("badugi", "As 2h 3d 4c")


# --- Razz: best five of seven, A-5 --------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        pytest.param("8c 7d 6h 5s 4c Kd Kh", "9c 5d 4h 3s 2c Qd Qh", id="87654 beats 95432"),
        pytest.param("8c 6d 5h 4s 3c Kd Kh", "8c 7d 4h 3s 2c Qd Qh", id="86543 beats 87432"),
        pytest.param("Kc Qd Jh Ts 9c 9d 9h", "Ah Ad 2c 2d 3h 3s 4c", id="no pair beats a pair"),
    ],
)
def test_razz_comparisons(better: str, worse: str) -> None:
    assert value("a5", better) > value("a5", worse)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("Ah 2h 3h 4h 5h 6h 7h", "Ac 2d 3h 4s 5c 6d 7h", id="suits never matter"),
        pytest.param("As 2d 3c 4h 6s Kc Kd", "Ah 2c 3d 4s 6h Qc Qs", id="equal hands are equal"),
        pytest.param("8c 7d 6h 5s 4c Kd Kh", "8h 7s 6c 5d 4h 9c Tc", id="unused cards ignored"),
    ],
)
def test_razz_equal_hands(first: str, second: str) -> None:
    assert value("a5", first) == value("a5", second)


@pytest.mark.parametrize(
    ("cards", "description"),
    [
        pytest.param("Ah Ad 2c 2d 3h 3s 4c", "Lo: a pair of Aces", id="four ranks: lowest pair"),
        pytest.param("Kc Kd Kh Ks Qc Qd Jh", "Lo: two pair, Kings and Queens", id="two ranks"),
        pytest.param("9c 8d 7h 6s 5c 5d 5h", "Lo: 9,8,7,6,5", id="trips ignored"),
    ],
)
def test_razz_plays_the_best_five(cards: str, description: str) -> None:
    assert evaluate("a5", cards).description == description


# --- Seven-card stud high: best five of seven ----------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "hand_class", "description"),
    [
        pytest.param(
            "Ah 2c 3d 4s 5h Kc 9d", "straight", "a straight, Ace to Five",
            id="A-2-3-4-5 is a straight",
        ),
        pytest.param(
            "2h 5h 9h Jh Qh Kc Kd", "flush", "a flush, Queen high", id="flush among 7 cards",
        ),
        pytest.param(
            "2h 3h 5h 9h Jh Qh Ah", "flush", "a flush, Ace high", id="seven suited: best five",
        ),
        pytest.param(
            "4h 5c 6h 7h 8h Th 2h", "flush", "a flush, Ten high",
            id="straight and flush from different cards",
        ),
        pytest.param(
            "5h 6h 7h 8h 9h 9c 9d", "straight flush", "a straight flush, Five to Nine",
            id="straight flush",
        ),
        pytest.param(
            "4h 5h 6h 7h 8h 9c Ah", "straight flush", "a straight flush, Four to Eight",
            id="straight flush beats a higher straight",
        ),
        pytest.param(
            "Ah 2h 3h 4h 5h Kc Kd", "straight flush", "a straight flush, Ace to Five",
            id="steel wheel",
        ),
        pytest.param(
            "Kh Kd Kc Jh Jd Js 2c", "full house", "a full house, Kings full of Jacks",
            id="two trips make a full house",
        ),
        pytest.param(
            "Ah Ad Kc Ks Qh Qd 2c", "two pair", "two pair, Aces and Kings",
            id="three pairs: best two",
        ),
    ],
)
def test_stud_high_best_five_of_seven(cards: str, hand_class: str, description: str) -> None:
    evaluation = evaluate("high", cards)
    assert evaluation.hand_class == hand_class
    assert evaluation.description == description


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        pytest.param("2c 3d 4s 5h 6c Kc 9d", "Ah 2c 3d 4s 5h Kc 9d", id="wheel is the lowest"),
        pytest.param("Ah 2c 3d 4s 5h Kc 9d", "Ah Ad Ac Qs Jh 9c 8d", id="wheel beats trips"),
        pytest.param("2h 3h 4h 5h 7h Kc 9d", "Th Jd Qc Ks Ah 2c 3d", id="flush beats straight"),
        pytest.param("5h 6h 7h 8h 9h 9c 9d", "9c 9d 9h 9s Ah Kh Qh", id="SF beats quads"),
    ],
)
def test_stud_high_comparisons(better: str, worse: str) -> None:
    assert value("high", better) > value("high", worse)


# --- Stud hi/lo: the 8-or-better low --------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "qualifies"),
    [
        pytest.param("Ah 2c 3d 4s 8h Kc Kd", True, id="8-4-3-2-A qualifies"),
        pytest.param("8c 7d 6h 5s 4c Kd Kh", True, id="8-7-6-5-4 qualifies"),
        pytest.param("8c 8d 7h 6s 5c 4d Kh", True, id="pair on board, five others"),
        pytest.param("As 2s 3s 4s 5s Kc Kd", True, id="straight flush still a low"),
        pytest.param("Ah 2c 3d 4s 9h Kc Kd", False, id="nine low does not"),
        pytest.param("9c 7d 6h 5s 4c Kd Kh", False, id="9-7-6-5-4 does not"),
        pytest.param("Ah Ad 2c 2d 3h 3s 4c", False, id="four low ranks only"),
        pytest.param("Ah 2c 3d 4s 8h", True, id="five cards"),
        pytest.param("Ah 2c 3d 4s 4h", False, id="five cards with a pair"),
    ],
)
def test_stud8_low_qualifier(cards: str, qualifies: bool) -> None:
    ranking = RANKINGS["a5_8"]
    assert ranking.qualifies is not None
    assert ranking.qualifies(evaluate("a5_8", cards).value) is qualifies


# --- Descriptions in PokerStars wording -----------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "cards", "description"),
    [
        ("high", "Kh Kd 7c 4s 2h", "a pair of Kings"),
        ("high", "Ah Ad Kc Ks 2h", "two pair, Aces and Kings"),
        ("high", "Ah Qd 9c 7s 3h", "high card Ace"),
        ("high", "Ah Ad Ac 9s 2h", "three of a kind, Aces"),
        ("high", "Ah Kd Qc Js Th", "a straight, Ten to Ace"),
        ("high", "5h 6d 7c 8s 9h", "a straight, Five to Nine"),
        ("high", "Qh 9h 7h 4h 2h", "a flush, Queen high"),
        ("high", "Kh Kd Kc Js Jh", "a full house, Kings full of Jacks"),
        ("27", "7h 5d 4c 3s 2h", "Lo: 7,5,4,3,2"),
        ("a5", "6h 4d 3c 2s Ah", "Lo: 6,4,3,2,A"),
        ("a5", "8h 8d 4c 3s 2h", "Lo: a pair of Eights"),
        ("27", "8h 8d 4c 3s 2h", "Lo: a pair of Eights"),
        ("badugi", "8c 6d 4h 2s", "Badugi: 8,6,4,2"),
        ("badugi", "5c 4d Ah Ac", "3-card: 5,4,A"),
        ("badugi", "Ks Kh As Ah", "2-card: K,A"),
    ],
)
def test_descriptions(ranking: str, cards: str, description: str) -> None:
    assert evaluate(ranking, cards).description == description


# --- what a ranking refuses ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "cards"),
    [
        ("high", "Ah Kd Qc Js"),
        ("high", "Ah Kd Qc Js Th 9h 8h 7h"),
        ("27", "Ah Kd Qc Js Th 9h"),
        ("a5", "Ah Kd Qc Js"),
        ("badugi", "Ah Kd Qc"),
        ("badugi_aces_high", "Ah Kd Qc Js Th 9h"),
    ],
)
def test_wrong_card_count_is_an_evaluation_error(ranking: str, cards: str) -> None:
    with pytest.raises(EvaluationError):
        evaluate(ranking, cards)


@pytest.mark.parametrize(
    ("ranking", "cards"),
    [
        ("high", "Ah Ah Kd Qc Js"),
        ("high", "Ah Ah Ah Ah Kd"),
        ("high", "Ah Ah Kh Qh Jh"),
        ("high", "Ah Ah Kd Qc Js 2c 3c"),
        ("27", "Ah Ah Kd Qc Js"),
        ("a5", "Ah Ah Kd Qc Js"),
        ("a5_8", "Ah Ah Kd Qc Js 2c"),
        ("badugi", "Ah Ah Kd Qc"),
        ("badugi_aces_high", "Ah Ah Kd Qc Js"),
    ],
)
def test_repeated_card_is_an_evaluation_error(ranking: str, cards: str) -> None:
    # EvaluationError: "Cards a ranking cannot evaluate (wrong count, repeated card)".
    with pytest.raises(EvaluationError):
        evaluate(ranking, cards)
