"""`hhparse lake load DIR --db FILE`: a Parquet lake into a new DuckDB store."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(help="The Parquet hand lake (`hhparse ingest PATH --lake DIR` writes one).",
                  no_args_is_help=True)


@app.command(name="load")
def load_command(
    lake: Annotated[str, typer.Argument(help="The lake's folder or fsspec URL.")],
    db: Annotated[
        Path | None,
        typer.Option("--db", help="The new DuckDB store (default: $HHPARSE_DB or "
                     "./hands.duckdb); it must hold no source yet."),
    ] = None,
    wait: Annotated[
        float, typer.Option("--wait", help="Seconds to wait for a database in use.")
    ] = 30.0,
) -> None:
    """Load the lake's tables (one copy of each hand, the lake's keys) into a store."""
    from hhparse.cli.errors import fail, user_errors
    from hhparse.ingest import default_database
    from hhparse.lake.load import StoreNotEmpty, load_lake
    from hhparse.lake.read import NotALake

    database = db or default_database()
    with user_errors(database):
        try:
            counts = load_lake(lake, database, wait_seconds=wait)
        except (NotALake, StoreNotEmpty) as error:
            fail(str(error))
    typer.echo(f"loaded {counts['hands']:,} hands of {counts['sources']:,} sources from "
               f"{lake} into {database}")
