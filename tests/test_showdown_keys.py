"""The replayer's fast paths at showdown and on stud streets, against their definitions.

* ``evaluate_hand`` remembers evaluations by the set of cards (an integer of card bits):
  any order of the same cards gives the same evaluations, a hand with a repeated card is
  never taken for the smaller set it spells, and forgetting (past the bound) changes
  nothing.
* ``high_board_key`` and ``low_board_key`` (who acts first on a stud street) equal the
  rule written plainly: pairing shape first, then the ranks by how often they appear.
* ``board_key`` remembers keys by the ranks a board shows: a remembered key is the key
  worked out, in any order of the cards, past the bound too; ``best_boards`` is every
  player whose key is the greatest.
* ``build_pots`` (lists in the players' order) gives the pots of the rule written plainly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from hhparse.cards import DECK, Card
from hhparse.evaluators import RANKINGS, EvaluationError
from hhparse.replay import boards, showdown
from hhparse.replay.boards import high_board_key, low_board_key
from hhparse.replay.state import PlayerState
from hhparse.variants import FirstToAct
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


def worked_out(cards: Sequence[Card], rule: FirstToAct) -> tuple[int, ...]:
    return low_board_key(cards) if rule is FirstToAct.BEST_LOW_BOARD else high_board_key(cards)


@EXAMPLES
@given(st.lists(BOARDS, min_size=1, max_size=6), st.sampled_from(list(FirstToAct)),
       st.randoms(use_true_random=False))
def test_a_remembered_board_key_is_the_key_worked_out(
    board_list: list[list[Card]], rule: FirstToAct, shuffler: random.Random
) -> None:
    for board in board_list * 2:
        assert boards.board_key(board, rule) == worked_out(board, rule)
        reordered = list(board)
        shuffler.shuffle(reordered)
        assert boards.board_key(reordered, rule) == worked_out(board, rule)
    named = {f"p{index}": board for index, board in enumerate(board_list)}
    keys = {player: worked_out(board, rule) for player, board in named.items()}
    assert boards.best_boards(named, rule) == {
        player for player, key in keys.items() if key == max(keys.values())}


def test_board_keys_past_the_bound_are_forgotten_and_made_again_the_same() -> None:
    rule = FirstToAct.BEST_HIGH_BOARD
    bound = boards.REMEMBERED_BOARDS

    def board(number: int) -> list[Card]:  # five up cards: more rank sequences than the bound
        ranks = [number // 13**place % 13 for place in range(5)]
        return [DECK[rank * 4 + place % 4] for place, rank in enumerate(ranks)]

    for number in range(bound + 100):
        key = boards.board_key(board(number), rule)
        if number % 997 == 0:
            assert key == high_board_key(board(number))
        assert len(boards._HIGH_KEYS) <= bound
    assert boards.board_key(board(5), rule) == high_board_key(board(5))


def pots_by_their_rule(players: list[PlayerState]) -> list[tuple[int, tuple[str, ...]]]:
    """The pots written plainly: a level at each all-in contender's bet and at the top
    contender's bet; each level takes from every player what he bet between it and the
    level below; dead blinds go to the main pot; pots with the same players merge; what is
    left over goes to the last pot."""
    bets = {p.name: p.contributed - p.dead_blinds for p in players}
    contenders = [p for p in players if p.in_hand]
    top = max((bets[p.name] for p in contenders), default=0)
    levels = sorted({bets[p.name] for p in contenders if p.all_in} | {top})
    pots: list[tuple[int, tuple[str, ...]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(bets[p.name], level) - min(bets[p.name], previous) for p in players)
        if not pots:
            amount += sum(p.dead_blinds for p in players)
        eligible = tuple(p.name for p in contenders if bets[p.name] >= level)
        if amount > 0:
            if pots and pots[-1][1] == eligible:
                pots[-1] = (pots[-1][0] + amount, eligible)
            else:
                pots.append((amount, eligible))
        previous = level
    leftover = sum(p.contributed for p in players) - sum(amount for amount, _ in pots)
    if leftover and pots:
        pots[-1] = (pots[-1][0] + leftover, pots[-1][1])
    return pots


PLAYER_BETS = st.lists(
    st.tuples(st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=3),
              st.booleans(), st.booleans(), st.booleans()),
    min_size=2, max_size=8)


@EXAMPLES
@given(PLAYER_BETS)
def test_pots_are_built_by_their_rule(bets: list[tuple[int, int, bool, bool, bool]]) -> None:
    players = []
    for index, (bet, dead, folded, all_in, dealt_in) in enumerate(bets):
        player = PlayerState(name=f"p{index}", seat=index + 1, stack=100, remaining=0,
                             dealt_in=dealt_in)
        player.contributed = bet + dead
        player.dead_blinds = dead
        player.folded = folded
        player.all_in = all_in
        players.append(player)
    built = [(pot.amount, pot.eligible) for pot in showdown.build_pots(players)]
    assert built == pots_by_their_rule(players)
