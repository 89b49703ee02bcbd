"""Where hands come from: files, directories, globs and archives, read as bytes.

Each source has a path that names it in the database: a file's own path, or
``archive.zip!member`` for a member of a zip archive (``.gz`` files are read through
gzip and keep their path). Archives are read in memory, never extracted, so a member's
name cannot escape anywhere; the decompressed size of each member is capped.
"""

from __future__ import annotations

import glob
import gzip
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

MAX_MEMBER_BYTES = 2 * 1024**3
"""A decompressed member larger than this is refused (zip bombs)."""


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
                return _read_gzip(self.file)
            return self.file.read_bytes()
        except (OSError, EOFError, zipfile.BadZipFile, gzip.BadGzipFile) as error:
            raise SourceError(f"{self.path}: cannot read: {error}") from error


def _read_gzip(path: Path) -> bytes:
    with gzip.open(path, "rb") as stream:
        data = stream.read(MAX_MEMBER_BYTES + 1)
    if len(data) > MAX_MEMBER_BYTES:
        raise SourceError(f"{path}: decompresses to more than {MAX_MEMBER_BYTES} bytes")
    return data


def _read_member(archive: Path, member: str) -> bytes:
    with zipfile.ZipFile(archive) as opened, opened.open(member) as stream:
        data = stream.read(MAX_MEMBER_BYTES + 1)
    if len(data) > MAX_MEMBER_BYTES:
        raise SourceError(f"{archive}!{member}: decompresses to more than {MAX_MEMBER_BYTES} bytes")
    return data


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
        for child in sorted(path.rglob("*")):
            relative = child.relative_to(path).parts
            if any(part.startswith(".") for part in relative) or not child.is_file():
                continue
            real = child.resolve()
            if real in seen:
                continue
            seen.add(real)
            yield from _file_sources(child)
    elif path.is_file():
        yield from _file_sources(path)
    else:
        yield SourceError(f"{path}: no such file or directory")


def _file_sources(path: Path) -> Iterator[Source | SourceError]:
    try:
        stat = path.stat()
    except OSError as error:
        yield SourceError(f"{path}: cannot read: {error.strerror or error}")
        return
    if path.suffix == ".zip":
        yield from _zip_sources(path, stat.st_size, stat.st_mtime)
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
        yield Source(
            path=f"{path}!{info.filename}", file=path, member=info.filename,
            size_on_disk=size, mtime=mtime,
        )
