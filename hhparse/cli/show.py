"""`hhparse show HAND [--site S] [--html FILE] [--db FILE]`: one stored hand, street by
street, as text or as a page that replays it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hhparse.cli.report import DbOption, WaitOption


def show_command(
    hand: Annotated[str, typer.Argument(help="The hand's id as the site prints it.")],
    site: Annotated[
        str | None, typer.Option("--site", help="Its site, when the id is on several.")
    ] = None,
    html: Annotated[
        Path | None, typer.Option("--html", help="Write a page (one file, no network) that "
                                  "replays the hand step by step: buttons and arrow keys.")
    ] = None,
    db: DbOption = None,
    wait: WaitOption = 30.0,
) -> None:
    """Show one stored hand: seats and stacks, every street's actions with the pot, each
    draw with the cards thrown and received where known, the showdown, pots and nets."""
    from hhparse.cli.errors import fail, user_errors
    from hhparse.ingest import default_database
    from hhparse.reports.hand_replay import write_hand_page
    from hhparse.reports.hand_view import HandNotFound, show_hand

    database = db or default_database()
    if not database.exists():
        fail(f"no database at {database} (run `hhparse ingest` first)")
    with user_errors(database):
        try:
            if html is None:
                typer.echo(show_hand(database, hand, site=site, wait_seconds=wait), nl=False)
                return
            replay = write_hand_page(database, hand, html, site=site, wait_seconds=wait)
        except HandNotFound as error:
            fail(str(error))
        except OSError as error:
            fail(f"cannot write {html}: {error.strerror or error}")
    typer.echo(f"wrote {html}: {replay.title}, {len(replay.steps)} steps")
