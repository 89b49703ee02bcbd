"""A draw decision in a few words, as draw_leaks groups them: the situation (draws left, what
was held) and the choice (stood pat, drew N): ``2 left, pat 9-low: drew 1``,
``3 left, 4 to a 7: drew 2``.

What was held, by ranking:

* lowball (target N-low): ``pat C`` when the five cards are of five ranks and no worse
  than two ranks above the target's top card (``pat 9-low``, ``pat T-low`` for an 8-low
  target; ``pat straight``, ``pat flush``: made of such ranks), else ``K to a T``: the K
  ranks the policy would draw to and the top one (``4 to a 7``; ``no low card``);
* other rankings: the class of the cards held (``3-card``, ``pair``; ``pat`` before a
  made target: ``pat 4-card badugi``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hhparse.cards import RANK_CHARS, Card
from hhparse.decisions.judge import target_lowest
from hhparse.evaluators import RANKINGS
from hhparse.evaluators.low import LOW_CHARS

PAT_SLACK = 2
"""Lowball: a five-rank hand this many ranks above the target's top card still reads as a
pat hand (a pat 9 or 10 against an 8-low target), not as a draw."""


def pattern(variant_id: str, ranking: str, target: str, held: Sequence[Card], drew: int,
            draws_left: int) -> str:
    return f"{draws_left} left, {holding(variant_id, ranking, target, held)}: {choice(drew)}"


def choice(drew: int) -> str:
    return "stood pat" if drew == 0 else f"drew {drew}"


def holding(variant_id: str, ranking: str, target: str, held: Sequence[Card]) -> str:
    evaluator = RANKINGS[ranking]
    value = evaluator.value(held)
    made = evaluator.describe(value).hand_class
    if ranking in ("27", "a5"):
        return _lowball_holding(ranking, target, held, made)
    return f"pat {made}" if value >= target_lowest(ranking, target) else made


def _lowball_holding(ranking: str, target: str, held: Sequence[Card], made: str) -> str:
    chars = RANK_CHARS if ranking == "27" else LOW_CHARS
    order = [chars.index(RANK_CHARS[card.rank]) for card in held]
    top = chars.index(target[0])
    if len(set(order)) == len(held) and max(order) <= top + PAT_SLACK:
        return f"pat {made}"
    lows = sorted({place for place in order if place <= top})
    if not lows:
        return "no low card"
    high = chars[lows[-1]]
    article = "an" if high in "8A" else "a"
    return f"{len(lows)} to {article} {high}"

