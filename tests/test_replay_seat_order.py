"""The replayer's seat order: players clockwise from the first seat after the button.

``engine._clockwise`` orders the players themselves (no look-up by seat); it must give
the order :func:`hhparse.replay.positions.clockwise_from` gives the seat numbers, in
whatever order the log lists the seats.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hhparse.replay.engine import _clockwise
from hhparse.replay.positions import clockwise_from
from hhparse.replay.state import PlayerState

SEATS = st.lists(st.integers(min_value=1, max_value=10), unique=True, max_size=10)


@settings(max_examples=300, deadline=None)
@given(SEATS, st.integers(min_value=0, max_value=11))
def test_players_go_clockwise_as_their_seats_do(seats: list[int], after: int) -> None:
    players = [PlayerState(name=f"p{seat}", seat=seat, stack=100, remaining=100)
               for seat in seats]
    ordered = _clockwise(players, after)
    ordered_seats = clockwise_from(seats, after)
    assert [player.seat for player in ordered] == ordered_seats
    assert [player.name for player in ordered] == [f"p{seat}" for seat in ordered_seats]


def test_seats_listed_out_of_order_are_put_in_order() -> None:
    players = [PlayerState(name=name, seat=seat, stack=100, remaining=100)
               for name, seat in (("c", 6), ("a", 2), ("b", 4))]
    assert [player.name for player in _clockwise(players, 4)] == ["c", "a", "b"]
