"""A PHH hand that records no result gets the collections the rules award.

PHH needs no result: the rules decide who wins. A file with neither ``winnings`` nor
``finishing_stacks`` therefore reads (:mod:`hhparse.parsers.phh`) with no collections
and a warning ``phh_no_result``. The replayer checks collections against the pots it
awards; for such a hand there is nothing to check them against, so this module replays
it once, collects each pot for the winners the replayer finds, and says so on the
warning: the hand is kept, its money balances, and nobody is misled into thinking a
recorded result was confirmed.
"""

from __future__ import annotations

from dataclasses import replace

from hhparse.parsers import phh
from hhparse.parsers.base import BlockLike
from hhparse.records import SHOWDOWN_STREET, Action, Hand, Kind, ParseProblem
from hhparse.replay import replay_hand

NO_RESULT = "phh_no_result"


def parse_block(block: BlockLike) -> Hand:
    """Read a PHH block; without a recorded result, the rules' result."""
    return settle(phh.parse_block(block))


def settle(hand: Hand) -> Hand:
    """``hand`` with collections for the winners of each pot when it records none."""
    if not any(problem.code == NO_RESULT for problem in hand.problems):
        return hand
    awarded: dict[str, int] = {}
    for pot in replay_hand(hand).pots:
        for name, amount in zip(pot.winners, pot.won, strict=True):
            awarded[name] = awarded.get(name, 0) + amount
    if not awarded:
        return hand
    line = hand.summary.line
    collects = tuple(
        Action(line=line, street=SHOWDOWN_STREET, kind=Kind.COLLECT, player=name,
               amount=amount, pot="pot")
        for name, amount in awarded.items() if amount
    )
    problems = tuple(
        ParseProblem(line=problem.line, code=NO_RESULT, fatal=False, message=(
            f"{problem.message}: the pots go to the hands the rules rank best "
            f"({', '.join(f'{a.player} {a.amount}' for a in collects)}); no recorded "
            "result confirms it"))
        if problem.code == NO_RESULT else problem
        for problem in hand.problems
    )
    return replace(hand, actions=hand.actions + collects, problems=problems)
