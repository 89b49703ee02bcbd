"""Reading and replaying without the cyclic garbage collector.

Reading and replaying hands make no reference cycles (``tests/test_cycles.py`` checks it on
every fixture, the corpus and generated hands of every variant): every object they make is
freed by its reference count. Yet they make tens of container objects per hand, and the
cyclic collector, triggered by that count, walks the growing heap of hands already read
again and again: up to a fifth of the CPU time of read + replay (the corpus's PokerStars
hands; ``benchmarks/instructions.py``). So the hot loops run with it off, and it comes
back, as it was, when they end (a cycle made meanwhile, by an error's traceback say, is
collected then; the first collection after walks what was made once).
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
        if was_enabled:
            gc.enable()
