"""Auto-import while playing: ``hhparse watch DIR...``.

Polls the folders (and files) named every ``interval`` seconds: what the poker client
wrote since the last look (a new file, a file that grew or changed) is ingested at once. A
poll is one ``stat`` per file, portable everywhere (file-system events differ per OS and
miss network folders; a poll of a few hundred files costs milliseconds). The database is
held only while a round is written: between rounds ``report``, ``query`` and ``show`` open
it freely, and during one they wait (``--wait``) for at most that round. A hand that the
client has not finished writing waits for the next round (:data:`~hhparse.ingest.run.
RECENT_SECONDS`), so each hand is stored once, complete. A stop (Ctrl-C, SIGTERM) ends the
watch between rounds, or ends the round in hand as ``hhparse ingest`` does (what was
committed stays).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hhparse import stops
from hhparse.ingest.run import IngestSummary, ingest
from hhparse.sources import Source, expand

Snapshot = dict[str, tuple[int, int]]
"""Path -> (size, modification time in ns) of every file watched."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Round:
    """One ingest of what changed."""

    at: float
    """time.time() when it started."""
    changed: int
    """Files new or changed since the previous look."""
    summary: IngestSummary


def watch(
    paths: Iterable[str | Path],
    database: Path,
    *,
    interval: float = 2.0,
    workers: int = 1,
    wait_seconds: float = 30.0,
    on_round: Callable[[Round], None] | None = None,
    rounds: int | None = None,
) -> list[Round]:
    """Ingest what changes under ``paths`` until stopped (or after ``rounds`` rounds that
    found something); the rounds run. Integrity checks are left to ``hhparse doctor``: a
    round holds the database as briefly as it can."""
    watched = [Path(path) for path in paths]
    done: list[Round] = []
    seen: Snapshot = {}
    with stops.graceful():
        while rounds is None or len(done) < rounds:
            stops.check()
            now = snapshot(watched, database)
            changed = [path for path, state in now.items() if seen.get(path) != state]
            if changed:
                started = time.time()
                summary = ingest(changed, database, workers=workers,
                                 wait_seconds=wait_seconds, check_integrity=False)
                done.append(Round(at=started, changed=len(changed), summary=summary))
                if on_round is not None:
                    on_round(done[-1])
                now = snapshot(watched, database)  # what that round read, as it was read
            seen = now
            _sleep(interval)
    return done


def snapshot(paths: list[Path], database: Path) -> Snapshot:
    """(size, mtime) of every readable file under ``paths`` (never the database)."""
    found: Snapshot = {}
    for file in _files(paths, database):
        try:
            state = file.stat()
        except OSError:
            continue
        found[str(file)] = (state.st_size, state.st_mtime_ns)
    return found


def _files(paths: list[Path], database: Path) -> Iterator[Path]:
    """The files on disk of the sources (an archive once, for all its members)."""
    files: dict[Path, None] = {}
    for found in expand(paths, exclude=(database, Path(f"{database}.wal"))):
        if isinstance(found, Source):
            files.setdefault(found.file)
    yield from files


def _sleep(seconds: float) -> None:
    """Sleep in short steps, so that a stop is seen within a fifth of a second."""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        stops.check()
        time.sleep(min(left, 0.2))
