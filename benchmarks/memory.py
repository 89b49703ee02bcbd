"""Where the memory of a 1-worker ingest goes: its peak RSS, and the resident memory by kind
after start-up, after the evaluator tables, every few tasks and at the end.

Kinds (from ``/proc/self/smaps``, Linux only): the code of the shared libraries touched
(polars, DuckDB, numpy, libpython ... file-backed pages), Python's object arenas
(``sys._debugmallocstats``: the arenas held and the bytes of live objects in them), and all
anonymous memory (which holds those arenas, DuckDB's and polars' allocators and Python's
larger blocks).
Each ``--set`` runs in its own process; the figures are what that process held.

Run: ``.venv/bin/python benchmarks/memory.py [--hands 50000] [--set ""] [--set "BATCH_HANDS=1000"]``

A setting is ``NAME=VALUE`` of ``hhparse.ingest.run``: a number (``BATCH_HANDS``,
``BATCH_BYTES``) or a text (``"SET_INGEST_DUCKDB_MEMORY=SET memory_limit = '128MB'"``): it shows
what a knob buys (see the closing notes of issue 14). The run ends with the integrity checks,
as ``hhparse ingest`` does.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STAGE = r"""
import io, json, os, re, resource, sys
from collections import Counter
from pathlib import Path

def kinds():
    found = Counter(); name = "anonymous"
    with open("/proc/self/smaps") as maps:
        for line in maps:
            head = line.split(maxsplit=1)[0]
            if not head.endswith(":"):
                path = line.split()[5] if len(line.split()) > 5 else ""
                name = ("library code" if ".so" in path else
                        "anonymous" if not path or path.startswith("[") else "other files")
            elif head == "Rss:":
                found[name] += int(line.split()[1]) // 1024
    return dict(found)

def python_arenas():
    read, write = os.pipe()
    saved = os.dup(2); os.dup2(write, 2)
    try:
        sys._debugmallocstats()
    finally:
        os.dup2(saved, 2); os.close(write)
    text = b""
    while chunk := os.read(read, 1 << 16):
        text += chunk
    text = text.decode()
    arenas = int(re.search(r"# arenas allocated current\s*=\s*([\d,]+)", text)[1].replace(",", ""))
    live = int(re.search(r"# bytes in allocated blocks\s*=\s*([\d,]+)", text)[1].replace(",", ""))
    return {"python arenas": arenas, "python live objects": live >> 20}

def snapshot(label):
    rows.append({"at": label, **kinds(), **python_arenas(),
                 "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10})

rows = []
folder, database, settings = Path(sys.argv[1]), Path(sys.argv[2]), json.loads(sys.argv[3])
snapshot("start")
import hhparse.ingest.run as run
from hhparse.pipeline import read_bytes
for name, value in settings.items():
    setattr(run, name, int(value) if value.lstrip("-").isdigit() else value)
snapshot("imported")
for sample in sorted(Path("data/samples").glob("*.txt")):
    read_bytes(sample.read_bytes(), str(sample))
snapshot("evaluator tables built")
store = run._store
count = [0]
def counted(*args, **kwargs):
    out = store(*args, **kwargs)
    count[0] += 1
    if count[0] % 8 == 0:
        snapshot(f"after task {count[0]}")
    return out
run._store = counted
database.unlink(missing_ok=True)
summary = run.ingest([folder], database, workers=1)
snapshot(f"end ({summary.hands_found:,} hands)")
print(json.dumps(rows))
"""

GENERATE = r"""
import sys
from pathlib import Path
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS
total, folder = int(sys.argv[1]), Path(sys.argv[2])
folder.mkdir(parents=True, exist_ok=True)
share = -(-total // len(VARIANTS))
for number, variant in enumerate(VARIANTS):
    with (folder / f"{variant.id}.txt").open("w", encoding="utf-8") as out:
        for text in generate_hands(SynthOptions(variant=variant.id, hands=share,
                                                seed=2026 * 100 + number)):
            out.write(text + "\n\n")
"""


def _settings(text: str) -> dict[str, str]:
    pairs = [part.split("=", 1) for part in text.split(",") if part.strip()]
    return {name.strip(): value.strip() for name, value in pairs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--set", action="append", dest="sets", default=None,
                        help="NAME=VALUE[,NAME=VALUE]; repeat for more runs ('' is as shipped)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hhparse-memory-") as work:
        folder = Path(work) / "hands"
        subprocess.run([sys.executable, "-c", GENERATE, str(args.hands), str(folder)],
                       check=True, cwd=ROOT)
        for setting in args.sets or [""]:
            completed = subprocess.run(
                [sys.executable, "-c", STAGE, str(folder), str(Path(work) / "store.duckdb"),
                 json.dumps(_settings(setting))],
                capture_output=True, text=True, check=False, cwd=ROOT)
            if completed.returncode != 0:
                print(f"setting {setting!r} failed:\n{completed.stderr}", file=sys.stderr)
                continue
            rows = json.loads(completed.stdout.strip().splitlines()[-1])
            print(f"\n## 1-worker ingest of {args.hands:,} generated hands, "
                  f"settings: {setting or 'as shipped'} (MB)\n")
            columns = ["at", "peak", "library code", "python arenas", "python live objects",
                       "anonymous", "other files"]
            print("| " + " | ".join(columns) + " |")
            print("|---|" + "---:|" * (len(columns) - 1))
            for row in rows:
                print("| " + " | ".join(str(row.get(name, 0)) for name in columns) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
