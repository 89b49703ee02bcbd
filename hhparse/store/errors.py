"""What can be wrong with a store's file, and what its user should do, in one line.

DuckDB's own errors name a symptom ("Could not read enough bytes", "computed checksum ...
does not match", "No space left on device"); :func:`explain` turns one into a
:class:`StoreError` whose message says what happened to which file and what to do. The
original error stays chained (``__cause__``) for whoever debugs.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Final, Literal

import duckdb


class StoreError(Exception):
    """The store cannot be opened, migrated or written; the message says why and what to do."""


class StoreDamaged(StoreError):
    """The file is not a whole DuckDB database any more (cut short, overwritten, bad blocks)."""


class StoreFull(StoreError):
    """The disk (or quota) ran out while writing the store: nothing half-written stays."""


class StoreReadOnly(StoreError):
    """The store, or the folder it is in, cannot be written."""


class ForeignDatabase(StoreError):
    """The file is some other program's database: hhparse adds nothing to it unless asked."""


FileKind = Literal["missing", "empty", "duckdb", "sqlite", "other"]

_DUCKDB_MAGIC: Final = b"DUCK"
_DUCKDB_MAGIC_AT: Final = 8
_SQLITE_MAGIC: Final = b"SQLite format 3\x00"


def file_kind(path: str | Path) -> FileKind:
    """What is at ``path``, by its first bytes (DuckDB files say DUCK at byte 8)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(64)
    except FileNotFoundError:
        return "missing"
    except IsADirectoryError:
        return "other"
    if not head:
        return "empty"
    if head[_DUCKDB_MAGIC_AT : _DUCKDB_MAGIC_AT + len(_DUCKDB_MAGIC)] == _DUCKDB_MAGIC:
        return "duckdb"
    return "sqlite" if head.startswith(_SQLITE_MAGIC) else "other"


def not_a_store(path: str | Path, kind: FileKind) -> StoreError:
    if kind == "sqlite":
        return ForeignDatabase(
            f"{path} is a SQLite database, not a DuckDB one: give hhparse a file of its own "
            "with --db (or $HHPARSE_DB)")
    if kind == "empty":
        return StoreDamaged(f"{path} is an empty file, not a database: delete it, then run "
                            "`hhparse ingest` to create the store")
    return ForeignDatabase(
        f"{path} is not a DuckDB database (or its first bytes were overwritten): give "
        "hhparse a file of its own with --db (or $HHPARSE_DB), or restore a backup")


_FULL: Final = ("no space left on device", "disk quota exceeded", "file too large")
_READ_ONLY: Final = ("read-only file system", "permission denied", "cannot open database "
                     "in read-only mode", "attempting to execute an unsuccessful or closed")
_DAMAGED: Final = (
    "corrupt database file", "checksum", "could not read enough bytes", "not a valid duckdb",
    "serialization error", "failed to load metadata", "database has been invalidated",
    "invalid block", "block id", "deserializ",
)


def explain(error: BaseException, database: str | Path) -> StoreError:
    """The one-line :class:`StoreError` a DuckDB or OS error writing/reading ``database`` means."""
    if isinstance(error, StoreError):
        return error
    detail = " ".join(str(error).split())
    lowered = detail.lower()
    code = error.errno if isinstance(error, OSError) else None
    if code in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG) or any(
        marker in lowered for marker in _FULL
    ):
        return StoreFull(
            f"the disk holding {database} is full: free some space and rerun (what was "
            "committed before is kept; the interrupted batch was rolled back)")
    if code in (errno.EROFS, errno.EACCES, errno.EPERM) or any(
        marker in lowered for marker in _READ_ONLY
    ):
        return StoreReadOnly(
            f"cannot write {database} ({_short(detail)}): give a writable --db, or make the "
            "file and its folder writable")
    if any(marker in lowered for marker in _DAMAGED):
        return StoreDamaged(damaged_message(database, detail))
    return StoreError(f"{database}: {_short(detail)}")


def damaged_message(database: str | Path, detail: str) -> str:
    return (f"{database} is damaged ({_short(detail)}): move it aside (keep it if you want "
            "to report the fault) and ingest again into a new file, or restore a backup")


def is_database_error(error: BaseException) -> bool:
    """An error :func:`explain` can say something about (DuckDB's own, or the OS's)."""
    return isinstance(error, StoreError | duckdb.Error | OSError)


def _short(detail: str, limit: int = 160) -> str:
    first = detail.split(" For more info", 1)[0]
    return first if len(first) <= limit else first[: limit - 1] + "…"
