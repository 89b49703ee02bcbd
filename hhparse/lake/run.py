"""`hhparse ingest PATH... --lake DIR [--cluster ADDRESS]`: every source into the lake, here
or on a Dask cluster, with the same summary and accounting as an ingest into a store.

Each source is one task (:func:`hhparse.lake.write.write_source`): it reads, replays and
writes that source's files and manifest, and nothing else, so tasks never wait for each
other and a task run twice (a worker killed, Dask running it again) writes the same files.
``--cluster local:N`` starts a local cluster of N worker processes (one thread each) for
the run; any other address is a running scheduler (``tcp://host:8786``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from hhparse.ingest.run import STORED_COUNTS
from hhparse.lake.storage import lake_storage
from hhparse.lake.write import SourceWritten, write_source

RETRIES: Final = 3
"""Times Dask runs a task again after its worker died or it failed."""


class ClusterError(ValueError):
    """A cluster address that is not one, or a scheduler that does not answer."""


LakeProgress = Callable[[Any, str], None]


def ingest_to_lake(paths: Iterable[str | Path], lake: str | Path, *,
                   cluster: str | None = None, progress: LakeProgress | None = None) -> Any:
    """Ingest every source named by ``paths`` into ``lake``; the IngestSummary."""
    from hhparse.ingest.run import IngestSummary, NothingToRead
    from hhparse.sources import Source, SourceError, expand

    storage = lake_storage(lake)
    storage.make_root()
    found = list(expand(paths, exclude=(Path(storage.root),) if storage.local else ()))
    sources = [source for source in found if isinstance(source, Source)]
    if not sources:
        reasons = "; ".join(str(error) for error in found) or "no file to read"
        raise NothingToRead(f"nothing to ingest: {reasons}")
    summary = IngestSummary(database=str(lake))
    started = time.perf_counter()
    for error in found:
        if isinstance(error, SourceError):
            summary.files_seen += 1
            summary.files_failed += 1
            summary.errors.append(str(error))
    written = (_run_here(sources, storage.url) if cluster is None
               else _run_on(cluster, sources, storage.url))
    for result in written:
        _add(summary, result)
        if progress is not None:
            progress(summary, result.path)
    summary.seconds = time.perf_counter() - started
    return summary


def _run_here(sources: list[Any], lake: str) -> Iterator[SourceWritten]:
    for source in sources:
        yield write_source(source, lake)


def _run_on(cluster: str, sources: list[Any], lake: str) -> Iterator[SourceWritten]:
    from dask.distributed import as_completed

    with _client(cluster) as client:
        futures = client.map(write_source, sources, lake=lake, retries=RETRIES, pure=False)
        for future in as_completed(futures):
            yield future.result()


@contextmanager
def _client(cluster: str) -> Iterator[Any]:
    """A Dask client of the cluster (a local one started and ended here for local:N)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as error:
        raise ClusterError("--cluster needs Dask: pip install 'hhparse[cluster]'") from error
    if cluster.startswith("local:"):
        count = cluster.removeprefix("local:")
        if not count.isdigit() or int(count) < 1:
            raise ClusterError(f"--cluster {cluster}: write local:N, N worker processes")
        local = LocalCluster(n_workers=int(count), threads_per_worker=1, processes=True,
                             dashboard_address=":0")
        try:
            with Client(local) as client:
                yield client
        finally:
            local.close()
        return
    try:
        client = Client(cluster, timeout="10s")
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"--cluster {cluster}: no scheduler answers ({error})") from error
    try:
        yield client
    finally:
        client.close()


def _add(summary: Any, result: SourceWritten) -> None:
    """Add one source's outcome to the run's summary."""
    done = result.summary
    summary.files_seen += 1
    if done.get("unchanged"):
        summary.files_unchanged += 1
        return
    if done.get("errors") and not result.lake_source:
        summary.files_failed += 1
        summary.errors.extend(done["errors"])
        return
    summary.files_read += 1
    for key in STORED_COUNTS:
        setattr(summary, key, getattr(summary, key) + int(done.get(key, 0)))
    summary.problems.update(done.get("problems", {}))
    summary.errors.extend(done.get("errors", ()))
    summary.unknown_format.extend(done.get("unknown_format_files", ()))
    summary.tournament_summaries.extend(done.get("tournament_summary_files", ()))
