"""Files -> PHH: what ``hhparse export`` does, as library functions.

Files are read as ``hhparse check`` reads them (any format we detect); every accepted
hand with a PHH code is exported, every other hand is skipped with its reason. Output is
a PHHS document (one TOML table per hand, named ``[site-hand_id]``) or a folder of
``.phh`` files; both are written atomically (a temporary file renamed into place).
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hhparse.phh.export import PhhExportError, export_hand, table_name
from hhparse.pipeline import read_bytes
from hhparse.records import Hand
from hhparse.replay import ReplayResult, Status
from hhparse.sources import Source, SourceError, expand

_UNSAFE: re.Pattern[str] = re.compile(r"[^A-Za-z0-9_.-]+")


@dataclass(frozen=True, slots=True, kw_only=True)
class Exported:
    hand: Hand
    text: str
    """The PHH text of the hand (ends with a newline)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Skipped:
    """A hand (or a file: ``hand_id`` empty) that was not exported, and why."""

    file: str
    line: int
    hand_id: str
    reason: str

    def describe(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where} {self.hand_id}: {self.reason}" if self.hand_id else (
            f"{where}: {self.reason}"
        )


def export_paths(paths: Iterable[str | Path]) -> Iterator[Exported | Skipped]:
    """Every hand of the files, directories, globs and archives named, exported or not."""
    seen: set[tuple[str, str]] = set()
    for source in expand(paths):
        if isinstance(source, SourceError):
            yield Skipped(file=str(source).partition(": ")[0], line=0, hand_id="",
                          reason=str(source).partition(": ")[2] or str(source))
            continue
        yield from _export_source(source, seen)


def _export_source(source: Source, seen: set[tuple[str, str]]) -> Iterator[Exported | Skipped]:
    try:
        result = read_bytes(source.read(), source.path)
    except SourceError as error:
        yield Skipped(file=source.path, line=0, hand_id="", reason=str(error))
        return
    if result.problem is not None:
        yield Skipped(file=source.path, line=0, hand_id="",
                      reason=f"{result.problem.code}: {result.problem.message}")
    for replayed in result.hands:
        hand = replayed.hand
        key = (hand.site, hand.hand_id)
        if key in seen and replayed.accepted:
            yield _skipped(replayed, "duplicate: the same hand was exported before")
            continue
        try:
            text = export_hand(replayed)
        except PhhExportError as error:
            yield _skipped(replayed, _reason(replayed, error))
            continue
        seen.add(key)
        yield Exported(hand=hand, text=text)


def _reason(replayed: ReplayResult, error: PhhExportError) -> str:
    if replayed.status is Status.REJECTED and replayed.errors:
        first = replayed.errors[0]
        return f"rejected ({first.code}: {first.message})"
    if replayed.status is Status.UNSUPPORTED:
        return f"unsupported game {replayed.hand.game_text!r}"
    return str(error).partition(": ")[2] or str(error)


def _skipped(replayed: ReplayResult, reason: str) -> Skipped:
    hand = replayed.hand
    return Skipped(file=hand.source.file, line=hand.source.line, hand_id=hand.hand_id,
                   reason=reason)


def write_phhs(items: Iterable[Exported], stream: TextIO) -> int:
    """Write hands as one PHHS document; returns how many."""
    count = 0
    for item in items:
        stream.write(("\n" if count else "") + f"{table_name(item.hand)}\n{item.text}")
        count += 1
    return count


def phh_file_name(hand: Hand) -> str:
    """``pokerstars-260302193000.phh``: site and hand id, safe as a file name."""
    return _UNSAFE.sub("_", f"{hand.site}-{hand.hand_id}") + ".phh"


def write_atomically(path: Path, write: Callable[[TextIO], int]) -> int:
    """Run ``write`` on a temporary file beside ``path``, then rename it into place."""
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"no folder {folder} for {path}")
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            count = write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return count
