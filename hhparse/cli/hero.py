"""`hhparse hero [NAME] [--forget] [--json] [--db FILE]`: who the reports are about."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from hhparse.cli.report import DbOption, WaitOption


def hero_command(
    player: Annotated[
        str | None, typer.Argument(help="Remember this player as you (the reports' hero).")
    ] = None,
    forget: Annotated[
        bool, typer.Option("--forget", help="Forget the remembered hero: the player dealt "
                           "face-down cards most often is the hero again.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="The choice as JSON.")] = False,
    db: DbOption = None,
    wait: WaitOption = 30.0,
) -> None:
    """Show the hero the reports use when --hero is not given, and why; NAME remembers
    another (stored in the database), --forget goes back to the player dealt face-down
    cards most often."""
    from hhparse.cli.errors import fail, user_errors
    from hhparse.ingest import default_database
    from hhparse.reports.hero import UnknownPlayer, read_hero, remember_hero

    if player is not None and forget:
        fail("give a NAME to remember or --forget, not both")
    database = db or default_database()
    if not database.exists():
        fail(f"no database at {database} (run `hhparse ingest` first)")
    with user_errors(database):
        try:
            if player is None and not forget:
                choice = read_hero(database, wait_seconds=wait)
            else:
                choice = remember_hero(database, player, wait_seconds=wait)
        except UnknownPlayer as error:
            fail(str(error))
    if as_json:
        typer.echo(json.dumps({
            "hero": choice.player, "remembered": choice.remembered,
            "remembered_at": choice.remembered_at.isoformat() if choice.remembered_at else None,
            "most_dealt": choice.most_dealt, "most_dealt_hands": choice.most_dealt_hands,
            "why": choice.why,
        }, indent=2, ensure_ascii=False))
    else:
        typer.echo(choice.line())
