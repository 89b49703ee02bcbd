"""`hhparse check PATH... [--json]`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from hhparse.check import CheckReport


def check_command(
    paths: Annotated[list[Path], typer.Argument(help="Files or directories (recursive).")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Replay hand histories without storing anything; exit 1 when a hand was rejected."""
    from hhparse.check import check_paths

    report = check_paths(paths)
    if as_json:
        typer.echo(json.dumps(report.as_json(), indent=2))
    else:
        _print_plain(report)
    if report.rejected:
        raise typer.Exit(code=1)


def _print_plain(report: CheckReport) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, soft_wrap=True)
    summary = report.summary()
    table = Table(title="hhparse check")
    table.add_column("")
    table.add_column("count", justify="right")
    for key in ("files", "hands", "accepted", "rejected", "unsupported", "junk",
                "unreadable_files"):
        table.add_row(key, str(summary[key]))
    for code, count in summary["problems"].items():
        table.add_row(f"problem {code}", str(count))
    console.print(table)
    for unread in report.file_problems:
        console.print(f"{unread.file}: {unread.code} {unread.message}", markup=False)
    for junk in report.junk:
        first = junk.text.splitlines()[0] if junk.text else ""
        console.print(f"{junk.file}:{junk.line} junk {first[:80]!r}", markup=False)
    for hand in report.hands:
        for problem in hand.problems:
            console.print(
                f"{hand.file}:{problem.line} {hand.hand_id} {problem.code} {problem.message}",
                markup=False,
            )
