"""Where hands come from: files, directories, globs and archives, read as bytes.

Each source has a path that names it in the database: a file's own path, or
``archive.zip!member`` for a member of a zip archive (``.gz`` files are read through
gzip and keep their path). Archives are read in memory, never extracted, so a member's
name cannot escape anywhere.

Every source's size is capped (MAX_SOURCE_BYTES, decompressed): a larger one is refused
with a clear message before it is read whole, so a zip bomb or a runaway log costs a
bounded amount of memory and time. Directories are walked without following symbolic
links to directories (no loops), and a file reached twice is read once.
"""

from __future__ import annotations

import glob
import gzip
import os
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

MAX_SOURCE_BYTES = 256 * 1024**2
"""A source (file, .gz content or zip member) larger than this is refused: ingest holds a
source in memory while it reads it (see README, "Limits")."""


class SourceError(Exception):
    """A source that cannot be read; the ingest reports it and goes on."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Source:
    path: str
    """Name in the database: a file path, or ``archive.zip!member``."""
    file: Path
    """The file on disk that holds it."""
    member: str | None = None
    size_on_disk: int = 0
    mtime: float = 0.0

    def read(self) -> bytes:
        """The source's bytes (decompressed). Raises SourceError."""
        try:
            if self.member is not None:
                return _read_member(self.file, self.member)
            if self.file.suffix == ".gz":
                return _capped(self.path, gzip.open(self.file, "rb"), "decompresses to")
            return _capped(self.path, self.file.open("rb"), "is")
        except (OSError, EOFError, zipfile.BadZipFile, gzip.BadGzipFile) as error:
            raise SourceError(f"{self.path}: cannot read: {error}") from error


def _capped(name: str, stream: IO[bytes] | gzip.GzipFile, verb: str) -> bytes:
    """At most MAX_SOURCE_BYTES from ``stream`` (closed after); more is refused."""
    with stream:
        data = stream.read(MAX_SOURCE_BYTES + 1)
    if len(data) > MAX_SOURCE_BYTES:
        raise too_large(name, verb)
    return data


def too_large(name: str, verb: str = "is") -> SourceError:
    return SourceError(
        f"{name}: {verb} more than {MAX_SOURCE_BYTES // 1024**2} MiB, the largest source "
        "hhparse reads; split it into smaller files"
    )


def _read_member(archive: Path, member: str) -> bytes:
    with zipfile.ZipFile(archive) as opened:
        return _capped(f"{archive}!{member}", opened.open(member), "decompresses to")


def expand(paths: Iterable[str | Path]) -> Iterator[Source | SourceError]:
    """Every source named by the arguments, in a stable order; unreadable ones as errors."""
    for raw in paths:
        text = str(raw)
        if any(char in text for char in "*?[") and not Path(text).exists():
            matches = sorted(glob.glob(text, recursive=True))
            if not matches:
                yield SourceError(f"{text}: no file matches")
            for match in matches:
                yield from _expand_one(Path(match))
        else:
            yield from _expand_one(Path(text))


def _expand_one(path: Path) -> Iterator[Source | SourceError]:
    if path.is_dir():
        seen: set[Path] = set()
        for child in _walk(path):
            real = child.resolve()
            if real in seen:
                continue
            seen.add(real)
            yield from _file_sources(child)
    elif path.is_file():
        yield from _file_sources(path)
    else:
        yield SourceError(f"{path}: no such file or directory")


def _walk(top: Path) -> Iterator[Path]:
    """The regular files under ``top``, sorted, hidden ones skipped; symbolic links to
    directories are not followed (a link loop cannot trap the walk)."""
    for folder, dirs, files in os.walk(top, followlinks=False, onerror=None):
        dirs[:] = sorted(name for name in dirs if not name.startswith("."))
        for name in sorted(files):
            child = Path(folder, name)
            if not name.startswith(".") and child.is_file():
                yield child


def _file_sources(path: Path) -> Iterator[Source | SourceError]:
    try:
        stat = path.stat()
    except OSError as error:
        yield SourceError(f"{path}: cannot read: {error.strerror or error}")
        return
    if path.suffix == ".zip":
        yield from _zip_sources(path, stat.st_size, stat.st_mtime)
        return
    if stat.st_size > MAX_SOURCE_BYTES and path.suffix != ".gz":
        yield too_large(str(path))
        return
    yield Source(path=str(path), file=path, size_on_disk=stat.st_size, mtime=stat.st_mtime)


def _zip_sources(path: Path, size: int, mtime: float) -> Iterator[Source | SourceError]:
    try:
        with zipfile.ZipFile(path) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
    except (OSError, zipfile.BadZipFile) as error:
        yield SourceError(f"{path}: not a readable zip archive: {error}")
        return
    for info in sorted(members, key=lambda info: info.filename):
        if info.file_size > MAX_SOURCE_BYTES:  # as declared; reading checks it again
            yield too_large(f"{path}!{info.filename}", "decompresses to")
            continue
        yield Source(
            path=f"{path}!{info.filename}", file=path, member=info.filename,
            size_on_disk=size, mtime=mtime,
        )
