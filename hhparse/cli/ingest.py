"""`hhparse ingest PATH... [--db FILE] [--workers N] [--json] [--strict]`."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from hhparse.ingest import IngestSummary


def ingest_command(
    paths: Annotated[
        list[str], typer.Argument(help="Files, directories (recursive), globs, .gz and .zip.")
    ],
    db: Annotated[
        Path | None,
        typer.Option("--db", help="DuckDB file (default: $HHPARSE_DB or ./hands.duckdb)."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", min=1, help="Processes (default: number of cores)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    strict: Annotated[
        bool, typer.Option(
            "--strict", help="Exit 1 when any hand was rejected or an integrity check failed."
        )
    ] = False,
    wait: Annotated[
        float, typer.Option("--wait", help="Seconds to wait for a database in use.")
    ] = 30.0,
) -> None:
    """Load hand histories into the database: incremental, idempotent and crash-safe."""
    from rich.console import Console

    from hhparse.ingest import default_database, ingest
    from hhparse.store.schema import StoreError

    database = db or default_database()
    count = workers or os.cpu_count() or 1
    console = Console(stderr=True)
    try:
        if console.is_terminal and not as_json:
            summary = _with_progress(paths, database, count, wait, console)
        else:
            summary = ingest(paths, database, workers=count, wait_seconds=wait)
    except StoreError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(code=1) from None
    if as_json:
        typer.echo(json.dumps(summary.as_dict(), indent=2))
    else:
        Console().print(_summary_table(summary))
        for message in summary.errors:
            Console(stderr=True).print(f"error: {message}", markup=False)
        for check in summary.unhealthy:
            Console(stderr=True).print(
                f"integrity: {check.name}: {check.offending} offending row(s) — run "
                f"`hhparse doctor --db {database}` for details", markup=False)
    if strict and (summary.rejected or summary.files_failed or summary.unhealthy):
        raise typer.Exit(code=1)


def _with_progress(
    paths: list[str], database: Path, workers: int, wait: float, console: Console
) -> IngestSummary:
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from hhparse.ingest import ingest

    columns = (
        TextColumn("[bold]{task.description}"), BarColumn(),
        TextColumn("{task.fields[files]} files · {task.fields[hands]} hands · "
                   "{task.fields[rate]} hands/s"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("ingest", total=None, files=0, hands=0, rate=0)
        started = [0.0]

        def progress(summary: IngestSummary, path: str) -> None:
            now = time.perf_counter()
            started[0] = started[0] or now
            elapsed = max(now - started[0], 1e-9)
            bar.update(task, description=Path(path).name[:40], files=summary.files_read,
                       hands=summary.hands_found, rate=int(summary.hands_found / elapsed))

        return ingest(paths, database, workers=workers, wait_seconds=wait, progress=progress)


def _summary_table(summary: IngestSummary) -> Table:
    from rich.table import Table

    data = summary.as_dict()
    table = Table(title=f"hhparse ingest → {summary.database}")
    table.add_column("")
    table.add_column("count", justify="right")
    for key in ("files_seen", "files_read", "files_resumed", "files_unchanged", "files_failed",
                "hands_found", "accepted", "rejected", "duplicate", "unsupported",
                "junk_items", "seconds", "hands_per_second"):
        table.add_row(key.replace("_", " "), str(data[key]))
    for code, count in data["problems"].items():
        table.add_row(f"problem {code}", str(count))
    return table


def stored_command(
    db: Annotated[
        Path | None,
        typer.Option("--db", help="DuckDB file (default: $HHPARSE_DB or ./hands.duckdb)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="A JSON list of rows.")] = False,
) -> None:
    """Show what the database holds, per variant."""
    from rich.console import Console
    from rich.table import Table

    from hhparse.ingest import default_database
    from hhparse.ingest.stored import stored_per_variant
    from hhparse.store.schema import StoreError

    database = db or default_database()
    if not database.exists():
        typer.echo(f"Error: no database at {database} (run `hhparse ingest` first)", err=True)
        raise typer.Exit(code=1)
    try:
        rows = stored_per_variant(database)
    except StoreError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(code=1) from None
    if as_json:
        typer.echo(json.dumps(rows, indent=2, default=str))
        return
    table = Table(title=f"stored in {database}")
    columns = ("variant", "hands", "player_hands", "draw_decisions", "showdowns", "rejected",
               "first_day", "last_day")
    for column in columns:
        table.add_column(column.replace("_", " "), justify="left" if column == "variant"
                         else "right")
    for row in rows:
        table.add_row(*("" if row[column] is None else str(row[column]) for column in columns))
    Console().print(table)
