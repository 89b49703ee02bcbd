"""Side by side, in one run, on one fixed seeded corpus of generated hands: our ingest (1 and 2
workers), our read + replay without storing, pokerkit replaying the same hands from PHH, and
the floor (plain Python reading the file and splitting it into hands). Each of our stages
runs on both builds, the mypyc-compiled one and the pure-Python one (``HHPARSE_PURE=1``),
interleaved, ``--repeat`` rounds of the generated hands' read + replay and ingest (the pure
ingest once), the best round shown with every round's rate in the JSON; each figure is given
in hands per CPU-second (the process and its workers:
``getrusage``) beside hands per wall-clock second. Then: the shared corpus's PokerStars
hands repeated with fresh ids (read + replay and ingest, both builds), many small files
against one big one (2,000 files of 10 hands, one file of 20,000), a digest of every table
after the corpus and ``--digest-hands`` generated hands for each build (they must match),
peak memory, and the start-up of ``hhparse --help`` and ``hhparse rank``. The report names
the libraries it ran on and times a fixed plain-Python probe at its start and its end: how
fast the (shared) machine ran, so that two runs can be compared.

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
import re
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "fpdb"
RESULTS = ROOT / "benchmarks" / "results" / "run.json"
POKERKIT_VARIANTS = ("27_single_draw", "27_triple_draw", "badugi", "razz", "stud", "stud8")

PRELUDE = r"""
import json, resource, sys, time
from pathlib import Path
def _cpu():
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
CPU_AT_START = [_cpu()]
def start_clock():
    # the timed part starts: CPU from here on (this process and its workers)
    CPU_AT_START[0] = _cpu()
    return time.perf_counter()
def finish(hands, seconds, **extra):
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    import hhparse
    print(json.dumps({"hands": hands, "seconds": seconds, "peak_rss_mb": me.ru_maxrss / 1024,
                      "worker_peak_rss_mb": kids.ru_maxrss / 1024,
                      "cpu_seconds": _cpu() - CPU_AT_START[0],
                      "build": hhparse.BUILD.describe(), **extra}))
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
started = start_clock()
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
started = start_clock()
hands = 0
for path in paths:
    text = path.read_bytes().decode("utf-8")
    for block in text.split("\nPokerStars "):
        if block.strip():
            block.splitlines()
            hands += 1
finish(hands, time.perf_counter() - started)
"""

PROBE = PRELUDE + r"""
import hashlib
started = start_clock()
total = 0
for number in range(3_000_000):  # plain Python: calls, ints, a dict, a string
    total += len(str(number)) + {number & 7: 1}.get(number & 3, 0)
digest = hashlib.sha256(bytes(64 << 20)).hexdigest()
finish(0, time.perf_counter() - started, check=total)
"""
"""A fixed plain-Python workload run at the start and at the end: its CPU seconds say how
fast this machine ran then (a shared host's speed moves 20% from hour to hour, and with it
every figure; the probe lets two runs be compared)."""

READ_REPLAY = PRELUDE + r"""
from collections import Counter
from hhparse.pipeline import read_bytes
path = Path(sys.argv[1])
for sample in sorted(Path("data/samples").glob("*.txt")):  # build the evaluator tables first
    read_bytes(sample.read_bytes(), str(sample))
paths = sorted(path.glob("*.txt")) if path.is_dir() else [path]
started = start_clock()
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
started = start_clock()
summary = ingest([path], database, workers=workers)
seconds = time.perf_counter() - started
finish(summary.hands_found, seconds, accepted=summary.accepted, rejected=summary.rejected,
       healthy=not summary.unhealthy, database_bytes=database.stat().st_size)
"""

POKERKIT = PRELUDE + r"""
from pokerkit import HandHistory
documents = [json.loads(line) for line in Path(sys.argv[1]).open(encoding="utf-8")]
started = start_clock()
failed = 0
for document in documents:
    try:
        for _state in HandHistory.loads(document):
            pass
    except Exception:
        failed += 1
finish(len(documents), time.perf_counter() - started, failed=failed)
"""


DIGEST = PRELUDE + r"""
import duckdb
from hhparse.ingest import ingest
database = Path(sys.argv[1])
started = start_clock()
summary = ingest(sys.argv[2:], database, workers=2)
seconds = time.perf_counter() - started
con = duckdb.connect(str(database), read_only=True)
digests = {}
for (table,) in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE NOT internal ORDER BY 1").fetchall():
    columns = [c for (c, t) in con.execute(
        "SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = ? "
        "ORDER BY column_index", [table]).fetchall()
        if "TIMESTAMP" not in t or c == "started_at"]
    keep = ", ".join(f'"{c}"' for c in columns if c not in ("source_id", "applied_at"))
    (digest,) = con.execute(
        f"SELECT coalesce(bit_xor(hash(ROW({keep}))), 0) FROM {table}").fetchone()
    (rows,) = con.execute(f"SELECT count(*) FROM {table}").fetchone()
    digests[table] = f"{rows}:{digest}"
finish(summary.hands_found, seconds, digests=digests)
"""

STARTUP = r"""
import json, subprocess, sys, time
best = {}
for name, command in (("hhparse --help", ["--help"]),
                      ("hhparse rank 27 (two hands)",
                       ["rank", "27", "7s 5d 4h 3c 2s", "Ac 2d 3h 4s 5c"])):
    times = []
    for _ in range(5):
        started = time.perf_counter()  # wall time of a whole start-up
        subprocess.run([sys.argv[1], *command], capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    best[name] = min(times)
print(json.dumps(best))
"""


def stage(script: str, *args: object, pure: bool = False) -> dict[str, Any]:
    environment = {**os.environ, "HHPARSE_PURE": "1"} if pure else {
        key: value for key, value in os.environ.items() if key != "HHPARSE_PURE"}
    completed = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        capture_output=True, text=True, check=False, cwd=ROOT, env=environment,
    )
    if completed.returncode != 0:
        raise SystemExit(f"stage failed:\n{completed.stderr}")
    figures: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    if "hands" in figures:
        figures["hands_per_second"] = figures["hands"] / figures["seconds"]
        figures["hands_per_cpu_second"] = figures["hands"] / max(figures["cpu_seconds"], 1e-9)
    return figures


def best_run(runs: list[dict[str, Any]], *, by_cpu: bool) -> dict[str, Any]:
    """The best of a stage's rounds (the machine is shared: a slow round is another
    process's doing), by hands per CPU-second (read + replay) or per wall second (ingest),
    with every round's rate beside it to show the spread."""
    key = "hands_per_cpu_second" if by_cpu else "hands_per_second"
    best = max(runs, key=lambda run: run[key])
    return {**best, "rounds": len(runs), "round_rates": [round(run[key]) for run in runs],
            "round_peaks_mb": [round(run["peak_rss_mb"]) for run in runs]}


def builds() -> list[tuple[str, bool]]:
    """(label, pure) of each build this tree has: the compiled one only when it is built."""
    check = subprocess.run([sys.executable, "-c", "import hhparse; print(hhparse.BUILD.compiled)"],
                           capture_output=True, text=True, check=True, cwd=ROOT)
    compiled = check.stdout.strip() == "True"
    return ([("compiled", False)] if compiled else []) + [("pure", True)]


def corpus_file(path: Path, hands: int) -> int:
    """The shared corpus's PokerStars hands, repeated with fresh hand ids."""
    files = [p for p in sorted(CORPUS.glob("*/Stars/**/*.txt")) if "summaries" not in p.parts]
    if not files:
        return 0
    body = "\n\n\n".join(p.read_bytes().decode("utf-8-sig") for p in files) + "\n\n\n"
    per_copy = len(re.findall(r"^PokerStars ", body, flags=re.MULTILINE))
    copies = -(-hands // per_copy)
    with path.open("w", encoding="utf-8") as stream:
        for copy in range(copies):
            stream.write(re.sub(r"(Hand #|Game #)(\d+)", lambda m, c=copy: (
                f"{m.group(1)}{int(m.group(2)) + c * 10**12}"), body))
    return copies * per_copy


def small_files(folder: Path, one: Path, sources: list[Path], files: int, per_file: int) -> int:
    """``files`` files of ``per_file`` hands (fewer files when ``sources`` hold fewer hands),
    and the same hands in one file; the hands written."""
    hands = [part for source in sources
             for part in re.split(r"\n\n+(?=PokerStars )", source.read_text(encoding="utf-8"))
             if part.strip()]
    hands = hands[: files * per_file]
    files = len(hands) // per_file
    hands = hands[: files * per_file]
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(files):
        part = hands[number * per_file: (number + 1) * per_file]
        (folder / f"table-{number:05}.txt").write_text("\n\n".join(part) + "\n",
                                                        encoding="utf-8")
    one.write_text("\n\n".join(hands) + "\n", encoding="utf-8")
    return len(hands)


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


LIBRARIES = ("duckdb", "polars", "numpy", "mypy", "pokerkit")


def libraries() -> dict[str, str]:
    """The versions of the libraries the figures depend on (DuckDB's inserts and polars'
    frames are a third of an ingest's time)."""
    found = {}
    for name in LIBRARIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "absent"
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pokerkit-hands", type=int, default=12_000,
                        help="hands of pokerkit's variants exported to PHH (equal shares)")
    parser.add_argument("--corpus-hands", type=int, default=100_000,
                        help="the corpus's PokerStars hands repeated up to this many")
    parser.add_argument("--digest-hands", type=int, default=100_000,
                        help="generated hands ingested with the corpus for the digests")
    parser.add_argument("--workdir", type=Path, default=None,
                        help="keep the generated files here (default: a temporary folder)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="rounds of the generated hands' read + replay and (compiled) "
                             "ingest stages, interleaved; the best round is shown")
    args = parser.parse_args()
    if args.workdir is not None:
        args.workdir.mkdir(parents=True, exist_ok=True)
        return run(args, args.workdir)
    # removed at the end (and on an error or Ctrl-C): a run leaves ~1.9 GB of files
    with tempfile.TemporaryDirectory(prefix="hhparse-bench-") as folder:
        return run(args, Path(folder))


def run(args: argparse.Namespace, work: Path) -> int:
    every, subset, phh = work / "generated", work / "pokerkit-subset.txt", work / "phh.jsonl"
    corpus = work / "corpus-repeated.txt"
    corpus_hands = corpus_file(corpus, args.corpus_hands)
    kinds = builds()

    rows: dict[str, dict[str, Any]] = {}
    probe_at_start = stage(PROBE)["cpu_seconds"]
    rows["generate (hhparse synth + PHH export)"] = stage(
        GENERATE, args.hands, args.seed, every, subset, phh, ",".join(POKERKIT_VARIANTS),
        args.pokerkit_hands // len(POKERKIT_VARIANTS))
    rows["floor: read + split, plain Python"] = stage(FLOOR, every)
    headline: dict[str, list[dict[str, Any]]] = {}
    for _ in range(args.repeat):  # the builds side by side, stage by stage, round by round
        for label, pure in kinds:
            headline.setdefault(f"ours ({label}): read + replay, 1 core", []).append(
                stage(READ_REPLAY, every, pure=pure))
        for workers in (1, 2):
            for label, pure in kinds:
                name = f"ours ({label}): ingest into DuckDB, {workers} worker(s)"
                if pure and len(headline.get(name, ())) >= 1:
                    continue  # the pure ingest runs once: 3 minutes a round
                database = work / f"ingest-{label}-{workers}.duckdb"
                database.unlink(missing_ok=True)
                headline.setdefault(name, []).append(
                    stage(INGEST, every, database, workers, pure=pure))
    for name, runs in headline.items():
        rows[name] = best_run(runs, by_cpu="read + replay" in name)
    if corpus_hands:
        for label, pure in kinds:
            rows[f"ours ({label}): corpus repeated, read + replay"] = stage(
                READ_REPLAY, corpus, pure=pure)
        for label, pure in kinds:
            database = work / f"corpus-{label}.duckdb"
            database.unlink(missing_ok=True)
            rows[f"ours ({label}): corpus repeated, ingest, 1 worker"] = stage(
                INGEST, corpus, database, 1, pure=pure)
    small, one = work / "small-files", work / "one-file.txt"
    small_files(small, one, sorted(every.glob("*.txt")), 2_000, 10)
    label, pure = kinds[0]
    for name, target in (("one file", one), ("files of 10 hands", small)):
        database = work / f"small-{target.stem}.duckdb"
        database.unlink(missing_ok=True)
        rows[f"ours ({label}): ingest the small-files hands as {name}, 1 worker"] = stage(
            INGEST, target, database, 1, pure=pure)
    rows["ours (pure): read + replay, pokerkit's variants"] = stage(READ_REPLAY, subset,
                                                                    pure=True)
    if kinds[0][0] == "compiled":
        rows["ours (compiled): read + replay, pokerkit's variants"] = stage(READ_REPLAY, subset)
    rows["pokerkit 0.7: replay from PHH, same hands"] = stage(POKERKIT, phh)

    digests = _digests(work, corpus if corpus_hands else None, every, args.digest_hands, kinds)
    startup = {label: json.loads(stage_text(STARTUP, str(ROOT / ".venv" / "bin" / "hhparse"),
                                            pure=pure)) for label, pure in kinds}
    probe = {"start": probe_at_start, "end": stage(PROBE)["cpu_seconds"]}
    report = {"machine": machine(), "libraries": libraries(), "probe_cpu_seconds": probe,
              "when": time.strftime("%Y-%m-%d %H:%M"),
              "hands": args.hands, "seed": args.seed, "stages": rows,
              "ratios": ratios(rows, kinds), "digests": digests, "startup": startup,
              "load_average": os.getloadavg()}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(markdown(report))
    return 0


def stage_text(script: str, *args: str, pure: bool) -> str:
    environment = {**os.environ, "HHPARSE_PURE": "1"} if pure else {
        key: value for key, value in os.environ.items() if key != "HHPARSE_PURE"}
    completed = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                               text=True, check=True, cwd=ROOT, env=environment)
    return completed.stdout.strip().splitlines()[-1]


def _digests(work: Path, corpus: Path | None, every: Path, hands: int,
             kinds: list[tuple[str, bool]]) -> dict[str, Any]:
    """A digest of every table after the corpus and ``hands`` generated hands, per build."""
    sample = work / "digest-generated.txt"
    with sample.open("w", encoding="utf-8") as out:
        taken = 0
        per_variant = -(-hands // len(list(every.glob("*.txt"))))
        for path in sorted(every.glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            parts = [p for p in re.split(r"\n\n+(?=PokerStars )", text) if p.strip()]
            out.write("\n\n".join(parts[:per_variant]) + "\n\n")
            taken += min(per_variant, len(parts))
    inputs = [str(sample)] + ([str(corpus)] if corpus is not None else [])
    result: dict[str, Any] = {"hands": taken}
    for label, pure in kinds:
        database = work / f"digest-{label}.duckdb"
        database.unlink(missing_ok=True)
        result[label] = stage(DIGEST, database, *inputs, pure=pure)["digests"]
    result["builds_agree"] = len({json.dumps(result[label], sort_keys=True)
                                  for label, _ in kinds}) == 1
    return result


def ratios(rows: dict[str, dict[str, Any]], kinds: list[tuple[str, bool]]) -> dict[str, float]:
    def rate(name: str) -> float:
        return float(rows[name]["hands_per_second"]) if name in rows else float("nan")
    best = kinds[0][0]
    out = {
        f"ours ({best}) read+replay / pokerkit (same hands)":
            rate(f"ours ({best}): read + replay, pokerkit's variants")
            / rate("pokerkit 0.7: replay from PHH, same hands"),
        f"ours ({best}) ingest 2 workers / 1 worker":
            rate(f"ours ({best}): ingest into DuckDB, 2 worker(s)")
            / rate(f"ours ({best}): ingest into DuckDB, 1 worker(s)"),
        "many small files / one file (hands per second)":
            rate(f"ours ({best}): ingest the small-files hands as files of 10 hands, 1 worker")
            / rate(f"ours ({best}): ingest the small-files hands as one file, 1 worker"),
    }
    one = rows.get(f"ours ({best}): ingest into DuckDB, 1 worker(s)", {}).get("round_rates", [])
    two = rows.get(f"ours ({best}): ingest into DuckDB, 2 worker(s)", {}).get("round_rates", [])
    if one and len(one) == len(two):  # rounds are interleaved: each round's two runs met
        # the same machine, where the best of each may come from different rounds
        out[f"ours ({best}) ingest 2 workers / 1 worker, median of the rounds' ratios"] = (
            statistics.median(b / a for a, b in zip(one, two, strict=True)))
    if len(kinds) == 2:
        out["compiled / pure, read + replay (CPU)"] = (
            rows["ours (compiled): read + replay, 1 core"]["hands_per_cpu_second"]
            / rows["ours (pure): read + replay, 1 core"]["hands_per_cpu_second"])
    return out


def markdown(report: dict[str, Any]) -> str:
    lines = [f"Machine: {report['machine']}; {report['hands']:,} generated hands, seed "
             f"{report['seed']}; load average at the end {report['load_average'][0]:.2f}.",
             "Libraries: " + ", ".join(f"{name} {version}" for name, version
                                       in report.get("libraries", {}).items()) + ".",
             "Machine probe (a fixed plain-Python workload, CPU s; lower is faster): "
             + " at the start, ".join(f"{report['probe_cpu_seconds'][at]:.2f}"
                                      for at in ("start", "end")) + " at the end.", "",
             "| stage | hands | wall s | hands/s (wall) | CPU s | hands/CPU-s | CPU µs/hand "
             "| peak RSS (MB) |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, row in report["stages"].items():
        rss = row["peak_rss_mb"]
        if row.get("worker_peak_rss_mb") and "worker" in name and "2 worker" in name:
            rss_text = f"{rss:.0f} (+ worker {row['worker_peak_rss_mb']:.0f})"
        else:
            rss_text = f"{rss:.0f}"
        lines.append(f"| {name} | {row['hands']:,} | {row['seconds']:.1f} | "
                     f"{row['hands_per_second']:,.0f} | {row['cpu_seconds']:.1f} | "
                     f"{row['hands_per_cpu_second']:,.0f} | "
                     f"{1e6 / row['hands_per_cpu_second']:,.0f} | {rss_text} |")
    spread = [(name, row) for name, row in report["stages"].items() if row.get("rounds", 1) > 1]
    if spread:
        lines += ["", "Rounds (the best is in the table; read + replay by hands/CPU-s, ingest "
                  "by hands/s):"]
        lines += [f"- {name}: " + " / ".join(f"{rate:,}" for rate in row["round_rates"])
                  + (" (peak RSS " + " / ".join(f"{mb:,} MB" for mb in row["round_peaks_mb"])
                     + ")" if "round_peaks_mb" in row else "")
                  for name, row in spread]
    lines += ["", "| ratio | value |", "|---|---:|"]
    lines += [f"| {name} | {value:.2f} |" for name, value in report["ratios"].items()]
    digests = report["digests"]
    lines += ["", f"Digests of every table after {digests['hands']:,} generated hands and the "
              f"repeated corpus: the builds {'agree' if digests['builds_agree'] else 'DIFFER'}."]
    lines += ["", "| start-up (best of 5, wall) | " + " | ".join(report["startup"]) + " |",
              "|---|" + "---:|" * len(report["startup"])]
    names = next(iter(report["startup"].values()))
    for name in names:
        lines.append(f"| {name} | " + " | ".join(
            f"{report['startup'][label][name]:.3f} s" for label in report["startup"]) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
