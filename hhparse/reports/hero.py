"""The hero: the player the reports are about when none is given (``--hero``).

It is the player remembered with ``hhparse hero NAME`` when there is one, else the player
whose face-down cards the logs deal to most often (``players.is_hero``: the logs of a
player's own client show his cards). The store's ``hero_name(...)`` macro makes the same
choice inside the reports' SQL (sql/schema/007_settings.sql).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import duckdb

from hhparse.ingest.run import connect
from hhparse.sqlfiles import sql


class UnknownPlayer(LookupError):
    """No player of this name is in the store."""


@dataclass(frozen=True, slots=True)
class HeroChoice:
    player: str | None
    """The hero the reports use (None: no player is dealt face-down cards, none remembered)."""
    remembered: str | None
    remembered_at: datetime | None
    most_dealt: str | None
    most_dealt_hands: int
    most_summaries: str | None = None
    """The player the tournament summaries are written for most often (the hero when no
    hand shows anyone's face-down cards)."""
    summaries: int = 0

    @property
    def why(self) -> str:
        """How the hero was chosen, in a few words."""
        if self.remembered is not None:
            return f"remembered by `hhparse hero` on {self.remembered_at:%Y-%m-%d}"
        if self.most_dealt is not None:
            return (f"dealt face-down cards most often: {self.most_dealt_hands:,} hands; "
                    "`hhparse hero NAME` picks another")
        if self.most_summaries is not None:
            return (f"the player of {self.summaries:,} tournament summaries; "
                    "`hhparse hero NAME` picks another")
        return "no player is dealt face-down cards in the store"

    def line(self) -> str:
        """``hero: Hero (dealt face-down cards most often: 1,204 hands; ...)``."""
        return f"hero: {self.player or '(none)'} ({self.why})"


def hero_choice(con: duckdb.DuckDBPyConnection) -> HeroChoice:
    remembered = remembered_at = most_summaries = None
    summaries = 0
    has_settings, has_tournaments = con.execute(sql("hero/tables")).fetchone() or (False,
                                                                                  False)
    if has_settings:
        row = con.execute(sql("hero/remembered")).fetchone()
        if row is not None:
            remembered, remembered_at = str(row[0]), row[1]
    dealt = con.execute(sql("hero/most_dealt")).fetchone()
    most_dealt, hands = (str(dealt[0]), int(dealt[1])) if dealt else (None, 0)
    if has_tournaments:
        written = con.execute(sql("hero/most_summaries")).fetchone()
        if written is not None:
            most_summaries, summaries = str(written[0]), int(written[1])
    return HeroChoice(player=remembered or most_dealt or most_summaries,
                      remembered=remembered, remembered_at=remembered_at,
                      most_dealt=most_dealt, most_dealt_hands=hands,
                      most_summaries=most_summaries, summaries=summaries)


def read_hero(database: Path | None, *, wait_seconds: float = 30.0,
              lake: str | Path | None = None) -> HeroChoice:
    from hhparse.reports.run import reading

    con = reading(database, wait_seconds, lake)
    try:
        return hero_choice(con)
    finally:
        con.close()


def remember_hero(database: Path, player: str | None, *, wait_seconds: float = 30.0
                  ) -> HeroChoice:
    """Remember ``player`` as the store's hero (None: forget the one remembered); a name no
    hand of the store has raises :class:`UnknownPlayer` naming similar ones."""
    con = connect(database, wait_seconds)
    try:
        if player is None:
            con.execute(sql("hero/forget"))
        else:
            _check_known(con, player)
            con.execute(sql("hero/remember"), {"player": player})
        return hero_choice(con)
    finally:
        con.close()


def _check_known(con: duckdb.DuckDBPyConnection, player: str) -> None:
    (hands,) = con.execute(sql("hero/player_hands"), {"player": player}).fetchone() or (0,)
    if hands:
        return
    similar = [str(name) for (name,) in con.execute(
        sql("hero/similar_players"), {"player": player}).fetchall()]
    hint = f"; did you mean {', '.join(repr(name) for name in similar)}?" if similar else ""
    raise UnknownPlayer(f"no hand of the store has a player {player!r}{hint}")
