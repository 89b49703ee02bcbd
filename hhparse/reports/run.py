"""Run a report on a read-only connection, with bound parameters only."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any, Final

import duckdb
import polars as pl

from hhparse.ingest.run import connect
from hhparse.reports.catalog import Report, get_report
from hhparse.store.schema import StoreError, latest_version, schema_version
from hhparse.variants.registry import BY_ID

ParameterValue = str | int | float | bool | date | None


def bind(report: Report, given: Mapping[str, ParameterValue]) -> dict[str, ParameterValue]:
    """Every parameter the SQL uses, NULL unless given; unknown names, and a ``variant``
    that is no variant's id, are an error. ``hero`` is the player of a report that takes a
    ``player`` and no ``hero``."""
    given = _hero_as_player(report, given)
    unknown = set(given) - set(report.parameters)
    if unknown:
        raise ValueError(
            f"report {report.name!r} has no parameter(s) {', '.join(sorted(unknown))}; "
            f"it takes: {', '.join(report.parameters) or 'none'}"
        )
    variant = given.get("variant")
    if variant is not None and variant not in BY_ID:  # an unknown one would give no rows
        raise ValueError(f"unknown variant {variant!r}; the variants: {', '.join(BY_ID)}")
    for name, choices in SCOPE_CHOICES.items():
        if given.get(name) is not None and given[name] not in choices:
            raise ValueError(f"{name} {given[name]!r}: choose one of {', '.join(choices)}")
    bound = {name: given.get(name) for name in report.parameters}
    if report.computed:
        from hhparse.reports.computed import check_parameters

        check_parameters(report, bound)
    return bound


SCOPE_CHOICES: Final = {"game": ("cash", "tournament"),
                        "table_size": ("heads_up", "short", "full"),
                        "by": ("day", "session", "hand")}
"""The values the reports' ``game`` and ``table_size`` filters (report_hands) and the
``by`` of ``results`` take."""


def describe_parameters(parameters: Mapping[str, ParameterValue]) -> str:
    """``variant=badugi, since=2026-11-01``: the parameters a report ran with."""
    return ", ".join(f"{key}={_literal(value)}" for key, value in parameters.items())


def _literal(value: ParameterValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _hero_as_player(report: Report, given: Mapping[str, ParameterValue]
                    ) -> Mapping[str, ParameterValue]:
    if given.get("hero") is None or "hero" in report.parameters or (
            "player" not in report.parameters):
        return given
    if given.get("player") is not None:
        raise ValueError(f"report {report.name!r} has one player: give hero or player")
    return {**{key: value for key, value in given.items() if key != "hero"},
            "player": given["hero"]}


def run_report_on(
    con: duckdb.DuckDBPyConnection, name: str, parameters: Mapping[str, ParameterValue]
) -> pl.DataFrame:
    report = get_report(name)
    bound = bind(report, parameters)
    _check_schema(con)
    cursor = con.execute(report.sql, {key: bound[key] for key in report.sql_parameters})
    frame = _frame(cursor)
    if report.computed:
        from hhparse.reports.computed import finish

        return finish(report, frame, bound)
    return frame


def _check_schema(con: duckdb.DuckDBPyConnection) -> None:
    """The reports read the columns of the latest schema (hand keys, derived facts)."""
    version, latest = schema_version(con), latest_version()
    if version is not None and version < latest:
        raise StoreError(
            f"the store has schema version {version}, the reports need {latest}: open it "
            "once for writing to upgrade it (any `hhparse ingest` into it does)"
        )


def run_report(
    database: Path | None, name: str,
    parameters: Mapping[str, ParameterValue] | None = None,
    *, wait_seconds: float = 30.0, lake: str | Path | None = None,
) -> pl.DataFrame:
    """The report's rows as a polars DataFrame (columns named as in the SQL), from the
    store, or from the lake when one is given (:func:`hhparse.lake.read.open_lake`)."""
    con = reading(database, wait_seconds, lake)
    try:
        return run_report_on(con, name, parameters or {})
    finally:
        con.close()


def run_query(database: Path | None, sql: str, *, wait_seconds: float = 30.0,
              lake: str | Path | None = None) -> pl.DataFrame:
    """Any SQL, on a read-only connection (nothing can be changed)."""
    con = reading(database, wait_seconds, lake)
    try:
        return _frame(con.execute(sql))
    finally:
        con.close()


def reading(database: Path | None, wait_seconds: float, lake: str | Path | None
            ) -> duckdb.DuckDBPyConnection:
    """A read-only connection to the lake, if given, else to the store."""
    if lake is not None:
        from hhparse.lake.read import open_lake

        return open_lake(lake)
    if database is None:
        raise ValueError("a store or a lake is needed")
    return connect(database, wait_seconds, read_only=True)


def _frame(cursor: duckdb.DuckDBPyConnection) -> pl.DataFrame:
    names = [column[0] for column in cursor.description or ()]
    rows: list[tuple[Any, ...]] = cursor.fetchall()
    columns = {name: [row[i] for row in rows] for i, name in enumerate(names)}
    return pl.DataFrame(columns, strict=False) if names else pl.DataFrame()
