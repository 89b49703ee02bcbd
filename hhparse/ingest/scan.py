"""A source read in pieces: its hashes, its format, and the windows its tasks carry.

The main process of an ingest never holds a big file whole. A plain file on disk is read
piece by piece (:class:`FileBytes`, ``os.pread``): one pass hashes it (the whole file,
and the prefix already stored), finds its format and where its hands start; then each
task's window is read when the task is made. Archive members and ``.gz`` files are
decompressed in memory (their size is capped) and read through the same interface
(:class:`MemoryBytes`).

A window ends at a hand start (every BATCH_HANDS hands), and a stretch with no hand start
in it (junk, a file of no known format) is cut further, after blank lines, so no window is
larger than MAX_WINDOW_BYTES: no process decodes more than that at once.
"""

from __future__ import annotations

import hashlib
import os
from bisect import bisect_left
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from hhparse import sources
from hhparse.parsers.base import decode
from hhparse.parsers.sites import SNIFF_BYTES, Site, detect_site_in_pieces, file_context
from hhparse.sources import Source, SourceError, too_large

PIECE_BYTES: Final = 8 << 20
"""What one read of a scan takes (cut at the last line break in it)."""
MAX_WINDOW_BYTES: Final = 8 << 20
"""The most bytes of a file one task carries (unless no line break falls inside)."""
BYTE_LINE_ENCODINGS: Final = ("utf-8", "utf-8-sig", "cp1252")
"""Encodings in which a line starts right after a line-break byte (UTF-16 does not)."""
_GAPS: Final = (b"\n\n\n\n\n\n", b"\r\n\r\n\r\n\r\n\r\n\r\n", b"\n\n\n", b"\r\n\r\n\r\n",
                b"\n")
"""Where a window may end, best first: after a gap no hand runs across (five blank lines
even in a file with doubled line breaks, else two), else at any line break."""


class Bytes(Protocol):
    """A source's bytes, read by range."""

    @property
    def size(self) -> int: ...

    def read(self, begin: int, end: int) -> bytes: ...


@dataclass(frozen=True, slots=True)
class MemoryBytes:
    data: bytes
    size: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.data))

    def read(self, begin: int, end: int) -> bytes:
        return self.data[begin:end]


class ChangedWhileRead(OSError):
    """The file was cut shorter while it was read (rewritten): read it again next time."""


class FileBytes:
    """A plain file, read by range: its first ``size`` bytes (the size when opened; what a
    log gains meanwhile is read next time). Opened once, closed by :meth:`close`."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_RDONLY)
        self.size = os.fstat(self._fd).st_size

    def read(self, begin: int, end: int) -> bytes:
        end = min(end, self.size)
        parts = []
        while begin < end:
            part = os.pread(self._fd, end - begin, begin)
            if not part:
                raise ChangedWhileRead("it was cut shorter while it was read")
            parts.append(part)
            begin += len(part)
        return b"".join(parts)

    def close(self) -> None:
        os.close(self._fd)


def pieces(source: Bytes, begin: int = 0, size: int | None = None
           ) -> Iterator[tuple[int, bytes]]:
    """(offset, bytes) pieces of about ``size`` (PIECE_BYTES) from ``begin`` to the end,
    each ending after a line break (unless a piece holds none), so no line is split."""
    size = size or PIECE_BYTES
    offset = begin
    while offset < source.size:
        block = source.read(offset, offset + size)
        if offset + len(block) < source.size:
            cut = block.rfind(b"\n") + 1
            block = block[:cut] if cut else block
        yield offset, block
        offset += len(block)


@dataclass(slots=True)
class Scan:
    """What one pass over a source found."""

    sha256: str
    prefix_sha256: str | None
    """The hash of the first ``prefix_at`` bytes (None when the source is shorter)."""
    prefix_state: Any
    """The hasher after those bytes, to go on from (None when the source is shorter)."""
    lines_before_prefix: int
    """Line breaks in those bytes."""
    encoding: str
    site: Site | None
    blank: bool
    """Nothing but whitespace (an empty file included)."""
    context: str = ""
    """What the file says once for all its hands (``sites.file_context``)."""


def scan(source: Bytes, prefix_at: int) -> Scan:
    """Hash ``source`` (whole, and its first ``prefix_at`` bytes), count the line breaks
    before ``prefix_at``, and find its format (:func:`detect_site_in_pieces`)."""
    head = source.read(0, SNIFF_BYTES)
    encoding = decode(head).encoding
    whole = hashlib.sha256()
    prefix_state = whole.copy() if prefix_at == 0 else None
    lines = 0
    blank = True
    for offset, piece in pieces(source):
        blank = blank and (not piece or piece.isspace())
        inside = prefix_at - offset  # how much of the piece is before prefix_at
        if prefix_state is None and inside <= len(piece):
            whole.update(piece[:inside])
            lines += line_breaks(piece, 0, inside)
            prefix_state = whole.copy()
            whole.update(piece[inside:])
            continue
        whole.update(piece)
        if prefix_state is None:
            lines += line_breaks(piece, 0, len(piece))
    site = detect_site_in_pieces(head, _later(source, encoding) if (
        source.size > SNIFF_BYTES) else None)
    return Scan(sha256=whole.hexdigest(),
                prefix_sha256=prefix_state.hexdigest() if prefix_state is not None else None,
                prefix_state=prefix_state, lines_before_prefix=lines, encoding=encoding,
                site=site, blank=blank, context=file_context(site, head))


def _later(source: Bytes, encoding: str) -> Callable[[], Iterator[bytes]]:
    def read_again() -> Iterator[bytes]:
        if encoding.startswith("utf-16"):  # a line break is not one byte: whole (capped)
            yield source.read(0, source.size)
            return
        for _, piece in pieces(source):
            yield piece
    return read_again


def hand_starts(source: Bytes, site: Site, begin: int) -> list[int]:
    """The offsets after ``begin`` of the lines that start with one of the site's prefixes."""
    found: list[int] = []
    for offset, piece in pieces(source, begin):
        found.extend(offset + at for at in line_starts_with(piece, site.prefixes)
                     if offset + at > begin)
    return found


def line_starts_with(data: bytes, prefixes: tuple[str, ...]) -> list[int]:
    """Offsets in ``data`` of the lines (its start, or after a line break) that begin with
    one of ``prefixes`` (after a UTF-8 BOM at the very start)."""
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


def line_breaks(data: bytes, begin: int, end: int) -> int:
    """Line breaks in data[begin:end]: CRLF, LF and lone CR each end one line."""
    feeds = data.count(b"\n", begin, end)
    returns = data.count(b"\r", begin, end)
    if not returns:  # most files: no third pass over the bytes
        return feeds
    return feeds + returns - data.count(b"\r\n", begin, end)


def cuts(source: Bytes, start: int, starts: list[int], every: int,
         max_window: int | None = None, hand_bytes: int | None = None) -> list[int]:
    """Window boundaries from ``start`` to the end: ``every`` hands to a window (``starts``
    are the hand starts after ``start``, where a hand starts too), fewer where they reach
    ``hand_bytes`` first (a hand of stud holds twice the text and rows of one of five-card
    draw: windows of equal bytes hold equal work), and more boundaries wherever two would
    be more than ``max_window`` (MAX_WINDOW_BYTES) apart."""
    window = max_window or MAX_WINDOW_BYTES
    planned = [start, *_window_ends(start, starts, every, hand_bytes), source.size]
    bounded = [planned[0]]
    for end in planned[1:]:
        while end - bounded[-1] > window:
            at = _cut_between(source, bounded[-1] + window // 2, end, starts, window)
            if at is None:
                break
            bounded.append(at)
        bounded.append(end)
    return bounded


def _window_ends(first: int, starts: list[int], every: int, most_bytes: int | None
                 ) -> list[int]:
    """The hand starts that end windows of ``every`` hands, or of the hands that reach
    ``most_bytes`` first."""
    if most_bytes is None:
        return starts[every - 1 :: every]
    ends: list[int] = []
    hands = 0
    for at in starts:
        hands += 1
        if hands >= every or at - first >= most_bytes:
            ends.append(at)
            first, hands = at, 0
    return ends


def _cut_between(source: Bytes, begin: int, end: int, starts: list[int], window: int
                 ) -> int | None:
    """The first place from ``begin`` on (looked for ``window`` bytes at a time) to cut
    before ``end``: before a hand start, else after a gap, else after a line break (None:
    no line break at all; the window stays whole)."""
    overlap = max(len(gap) for gap in _GAPS) - 1  # a gap across two regions is found
    for region_at in range(begin, end, window):
        region_end = min(end, region_at + window)
        index = bisect_left(starts, region_at)
        if index < len(starts) and starts[index] < region_end:
            return starts[index]
        region = source.read(region_at, min(end, region_end + overlap))
        for gap in _GAPS:
            at = region.find(gap)
            cut = region_at + at + (2 if gap.startswith(b"\r\n") else 1)
            if at >= 0 and cut < end:
                return cut
    return None


@contextmanager
def opened(source: Source) -> Iterator[Bytes]:
    """The source's bytes: a plain file read by range, else decompressed in memory."""
    if source.member is not None or source.file.suffix == ".gz":
        yield MemoryBytes(source.read())
        return
    try:
        data = FileBytes(source.file)
    except OSError as error:
        raise SourceError(f"{source.path}: cannot read: {error}") from error
    try:
        if data.size > sources.MAX_SOURCE_BYTES and decode(
            data.read(0, SNIFF_BYTES)
        ).encoding.startswith("utf-16"):  # UTF-16 is split in memory, whole: capped
            raise too_large(source.path)
        yield data
    except OSError as error:
        raise SourceError(f"{source.path}: cannot read: {error.strerror or error}; it is "
                          "read again next time") from error
    finally:
        data.close()
