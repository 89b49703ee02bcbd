"""`hhparse export PATH... --format phh [--out FILE_OR_DIR]`."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

if TYPE_CHECKING:
    from hhparse.phh.batch import (
        Exported,
        Skipped,
    )


class ExportFormat(StrEnum):
    PHH = "phh"


def export_command(
    paths: Annotated[list[Path], typer.Argument(
        help="Files, directories (recursive), globs, .gz files or .zip archives.")],
    format_: Annotated[ExportFormat, typer.Option(
        "--format", help="phh: the open Poker Hand History format (TOML).")] = ExportFormat.PHH,
    out: Annotated[str | None, typer.Option(
        "--out", help="A file (one PHHS document with every hand) or a folder (an existing "
        "one, or a path ending in /: one .phh file per hand). Default: PHHS on stdout.")] = None,
) -> None:
    """Export accepted hands as PHH; list skipped hands on stderr and exit 1 if any."""
    from hhparse.phh.batch import Skipped, export_paths

    skipped: list[Skipped] = []

    def exported() -> Iterator[Exported]:
        for item in export_paths(paths):
            if isinstance(item, Skipped):
                skipped.append(item)
                typer.echo(item.describe(), err=True)
            else:
                yield item

    from hhparse import stops
    from hhparse.cli.errors import fail, quiet_broken_pipe, stopped

    try:
        count = _write(exported(), out)
    except BrokenPipeError:
        quiet_broken_pipe()
    except OSError as error:
        fail(f"cannot write {out or 'to standard output'}: {error.strerror or error}")
    except stops.Stopped as stop:
        done = ("the hands before it went to standard output" if out is None else
                f"{out} was not written" if not _is_folder(out) else
                f"the files written in {out} are whole")
        raise stopped(stop, f"{done}; the same command exports them all.") from None
    typer.echo(f"exported {count} hand(s) as {format_.value.upper()}, skipped {len(skipped)}",
               err=True)
    if skipped:
        raise typer.Exit(code=1)


def _write(exported: Iterable[Exported], out: str | None) -> int:
    """Hands streamed to stdout, to one file, or to one file each in a folder."""
    from hhparse.phh.batch import phh_file_name, write_atomically, write_phhs

    if out is None:
        count = write_phhs(exported, sys.stdout)
        sys.stdout.flush()
        return count
    path = Path(out)
    if not _is_folder(out):
        return write_atomically(path, lambda stream: write_phhs(exported, stream))
    path.mkdir(parents=True, exist_ok=True)
    count = 0
    for item in exported:
        count += write_atomically(path / phh_file_name(item.hand), _text_of(item))
    return count


def _is_folder(out: str) -> bool:
    return Path(out).is_dir() or out.endswith(("/", "\\"))


def _text_of(item: Exported) -> Callable[[TextIO], int]:
    def write(stream: TextIO) -> int:
        stream.write(item.text)
        return 1
    return write
