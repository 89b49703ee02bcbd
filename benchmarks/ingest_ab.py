"""Two or more builds or settings of a 1-worker ingest, interleaved on the same files.

Run: ``.venv/bin/python benchmarks/ingest_ab.py --variant base=../old-checkout
--variant new=. --variant big=.@BATCH_BYTES=4194304 [--rounds 4] [--instructions] FILES...``

A variant is ``name=checkout`` with, after ``@``, settings of ``hhparse.ingest.run``
(``NAME=INTEGER``, ``;`` between them). Each ingest runs in its own process, with the
checkout first on ``PYTHONPATH`` (its own build: compiled when it was built in place) and
this interpreter, into a fresh store. The variants take turns, ``--rounds`` times; each
round prints the hands per second (wall), the CPU time per hand (``time.process_time``:
every thread of the process, the kernel's time for it included) and the peak RSS, and the
end prints each variant's best. On a shared machine rounds differ by 10% or more: a change
is real when it wins every round, not by its best alone.

``--instructions`` runs each variant once more under valgrind's cachegrind and prints the
instructions it ran (the same input; start-up and tables included): a count that load
does not change, ~50 times slower; ``--keep DIR`` keeps each count's file for
``cg_annotate``. A task's fixed cost shows in time more than in
instructions (pages faulted in, caches refilled), so the two can disagree.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

INGEST = r"""
import json, os, resource, sys, time
from pathlib import Path
import hhparse.ingest.run as run
for setting in filter(None, os.environ.get("HHPARSE_AB_SET", "").split(";")):
    name, value = setting.split("=", 1)
    setattr(run, name, int(value))
store = Path(sys.argv[1])
started, cpu = time.perf_counter(), time.process_time()
summary = run.ingest([Path(path) for path in sys.argv[2:]], store, workers=1)
print(json.dumps({"hands": summary.hands_found, "wall": time.perf_counter() - started,
                  "cpu": time.process_time() - cpu,
                  "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10}))
"""


def _variant(text: str) -> tuple[str, Path, str]:
    name, _, rest = text.partition("=")
    checkout, _, settings = rest.partition("@")
    return name, Path(checkout).resolve(), settings


def _run(checkout: Path, settings: str, files: list[str], store: Path,
         prefix: list[str]) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, PYTHONPATH=str(checkout), HHPARSE_AB_SET=settings)
    return subprocess.run([*prefix, sys.executable, "-c", INGEST, str(store), *files],
                          env=environment, capture_output=True, text=True, check=False,
                          cwd=store.parent)  # not a checkout: -c puts the folder on sys.path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", required=True, type=_variant)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--keep", type=Path, default=None,
                        help="with --instructions: write cachegrind.<variant>.out here "
                             "(for cg_annotate: the functions that ran them)")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    files = [str(Path(path).resolve()) for path in args.files]
    best: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="hhparse-ab-") as work:
        store = Path(work) / "store.duckdb"
        for number in range(args.rounds):
            for name, checkout, settings in args.variant:
                store.unlink(missing_ok=True)
                done = _run(checkout, settings, files, store, [])
                if done.returncode != 0:
                    print(f"{name} failed:\n{done.stderr[-2000:]}", file=sys.stderr)
                    return 1
                figures = json.loads(done.stdout.strip().splitlines()[-1])
                per_hand = figures["cpu"] / figures["hands"] * 1e6
                best[name] = min(best.get(name, per_hand), per_hand)
                print(f"round {number + 1} {name}: {figures['hands'] / figures['wall']:,.0f} "
                      f"hands/s wall, {per_hand:.1f} us CPU a hand, peak {figures['rss']} MB",
                      flush=True)
        print("best CPU a hand: " + ", ".join(f"{name} {value:.1f} us"
                                              for name, value in best.items()))
        if args.instructions:
            for name, checkout, settings in args.variant:
                store.unlink(missing_ok=True)
                out = (args.keep or Path(work)) / f"cachegrind.{name}.out"
                done = _run(checkout, settings, files, store,
                            ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                             f"--cachegrind-out-file={out}"])
                found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
                print(f"{name}: {found[1] if found else 'no count'} instructions", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
