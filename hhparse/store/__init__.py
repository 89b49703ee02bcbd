"""The DuckDB store: schema migrations, polars frames of replayed hands, bulk writes.

Typical use (the caller owns the transaction)::

    con = open_store("hands.duckdb")
    frames = frames_for(results, source_ids)
    con.begin()
    counts = insert_frames(con, frames)
    con.commit()

The tables and their columns are documented in the README (section "The database").
Each new hand gets an integer ``hand_key`` and derived facts (:mod:`hhparse.store.facts`).

The names below are imported on first use: an ingest's workers build frames
(:mod:`hhparse.store.frames`, with :mod:`hhparse.hand_facts`) and never load DuckDB.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hhparse.store.facts import (
        DERIVED_COLUMNS,
        derive_facts,
        derive_stored_facts,
        has_facts,
    )
    from hhparse.store.frames import SCHEMAS, TABLES, FileResultLike, Frames, frames_for
    from hhparse.store.schema import (
        StoreError,
        latest_version,
        migrate,
        migrations,
        open_store,
        schema_version,
    )
    from hhparse.store.writer import InsertCounts, insert_frames

_HOME: dict[str, str] = {
    **dict.fromkeys(("DERIVED_COLUMNS", "derive_facts", "derive_stored_facts", "has_facts"),
                    "facts"),
    **dict.fromkeys(("SCHEMAS", "TABLES", "FileResultLike", "Frames", "frames_for"), "frames"),
    **dict.fromkeys(("StoreError", "latest_version", "migrate", "migrations", "open_store",
                     "schema_version"), "schema"),
    **dict.fromkeys(("InsertCounts", "insert_frames"), "writer"),
}
"""Each public name -> the module of this package that defines it."""

__all__ = [
    "DERIVED_COLUMNS", "SCHEMAS", "TABLES", "FileResultLike", "Frames", "InsertCounts",
    "StoreError", "derive_facts", "derive_stored_facts", "frames_for", "has_facts",
    "insert_frames", "latest_version", "migrate", "migrations", "open_store", "schema_version",
]


def __getattr__(name: str) -> object:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
