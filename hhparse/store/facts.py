"""Hand keys and the facts derived from the lines of play (schema migration 003).

Reports over millions of hands must not replay the ``actions`` of every hand, nor join on
text keys. So each hand gets an integer ``hand_key`` (every per-hand table carries it), and
what the reports count is derived once, in SQL, when a hand is stored:

- ``players``: VPIP, first-round raise, 3-bet chance and 3-bet, calls and aggressive
  actions, seeing the second round, the cards drawn at the last draw and the closing run
  of pats, and stud's 3rd street (door card, bring-in, first in, steal chance, bring-in
  defence): ``sql/store/derive_player_facts.sql``;
- ``draws``: the player's pats at the hand's other draws, and for a draw of known cards
  what he kept and what he made: ``sql/store/derive_draw_facts.sql`` (derived first: the
  players' facts read them).

An ingest derives them where the hands are read: the workers work out the same facts hand
by hand as they build the frames (:mod:`hhparse.hand_facts`, checked equal to these files
by a test), so that the single writer only appends rows that are complete (no UPDATE after
INSERT, and the writer's work per hand stays small enough for several workers to feed it).
The writer (:func:`hhparse.store.insert_frames`) keys each new hand, and derives the facts
in the batch's transaction only for frames that do not carry them.
:func:`derive_stored_facts` does both for rows already stored: a store that had hands
before migration 003 (it runs in that migration's transaction), or rows written with plain
SQL (tests arranging rows by hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import duckdb

from hhparse.sqlfiles import sql

if TYPE_CHECKING:
    from hhparse.store.frames import Frames

__all__ = ["DERIVED_COLUMNS", "derive_facts", "derive_stored_facts", "has_facts"]

DERIVED_COLUMNS: Final[dict[str, tuple[str, ...]]] = {
    "hands": ("hand_key",),
    "players": (
        "hand_key", "vpip", "first_round_raise", "three_bet_chance", "three_bet", "calls",
        "aggressive_actions", "saw_second_round", "last_draw_discarded", "pat_from_draw",
        "door_card", "third_street_action", "brought_in", "first_in", "steal_chance",
        "bring_in_defence_chance", "bring_in_defended",
    ),
    "actions": ("hand_key",),
    "draws": (
        "hand_key", "pat_since_deal", "pat_at_previous", "pat_to_end", "holding", "made_class",
    ),
    "pots": ("hand_key",),
}
"""Per table, the columns the store's SQL fills (a hand history's frames do not hold them)."""


def derive_facts(con: duckdb.DuckDBPyConnection, first_hand_key: int) -> None:
    """Derive the players' and draws' facts of every hand with ``hand_key >= first_hand_key``.

    The hands and their rows must be keyed. Runs in the caller's transaction.
    """
    for name in ("derive_draw_facts", "derive_player_facts"):
        con.execute(sql(f"store/{name}"), [first_hand_key]).fetchall()


def derive_stored_facts(con: duckdb.DuckDBPyConnection) -> None:
    """Key every stored row that has no ``hand_key``, then derive the facts of every hand."""
    con.execute(sql("store/key_stored_hands")).fetchall()
    derive_facts(con, 0)


_FACTS_OF: Final = {name: DERIVED_COLUMNS[name][1:] for name in ("players", "draws")}
"""The facts a frame carries once derived (its hand_key is the writer's to give)."""


def has_facts(frames: Frames) -> bool:
    """Do the players and draws frames carry their facts
    (``frames_for(..., facts=True)``)?"""
    return all(set(columns) <= set(getattr(frames, name).columns)
               for name, columns in _FACTS_OF.items())
