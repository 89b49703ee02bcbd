"""Faults, tried for real: the fault-injection suite, a campaign of signals against a big
ingest, and the memory an ingest of a big junk file takes. Prints the table of cases tried,
survived and lost.

1. ``tests/test_faults.py``, every case (each a real `hhparse` subprocess): one row per
   case, survived when all its assertions held.
2. SIGKILL, SIGTERM and SIGINT, each at ``--moments`` random moments of an ingest of
   ``--hands`` generated hands with 2 workers (the moment drawn uniformly over the time
   an uninterrupted ingest takes). After each: the exit code (130 / 143 / killed), the
   processes left alive (every process the ingest starts carries a tag in its
   environment; none may outlive it), then a rerun, `hhparse doctor`, and the store's
   digest against the uninterrupted one. A trial survives when all of these hold; it
   *loses* when the store after the rerun differs (hands lost or doubled).
3. Peak memory of `hhparse ingest` of a ``--junk-mib`` file of no known format: the
   largest process (getrusage) and the sum over the process and its workers (sampled).

Run: ``.venv/bin/python benchmarks/faults.py [--hands 100000] [--moments 10]
[--junk-mib 250] [--workdir DIR] [--skip-suite]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.processes import TAG_VARIABLE, leaked  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "faults.json"
VARIANTS = ("27_triple_draw", "27_single_draw", "badugi", "razz", "five_card_draw",
            "a5_triple_draw", "badeucey", "badacey")
SIGNALS = (signal.SIGKILL, signal.SIGTERM, signal.SIGINT)
EXPECTED_EXIT = {signal.SIGKILL: -signal.SIGKILL, signal.SIGTERM: 143, signal.SIGINT: 130}


def hhparse(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hhparse", *map(str, args)],
                          capture_output=True, text=True, env=env, cwd=ROOT,
                          stdin=subprocess.DEVNULL)


# --- 1. the suite ------------------------------------------------------------------------


class _Outcomes:
    """A pytest plugin that keeps each case's outcome."""

    def __init__(self) -> None:
        self.rows: dict[str, str] = {}

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            self.rows[report.nodeid.split("::", 1)[1]] = report.outcome


def run_suite() -> list[dict[str, Any]]:
    import pytest

    outcomes = _Outcomes()
    pytest.main(["-q", "-p", "no:cacheprovider", str(ROOT / "tests" / "test_faults.py")],
                plugins=[outcomes])
    return [{"case": case, "tried": int(outcome != "skipped"),
             "survived": int(outcome == "passed"), "lost": int(outcome == "failed"),
             "note": "skipped (needs root to mount a small disk)" if outcome == "skipped"
             else ""} for case, outcome in outcomes.rows.items()]


# --- 2. signals at random moments ---------------------------------------------------------


def write_log(path: Path, hands: int, seed: int) -> Path:
    share = -(-hands // len(VARIANTS))
    with path.open("w", encoding="utf-8", newline="\n") as stream:
        for number, variant in enumerate(VARIANTS):
            done = hhparse("synth", "--variant", variant, "--hands", share,
                           "--seed", seed + number)
            assert done.returncode == 0, done.stderr
            stream.write(done.stdout + "\n\n")
    return path


def digest(database: Path) -> dict[str, list[int]]:
    done = subprocess.run(
        [sys.executable, "-c",
         "import duckdb, json, sys; from hhparse.store.digest import content_digest; "
         "print(json.dumps(content_digest(duckdb.connect(sys.argv[1], read_only=True))))",
         str(database)], capture_output=True, text=True, cwd=ROOT, check=True)
    return dict(json.loads(done.stdout))


def trial(log: Path, database: Path, signum: int, moment: float, reference: dict[str, Any]
          ) -> dict[str, Any]:
    tag = uuid.uuid4().hex
    env = {**os.environ, TAG_VARIABLE: tag}
    process = subprocess.Popen([sys.executable, "-m", "hhparse", "ingest", str(log), "--db",
                                str(database), "--workers", "2"], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               stdin=subprocess.DEVNULL)
    while not database.exists() and process.poll() is None:
        time.sleep(0.01)
    time.sleep(moment)
    finished_first = process.poll() is not None
    if not finished_first:
        process.send_signal(signum)
    signalled = time.monotonic()
    _, stderr = process.communicate()
    stop_seconds = time.monotonic() - signalled
    survivors = leaked(tag, grace_seconds=2.0)
    rerun = hhparse("ingest", log, "--db", database, "--workers", "2")
    doctor = hhparse("doctor", "--db", database)
    same = digest(database) == reference
    lines = [line for line in stderr.splitlines() if line.strip()]
    exit_ok = (finished_first and process.returncode == 0) or (
        process.returncode == EXPECTED_EXIT[signal.Signals(signum)])
    message_ok = signum == signal.SIGKILL or finished_first or (
        len(lines) == 1 and lines[0].startswith("Stopped (") and "Traceback" not in stderr)
    return {
        "signal": signal.Signals(signum).name, "moment": round(moment, 2),
        "finished_first": finished_first, "exit": process.returncode,
        "stop_seconds": round(stop_seconds, 2), "survivors": len(survivors),
        "message_ok": message_ok, "exit_ok": exit_ok, "rerun_exit": rerun.returncode,
        "healthy": doctor.returncode == 0, "identical": same,
    }


def run_signals(workdir: Path, hands: int, moments: int, seed: int) -> list[dict[str, Any]]:
    log = workdir / "signals.txt"
    if not log.exists():
        write_log(log, hands, seed)
    reference_db = workdir / "reference.duckdb"
    reference_db.unlink(missing_ok=True)
    started = time.perf_counter()
    done = hhparse("ingest", log, "--db", reference_db, "--workers", "2")
    assert done.returncode == 0, done.stderr
    seconds = time.perf_counter() - started
    reference = digest(reference_db)
    print(f"uninterrupted ingest: {reference['hands'][0]:,} hands in {seconds:.1f} s",
          flush=True)
    rng = random.Random(seed)
    trials = []
    for signum in SIGNALS:
        for number in range(moments):
            database = workdir / f"trial-{signal.Signals(signum).name}-{number}.duckdb"
            for leftover in (database, Path(f"{database}.wal")):
                leftover.unlink(missing_ok=True)
            result = trial(log, database, signum, rng.uniform(0.0, seconds), reference)
            trials.append(result)
            print(json.dumps(result), flush=True)
            for leftover in (database, Path(f"{database}.wal")):
                leftover.unlink(missing_ok=True)
    return trials


def signal_rows(trials: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for signum in SIGNALS:
        name = signal.Signals(signum).name
        mine = [t for t in trials if t["signal"] == name]
        survived = [t for t in mine if t["exit_ok"] and t["message_ok"] and not t["survivors"]
                    and t["rerun_exit"] == 0 and t["healthy"] and t["identical"]]
        rows.append({
            "case": f"{name} at a random moment of a 2-worker ingest", "tried": len(mine),
            "survived": len(survived), "lost": sum(not t["identical"] for t in mine),
            "note": (f"{sum(t['finished_first'] for t in mine)} finished before the signal; "
                     f"processes left: {sum(t['survivors'] for t in mine)}; slowest stop "
                     f"{max((t['stop_seconds'] for t in mine), default=0):.1f} s"),
        })
    return rows


# --- 3. memory of a big junk file ---------------------------------------------------------


JUNK_LINES = (
    b"2026-12-01 12:00:%02d INFO worker %d finished a job that has nothing to do with poker\n",
    b"    at com.example.Service.handle(Service.java:%d) [thread %d]\n",
    b"caf\xc3\xa9 \xe2\x82\xac %d, a line of UTF-8 text that is not a hand %d\n",
)


def write_junk(path: Path, mib: int) -> Path:
    rng = random.Random(7)
    target = mib << 20
    with path.open("wb") as handle:
        written = 0
        while written < target:
            block = b"".join(rng.choice(JUNK_LINES) % (rng.randrange(60), rng.randrange(999))
                             for _ in range(2000)) + b"\n\n\n"
            handle.write(block)
            written += len(block)
    return path


def _tree_rss(root: int) -> int:
    """Bytes resident in ``root`` and every process below it."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        rss[int(entry.name)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total


def run_junk(workdir: Path, mib: int) -> list[dict[str, Any]]:
    junk = workdir / f"junk-{mib}.log"
    if not junk.exists() or junk.stat().st_size < mib << 20:
        write_junk(junk, mib)
    rows = []
    for workers in (1, 2):
        database = workdir / f"junk-{workers}.duckdb"
        for leftover in (database, Path(f"{database}.wal")):
            leftover.unlink(missing_ok=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "hhparse", "ingest", str(junk),
                                    "--db", str(database), "--workers", str(workers), "--json"],
                                   cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, stdin=subprocess.DEVNULL)
        peak_tree = 0
        while process.poll() is None:
            peak_tree = max(peak_tree, _tree_rss(process.pid))
            time.sleep(0.05)
        stdout, stderr = process.communicate()
        largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        summary = json.loads(stdout) if process.returncode == 0 else {}
        rows.append({
            "case": f"ingest of a {mib} MiB junk file, {workers} worker(s)",
            "tried": 1, "survived": int(process.returncode == 0 and largest < 600 * 1024),
            "lost": 0,
            "note": (f"largest process {largest / 1024:.0f} MB (peak RSS"
                     f"{'' if largest > before else ', a bound: an earlier child was larger'})"
                     f", process + workers {peak_tree / 2**20:.0f} MB; "
                     f"{summary.get('junk_items', '?')} junk items in "
                     f"{time.perf_counter() - started:.0f} s"
                     + ("" if process.returncode == 0 else f"; exit {process.returncode}: "
                        f"{stderr.strip()[:200]}")),
        })
        print(json.dumps(rows[-1]), flush=True)
    return rows


# --- the table ---------------------------------------------------------------------------


def table(rows: list[dict[str, Any]]) -> str:
    lines = ["| case | tried | survived | lost | note |", "|---|---:|---:|---:|---|"]
    for row in rows:
        lines.append(f"| {row['case']} | {row['tried']} | {row['survived']} | {row['lost']} "
                     f"| {row['note']} |")
    tried = sum(row["tried"] for row in rows)
    lines.append(f"| **all** | **{tried}** | **{sum(row['survived'] for row in rows)}** | "
                 f"**{sum(row['lost'] for row in rows)}** | |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--moments", type=int, default=10)
    parser.add_argument("--junk-mib", type=int, default=250)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--skip-suite", action="store_true")
    arguments = parser.parse_args()
    workdir = arguments.workdir or Path(tempfile.mkdtemp(prefix="hhparse-faults-"))
    workdir.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = [] if arguments.skip_suite else run_suite()
    trials = run_signals(workdir, arguments.hands, arguments.moments, arguments.seed)
    rows += signal_rows(trials)
    rows += run_junk(workdir, arguments.junk_mib)
    print()
    print(table(rows))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"rows": rows, "trials": trials, "arguments": {
        key: str(value) for key, value in vars(arguments).items()}}, indent=2) + "\n",
        encoding="utf-8")


if __name__ == "__main__":
    main()
