"""`hhparse show HAND [--site S] [--db FILE]`: one stored hand, street by street."""

from __future__ import annotations

from typing import Annotated

import typer

from hhparse.cli.report import DbOption, WaitOption


def show_command(
    hand: Annotated[str, typer.Argument(help="The hand's id as the site prints it.")],
    site: Annotated[
        str | None, typer.Option("--site", help="Its site, when the id is on several.")
    ] = None,
    db: DbOption = None,
    wait: WaitOption = 30.0,
) -> None:
    """Show one stored hand: seats and stacks, every street's actions with the pot, each
    draw with the cards thrown and received where known, the showdown, pots and nets."""
    from hhparse.cli.errors import fail, user_errors
    from hhparse.ingest import default_database
    from hhparse.reports.hand_view import HandNotFound, show_hand

    database = db or default_database()
    if not database.exists():
        fail(f"no database at {database} (run `hhparse ingest` first)")
    with user_errors(database):
        try:
            text = show_hand(database, hand, site=site, wait_seconds=wait)
        except HandNotFound as error:
            fail(str(error))
    typer.echo(text, nl=False)
