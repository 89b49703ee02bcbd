"""SQL lives in the project's ``sql/`` folder, one statement per file; this reads it (and
turns a statement's rows into dicts, :func:`named_rows`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Protocol

SQL_DIR = Path(__file__).resolve().parent.parent / "sql"


@cache
def sql(name: str) -> str:
    """The text of ``sql/<name>.sql`` (e.g. ``sql("ingest/sources_all")``)."""
    path = SQL_DIR / f"{name}.sql"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise FileNotFoundError(f"SQL file missing: {path}") from error


class _Cursor(Protocol):
    @property
    def description(self) -> list[Any] | None: ...

    def fetchall(self) -> list[Any]: ...


def named_rows(cursor: _Cursor) -> list[dict[str, Any]]:
    """An executed statement's rows, each a dict keyed by the SQL's column names."""
    names = [column[0] for column in cursor.description or ()]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
