"""What a migration derives that its SQL file cannot (see ``schema.DATA_STEPS``)."""

from __future__ import annotations

import duckdb

from hhparse.replay.positions import position_labels
from hhparse.sqlfiles import sql
from hhparse.store.facts import derive_facts

__all__ = ["forced_bets", "relabel_positions"]


def forced_bets(con: duckdb.DuckDBPyConnection) -> None:
    """Migration 005, after its SQL: position labels by the forced bets, then the players'
    facts again (draw games' steal chances are counted from the positions)."""
    relabel_positions(con)
    derive_facts(con, 0)


def relabel_positions(con: duckdb.DuckDBPyConnection) -> None:
    """Migration 005: the players of stored draw hands with fewer than two blinds get the
    position labels the replayer now gives them (one blind: BB, UTG ... CO, BTN; antes
    only: UTG ... CO, BTN)."""
    rows = con.execute(sql("store/hands_with_fewer_blinds")).fetchall()
    updates: list[tuple[str | None, int, int]] = []
    for hand_key, button, blinds, seats in rows:
        labels = position_labels(list(seats), button, blinds)
        updates.extend((label or None, hand_key, seat) for seat, label in labels.items())
    if updates:
        con.executemany(sql("store/set_position"), updates)
