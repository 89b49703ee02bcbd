"""Badugi over several draws, by dealing (hhparse.decisions.badugi_draws): the policy's
tables against the policy written out again here on cards, the vectorised deals against
the same deals played one by one, and the chances against every deal of a small deck."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from hhparse.cards import DECK, parse_cards
from hhparse.decisions import badugi_draws, judge_keeps
from hhparse.decisions.judge import NOISE_ERRORS, judge_decision
from hhparse.evaluators import badugi

FOUR = 4 << 16
"""The lowest value of a four-card badugi."""


def _low(card_index: int, aces_low: bool) -> int:
    rank = card_index // 4
    return (rank + 1) % 13 if aces_low else rank


def _policy_keep(hand: list[int], aces_low: bool, top: int) -> tuple[int, ...]:
    """The positions of the sorted hand the policy keeps: of the badugis among the cards at
    or below ``top``, the best (by the evaluator's value); of equals, the first subset."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, 5):
        for positions in combinations(range(4), size):
            cards = [hand[p] for p in positions]
            lows = [_low(c, aces_low) for c in cards]
            if max(lows) > top or len(set(lows)) < size or len({c % 4 for c in cards}) < size:
                continue
            value = _subset_value(lows)
            if value > best[0]:
                best = (value, positions)
    return best[1]


def _subset_value(lows: list[int]) -> int:
    """The evaluator's value of a badugi of these comparison ranks (0 the best card)."""
    value = len(lows) << 16
    for place, low in enumerate(sorted(lows, reverse=True)):
        value |= (12 - low) << (4 * (3 - place))
    return value


def _final(hand: list[int], aces_low: bool) -> int:
    return badugi.value([DECK[c] for c in hand], aces_low)


def test_the_policy_table_keeps_the_best_badugi_of_the_low_cards() -> None:
    rng = random.Random(5)
    for aces_low, top in ((True, 12), (True, 7), (False, 12), (False, 6)):
        keeps, values = badugi_draws._tables(aces_low, top)
        for _ in range(1500):
            hand = sorted(rng.sample(range(52), 4))
            number = badugi_draws._colex(np.array([hand]))[0]
            table_keep = tuple(p for p in range(4) if int(keeps[number]) >> p & 1)
            assert table_keep == _policy_keep(hand, aces_low, top), (hand, aces_low, top)
            assert int(values[number]) == _final(hand, aces_low)


def _played_one_by_one(aces_low: bool, top: int, keep: list[int], deck: list[int],
                       draws_left: int) -> int:
    hand, used = [*keep, *deck[: 4 - len(keep)]], 4 - len(keep)
    for _ in range(draws_left - 1):
        hand.sort()
        kept = [hand[p] for p in _policy_keep(hand, aces_low, top)]
        hand = [*kept, *deck[used: used + 4 - len(kept)]]
        used += 4 - len(kept)
    return _final(hand, aces_low)


@pytest.mark.parametrize("draws_left", [2, 3])
def test_the_deals_at_once_equal_the_deals_played_one_by_one(draws_left: int) -> None:
    held = parse_cards("As 2h 7d Kd")
    seen = frozenset(card.index for card in (*held, *parse_cards("3c 9s")))
    keeps = [[card.index for card in held if card.rank in ranks] for ranks in
             ((), (12,), (12, 0), (12, 0, 5), (12, 0, 5, 11))]
    for aces_low, top in ((True, 12), (True, 7), (False, 9)):
        values = badugi_draws.final_values(aces_low, top, keeps, seen, draws_left, 11, 300)
        unseen = np.array([i for i in range(52) if i not in seen], dtype=np.int64)
        decks = np.random.default_rng(11).permuted(
            np.broadcast_to(unseen, (300, len(unseen))), axis=1)
        for k, keep in enumerate(keeps):
            expected = [_played_one_by_one(aces_low, top, keep, deck.tolist(), draws_left)
                        for deck in decks]
            assert values[k].tolist() == expected


def _exact_two_draws(keep: list[int], unseen: list[int], aces_low: bool, top: int,
                     lowest: int) -> Fraction:
    """Every first draw, the policy, every second draw: the chance of ``lowest`` or better."""
    first = 4 - len(keep)
    hits, deals = 0, 0
    for drawn in combinations(unseen, first):
        hand = sorted([*keep, *drawn])
        kept = [hand[p] for p in _policy_keep(hand, aces_low, top)]
        rest = [c for c in unseen if c not in drawn]
        second = 4 - len(kept)
        count = len(list(combinations(rest, second)))
        made = sum(_final([*kept, *more], aces_low) >= lowest
                   for more in combinations(rest, second))
        hits += Fraction(made, count) if count else 0
        deals += 1
    return Fraction(hits) / deals


def test_the_chances_equal_every_deal_of_a_small_deck() -> None:
    rng = random.Random(2)
    cards = rng.sample(range(52), 52)
    held, unseen = cards[:4], sorted(cards[40:])  # 36 more cards seen: 12 can come
    seen = frozenset(cards[:40])
    keeps = [held[:k] for k in range(4)]
    for aces_low, top, lowest in ((True, 12, FOUR), (False, 12, 3 << 16)):
        values = badugi_draws.final_values(aces_low, top, keeps, seen, 2, 7, 40_000)
        for keep, row in zip(keeps, values, strict=True):
            exact = float(_exact_two_draws(keep, unseen, aces_low, top, lowest))
            hits = row >= lowest
            error = badugi_draws.chance_error(hits)
            assert abs(float(hits.mean()) - exact) <= 4 * error + 1e-9, (keep, exact)


def test_one_decision_gives_the_same_numbers_every_time() -> None:
    held = parse_cards("As 2h 7d Kd")
    first = judge_keeps("badugi", held, (), 3, "4-card badugi")
    again = judge_keeps("badugi", list(reversed(held)), (), 3, "4-card badugi")
    assert {frozenset(c.keep): c.p_target for c in first} == {
        frozenset(c.keep): c.p_target for c in again}
    assert len({c.p_target for c in first}) > 3
    assert all(c.samples == badugi_draws.SAMPLES and 0 < (c.p_error or 0) <= 0.005
               for c in first if 0 < c.p_target < 1)


def test_keeping_a_pair_is_a_leak_and_a_coin_flip_is_not() -> None:
    held = parse_cards("As Ad 2h 9c")
    made, best = judge_decision("badugi", held, parse_cards("As Ad"), (), 3, "4-card badugi")
    assert set(best.keep) == set(parse_cards("As 2h 9c")) or set(best.keep) == set(
        parse_cards("Ad 2h 9c"))
    assert best.p_target - made.p_target > NOISE_ERRORS * (best.p_error or 1)
    # the 7 or the king beside A-2 of other suits: the same chance of any badugi
    held = parse_cards("As 2h 7d Kd")
    made, best = judge_decision("badugi", held, parse_cards("As 2h 7d"), (), 3, "4-card badugi")
    assert best == made


def test_an_eight_high_target_breaks_a_king_high_badugi_at_the_next_draw() -> None:
    held = parse_cards("As 2h 3c Kd")
    chances = {frozenset(c.keep): c for c in
               judge_keeps("badugi", held, (), 2, "8-high badugi")}
    pat = chances[frozenset(held)]
    # pat now, then the policy throws the king: one draw at the 8-high badugi
    # (a diamond 4 to 8 of the 47 unseen after that draw ... about 5/48)
    assert pat.p_target == pytest.approx(5 / 48, abs=4 * (pat.p_error or 0))
    drew = chances[frozenset(held[:3])]
    assert drew.p_target > pat.p_target + NOISE_ERRORS * (drew.p_error or 0)


def test_the_race_keeps_the_best_keep_and_the_chances_of_dealing_every_keep() -> None:
    """judge_decision plays every keep on the pilot deals only: the keep made and the best
    have the chances judge_keeps gives them on all the deals, and no keep beats the best."""
    rng = random.Random(9)
    raced = 0
    for _ in range(12):
        cards = rng.sample(DECK, 4 + rng.randint(0, 6))
        held, seen = cards[:4], cards[4:]
        kept = [card for card in held if rng.random() < 0.5]
        draws_left = rng.choice((2, 3))
        made, best = judge_decision("badugi", held, kept, seen, draws_left, "4-card badugi")
        every = {frozenset(c.keep): c.p_target
                 for c in judge_keeps("badugi", held, seen, draws_left, "4-card badugi")}
        assert made.p_target == every[frozenset(kept)]
        assert best.p_target == every[frozenset(best.keep)]
        if best != made:
            raced += 1
            assert best.p_target == max(every.values())
        else:
            assert max(every.values()) - made.p_target <= 4 * NOISE_ERRORS * (made.p_error or 0)
    assert raced


def test_the_last_draw_counted_equals_every_set_of_cards_dealt() -> None:
    rng = random.Random(4)
    for case in range(24):
        cards = rng.sample(DECK, 4 + rng.randint(0, 10))
        held = cards[:4]
        keep = [card.index for card in held if rng.random() < 0.7 or case % 8 == 0]
        seen_set = frozenset(card.index for card in cards)
        unseen = [index for index in range(52) if index not in seen_set]
        drawn = np.array(list(combinations(unseen, 4 - len(keep))) if len(keep) < 4
                         else np.zeros((1, 0)), dtype=np.int64)
        hands = np.concatenate([np.broadcast_to(np.array(keep, dtype=np.int64),
                                                (len(drawn), len(keep))), drawn], axis=1)
        for aces_low, top in ((True, 12), (True, 7), (False, 12), (False, 8)):
            values = badugi.table_values(hands, aces_low)
            lows = (hands // 4 + 1) % 13 if aces_low else hands // 4
            made = (values >> 16 == 4) & (lows.max(axis=1) <= top)
            counted = badugi_draws.last_draw_chance(aces_low, top, keep, seen_set)
            assert counted == pytest.approx(float(made.mean()), abs=1e-12), (keep, aces_low, top)


def test_a_judged_last_draw_counts_as_it_deals() -> None:
    held = parse_cards("As 2d 3h Kh")
    counted = judge_keeps("badugi", held, parse_cards("4c 9d"), 1, "8-high badugi")
    dealt = judge_keeps("badugi", held, parse_cards("4c 9d"), 1, "8-high badugi",
                        classes=True)
    assert [(c.keep, pytest.approx(c.p_target, abs=1e-12)) for c in counted] == [
        (c.keep, c.p_target) for c in dealt]
    assert counted[0].keep == tuple(held[:3]) and counted[0].p_target == pytest.approx(4 / 46)
