"""Side by side, in one run, on one fixed seeded corpus of generated hands: our ingest (1 and 2
workers), our read + replay without storing, pokerkit replaying the same hands from PHH, and
the floor (plain Python reading the file and splitting it into hands).

Run: ``.venv/bin/python benchmarks/run.py [--hands 200000] [--seed 2026] [--workdir DIR]``

The corpus: ``--hands`` generated hands (``hhparse.synth``), an equal share per variant,
written in the PokerStars format, one file per variant (as a site writes one per table).
The hands of the variants pokerkit implements
(2-7 single and triple draw, badugi, razz, stud, stud hi/lo) are also exported to PHH
(``hhparse.phh.export``; ``--pokerkit-hands`` of them, an equal share per variant, since
pokerkit is slow) and, in PokerStars format, to a second file: ours and pokerkit's rates on
that subset are the like-for-like ratio. Read + replay works on chunks of about 2 MB (as
``hhparse check`` works file by file) and drops the results. Every stage runs in its own process, so
its peak memory (RSS, with its workers for ingest) is its own. Prints a markdown table and
saves it with the machine under ``benchmarks/results/run.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "run.json"
POKERKIT_VARIANTS = ("27_single_draw", "27_triple_draw", "badugi", "razz", "stud", "stud8")

PRELUDE = r"""
import json, resource, sys, time
from pathlib import Path
def finish(hands, seconds, **extra):
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({"hands": hands, "seconds": seconds, "peak_rss_mb": me,
                      "worker_peak_rss_mb": kids, **extra}))
"""

GENERATE = PRELUDE + r"""
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS
from hhparse.pipeline import read_bytes
from hhparse.phh.export import export_hand, PhhExportError
total, seed, folder, subset, phh = int(sys.argv[1]), int(sys.argv[2]), *map(Path, sys.argv[3:6])
pokerkit = set(sys.argv[6].split(","))
per_variant_for_pokerkit = int(sys.argv[7])
share = -(-total // len(VARIANTS))
folder.mkdir(parents=True, exist_ok=True)
started = time.perf_counter()
made = exported = 0
not_exported = {}
with subset.open("w", encoding="utf-8") as some, phh.open("w", encoding="utf-8") as documents:
    for number, variant in enumerate(VARIANTS):
        options = SynthOptions(variant=variant.id, hands=min(share, total - made),
                               seed=seed * 100 + number)
        taken = 0
        with (folder / f"{variant.id}.txt").open("w", encoding="utf-8") as every:
            for text in generate_hands(options):
                every.write(text + "\n\n")
                made += 1
                if variant.id not in pokerkit or taken >= per_variant_for_pokerkit:
                    continue
                taken += 1
                [result] = read_bytes(text.encode(), "generated").hands
                try:
                    document = export_hand(result)
                except PhhExportError as error:
                    key = type(error).__name__
                    not_exported[key] = not_exported.get(key, 0) + 1
                    continue
                some.write(text + "\n\n")
                documents.write(json.dumps(document) + "\n")
                exported += 1
finish(made, time.perf_counter() - started, exported_to_phh=exported, not_exported=not_exported)
"""

FLOOR = PRELUDE + r"""
given = Path(sys.argv[1])
paths = sorted(given.glob("*.txt")) if given.is_dir() else [given]
started = time.perf_counter()
hands = 0
for path in paths:
    text = path.read_bytes().decode("utf-8")
    for block in text.split("\nPokerStars "):
        if block.strip():
            block.splitlines()
            hands += 1
finish(hands, time.perf_counter() - started)
"""

READ_REPLAY = PRELUDE + r"""
from collections import Counter
from hhparse.pipeline import read_bytes
path = Path(sys.argv[1])
for sample in sorted(Path("data/samples").glob("*.txt")):  # build the evaluator tables first
    read_bytes(sample.read_bytes(), str(sample))
paths = sorted(path.glob("*.txt")) if path.is_dir() else [path]
started = time.perf_counter()
statuses = Counter()
for path in paths:
    data = path.read_bytes()
    begin = 0
    while begin < len(data):  # chunks of about 2 MB cut at a hand start, results dropped
        end = data.find(b"\n\nPokerStars ", begin + 2_000_000)
        end = len(data) if end < 0 else end + 2
        result = read_bytes(data[begin:end], str(path))
        statuses.update(hand.status.value for hand in result.hands)
        begin = end
finish(sum(statuses.values()), time.perf_counter() - started, statuses=dict(statuses))
"""

INGEST = PRELUDE + r"""
from hhparse.ingest import ingest
path, database, workers = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
started = time.perf_counter()
summary = ingest([path], database, workers=workers)
seconds = time.perf_counter() - started
finish(summary.hands_found, seconds, accepted=summary.accepted, rejected=summary.rejected,
       healthy=not summary.unhealthy, database_bytes=database.stat().st_size)
"""

POKERKIT = PRELUDE + r"""
from pokerkit import HandHistory
documents = [json.loads(line) for line in Path(sys.argv[1]).open(encoding="utf-8")]
started = time.perf_counter()
failed = 0
for document in documents:
    try:
        for _state in HandHistory.loads(document):
            pass
    except Exception:
        failed += 1
finish(len(documents), time.perf_counter() - started, failed=failed)
"""


def stage(script: str, *args: object) -> dict[str, Any]:
    completed = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )
    if completed.returncode != 0:
        raise SystemExit(f"stage failed:\n{completed.stderr}")
    figures: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    figures["hands_per_second"] = figures["hands"] / figures["seconds"]
    return figures


def machine() -> str:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu or platform.processor()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, {platform.system()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pokerkit-hands", type=int, default=12_000,
                        help="hands of pokerkit's variants exported to PHH (equal shares)")
    parser.add_argument("--workdir", type=Path, default=None,
                        help="keep the generated files here (default: a temporary folder)")
    args = parser.parse_args()
    work = args.workdir or Path(tempfile.mkdtemp(prefix="hhparse-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    every, subset, phh = work / "generated", work / "pokerkit-subset.txt", work / "phh.jsonl"

    rows: dict[str, dict[str, Any]] = {}
    rows["generate (hhparse synth + PHH export)"] = stage(
        GENERATE, args.hands, args.seed, every, subset, phh, ",".join(POKERKIT_VARIANTS),
        args.pokerkit_hands // len(POKERKIT_VARIANTS))
    rows["floor: read + split, plain Python"] = stage(FLOOR, every)
    rows["ours: read + replay, 1 core"] = stage(READ_REPLAY, every)
    for workers in (1, 2):
        database = work / f"ingest-{workers}.duckdb"
        database.unlink(missing_ok=True)
        rows[f"ours: ingest into DuckDB, {workers} worker(s)"] = stage(
            INGEST, every, database, workers)
    rows["ours: read + replay, pokerkit's variants"] = stage(READ_REPLAY, subset)
    rows["pokerkit 0.7: replay from PHH, same hands"] = stage(POKERKIT, phh)

    floor = rows["floor: read + split, plain Python"]["hands_per_second"]
    ours_subset = rows["ours: read + replay, pokerkit's variants"]["hands_per_second"]
    pokerkit = rows["pokerkit 0.7: replay from PHH, same hands"]["hands_per_second"]
    one = rows["ours: ingest into DuckDB, 1 worker(s)"]["hands_per_second"]
    two = rows["ours: ingest into DuckDB, 2 worker(s)"]["hands_per_second"]
    ratios = {
        "ours read+replay / pokerkit (same hands)": ours_subset / pokerkit,
        "ours ingest 1 worker / floor": one / floor,
        "ours ingest 2 workers / 1 worker": two / one,
        "ours read+replay / floor": rows["ours: read + replay, 1 core"]["hands_per_second"]
        / floor,
    }
    report = {"machine": machine(), "when": time.strftime("%Y-%m-%d %H:%M"),
              "hands": args.hands, "seed": args.seed, "stages": rows, "ratios": ratios,
              "load_average": os.getloadavg()}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(markdown(report))
    return 0


def markdown(report: dict[str, Any]) -> str:
    lines = [f"Machine: {report['machine']}; {report['hands']:,} generated hands, seed "
             f"{report['seed']}; load average at the end {report['load_average'][0]:.2f}.", "",
             "| stage | hands | seconds | hands/s | peak RSS (MB) |", "|---|---:|---:|---:|---:|"]
    for name, row in report["stages"].items():
        rss = row["peak_rss_mb"]
        if row.get("worker_peak_rss_mb"):
            rss_text = f"{rss:.0f} (+ worker {row['worker_peak_rss_mb']:.0f})"
        else:
            rss_text = f"{rss:.0f}"
        lines.append(f"| {name} | {row['hands']:,} | {row['seconds']:.1f} | "
                     f"{row['hands_per_second']:,.0f} | {rss_text} |")
    lines += ["", "| ratio | value |", "|---|---:|"]
    lines += [f"| {name} | {value:.2f} |" for name, value in report["ratios"].items()]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
