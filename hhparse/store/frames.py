"""Replayed files -> one polars DataFrame per store table (columns exactly as the tables').

:func:`frames_for` turns the results of many files into :class:`Frames`. It is the hot
path between replay and DuckDB, so it builds plain column lists (the child tables' in the
compiled :mod:`hhparse.columns`; records are never turned into per-row dicts), then
makes one DataFrame per table with an explicit schema: an empty frame still has every
column, with its type.

Where each hand goes (one place only):

- accepted -> ``hands`` (+ ``players``, ``actions``, ``draws``, ``pots``);
- rejected, and "unsupported" hands that carry an error (a header the reader could not
  read, so the game is unknown) -> ``rejects``;
- unsupported (Hold'em, Omaha ...) -> ``unsupported``;
- every problem of every hand -> ``problems`` (``status`` says which of the above it is).

Duplicates inside one batch: a hand (same site and hand id) met again in the batch is
listed again in ``hands`` -- so the writer can count it as a duplicate, per source -- but
its players, actions, draws, pots and problems are not. The same holds for ``unsupported``
and ``rejects`` (a reject without a hand id: same source path and byte offset).
"""

from __future__ import annotations

import gc
import io
import os
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, fields
from itertools import chain
from operator import attrgetter
from typing import Final, Protocol

import numpy as np
import polars as pl

from hhparse.columns import ActionColumns, DrawColumns, PlayerColumns, dealt_in, hand_row
from hhparse.hand_facts import DRAW_FACT_COLUMNS, PLAYER_FACT_COLUMNS, draw_facts, player_facts
from hhparse.parsers.base import Junk
from hhparse.records import SHOWDOWN_STREET
from hhparse.replay.result import Problem, ReplayResult, Status
from hhparse.variants import BY_ID

__all__ = [
    "BATCH_HAND",
    "FACT_SCHEMAS",
    "SCHEMAS",
    "TABLES",
    "FileResultLike",
    "Frames",
    "SpilledFrames",
    "frames_for",
]


class TextBlock(Protocol):
    @property
    def text(self) -> str: ...


class FileResultLike(Protocol):
    """What :func:`frames_for` reads of a :class:`hhparse.pipeline.FileResult`."""

    @property
    def file(self) -> str: ...
    @property
    def site(self) -> str | None: ...
    @property
    def hands(self) -> Sequence[ReplayResult]: ...
    @property
    def junk(self) -> Sequence[Junk]: ...
    @property
    def blocks(self) -> Sequence[TextBlock]: ...


# --- schemas -----------------------------------------------------------------------------

_STR: Final[pl.DataType] = pl.String()
_INT: Final[pl.DataType] = pl.Int32()
_BIG: Final[pl.DataType] = pl.Int64()
_BOOL: Final[pl.DataType] = pl.Boolean()
_TIME: Final[pl.DataType] = pl.Datetime("us")

SCHEMAS: Final[dict[str, pl.Schema]] = {
    "hands": pl.Schema({
        "site": _STR, "hand_id": _STR, "variant": _STR, "game_text": _STR,
        "structure": _STR, "currency": _STR, "unit": _STR,
        "small_blind": _BIG, "big_blind": _BIG, "small_bet": _BIG, "big_bet": _BIG,
        "ante": _BIG, "bring_in": _BIG,
        "tournament_id": _STR, "buy_in": _BIG, "fee": _BIG, "bounty": _BIG,
        "buy_in_currency": _STR, "level": _STR,
        "table_name": _STR, "max_seats": _INT, "button_seat": _INT,
        "started_at": _TIME, "started_at_text": _STR,
        "players_dealt": _INT, "total_pot": _BIG, "rake": _BIG, "went_to_showdown": _BOOL,
        "mixed_game": _STR, "home_game": _STR, "play_money": _BOOL, "zoom": _BOOL,
        "hero": _STR,
        "source_id": _INT, "source_path": _STR, "byte_offset": _BIG, "byte_length": _BIG,
        "first_line": _INT, "line_count": _INT, "warnings": _INT, "forced_bets": _STR,
    }),
    "players": pl.Schema({
        "site": _STR, "hand_id": _STR, "player": _STR, "seat": _INT, "position": _STR,
        "is_hero": _BOOL, "dealt_in": _BOOL, "starting_stack": _BIG, "contributed": _BIG,
        "collected": _BIG, "net": _BIG, "went_to_showdown": _BOOL, "won_at_showdown": _BOOL,
        "final_cards": _STR, "final_class": _STR, "final_description": _STR,
        "shown_cards": _STR,
    }),
    "actions": pl.Schema({
        "site": _STR, "hand_id": _STR, "seq": _INT, "round_index": _INT, "round_name": _STR,
        "player": _STR, "kind": _STR, "amount": _BIG, "raise_to": _BIG, "all_in": _BOOL,
        "cards": _STR, "new_cards": _STR, "n_cards": _INT, "pot": _STR, "source_line": _INT,
    }),
    "draws": pl.Schema({
        "site": _STR, "hand_id": _STR, "player": _STR, "draw_round": _INT, "discarded": _INT,
        "discarded_cards": _STR, "new_cards": _STR, "hand_before": _STR, "hand_after": _STR,
        "source_line": _INT,
    }),
    "pots": pl.Schema({
        "site": _STR, "hand_id": _STR, "pot_index": _INT, "half": _STR, "amount": _BIG,
        "eligible": pl.List(_STR), "winners": pl.List(_STR), "won": pl.List(_BIG),
    }),
    "problems": pl.Schema({
        "site": _STR, "hand_id": _STR, "status": _STR, "source_id": _INT,
        "source_path": _STR, "byte_offset": _BIG, "code": _STR, "severity": _STR,
        "line": _INT, "message": _STR,
    }),
    "rejects": pl.Schema({
        "source_id": _INT, "source_path": _STR, "byte_offset": _BIG, "byte_length": _BIG,
        "first_line": _INT, "site": _STR, "hand_id": _STR, "variant": _STR,
        "game_text": _STR, "stage": _STR, "code": _STR, "message": _STR, "errors": _INT,
        "raw_text": _STR,
    }),
    "unsupported": pl.Schema({
        "site": _STR, "hand_id": _STR, "game": _STR, "source_id": _INT,
        "source_path": _STR, "byte_offset": _BIG, "byte_length": _BIG, "first_line": _INT,
        "raw_text": _STR,
    }),
    "junk": pl.Schema({
        "source_id": _INT, "source_path": _STR, "first_line": _INT, "byte_offset": _BIG,
        "byte_length": _BIG, "text": _STR,
    }),
}
"""The columns of each frame, in the order of its table's columns."""

FACT_SCHEMAS: Final[dict[str, pl.Schema]] = {
    "players": pl.Schema({
        name: _INT if name in ("calls", "aggressive_actions", "last_draw_discarded",
                               "pat_from_draw")
        else _STR if name in ("door_card", "third_street_action") else _BOOL
        for name in PLAYER_FACT_COLUMNS
    }),
    "draws": pl.Schema({
        name: _STR if name in ("holding", "made_class") else _BOOL
        for name in DRAW_FACT_COLUMNS
    }),
}
"""The facts the players and draws frames carry when :func:`frames_for` derives them
(after their table's columns and ``batch_hand``)."""

TABLES: Final[dict[str, str]] = {
    "hands": "hands", "players": "players", "actions": "actions", "draws": "draws",
    "pots": "pots", "problems": "problems", "rejects": "rejects",
    "unsupported": "unsupported_hands", "junk": "junk",
}
"""Frame name -> table name."""

BATCH_HAND: Final = "batch_hand"
"""A column of the children of hands (players, actions, draws, pots) beside their table's
columns: the row of their hand in the hands frame, so that the writer keys them by one
integer (and, when every hand of the batch is new, by arithmetic, with no join)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Frames:
    """One DataFrame per store table; see :data:`SCHEMAS` for the columns."""

    hands: pl.DataFrame
    players: pl.DataFrame
    actions: pl.DataFrame
    draws: pl.DataFrame
    pots: pl.DataFrame
    problems: pl.DataFrame
    rejects: pl.DataFrame
    unsupported: pl.DataFrame
    junk: pl.DataFrame

    def items(self) -> list[tuple[str, pl.DataFrame]]:
        """(frame name, frame) pairs, in table order."""
        return [(f.name, getattr(self, f.name)) for f in fields(self)]

    def __reduce__(self) -> tuple[object, tuple[tuple[bytes, ...]]]:
        """Sent (from an ingest's workers to its writer) as one Arrow IPC stream per frame.
        Polars' own serialization of a frame writes an IPC file: a task of 1,863 generated
        hands (14.8 MB either way) took 12.4 us a hand to write and 4.6 to read back, as
        streams 5.5 and 4.4 (best of 3); LZ4 made it 1.6 MB but 8.4 and 8.9."""
        return (_frames_from_streams, (tuple(_stream_of(frame) for _, frame in self.items()),))

    def spill(self, folder: str) -> SpilledFrames:
        """The frames written to files in ``folder``, one Arrow IPC stream per frame.

        How an ingest's workers hand their frames to the writer: the writer gets the files'
        names and reads the files, where sending the frames themselves wrote every byte
        three more times (into a stream, into the message, through the pipe) and held those
        copies at the worker's peak. A task of 1,115 generated stud hi/lo hands (12 MB):
        the worker's memory grew by 39 MB as it sent its result; its actions took 8.8 us a
        hand to write to a stream in memory, 3.3 to a file, and ~3 to read back."""
        stem = os.path.join(folder, uuid.uuid4().hex)
        paths = [f"{stem}-{name}.arrows" for name, _ in self.items()]
        try:
            for path, (_, frame) in zip(paths, self.items(), strict=True):
                frame.write_ipc_stream(path, compression="uncompressed")
        except OSError:  # a full or missing folder: raised with no file left behind
            _remove(paths)
            raise
        return SpilledFrames(paths=tuple(paths))


@dataclass(frozen=True, slots=True, kw_only=True)
class SpilledFrames:
    """:class:`Frames` in files (:meth:`Frames.spill`), one per frame, in table order."""

    paths: tuple[str, ...]

    def load(self) -> Frames:
        """The frames read back; their files are removed (the folder's owner removes any
        left behind by a stop)."""
        frames = {}
        for field, path in zip(fields(Frames), self.paths, strict=True):
            frames[field.name] = pl.read_ipc_stream(path)
            _remove([path])
        return Frames(**frames)


def _remove(paths: Iterable[str]) -> None:
    for path in paths:
        with suppress(OSError):
            os.unlink(path)


def _stream_of(frame: pl.DataFrame) -> bytes:
    sink = io.BytesIO()
    frame.write_ipc_stream(sink, compression="uncompressed")
    return sink.getvalue()


def _frames_from_streams(streams: tuple[bytes, ...]) -> Frames:
    return Frames(**{
        field.name: pl.read_ipc_stream(io.BytesIO(stream))
        for field, stream in zip(fields(Frames), streams, strict=True)
    })


# --- small converters ------------------------------------------------------------------


_DRAW_ROUNDS: Final = {0: "predraw", 1: "draw1", 2: "draw2", 3: "draw3",
                       SHOWDOWN_STREET: "showdown"}
_STUD_ROUNDS: Final = {0: "3rd", 1: "4th", 2: "5th", 3: "6th", 4: "7th",
                       SHOWDOWN_STREET: "showdown"}
_IS_DRAW: Final = {variant_id: variant.is_draw for variant_id, variant in BY_ID.items()}

CHUNK_ACTIONS: Final = 8_192
"""Actions gathered in Python lists before they (and the players and draws with them) go
to polars: a task's child rows are held as Python objects only this many at a time (the
peak of a 1-worker ingest of 99,000 hands: ~3 MB lower than all of a task's at once)."""

_POT_FIELDS: Final = attrgetter("index", "half", "amount", "eligible", "winners", "won")


def _repeat(values: list[str], counts: list[int]) -> pl.Series:
    """Each value repeated counts[i] times, in order (the keys of a child table)."""
    index = np.repeat(np.arange(len(values), dtype=np.int64), counts)
    return pl.Series(values, dtype=pl.String).gather(index)


def _list_series(values: Sequence[tuple[object, ...]], inner: pl.DataType) -> pl.Series:
    """A list column from tuples, built from one flat column (polars converts a sequence
    of tuples element by element, some fifty times slower)."""
    lengths = np.fromiter(map(len, values), dtype=np.int64, count=len(values))
    rows = np.repeat(np.arange(len(values), dtype=np.int64), lengths)
    flat = pl.DataFrame({
        "row": pl.Series(rows, dtype=pl.Int64),
        "value": pl.Series(list(chain.from_iterable(values)), dtype=inner),
    })
    lists = flat.group_by("row", maintain_order=True).agg(pl.col("value"))
    if lists.height == len(values):  # no empty tuple: every row is there, in order
        return lists.get_column("value")
    every = pl.DataFrame({"row": pl.Series(np.arange(len(values), dtype=np.int64))})
    column = every.join(lists, on="row", how="left", maintain_order="left")["value"]
    return column.fill_null(pl.Series([[]], dtype=pl.List(inner)))


def _no_children(schema: pl.Schema, facts: pl.Schema | None = None) -> pl.DataFrame:
    return pl.DataFrame(schema={**schema, BATCH_HAND: pl.Int64, **(facts or {})})


# --- the builder ---------------------------------------------------------------------------


_Row = tuple[object, ...]


class _Builder:
    """Rows and column lists, filled hand by hand; :meth:`frames` makes the DataFrames.

    Tables with one row per hand collect row tuples (one BUILD_TUPLE per hand, transposed
    once at the end); child tables collect the records themselves plus, per hand, its key
    and row count (the keys are repeated in polars).
    """

    def __init__(self, facts: bool) -> None:
        self.hands: list[_Row] = []
        self.rejects: list[_Row] = []
        self.unsupported: list[_Row] = []
        self.junk: list[_Row] = []
        self.problems: list[_Row] = []
        self.child_sites: list[str] = []
        self.child_ids: list[str] = []
        self.child_rows: list[int] = []
        """Per hand with child rows: its row in the hands frame (its children's
        ``batch_hand``)."""
        self.actions = ActionColumns()
        self.action_counts: list[int] = []
        self.players = PlayerColumns()
        self.player_counts: list[int] = []
        self.draws = DrawColumns()
        self.draw_counts: list[int] = []
        self.facts = facts
        self.fact_rows: dict[str, list[tuple[object, ...]]] = {"players": [], "draws": []}
        """The facts of the child rows not yet taken (:meth:`_take_children`), a tuple per
        row (one per hand's row; transposed once, when taken)."""
        self.chunks: dict[str, list[pl.DataFrame]] = {"actions": [], "players": [], "draws": []}
        """The child rows taken out of the column lists so far (:meth:`_take_children`)."""
        self.pots: list[object] = []
        self.pot_counts: list[int] = []
        self.seen_hands: set[tuple[str, str]] = set()
        self.seen_unsupported: set[tuple[str, str]] = set()
        self.seen_rejects: set[tuple[str, str | int]] = set()

    # -- per file

    def add_file(self, result: FileResultLike, source_id: int | None) -> None:
        path = result.file
        blocks = result.blocks
        for index, replayed in enumerate(result.hands):
            status = replayed.status
            if status is Status.ACCEPTED:
                self._accepted(replayed, source_id, path)
                continue
            raw = blocks[index].text if index < len(blocks) else None
            errors = replayed.errors
            if status is Status.REJECTED or errors:
                self._rejected(replayed, errors, source_id, path, raw, result.site)
            else:
                self._unsupported(replayed, source_id, path, raw)
        self.junk.extend(
            (source_id, path, item.line, item.byte_offset, item.byte_length, item.text)
            for item in result.junk
        )
        if len(self.actions) >= CHUNK_ACTIONS:
            self._take_children()

    def _take_children(self) -> None:
        """The child rows gathered so far, as frames (without their keys)."""
        for name, columns in (("actions", self.actions), ("players", self.players),
                              ("draws", self.draws)):
            if len(columns):
                schema = SCHEMAS[name]
                taken: dict[str, Sequence[object]] = dict(columns.taken())
                types = {column: schema[column] for column in taken}
                if self.facts and name in FACT_SCHEMAS:
                    rows = self.fact_rows[name]
                    taken.update(zip(FACT_SCHEMAS[name], zip(*rows, strict=True),
                                     strict=True))
                    types.update(FACT_SCHEMAS[name])
                    rows.clear()
                self.chunks[name].append(pl.DataFrame(taken, schema=types))

    # -- accepted hands

    def _accepted(self, replayed: ReplayResult, source_id: int | None, path: str) -> None:
        hand = replayed.hand
        key = (hand.site, hand.hand_id)
        if key in self.seen_hands:
            self.hands.append(hand_row(replayed, source_id, path, dealt_in(replayed)))
            return
        self.seen_hands.add(key)
        self.child_rows.append(len(self.hands))
        dealt = dealt_in(replayed)
        self.hands.append(hand_row(replayed, source_id, path, dealt))
        self.child_sites.append(hand.site)
        self.child_ids.append(hand.hand_id)
        draw_game = _IS_DRAW.get(hand.variant_id or "", False)
        self.actions.add(hand.actions, _DRAW_ROUNDS if draw_game else _STUD_ROUNDS)
        self.action_counts.append(len(hand.actions))
        self.players.add(replayed.players, dealt)
        self.player_counts.append(len(replayed.players))
        self.draws.add(replayed.draws)
        self.draw_counts.append(len(replayed.draws))
        if self.facts:
            variant = hand.variant_id or ""
            draws = draw_facts(variant, replayed.draws)
            self.fact_rows["draws"].extend(draws)
            self.fact_rows["players"].extend(player_facts(
                variant, sum(dealt), replayed.players, hand.actions, replayed.draws, draws))
        self.pots.extend(replayed.pots)
        self.pot_counts.append(len(replayed.pots))
        if replayed.problems:
            self._problems(replayed, "accepted", source_id, path)

    # -- failed and unsupported hands

    def _rejected(
        self,
        replayed: ReplayResult,
        errors: Sequence[Problem],
        source_id: int | None,
        path: str,
        raw: str | None,
        file_site: str | None,
    ) -> None:
        hand = replayed.hand
        source = hand.source
        first = errors[0] if errors else None
        self.rejects.append((
            source_id, path, source.byte_offset, source.byte_length, source.line,
            hand.site or file_site, hand.hand_id or None, hand.variant_id,
            hand.game_text or None,
            "read" if any(p.fatal for p in hand.problems) else "replay",
            first.code if first else "unknown",
            first.message if first else "rejected without a recorded error",
            len(errors), raw,
        ))
        key = (hand.site, hand.hand_id) if hand.hand_id else (path, source.byte_offset)
        if key not in self.seen_rejects:
            self.seen_rejects.add(key)
            self._problems(replayed, "rejected", source_id, path)

    def _unsupported(
        self, replayed: ReplayResult, source_id: int | None, path: str, raw: str | None
    ) -> None:
        hand = replayed.hand
        source = hand.source
        self.unsupported.append((
            hand.site, hand.hand_id, hand.game_text, source_id, path, source.byte_offset,
            source.byte_length, source.line, raw,
        ))
        key = (hand.site, hand.hand_id)
        if key not in self.seen_unsupported:
            self.seen_unsupported.add(key)
            self._problems(replayed, "unsupported", source_id, path)

    def _problems(
        self, replayed: ReplayResult, status: str, source_id: int | None, path: str
    ) -> None:
        hand = replayed.hand
        site = hand.site or None
        hand_id = hand.hand_id or None
        offset = hand.source.byte_offset
        self.problems.extend(
            (site, hand_id, status, source_id, path, offset, p.code, p.severity.value,
             p.line, p.message)
            for p in replayed.problems
        )

    # -- frames

    def frames(self) -> Frames:
        self._take_children()
        return Frames(
            hands=_rows_frame(self.hands, "hands"),
            players=self._children_frame("players", self.player_counts),
            actions=self._children_frame("actions", self.action_counts),
            draws=self._children_frame("draws", self.draw_counts),
            pots=self._pots_frame(),
            problems=_rows_frame(self.problems, "problems"),
            rejects=_rows_frame(self.rejects, "rejects"),
            unsupported=_rows_frame(self.unsupported, "unsupported"),
            junk=_rows_frame(self.junk, "junk"),
        )

    def _keys(self, counts: list[int]) -> dict[str, pl.Series]:
        rows = np.repeat(np.asarray(self.child_rows, dtype=np.int64), counts)
        return {
            "site": _repeat(self.child_sites, counts).alias("site"),
            "hand_id": _repeat(self.child_ids, counts).alias("hand_id"),
            BATCH_HAND: pl.Series(BATCH_HAND, rows, dtype=pl.Int64),
        }

    def _children_frame(self, name: str, counts: list[int]) -> pl.DataFrame:
        """The child frame ``name``: its chunks with their hands' keys, in the order of
        its table's columns (then ``batch_hand``)."""
        chunks = self.chunks[name]
        schema = SCHEMAS[name]
        facts = FACT_SCHEMAS[name] if self.facts and name in FACT_SCHEMAS else pl.Schema()
        if not chunks:
            return _no_children(schema, facts)
        rows = chunks[0] if len(chunks) == 1 else pl.concat(chunks)
        return rows.with_columns(**self._keys(counts)).select(*schema, BATCH_HAND, *facts)

    def _pots_frame(self) -> pl.DataFrame:
        schema = SCHEMAS["pots"]
        if not self.pots:
            return _no_children(schema)
        index, half, amount, eligible, winners, won = zip(
            *map(_POT_FIELDS, self.pots), strict=True
        )
        return pl.DataFrame(
            {
                **self._keys(self.pot_counts),
                "pot_index": pl.Series(index, dtype=_INT),
                "half": pl.Series(half, dtype=_STR),
                "amount": pl.Series(amount, dtype=_BIG),
                "eligible": _list_series(eligible, _STR),
                "winners": _list_series(winners, _STR),
                "won": _list_series(won, _BIG),
            }
        )


def _rows_frame(rows: list[_Row], name: str) -> pl.DataFrame:
    schema = SCHEMAS[name]
    if not rows:
        return pl.DataFrame(schema=schema)
    if name != "hands":
        return pl.DataFrame(dict(zip(schema, zip(*rows, strict=True), strict=True)),
                            schema=schema)
    # hand_row gives the start as microseconds since 1970 UTC: the table's TIMESTAMP holds
    # UTC wall time.
    as_micros = pl.Schema({
        column: _BIG if column == "started_at" else dtype for column, dtype in schema.items()
    })
    frame = pl.DataFrame(dict(zip(schema, zip(*rows, strict=True), strict=True)),
                         schema=as_micros)
    return frame.with_columns(pl.col("started_at").cast(_TIME))


def frames_for(results: Iterable[FileResultLike], source_ids: Mapping[str, int], *,
               facts: bool = False) -> Frames:
    """The frames of every hand, problem and junk item of ``results``.

    ``source_ids`` maps each result's ``file`` to its ``sources.source_id`` (a file not in
    it gets a NULL source id). ``facts``: the players and draws frames carry their facts
    (:data:`FACT_SCHEMAS`, worked out hand by hand by :mod:`hhparse.hand_facts`), so that
    the writer only appends them; without, the writer derives them with its SQL.
    """
    with _collector_paused():
        builder = _Builder(facts)
        for result in results:
            builder.add_file(result, source_ids.get(result.file))
        return builder.frames()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (if on) while the frames are built.

    The conversion makes no reference cycles, but allocates enough containers to set off
    several full collections, each walking every object of the (large) batch: about
    half the conversion time. Reference counting still frees everything as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
