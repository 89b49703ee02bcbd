"""`hhparse odds GAME CARDS [--draws N] [--target CLASS] [--dead CARDS] [--json]`."""

from __future__ import annotations

import json
from typing import Annotated

import typer


def odds_command(
    game: Annotated[str, typer.Argument(help="27, a5, badugi or high (or a draw variant's id).")],
    cards: Annotated[str, typer.Argument(help='The holding, e.g. "7s 5d 4h Kc Kd".')],
    draws: Annotated[
        int, typer.Option("--draws", help="Draws left, this one included (1: the last). Over "
                          "several, the later draws follow the drawing policy of the "
                          "README's 'Draw decisions' (lowball: exact; badugi: 10,000 seeded "
                          "deals, with standard errors).")
    ] = 1,
    target: Annotated[
        str | None, typer.Option("--target", help="The class to make, or better (default: "
                                 "27 8-low, a5 7-low, badugi 4-card badugi, high two pair).")
    ] = None,
    dead: Annotated[
        str, typer.Option("--dead", help="Cards that cannot come (seen discards, up cards).")
    ] = "",
    as_json: Annotated[
        bool, typer.Option("--json", help="A JSON list, best first, one object per keep.")
    ] = False,
    top: Annotated[int, typer.Option("--top", help="Keeps shown in the table.")] = 10,
) -> None:
    """Every keep of a holding with its chance of the target (and of every final class),
    best first: exact, or for badugi over several draws measured by seeded deals (± one
    standard error)."""
    from hhparse.cli.errors import fail
    from hhparse.odds import OddsError, every_keep

    try:
        found = every_keep(game, cards, draws=draws, target=target, dead=dead)
    except OddsError as error:
        fail(str(error))
    if as_json:
        typer.echo(json.dumps([odds.as_json() for odds in found], indent=1))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"hhparse odds {game} [{cards}] · {draws} draw(s) left")
    for column in ("keep", "draw", "p_target", "likeliest classes"):
        table.add_column(column, justify="right" if column in ("draw", "p_target") else "left")
    for odds in found[:top]:
        likeliest = sorted((odds.classes or {}).items(), key=lambda item: -item[1])[:3]
        table.add_row(" ".join(str(card) for card in odds.keep) or "(none)", str(odds.draw),
                      f"{100 * odds.p_target:.2f}%" + (
                          f" ± {100 * odds.p_error:.2f}" if odds.p_error is not None else ""),
                      ", ".join(f"{name} {100 * chance:.1f}%" for name, chance in likeliest))
    Console().print(table)
