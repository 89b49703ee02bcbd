"""What a 1-worker ingest task costs: a fixed part per task and a part per hand, by stage.

Run: ``.venv/bin/python benchmarks/task_costs.py [--hands 99000] [--small 1] [--large 6]``

Generates ``--hands`` hands (an equal share per variant, one file each), then ingests them
twice into fresh stores on one worker: once in tasks of ``--small`` MB of hand text, once in
tasks of ``--large`` MB (``BATCH_BYTES`` and ``GATHER_BYTES`` of ``hhparse.ingest.run``).
Each stage's CPU time is summed per task; the two task sizes give, per stage, a fixed cost
per task and a cost per hand (a straight line through the two points). Stages nest: ``run_task``
holds ``frames_for`` (which holds the split, the parse, the replay and the facts
(``hhparse.hand_facts``)); ``insert_frames`` holds the statements (``sql/store/<name>``).
Prints a markdown table; CPU per hand of the whole ingest at the default task size is the
figure ``benchmarks/run.py`` reports as wall time on one worker.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hhparse.ingest.run as ingest_run
import hhparse.ingest.work as work
import hhparse.store.writer as writer
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS

STAGES = (
    (ingest_run, "run_task"), (work, "frames_for"), (work, "split_blocks"),
    (work, "replay_hand"), (ingest_run, "insert_frames"),
    (writer, "_run"), (ingest_run, "_record_progress"), (ingest_run, "_check_integrity"),
)


def generate(folder: Path, hands: int) -> None:
    share = -(-hands // len(VARIANTS))
    for number, variant in enumerate(VARIANTS):
        texts = generate_hands(SynthOptions(variant=variant.id, hands=share, seed=900 + number))
        (folder / f"{variant.id}.txt").write_text("\n\n".join(texts) + "\n\n", encoding="utf-8")


def timed(spent: Counter[str], name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            key = f"{name} {args[1]}" if name == "_run" else name
            spent[key] += time.process_time() - started
    return wrapper


def measure(folder: Path, task_bytes: int) -> tuple[int, int, float, Counter[str]]:
    """(hands, tasks, CPU seconds of the whole ingest, CPU seconds per stage)."""
    spent: Counter[str] = Counter()
    originals = [(module, name, getattr(module, name)) for module, name in STAGES]
    commit = ingest_run._SpanningTransaction.commit
    tasks = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        tasks[0] += 1
        return originals[0][2](*args, **kwargs)

    sizes = (ingest_run.BATCH_BYTES, ingest_run.GATHER_BYTES, ingest_run.BATCH_HANDS)
    try:
        for module, name, function in originals:
            setattr(module, name, timed(spent, name, counted if name == "run_task" else function))
        ingest_run._SpanningTransaction.commit = timed(  # type: ignore[method-assign]
            spent, "COMMIT", commit)
        ingest_run.BATCH_BYTES = ingest_run.GATHER_BYTES = task_bytes
        ingest_run.BATCH_HANDS = 1_000_000
        with tempfile.TemporaryDirectory() as work_dir:
            started = time.process_time()
            summary = ingest_run.ingest([folder], Path(work_dir) / "store.duckdb", workers=1)
            total = time.process_time() - started
    finally:
        for module, name, function in originals:
            setattr(module, name, function)
        ingest_run._SpanningTransaction.commit = commit  # type: ignore[method-assign]
        ingest_run.BATCH_BYTES, ingest_run.GATHER_BYTES, ingest_run.BATCH_HANDS = sizes
    return summary.hands_found, tasks[0], total, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=99_000)
    parser.add_argument("--small", type=float, default=1.0, help="MB of hand text a task")
    parser.add_argument("--large", type=float, default=6.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        generate(Path(folder), args.hands)
        small = measure(Path(folder), int(args.small * (1 << 20)))
        large = measure(Path(folder), int(args.large * (1 << 20)))
    (hands, tasks_s, total_s, spent_s), (_, tasks_l, total_l, spent_l) = small, large
    per_task_s, per_task_l = hands / tasks_s, hands / tasks_l
    print(f"{hands:,} hands; {tasks_s} tasks of {args.small} MB ({per_task_s:,.0f} hands), "
          f"{tasks_l} of {args.large} MB ({per_task_l:,.0f} hands); whole ingest "
          f"{total_s / hands * 1e6:.1f} and {total_l / hands * 1e6:.1f} us of CPU a hand")
    print("| stage | fixed, ms a task | us a hand | us a hand, small tasks |")
    print("|---|---:|---:|---:|")
    rows = [("(whole ingest)", total_s, total_l)] + [
        (name, spent_s[name], spent_l[name]) for name in sorted(set(spent_s) | set(spent_l),
                                                                 key=lambda n: -spent_s[n])]
    for name, small_seconds, large_seconds in rows:
        a, b = small_seconds / tasks_s, large_seconds / tasks_l  # seconds a task
        per_hand = (b - a) / (per_task_l - per_task_s)
        fixed = a - per_hand * per_task_s
        print(f"| {name} | {fixed * 1e3:.1f} | {per_hand * 1e6:.1f} | "
              f"{small_seconds / hands * 1e6:.1f} |")


if __name__ == "__main__":
    main()
