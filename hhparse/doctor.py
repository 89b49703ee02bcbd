"""Integrity checks of a database: each `sql/checks/*.sql` returns its offending rows.

Zero rows from every check means the database is healthy. `hhparse doctor` runs them all;
ingest runs them on the sources it just read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb

from hhparse.sqlfiles import SQL_DIR, sql
from hhparse.variants.catalog import VARIANTS
from hhparse.variants.model import Family

SAMPLE_ROWS = 20
"""Offending rows kept per check (the count is always complete)."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    name: str
    description: str
    offending: int
    columns: tuple[str, ...]
    sample: tuple[tuple[Any, ...], ...]
    """The first offending rows, at most SAMPLE_ROWS."""

    @property
    def healthy(self) -> bool:
        return self.offending == 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "check": self.name,
            "description": self.description,
            "offending": self.offending,
            "sample": [dict(zip(self.columns, row, strict=True)) for row in self.sample],
        }


def check_names() -> tuple[str, ...]:
    return tuple(sorted(path.stem for path in (SQL_DIR / "checks").glob("*.sql")))


def describe(name: str) -> str:
    """The check's ``-- Check:`` header sentence (the comment lines before ``-- Grain:``)."""
    words: list[str] = []
    for line in sql(f"checks/{name}").splitlines():
        if not line.startswith("--") or line.startswith("-- Grain:"):
            break
        words.append(line.removeprefix("--").strip())
    return " ".join(words).removeprefix("Check:").strip()


def run_checks(
    con: duckdb.DuckDBPyConnection,
    source_ids: Iterable[int] | None = None,
    names: Sequence[str] | None = None,
) -> list[CheckResult]:
    """Run the checks (all, or `names`) over every source, or only over `source_ids`."""
    scope = None if source_ids is None else sorted(set(source_ids))
    if scope == []:
        return [CheckResult(name, describe(name), 0, (), ()) for name in names or check_names()]
    return [_run_one(con, name, scope) for name in names or check_names()]


def _run_one(con: duckdb.DuckDBPyConnection, name: str, scope: list[int] | None) -> CheckResult:
    text = sql(f"checks/{name}")
    cursor = con.execute(text, _parameters(text, scope))
    columns = tuple(column[0] for column in cursor.description or ())
    rows = cursor.fetchall()
    return CheckResult(name, describe(name), len(rows), columns, tuple(rows[:SAMPLE_ROWS]))


def _parameters(text: str, scope: list[int] | None) -> dict[str, Any]:
    """Bind only what the statement names (DuckDB rejects unused named parameters)."""
    available: dict[str, Any] = {
        "source_ids": scope,
        "draw_variants": [v.id for v in VARIANTS if v.family is Family.DRAW],
        "stud_variants": [v.id for v in VARIANTS if v.family is Family.STUD],
        "variant_ids": [v.id for v in VARIANTS],
        "hand_sizes": [v.hand_size for v in VARIANTS],
    }
    return {key: value for key, value in available.items() if f"${key}" in text}
