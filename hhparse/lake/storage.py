"""Where a lake lives: a local (or shared) folder, or any fsspec URL (``s3://bucket/lake``,
``gs://...``, ``memory://...``), through one small interface.

A local folder renames files into place (atomic on one file system); elsewhere a file is
uploaded whole (one object written at once: object stores never show half of one).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class LakeStorage:
    url: str
    """The lake as given: a folder or a URL."""
    fs: Any
    """Its fsspec file system."""
    root: str
    """The lake's path in ``fs``."""

    @property
    def local(self) -> bool:
        return "file" in _protocols(self.fs)

    def path(self, *parts: str) -> str:
        return "/".join([self.root.rstrip("/"), *parts])

    def url_of(self, path: str) -> str:
        """``path`` as DuckDB reads it: a plain path locally, else with its protocol."""
        return path if self.local else str(self.fs.unstrip_protocol(path))

    def glob(self, pattern: str) -> list[str]:
        return sorted(str(found) for found in self.fs.glob(self.path(pattern)))

    def is_dir(self, *parts: str) -> bool:
        return bool(self.fs.isdir(self.path(*parts)))

    def read_text(self, path: str) -> str:
        return str(self.fs.cat_file(path).decode("utf-8"))

    def write_text(self, path: str, text: str) -> None:
        """Write a whole file so that readers see the old one or the new one."""
        if not self.local:
            self.fs.pipe_file(path, text.encode("utf-8"))
            return
        from hhparse.phh.batch import write_atomically

        Path(path).parent.mkdir(parents=True, exist_ok=True)
        write_atomically(Path(path), lambda stream: stream.write(text))

    def put(self, local_file: Path, path: str) -> None:
        """Move a finished local file to ``path`` in the lake."""
        if self.local:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            os.replace(local_file, path)
        else:
            self.fs.put_file(str(local_file), path)

    def remove(self, path: str) -> None:
        if self.fs.exists(path):
            self.fs.rm_file(path)

    def make_root(self) -> None:
        self.fs.makedirs(self.root, exist_ok=True)


def _protocols(fs: Any) -> tuple[str, ...]:
    protocol = fs.protocol
    return (protocol,) if isinstance(protocol, str) else tuple(protocol)


def lake_storage(lake: str | Path) -> LakeStorage:
    from fsspec.core import url_to_fs

    fs, root = url_to_fs(str(lake))
    if "file" in _protocols(fs):
        root = str(Path(root).resolve())
    return LakeStorage(url=str(lake), fs=fs, root=str(root))
