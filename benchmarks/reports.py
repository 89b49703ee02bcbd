"""Time every report of sql/reports/ on a store of at least a million hands.

The store: the shared corpus's PokerStars hands and data/samples are ingested once, then
every per-hand table (hands, players, actions, draws, pots, accepted hands' problems) is
copied in SQL under new hand ids (``hand_id || '-' || i``) and hand keys (``hand_key + i *
the highest key``) until there are --hands hands; the derived facts are copied with their
rows (they do not depend on the hand id). It is a benchmark fixture, so direct SQL is fine
here. A store reused with --db is first migrated to the current schema (a store of an
older schema gets its hand keys and facts then; the time it took is printed). Each report
then runs as `hhparse report NAME` runs it (a read-only connection, every parameter NULL,
rows into a polars DataFrame), best of 3; the target is under one second each.

    .venv/bin/python benchmarks/reports.py [--hands 1000000] [--db FILE]

--db keeps the store in FILE (and reuses it on the next run when it holds enough hands).
Works with whatever sql/reports/*.sql exist, including none.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

import duckdb

from hhparse.ingest import ingest
from hhparse.reports import reports, run_report
from hhparse.store import latest_version, open_store, schema_version

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "fpdb"
SAMPLES = ROOT / "data" / "samples"
TARGET_SECONDS = 1.0
PER_HAND_TABLES = ("hands", "players", "actions", "draws", "pots")


def sources() -> list[Path]:
    found = [path for path in sorted(CORPUS.glob("*/Stars/**/*.txt"))
             if "summaries" not in path.parts]
    return [*found, SAMPLES]


def hand_count(database: Path) -> int:
    con = duckdb.connect(str(database), read_only=True)
    try:
        return int(con.execute("SELECT count(*) FROM hands").fetchall()[0][0])
    finally:
        con.close()


def build(database: Path, hands: int) -> tuple[int, float]:
    """Ingest the base hands, then copy them until there are ``hands``; (hands, seconds)."""
    started = time.perf_counter()
    summary = ingest(sources(), database, workers=min(2, os.cpu_count() or 1))
    base = hand_count(database)
    if base == 0:
        raise SystemExit(f"nothing ingested from {CORPUS} and {SAMPLES}")
    copies = math.ceil(hands / base)
    print(f"base: {base:,} hands ({summary.accepted:,} accepted this run); "
          f"copying {copies - 1:,} times", file=sys.stderr)
    con = duckdb.connect(str(database))
    try:
        con.execute("SET preserve_insertion_order = false")
        (stride,) = con.execute("SELECT max(hand_key) FROM hands").fetchall()[0]
        for table in PER_HAND_TABLES:
            _copy(con, table, copies, stride, "")
        _copy(con, "problems", copies, None,
              "WHERE t.status = 'accepted' AND t.hand_id IS NOT NULL")
        con.execute("CHECKPOINT")
    finally:
        con.close()
    return hand_count(database), time.perf_counter() - started


def _copy(con: duckdb.DuckDBPyConnection, table: str, copies: int, stride: int | None,
          where: str) -> None:
    started = time.perf_counter()
    keyed = ", t.hand_key + copy.i * $stride AS hand_key" if stride is not None else ""
    con.execute("BEGIN TRANSACTION")
    con.execute(
        f"INSERT INTO {table} SELECT t.* REPLACE (t.hand_id || '-' || copy.i AS hand_id"
        f"{keyed}) FROM range(1, $copies) AS copy(i), {table} AS t {where}",
        {"copies": copies} | ({"stride": stride} if stride is not None else {}),
    )
    con.execute("COMMIT")
    rows = con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]
    print(f"  {table}: {rows:,} rows ({time.perf_counter() - started:.1f} s)", file=sys.stderr)


def upgrade(database: Path) -> None:
    """Bring a reused store to the current schema (an ingest would do the same)."""
    con = duckdb.connect(str(database), read_only=True)
    try:
        version = schema_version(con)
    finally:
        con.close()
    if version == latest_version():
        return
    started = time.perf_counter()
    open_store(database).close()
    print(f"migrated {database} from schema {version} to {latest_version()} in "
          f"{time.perf_counter() - started:.0f} s", file=sys.stderr)


def time_reports(database: Path, repeat: int = 3) -> list[tuple[str, int | str, float]]:
    results: list[tuple[str, int | str, float]] = []
    for name in reports():
        best, rows = math.inf, 0
        try:
            for _ in range(repeat):
                started = time.perf_counter()
                frame = run_report(database, name)
                best = min(best, time.perf_counter() - started)
                rows = frame.height
        except (duckdb.Error, ValueError) as error:
            message = " ".join(str(error).split())
            results.append((name, f"failed: {message[:60]}", math.nan))
            continue
        results.append((name, rows, best))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--db", type=Path, help="keep (and reuse) the store in this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = args.db or Path(folder) / "bench.duckdb"
        if database.exists() and hand_count(database) >= args.hands:
            total, seconds = hand_count(database), 0.0
            print(f"reusing {database}", file=sys.stderr)
            upgrade(database)
        else:
            if database.exists():
                database.unlink()
            total, seconds = build(database, args.hands)
        size = database.stat().st_size / 1024**2
        results = time_reports(database)
    print(f"machine: {platform.platform()}, {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} cores; duckdb {duckdb.__version__}")
    print(f"store: {total:,} hands, {size:,.0f} MB" + (f", built in {seconds:.0f} s"
                                                          if seconds else ""))
    print()
    print(f"| report | rows | seconds (best of 3) | target < {TARGET_SECONDS:g} s |")
    print("|---|---:|---:|---|")
    for name, rows, best in results:
        verdict = "" if math.isnan(best) else "yes" if best < TARGET_SECONDS else "NO"
        shown = f"{rows:,}" if isinstance(rows, int) else rows
        print(f"| {name} | {shown} | {'' if math.isnan(best) else f'{best:.3f}'} | {verdict} |")
    if not results:
        print("| (no reports in sql/reports/) | | | |")


if __name__ == "__main__":
    main()
