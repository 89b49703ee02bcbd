"""Write one source into the lake: its tables as Parquet files, then its manifest.

A source is ingested as it would be into a store, into a store in memory (the same
readers, replayer and derived facts), and each table's rows are copied out:

* the per-hand tables (hands, players, actions, draws, pots) under
  ``<lake>/<table>/site=S/variant=V/month=YYYY-MM/<name>_0.parquet`` (hive partitions);
* the others (sources, rejects, problems, unsupported_hands, junk, tournaments,
  tournament_places) as ``<lake>/<table>/<name>.parquet``.

``<name>`` is derived from the source: its content hash and its path's, so that the same
file read again writes the same names (and replaces them), and two paths holding the same
bytes do not overwrite each other. Every row carries it as ``lake_source``.

Atomic: the files are written into a local temporary folder and moved into place (renamed
in a local lake, uploaded whole to an fsspec URL: :mod:`hhparse.lake.storage`), and only
then is the manifest ``<lake>/_manifest/<path hash>.json`` written, whole. Readers see only
sources with a manifest (:mod:`hhparse.lake.read`), so a crash leaves nothing
half-visible; the files of an earlier version of the source are removed after the new
manifest is in place.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from hhparse.ingest.run import STORED_COUNTS
from hhparse.lake.storage import LakeStorage, lake_storage
from hhparse.sqlfiles import sql

HAND_TABLES: Final = ("hands", "players", "actions", "draws", "pots")
"""Partitioned by site, variant and month of play."""
FILE_TABLES: Final = ("sources", "rejects", "problems", "unsupported_hands", "junk",
                      "tournaments", "tournament_places")
"""One file per source."""
TABLES: Final = HAND_TABLES + FILE_TABLES
PARTITIONS: Final = ("site", "variant", "month")
MANIFEST_DIR: Final = "_manifest"
STAGING_DIR: Final = "_staging"


@dataclass(frozen=True, slots=True)
class SourceWritten:
    """What writing one source into the lake did (sent back from a cluster's worker)."""

    path: str
    lake_source: str
    files: tuple[str, ...]
    """Relative to the lake."""
    summary: dict[str, Any]
    """The source's ingest summary (IngestSummary.as_dict() of its store in memory)."""


def lake_name(path: str, sha256: str) -> str:
    """The name of a source's files: its content hash, then its path's."""
    return f"{sha256[:32]}-{hashlib.sha256(path.encode()).hexdigest()[:12]}"


def manifest_path(storage: LakeStorage, path: str) -> str:
    return storage.path(MANIFEST_DIR, f"{hashlib.sha256(path.encode()).hexdigest()}.json")


def write_source(source: Any, lake: str | Path) -> SourceWritten:
    """Read ``source`` (a :class:`hhparse.sources.Source`) and write it into ``lake``; a
    source whose manifest has its bytes' hash already is left as it is (``unchanged``)."""
    from hhparse.ingest.run import IngestSummary, ingest_sources_into
    from hhparse.sources import SourceError

    storage = lake_storage(lake)
    known = read_manifest(storage, manifest_path(storage, str(source.path)))
    # as a store does: a file on disk of the same size and time needs no reading
    if known is not None and source.member is None and (
            known.get("size"), known.get("mtime")) == (source.size_on_disk, source.mtime):
        return _unchanged(source, known)
    try:
        sha256 = hashlib.sha256(source.read()).hexdigest()
    except SourceError as error:
        return SourceWritten(str(source.path), "", (), {"errors": [str(error)]})
    if known is not None and known.get("sha256") == sha256:
        return _unchanged(source, known)
    con = _store_in_memory()
    try:
        summary = ingest_sources_into(con, [source], IngestSummary(database=storage.url))
        row = con.execute(sql("lake/source_of_store")).fetchone()
        if row is None:  # nothing read (an error, said in the summary)
            return SourceWritten(str(source.path), "", (), summary.as_dict())
        # the hash of the bytes read above: the store has none for a file whose last hand
        # is cut off (it reads that tail again when the file grows)
        path = str(row[0])
        name = lake_name(path, sha256)
        # beside a local lake (one file system: renames), else in the system's temp folder
        parent = _folder(Path(storage.path(STAGING_DIR))) if storage.local else None
        staging = Path(tempfile.mkdtemp(prefix=f"{name}.", dir=parent))
        try:
            _copy_tables(con, name, staging)
            files = _move_into_place(staging, storage)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    finally:
        _empty(con)
    _replace_manifest(storage, source, sha256, name, files, summary.as_dict())
    return SourceWritten(path, name, files, summary.as_dict())


def _unchanged(source: Any, known: dict[str, Any]) -> SourceWritten:
    return SourceWritten(str(source.path), str(known["lake_source"]),
                         tuple(known.get("files", ())), {"unchanged": True})


_STORES: dict[int, Any] = {}
"""The store in memory of this process (by pid: a forked worker makes its own)."""


def _store_in_memory() -> Any:
    """An empty store in memory, migrated once per process (~0.1 s, more than reading a
    small file) and emptied after each source."""
    from hhparse.store.schema import open_store

    con = _STORES.get(os.getpid())
    if con is None:
        con = _STORES[os.getpid()] = open_store(":memory:")
    return con


def _empty(con: Any) -> None:
    try:
        con.execute("BEGIN")
        con.execute(sql("lake/empty_store"))
        con.execute("COMMIT")
    except Exception:
        _STORES.pop(os.getpid(), None)  # start from a new store next time
        con.close()
        raise


def _folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def _copy_tables(con: Any, name: str, staging: Path) -> None:
    pattern = name + "_{i}"
    for table in TABLES:
        target = _folder(staging / table)
        bound = {"lake_source": name, "table": table}
        if table == "hands":
            con.execute(sql("lake/copy_hands"), {"lake_source": name, "target": str(target),
                                                 "pattern": pattern})
        elif table in HAND_TABLES:
            con.execute(sql("lake/copy_hand_rows"), {**bound, "target": str(target),
                                                     "pattern": pattern})
        else:
            con.execute(sql("lake/copy_file_rows"),
                        {**bound, "target": str(target / f"{name}.parquet")})


def _move_into_place(staging: Path, storage: LakeStorage) -> tuple[str, ...]:
    moved = []
    for file in sorted(staging.rglob("*.parquet")):
        relative = file.relative_to(staging).as_posix()
        storage.put(file, storage.path(relative))
        moved.append(relative)
    return tuple(moved)


def _replace_manifest(storage: LakeStorage, source: Any, sha256: str, name: str,
                      files: tuple[str, ...], summary: dict[str, Any]) -> None:
    target = manifest_path(storage, str(source.path))
    old = read_manifest(storage, target)
    record = {"source_path": str(source.path), "sha256": sha256, "lake_source": name,
              "size": source.size_on_disk, "mtime": source.mtime,
              "files": list(files), "summary": {key: summary.get(key, 0) for key in STORED_COUNTS}}
    storage.write_text(target, json.dumps(record, indent=1))
    if old is not None and old.get("lake_source") != name:
        for relative in old.get("files", ()):
            storage.remove(storage.path(relative))


def read_manifest(storage: LakeStorage, path: str) -> dict[str, Any] | None:
    try:
        loaded: dict[str, Any] = json.loads(storage.read_text(path))
    except (OSError, ValueError):
        return None
    return loaded
