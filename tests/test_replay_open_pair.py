"""The big bet on 4th street with an open pair: seven-card stud high only."""

from __future__ import annotations

from pathlib import Path

from hhparse.pipeline import read_bytes
from hhparse.replay import Status

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "samples" / "stud.txt"


def open_pair_hand() -> str:
    hands = SAMPLE.read_text(encoding="utf-8").split("\n\n\n")
    return next(hand for hand in hands if "Pair on board" in hand).strip() + "\n"


def test_stud_high_allows_the_big_bet_with_an_open_pair() -> None:
    (hand,) = read_bytes(open_pair_hand().encode(), "stud.txt").hands
    assert hand.status is Status.ACCEPTED and not hand.problems


def test_stud_hi_lo_keeps_the_small_bet_with_an_open_pair() -> None:
    text = open_pair_hand().replace("7 Card Stud Limit", "7 Card Stud Hi/Lo Limit")
    text = text.replace("Pair on board - a double bet is allowed\n", "")
    (hand,) = read_bytes(text.encode(), "stud8.txt").hands
    assert hand.status is Status.REJECTED
    first = hand.errors[0]
    assert first.code == "bet_size" and "$1" in first.message and "$0.50" in first.message
