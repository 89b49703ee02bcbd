"""The replayer's fast paths at showdown and on stud streets, against their definitions.

* ``evaluate_hand`` remembers evaluations by the set of cards (an integer of card bits):
  any order of the same cards gives the same evaluations, a hand with a repeated card is
  never taken for the smaller set it spells, and forgetting (past the bound) changes
  nothing.
* ``high_board_key`` and ``low_board_key`` (who acts first on a stud street) equal the
  rule written plainly: pairing shape first, then the ranks by how often they appear.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from hhparse.cards import DECK, Card
from hhparse.evaluators import RANKINGS, EvaluationError
from hhparse.replay import showdown
from hhparse.replay.boards import high_board_key, low_board_key
from hhparse.variants.catalog import VARIANTS

EXAMPLES = settings(max_examples=400, deadline=None)
VARIANTS_BY_ID = {variant.id: variant for variant in VARIANTS}


def evaluated_directly(rankings: tuple[str, ...], cards: Sequence[Card]) -> tuple[object, ...]:
    found: list[object] = []
    for ranking_id in rankings:
        ranking = RANKINGS[ranking_id]
        try:
            evaluation = ranking.evaluate(cards)
        except EvaluationError:
            found.append(None)
            continue
        qualifies = ranking.qualifies is None or ranking.qualifies(evaluation.value)
        found.append(evaluation if qualifies else None)
    return tuple(found)


def holding(variant_id: str) -> st.SearchStrategy[tuple[str, list[Card]]]:
    size = VARIANTS_BY_ID[variant_id].hand_size
    return st.tuples(st.just(variant_id), st.permutations(DECK).map(lambda deck: deck[:size]))


HOLDINGS = st.sampled_from(sorted(VARIANTS_BY_ID)).flatmap(holding)


@EXAMPLES
@given(HOLDINGS, st.randoms(use_true_random=False))
def test_evaluate_hand_is_the_rankings_evaluations_in_any_order(
    held: tuple[str, list[Card]], random: object
) -> None:
    variant_id, cards = held
    variant = VARIANTS_BY_ID[variant_id]
    expected = evaluated_directly(variant.rankings, cards)
    shuffled = list(cards)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    assert showdown.evaluate_hand(variant, cards) == expected
    assert showdown.evaluate_hand(variant, shuffled) == expected


def test_a_repeated_card_is_not_taken_for_the_set_it_spells() -> None:
    variant = VARIANTS_BY_ID["badeucey"]
    four = [DECK[0], DECK[5], DECK[10], DECK[15]]
    five = [*four, DECK[20]]
    repeated = [*four, DECK[0]]  # five cards whose bits make the set of the first four
    assert showdown.evaluate_hand(variant, five) == evaluated_directly(variant.rankings, five)
    assert showdown.evaluate_hand(variant, repeated) == (None, None)
    assert showdown.evaluate_hand(variant, five) == evaluated_directly(variant.rankings, five)


def test_evaluations_past_the_bound_are_made_again_the_same() -> None:
    variant = VARIANTS_BY_ID["27_triple_draw"]
    hands = [[DECK[(start + step * 7) % 52] for step in range(5)] for start in range(52)]
    hands += [[DECK[(start + step * 11) % 52] for step in range(5)] for start in range(52)]
    bound = showdown._REMEMBERED_PER_RANKINGS
    for _ in range(bound // len(hands) + 2):
        for cards in hands:
            assert showdown.evaluate_hand(variant, cards) == evaluated_directly(
                variant.rankings, cards)
    assert len(showdown._REMEMBERED[variant.rankings]) <= bound


def plain_board_key(ranks: list[int]) -> tuple[list[int], list[int]]:
    """Counts most first, and every card's rank ordered by (its rank's count, the rank)."""
    counts = Counter(ranks)
    ordered = sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True)
    return sorted(counts.values(), reverse=True), ordered


BOARDS = st.integers(min_value=1, max_value=4).flatmap(
    lambda size: st.permutations(DECK).map(lambda deck: deck[:size]))


@EXAMPLES
@given(BOARDS)
def test_the_high_board_key_is_its_rule(board: list[Card]) -> None:
    shape, ordered = plain_board_key([int(card.rank) for card in board])
    assert high_board_key(board) == (*shape, *ordered)


@EXAMPLES
@given(BOARDS)
def test_the_low_board_key_is_its_rule(board: list[Card]) -> None:
    low_ranks = [(int(card.rank) + 1) % 13 for card in board]  # ace 0 .. king 12
    shape, ordered = plain_board_key(low_ranks)
    assert low_board_key(board) == (len(shape) - len(board), *(-rank for rank in ordered))


def test_board_keys_rank_pairs_and_high_cards() -> None:
    def cards(text: str) -> list[Card]:
        return [card for card in DECK if str(card) in text.split()]

    assert high_board_key(cards("Kc Kd 2h")) > high_board_key(cards("Ac Qd Jh"))
    assert high_board_key(cards("9c 9d 3h 3s")) > high_board_key(cards("Ac Ad Kh Qs"))
    assert low_board_key(cards("Ac 2d 3h")) > low_board_key(cards("2c 3d 4h"))
    assert low_board_key(cards("Kc Qd Jh")) > low_board_key(cards("Ac Ad 2h"))
