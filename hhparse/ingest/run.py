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
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import pairwise
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import duckdb

from hhparse.doctor import CheckResult, run_checks
from hhparse.ingest.work import Task, TaskResult, run_task
from hhparse.parsers.base import decode, split_blocks
from hhparse.parsers.sites import SNIFF_BYTES, Site, detect_site
from hhparse.sources import Source, SourceError, expand
from hhparse.sqlfiles import sql
from hhparse.store.schema import StoreError, open_store
from hhparse.store.writer import insert_frames

BATCH_HANDS = 2_000
"""Hands per task and per transaction."""
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
        tasks = _tasks(con, expand(paths), summary)
        stored_into: set[int] = set()
        for result, finish in _run(tasks, workers):
            _store(con, result, finish, summary)
            stored_into.add(result.task_source_id)
            if progress is not None:
                progress(summary, result.path)
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


def _run(
    tasks: Iterator[tuple[Task, _Finish]], workers: int
) -> Iterator[tuple[TaskResult, _Finish]]:
    """Results in task order; at most 2 x workers tasks in flight (bounded memory)."""
    if workers <= 1:
        for task, finish in tasks:
            yield run_task(task), finish
        return
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        pending: deque[tuple[Future[TaskResult], _Finish]] = deque()
        for task, finish in tasks:
            pending.append((pool.submit(run_task, task), finish))
            if len(pending) >= 2 * workers:
                future, done = pending.popleft()
                yield future.result(), done
        while pending:
            future, done = pending.popleft()
            yield future.result(), done


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
    con: duckdb.DuckDBPyConnection,
    sources: Iterable[Source | SourceError],
    summary: IngestSummary,
) -> Iterator[tuple[Task, _Finish]]:
    for source in sources:
        summary.files_seen += 1
        if isinstance(source, SourceError):
            summary.files_failed += 1
            summary.errors.append(str(source))
            continue
        try:
            yield from _source_tasks(con, source, summary)
        except SourceError as error:
            summary.files_failed += 1
            summary.errors.append(str(error))


def _source_tasks(
    con: duckdb.DuckDBPyConnection, source: Source, summary: IngestSummary
) -> Iterator[tuple[Task, _Finish]]:
    known = _known(con, source.path)
    if known is not None and known.mtime_us == _microseconds(source.mtime) and known.sha256 and (
        known.size == known.bytes_read
    ) and source.member is None and known.size == source.size_on_disk:
        _touch(con, known.source_id)
        summary.files_unchanged += 1
        return
    data = source.read()
    whole = hashlib.sha256(data).hexdigest()
    if known is not None and known.sha256 == whole and known.bytes_read >= len(data):
        _touch(con, known.source_id)
        summary.files_unchanged += 1
        return
    source_id, start = _start_offset(con, source, known, data)
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
        task = Task(
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


def _start_offset(
    con: duckdb.DuckDBPyConnection, source: Source, known: _Known | None, data: bytes
) -> tuple[int, int]:
    """(source id, offset to read from): on from bytes_read when the file only grew."""
    if known is None:
        row = con.execute(sql("ingest/insert_source"),
                          {"path": source.path, "mtime_us": _microseconds(source.mtime)}
                          ).fetchone()
        assert row is not None
        return int(row[0]), 0
    read = known.bytes_read
    if 0 < read <= len(data) and known.prefix_sha256 == hashlib.sha256(data[:read]).hexdigest():
        return known.source_id, read
    con.execute(sql("ingest/reset_source"), {"source_id": known.source_id})
    return known.source_id, 0


def _known(con: duckdb.DuckDBPyConnection, path: str) -> _Known | None:
    row = con.execute(sql("ingest/source_by_path"), {"path": path}).fetchone()
    if row is None:
        return None
    return _Known(
        source_id=int(row[0]), size=int(row[1] or 0), sha256=row[2], prefix_sha256=row[3],
        mtime_us=int(row[4]) if row[4] is not None else None, bytes_read=int(row[5] or 0),
    )


def _touch(con: duckdb.DuckDBPyConnection, source_id: int) -> None:
    con.execute(sql("ingest/touch_source"), {"source_id": source_id})


def _store(
    con: duckdb.DuckDBPyConnection, result: TaskResult, finish: _Finish, summary: IngestSummary
) -> None:
    complete = result.end_offset == finish.planned_end
    con.execute("BEGIN TRANSACTION")
    try:
        counts = insert_frames(con, result.frames)
        duplicate = counts.hands_duplicate + counts.rejects_duplicate + (
            counts.unsupported_duplicate
        )
        con.execute(sql("ingest/record_progress"), {
            "source_id": result.task_source_id, "size": finish.size,
            "sha256": finish.sha256 if complete else None,
            "prefix_sha256": finish.prefix_sha256(result.end_offset),
            "mtime_us": _microseconds(finish.mtime),
            "format": finish.format or None, "encoding": finish.encoding or None,
            "bytes_read": result.end_offset, "found": result.hands_found,
            "accepted": counts.hands_inserted, "rejected": counts.rejects_inserted,
            "duplicate": duplicate, "unsupported": counts.unsupported_inserted,
            "junk_items": result.junk_items, "junk_bytes": result.junk_bytes,
        })
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    summary.hands_found += result.hands_found
    summary.accepted += counts.hands_inserted
    summary.rejected += counts.rejects_inserted
    summary.duplicate += duplicate
    summary.unsupported += counts.unsupported_inserted
    summary.junk_items += result.junk_items
    summary.problems.update(result.problems)
