"""Store what a tournament summary holds (tables ``tournaments`` and ``tournament_places``,
sql/schema/008_tournaments.sql): a later summary of the same tournament replaces it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import duckdb
import polars as pl

from hhparse.parsers.summaries import TournamentSummary
from hhparse.sqlfiles import sql
from hhparse.store.writer import ArrowStream

PLACES_SCHEMA = {
    "site": pl.String, "tournament_id": pl.String, "place": pl.Int32, "player": pl.String,
    "prize": pl.Int64, "entries": pl.Int32, "country": pl.String,
}


@dataclass(frozen=True, slots=True)
class ReadSummary:
    """A summary read from a source, waiting to be stored."""

    source_id: int
    path: str
    summary: TournamentSummary


def store_summaries(con: duckdb.DuckDBPyConnection, pending: Sequence[ReadSummary]) -> None:
    """Write the summaries (inside the caller's transaction)."""
    for item in pending:
        summary = item.summary
        key = {"site": summary.site, "tournament_id": summary.tournament_id}
        con.execute(sql("tournaments/upsert"), {
            **key, "name": summary.name, "game_text": summary.game_text,
            "currency": summary.currency, "unit": summary.unit, "buy_in": summary.buy_in,
            "fee": summary.fee, "bounty": summary.bounty, "rebuy": summary.rebuy,
            "add_on": summary.add_on, "total_rebuys": summary.total_rebuys,
            "total_add_ons": summary.total_add_ons, "entries": summary.entries,
            "prize_pool": summary.prize_pool, "started_at": summary.started_at,
            "finished_at": summary.finished_at, "summary_player": summary.hero,
            "summary_place": summary.hero_place, "warnings": list(summary.warnings),
            "source_id": item.source_id, "source_path": item.path,
        })
        con.execute(sql("tournaments/delete_places"), key)
        places = pl.DataFrame(
            [(summary.site, summary.tournament_id, place.place, place.player, place.prize,
              place.entries, place.country) for place in summary.places],
            schema=PLACES_SCHEMA, orient="row")
        if places.height:
            con.register("incoming_places", ArrowStream(places))
            con.execute(sql("tournaments/insert_places")).fetchall()
            con.unregister("incoming_places")
