"""Load hand histories into DuckDB (see run.py for how it stays correct).

The names below are imported on first use (DuckDB loads only when an ingest runs).
"""

from __future__ import annotations

import importlib
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
    return getattr(importlib.import_module(f"{__name__}.run"), name)
