"""The ingest's worker pool at a stop: workers finish their task in hand and leave.

Ending a worker while it writes its result leaves half a message in the pool's pipe; the
pool's own thread, which the interpreter joins at exit, then waits for the rest forever (a
stopped ingest that never exits: seen once in 30 signals of benchmarks/faults.py).
"""

from __future__ import annotations

import os
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest

from hhparse import stops
from hhparse.ingest import run as ingest_run
from hhparse.records import Hand
from hhparse.replay import ReplayResult


def slow_big_result(size: int, check: object = None) -> bytes:
    time.sleep(0.5)
    return b"x" * size


def long_task(check: object) -> str:
    """A task of many groups that checks for a stop between them, as run_task does."""
    for _ in range(600):
        time.sleep(0.05)
        stops.worker_check()
    return "finished"


def test_a_stop_lets_each_worker_finish_its_task_and_the_pool_thread_ends() -> None:
    pool = ProcessPoolExecutor(max_workers=2, mp_context=get_context("spawn"),
                               initializer=stops.worker_init, initargs=(os.getpid(), None))
    futures = [pool.submit(slow_big_result, 2_000_000) for _ in range(4)]
    futures[0].result(timeout=60)  # the workers are up and busy with the next tasks
    processes = list(pool._processes.values())  # type: ignore[attr-defined]
    ingest_run._end_workers(pool)  # what is left takes well under the grace
    for process in processes:
        process.join(timeout=30)
    assert [process.exitcode for process in processes] == [0] * len(processes)
    assert all(future.done() for future in futures)  # run (queued ones too) or cancelled
    manager = pool._executor_manager_thread  # type: ignore[attr-defined]
    if manager is not None:
        manager.join(timeout=10)
        assert not manager.is_alive()


def test_workers_leave_a_long_task_soon_after_the_stop_event_is_set() -> None:
    context = get_context("spawn")
    event = context.Event()
    pool = ProcessPoolExecutor(max_workers=2, mp_context=context,
                               initializer=stops.worker_init, initargs=(os.getpid(), event))
    futures = [pool.submit(long_task, None) for _ in range(4)]
    deadline = time.monotonic() + 60
    while not all(future.running() for future in futures[:2]):  # both workers busy
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(1.0)
    processes = list(pool._processes.values())  # type: ignore[attr-defined]
    started = time.monotonic()
    event.set()
    ingest_run._end_workers(pool)
    assert time.monotonic() - started < 10  # not the 30 s a long task takes (a loaded CI)
    assert [process.exitcode for process in processes] == [0] * len(processes)
    assert all(future.cancelled() or isinstance(future.exception(), stops.WorkerStopped)
               for future in futures)


SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"
SAMPLE_HAND = (SAMPLES / "27_single_draw.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
"""The first hand of a bundled sample (its id: #260301214000)."""


def test_hand_blocks_and_junk_travel_to_workers_intact() -> None:
    """Small files go to the workers already split: their blocks and junk are pickled (the
    compiled build's frozen dataclasses refused the default unpickling: every 2-worker
    ingest of small files crashed)."""
    import pickle

    from hhparse.parsers.base import split_blocks
    from hhparse.parsers.pokerstars import is_start

    text = b"not a hand\r\n\r\n\r\n" + SAMPLE_HAND.replace("\n", "\r\n").encode("utf-8")
    split = split_blocks(text, "small.txt", is_start)
    assert split.blocks and split.junk
    for item in (*split.blocks, *split.junk):
        assert pickle.loads(pickle.dumps(item)) == item


def test_a_tasks_frames_travel_back_from_a_worker_intact(tmp_path: Path) -> None:
    """Frames travel as Arrow IPC streams, in memory or in files: every frame comes back
    with its schema (lists, datetimes, the empty ones too) and its rows."""
    import pickle

    from hhparse.ingest.work import Part, Task, run_task

    broken = SAMPLE_HAND.replace("#260301214000", "#260301214009").replace(": folds", ": flaps")
    text = f"junk line\n\n\n{SAMPLE_HAND}\n\n\n{broken}\n".encode()
    part = Part(source_id=1, path="x.txt", site="pokerstars", encoding="utf-8", blocks=(),
                junk=(), end_offset=len(text), last_of_file=False,
                defer_incomplete_tail=False, raw=text)
    frames = run_task(Task(parts=(part,))).frames
    assert frames.hands.height and frames.rejects.height and frames.junk.height
    assert frames.unsupported.is_empty()
    spilled = frames.spill(str(tmp_path))
    assert sorted(Path(path).name for path in spilled.paths) == sorted(
        Path(path).name for path in tmp_path.iterdir())
    for back in (pickle.loads(pickle.dumps(frames)), pickle.loads(pickle.dumps(spilled)).load()):
        for (name, sent), (_, received) in zip(frames.items(), back.items(), strict=True):
            assert received.schema == sent.schema, name
            assert received.equals(sent), name
    assert list(tmp_path.iterdir()) == []


def _small_files(folder: Path, count: int) -> None:
    for number in range(count):
        hand = SAMPLE_HAND.replace("#260301214000", f"#26030121400{number}")
        (folder / f"table-{number}.txt").write_text(hand, encoding="utf-8")


def _replays_here(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the hands this process replays from now on (workers replay theirs)."""
    from hhparse.ingest import work

    replayed: list[str] = []
    replay = work.replay_hand

    def counted(hand: Hand) -> ReplayResult:
        replayed.append(hand.hand_id)
        return replay(hand)

    monkeypatch.setattr(work, "replay_hand", counted)
    return replayed


def _pools_started(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The worker counts of the pools the ingest starts, as it starts them."""
    started: list[int] = []
    in_workers = ingest_run._run_in_workers

    def recorded(tasks: object, workers: int) -> object:
        started.append(workers)
        return in_workers(tasks, workers)  # type: ignore[arg-type]

    monkeypatch.setattr(ingest_run, "_run_in_workers", recorded)
    return started


def test_two_workers_ingest_many_small_files(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from hhparse.store.schema import open_store

    _small_files(tmp_path, 6)
    monkeypatch.setattr(ingest_run, "BATCH_FILES", 2)  # three tasks
    started = _pools_started(monkeypatch)
    summary = ingest_run.ingest([tmp_path], tmp_path / "store.duckdb", workers=2,
                                check_integrity=False)
    assert started == [2]
    assert summary.errors == []
    con = open_store(tmp_path / "store.duckdb", read_only=True)
    try:
        assert con.execute("SELECT count(*) FROM hands").fetchall() == [(6,)]
    finally:
        con.close()


def test_the_first_task_is_replayed_here_while_the_workers_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a worker takes ~0.8 s of CPU, while this process has nothing to store: it
    replays the first task itself, the workers the others."""

    _small_files(tmp_path, 6)
    monkeypatch.setattr(ingest_run, "BATCH_FILES", 2)  # three tasks of two hands
    started = _pools_started(monkeypatch)
    replayed_here = _replays_here(monkeypatch)
    summary = ingest_run.ingest([tmp_path], tmp_path / "store.duckdb", workers=2,
                                check_integrity=False)
    assert started == [2]
    assert (summary.errors, summary.accepted) == ([], 6)
    assert len(set(replayed_here)) == 2


def test_work_of_one_task_starts_no_worker(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a worker costs more than a task's replay: a day's few hands are read here,
    whatever --workers says."""
    _small_files(tmp_path, 6)
    started = _pools_started(monkeypatch)
    summary = ingest_run.ingest([tmp_path], tmp_path / "store.duckdb", workers=2,
                                check_integrity=False)
    assert started == []
    assert (summary.errors, summary.accepted) == ([], 6)


def test_each_hand_of_a_small_file_is_replayed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file's last hand is replayed to learn whether the file ends inside it; that result
    is the one stored (a day's small files are mostly last hands: 1 in 10 was replayed
    twice)."""
    from hhparse.ingest import work
    from hhparse.parsers.base import split_blocks
    from hhparse.parsers.pokerstars import is_start

    text = "\n\n\n".join(SAMPLE_HAND.replace("#260301214000", f"#26030121400{number}")
                         for number in range(3))
    blocks = split_blocks(text.encode("utf-8"), "small.txt", is_start).blocks
    part = work.Part(source_id=1, path="small.txt", site="pokerstars", encoding="utf-8",
                     blocks=blocks, junk=(), end_offset=len(text.encode("utf-8")),
                     last_of_file=True, defer_incomplete_tail=False)
    replayed = _replays_here(monkeypatch)
    result = work.run_task(work.Task(parts=(part,)))
    assert sorted(replayed) == ["260301214000", "260301214001", "260301214002"]
    assert result.frames.hands.height == 3
    assert result.parts[0].statuses == {"accepted": 3}


def test_a_task_taken_after_the_stop_replays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stop check comes before each group of hands, the first one too: a task a worker
    takes from the queue after the stop ends before reading a hand."""
    from hhparse.ingest import work
    from hhparse.parsers.base import split_blocks
    from hhparse.parsers.pokerstars import is_start

    blocks = split_blocks(SAMPLE_HAND.encode("utf-8"), "small.txt", is_start).blocks
    part = work.Part(source_id=1, path="small.txt", site="pokerstars", encoding="utf-8",
                     blocks=blocks, junk=(), end_offset=len(SAMPLE_HAND),
                     last_of_file=True, defer_incomplete_tail=False)
    replayed: list[object] = []
    monkeypatch.setattr(work, "replay_hand", lambda hand: replayed.append(hand))

    def stopped() -> None:
        raise stops.WorkerStopped("the ingest was stopped")

    with pytest.raises(stops.WorkerStopped):
        work.run_task(work.Task(parts=(part,)), stopped)
    assert replayed == []


def test_the_pool_is_given_a_bounded_number_of_tasks_ahead(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The main process holds at most IN_FLIGHT_PER_WORKER x workers tasks' results waiting
    (its memory), and hands the workers that many so they go on while it commits."""
    _small_files(tmp_path, 12)
    monkeypatch.setattr(ingest_run, "BATCH_FILES", 1)  # twelve tasks
    pulled: list[int] = []
    ahead: list[int] = []
    in_workers = ingest_run._run_in_workers

    def counted(tasks: object, workers: int) -> object:
        def counting() -> object:
            for task in tasks:  # type: ignore[attr-defined]
                pulled.append(1)
                yield task

        for number, result in enumerate(in_workers(counting(), workers)):  # type: ignore[arg-type]
            ahead.append(len(pulled) - number)
            yield result

    monkeypatch.setattr(ingest_run, "_run_in_workers", counted)
    summary = ingest_run.ingest([tmp_path], tmp_path / "store.duckdb", workers=2,
                                check_integrity=False)
    bound = ingest_run.IN_FLIGHT_PER_WORKER * 2
    assert (summary.errors, summary.accepted) == ([], 12)
    assert len(ahead) == 12
    assert max(ahead) == bound  # as many as allowed, never more


def _six_hands_and_a_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                      ) -> tuple[Path, Path]:
    """A folder of six small files, and the folder this process's temporary files go to."""
    hands = tmp_path / "hands"
    hands.mkdir()
    _small_files(hands, 6)
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    return hands, temporary


def test_the_workers_frames_come_back_as_files_that_are_then_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker writes its task's frames to files (Frames.spill) and this process reads
    them (SpilledFrames.load): the files, and their folder, are gone once it is done."""
    from hhparse.store.frames import SpilledFrames

    hands, temporary = _six_hands_and_a_temporary_folder(tmp_path, monkeypatch)
    monkeypatch.setattr(ingest_run, "BATCH_FILES", 2)  # three tasks: two in workers
    loaded: list[list[str]] = []
    load = SpilledFrames.load

    def recorded(self: SpilledFrames) -> Any:
        assert all(Path(path).parent.parent == temporary for path in self.paths)
        frames = load(self)
        loaded.append([path for path in self.paths if Path(path).exists()])
        return frames

    monkeypatch.setattr(SpilledFrames, "load", recorded)
    summary = ingest_run.ingest([hands], tmp_path / "store.duckdb", workers=2,
                                check_integrity=False)
    assert (summary.errors, summary.accepted) == ([], 6)
    assert loaded == [[], []]  # each file removed as soon as it was read
    assert list(temporary.iterdir()) == []


def test_a_failure_while_reading_the_workers_frames_leaves_no_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hhparse.store.frames import SpilledFrames

    hands, temporary = _six_hands_and_a_temporary_folder(tmp_path, monkeypatch)
    monkeypatch.setattr(ingest_run, "BATCH_FILES", 1)  # six tasks: five in workers

    def broken(self: SpilledFrames) -> Any:
        raise OSError("disk gone")

    monkeypatch.setattr(SpilledFrames, "load", broken)
    with pytest.raises(OSError, match="disk gone"):
        ingest_run.ingest([hands], tmp_path / "store.duckdb", workers=2,
                          check_integrity=False)
    assert list(temporary.iterdir()) == []


def test_a_full_disk_while_spilling_leaves_no_file_and_the_frames_travel_with_the_result(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import polars as pl

    from hhparse.ingest.work import Part, Task, TaskResult, run_task_spilled

    text = f"{SAMPLE_HAND}\n\n\n".encode()
    part = Part(source_id=1, path="x.txt", site="pokerstars", encoding="utf-8", blocks=(),
                junk=(), end_offset=len(text), last_of_file=False,
                defer_incomplete_tail=False, raw=text)
    write = pl.DataFrame.write_ipc_stream
    written: list[object] = []

    def filling(frame: pl.DataFrame, path: Any, **options: Any) -> None:
        if len(written) == 3:
            raise OSError(28, "No space left on device")
        written.append(path)
        write(frame, path, **options)

    monkeypatch.setattr(pl.DataFrame, "write_ipc_stream", filling)
    result = run_task_spilled(Task(parts=(part,)), None, str(tmp_path))
    assert isinstance(result, TaskResult) and result.frames.hands.height == 1
    assert len(written) == 3 and list(tmp_path.iterdir()) == []


def test_with_no_temporary_folder_the_workers_frames_come_through_the_pipe(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = tmp_path / "hands"
    hands.mkdir()
    _small_files(hands, 6)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))
    monkeypatch.setattr(ingest_run, "BATCH_FILES", 2)  # three tasks: two in workers
    started = _pools_started(monkeypatch)
    summary = ingest_run.ingest([hands], tmp_path / "store.duckdb", workers=2,
                                check_integrity=False)
    assert started == [2]
    assert (summary.errors, summary.accepted) == ([], 6)


def test_the_spill_folder_of_a_killed_ingest_is_removed_by_the_next(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A killed ingest (SIGKILL) cleans nothing up: its folder, named with its process id,
    goes at the next 2-worker ingest; a live process's folder stays."""
    import subprocess
    import sys

    hands, temporary = _six_hands_and_a_temporary_folder(tmp_path, monkeypatch)
    monkeypatch.setattr(ingest_run, "BATCH_FILES", 2)
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    killed = temporary / f"hhparse-ingest-{int(ended.stdout)}-abcd"
    running = temporary / f"hhparse-ingest-{os.getpid()}-efgh"
    for folder in (killed, running):
        folder.mkdir()
        (folder / "0123-actions.arrows").write_bytes(b"frames")
    summary = ingest_run.ingest([hands], tmp_path / "store.duckdb", workers=2,
                                check_integrity=False)
    assert (summary.errors, summary.accepted) == ([], 6)
    assert list(temporary.iterdir()) == [running]
