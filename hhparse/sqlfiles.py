"""SQL lives in the project's ``sql/`` folder, one statement per file; this reads it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

SQL_DIR = Path(__file__).resolve().parent.parent / "sql"


@cache
def sql(name: str) -> str:
    """The text of ``sql/<name>.sql`` (e.g. ``sql("ingest/sources_all")``)."""
    path = SQL_DIR / f"{name}.sql"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise FileNotFoundError(f"SQL file missing: {path}") from error
