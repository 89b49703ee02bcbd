"""`hhparse rank GAME CARDS... [--json]`."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hhparse.cli.errors import user_errors
from hhparse.evaluators.compare import GAMES

if TYPE_CHECKING:
    from rich.table import Table

    from hhparse.evaluators.compare import RankedHand


def rank_command(
    game: Annotated[str, typer.Argument(help=f"One of: {', '.join(GAMES)}.")],
    hands: Annotated[
        list[str], typer.Argument(help='Each argument one hand, e.g. "7s 5d 4h 3c 2s".')
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="A JSON list in input order.")
    ] = False,
) -> None:
    """Rank hands of one game against each other, best first."""
    from hhparse.evaluators.compare import rank_hands

    with user_errors():
        ranked = rank_hands(game, hands)
    if as_json:
        typer.echo(json.dumps([_as_json(hand) for hand in ranked], indent=2))
    else:
        from rich.console import Console

        Console().print(_as_table(game, ranked))


def _as_json(hand: RankedHand) -> dict[str, Any]:
    result: dict[str, Any] = {
        "cards": hand.text,
        "rank": hand.rank,
        "class": hand.hand_class,
        "description": hand.description,
    }
    if len(hand.halves) > 1:
        result["share"] = str(hand.share)
        result["halves"] = [
            {
                "half": half.half,
                "rank": half.rank,
                "class": half.judged.hand_class,
                "description": half.judged.description,
            }
            for half in hand.halves
        ]
    return result


def _as_table(game: str, ranked: list[RankedHand]) -> Table:
    from rich.table import Table

    split = len(ranked[0].halves) > 1
    table = Table(title=f"{game}: best first")
    for column in ("rank", "cards", "class", "description"):
        table.add_column(column)
    if split:
        table.add_column("share of pot")
    for hand in sorted(ranked, key=lambda hand: hand.rank):
        row = [str(hand.rank), hand.text, hand.hand_class, hand.description]
        if split:
            row.append(str(hand.share))
        table.add_row(*row)
    return table
