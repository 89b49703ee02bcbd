"""Where hands come from: files, directories, globs and archives, read as bytes.

Each source has a path that names it in the database: the file's canonical path (absolute,
links resolved: the same file named two ways is one source), or ``archive.zip!member`` for a
member of a zip archive (``.gz`` files are read through gzip and keep their path; a member
name that repeats in one archive gets ``#2``, ``#3`` ... after it, each read as itself). A
file name that is not valid UTF-8 is named with its undecodable bytes escaped (``\xe9``)
and still read. Archives are read in memory, never extracted, so a member's name cannot
escape anywhere. The files given in ``exclude`` (the database and its write-ahead log) are
never sources.

What is read whole (:meth:`Source.read`: an archive member, a ``.gz`` file's content, or
any file for `hhparse check` and `export`) is capped (MAX_SOURCE_BYTES, decompressed): a
larger one is refused with a clear message before it is read whole, so a zip bomb or a
runaway log costs a bounded amount of memory and time. The ingest reads a plain file in
pieces (:mod:`hhparse.ingest.scan`) and has no such cap, except for UTF-16 files.
Directories are walked without following symbolic links to directories (no loops), and a
file reached twice is read once.
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
"""A source read whole (a .gz file's content, a zip member, a UTF-16 file, any file for
`check` and `export`) larger than this is refused (see README, "Limits")."""


class SourceError(Exception):
    """A source that cannot be read; the ingest reports it and goes on."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Source:
    path: str
    """Name in the database: a canonical file path, or ``archive.zip!member``."""
    file: Path
    """The file on disk that holds it."""
    member: str | None = None
    member_index: int = -1
    """The member's place in the archive (names may repeat)."""
    size_on_disk: int = 0
    mtime: float = 0.0

    def read(self) -> bytes:
        """The source's bytes (decompressed). Raises SourceError."""
        try:
            if self.member is not None:
                return _read_member(self.file, self.member_index, self.path)
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


def _read_member(archive: Path, index: int, name: str) -> bytes:
    with zipfile.ZipFile(archive) as opened:
        return _capped(name, opened.open(opened.infolist()[index]), "decompresses to")


def display_path(path: Path | str) -> str:
    """A path as text anything can store: bytes that are not UTF-8 escaped (``\xe9``)."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def expand(paths: Iterable[str | Path], exclude: Iterable[Path] = ()
           ) -> Iterator[Source | SourceError]:
    """Every source named by the arguments, in a stable order, each file once; unreadable
    ones as errors; the files of ``exclude`` left out."""
    seen = {_canonical(path) for path in exclude}
    for raw in paths:
        text = str(raw)
        if any(char in text for char in "*?[") and not Path(text).exists():
            matches = sorted(glob.glob(text, recursive=True))
            if not matches:
                yield SourceError(f"{display_path(text)}: no file matches")
            for match in matches:
                yield from _expand_one(Path(match), seen)
        else:
            yield from _expand_one(Path(text), seen)


def _canonical(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def _expand_one(path: Path, seen: set[Path]) -> Iterator[Source | SourceError]:
    if path.is_dir():
        children: Iterable[Path] = _walk(path)
    elif path.is_file():
        children = (path,)
    else:
        yield SourceError(f"{display_path(path)}: no such file or directory")
        return
    for child in children:
        real = _canonical(child)
        if real in seen:
            continue
        seen.add(real)
        yield from _file_sources(real)


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
    name = display_path(path)
    try:
        stat = path.stat()
    except OSError as error:
        yield SourceError(f"{name}: cannot read: {error.strerror or error}")
        return
    if path.suffix == ".zip":
        yield from _zip_sources(path, stat.st_size, stat.st_mtime)
        return
    # no size check here: the ingest reads a plain file in pieces; what reads a file whole
    # (Source.read) refuses one over MAX_SOURCE_BYTES
    yield Source(path=name, file=path, size_on_disk=stat.st_size, mtime=stat.st_mtime)


def _zip_sources(path: Path, size: int, mtime: float) -> Iterator[Source | SourceError]:
    name = display_path(path)
    try:
        with zipfile.ZipFile(path) as archive:
            members = [(index, info) for index, info in enumerate(archive.infolist())
                       if not info.is_dir()]
    except (OSError, zipfile.BadZipFile) as error:
        yield SourceError(f"{name}: not a readable zip archive: {error}")
        return
    times: dict[str, int] = {}
    for index, info in sorted(members, key=lambda member: (member[1].filename, member[0])):
        times[info.filename] = times.get(info.filename, 0) + 1
        again = times[info.filename]
        member = f"{name}!{info.filename}" + (f"#{again}" if again > 1 else "")
        if info.file_size > MAX_SOURCE_BYTES:  # as declared; reading checks it again
            yield too_large(member, "decompresses to")
            continue
        yield Source(path=member, file=path, member=info.filename, member_index=index,
                     size_on_disk=size, mtime=mtime)
