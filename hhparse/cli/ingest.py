"""`hhparse ingest PATH... [--db FILE] [--workers N] [--json] [--strict]
[--allow-other-tables] [--lake DIR [--cluster ADDRESS]]`."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from hhparse.ingest import IngestSummary
    from hhparse.ingest.run import IngestStopped


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
        typer.Option("--workers", min=1, help=(
            "Processes (default: number of cores; one batch's work is read in this one).")),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    strict: Annotated[
        bool, typer.Option(
            "--strict", help="First read back the whole store and refuse to write into a "
            "damaged one; exit 1 when any hand was rejected or an integrity check failed."
        )
    ] = False,
    wait: Annotated[
        float, typer.Option("--wait", help="Seconds to wait for a database in use.")
    ] = 30.0,
    allow_other_tables: Annotated[
        bool, typer.Option(
            "--allow-other-tables", help="Add hhparse's tables to a DuckDB database that "
            "already holds other tables (refused without it)."
        )
    ] = False,
    lake: Annotated[
        str | None, typer.Option(
            "--lake", help="Write a Parquet lake in this folder (or at this fsspec URL: "
            "s3://bucket/lake) instead of the database (the same tables; one set of files "
            "per source).")
    ] = None,
    cluster: Annotated[
        str | None, typer.Option(
            "--cluster", help="With --lake: run on this Dask scheduler (tcp://host:8786), "
            "or local:N to start N local worker processes (needs hhparse[cluster]).")
    ] = None,
) -> None:
    """Load hand histories into the database: incremental, idempotent and crash-safe.

    Ctrl-C or SIGTERM stops it between two batches (exit 130 / 143): what was committed
    stays, and the same command run again reads the rest. Exit 1 when a file could not
    be read (the others are stored) or the store cannot be written.
    """
    from rich.console import Console

    from hhparse.cli.errors import fail, user_errors
    from hhparse.ingest import default_database, ingest
    from hhparse.ingest.run import IngestStopped, NothingToRead

    if cluster is not None and lake is None:
        fail("--cluster needs --lake DIR: a cluster writes a lake")
    if lake is not None:
        _ingest_lake(paths, lake, cluster, as_json)
        return
    database = db or default_database()
    options = IngestOptions(database=database, workers=workers or os.cpu_count() or 1,
                            wait=wait, verify=strict, allow_other_tables=allow_other_tables)
    console = Console(stderr=True)
    try:
        with user_errors(database):
            if console.is_terminal and not as_json:
                summary = _with_progress(paths, options, console)
            else:
                summary = ingest(paths, database, **options.ingest_arguments())
    except NothingToRead as error:
        fail(str(error))
    except IngestStopped as stop:
        typer.echo(stopped_line(stop), err=True)
        raise typer.Exit(code=stop.exit_code) from None
    _report(summary, database, as_json)
    if summary.files_failed or (strict and (summary.rejected or summary.unhealthy)):
        raise typer.Exit(code=1)


def _ingest_lake(paths: list[str], lake: str, cluster: str | None, as_json: bool) -> None:
    from hhparse.cli.errors import fail
    from hhparse.ingest.run import NothingToRead
    from hhparse.lake.run import ClusterError, ingest_to_lake

    def progress(summary: IngestSummary, path: str) -> None:
        if not as_json:
            typer.echo(f"  {summary.files_seen:,} files · {summary.hands_found:,} hands · "
                       f"{Path(path).name}", err=True)

    try:
        summary = ingest_to_lake(paths, lake, cluster=cluster, progress=progress)
    except (NothingToRead, ClusterError) as error:
        fail(str(error))
    _report(summary, Path(lake), as_json)
    if summary.files_failed:
        raise typer.Exit(code=1)


@dataclass(frozen=True, slots=True)
class IngestOptions:
    database: Path
    workers: int
    wait: float
    verify: bool
    allow_other_tables: bool

    def ingest_arguments(self) -> dict[str, Any]:
        return {"workers": self.workers, "wait_seconds": self.wait, "verify": self.verify,
                "allow_other_tables": self.allow_other_tables}


def stopped_line(stop: IngestStopped) -> str:
    """What a stopped ingest committed, and that a rerun completes it."""
    hands = stop.summary.hands_found
    committed = f"{hands:,} hands were committed" if hands else "no batch was committed yet"
    return (f"Stopped ({stop.signal_name}): {committed} to {stop.summary.database}; run the "
            "same command again to read the rest.")


UNKNOWN_NAMES_SHOWN = 5


def unknown_format_line(paths: list[str]) -> str:
    """The files of no known format, the first few by name (all are in `--json`)."""
    names = ", ".join(paths[:UNKNOWN_NAMES_SHOWN])
    more = len(paths) - UNKNOWN_NAMES_SHOWN
    tail = f" and {more} more (`--json` lists them all)" if more > 0 else ""
    return (f"{len(paths)} file(s) of an unknown format, kept as junk: {names}{tail}. "
            "`hhparse check FILE` says more.")


def _report(summary: IngestSummary, database: Path, as_json: bool) -> None:
    from rich.console import Console

    if as_json:
        typer.echo(json.dumps(summary.as_dict(), indent=2))
    else:
        Console().print(_summary_table(summary))
    if summary.unknown_format and not as_json:
        typer.echo(unknown_format_line(summary.unknown_format))
    for message in summary.errors:  # whole lines (rich would wrap them)
        typer.echo(f"Error: {' '.join(message.split())}", err=True)
    for check in summary.unhealthy:
        typer.echo(f"integrity: {check.name}: {check.offending} offending row(s) — run "
                   f"`hhparse doctor --db {database}` for details", err=True)


def _with_progress(paths: list[str], options: IngestOptions, console: Console
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
        task = bar.add_task("ingest", total=None, files=0, hands=0, rate="…")
        started = time.perf_counter()

        def progress(summary: IngestSummary, path: str) -> None:
            bar.update(task, description=Path(path).name[:40], files=summary.files_read,
                       hands=summary.hands_found,
                       rate=rate_text(summary.hands_found, time.perf_counter() - started))

        return ingest(paths, options.database, progress=progress, **options.ingest_arguments())


RATE_AFTER_SECONDS = 0.5
"""Too short a time gives no rate worth showing (one batch in a millisecond is not 2
million hands a second)."""


def rate_text(hands: int, seconds: float) -> str:
    """Hands per second since the ingest started, once there is time enough to tell."""
    return f"{hands / seconds:,.0f}" if seconds >= RATE_AFTER_SECONDS else "…"


def _summary_table(summary: IngestSummary) -> Table:
    from rich.table import Table

    data = summary.as_dict()
    table = Table(title=f"hhparse ingest → {summary.database}")
    table.add_column("")
    table.add_column("count", justify="right")
    for key in ("files_seen", "files_read", "files_resumed", "files_unchanged", "files_failed",
                "files_unknown_format", "hands_found", "accepted", "rejected", "duplicate",
                "unsupported", "junk_items", "seconds", "hands_per_second"):
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

    from hhparse.cli.errors import fail, user_errors
    from hhparse.ingest import default_database
    from hhparse.ingest.stored import stored_per_variant

    database = db or default_database()
    if not database.exists():
        fail(f"no database at {database} (run `hhparse ingest` first)")
    with user_errors(database):
        rows = stored_per_variant(database)
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
