"""The lake seen as a store: DuckDB views with the store's table names over the Parquet
files, so that every report, query and check runs on it unchanged (no second copy).

A connection in memory gets the store's schema (migrations: its macros and the tables
nobody writes in a lake, such as settings and report_runs, which stay empty), then each
lake table replaces the store's table of that name by a view over its files, of the
sources with a manifest only. Keys are the lake's own (:data:`sql/lake/lake_hand_keys`): a
hand several sources hold is kept once, the first in path order, and hand keys and source
ids follow path order as a store's would. The connection then reaches no file outside the
lake's folder and its settings are locked, as a store's read-only connection is.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import polars as pl

from hhparse.lake.statements import quoted, statement
from hhparse.lake.storage import LakeStorage, lake_storage
from hhparse.lake.write import FILE_TABLES, HAND_TABLES, MANIFEST_DIR
from hhparse.sqlfiles import sql
from hhparse.store.errors import StoreError
from hhparse.store.writer import ArrowStream

OWNED_TABLES = ("rejects", "unsupported_hands", "problems")
"""Tables of hand rows outside hands: only the owning source's rows of a hand are seen."""
RECOUNTED = {
    "hands_accepted": "r.hands_accepted - coalesce(d.accepted, 0)",
    "hands_rejected": "r.hands_rejected - coalesce(d.rejected, 0)",
    "hands_unsupported": "r.hands_unsupported - coalesce(d.unsupported, 0)",
    "hands_duplicate": "r.hands_duplicate + coalesce(d.accepted + d.rejected + "
                       "d.unsupported, 0)",
}
"""The sources view's counts of hands, with copies other sources own as duplicates."""
RENUMBERED = {"hand_key": "k.hand_key", "source_id": "s.source_id"}
"""Columns a view takes from the lake's keys instead of a source's own."""


class NotALake(StoreError):
    """No lake at the folder given."""


def manifests(storage: LakeStorage) -> pl.DataFrame:
    """(lake_source, source_path) of every complete source."""
    rows = []
    for path in storage.glob(f"{MANIFEST_DIR}/*.json"):
        try:
            record = json.loads(storage.read_text(path))
            rows.append((str(record["lake_source"]), str(record["source_path"])))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a manifest being replaced: its source is not complete
    return pl.DataFrame(rows, schema={"lake_source": pl.String, "source_path": pl.String},
                        orient="row")


def open_lake(lake: str | Path, *, locked: bool = True) -> duckdb.DuckDBPyConnection:
    """A read-only view of the lake (raises :class:`NotALake` when there is none);
    ``locked``: it reaches no file outside the lake and its settings cannot change
    (``hhparse lake load`` opens it unlocked, to attach the store it fills)."""
    from hhparse.store.schema import open_store

    storage = lake_storage(lake)
    if not storage.is_dir(MANIFEST_DIR):
        raise NotALake(f"no lake at {lake} (run `hhparse ingest PATH --lake {lake}` first)")
    con = open_store(":memory:")
    try:
        con.execute("SET memory_limit = '256MB'")
        if not storage.local:
            con.register_filesystem(storage.fs)
        con.register("lake_manifest_frame", ArrowStream(manifests(storage)))
        con.execute("CREATE TEMP TABLE lake_manifest AS SELECT * FROM lake_manifest_frame")
        con.unregister("lake_manifest_frame")
        con.execute(sql("lake/lake_sources"))
        for table in HAND_TABLES + FILE_TABLES:
            _raw(con, storage, table)
        con.execute(sql("lake/lake_hand_owners"))
        con.execute(sql("lake/lake_hand_keys"))
        con.execute(sql("lake/lake_disowned"))
        for table in HAND_TABLES + FILE_TABLES:
            _view(con, table)
        if locked:
            allowed = storage.url_of(storage.root).rstrip("/") + "/"
            con.execute(sql("lake/lock_down"), {"allowed": [allowed]})
            con.execute("SET enable_external_access = false")
            con.execute("SET lock_configuration = true")
    except BaseException:
        con.close()
        raise
    return con


def _columns(con: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    return [str(row[0]) for row in con.execute(sql("lake/columns"), {"table": table}).fetchall()]


def _raw(con: duckdb.DuckDBPyConnection, storage: LakeStorage, table: str) -> None:
    """``raw_<table>``: the table's files, or (none yet) the store's empty table itself."""
    pattern = f"{table}/**/*.parquet" if table in HAND_TABLES else f"{table}/*.parquet"
    if storage.glob(pattern):
        con.execute(statement("set_glob", table),
                    {"glob": storage.url_of(storage.path(pattern))})
        con.execute(statement("raw_hand_table" if table in HAND_TABLES else "raw_file_table",
                              table))
    else:
        con.execute(statement("raw_empty_table", table))


def _view(con: duckdb.DuckDBPyConnection, table: str) -> None:
    taken = RENUMBERED | (RECOUNTED if table == "sources" else {})
    selected = ", ".join(f"{taken.get(name, 'r.' + quoted(name))} AS {quoted(name)}"
                         for name in _columns(con, table))
    con.execute(statement("drop_store_table", table))
    if table in HAND_TABLES:
        template = "view_hand_table"
    elif table in ("sources", "tournaments", "tournament_places"):
        template = f"view_{table}"
    elif table in OWNED_TABLES:
        template = "view_owned_table"
    else:
        template = "view_file_table"
    con.execute(statement(template, table, selected))
