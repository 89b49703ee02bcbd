"""`hhparse doctor [--db FILE | --lake DIR] [--json]`: run the integrity checks of
`sql/checks/`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from hhparse.doctor import CheckResult


def doctor_command(
    db: Annotated[
        Path | None,
        typer.Option("--db", help="DuckDB file (default: $HHPARSE_DB or ./hands.duckdb)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
    wait: Annotated[
        float, typer.Option("--wait", help="Seconds to wait for a database in use.")
    ] = 30.0,
    lake: Annotated[
        str | None, typer.Option("--lake", help="Check the Parquet lake in this folder "
                                  "instead (its views: the same checks).")
    ] = None,
) -> None:
    """Check the database: every block of every table reads back (checksums match), then
    the integrity checks; exit 1 when the store is damaged or a check finds offending rows."""
    from hhparse.cli.errors import fail, user_errors
    from hhparse.doctor import run_checks
    from hhparse.ingest import default_database
    from hhparse.ingest.run import connect
    from hhparse.store.schema import verify_store

    if lake is not None:
        from hhparse.lake.read import open_lake

        with user_errors(Path(lake)):
            con = open_lake(lake)
            try:
                results = run_checks(con)
            finally:
                con.close()
    else:
        database = db or default_database()
        if not database.exists():
            fail(f"no database at {database} (run `hhparse ingest` first)")
        with user_errors(database):
            con = connect(database, wait, read_only=True)
            try:
                verify_store(con, database)
                results = run_checks(con)
            finally:
                con.close()
    if as_json:
        typer.echo(json.dumps([result.as_dict() for result in results], indent=2, default=str))
    else:
        _print(Path(lake) if lake else database, results, blocks=lake is None)
    if any(not result.healthy for result in results):
        raise typer.Exit(code=1)


def _print(database: Path, results: list[CheckResult], *, blocks: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"hhparse doctor → {database}")
    for column in ("check", "offending", "what it checks"):
        table.add_column(column, justify="right" if column == "offending" else "left")
    for result in results:
        table.add_row(result.name, str(result.offending), result.description)
    console.print(table)
    for result in results:
        if result.healthy:
            continue
        sample = Table(title=f"{result.name}: first {len(result.sample)} of {result.offending}")
        for column in result.columns:
            sample.add_column(column)
        for row in result.sample:
            sample.add_row(*("" if value is None else str(value) for value in row))
        console.print(sample)
    healthy = all(result.healthy for result in results)
    if blocks:
        console.print("every table reads back whole (DuckDB's block checksums match)",
                      markup=False)
    console.print("healthy" if healthy else "NOT healthy: see the rows above", markup=False)
