"""Seeded hand histories of every variant, for tests and benchmarks (``hhparse synth``).

Simple, plausible players play hand after hand at a table (table.py, engine.py): they
draw to their best holding, stand pat on made hands, bet and raise by strength, bluff
and snow now and then, move all-in, sit out and leave. The deck is shuffled with the
seed, reshuffled under the PokerStars policy, and every hand is written in the
PokerStars format (pokerstars.py). The same options give the same bytes.

    from hhparse.synth import SynthOptions, generate_hands
    for text in generate_hands(SynthOptions(variant="razz", hands=1000, seed=7)):
        ...  # one hand in PokerStars format
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Final, TextIO

from hhparse.synth.events import PlayedHand
from hhparse.synth.options import Plan, SynthError, SynthOptions, resolve
from hhparse.synth.pokerstars import write_hand
from hhparse.synth.table import Table, Tourney

__all__ = ["SynthError", "SynthOptions", "generate_hands", "generate_played", "write_hands"]

HAND_SEPARATOR = "\n\n"
"""PokerStars leaves blank lines between hands."""
BUY_INS = ((100, 10), (300, 30), (500, 50), (1000, 100), (2000, 200), (5000, 500))
"""Tournament buy-in and fee, in cents."""
FIELDS = (9, 18, 45, 90, 180, 360, 1000)
"""Tournament entrants."""


ID_LANES: Final = 1000
"""A site numbers the hands of all its games from one counter: no two share an id. A stream
of generated hands draws its first id from its seed (razz and badugi of one seed began at
the same id), so each stream also ends its ids with three digits of its own, its lane:
two streams meet only if their lanes do (one in a thousand) and their ids then agree."""


def id_lane(plan: Plan) -> int:
    """The stream's lane: from every option that changes its hands but their number (the
    same options give the same hands, and so the same ids)."""
    options = (plan.variant.id, plan.seed, plan.seats, plan.structure.value, plan.tournament,
               tuple(structure.id for structure in plan.forced), plan.leak)
    return zlib.crc32(repr(options).encode()) % ID_LANES


def generate_played(options: SynthOptions) -> Iterator[PlayedHand]:
    """The hands as records (events, pots, facts), before they are written."""
    plan = resolve(options)
    lane = id_lane(plan)
    rng = random.Random(plan.seed)
    hand_id = rng.randint(200_000_000_000, 259_000_000_000)
    clock = datetime(2026, 1, 1) + timedelta(seconds=rng.randint(0, 200 * 86400))
    table: Table | None = None
    for _ in range(plan.hands):
        if table is None or table.closed:
            tourney = _new_tourney(plan, rng) if plan.tournament else None
            table = Table(plan, rng, tourney)
            clock += timedelta(minutes=rng.randint(1, 90))
        hand = table.play(hand_id * ID_LANES + lane, clock)
        yield hand
        hand_id += rng.randint(5, 40_000)
        clock += timedelta(seconds=12 + 2 * len(hand.events) + rng.randint(0, 25))


def generate_hands(options: SynthOptions) -> Iterator[str]:
    """Each hand as PokerStars text (lines end with ``\\n``)."""
    for hand in generate_played(options):
        yield write_hand(hand)


def write_hands(options: SynthOptions, target: str | Path | TextIO) -> int:
    """Writes the hands to a file (UTF-8) or an open text stream; returns how many."""
    if isinstance(target, (str, Path)):
        with open(target, "w", encoding="utf-8", newline="\n") as stream:
            return _write(options, stream)
    return _write(options, target)


def _write(options: SynthOptions, stream: TextIO) -> int:
    count = 0
    for text in generate_hands(options):
        if count:
            stream.write(HAND_SEPARATOR)
        stream.write(text)
        count += 1
    return count


def _new_tourney(plan: Plan, rng: random.Random) -> Tourney:
    buy_in, fee = rng.choice(BUY_INS)
    entrants = max(rng.choice(FIELDS), plan.seats)
    return Tourney(tournament_id=rng.randint(100_000_000, 3_999_999_999), buy_in=buy_in,
                   fee=fee, entrants=entrants, left=entrants, start_stack=1500,
                   level_length=rng.randint(8, 14))
