"""Load hand histories into DuckDB (see run.py for how it stays correct).

The names below are imported on first use (DuckDB loads only when an ingest runs).
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hhparse.ingest.run import (
        DatabaseBusy,
        IngestSummary,
        connect,
        default_database,
        ingest,
    )

__all__ = ["DatabaseBusy", "IngestSummary", "connect", "default_database", "ingest"]


def __getattr__(name: str) -> object:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # The ingest never multiplies matrices: numpy's OpenBLAS (loaded with the frames, after
    # this, unless the program loaded numpy already) would start a thread per core that
    # spins for nothing (1.2% of a 1-worker ingest's CPU by perf). A setting the user made
    # stays; the workers do the same (hhparse.stops.worker_init).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    return getattr(importlib.import_module(f"{__name__}.run"), name)
