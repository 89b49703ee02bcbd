"""`hhparse ingest`: load hand histories into DuckDB, incrementally and crash-safely.

How it stays correct:

* every batch of hands is stored in ONE transaction together with its source's
  bookkeeping (``sources.bytes_read`` and the counts), so a killed ingest leaves the
  database at a batch boundary and the next run carries on from ``bytes_read``;
* a hand is stored once per (site, hand id): the writer skips and counts duplicates;
* a source is skipped when unchanged, read on from ``bytes_read`` when it only grew (the
  hash of the bytes already read still matches), and read again from the start when it
  was rewritten;
* only this process writes; workers only parse, replay and build frames.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import pairwise
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Final

import duckdb
import polars as pl

from hhparse.doctor import CheckResult, run_checks
from hhparse.ingest.work import Part, PartResult, Task, TaskResult, run_task
from hhparse.parsers.base import decode, split_blocks
from hhparse.parsers.sites import SNIFF_BYTES, Site, detect_site
from hhparse.sources import Source, SourceError, expand
from hhparse.sqlfiles import sql
from hhparse.store.schema import StoreError, open_store
from hhparse.store.writer import ArrowStream, insert_frames

BATCH_HANDS = 2_000
"""Hands per task and per transaction."""
BATCH_FILES = 200
"""Most sources in one task: small files share a task, its frames and its transaction
(their bookkeeping rows commit with their hands: a stop still leaves the store at a batch
boundary)."""
BATCH_BYTES = 2 << 20
"""About BATCH_HANDS hands of text: small files are gathered into a task up to this size."""
RECENT_SECONDS = 600
"""A file modified this recently may still be written: an unfinished last hand waits."""
DEFAULT_WAIT_SECONDS = 30.0
SET_DUCKDB_MEMORY = "SET memory_limit = '256MB'"
"""DuckDB's own memory cap (a setting of ours; SET takes no bound parameter): what the
reports need over a million hands."""
SET_INGEST_DUCKDB_MEMORY = "SET memory_limit = '128MB'"
"""Ingest's: its batches need less, and the whole ingest stays under 500 MB."""


class DatabaseBusy(StoreError):
    """Another process holds the database."""


@dataclass(slots=True)
class IngestSummary:
    database: str = ""
    files_seen: int = 0
    files_unchanged: int = 0
    files_read: int = 0
    files_resumed: int = 0
    files_failed: int = 0
    hands_found: int = 0
    accepted: int = 0
    rejected: int = 0
    duplicate: int = 0
    unsupported: int = 0
    junk_items: int = 0
    seconds: float = 0.0
    problems: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    integrity: list[CheckResult] = field(default_factory=list)
    """The integrity checks (`hhparse doctor`) over the sources this ingest stored into."""

    @property
    def unhealthy(self) -> list[CheckResult]:
        return [check for check in self.integrity if not check.healthy]

    @property
    def hands_per_second(self) -> float:
        return self.hands_found / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "database": self.database,
            "files_seen": self.files_seen,
            "files_unchanged": self.files_unchanged,
            "files_read": self.files_read,
            "files_resumed": self.files_resumed,
            "files_failed": self.files_failed,
            "hands_found": self.hands_found,
            "accepted": self.accepted,
            "rejected": self.rejected,
            "duplicate": self.duplicate,
            "unsupported": self.unsupported,
            "junk_items": self.junk_items,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "problems": dict(sorted(self.problems.items())),
            "errors": list(self.errors),
            "integrity": {check.name: check.offending for check in self.integrity},
        }


Progress = Callable[[IngestSummary, str], None]
"""Called after each stored batch with the running summary and the current source."""


@dataclass(frozen=True, slots=True)
class _Known:
    source_id: int
    size: int
    sha256: str | None
    prefix_sha256: str | None
    mtime_us: int | None
    bytes_read: int


def default_database() -> Path:
    return Path(os.environ.get("HHPARSE_DB") or "hands.duckdb")


def connect(database: Path, wait_seconds: float = DEFAULT_WAIT_SECONDS,
            read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """Open (and migrate) the store, waiting a bounded time if another process holds it."""
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            con = open_store(database, read_only=read_only)
            # DuckDB would otherwise keep up to 80% of the machine's memory as cache
            con.execute(SET_DUCKDB_MEMORY)
            con.execute("SET enable_progress_bar = false")  # library code never prints
            if read_only:
                _lock_down(con)
            return con
        except duckdb.IOException as error:
            if "lock" not in str(error).lower():
                raise StoreError(f"cannot open {database}: {error}") from error
            if time.monotonic() >= deadline:
                raise DatabaseBusy(
                    f"{database} is in use by another process (an ingest or a report still "
                    f"running?); waited {wait_seconds:g} s. {_holder(error)}".rstrip()
                ) from None
            time.sleep(0.25)


def _lock_down(con: duckdb.DuckDBPyConnection) -> None:
    """A read-only connection (reports, `query`, `doctor`) also reaches nothing outside the
    database: no file reads or writes (COPY, read_csv, ATTACH, EXPORT), no extensions; and
    its settings can no longer be changed by the SQL it runs."""
    con.execute("SET enable_external_access = false")
    con.execute("SET lock_configuration = true")


def _holder(error: Exception) -> str:
    text = str(error)
    at = text.find("(PID ")
    return f"Holder: PID {text[at + 5:text.find(')', at)]}." if at >= 0 else ""


def ingest(
    paths: Iterable[str | Path],
    database: Path | None = None,
    *,
    workers: int = 1,
    wait_seconds: float = DEFAULT_WAIT_SECONDS,
    progress: Progress | None = None,
    check_integrity: bool = True,
) -> IngestSummary:
    """Ingest every source named by ``paths`` into ``database``.

    Then, unless ``check_integrity`` is off, run the integrity checks over the sources it
    stored into (their findings are in ``summary.integrity``; nothing is undone).
    """
    database = database or default_database()
    summary = IngestSummary(database=str(database))
    started = time.perf_counter()
    con = connect(database, wait_seconds)
    try:
        con.execute(SET_INGEST_DUCKDB_MEMORY)
        book = _Bookkeeping(con)
        tasks = _gathered(_tasks(book, expand(paths), summary))
        stored_into: set[int] = set()
        for result, finishes in _run(tasks, workers):
            _store(con, book, result, finishes, summary)
            stored_into.update(part.source_id for part in result.parts)
            if progress is not None:
                progress(summary, result.parts[-1].path)
        con.execute("BEGIN TRANSACTION")
        book.flush()  # the unchanged sources' last_ingest, and sources that held no part
        con.execute("COMMIT")
        if check_integrity:
            _check_integrity(con, stored_into, summary)
    finally:
        con.close()
    summary.seconds = time.perf_counter() - started
    return summary


def _check_integrity(
    con: duckdb.DuckDBPyConnection, stored_into: set[int], summary: IngestSummary
) -> None:
    """The doctor's checks over what was stored; a check that cannot run is reported, never
    fatal (everything is committed by now)."""
    con.execute(SET_DUCKDB_MEMORY)  # the checks scan whole tables: the reports' budget
    try:
        summary.integrity = run_checks(con, stored_into)
    except duckdb.Error as error:
        summary.errors.append(
            f"integrity checks could not run ({error.__class__.__name__}: "
            f"{str(error).splitlines()[0]}); run `hhparse doctor --db {summary.database}`"
        )


_Work = tuple[Task, tuple["_Finish", ...]]


def _run(tasks: Iterator[_Work], workers: int) -> Iterator[tuple[TaskResult, tuple[_Finish, ...]]]:
    """Results in task order; at most 2 x workers tasks in flight (bounded memory)."""
    if workers <= 1:
        for task, finishes in tasks:
            yield run_task(task), finishes
        return
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        pending: deque[tuple[Future[TaskResult], tuple[_Finish, ...]]] = deque()
        for task, finishes in tasks:
            pending.append((pool.submit(run_task, task), finishes))
            if len(pending) >= 2 * workers:
                future, done = pending.popleft()
                yield future.result(), done
        while pending:
            future, done = pending.popleft()
            yield future.result(), done


def _gathered(parts: Iterator[tuple[Part, _Finish]]) -> Iterator[_Work]:
    """Consecutive parts gathered into tasks of about BATCH_BYTES of hands, at most
    BATCH_FILES parts each (a big file's ~2,000-hand windows are a task each)."""
    batch: list[tuple[Part, _Finish]] = []
    size = 0
    for item in parts:
        if batch and (size + item[0].size > BATCH_BYTES or len(batch) >= BATCH_FILES):
            yield _task_of(batch)
            batch, size = [], 0
        batch.append(item)
        size += item[0].size
    if batch:
        yield _task_of(batch)


def _task_of(batch: list[tuple[Part, _Finish]]) -> _Work:
    return Task(parts=tuple(part for part, _ in batch)), tuple(finish for _, finish in batch)


@dataclass(frozen=True, slots=True)
class _Finish:
    """What the main process records with a task's result (it never leaves this process)."""

    size: int
    mtime: float
    format: str
    encoding: str
    start: int
    planned_end: int
    hash_before: Any
    """sha256 state of the bytes before ``start``."""
    chunk: bytes
    """The task's bytes, ``[start, planned_end)``."""
    sha256: str | None
    """The whole file's hash, on the source's last task only."""

    def prefix_sha256(self, end: int) -> str:
        hasher = self.hash_before.copy()
        hasher.update(self.chunk[: end - self.start])
        return str(hasher.hexdigest())


def _tasks(
    book: _Bookkeeping,
    sources: Iterable[Source | SourceError],
    summary: IngestSummary,
) -> Iterator[tuple[Part, _Finish]]:
    for source in sources:
        summary.files_seen += 1
        if isinstance(source, SourceError):
            summary.files_failed += 1
            summary.errors.append(str(source))
            continue
        try:
            yield from _source_tasks(book, source, summary)
        except SourceError as error:
            summary.files_failed += 1
            summary.errors.append(str(error))


def _source_tasks(
    book: _Bookkeeping, source: Source, summary: IngestSummary
) -> Iterator[tuple[Part, _Finish]]:
    known = book.known.get(source.path)
    if known is not None and known.mtime_us == _microseconds(source.mtime) and known.sha256 and (
        known.size == known.bytes_read
    ) and source.member is None and known.size == source.size_on_disk:
        book.touch(known.source_id)
        summary.files_unchanged += 1
        return
    data = source.read()
    whole = hashlib.sha256(data).hexdigest()
    if known is not None and known.sha256 == whole and known.bytes_read >= len(data):
        book.touch(known.source_id)
        summary.files_unchanged += 1
        return
    source_id, start = book.start_offset(source, known, data)
    if start > 0:
        summary.files_resumed += 1
    summary.files_read += 1
    site = detect_site(data)
    recent = time.time() - source.mtime < RECENT_SECONDS and source.member is None
    plan = _windows(data, site, start) if site is not None else None
    tasks = plan if plan is not None else _split_here(data, source.path, site, start)
    hasher = hashlib.sha256(data[:start])
    encoding = decode(data[:SNIFF_BYTES]).encoding
    for number, (begin, end, task_fields) in enumerate(tasks):
        last = number == len(tasks) - 1
        if "base_offset" in task_fields:  # the window's bytes, only now (bounded memory)
            task_fields = {**task_fields, "raw": data[begin:end], "blocks": (), "junk": ()}
        task = Part(
            source_id=source_id, path=source.path, site=site.name if site else "",
            encoding=encoding, end_offset=end, defer_incomplete_tail=last and recent,
            **task_fields,
        )
        finish = _Finish(
            size=len(data), mtime=source.mtime, format=site.name if site else "",
            encoding=encoding, start=begin, planned_end=end,
            hash_before=hasher.copy(), chunk=data[begin:end],
            sha256=whole if last else None,
        )
        hasher.update(finish.chunk)
        yield task, finish


_Planned = tuple[int, int, dict[str, Any]]
"""(start, end, the task's blocks/junk or its raw window)."""


def _windows(data: bytes, site: Site, start: int) -> list[_Planned] | None:
    """Windows of about BATCH_HANDS hands cut at hand starts, for the workers to split
    themselves: the main process never holds every block of a big file. Only for
    encodings where a line start is a byte after a line break (not UTF-16)."""
    if decode(data[:SNIFF_BYTES]).encoding not in ("utf-8", "utf-8-sig", "cp1252"):
        return None
    starts = [offset for offset in _line_starts_with(data, site.prefixes) if offset > start]
    cuts = [start, *starts[BATCH_HANDS::BATCH_HANDS], len(data)]
    planned: list[_Planned] = []
    line = 1 + _line_breaks(data, 0, start)
    for begin, end in pairwise(cuts):
        planned.append((begin, end, {"base_offset": begin, "base_line": line}))
        line += _line_breaks(data, begin, end)
    return planned


def _line_starts_with(data: bytes, prefixes: tuple[str, ...]) -> list[int]:
    found: set[int] = set()
    for prefix in prefixes:
        needle = prefix.encode("ascii")
        if data.startswith(needle) or data.startswith(b"\xef\xbb\xbf" + needle):
            found.add(0)
        for separator in (b"\n", b"\r"):
            at = data.find(separator + needle)
            while at >= 0:
                found.add(at + 1)
                at = data.find(separator + needle, at + 1)
    return sorted(found)


def _line_breaks(data: bytes, begin: int, end: int) -> int:
    """Line breaks in data[begin:end]: CRLF, LF and lone CR each end one line."""
    return data.count(b"\n", begin, end) + data.count(b"\r", begin, end) - data.count(
        b"\r\n", begin, end
    )


def _split_here(data: bytes, path: str, site: Site | None, start: int) -> list[_Planned]:
    """Split the whole file in this process (UTF-16 files, unknown formats)."""
    split = split_blocks(data, path, site.is_start if site else _never,
                         prefixes=site.prefixes if site else ())
    blocks = [block for block in split.blocks if block.byte_offset >= start]
    junk = [item for item in split.junk if item.byte_offset >= start]
    chunks = [blocks[i : i + BATCH_HANDS] for i in range(0, len(blocks), BATCH_HANDS)] or [[]]
    planned: list[_Planned] = []
    previous_end = start
    for number, chunk in enumerate(chunks):
        last = number == len(chunks) - 1
        end = len(data) if last else chunk[-1].byte_offset + chunk[-1].byte_length
        chunk_junk = tuple(item for item in junk if previous_end <= item.byte_offset < end)
        planned.append((previous_end, end, {"blocks": tuple(chunk), "junk": chunk_junk}))
        previous_end = end
    return planned


def _microseconds(seconds: float) -> int:
    return round(seconds * 1_000_000)


def _never(line: str) -> bool:
    return False


class _Bookkeeping:
    """What an ingest writes of the sources themselves, written with the next batch.

    The sources the store knows are read once; new sources get ids from the sequence at
    once (reserved in blocks) and their rows are inserted, rewritten ones reset and
    unchanged ones touched, in the transaction of the next batch stored (or at the end):
    a few statements per batch, not several per file.
    """

    RESERVE = 256

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self.known = {
            str(path): _Known(source_id=int(source_id), size=int(size or 0), sha256=sha256,
                              prefix_sha256=prefix, bytes_read=int(read or 0),
                              mtime_us=int(mtime) if mtime is not None else None)
            for path, source_id, size, sha256, prefix, mtime, read
            in con.execute(sql("ingest/sources_all")).fetchall()
        }
        self.free_ids: deque[int] = deque()
        self.new: list[tuple[int, str, int]] = []
        self.resets: list[int] = []
        self.touched: list[int] = []

    def start_offset(self, source: Source, known: _Known | None, data: bytes
                     ) -> tuple[int, int]:
        """(source id, offset to read from): on from bytes_read when the file only grew."""
        if known is None:
            source_id = self._next_id()
            self.new.append((source_id, source.path, _microseconds(source.mtime)))
            self.known[source.path] = _Known(source_id=source_id, size=0, sha256=None,
                                             prefix_sha256=None, mtime_us=None, bytes_read=0)
            return source_id, 0
        read = known.bytes_read
        if 0 < read <= len(data) and (
            known.prefix_sha256 == hashlib.sha256(data[:read]).hexdigest()
        ):
            return known.source_id, read
        self.resets.append(known.source_id)
        return known.source_id, 0

    def touch(self, source_id: int) -> None:
        self.touched.append(source_id)

    def flush(self) -> None:
        """Write what is pending (inside the caller's transaction)."""
        con = self.con
        if self.new:
            frame = pl.DataFrame(self.new, orient="row", schema={
                "source_id": pl.Int32, "path": pl.String, "mtime_us": pl.Int64})
            _run_with(con, "insert_sources", "incoming_sources", frame)
            self.new = []
        if self.resets:
            _run_with(con, "reset_sources", "incoming_resets", _ids(self.resets))
            self.resets = []
        if self.touched:
            _run_with(con, "touch_sources", "incoming_touched", _ids(self.touched))
            self.touched = []

    def _next_id(self) -> int:
        if not self.free_ids:
            rows = self.con.execute(sql("ingest/reserve_source_ids"),
                                    {"count": self.RESERVE}).fetchall()
            self.free_ids.extend(int(row[0]) for row in rows)
        return self.free_ids.popleft()


def _ids(source_ids: list[int]) -> pl.DataFrame:
    return pl.DataFrame({"source_id": source_ids}, schema={"source_id": pl.Int32})


def _run_with(con: duckdb.DuckDBPyConnection, name: str, view: str, frame: pl.DataFrame
              ) -> None:
    """Run ``sql/ingest/<name>.sql`` with ``frame`` seen as ``view`` (a failure aborts the
    caller's transaction, whose ROLLBACK drops the view too)."""
    con.register(view, ArrowStream(frame))
    con.execute(sql(f"ingest/{name}")).fetchall()
    con.unregister(view)


def _store(
    con: duckdb.DuckDBPyConnection, book: _Bookkeeping, result: TaskResult,
    finishes: tuple[_Finish, ...], summary: IngestSummary,
) -> None:
    """One transaction: the pending source rows, the task's frames, and each of its
    sources' bookkeeping with the counts of what was stored from it."""
    con.execute("BEGIN TRANSACTION")
    try:
        book.flush()
        counts = insert_frames(con, result.frames)
        last_of_source = {part.source_id: number for number, part in enumerate(result.parts)}
        rows = []
        for number, (part, finish) in enumerate(zip(result.parts, finishes, strict=True)):
            # what a source stored is counted once, with its last part of the task
            stored = counts.by_source.get(part.source_id, {}) if (
                last_of_source[part.source_id] == number) else {}
            rows.append(_progress_row(part, finish, stored))
        _record_progress(con, rows)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    duplicate = counts.hands_duplicate + counts.rejects_duplicate + (
        counts.unsupported_duplicate
    )
    summary.accepted += counts.hands_inserted
    summary.rejected += counts.rejects_inserted
    summary.duplicate += duplicate
    summary.unsupported += counts.unsupported_inserted
    for part in result.parts:
        summary.hands_found += part.hands_found
        summary.junk_items += part.junk_items
        summary.problems.update(part.problems)


_PROGRESS_SCHEMA: Final = {
    "source_id": pl.Int32, "size": pl.Int64, "sha256": pl.String, "prefix_sha256": pl.String,
    "mtime_us": pl.Int64, "format": pl.String, "encoding": pl.String, "bytes_read": pl.Int64,
    "found": pl.Int64, "accepted": pl.Int64, "rejected": pl.Int64, "duplicate": pl.Int64,
    "unsupported": pl.Int64, "junk_items": pl.Int64, "junk_bytes": pl.Int64,
}
_ADDED: Final = ("found", "accepted", "rejected", "duplicate", "unsupported", "junk_items",
                 "junk_bytes")
"""The counts a source's parts add up to; its other columns are its last part's."""


def _progress_row(result: PartResult, finish: _Finish, stored: Mapping[str, int]
                  ) -> tuple[object, ...]:
    complete = result.end_offset == finish.planned_end
    return (
        result.source_id, finish.size, finish.sha256 if complete else None,
        finish.prefix_sha256(result.end_offset), _microseconds(finish.mtime),
        finish.format or None, finish.encoding or None, result.end_offset, result.hands_found,
        stored.get("accepted", 0), stored.get("rejected", 0), stored.get("duplicate", 0),
        stored.get("unsupported", 0), result.junk_items, result.junk_bytes,
    )


def _record_progress(con: duckdb.DuckDBPyConnection, rows: list[tuple[object, ...]]) -> None:
    """One UPDATE for every source of the batch (one row per source: its parts merged)."""
    frame = pl.DataFrame(rows, schema=_PROGRESS_SCHEMA, orient="row")
    frame = frame.group_by("source_id", maintain_order=True).agg(
        *[pl.col(name).last() for name in _PROGRESS_SCHEMA
          if name != "source_id" and name not in _ADDED],
        *[pl.col(name).sum() for name in _ADDED],
    )
    _run_with(con, "record_progress", "incoming_progress", frame)
