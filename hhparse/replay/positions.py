"""Seat order and position labels."""

from __future__ import annotations

from collections.abc import Sequence

MIDDLE_LABELS = ("UTG", "UTG+1", "UTG+2", "MP")


def clockwise_from(seats: Sequence[int], after: int) -> list[int]:
    """Seats in clockwise order starting with the first seat after ``after``."""
    ordered = sorted(seats)
    later = [seat for seat in ordered if seat > after]
    return later + [seat for seat in ordered if seat <= after]


def position_labels(seats: Sequence[int], button: int | None) -> dict[int, str]:
    """BTN, SB, BB, then UTG ... HJ, CO for the seats dealt in (button games only)."""
    if button is None or len(seats) < 2:
        return {seat: "" for seat in seats}
    order = clockwise_from(seats, button)  # SB first, the button last
    if len(order) == 2:
        return {order[-1]: "BTN", order[0]: "BB"}
    labels = {order[-1]: "BTN", order[0]: "SB", order[1]: "BB"}
    middle = order[2:-1]
    names = list(MIDDLE_LABELS[: max(0, len(middle) - 2)])
    names += ["HJ", "CO"][-len(middle):] if middle else []
    while len(names) < len(middle):
        names.insert(len(names) - 2, f"MP{len(names)}")
    for seat, name in zip(middle, names, strict=True):
        labels[seat] = name
    return labels
