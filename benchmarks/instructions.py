"""Instructions per hand of reading (and replaying) PokerStars hands, in two checkouts.

Run: ``.venv/bin/python benchmarks/instructions.py [--against ../other-checkout]``

On a shared, loaded machine a few per cent of speed is below the noise of any clock (the
replay stage varies by ±30% between runs at a load of 3 on 2 cores). The number of
instructions the CPU runs is not: valgrind's callgrind counts them. Each checkout runs its
own ``.venv/bin/python`` (its own build, compiled or pure as installed) over the same
input, once with one pass and once with ``--passes`` passes; the difference divided by the
extra hands is the count per hand, with the start-up, the imports and the evaluator tables
left out. Stages: ``parse`` (detect the site, split, ``parse_block`` every block) and
``replay`` (``hhparse.pipeline.read_bytes``: parse and replay, the path of ``hhparse
check``). Inputs: ``corpus`` (every PokerStars hand file of ``../shared/corpus``, read in
place, never copied: 314 hands) and ``generated`` (hands of every variant from ``hhparse
synth``, written once to a temporary file with this checkout's generator).

Beside the counts, the same stages are timed without valgrind: the checkouts take turns,
``--repeats`` rounds, the best CPU (``time.process_time``) and wall time of each kept.
Prints markdown tables (per hand, and the change of the last checkout, this one, against
the first) and writes them, with the machine, to ``benchmarks/results/instructions.json``.
Slow: about a minute per stage, input and checkout under valgrind (``--no-count`` skips it).
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

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
RESULTS = HERE.parent / "results" / "instructions.json"
CORPUS = ROOT.parent / "shared" / "corpus" / "fpdb"
BOM = b"\xef\xbb\xbf"
STAGES = ("parse", "replay")
GENERATED_PER_VARIANT = 30
COLLECTED = re.compile(r"Collected : (\d+)")


# --- inside the measured process (any checkout's hhparse) -------------------------------


def corpus_chunk() -> bytes:
    files = sorted(path for path in CORPUS.glob("*/Stars/**/*.txt")
                   if "summaries" not in path.parts)
    return b"\n\n\n".join(path.read_bytes().removeprefix(BOM).rstrip() for path in files) + b"\n"


def run_stage(stage: str, data: bytes, passes: int) -> int:
    from hhparse.parsers.base import split_blocks
    from hhparse.parsers.sites import detect_site
    from hhparse.pipeline import read_bytes

    hands = 0
    for _ in range(passes):
        if stage == "replay":
            hands += len(read_bytes(data, "chunk.txt").hands)
            continue
        site = detect_site(data)
        assert site is not None
        split = split_blocks(data, "chunk.txt", site.is_start, prefixes=site.prefixes)
        hands += len([site.parse_block(block) for block in split.blocks])
    return hands


def inner(stage: str, source: str, passes: int) -> None:
    """Print the hands read, then the CPU and wall seconds of all passes but the first
    (which imports the modules and builds the evaluator tables)."""
    data = corpus_chunk() if source == "corpus" else Path(source).read_bytes()
    hands = run_stage(stage, data, 1)
    cpu, wall = time.process_time(), time.perf_counter()
    more = run_stage(stage, data, passes - 1) if passes > 1 else 0
    print(hands + more, time.process_time() - cpu, time.perf_counter() - wall)


# --- the driver -------------------------------------------------------------------------


def generated_input(folder: Path) -> Path:
    from hhparse.synth import SynthOptions, generate_hands
    from hhparse.variants.catalog import VARIANTS

    texts = [text for number, variant in enumerate(VARIANTS)
             for text in generate_hands(SynthOptions(variant=variant.id,
                                                     hands=GENERATED_PER_VARIANT,
                                                     seed=900 + number))]
    path = folder / "generated.txt"
    path.write_text("".join(text + "\n\n" for text in texts), encoding="utf-8")
    return path


def inner_command(checkout: Path, stage: str, source: str, passes: int) -> list[str]:
    """This file's ``--inner`` run on the checkout's own ``.venv`` build."""
    return [str(checkout / ".venv" / "bin" / "python"), str(HERE), "--inner", stage, source,
            str(passes)]


def checkout_environment(checkout: Path) -> dict[str, str]:
    """The checkout's own package first: a ``.venv`` shared between checkouts (a link) has
    one editable install, which would otherwise import the same ``hhparse`` for both."""
    return {**os.environ, "PYTHONPATH": str(checkout)}


def counted(checkout: Path, stage: str, source: str, passes: int) -> tuple[int, int]:
    """(instructions, hands) of one run under callgrind."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               *inner_command(checkout, stage, source, passes)]
    done = subprocess.run(command, cwd=checkout, capture_output=True, text=True, check=True,
                          env={**checkout_environment(checkout), "PYTHONHASHSEED": "0"})
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout.split()[0])


def timed(checkout: Path, stage: str, source: str, passes: int) -> tuple[float, float]:
    """(CPU µs, wall µs) per hand of one run without valgrind, the first pass left out."""
    done = subprocess.run(inner_command(checkout, stage, source, passes), cwd=checkout,
                          capture_output=True, text=True, check=True,
                          env=checkout_environment(checkout))
    hands, cpu, wall = done.stdout.split()
    extra = int(hands) * (passes - 1) / passes
    return float(cpu) / extra * 1e6, float(wall) / extra * 1e6


def best_times(checkouts: list[Path], stage: str, source: str, passes: int,
               repeats: int) -> dict[str, tuple[float, float]]:
    """Each checkout's best (CPU, wall) µs per hand over ``repeats`` rounds, the checkouts
    taking turns within each round (so a busy spell of the machine hits them alike)."""
    best = {str(checkout): (float("inf"), float("inf")) for checkout in checkouts}
    for _ in range(repeats):
        for checkout in checkouts:
            cpu, wall = timed(checkout, stage, source, passes)
            old_cpu, old_wall = best[str(checkout)]
            best[str(checkout)] = (min(cpu, old_cpu), min(wall, old_wall))
    return best


def per_hand(checkout: Path, stage: str, source: str, passes: int) -> float:
    one, hands_one = counted(checkout, stage, source, 1)
    many, hands_many = counted(checkout, stage, source, passes)
    return (many - one) / (hands_many - hands_one)


def build_of(checkout: Path) -> str:
    done = subprocess.run([str(checkout / ".venv" / "bin" / "hhparse"), "--version"],
                          cwd=checkout, capture_output=True, text=True,
                          env=checkout_environment(checkout))
    return done.stdout.strip() or done.stderr.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inner", nargs=3, metavar=("STAGE", "INPUT", "PASSES"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another checkout with its own .venv (first: the baseline)")
    parser.add_argument("--passes", type=int, default=4)
    parser.add_argument("--timed-passes", type=int, default=40,
                        help="passes of each timed run (no valgrind)")
    parser.add_argument("--repeats", type=int, default=5, help="timed rounds (best kept)")
    parser.add_argument("--no-count", action="store_true", help="only the timed runs")
    parser.add_argument("--stage", choices=STAGES, action="append")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)
    if args.inner:
        stage, source, passes = args.inner
        inner(stage, source, int(passes))
        return 0
    if not CORPUS.is_dir():
        raise SystemExit(f"the corpus is absent: {CORPUS}")
    checkouts = [*(path.resolve() for path in args.against), ROOT]
    stages = args.stage or list(STAGES)
    counts: dict[str, dict[str, float]] = {}
    cpu: dict[str, dict[str, float]] = {}
    wall: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        inputs = {"corpus": "corpus", "generated": str(generated_input(Path(folder)))}
        for stage in stages:
            for name, source in inputs.items():
                row = f"{stage}, {name}"
                times = best_times(checkouts, stage, source, args.timed_passes, args.repeats)
                cpu[row] = {key: value[0] for key, value in times.items()}
                wall[row] = {key: value[1] for key, value in times.items()}
                if not args.no_count:
                    counts[row] = {str(checkout): per_hand(checkout, stage, source,
                                                           args.passes)
                                   for checkout in checkouts}
                print(row, {Path(key).name: round(value) for key, value in
                            (counts.get(row) or cpu[row]).items()}, flush=True)
    for title, figures, unit in (("instructions per hand (callgrind)", counts, ",.0f"),
                                 ("CPU µs per hand, best of the rounds", cpu, ",.1f"),
                                 ("wall µs per hand, best of the rounds", wall, ",.1f")):
        if figures:
            print(f"\n{title}\n\n{table(figures, checkouts, unit)}")
    if not args.no_save:
        RESULTS.write_text(json.dumps({
            "machine": f"{platform.processor() or platform.machine()}, "
                       f"Python {platform.python_version()}",
            "when": time.strftime("%Y-%m-%d %H:%M"),
            "load_average": os.getloadavg(),
            "builds": {str(checkout): build_of(checkout) for checkout in checkouts},
            "instructions_per_hand": counts,
            "cpu_us_per_hand": cpu,
            "wall_us_per_hand": wall,
        }, indent=1) + "\n", encoding="utf-8")
    return 0


def table(figures: dict[str, dict[str, float]], checkouts: list[Path], unit: str) -> str:
    names = [str(checkout) for checkout in checkouts]
    lines = ["| stage, input | " + " | ".join(names) + " | change |",
             "|---|" + "---:|" * (len(names) + 1)]
    for row, values in figures.items():
        first, last = values[names[0]], values[names[-1]]
        cells = " | ".join(format(values[name], unit) for name in names)
        lines.append(f"| {row} | {cells} | {(last - first) / first:+.2%} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
