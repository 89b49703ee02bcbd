"""Bulk insert of :class:`~hhparse.store.frames.Frames` into the store, without duplicates.

Each frame is handed to DuckDB as an Arrow stream (``incoming_<frame>``, zero copy, no
pyarrow needed) and every statement is a file of ``sql/store``: set-based INSERT ... SELECT,
never a row at a time, never a value formatted into SQL.

Keys (what counts as "already stored"):

- a hand is stored once per (site, hand_id), in one of ``hands``, ``unsupported_hands`` or
  ``rejects``. A hand already stored, or met earlier in the batch, is a duplicate: neither
  it nor its players, actions, draws, pots and problems are inserted again. A reject whose
  hand now reads as accepted or unsupported (the text was fixed, or the program learned
  to read it) is deleted with its problems (``rejects_resolved``); a rejected copy of a
  hand already accepted is a duplicate.
- a reject whose hand id could not be read, and junk, are known by their place
  (source_path, byte_offset): reading the same file again adds nothing.

Each new hand gets the next ``hand_key`` (its rows in every table carry it). Mostly every
hand of a batch is new: then a hand's key is the key before the batch's first plus its row
(``batch_hand`` for its rows), and no statement joins to find it (``*_all_new.sql``; an
ingest's writer spent a third of its statements' time on those joins). Frames that
carry the players' and draws' facts already (an ingest's workers derive them,
:mod:`hhparse.hand_facts`) are only appended; for others the facts of the
batch's new hands are derived from their actions and draws (:mod:`hhparse.store.facts`)
before the call returns.

The caller owns the transaction: :func:`insert_frames` neither begins nor commits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

import duckdb
import polars as pl

from hhparse.sqlfiles import sql
from hhparse.store.facts import derive_facts, has_facts
from hhparse.store.frames import BATCH_HAND, Frames
from hhparse.store.schema import StoreError

__all__ = ["ArrowStream", "InsertCounts", "insert_frames"]


@dataclass(frozen=True, slots=True, kw_only=True)
class InsertCounts:
    """What one :func:`insert_frames` call stored, and what it skipped as a duplicate."""

    hands_inserted: int = 0
    hands_duplicate: int = 0
    """Accepted hands not inserted: already stored, or an earlier copy in the batch."""
    players_inserted: int = 0
    actions_inserted: int = 0
    draws_inserted: int = 0
    pots_inserted: int = 0
    problems_inserted: int = 0
    rejects_inserted: int = 0
    rejects_duplicate: int = 0
    rejects_resolved: int = 0
    """Stored rejects deleted because their hand now reads as accepted or unsupported."""
    unsupported_inserted: int = 0
    unsupported_duplicate: int = 0
    junk_inserted: int = 0
    junk_duplicate: int = 0
    duplicates_by_source: Mapping[int | None, int] = field(
        default_factory=dict, hash=False
    )
    """``hands_duplicate`` per ``source_id`` (for ``sources.hands_duplicate``)."""
    by_source: Mapping[int | None, Mapping[str, int]] = field(
        default_factory=dict, hash=False, compare=False
    )
    """Per ``source_id``: ``accepted``, ``rejected``, ``unsupported`` (rows inserted) and
    ``duplicate`` (hands, rejects and unsupported hands skipped): the bookkeeping of each
    source of a batch that holds several."""


class ArrowStream:
    """A polars frame seen through the Arrow C stream interface (what DuckDB scans)."""

    __slots__ = ("frame",)

    def __init__(self, frame: pl.DataFrame) -> None:
        self.frame = frame

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> Any:
        return self.frame.__arrow_c_stream__(requested_schema)


_KEYED = ("hands", "rejects", "unsupported", "junk")
"""Frames that get a ``batch_row`` (their order in the batch) to pick first copies."""


def insert_frames(con: duckdb.DuckDBPyConnection, frames: Frames) -> InsertCounts:
    """Insert the rows of ``frames`` that the store does not hold yet; see the module doc.

    Raises :class:`StoreError` when DuckDB refuses a statement; the caller's transaction
    is then aborted and must be rolled back.
    """
    try:
        with registered_frames(con, frames):
            return _insert(con, frames)
    except duckdb.Error as error:
        raise StoreError(f"storing the batch failed: {error}") from error


def _insert(con: duckdb.DuckDBPyConnection, frames: Frames) -> InsertCounts:
    counts: dict[str, Any] = {"problems_inserted": 0}
    by_source: dict[int | None, dict[str, int]] = {}
    if frames.hands.height:
        counts.update(_insert_hands(con, frames))
        if counts["hands_duplicate"]:
            _count_by_source(con, "hands", "accepted", by_source)
        else:
            _count_all_new(frames.hands, by_source)
    if (frames.hands.height or frames.unsupported.height) and _any_rejects(con):
        _run(con, "stage_stale_rejects")
        _run(con, "delete_stale_reject_problems")
        counts["rejects_resolved"] = _run(con, "delete_stale_rejects")
    if frames.unsupported.height:
        _run(con, "stage_new_unsupported")
        inserted = _run(con, "insert_unsupported")
        counts["unsupported_inserted"] = inserted
        counts["unsupported_duplicate"] = frames.unsupported.height - inserted
        _count_by_source(con, "unsupported", "unsupported", by_source)
        if frames.problems.height:
            counts["problems_inserted"] += _run(con, "insert_problems_unsupported")
    if frames.rejects.height:
        _run(con, "stage_new_rejects")
        inserted = _run(con, "insert_rejects")
        counts["rejects_inserted"] = inserted
        counts["rejects_duplicate"] = frames.rejects.height - inserted
        _count_by_source(con, "rejects", "rejected", by_source)
        if frames.problems.height:
            counts["problems_inserted"] += _run(con, "insert_problems_rejected")
    if frames.junk.height:
        inserted = _run(con, "insert_junk")
        counts["junk_inserted"] = inserted
        counts["junk_duplicate"] = frames.junk.height - inserted
    return InsertCounts(**counts, by_source=by_source)


def _any_rejects(con: duckdb.DuckDBPyConnection) -> bool:
    """Does the store hold a reject (that the batch could make stale)? Mostly not: the
    three statements that look for stale ones are then skipped (~10 us a hand)."""
    return bool(con.execute(sql("store/any_rejects")).fetchall()[0][0])


def _count_by_source(con: duckdb.DuckDBPyConnection, table: str, status: str,
                     by_source: dict[int | None, dict[str, int]]) -> None:
    """Add what each source of the batch stored into ``table`` (and skipped) to
    ``by_source``."""
    for source_id, inserted, duplicate in con.execute(
        sql(f"store/stored_{table}_by_source")
    ).fetchall():
        counts = by_source.setdefault(source_id, {})
        counts[status] = counts.get(status, 0) + int(inserted)
        counts["duplicate"] = counts.get("duplicate", 0) + int(duplicate)


def _count_all_new(hands: pl.DataFrame, by_source: dict[int | None, dict[str, int]]) -> None:
    """What :func:`_count_by_source` counts when every hand of the batch was inserted: its
    rows per source (a statement cost ~3 ms a batch)."""
    for source_id, inserted in Counter(hands.get_column("source_id").to_list()).items():
        counts = by_source.setdefault(source_id, {})
        counts["accepted"] = counts.get("accepted", 0) + inserted
        counts.setdefault("duplicate", 0)


def _insert_hands(con: duckdb.DuckDBPyConnection, frames: Frames) -> dict[str, Any]:
    _run(con, "stage_new_hands")
    ((staged, before_first),) = con.execute(sql("store/new_hands_staged")).fetchall()
    suffix = ""
    parameters: Sequence[object] | Mapping[str, object]
    if staged == frames.hands.height:
        # Every hand of the batch is new and met once: a hand's key is the key before the
        # first plus its place in the batch (the list look-up below cost 12 ms more on a
        # task of 2,500 such hands: 40-44 -> 53-56 ms).
        suffix, parameters = "_all_new", [int(before_first)]
    else:  # each row of the batch's hands looks its key up in one list
        ((keys,),) = con.execute(sql("store/new_hand_keys")).fetchall()
        parameters = {"keys": keys}
    inserted = _run(con, f"insert_hands{suffix}", parameters)
    counts: dict[str, Any] = {"hands_inserted": inserted,
                              "hands_duplicate": frames.hands.height - inserted}
    for name in _CHILDREN:
        if getattr(frames, name).height:
            counts[f"{name}_inserted"] = _run(con, f"insert_{name}{suffix}", parameters)
    counts["problems_inserted"] = 0
    if inserted and not has_facts(frames):
        derive_facts(con, int(before_first) + 1)
    if counts["hands_duplicate"]:
        rows = con.execute(sql("store/stored_hands_by_source")).fetchall()
        counts["duplicates_by_source"] = {source: int(n) for source, _, n in rows if n}
    if frames.problems.height:
        counts["problems_inserted"] = _run(con, "insert_problems_accepted")
    return counts


def _run(
    con: duckdb.DuckDBPyConnection, name: str,
    parameters: Sequence[object] | Mapping[str, object] | None = None,
) -> int:
    """Run ``sql/store/<name>.sql``; the rows it inserted or deleted (0 for DDL)."""
    rows = con.execute(sql(f"store/{name}"), parameters).fetchall()
    value = rows[0][0] if rows and rows[0] else 0
    return int(value) if isinstance(value, int) else 0


_CHILDREN = ("players", "actions", "draws", "pots")
"""Frames of an accepted hand's rows: they get the ``batch_hand`` of their hand."""


def _with_batch_hand(frame: pl.DataFrame, first_rows: pl.DataFrame) -> pl.DataFrame:
    """``frame`` with ``batch_hand``: the ``batch_row`` of its hand's first row in the
    hands frame (the writer's joins then compare one integer, not two texts: a third of the
    cost of inserting the actions, measured). :func:`~hhparse.store.frames.frames_for`
    gives its children this column already; frames made otherwise get it here."""
    return frame.join(first_rows, on=["site", "hand_id"], how="left",
                      maintain_order="left")


@contextmanager
def registered_frames(con: duckdb.DuckDBPyConnection, frames: Frames) -> Iterator[None]:
    """Each frame as the view ``incoming_<frame>`` while the block runs (the keyed ones with
    their ``batch_row``, the children of hands with their ``batch_hand``); the staging
    tables are dropped after."""
    names: list[str] = []
    first_rows: pl.DataFrame | None = None
    try:
        for name, frame in frames.items():
            if name in _KEYED:
                frame = frame.with_row_index("batch_row")
            elif name in _CHILDREN and BATCH_HAND not in frame.columns:
                if first_rows is None:
                    first_rows = (frames.hands.select("site", "hand_id")
                                  .with_row_index(BATCH_HAND)
                                  .unique(subset=["site", "hand_id"], keep="first"))
                frame = _with_batch_hand(frame, first_rows)
            view = f"incoming_{name}"
            con.register(view, ArrowStream(frame))
            names.append(view)
        yield
    finally:
        _cleanup(con, names)


def _cleanup(con: duckdb.DuckDBPyConnection, views: list[str]) -> None:
    # After a failed statement the caller's transaction is aborted and even a DROP fails;
    # the caller's ROLLBACK removes the staging tables then.
    with suppress(duckdb.Error):
        con.execute(sql("store/drop_staging")).fetchall()
    for view in views:
        with suppress(duckdb.Error):
            con.unregister(view)
