"""Integrity checks of a database: each `sql/checks/*.sql` returns its offending rows.

Zero rows from every check means the database is healthy. `hhparse doctor` runs them all;
ingest runs them on the sources it just read.

A check that names ``$first_key`` and ``$last_key`` is judged hand by hand: it runs once per
window of CHECK_WINDOW_HANDS hand keys that holds hands of the sources checked, so what it
holds at once is bounded by the window, not by the store (its rows come out in the order of
one run over everything).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb

from hhparse.sqlfiles import SQL_DIR, sql
from hhparse.variants.catalog import VARIANTS
from hhparse.variants.model import Family

SAMPLE_ROWS = 20
"""Offending rows kept per check (the count is always complete)."""
CHECK_WINDOW_HANDS = 100_000
"""Hand keys a per-hand check reads at once: on one thread, ``cards_unique`` (the largest)
over 200,000 generated hands fits in DuckDB's 64 MB (an ingest's budget); on two it does
not, even in windows of 20,000."""


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
    if "$first_key" not in text:
        cursor = con.execute(text, _parameters(text, scope))
        rows = cursor.fetchall()
        return CheckResult(name, describe(name), len(rows), _columns(cursor),
                           tuple(rows[:SAMPLE_ROWS]))
    offending = 0
    columns: tuple[str, ...] = ()
    first: list[tuple[tuple[Any, ...], tuple[Any, ...]]] = []
    for number, (first_key, last_key) in enumerate(_windows(con, scope)):
        cursor = con.execute(text, {**_parameters(text, scope), "first_key": first_key,
                                    "last_key": last_key})
        columns = _columns(cursor)
        rows = cursor.fetchall()
        offending += len(rows)
        first = heapq.nsmallest(SAMPLE_ROWS, [*first, *_ordered(rows, columns, number)],
                                key=lambda pair: pair[0])
    return CheckResult(name, describe(name), offending, columns, tuple(row for _, row in first))


def _windows(con: duckdb.DuckDBPyConnection, scope: list[int] | None) -> list[tuple[int, int]]:
    rows = con.execute(sql("doctor/check_windows"),
                       {"source_ids": scope, "window": CHECK_WINDOW_HANDS}).fetchall()
    return [(int(first), int(last)) for first, last in rows]


def _ordered(rows: list[tuple[Any, ...]], columns: tuple[str, ...],
             window: int) -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """Each row with the key of its place among every window's rows: the checks order by
    (source_path, first_line, ...), and a hand lies in one window only."""
    path, line = columns.index("source_path"), columns.index("first_line")
    for position, row in enumerate(rows):
        yield (row[path] or "", row[line] or 0, window, position), row


def _columns(cursor: duckdb.DuckDBPyConnection) -> tuple[str, ...]:
    return tuple(column[0] for column in cursor.description or ())


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
