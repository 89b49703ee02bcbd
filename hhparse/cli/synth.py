"""`hhparse synth --variant V --hands N --seed S [--players 2..8] [--structure fl|pl|nl]
[--tournament] [--forced antes|single-blind|blinds|blinds+antes|blinds+bb-ante]
[--out FILE]`."""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hhparse.variants import BY_ID

if TYPE_CHECKING:
    from hhparse.synth import SynthOptions

VARIANT_HELP = "Variant id: " + ", ".join(BY_ID) + "."


def synth_command(
    variant: Annotated[str, typer.Option("--variant", help=VARIANT_HELP)],
    hands: Annotated[int, typer.Option("--hands", help="How many hands.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Same seed, same hands.")] = 0,
    players: Annotated[
        int | None, typer.Option("--players", help="Seats at the table, 2 to 8 "
                                 "(default: the variant's usual table).")
    ] = None,
    structure: Annotated[
        str | None, typer.Option("--structure", help="fl, pl or nl (default: the structure "
                                 "PokerStars deals the variant in).")
    ] = None,
    tournament: Annotated[
        bool, typer.Option("--tournament", help="Tournament hands in chips (default: cash).")
    ] = False,
    forced: Annotated[
        str | None, typer.Option("--forced", help="Draw games' forced bets: antes (antes "
                                 "only), single-blind, blinds, blinds+antes (everyone antes "
                                 "or one big-blind ante, table by table), blinds+bb-ante "
                                 "(default: PokerStars' blinds).")
    ] = None,
    leak: Annotated[
        str | None, typer.Option("--leak", help="A mistake the hero makes every time, to "
                                 "test draw_leaks: breaks-pats (lowball: breaks every pat "
                                 "hand, made ones too).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write to FILE (default: standard output).")
    ] = None,
) -> None:
    """Generate seeded hand histories in the PokerStars format, every one of which the
    replayer accepts."""
    from hhparse.synth import SynthError, SynthOptions
    from hhparse.synth.options import resolve

    options = SynthOptions(variant=variant, hands=hands, seed=seed, players=players,
                           structure=structure, tournament=tournament, forced=forced,
                           leak=leak)
    try:
        resolve(options)
    except SynthError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(code=1) from None
    from hhparse import stops
    from hhparse.cli.errors import quiet_broken_pipe, stopped, user_errors

    try:
        with user_errors():
            if out is None:
                _to_stdout(options)
            else:
                _to_file(options, out)
    except BrokenPipeError:
        quiet_broken_pipe()
    except stops.Stopped as stop:
        done = (f"nothing was written to {out}" if out is not None
                else "the hands before it went to standard output")
        raise stopped(stop, f"{done}; the same command writes them all.") from None


def _to_stdout(options: SynthOptions) -> None:
    from hhparse.synth import write_hands

    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        write_hands(options, sys.stdout)
        return
    stream = io.TextIOWrapper(buffer, encoding="utf-8", newline="\n")
    try:
        write_hands(options, stream)
        stream.flush()
    finally:
        with contextlib.suppress(OSError, ValueError):  # a reader gone: nothing to flush to
            stream.detach()


def _to_file(options: SynthOptions, out: Path) -> None:
    """Written beside the target, then renamed: never half-written."""
    from hhparse.synth import write_hands

    handle, temporary = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent or Path("."))
    os.close(handle)
    try:
        write_hands(options, temporary)
        os.chmod(temporary, 0o644)  # mkstemp's 0600 was for the hidden draft only
        os.replace(temporary, out)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
