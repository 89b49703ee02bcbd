"""The store's schema: numbered migrations from ``sql/schema``, and opening a store.

A migration is a file ``NNN_name.sql`` (``001_initial.sql``); its number is its version.
:func:`migrate` applies, in order and each in its own transaction, every migration above
the version recorded in ``schema_version`` (one row per applied migration), so running it
again changes nothing. A migration that derives data the SQL file cannot (see
:data:`DATA_STEPS`) runs that step right after its file, in the same transaction.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import duckdb

from hhparse.sqlfiles import SQL_DIR, sql
from hhparse.store.backfill import forced_bets
from hhparse.store.errors import (
    ForeignDatabase,
    StoreDamaged,
    StoreError,
    StoreFull,
    StoreReadOnly,
    damaged_message,
    explain,
    file_kind,
    not_a_store,
)
from hhparse.store.facts import derive_stored_facts

__all__ = [
    "DATA_STEPS",
    "DUCKDB_CONFIG",
    "SCHEMA_DIR",
    "Migration",
    "StoreError",
    "latest_version",
    "migrate",
    "migrations",
    "open_store",
    "schema_version",
    "verify_store",
]

SCHEMA_DIR: Final = SQL_DIR / "schema"
"""The numbered migrations."""

_MIGRATION_NAME: Final = re.compile(r"(\d+)_(\w+)\.sql")

DATA_STEPS: Final[dict[str, Callable[[duckdb.DuckDBPyConnection], None]]] = {
    # keys and facts for the hands stored before it (the same SQL the writer runs per batch)
    "hand_keys_and_facts": derive_stored_facts,
    # position labels of the hands with fewer than two blinds (the replayer's labels), then
    # the players' facts (draw games' steal chances use the positions)
    "forced_bets": forced_bets,
}
"""Per migration name, what runs after its SQL file, in its transaction."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Migration:
    version: int
    name: str
    path: Path

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


def migrations(directory: Path = SCHEMA_DIR) -> tuple[Migration, ...]:
    """The migrations in ``directory``, by version; a misnamed or doubled one raises."""
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.fullmatch(path.name)
        if match is None:
            raise StoreError(f"{path}: a migration must be named NNN_name.sql")
        version = int(match.group(1))
        if version < 1 or version in found:
            other = found.get(version)
            raise StoreError(
                f"{path}: migration version {version} "
                + (f"also used by {other.path.name}" if other else "must be 1 or more")
            )
        found[version] = Migration(version=version, name=match.group(2), path=path)
    return tuple(found[version] for version in sorted(found))


def latest_version(directory: Path = SCHEMA_DIR) -> int:
    found = migrations(directory)
    return found[-1].version if found else 0


def schema_version(con: duckdb.DuckDBPyConnection) -> int | None:
    """The store's version (0: the bookkeeping table is empty), or None if it has none."""
    (exists,) = _one(con, sql("store/schema_version_exists"))
    if not exists:
        return None
    (version,) = _one(con, sql("store/schema_version_current"))
    return int(version)


def migrate(con: duckdb.DuckDBPyConnection, directory: Path = SCHEMA_DIR) -> int:
    """Apply every migration above the store's version; return the version now.

    Each migration and its ``schema_version`` row commit together or not at all. A store
    newer than this program's migrations raises :class:`StoreError` and is left alone.
    """
    found = migrations(directory)
    latest = found[-1].version if found else 0
    con.execute(sql("store/schema_version_create")).fetchall()
    current = schema_version(con) or 0
    if current > latest:
        raise StoreError(_too_new(current, latest))
    for migration in found:
        if migration.version > current:
            _apply(con, migration)
            current = migration.version
    return current


def _apply(con: duckdb.DuckDBPyConnection, migration: Migration) -> None:
    try:
        con.begin()
    except duckdb.Error as error:
        raise StoreError(f"cannot migrate inside an open transaction: {error}") from error
    try:
        text = migration.text
        if text.strip():
            con.execute(text).fetchall()
        step = DATA_STEPS.get(migration.name)
        if step is not None:
            step(con)
        con.execute(
            sql("store/schema_version_record"),
            [migration.version, migration.name, datetime.now(UTC).replace(tzinfo=None)],
        ).fetchall()
    except duckdb.Error as error:
        with suppress(duckdb.Error):  # a failed COMMIT or a fatal error leaves none to roll back
            con.rollback()
        if isinstance(explain(error, ""), StoreDamaged | StoreFull | StoreReadOnly):
            raise
        raise StoreError(
            f"migration {migration.path.name} failed and was rolled back: {error}"
        ) from error
    con.commit()


DUCKDB_CONFIG: Final = {
    # a file that is not DuckDB's (a SQLite database, say) must never make DuckDB fetch or
    # load an extension to read it: nothing here needs the network or an extension
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
}
"""Every connection hhparse opens has these settings."""


def open_store(
    path: str | Path, *, read_only: bool = False, allow_other_tables: bool = False,
    row_group_size: int | None = None,
) -> duckdb.DuckDBPyConnection:
    """Connect to the store at ``path`` and bring its schema up to date.

    Writable: creates the file (and its folder) if needed, then :func:`migrate`; a
    database that holds other tables and no hhparse schema is refused
    (:class:`ForeignDatabase`) unless ``allow_other_tables``. A store this call created
    and could not finish (a full disk, say) is removed again, so the next run starts
    clean; an empty file (such a creation that never started) counts as no store.
    ``read_only``: never changes the file; the store must exist and have a schema this
    program knows (an older schema is opened as it is). Problems raise
    :class:`StoreError`; a file locked by another process raises DuckDB's own
    ``duckdb.IOException``, so a caller can wait and retry. ``row_group_size``: the rows of
    a row group this connection writes (see :func:`_attached`).
    """
    target = str(path)
    in_memory = target == ":memory:"
    created = False
    if not in_memory:
        kind = file_kind(target)
        if kind == "missing" and read_only:
            raise StoreError(f"no store at {target}")
        if kind == "empty" and not read_only:
            Path(target).unlink()  # a creation that was cut off before it wrote anything
            kind = "missing"
        if kind not in ("missing", "duckdb"):
            raise not_a_store(target, kind)
        created = kind == "missing"
        if created:
            Path(target).parent.mkdir(parents=True, exist_ok=True)
    try:
        con = _connect(target, read_only=read_only and not in_memory,
                       row_group_size=None if in_memory else row_group_size)
    except BaseException:
        if created:
            _remove_store_files(target)
        raise
    try:
        # a migration may run long enough for DuckDB to draw its progress bar: never print
        con.execute("SET enable_progress_bar = false")
        if read_only:
            _check_readable(con, target)
        else:
            if not allow_other_tables:
                _refuse_foreign(con, target)
            migrate(con)
    except BaseException as error:
        con.close()
        if created:
            _remove_store_files(target)
        if isinstance(error, duckdb.Error):
            raise explain(error, target) from error
        raise
    return con


def _connect(target: str, *, read_only: bool,
             row_group_size: int | None = None) -> duckdb.DuckDBPyConnection:
    """DuckDB's connection; a lock held elsewhere stays ``duckdb.IOException`` (callers
    wait and retry), any other failure becomes a :class:`StoreError` that says what to do."""
    try:
        if row_group_size is not None and not read_only:
            return _attached(target, row_group_size)
        return duckdb.connect(target, read_only=read_only, config=dict(DUCKDB_CONFIG))
    except duckdb.IOException as error:
        if "lock" in str(error).lower():
            raise
        raise explain(error, target) from error
    except duckdb.Error as error:
        raise explain(error, target) from error


def _attached(target: str, row_group_size: int) -> duckdb.DuckDBPyConnection:
    """The store attached to an in-memory instance as ``store``, writing row groups of
    ``row_group_size`` rows (a setting of ATTACH only), its temporary files where a
    connection to the file puts them (``<file>.tmp``). The store's SQL names no catalog,
    and its lookups of tables ask for ``current_database()``.

    Why: an insert of a full row group is written to the file at once, compressed, where
    smaller ones go through the write-ahead log and are compressed again at each
    checkpoint; DuckDB's 122,880 rows is about 4,500 hands' actions, more than a
    transaction of the ingest holds."""
    con = duckdb.connect(":memory:", config={**DUCKDB_CONFIG, "temp_directory": f"{target}.tmp"})
    try:
        con.execute(sql("store/attach_with_row_groups"),
                    {"path": target, "rows": row_group_size}).fetchall()
        con.execute(sql("store/use_attached")).fetchall()
    except BaseException:
        con.close()
        raise
    return con


def _remove_store_files(target: str) -> None:
    for name in (target, f"{target}.wal"):
        Path(name).unlink(missing_ok=True)


def _refuse_foreign(con: duckdb.DuckDBPyConnection, target: str) -> None:
    if schema_version(con) is not None:
        return
    others = [str(name) for _, name, internal in con.execute(sql("store/tables_all")).fetchall()
              if not internal]
    if others:
        shown = ", ".join(others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5
                                         else "")
        raise ForeignDatabase(
            f"{target} is another program's database (it has the tables {shown} and no "
            "hhparse schema): give hhparse a file of its own with --db, or pass "
            "--allow-other-tables to add hhparse's tables beside them")


def verify_store(con: duckdb.DuckDBPyConnection, target: str | Path) -> None:
    """Read back every block of every table (DuckDB checks each block's checksum as it
    reads it); a damaged store raises :class:`StoreDamaged` naming the table."""
    for schema, table, _ in con.execute(sql("store/tables_all")).fetchall():
        try:
            con.execute(sql("store/read_back_table"), {"table": f'"{schema}"."{table}"'}
                        ).fetchall()
        except duckdb.Error as error:
            detail = f"table {table}: {' '.join(str(error).split())}"
            raise StoreDamaged(damaged_message(target, detail)) from error


def _check_readable(con: duckdb.DuckDBPyConnection, target: str) -> None:
    version = schema_version(con)
    if not version:
        raise StoreError(
            f"{target} has no hhparse schema: open it once without read_only to create it"
        )
    latest = latest_version()
    if version > latest:
        raise StoreError(_too_new(version, latest, target))


def _too_new(version: int, latest: int, target: str = "the store") -> str:
    return (
        f"{target} has schema version {version}, newer than this hhparse knows ({latest}): "
        "upgrade hhparse"
    )


def _one(con: duckdb.DuckDBPyConnection, sql: str) -> tuple[Any, ...]:
    # fetchall, not fetchone: a result left unfinished blocks con.register() later.
    rows = con.execute(sql).fetchall()
    if not rows:
        raise StoreError(f"query returned no row: {sql.strip()[:80]}")
    return tuple(rows[0])
