"""Hands per second of reading and replaying PokerStars hand histories, stage by stage.

Run: ``.venv/bin/python benchmarks/replay.py [--hands N] [--profile]``

The input is every PokerStars hand file of the shared fpdb corpus (draw, Razz, stud,
mixed; the tournament summaries excluded), read in place from ``../shared/corpus`` and
never copied. The files' bytes (each without its BOM) are concatenated into one chunk of
about 380 KB and 314 hands, the size of a real session file, and the chunk is repeated
until there are at least ``--hands`` hands. Hand ids repeat; replay does not care.

Each stage runs over every chunk, in one process on one core:

* (a) floor: plain Python decodes the bytes and splits them into hand blocks on the header
  lines (``str.split`` on ``"\\nPokerStars "``, then ``splitlines`` per block);
* (b) split: ``detect_site`` + ``split_blocks``, as ``hhparse.pipeline.read_bytes`` does;
* (c) split + parse: (b), then the site's ``parse_block`` on every block;
* (d) split + parse + replay: ``read_bytes`` itself, the path of ``hhparse check`` without
  storing; each chunk's results are counted by status and dropped.

Times are ``time.perf_counter``, with the process CPU time of the same run beside them
(on a shared machine the wall clock is the larger). A stage runs ``--repeats`` times and
keeps the best, but stops repeating once it has used ``--budget`` seconds (so the slow
stages run once).
One chunk is read before the clock starts (the evaluators build their tables on first
use). Memory: the process's peak RSS (``getrusage``) after the run, the tracemalloc peak
of (d) on one chunk, and what the results of one chunk hold when kept (``hhparse check``
keeps every file's results until it reports).

``--profile`` runs (d) under cProfile instead and prints the 25 functions with the most
time of their own (``--hands`` defaults to 10,000 there). The table is printed as
markdown and written, with the machine, to ``benchmarks/results/replay.json``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import math
import os
import platform
import pstats
import resource
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hhparse.parsers.base import SplitResult, split_blocks
from hhparse.parsers.sites import Site, detect_site
from hhparse.pipeline import read_bytes

RESULTS = Path(__file__).resolve().parent / "results" / "replay.json"
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "fpdb"

TARGET_PER_S = 15_000
"""Read + replay (stage d)."""
HANDS = 50_000
PROFILE_HANDS = 10_000
BOM = b"\xef\xbb\xbf"
HEADER_BREAK = "\nPokerStars "
FILE_NAME = "corpus-chunk.txt"


@dataclass
class Row:
    stage: str
    what: str
    hands: int
    seconds: float
    cpu_seconds: float
    """Process CPU time of the same run: below ``seconds`` when other work shared the core."""
    runs: int
    target_per_s: int | None = None

    @property
    def per_s(self) -> float:
        return self.hands / self.seconds

    @property
    def meets_target(self) -> bool | None:
        return None if self.target_per_s is None else self.per_s >= self.target_per_s


# --- the input ---------------------------------------------------------------------------


def corpus_files(corpus: Path) -> list[Path]:
    return sorted(
        path for path in corpus.glob("*/Stars/**/*.txt") if "summaries" not in path.parts
    )


def corpus_chunk(files: Sequence[Path]) -> bytes:
    """Every file's bytes, BOM removed, two blank lines between files."""
    return b"\n\n\n".join(path.read_bytes().removeprefix(BOM).rstrip() for path in files) + b"\n"


# --- the stages --------------------------------------------------------------------------


def floor_split(chunks: Sequence[bytes]) -> int:
    hands = 0
    for chunk in chunks:
        text = chunk.decode("utf-8")
        blocks = [part.splitlines() for part in text.split(HEADER_BREAK)]
        hands += len(blocks)
    return hands


def our_split(chunks: Sequence[bytes]) -> int:
    return sum(len(_split(chunk)[1].blocks) for chunk in chunks)


def split_and_parse(chunks: Sequence[bytes]) -> int:
    hands = 0
    for chunk in chunks:
        site, split = _split(chunk)
        hands += len([site.parse_block(block) for block in split.blocks])
    return hands


def read_and_replay(chunks: Sequence[bytes], statuses: Counter[str] | None = None) -> int:
    hands = 0
    for chunk in chunks:
        result = read_bytes(chunk, FILE_NAME)
        hands += len(result.hands)
        if statuses is not None:
            statuses.update(hand.status.value for hand in result.hands)
    return hands


def _split(chunk: bytes) -> tuple[Site, SplitResult]:
    """Site detection and splitting exactly as ``read_bytes`` does them."""
    site = detect_site(chunk)
    if site is None:
        raise SystemExit("benchmark set-up error: the corpus chunk holds no hand")
    return site, split_blocks(chunk, FILE_NAME, site.is_start, prefixes=site.prefixes)


# --- timing ------------------------------------------------------------------------------


@dataclass
class Timing:
    seconds: float
    cpu_seconds: float
    hands: int
    runs: int


def best_time(run: Callable[[], int], repeats: int, budget: float) -> Timing:
    """The best of up to ``repeats`` runs; no run starts once ``budget`` seconds are spent."""
    best = Timing(math.inf, math.inf, 0, 0)
    spent, runs = 0.0, 0
    while runs < repeats and (runs == 0 or spent < budget):
        gc.collect()
        start, cpu_start = time.perf_counter(), time.process_time()
        hands = run()
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        spent, runs = spent + elapsed, runs + 1
        if elapsed < best.seconds:
            best = Timing(elapsed, cpu, hands, runs)
    best.runs = runs
    return best


def measure(chunks: Sequence[bytes], args: argparse.Namespace) -> tuple[list[Row], Counter[str]]:
    read_and_replay(chunks[:1])  # warm-up: evaluator tables, caches
    stages: list[tuple[str, str, Callable[[], int], int | None]] = [
        ("a", "floor: decode + str.split on header lines", lambda: floor_split(chunks), None),
        ("b", "detect_site + split_blocks", lambda: our_split(chunks), None),
        ("c", "split + parse", lambda: split_and_parse(chunks), None),
        ("d", "split + parse + replay (read_bytes)", lambda: read_and_replay(chunks),
         TARGET_PER_S),
    ]
    rows = []
    for stage, what, run, target in stages:
        timing = best_time(run, args.repeats, args.budget)
        rows.append(Row(stage, what, timing.hands, timing.seconds, timing.cpu_seconds,
                        timing.runs, target))
        print(f"  ({stage}) {timing.hands:,} hands in {timing.seconds:.2f} s "
              f"(best of {timing.runs})", flush=True)
    if len({row.hands for row in rows}) != 1:
        print("  warning: the stages did not see the same number of hands", file=sys.stderr)
    statuses: Counter[str] = Counter()
    read_and_replay(chunks[:1], statuses)
    return rows, statuses


def memory(chunk: bytes) -> dict[str, Any]:
    gc.collect()
    tracemalloc.start()
    read_and_replay([chunk])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    before, _ = tracemalloc.get_traced_memory()
    kept = read_bytes(chunk, FILE_NAME)
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    per_hand = (after - before) / len(kept.hands)
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, else KiB
    return {
        "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2**20,
        "tracemalloc_peak_d_one_chunk_mib": peak / 2**20,
        "kept_results_kib_per_hand": per_hand / 1024,
        "chunk_hands": len(kept.hands),
    }


def profile(chunks: Sequence[bytes], top: int) -> None:
    read_and_replay(chunks[:1])
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    hands = read_and_replay(chunks)
    profiler.disable()
    elapsed = time.perf_counter() - start
    print(f"(d) under cProfile: {hands:,} hands in {elapsed:.1f} s "
          f"({hands / elapsed:,.0f} hands/s with the profiler's overhead)\n")
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats(pstats.SortKey.TIME).print_stats(top)


# --- output ------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpu_count": os.cpu_count(),
        "load_average_1min": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }


def table_text(rows: Sequence[Row]) -> str:
    floor = rows[0].per_s
    header = ("stage", "what", "hands", "seconds", "cpu s", "hands/s", "µs/hand",
              "time vs (a)", "target /s", "meets")
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for row in rows:
        meets = {True: "yes", False: "NO", None: ""}[row.meets_target]
        cells = (
            f"({row.stage})", row.what, f"{row.hands:,}", f"{row.seconds:.2f}",
            f"{row.cpu_seconds:.2f}", f"{row.per_s:,.0f}", f"{1e6 / row.per_s:,.1f}",
            f"{floor / row.per_s:,.1f}x",
            f"{row.target_per_s:,}" if row.target_per_s else "", meets,
        )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def memory_text(figures: dict[str, Any], hands: int) -> str:
    kept = figures["kept_results_kib_per_hand"]
    return "\n".join([
        f"peak RSS of the whole run: {figures['peak_rss_mib']:,.0f} MiB",
        f"tracemalloc peak of (d) on one chunk ({figures['chunk_hands']} hands, results "
        f"dropped): {figures['tracemalloc_peak_d_one_chunk_mib']:,.1f} MiB",
        f"results kept (as hhparse check keeps them): {kept:,.1f} KiB per hand, "
        f"about {kept * hands / 1024:,.0f} MiB for {hands:,} hands",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hands", type=int, default=None,
                        help=f"at least this many hands ({HANDS:,}; {PROFILE_HANDS:,} with "
                        "--profile)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--budget", type=float, default=15.0,
                        help="seconds after which a stage is not repeated")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--profile", action="store_true",
                        help="profile (d) with cProfile instead of timing the stages")
    parser.add_argument("--top", type=int, default=25, help="functions listed by --profile")
    parser.add_argument("--json", type=Path, default=RESULTS, help="where to write the figures")
    args = parser.parse_args(argv)
    files = corpus_files(args.corpus)
    if not files:
        print(f"no PokerStars hand files under {args.corpus}", file=sys.stderr)
        return 1
    chunk = corpus_chunk(files)
    per_chunk = our_split([chunk])
    wanted = args.hands or (PROFILE_HANDS if args.profile else HANDS)
    chunks = [chunk] * math.ceil(wanted / per_chunk)
    print(f"input: {len(files)} files, {per_chunk} hands and {len(chunk):,} bytes per chunk, "
          f"{len(chunks)} chunks = {per_chunk * len(chunks):,} hands")
    if args.profile:
        profile(chunks, args.top)
        return 0
    info = machine()
    print("machine: " + ", ".join(f"{key}={value}" for key, value in info.items()))
    started = time.perf_counter()
    rows, statuses = measure(chunks, args)
    figures = memory(chunk)
    elapsed = time.perf_counter() - started
    print()
    print(table_text(rows))
    print()
    print(memory_text(figures, rows[-1].hands))
    print(f"statuses per chunk: {dict(sorted(statuses.items()))}")
    print(f"\n(best of up to {args.repeats}, no repeat after {args.budget:.0f} s; "
          f"{elapsed:.0f} s in all)")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    settings = {key: (str(value) if isinstance(value, Path) else value)
                for key, value in vars(args).items()}
    document = {
        "machine": info,
        "settings": settings,
        "input": {"files": len(files), "chunk_bytes": len(chunk), "chunk_hands": per_chunk,
                  "chunks": len(chunks), "statuses_per_chunk": dict(sorted(statuses.items()))},
        "seconds": round(elapsed, 1),
        "results": [
            {**asdict(row), "per_s": round(row.per_s, 1), "meets_target": row.meets_target}
            for row in rows
        ],
        "memory": {key: round(value, 2) if isinstance(value, float) else value
                   for key, value in figures.items()},
    }
    args.json.write_text(json.dumps(document, indent=2) + "\n")
    print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
