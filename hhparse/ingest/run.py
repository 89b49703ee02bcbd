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
import shutil
import tempfile
import time
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass, field, replace
from itertools import chain, islice, pairwise
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Final

import duckdb
import polars as pl

from hhparse import stops
from hhparse.doctor import CheckResult, run_checks
from hhparse.ingest.scan import (
    BYTE_LINE_ENCODINGS,
    Bytes,
    Scan,
    cuts,
    hand_starts,
    line_breaks,
    opened,
    scan,
)
from hhparse.ingest.work import (
    Part,
    PartResult,
    SpilledResult,
    Task,
    TaskResult,
    run_task,
    run_task_spilled,
)
from hhparse.parsers.base import split_blocks
from hhparse.parsers.sites import Site
from hhparse.parsers.summaries import MAX_SUMMARY_BYTES, read_summary_bytes
from hhparse.sources import Source, SourceError, expand
from hhparse.sqlfiles import sql
from hhparse.stops import Stopped
from hhparse.store.errors import StoreError, explain
from hhparse.store.schema import open_store, verify_store
from hhparse.store.tournaments import ReadSummary, store_summaries
from hhparse.store.writer import ArrowStream, insert_frames

BATCH_HANDS = 2_500
"""Hands per task (what a worker replays and turns into frames at once: its memory). A task
has a fixed cost, whatever its hands: ~20 ms of polars planning the players' and draws'
facts, the frames' construction, the writer's statements. Tasks of 1,000 hands paid ~60 us
a hand of it. From 1,500 to 3,000 hands (and BATCH_BYTES with them) a 1-worker ingest of
99,000 hands took 8% less time (best of 3 interleaved: 360 -> 330 us a hand); the peak of
a 1-worker ingest of 200,000 hands (benchmarks/memory.py) is 365 MB at 2,500, 382 MB at
3,000 (the target: under 400)."""
COMMIT_HANDS = 4_000
"""Hands a transaction gathers, task after task, before it commits (and the progress
callback is told): each COMMIT writes and syncs the write-ahead log (~35 ms) and, every
16 MB of it, checkpoints, so committing every task of 1,000 hands cost ~70 us a hand."""
BATCH_FILES = 200
"""Most sources in one task: small files share a task, its frames and its transaction
(their bookkeeping rows commit with their hands: a stop still leaves the store at a batch
boundary)."""
BATCH_BYTES = 4 << 20
"""A big file's window of BATCH_HANDS hands ends sooner where its hands reach this much text
(4 MB: stud's hands are twice the text and rows of draw games'). Against 2.5 MB, a
1-worker ingest of 99,000 generated hands took 297-346 us of CPU a hand, not 328-357 (4
rounds interleaved, each lower), for about the same instructions (cachegrind): the fixed
cost of a task is mostly memory's, pages faulted in and caches refilled. Its peak at
200,000 hands (benchmarks/memory.py) is 383 MB, 356 with 2.5 MB; it could be afforded once
the six- and seven-card best-of tables (~13 MB) were no longer built for the replay.
Workers' tasks are as big since their frames come back as files (Frames.spill): 99,000
generated hands on 2 workers, 3 rounds interleaved, 177/180/198 -> 159/168/186 us a hand
(2.5 MB and frames sent through the pipe before), a worker's peak 235-240 -> 241-245 MB.
6 MB (and 3,500 hands) took it to 294-298 MB for no clear gain."""
GATHER_BYTES = 3 << 20
"""Small files are gathered into a task up to this much text: each file costs its own
bookkeeping, so their tasks hold more hands than a big file's windows."""
RECENT_SECONDS = 600
"""A file modified this recently may still be written: an unfinished last hand waits."""
DEFAULT_WAIT_SECONDS = 30.0
SET_DUCKDB_MEMORY = "SET memory_limit = '256MB'"
"""DuckDB's own memory cap (a setting of ours; SET takes no bound parameter): what the
reports need over a million hands."""
SET_INGEST_DUCKDB_MEMORY = "SET memory_limit = '64MB'"
"""Ingest's, for its batches and its integrity checks: a 1-worker ingest of 200,000
generated hands peaks at 380 MB with it, 427 MB with 128 MB (its CPU time the same)."""
SET_WRITER_THREADS = "SET threads = 1"
"""The writer's DuckDB works on one thread: its statements insert a task's rows, too few
to share out (on two threads an insert of 1,000 hands' actions took 20 us of CPU a hand,
on one 11 us), and an ingest's other cores run its workers."""
WRITER_ROW_GROUP_SIZE = 16_384
"""Rows of the row groups the ingest writes (DuckDB's default: 122,880). A task's actions
(~65,000 rows) then fill whole row groups, which DuckDB writes to the file compressed as
they are inserted; with the default they went to the write-ahead log and were compressed
at each checkpoint, again for a row group filled a little more each time. 99,000 generated
hands, 1 worker, best of 3 interleaved: 340 -> 299 us/hand wall (inserts 41 -> 51, COMMIT
72 -> 18 us/hand); 32,768 rows gave 314."""
SET_CHECK_THREADS = "SET threads = 1"
"""The integrity checks after a 1-worker ingest run on one thread: each thread of DuckDB's
holds its own hash tables, and on two the checks of 200,000 hands no longer fit in the
64 MB."""
SET_PARALLEL_CHECKS: Final = ("SET threads = 2", "SET memory_limit = '128MB'")
"""With several workers the checks run on two threads (the workers' cores are idle by then),
in twice the memory: 99,000 generated hands, ``cards_unique`` (the largest check) 0.98 ->
0.62 s wall and 0.98 -> 0.88 s of CPU, its process's peak 143 -> 182 MB; on two threads
in 64 or 96 MB it runs out of memory, whatever the window of hands."""


class DatabaseBusy(StoreError):
    """Another process holds the database."""


class NothingToRead(ValueError):
    """No file could be found under the paths given (nothing is created)."""


class IngestStopped(Stopped):
    """A signal stopped the ingest between two batches: what was committed stays."""

    def __init__(self, signum: int, summary: IngestSummary) -> None:
        super().__init__(signum)
        self.summary = summary


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
    unknown_format: list[str] = field(default_factory=list)
    """The files read that hold no hand history hhparse knows (stored as junk)."""
    tournament_summaries: list[str] = field(default_factory=list)
    """The tournament summaries read (stored in ``tournaments``; their text as junk)."""
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
            "files_unknown_format": len(self.unknown_format),
            "files_tournament_summary": len(self.tournament_summaries),
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
            "unknown_format_files": list(self.unknown_format),
            "tournament_summary_files": list(self.tournament_summaries),
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
            read_only: bool = False, allow_other_tables: bool = False,
            row_group_size: int | None = None) -> duckdb.DuckDBPyConnection:
    """Open (and migrate) the store, waiting a bounded time if another process holds it.
    Whatever else keeps it from opening raises a :class:`StoreError` that says what to do.
    ``row_group_size``: see :func:`~hhparse.store.schema.open_store`."""
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            con = open_store(database, read_only=read_only,
                             allow_other_tables=allow_other_tables,
                             row_group_size=row_group_size)
        except duckdb.IOException as error:  # open_store lets only a held lock through
            if time.monotonic() >= deadline:
                raise DatabaseBusy(
                    f"{database} is in use by another process (an ingest or a report still "
                    f"running?); waited {wait_seconds:g} s. {_holder(error)}".rstrip()
                ) from None
            time.sleep(0.25)
            continue
        try:
            # DuckDB would otherwise keep up to 80% of the machine's memory as cache
            con.execute(SET_DUCKDB_MEMORY)
            con.execute("SET enable_progress_bar = false")  # library code never prints
            if read_only:
                _lock_down(con)
        except duckdb.Error as error:
            con.close()
            raise explain(error, database) from error
        return con


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
    verify: bool = False,
    allow_other_tables: bool = False,
) -> IngestSummary:
    """Ingest every source named by ``paths`` into ``database``.

    No file to read raises :class:`NothingToRead` before the store is touched. ``verify``
    first reads back every block of the store and refuses a damaged one
    (:class:`~hhparse.store.errors.StoreDamaged`) before writing anything. A failure of
    the store (full disk, damage, a read-only place) raises a
    :class:`~hhparse.store.errors.StoreError` that says what to do; what was committed
    before stays. A stop asked for (:mod:`hhparse.stops`) raises :class:`IngestStopped`
    with the summary of what was committed. Then, unless ``check_integrity`` is off, run
    the integrity checks over the sources it stored into (their findings are in
    ``summary.integrity``; nothing is undone).
    """
    database = database or default_database()
    summary = IngestSummary(database=str(database))
    started = time.perf_counter()
    sources = _sources(paths, database)
    with stops.graceful():
        con = connect(database, wait_seconds, allow_other_tables=allow_other_tables,
                      row_group_size=WRITER_ROW_GROUP_SIZE)
        try:
            if verify:
                verify_store(con, database)
            stored_into = _ingest_into(con, sources, summary, workers, progress, started)
            if check_integrity:
                _check_integrity(con, stored_into, summary, workers)
        except (duckdb.Error, RuntimeError, StoreError) as error:
            signum = stops.requested()
            if signum is not None:  # the second signal, reworded: DuckDB's "interrupted",
                # a COMMIT's plain RuntimeError, a stop raised inside a DuckDB callback
                # (the scan of a registered frame) that the writer made a StoreError
                raise IngestStopped(signum, summary) from None
            if not isinstance(error, duckdb.Error):
                raise
            raise explain(error, database) from error
        finally:
            con.close()
    summary.seconds = time.perf_counter() - started
    return summary


def ingest_sources_into(con: duckdb.DuckDBPyConnection, sources: list[Source | SourceError],
                        summary: IngestSummary) -> IngestSummary:
    """Ingest ``sources`` on one process into an open store (the lake writes each source
    into a store in memory this way, then exports its tables); no integrity checks."""
    started = time.perf_counter()
    _ingest_into(con, sources, summary, 1, None, started)
    summary.seconds = time.perf_counter() - started
    return summary


def _ingest_into(
    con: duckdb.DuckDBPyConnection, sources: list[Source | SourceError],
    summary: IngestSummary, workers: int, progress: Progress | None, started: float,
) -> set[int]:
    """Tasks stored in transactions of about COMMIT_HANDS hands; the ids of the sources
    stored into. A stop between tasks commits the tasks stored; one in the middle of a task
    (a second Ctrl-C) rolls them back."""
    con.execute(SET_INGEST_DUCKDB_MEMORY)
    con.execute(SET_WRITER_THREADS)
    book = _Bookkeeping(con)
    tasks = _gathered(_tasks(book, sources, summary))
    stored_into: set[int] = set()
    transaction = _SpanningTransaction(con, summary, progress)
    try:
        with closing(_run(tasks, workers)) as results:  # closed at once: workers end now
            for result, finishes in results:
                transaction.begin()
                _store(con, book, result, finishes, summary)
                transaction.stored(result)
                stored_into.update(part.source_id for part in result.parts)
                stops.check()
        transaction.commit()
    except Stopped as stop:
        transaction.stop()
        summary.seconds = time.perf_counter() - started
        raise IngestStopped(stop.signum, summary) from None
    except BaseException:
        transaction.rollback()
        raise
    with _transaction(con):
        book.flush()  # the unchanged sources' last_ingest, and sources that held no part
    return stored_into


STORED_COUNTS: Final = ("hands_found", "accepted", "rejected", "duplicate", "unsupported",
                         "junk_items")
"""The summary's counts of what the tasks stored (a rollback takes them back)."""


class _SpanningTransaction:
    """One transaction for consecutive tasks, committed once it holds COMMIT_HANDS hands
    (then the progress callback hears of them: what it is told is committed). A rollback
    takes the summary back to what was committed."""

    def __init__(self, con: duckdb.DuckDBPyConnection, summary: IngestSummary,
                 progress: Progress | None) -> None:
        self.con, self.summary, self.progress = con, summary, progress
        self.open = False
        self.in_task = False
        self.hands = 0
        self.last_path = ""
        self.committed: tuple[dict[str, int], Counter[str]] = ({}, Counter())

    def begin(self) -> None:
        """Before a task is stored."""
        if not self.open:
            summary = self.summary
            self.committed = ({name: getattr(summary, name) for name in STORED_COUNTS},
                              Counter(summary.problems))
            self.con.execute("BEGIN TRANSACTION")
            self.open = True
        self.in_task = True

    def stored(self, result: TaskResult) -> None:
        """After the task is stored whole."""
        self.in_task = False
        self.hands += sum(part.hands_found for part in result.parts)
        self.last_path = result.parts[-1].path
        if self.hands >= COMMIT_HANDS:
            self.commit()

    def commit(self) -> None:
        if not self.open:
            return
        self.open = False
        self.con.execute("COMMIT")
        self.hands = 0
        if self.progress is not None:
            self.progress(self.summary, self.last_path)

    def stop(self) -> None:
        """Keep the tasks stored whole, unless the stop came in the middle of one."""
        if self.in_task:
            self.rollback()
        else:
            self.commit()

    def rollback(self) -> None:
        if self.open:
            self.open = False
            _roll_back(self.con)
            counts, problems = self.committed
            for name, value in counts.items():
                setattr(self.summary, name, value)
            self.summary.problems = problems


@contextmanager
def _transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """BEGIN ... COMMIT, rolled back on any exception."""
    con.execute("BEGIN TRANSACTION")
    try:
        yield
        con.execute("COMMIT")
    except BaseException:
        _roll_back(con)
        raise


def _roll_back(con: duckdb.DuckDBPyConnection) -> None:
    """ROLLBACK, if anything is left to roll back (a failed COMMIT has nothing left: that
    second error is not the one to report)."""
    with suppress(duckdb.Error):
        con.execute("ROLLBACK")


def _sources(paths: Iterable[str | Path], database: Path) -> list[Source | SourceError]:
    """Every source of the arguments (never the database nor its write-ahead log); no file
    at all is an error, found before anything is created."""
    found = list(expand(paths, exclude=(database, Path(f"{database}.wal"))))
    if not any(isinstance(source, Source) for source in found):
        reasons = "; ".join(str(error) for error in found) or "no file to read"
        raise NothingToRead(f"nothing to ingest: {reasons}")
    return found


def _check_integrity(
    con: duckdb.DuckDBPyConnection, stored_into: set[int], summary: IngestSummary,
    workers: int = 1,
) -> None:
    """The doctor's checks over what was stored; a check that cannot run is reported, never
    fatal (everything is committed by now)."""
    # the connection ends with the ingest: its settings need no restoring
    for setting in SET_PARALLEL_CHECKS if workers > 1 else (SET_CHECK_THREADS,):
        con.execute(setting)
    try:
        summary.integrity = run_checks(con, stored_into)
    except duckdb.Error as error:
        summary.errors.append(
            f"integrity checks could not run ({error.__class__.__name__}: "
            f"{str(error).splitlines()[0]}); run `hhparse doctor --db {summary.database}`"
        )


_Work = tuple[Task, tuple["_Finish", ...]]


def _run(
    tasks: Iterator[_Work], workers: int
) -> Generator[tuple[TaskResult, tuple[_Finish, ...]], None, None]:
    """Results in task order; at most IN_FLIGHT_PER_WORKER x workers tasks in flight
    (bounded memory). A stop asked for (hhparse.stops) ends the run between results: the
    workers are ended then.

    Work of one task (a day's file, a few small ones) is done here: starting a worker
    (importing polars and the rest, building the evaluator tables) costs ~0.85 s of CPU,
    more than a task's replay, and made such an ingest ~0.4 s slower on two workers than
    on one.

    One worker replays and stores one task after the other. Replaying the next task on a
    thread while this one is stored (DuckDB lets go of the GIL as it writes) was measured
    and left out: 99,000 generated hands, interleaved, 282-306 -> 242-271 us/hand wall
    (with a 1 ms switch interval; CPython's 5 ms gave 261-343), but ~10% more CPU time, a
    second core it only finds when one asks for fewer workers than cores, and ~23 MB more
    peak memory (a 1-worker ingest of 200,000 hands: 404-416 MB against 381-389)."""
    if workers > 1:
        ahead = list(islice(tasks, 2))
        if len(ahead) == 2:
            yield from _run_in_workers(chain(ahead, tasks), workers)
            return
        tasks = iter(ahead)
    for task, finishes in tasks:
        yield run_task(task, stops.check), finishes


def _run_in_workers(
    tasks: Iterator[_Work], workers: int
) -> Generator[tuple[TaskResult, tuple[_Finish, ...]], None, None]:
    """:func:`_run` on a pool of spawned worker processes. The first task is replayed here
    while the workers start: each takes ~0.8 s of CPU to import polars and build the
    evaluator tables, while this process had nothing to store. 99,000 generated hands on 2
    workers, interleaved: 22.5/20.3/19.4 -> 20.9/19.4/19.0 s; this process's peak 324-327 ->
    362-384 MB (it builds the evaluator tables and a task's frames too)."""
    context = get_context("spawn")
    stop_event = context.Event()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=stops.worker_init,
                               initargs=(os.getpid(), stop_event))
    in_flight = IN_FLIGHT_PER_WORKER * workers
    with _spill_folder() as spill:
        try:
            first, first_finishes = next(tasks)
            pending: deque[tuple[Future[SpilledResult | TaskResult], tuple[_Finish, ...]]] = (
                deque((pool.submit(run_task_spilled, task, stops.worker_check, spill), finishes)
                      for task, finishes in islice(tasks, in_flight - 1)))
            yield run_task(first, stops.check), first_finishes
            for task, finishes in tasks:
                pending.append(
                    (pool.submit(run_task_spilled, task, stops.worker_check, spill), finishes))
                if len(pending) >= in_flight:
                    future, done = pending.popleft()
                    yield _result(future), done
            while pending:
                future, done = pending.popleft()
                yield _result(future), done
        except BaseException:
            stop_event.set()  # the workers leave their tasks at the next group of hands
            _end_workers(pool)
            raise
        pool.shutdown()


SPILL_PREFIX: Final = "hhparse-ingest-"
"""The start of a spill folder's name; the ingest's process id follows."""


@contextmanager
def _spill_folder() -> Iterator[str | None]:
    """Where the workers' frames come back as files (Frames.spill), removed at the end with
    what a stop left in it; None where no temporary folder can be made (the frames then
    travel through the pool's pipe). Its name holds this process's id: the folders of
    ingests that were killed (no clean-up runs then) are removed here."""
    _remove_orphaned_spills()
    try:
        folder = tempfile.TemporaryDirectory(prefix=f"{SPILL_PREFIX}{os.getpid()}-",
                                             ignore_cleanup_errors=True)
    except OSError:
        yield None
        return
    with folder as name:
        yield name


def _remove_orphaned_spills() -> None:
    """Remove the spill folders whose ingest process is gone."""
    with suppress(OSError):
        for entry in Path(tempfile.gettempdir()).glob(f"{SPILL_PREFIX}*-*"):
            owner = entry.name[len(SPILL_PREFIX):].split("-", 1)[0]
            if owner.isdigit() and entry.is_dir() and not _alive(int(owner)):
                shutil.rmtree(entry, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's
        pass
    return True


def _result(future: Future[SpilledResult | TaskResult]) -> TaskResult:
    """The task's result, waiting in short steps so that a stop is seen within a second."""
    while True:
        stops.check()
        try:
            result = future.result(timeout=0.2)
        except FuturesTimeout:
            continue
        return result.loaded() if isinstance(result, SpilledResult) else result


IN_FLIGHT_PER_WORKER: Final = 3
"""Tasks handed to the pool ahead of the one being stored, per worker. The workers go on
while the writer commits (a COMMIT that checkpoints takes up to ~1 s, two tasks' work).
99,000 generated hands on 2 workers: with tasks of 1,500 hands, best of 4 interleaved,
2 -> 221, 3 -> 212, 4 -> 202 us/hand wall and the main process's peak 315 -> 335 -> 350 MB
(the results waiting); with tasks of 2,500, best of 2, 2 -> 225, 3 -> 216, 4 -> 208 us/hand
and 340 -> 365 -> 378 MB. Since the results wait as files (Frames.spill), 4 costs this
process no memory, but gave no clear gain either (tasks of 4 MB, 3 rounds interleaved:
234/195/202 us/hand with 3, 233/185/213 with 4)."""


WORKER_GRACE_SECONDS: Final = 5.0
"""How long a stop waits for the workers to finish the task in hand before it ends them."""


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Stop: cancel what waits; the workers (told by the stop event) leave their tasks at
    the next group of hands and exit. Ending a worker while it writes its result would
    leave half a message in the pool's pipe, and the pool's own thread, which the
    interpreter joins at exit, would wait for the rest forever; so only a worker still
    busy after WORKER_GRACE_SECONDS is ended."""
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    if not _ended(processes, WORKER_GRACE_SECONDS):
        for process in processes:
            if process.is_alive():
                process.terminate()
        _ended(processes, 5.0)


def _ended(processes: list[Any], seconds: float) -> bool:
    """Wait up to ``seconds`` for every process to end. Polled, not joined: the pool's own
    thread joins and closes them at the same time, and a join whose process it closes
    returns at once with the process still running."""
    deadline = time.monotonic() + seconds
    while any(process.is_alive() for process in processes):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
    return True


def _gathered(parts: Iterator[tuple[Part, _Finish]]) -> Iterator[_Work]:
    """Consecutive parts gathered into tasks of about GATHER_BYTES of hands, at most
    BATCH_FILES parts each (a big file's windows, of BATCH_HANDS hands or BATCH_BYTES, are a
    task each)."""
    batch: list[tuple[Part, _Finish]] = []
    size = 0
    for item in parts:
        if batch and (size + item[0].size > GATHER_BYTES or len(batch) >= BATCH_FILES):
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
    with opened(source) as data:
        found = scan(data, known.bytes_read if known is not None else 0)
        if known is not None and known.sha256 == found.sha256 and known.bytes_read >= data.size:
            book.touch(known.source_id)
            summary.files_unchanged += 1
            return
        source_id, start = book.start_offset(source, known, data.size, found.prefix_sha256)
        if start > 0:
            summary.files_resumed += 1
        summary.files_read += 1
        if found.site is None and not found.blank:
            _summary_or_unknown(book, source, source_id, data, summary)
        yield from _parts(source, source_id, data, found, start)


def _summary_or_unknown(book: _Bookkeeping, source: Source, source_id: int, data: Bytes,
                        summary: IngestSummary) -> None:
    """A file of no hand format: a tournament summary (kept to store), else unknown."""
    read = read_summary_bytes(data.read(0, min(data.size, MAX_SUMMARY_BYTES)))
    if read is None or data.size > MAX_SUMMARY_BYTES:
        summary.unknown_format.append(source.path)
        return
    summary.tournament_summaries.append(source.path)
    if read.warnings:  # each kept with its line in tournaments.warnings
        summary.problems["summary_unknown_line"] += len(read.warnings)
    book.summaries.append(ReadSummary(source_id, source.path, read))


def _parts(source: Source, source_id: int, data: Bytes, found: Scan, start: int
           ) -> Iterator[tuple[Part, _Finish]]:
    """The source's parts from ``start``, each with what its bookkeeping needs."""
    site = found.site
    recent = time.time() - source.mtime < RECENT_SECONDS and source.member is None
    tasks = _windows(data, found, start)
    if tasks is None:
        tasks = _split_here(data.read(0, data.size), source.path, site, start, found.context)
    hasher = found.prefix_state.copy() if start else hashlib.sha256()
    line = 1 + found.lines_before_prefix  # the line the next window starts on
    for number, (begin, end, task_fields) in enumerate(tasks):
        last = number == len(tasks) - 1
        chunk = data.read(begin, end)  # one copy: the window's bytes, and its hash's
        if "base_offset" in task_fields:  # the window's bytes, only now (bounded memory)
            task_fields = {**task_fields, "raw": chunk, "blocks": (), "junk": (),
                           "base_line": line}
            line += line_breaks(chunk, 0, len(chunk))
        task = Part(
            source_id=source_id, path=source.path, site=site.name if site else "",
            encoding=found.encoding, end_offset=end, last_of_file=last,
            defer_incomplete_tail=last and recent, context=found.context,
            **task_fields,
        )
        finish = _Finish(
            size=data.size, mtime=source.mtime, format=site.name if site else "",
            encoding=found.encoding, start=begin, planned_end=end,
            hash_before=hasher.copy(), chunk=chunk,
            sha256=found.sha256 if last else None,
        )
        hasher.update(chunk)
        if last and hasher.hexdigest() != found.sha256:
            # rewritten between the scan and now: what was read is what the bookkeeping
            # describes (its prefix hash); no whole-file hash, so the next run looks again
            finish = replace(finish, sha256=None)
        yield task, finish


_Planned = tuple[int, int, dict[str, Any]]
"""(start, end, the task's blocks/junk or its raw window)."""


def _windows(data: Bytes, found: Scan, start: int) -> list[_Planned] | None:
    """Windows of about BATCH_HANDS hands or BATCH_BYTES cut at hand starts (and no larger than
    MAX_WINDOW_BYTES: see hhparse.ingest.scan), for the workers to split themselves: the
    main process never holds every block of a big file, nor the file. Only for encodings
    where a line start is a byte after a line break (not UTF-16: None)."""
    if found.encoding not in BYTE_LINE_ENCODINGS:
        return None
    starts = hand_starts(data, found.site, start) if found.site is not None else []
    return [(begin, end, {"base_offset": begin})
            for begin, end in pairwise(cuts(data, start, starts, BATCH_HANDS,
                                            hand_bytes=BATCH_BYTES))]


def _split_here(data: bytes, path: str, site: Site | None, start: int, context: str
                ) -> list[_Planned]:
    """Split the whole file in this process (UTF-16 files, unknown formats)."""
    split = split_blocks(data, path, site.is_start if site else _never,
                         prefixes=site.prefixes if site else (), context=context)
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
        self.summaries: list[ReadSummary] = []

    def start_offset(self, source: Source, known: _Known | None, size: int,
                     prefix_sha256: str | None) -> tuple[int, int]:
        """(source id, offset to read from): on from bytes_read when the file only grew."""
        if known is None:
            source_id = self._next_id()
            self.new.append((source_id, source.path, _microseconds(source.mtime)))
            self.known[source.path] = _Known(source_id=source_id, size=0, sha256=None,
                                             prefix_sha256=None, mtime_us=None, bytes_read=0)
            return source_id, 0
        read = known.bytes_read
        if 0 < read <= size and known.prefix_sha256 == prefix_sha256:
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
        if self.summaries:
            store_summaries(con, self.summaries)
            self.summaries = []

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
    """In the caller's transaction: the pending source rows, the task's frames, and each of
    its sources' bookkeeping with the counts of what was stored from it."""
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
