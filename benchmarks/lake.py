"""The lake beside the store: hands/s of `ingest --lake` on 1 and 2 Dask workers (local
clusters) and of a local `ingest` into a DuckDB file with 1 and 2 workers, on the same
generated hands, interleaved, best of ``--repeat``; CPU seconds per hand of this process and
its children beside wall time; then the lake's size per 1,000 hands next to the DuckDB
file's, and the workers a 100-million-hand hour would need at the measured per-worker rate.

Run: ``.venv/bin/python benchmarks/lake.py [--hands 200000] [--files 200] [--repeat 1]``
(needs ``hhparse[cluster]``). Prints a table; ``--json FILE`` saves the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def generate(folder: Path, hands: int, files: int) -> int:
    from hhparse.synth import SynthOptions, generate_hands
    from hhparse.variants.catalog import VARIANTS

    folder.mkdir(parents=True, exist_ok=True)
    per_file = hands // files
    for number in range(files):
        variant = VARIANTS[number % len(VARIANTS)].id
        texts = generate_hands(SynthOptions(variant=variant, hands=per_file, seed=number))
        (folder / f"g{number:04}.txt").write_text("".join(t + "\n\n" for t in texts),
                                                  encoding="utf-8")
    return per_file * files


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(file.stat().st_size for file in path.rglob("*") if file.is_file())


def run_once(kind: str, workers: int, logs: Path, scratch: Path) -> tuple[float, float, int, Path]:
    from hhparse.ingest import ingest
    from hhparse.lake.run import ingest_to_lake

    target = scratch / f"{kind}-{workers}-{time.monotonic_ns()}"
    cpu, wall = cpu_seconds(), time.perf_counter()
    if kind == "lake":
        summary = ingest_to_lake([logs], target, cluster=f"local:{workers}")
    else:
        target = target.with_suffix(".duckdb")
        summary = ingest([logs], target, workers=workers, check_integrity=False)
    wall = time.perf_counter() - wall
    return wall, cpu_seconds() - cpu, int(summary.hands_found), target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="hhparse-lake-bench-"))
    try:
        logs = scratch / "logs"
        hands = generate(logs, args.hands, args.files)
        print(f"{hands:,} generated hands in {args.files} files; {os.cpu_count()} cores")
        best: dict[str, tuple[float, float, int, Path]] = {}
        for _ in range(args.repeat):
            for kind, workers in (("store", 1), ("lake", 1), ("store", 2), ("lake", 2)):
                key = f"{kind} {workers}w"
                result = run_once(kind, workers, logs, scratch)
                if key not in best or result[0] < best[key][0]:
                    if key in best:
                        shutil.rmtree(best[key][3], ignore_errors=True)
                    best[key] = result
                else:
                    shutil.rmtree(result[3], ignore_errors=True)
        figures = {}
        print(f"{'run':<10} {'wall s':>8} {'hands/s':>9} {'CPU s':>8} {'CPU µs/hand':>12} "
              f"{'size/1k hands':>14}")
        for key, (wall, cpu, found, target) in best.items():
            per_k = size_of(target) / max(found, 1) * 1000
            figures[key] = {"wall_seconds": round(wall, 2), "hands": found,
                            "hands_per_second": round(found / wall, 1),
                            "cpu_seconds": round(cpu, 2),
                            "cpu_us_per_hand": round(cpu / max(found, 1) * 1e6, 1),
                            "bytes_per_1000_hands": round(per_k)}
            print(f"{key:<10} {wall:>8.1f} {found / wall:>9,.0f} {cpu:>8.1f} "
                  f"{cpu / max(found, 1) * 1e6:>12.0f} {per_k / 1024:>11,.0f} KB")
        per_worker = figures["lake 1w"]["hands_per_second"]
        needed = 100_000_000 / 3600 / per_worker
        print(f"100 million hands in an hour at {per_worker:,.0f} hands/s per lake worker: "
              f"{needed:,.0f} workers (one core each), before scheduler and storage limits")
        figures["workers_for_100m_hands_per_hour"] = {"per_worker_hands_per_second":
                                                      per_worker, "workers": round(needed)}
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
