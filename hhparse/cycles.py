"""Reading and replaying without the cyclic garbage collector.

Reading and replaying hands make no reference cycles (``tests/test_cycles.py`` checks it on
every fixture, the corpus and generated hands of every variant): every object they make is
freed by its reference count. Yet they make tens of container objects per hand, and the
cyclic collector, triggered by that count, walks the growing heap of hands already read
again and again: up to a fifth of the CPU time of read + replay (the corpus's PokerStars
hands; ``benchmarks/instructions.py``). So the hot loops run with it off, and it comes
back, as it was, when they end. What was made inside and is still held (a file's hands)
then goes straight to the oldest generation, unwalked: else the first young collection
after walks it all (16% of the CPU time of read + replay in 2 MB chunks: one collection
of ~35 ms a chunk). A cycle made meanwhile (an error's traceback, say) is collected by the
next full collection instead.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Inside, the cyclic collector does not run; after, it is on again if it was."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        _age_young_objects()
        if was_enabled:
            gc.enable()


def _age_young_objects() -> None:
    """Every object tracked goes to the oldest generation without being walked (freezing
    moves them all aside and clears the young count; unfreezing puts them in the oldest).
    Not when someone froze objects: unfreezing would thaw theirs too."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
