"""The command line: a thin layer over library functions (one module per command group)."""

from __future__ import annotations

from typing import Annotated

import typer

from hhparse.cli import (
    check,
    doctor,
    export,
    hero,
    ingest,
    lake,
    odds,
    rank,
    report,
    show,
    synth,
    watch,
)

app = typer.Typer(
    name="hhparse",
    help="Read, replay and report on hand histories of draw games and Razz.",
    no_args_is_help=True,
    add_completion=False,
    # plain help: rich's help formatting alone takes longer to import than the 0.3 s that
    # `hhparse --help` may take (rich still draws the commands' tables)
    rich_markup_mode=None,
)
app.command(name="rank")(rank.rank_command)
app.command(name="check")(check.check_command)
app.command(name="export")(export.export_command)
app.command(name="ingest")(ingest.ingest_command)
app.command(name="stored")(ingest.stored_command)
app.command(name="doctor")(doctor.doctor_command)
app.command(name="query")(report.query_command)
app.command(name="synth")(synth.synth_command)
app.command(name="show")(show.show_command)
app.command(name="watch")(watch.watch_command)
app.command(name="hero")(hero.hero_command)
app.command(name="odds")(odds.odds_command)
app.add_typer(report.app, name="report")
app.add_typer(lake.app, name="lake")


def _version(value: bool) -> None:
    if value:
        from hhparse import BUILD, __version__

        typer.echo(f"hhparse {__version__} ({BUILD.describe()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the version and which build runs (compiled or pure Python), then exit.",
    )] = False,
) -> None:
    """Read, replay and report on hand histories of draw games and Razz."""


def main() -> None:
    from hhparse.cli.errors import run_cli

    run_cli(app)
