"""A digest of what a store holds, to tell whether two stores hold the same thing.

An ingest stopped (or killed) and run again must leave the store it would have left
uninterrupted; the pure and compiled builds must store the same rows. The digest is, per
table, its row count and an order-free hash of its rows without the columns that
legitimately differ (:data:`VOLATILE_COLUMNS`): numbers drawn from a sequence (a batch
rolled back has used some) and the times at which things were done.
"""

from __future__ import annotations

from typing import Final

import duckdb

from hhparse.sqlfiles import sql

VOLATILE_COLUMNS: Final = (
    "hand_key", "source_id", "first_ingest", "last_ingest", "applied_at", "last_run",
)


def content_digest(con: duckdb.DuckDBPyConnection) -> dict[str, tuple[int, int]]:
    """Per table of the store: (rows, hash of their content)."""
    digest: dict[str, tuple[int, int]] = {}
    for schema, table, internal in con.execute(sql("store/tables_all")).fetchall():
        if internal:
            continue
        rows, content = con.execute(sql("store/content_digest_table"), {
            "table": f'"{schema}"."{table}"', "volatile": list(VOLATILE_COLUMNS),
        }).fetchall()[0]
        digest[str(table)] = (int(rows), int(content))
    return digest
