"""`hhparse watch DIR... [--db FILE] [--interval S]`: ingest hand histories as they are written."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hhparse.cli.report import DbOption, WaitOption

if TYPE_CHECKING:
    from hhparse.ingest.watch import Round


def watch_command(
    paths: Annotated[list[Path], typer.Argument(help="Folders (or files) the client writes.")],
    db: DbOption = None,
    interval: Annotated[
        float, typer.Option("--interval", help="Seconds between two looks at the files.")
    ] = 2.0,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes per round.")] = 1,
    wait: WaitOption = 30.0,
) -> None:
    """Watch folders and ingest new and growing hand histories as the poker client writes
    them; the database is held only while a round is written, so reports run meanwhile.
    One line per round; Ctrl-C stops (what was committed stays)."""
    from hhparse import stops
    from hhparse.cli.errors import user_errors
    from hhparse.cli.ingest import stopped_line
    from hhparse.ingest import default_database
    from hhparse.ingest.run import IngestStopped
    from hhparse.ingest.watch import watch

    database = db or default_database()
    typer.echo(f"watching {', '.join(map(str, paths))} every {interval:g} s into {database} "
               "(Ctrl-C stops)", err=True)
    try:
        with user_errors(database):
            watch(paths, database, interval=interval, workers=workers, wait_seconds=wait,
                  on_round=_said)
    except IngestStopped as stop:
        typer.echo(stopped_line(stop), err=True)
        raise typer.Exit(code=stop.exit_code) from None
    except stops.Stopped as stop:
        typer.echo(f"Stopped ({stop.signal_name}): every round was committed.", err=True)
        raise typer.Exit(code=stop.exit_code) from None


def _said(done: Round) -> None:
    summary = done.summary
    typer.echo(
        f"{time.strftime('%H:%M:%S', time.localtime(done.at))}  {done.changed} file"
        f"{'' if done.changed == 1 else 's'} changed: {summary.accepted:,} hands stored, "
        f"{summary.rejected:,} rejected, {summary.duplicate:,} already stored "
        f"({summary.seconds:.2f} s holding the database)", err=True)
