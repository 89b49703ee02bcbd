"""Seat order and position labels."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

MIDDLE_LABELS = ("UTG", "UTG+1", "UTG+2", "MP")


def clockwise_from(seats: Sequence[int], after: int) -> list[int]:
    """Seats in clockwise order starting with the first seat after ``after``."""
    ordered = sorted(seats)
    later = [seat for seat in ordered if seat > after]
    return later + [seat for seat in ordered if seat <= after]


def position_labels(seats: Sequence[int], button: int | None,
                    blinds: int = 2) -> Mapping[int, str]:
    """The seats dealt in (button games only), by the live blinds posted: two: SB, BB, then
    UTG ... HJ, CO, BTN; one blind (posted left of the button): BB, UTG ... CO, BTN; none
    (antes only): UTG ... CO, BTN. Heads-up: BTN and BB (antes only: BTN and UTG).

    The labels of a table's seats repeat hand after hand: each set is worked out once (the
    mapping is shared: read it, never change it)."""
    return _labels(tuple(seats), button, blinds)


@lru_cache(maxsize=4096)
def _labels(seats: tuple[int, ...], button: int | None, blinds: int) -> Mapping[int, str]:
    if button is None or len(seats) < 2:
        return {seat: "" for seat in seats}
    order = clockwise_from(seats, button)  # left of the button first, the button last
    if len(order) == 2:
        return {order[-1]: "BTN", order[0]: "BB" if blinds else "UTG"}
    blind_names = ("SB", "BB")[2 - blinds:] if blinds else ()
    labels = {order[-1]: "BTN"} | dict(zip(order, blind_names, strict=False))
    middle = order[len(blind_names):-1]
    names = list(MIDDLE_LABELS[: max(0, len(middle) - 2)])
    names += ["HJ", "CO"][-len(middle):] if middle else []
    while len(names) < len(middle):
        names.insert(len(names) - 2, f"MP{len(names)}")
    for seat, name in zip(middle, names, strict=True):
        labels[seat] = name
    return labels
