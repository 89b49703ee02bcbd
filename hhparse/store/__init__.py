"""The DuckDB store: schema migrations, polars frames of replayed hands, bulk writes.

Typical use (the caller owns the transaction)::

    con = open_store("hands.duckdb")
    frames = frames_for(results, source_ids)
    con.begin()
    counts = insert_frames(con, frames)
    con.commit()

The tables and their columns are documented in the README (section "The database").
Each new hand gets an integer ``hand_key`` and derived facts (:mod:`hhparse.store.facts`).
"""

from hhparse.store.facts import (
    DERIVED_COLUMNS,
    derive_facts,
    derive_frames,
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

__all__ = [
    "DERIVED_COLUMNS",
    "SCHEMAS",
    "TABLES",
    "FileResultLike",
    "Frames",
    "InsertCounts",
    "StoreError",
    "derive_facts",
    "derive_frames",
    "derive_stored_facts",
    "frames_for",
    "has_facts",
    "insert_frames",
    "latest_version",
    "migrate",
    "migrations",
    "open_store",
    "schema_version",
]
