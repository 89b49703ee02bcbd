"""Objects allocated per hand by read + replay, each build side by side (issue 14, point 2).

Run: ``.venv/bin/python benchmarks/allocations.py [--hands-per-variant 300] [--seed 2026]``

What is counted: every call of CPython's small-object allocator (``_PyObject_Malloc``: every
object of up to 512 bytes, temporaries included: a line's slices, a tuple made and dropped,
an int above 256), counted by a Linux ``perf`` probe on the interpreter's shared library.
``sys.getallocatedblocks`` and ``tracemalloc`` only see what is still alive; the probe sees
what was made. It needs ``perf`` and the right to add a probe (root); without them the
script says so and stops.

How: hands of every variant are generated (``hhparse synth``), then for each build a
process reads the file once to warm up (the evaluators' tables, the caches) and then once,
or twice, more under ``perf stat``; the difference between the two counts, divided by the
hands, is the allocations of one hand's read + replay, with start-up and warm-up taken out.
The probe costs a few microseconds a call: expect a minute or two per build.
Figures are written to ``benchmarks/results/allocations.json``.
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

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "allocations.json"
PYTHON = ROOT / ".venv" / "bin" / "python"

READ = r"""
import sys
from hhparse.pipeline import read_bytes
data = open(sys.argv[1], "rb").read()
for _ in range(1 + int(sys.argv[2])):
    result = read_bytes(data, "generated")
    del result
"""


def libpython() -> Path | None:
    """The shared library the venv's interpreter runs on (a static build has none)."""
    out = subprocess.run(["ldd", str(PYTHON)], capture_output=True, text=True).stdout
    found = re.search(r"(/\S*libpython3[^\s]*\.so[^\s]*)", out)
    return Path(found.group(1)) if found else None


def add_probe(library: Path) -> tuple[str | None, bool, str]:
    """(event name, whether this run added it, why not)."""
    listed = subprocess.run(["perf", "probe", "--list"], capture_output=True, text=True)
    if listed.returncode != 0:
        return None, False, listed.stderr.strip() or "perf probe --list failed"
    known = re.search(r"(probe_\w+:_PyObject_Malloc)\b", listed.stdout)
    if known:
        return known.group(1), False, ""
    made = subprocess.run(["perf", "probe", "-x", str(library), "_PyObject_Malloc"],
                          capture_output=True, text=True)
    found = re.search(r"(probe_\w+:_PyObject_Malloc)\b", made.stdout + made.stderr)
    if made.returncode != 0 or not found:
        return None, False, (made.stderr.strip() or "perf probe failed").splitlines()[-1]
    return found.group(1), True, ""


def count(event: str, path: Path, reads: int, pure: bool) -> int:
    environment = {**os.environ, "HHPARSE_PURE": "1"} if pure else {
        key: value for key, value in os.environ.items() if key != "HHPARSE_PURE"}
    done = subprocess.run(
        ["perf", "stat", "-x", ",", "-e", event, str(PYTHON), "-c", READ, str(path), str(reads)],
        capture_output=True, text=True, env=environment, cwd=ROOT, check=True)
    line = next(row for row in done.stderr.splitlines() if event.split(":")[1] in row)
    return int(line.split(",")[0])


def build_of(pure: bool) -> str:
    environment = {**os.environ, "HHPARSE_PURE": "1"} if pure else dict(os.environ)
    return subprocess.run([str(PYTHON), "-c", "import hhparse; print(hhparse.BUILD.describe())"],
                          capture_output=True, text=True, env=environment, cwd=ROOT,
                          check=True).stdout.strip()


def generate(path: Path, per_variant: int, seed: int) -> int:
    script = r"""
import sys
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS
count = 0
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for number, variant in enumerate(VARIANTS):
        options = SynthOptions(variant=variant.id, hands=int(sys.argv[2]),
                               seed=int(sys.argv[3]) * 100 + number)
        for text in generate_hands(options):
            out.write(text + "\n\n")
            count += 1
print(count)
"""
    done = subprocess.run([str(PYTHON), "-c", script, str(path), str(per_variant), str(seed)],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    return int(done.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands-per-variant", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    library = libpython()
    if library is None:
        print("allocations: this Python has no shared libpython to probe; nothing measured")
        return 0
    event, added, why = add_probe(library)
    if event is None:
        print(f"allocations: cannot add a perf probe ({why}); nothing measured")
        return 0
    try:
        with tempfile.TemporaryDirectory(prefix="hhparse-alloc-") as folder:
            path = Path(folder) / "generated.txt"
            hands = generate(path, args.hands_per_variant, args.seed)
            rows = {}
            for label, pure in (("compiled", False), ("pure", True)):
                one, two = count(event, path, 1, pure), count(event, path, 2, pure)
                rows[label] = {"build": build_of(pure),
                               "allocations_per_hand": round((two - one) / hands, 1)}
    finally:
        if added:
            subprocess.run(["perf", "probe", "--del", event], capture_output=True)
    report = {"hands": hands, "seed": args.seed, "builds": rows}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"read + replay of {hands:,} generated hands (every variant), objects allocated "
          "per hand (_PyObject_Malloc calls):\n")
    print("| build | allocations per hand |\n|---|---:|")
    for row in rows.values():
        print(f"| {row['build']} | {row['allocations_per_hand']:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
