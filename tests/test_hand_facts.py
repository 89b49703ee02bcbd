"""Known answers of a hand's facts (``hhparse.hand_facts``): what a draw kept and made, the
pats, the 3-bet spots and the steal chances, on hands small enough to work out by hand.
That they equal the store's SQL on every variant is ``tests/test_store_facts_in_workers.py``."""

from __future__ import annotations

import pytest

from hhparse.cards import parse_cards
from hhparse.hand_facts import draw_facts, player_facts
from hhparse.records import Action, Kind
from hhparse.replay.result import DrawResult, PlayerResult


def _draw(before: str, new: str, after: str, draw_round: int = 1, player: str = "Hero"
          ) -> DrawResult:
    discarded = len(parse_cards(new))
    thrown = tuple(card for card in parse_cards(before) if card not in parse_cards(after))
    return DrawResult(player=player, draw_round=draw_round, discarded=discarded,
                      discarded_cards=thrown, new_cards=parse_cards(new),
                      hand_before=parse_cards(before), hand_after=parse_cards(after))


@pytest.mark.parametrize(("variant", "before", "new", "after", "holding", "made"), [
    ("27_triple_draw", "7s 5d 4h Kc Kd", "3c 2d", "7s 5d 4h 3c 2d", "7-high", "7-low"),
    ("27_triple_draw", "6s 5d 4h Kc Kd", "3c 2d", "6s 5d 4h 3c 2d", "6-high", "straight"),
    ("27_single_draw", "8s 8d 4h 3c 2d", "Kd", "8s 4h 3c 2d Kd", "8-high", "K-low"),
    ("27_single_draw", "8s 8d 4h 3c 2d", "8c", "8s 4h 3c 2d 8c", "8-high", "pair"),
    ("a5_triple_draw", "Ac 2d 3h Kc Kd", "4s 4c", "Ac 2d 3h 4s 4c", "3-high", "pair"),
    ("a5_single_draw", "Ac 2d 3h Kc Qd", "5s 4c", "Ac 2d 3h 5s 4c", "3-high", "5-low"),
    ("badugi", "Ac 2d 3h 3s", "4s", "Ac 2d 3h 4s", "3-high", "4-card badugi"),
    ("badugi", "Ac 2d 3h 3s", "2s", "Ac 2d 3h 2s", "3-high", "3-card"),
    ("badugi", "Ac 2c 3h 3s", "Kh", "Ac 3h 3s Kh", "broken", "3-card"),
    ("badugi", "Ac 2c 3c 3s", "Kh", "Ac 2c 3c Kh", "broken", "2-card"),
    ("five_card_draw", "Kc Kd 7h 4s 2c", "Kh 9s 9d", "Kc Kd Kh 9s 9d", "pair", "full house"),
    ("five_card_draw", "Ac 2d 3h 4s Kc", "5c", "Ac 2d 3h 4s 5c", "four to a straight",
     "straight"),
    ("five_card_draw", "Ac 9c 3c 4c Kd", "5c", "Ac 9c 3c 4c 5c", "four to a flush", "flush"),
    ("badeucey", "Ac 2d 3h 4s Kc", "5c", "Ac 2d 3h 4s 5c", "A-high", "4-card badugi / A-low"),
    ("badacey", "Ac 2d 3h 4s Kc", "5c", "Ac 2d 3h 4s 5c", "4-high", "4-card badugi / 5-low"),
])
def test_what_a_draw_of_known_cards_kept_and_made(
    variant: str, before: str, new: str, after: str, holding: str, made: str
) -> None:
    (facts,) = draw_facts(variant, (_draw(before, new, after),))
    assert facts[3:] == (holding, made)


def test_a_draw_of_unknown_cards_has_no_card_facts() -> None:
    unknown = DrawResult(player="Villain", draw_round=1, discarded=2)
    assert draw_facts("27_triple_draw", (unknown,)) == [(False, False, False, None, None)]


def test_pats_at_the_other_draws() -> None:
    """Drew at the first draw, then stood pat twice: pat to the end from draw 2."""
    draws = (
        DrawResult(player="Hero", draw_round=1, discarded=2),
        DrawResult(player="Hero", draw_round=2, discarded=0),
        DrawResult(player="Hero", draw_round=3, discarded=0),
        DrawResult(player="Villain", draw_round=1, discarded=0),
    )
    facts = [row[:3] for row in draw_facts("27_triple_draw", draws)]
    assert facts == [(False, False, False), (False, False, True), (False, True, True),
                     (True, False, False)]


def _player(name: str, seat: int, position: str) -> PlayerResult:
    return PlayerResult(player=name, seat=seat, position=position, is_hero=False,
                        starting_stack=1000, contributed=0, collected=0, net=0,
                        went_to_showdown=False, won_at_showdown=False, final_cards=())


def test_a_three_bet_and_the_steal_chance_of_a_draw_game() -> None:
    """Blinds; the cutoff opens first in (a steal chance; the big blind is the 1st bet, the
    open the 2nd); the button folds and the small blind 3-bets (both had the chance); the
    big blind acts after the 3rd bet (no chance)."""
    players = (_player("SB", 1, "SB"), _player("BB", 2, "BB"), _player("CO", 3, "CO"),
               _player("BTN", 4, "BTN"))
    actions = (
        Action(1, 0, Kind.POST_SB, "SB", 5), Action(2, 0, Kind.POST_BB, "BB", 10),
        Action(3, 0, Kind.RAISE, "CO", 10, to=20), Action(4, 0, Kind.FOLD, "BTN"),
        Action(5, 0, Kind.RAISE, "SB", 25, to=30), Action(6, 0, Kind.FOLD, "BB"),
        Action(7, 0, Kind.CALL, "CO", 10),
        Action(8, 1, Kind.DISCARD, "CO", n_cards=1), Action(9, 1, Kind.STAND_PAT, "SB"),
    )
    rows = dict(zip((p.player for p in players),
                    player_facts("27_triple_draw", 4, players, actions, (), []), strict=True))
    vpip, raised, chance, three_bet, calls, aggressive, second = range(7)
    steal = 13
    assert rows["SB"][chance] and rows["SB"][three_bet] and rows["SB"][vpip]
    assert rows["BTN"][chance] and not rows["BTN"][three_bet] and not rows["BTN"][vpip]
    assert not rows["BB"][chance] and not rows["CO"][chance]
    assert rows["CO"][raised] and rows["CO"][calls] == 1 and rows["SB"][aggressive] == 1
    assert rows["CO"][steal] and not rows["BTN"][steal] and not rows["SB"][steal]
    assert rows["CO"][second] and rows["SB"][second] and not rows["BB"][second]


def test_razz_third_street_spots() -> None:
    """The king brings in; two fold; the last seat, a deuce up, completes first in (a
    steal chance); the bring-in calls (he defended)."""
    players = (_player("A", 1, ""), _player("B", 2, ""), _player("C", 3, ""),
               _player("D", 4, ""))
    dealt = [("A", "Kc"), ("B", "9d"), ("C", "8h"), ("D", "2s")]
    actions = (
        *(Action(n, 0, Kind.DEALT, name, new_cards=parse_cards(up))
          for n, (name, up) in enumerate(dealt)),
        Action(5, 0, Kind.BRING_IN, "A", 5), Action(6, 0, Kind.FOLD, "B"),
        Action(7, 0, Kind.FOLD, "C"), Action(8, 0, Kind.COMPLETE, "D", 20, to=20),
        Action(9, 0, Kind.CALL, "A", 15),
    )
    rows = dict(zip("ABCD", player_facts("razz", 4, players, actions, (), []), strict=True))
    door, action, brought_in, first_in, steal, defence, defended = range(9, 16)
    assert rows["A"][brought_in] and rows["A"][action] == "bring_in"
    assert rows["A"][defence] and rows["A"][defended]
    assert rows["D"][first_in] and rows["D"][steal] and rows["D"][door] == "2s"
    assert rows["B"][first_in] and not rows["B"][steal]  # a nine up, cards lower behind him
