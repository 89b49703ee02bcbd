"""The part of an ingest that runs in worker processes: hand blocks -> frames.

A task is a run of consecutive hand blocks of one source; its result is the frames to
insert and the counts the bookkeeping needs. Tasks carry only plain, picklable data.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from hhparse.parsers.base import HandBlock, Junk, split_blocks
from hhparse.parsers.sites import SITES
from hhparse.pipeline import FileResult
from hhparse.replay import ReplayResult, Status, replay_hand
from hhparse.store.frames import Frames, frames_for


@dataclass(frozen=True, slots=True, kw_only=True)
class Task:
    source_id: int
    path: str
    site: str
    encoding: str
    blocks: tuple[HandBlock, ...]
    junk: tuple[Junk, ...]
    end_offset: int
    """bytes_read once this task is stored."""
    defer_incomplete_tail: bool
    """The file may still be written: an unfinished last hand waits for the next run."""
    raw: bytes = b""
    """A window of the file to split here (then ``blocks`` and ``junk`` are empty)."""
    base_offset: int = 0
    """Where ``raw`` starts in the file."""
    base_line: int = 1
    """The file's line number of the first line of ``raw``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskResult:
    task_source_id: int
    path: str
    frames: Frames
    hands_found: int
    end_offset: int
    junk_items: int
    junk_bytes: int
    problems: dict[str, int]
    statuses: dict[str, int]


def run_task(task: Task) -> TaskResult:
    results: list[ReplayResult] = []
    blocks, task_junk = _blocks_of(task)
    if blocks:
        site = next(site for site in SITES if site.name == task.site)
        results = [replay_hand(site.parse_block(block)) for block in blocks]
    end_offset = task.end_offset
    if task.defer_incomplete_tail and results and _unfinished(results[-1]):
        end_offset = blocks[-1].byte_offset
        results, blocks = results[:-1], blocks[:-1]
    junk = tuple(item for item in task_junk if item.byte_offset < end_offset)
    file_result = FileResult(
        file=task.path, site=task.site, encoding=task.encoding, hands=tuple(results),
        junk=junk, blocks=blocks,
    )
    frames = frames_for([file_result], {task.path: task.source_id})
    problems = Counter(problem.code for result in results for problem in result.problems)
    statuses = Counter(result.status.value for result in results)
    return TaskResult(
        task_source_id=task.source_id, path=task.path, frames=frames,
        hands_found=len(results), end_offset=end_offset, junk_items=len(junk),
        junk_bytes=sum(item.byte_length for item in junk),
        problems=dict(problems), statuses=dict(statuses),
    )


def _blocks_of(task: Task) -> tuple[tuple[HandBlock, ...], tuple[Junk, ...]]:
    """The task's blocks and junk, split here from its window when it brought one."""
    if not task.raw:
        return task.blocks, task.junk
    site = next(site for site in SITES if site.name == task.site)
    split = split_blocks(task.raw, task.path, site.is_start, prefixes=site.prefixes)
    lines = task.base_line - 1
    blocks = tuple(
        replace(block, byte_offset=block.byte_offset + task.base_offset, line=block.line + lines,
                line_numbers=tuple(number + lines for number in block.line_numbers))
        for block in split.blocks
    )
    junk = tuple(
        replace(item, byte_offset=item.byte_offset + task.base_offset, line=item.line + lines)
        for item in split.junk
    )
    return blocks, junk


def _unfinished(result: ReplayResult) -> bool:
    """A hand cut off by the end of a file still being written: it has no summary yet."""
    hand = result.hand
    return result.status is not Status.ACCEPTED and hand.summary.total_pot is None and (
        not hand.cancelled
    )
