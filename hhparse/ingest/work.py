"""The part of an ingest that runs in worker processes: hand blocks -> frames.

A task is one or more parts, each a run of consecutive hand blocks of one source (a big
file's window of ~2,000 hands, or many small files together); its result is one set of
frames for all of them and each part's counts for the bookkeeping. Tasks carry only
plain, picklable data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from hhparse.cycles import without_cycle_collection
from hhparse.parsers.base import HandBlock, Junk, split_blocks
from hhparse.parsers.sites import SITES, Site
from hhparse.pipeline import FileResult
from hhparse.replay import ReplayResult, Status, replay_hand
from hhparse.store.frames import Frames, SpilledFrames, frames_for


@dataclass(frozen=True, slots=True, kw_only=True)
class Part:
    """A run of consecutive hand blocks of one source."""

    source_id: int
    path: str
    site: str
    encoding: str
    blocks: tuple[HandBlock, ...]
    junk: tuple[Junk, ...]
    end_offset: int
    """bytes_read once this part is stored."""
    last_of_file: bool
    """The part ends where the file ends: a last hand cut off there is read again (from
    its start) by the next run."""
    defer_incomplete_tail: bool
    """The file may still be written: a last hand cut off waits for the next run (else it
    is stored as a reject now, and replaced once the file is completed)."""
    raw: bytes = b""
    """A window of the file to split here (then ``blocks`` and ``junk`` are empty)."""
    base_offset: int = 0
    """Where ``raw`` starts in the file."""
    base_line: int = 1
    """The file's line number of the first line of ``raw``."""
    context: str = ""
    """What the file says once for all its hands (:attr:`HandBlock.context`)."""

    @property
    def size(self) -> int:
        """Bytes of hand text it holds (what a task is sized by)."""
        return len(self.raw) or sum(block.byte_length for block in self.blocks)


@dataclass(frozen=True, slots=True, kw_only=True)
class Task:
    """One or more parts (many small files travel together), one result, one transaction."""

    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PartResult:
    source_id: int
    path: str
    hands_found: int
    end_offset: int
    junk_items: int
    junk_bytes: int
    problems: dict[str, int]
    statuses: dict[str, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskResult:
    frames: Frames
    """The frames of every part, built at once, with the players' and draws' facts."""
    parts: tuple[PartResult, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SpilledResult:
    """A :class:`TaskResult` a worker process sends back: its frames in files."""

    frames: SpilledFrames
    parts: tuple[PartResult, ...]

    def loaded(self) -> TaskResult:
        """The result with its frames read back (their files removed)."""
        return TaskResult(frames=self.frames.load(), parts=self.parts)


FACTS_IN_WORKERS = True
"""The players' and draws' facts are worked out here, hand by hand as the frames are built
(:mod:`hhparse.hand_facts`), so that the writer only appends them; off (a test's check of
both ways), the writer derives them with its SQL."""

REPLAY_GROUP = 250
"""Hands replayed at a time: their frame rows are taken, then the replayed hands dropped,
so a task of thousands of hands never holds them all at once."""


def run_task(task: Task, check: Callable[[], None] | None = None) -> TaskResult:
    """``check`` (a stop check: it raises to stop) is called before each group of hands is
    replayed, the first one too: a task taken from the queue after a stop ends at once."""
    results: list[PartResult] = []
    checked = check if check is not None else _no_check

    def files() -> Iterator[FileResult]:
        for part in task.parts:
            yield from _replayed(part, results, checked)

    with without_cycle_collection():
        frames = frames_for(files(), {part.path: part.source_id for part in task.parts},
                            facts=FACTS_IN_WORKERS)
    return TaskResult(frames=frames, parts=tuple(results))


def run_task_spilled(task: Task, check: Callable[[], None] | None, folder: str | None
                     ) -> SpilledResult | TaskResult:
    """:func:`run_task` in a worker process: the frames go to files in ``folder``
    (:meth:`Frames.spill`); where they cannot (no folder, a full disk) they travel with
    the result."""
    result = run_task(task, check)
    if folder is None:
        return result
    try:
        return SpilledResult(frames=result.frames.spill(folder), parts=result.parts)
    except OSError:
        return result


def _no_check() -> None:
    pass


def _replayed(part: Part, results: list[PartResult],
              check: Callable[[], None]) -> Iterator[FileResult]:
    """The part's hands replayed, REPLAY_GROUP at a time (``check`` before each); its counts
    go to ``results``."""
    check()
    blocks, part_junk = _blocks_of(part)
    site = next((site for site in SITES if site.name == part.site), None)
    end_offset = part.end_offset
    last: ReplayResult | None = None  # the file's last hand, replayed once
    if site is not None and part.last_of_file:
        last = _last_hand(site, blocks, part_junk)
    if last is not None and _unfinished(last):
        # read again from its start once the file grows: completed, it replaces its reject
        end_offset = blocks[-1].byte_offset
        if part.defer_incomplete_tail:
            blocks, last = blocks[:-1], None
    junk = tuple(item for item in part_junk if item.byte_offset < end_offset)
    problems: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    for start in range(0, max(len(blocks), 1), REPLAY_GROUP):
        if start:
            check()
        group = blocks[start : start + REPLAY_GROUP] if site is not None else ()
        replayed = () if site is None else tuple(
            last if last is not None and block is blocks[-1]
            else replay_hand(site.parse_block(block))
            for block in group
        )
        problems.update(problem.code for result in replayed for problem in result.problems)
        statuses.update(result.status.value for result in replayed)
        yield FileResult(
            file=part.path, site=part.site, encoding=part.encoding, hands=replayed,
            junk=junk if start == 0 else (), blocks=group,
        )
    results.append(PartResult(
        source_id=part.source_id, path=part.path, hands_found=sum(statuses.values()),
        end_offset=end_offset, junk_items=len(junk),
        junk_bytes=sum(item.byte_length for item in junk),
        problems=dict(problems), statuses=dict(statuses),
    ))


def _blocks_of(task: Part) -> tuple[tuple[HandBlock, ...], tuple[Junk, ...]]:
    """The task's blocks and junk, split here from its window when it brought one."""
    if not task.raw:
        return task.blocks, task.junk
    site = next((site for site in SITES if site.name == task.site), None)
    # without a site (a window of a file of no known format) all of the window is junk
    split = split_blocks(task.raw, task.path, site.is_start if site else _no_hand_starts,
                         prefixes=site.prefixes if site else (), base_offset=task.base_offset,
                         base_line=task.base_line, context=task.context)
    return split.blocks, split.junk


def _no_hand_starts(line: str) -> bool:
    return False


def _last_hand(site: Site, blocks: tuple[HandBlock, ...],
               junk: tuple[Junk, ...]) -> ReplayResult | None:
    """The file's last hand, replayed (once: it is the one stored), when nothing follows it:
    the file may end inside it."""
    if not blocks or any(item.byte_offset > blocks[-1].byte_offset for item in junk):
        return None
    return replay_hand(site.parse_block(blocks[-1]))


def _unfinished(result: ReplayResult) -> bool:
    """A hand cut off by the end of a file still being written: it has no summary yet.

    A hand of a game we do not read has none to wait for (its reader stops at its header)."""
    hand = result.hand
    return result.status is Status.REJECTED and hand.summary.total_pot is None and (
        not hand.cancelled
    )
