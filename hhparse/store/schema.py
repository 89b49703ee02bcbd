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
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import duckdb

from hhparse.sqlfiles import SQL_DIR, sql
from hhparse.store.backfill import forced_bets
from hhparse.store.facts import derive_stored_facts

__all__ = [
    "DATA_STEPS",
    "SCHEMA_DIR",
    "Migration",
    "StoreError",
    "latest_version",
    "migrate",
    "migrations",
    "open_store",
    "schema_version",
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


class StoreError(Exception):
    """The store cannot be opened or migrated; the message says why and what to do."""


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
        con.rollback()
        raise StoreError(
            f"migration {migration.path.name} failed and was rolled back: {error}"
        ) from error
    con.commit()


def open_store(path: str | Path, *, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """Connect to the store at ``path`` and bring its schema up to date.

    Writable: creates the file (and its folder) if needed, then :func:`migrate`.
    ``read_only``: never changes the file; the store must exist and have a schema this
    program knows (an older schema is opened as it is). Schema problems raise
    :class:`StoreError`; a file locked by another process raises DuckDB's own
    ``duckdb.IOException``, so a caller can wait and retry.
    """
    target = str(path)
    in_memory = target == ":memory:"
    if read_only and not in_memory and not Path(target).is_file():
        raise StoreError(f"no store at {target}")
    if not read_only and not in_memory:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
    # A file another process holds raises duckdb.IOException ("Could not set lock"), as is:
    # callers may wait and retry.
    con = duckdb.connect(target, read_only=read_only and not in_memory)
    try:
        # a migration may run long enough for DuckDB to draw its progress bar: never print
        con.execute("SET enable_progress_bar = false")
        if read_only:
            _check_readable(con, target)
        else:
            migrate(con)
    except BaseException:
        con.close()
        raise
    return con


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
