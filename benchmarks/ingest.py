"""End-to-end ingest speed into a fresh DuckDB file, with 1 and 2 workers.

Input: the shared corpus's PokerStars hands repeated with new hand ids until there are at
least --hands of them, in one file. Beside our ingest, in the same run, the floor: plain
Python reading the same file and splitting it into hands on the header lines.

Each ingest runs in its own process so that its peak memory (the main process and, for
several workers, the largest worker) is its own. Prints a table and writes
benchmarks/results/ingest.json.

    .venv/bin/python benchmarks/ingest.py [--hands 200000]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "fpdb"
RESULTS = ROOT / "benchmarks" / "results" / "ingest.json"
TARGET_ONE_WORKER = 10_000

RUNNER = r"""
import json, resource, sys, time
from pathlib import Path
from hhparse.ingest import ingest
started = time.perf_counter()
summary = ingest([sys.argv[1]], Path(sys.argv[2]), workers=int(sys.argv[3]))
seconds = time.perf_counter() - started
me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": seconds, "hands": summary.hands_found,
                  "accepted": summary.accepted, "rejected": summary.rejected,
                  "duplicate": summary.duplicate, "unsupported": summary.unsupported,
                  "main_rss_mb": me / 1024, "worker_rss_mb": kids / 1024}))
"""


def corpus_text() -> str:
    files = [
        path for path in sorted(CORPUS.glob("*/Stars/**/*.txt")) if "summaries" not in path.parts
    ]
    if not files:
        raise SystemExit(f"no corpus at {CORPUS}: this benchmark needs ../shared/corpus")
    return "\n\n\n".join(path.read_bytes().decode("utf-8-sig") for path in files) + "\n\n\n"


def write_input(path: Path, hands: int) -> int:
    body = corpus_text()
    per_copy = len(re.findall(r"^PokerStars ", body, flags=re.MULTILINE))
    copies = -(-hands // per_copy)
    with path.open("w", encoding="utf-8") as stream:
        for copy in range(copies):
            stream.write(renumbered(body, copy * 10**12))
    return copies * per_copy


def renumbered(text: str, offset: int) -> str:
    """The same hands under new hand ids."""
    return re.sub(r"(Hand #|Game #)(\d+)",
                  lambda match: f"{match.group(1)}{int(match.group(2)) + offset}", text)


def floor(path: Path) -> tuple[int, float]:
    """Plain Python: read, decode, split into hands on the header lines."""
    started = time.perf_counter()
    text = path.read_bytes().decode("utf-8")
    hands = [chunk for chunk in re.split(r"\n(?=PokerStars )", text) if chunk.strip()]
    return len(hands), time.perf_counter() - started


def run_ingest(path: Path, database: Path, workers: int) -> dict[str, float]:
    output = subprocess.run(
        [sys.executable, "-c", RUNNER, str(path), str(database), str(workers)],
        check=True, capture_output=True, text=True, cwd=ROOT,
    ).stdout
    result: dict[str, float] = json.loads(output.strip().splitlines()[-1])
    result["db_mb"] = database.stat().st_size / 1024**2
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "hands.txt"
        total = write_input(source, args.hands)
        floor_hands, floor_seconds = floor(source)
        rows = {"floor": {"hands": floor_hands, "seconds": floor_seconds}}
        for workers in (1, 2):
            database = Path(folder) / f"w{workers}.duckdb"
            rows[f"ingest, {workers} worker{'s' if workers > 1 else ''}"] = run_ingest(
                source, database, workers
            )
    print(f"machine: {platform.platform()}, {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} cores; input {total:,} hands, "
          f"{source.name}")
    print()
    print("| run | hands | seconds | hands/s | vs floor | peak MB (main / worker) | "
          "DB MB per 1,000 hands |")
    print("|---|---|---|---|---|---|---|")
    floor_rate = floor_hands / floor_seconds
    one = 0.0
    for name, row in rows.items():
        rate = row["hands"] / row["seconds"]
        if name.startswith("ingest, 1"):
            one = rate
        memory = (f"{row['main_rss_mb']:.0f} / {row['worker_rss_mb']:.0f}"
                  if "main_rss_mb" in row else "")
        per_thousand = f"{row['db_mb'] / row['hands'] * 1000:.2f}" if "db_mb" in row else ""
        print(f"| {name} | {row['hands']:,.0f} | {row['seconds']:.1f} | {rate:,.0f} | "
              f"{rate / floor_rate:.3f} | {memory} | {per_thousand} |")
    two = next(row for name, row in rows.items() if name.startswith("ingest, 2"))
    two_rate = two["hands"] / two["seconds"]
    print()
    print(f"target: >= {TARGET_ONE_WORKER:,} hands/s with one worker (have {one:,.0f}), "
          f"2 workers >= 1.8x one (have {two_rate / one:.2f}x), peak < 500 MB")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "machine": {"platform": platform.platform(), "python": platform.python_version(),
                    "cpus": os.cpu_count()},
        "input_hands": total, "runs": rows,
    }, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
