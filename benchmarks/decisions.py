"""Draw decisions judged per second (issue 19): generated 2-7 triple draw hands are ingested
into a store, and the draw_decisions report is run on it as a user runs it (its SQL, then
every decision judged: the keep made and the best of all 32, exact, over all remaining
draws), cold, on the default workers (one per core) and then in one process; then the
judging alone, cold (empty caches) and warm (the same decisions again: the caches'
ceiling), by draws left. CPU seconds (this process and its workers, ``getrusage``) beside
wall time. With ``--hands 1000000`` the million-hand store is measured, else scaled (an
upper bound: a larger store runs warmer, its decisions sharing more states).

Run: ``.venv/bin/python benchmarks/decisions.py [--hands 100000] [--store FILE]
[--variant 27_triple_draw] [--json FILE]`` (``--store``: kept, and judged again without
being built when it exists).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MILLION = 1_000_000


def build_store(hands: int, variant: str, store: Path) -> None:
    """``hands`` generated hands (in files of 100,000, written by as many processes as there
    are cores) ingested into ``store``."""
    from concurrent.futures import ProcessPoolExecutor

    from hhparse.ingest import ingest

    folder = store.parent / f"{store.stem}-logs"
    folder.mkdir(parents=True, exist_ok=True)
    parts = [(variant, min(PART, hands - start), 19 + number, folder / f"part-{number:03}.txt")
             for number, start in enumerate(range(0, hands, PART))]
    with ProcessPoolExecutor() as pool:
        list(pool.map(_write_part, parts))
    ingest(sorted(folder.glob("part-*.txt")), store)


PART = 100_000


def _write_part(part: tuple[str, int, int, Path]) -> None:
    from hhparse.synth import SynthOptions, write_hands

    variant, hands, seed, path = part
    write_hands(SynthOptions(variant=variant, hands=hands, seed=seed), path)


def decisions_of(store: Path) -> tuple[list[dict[str, object]], float]:
    """The draw_decisions report's SQL rows, and the wall seconds the SQL took."""
    import duckdb

    from hhparse.reports.catalog import get_report

    report = get_report("draw_decisions")
    con = duckdb.connect(str(store), read_only=True)
    try:
        started = time.perf_counter()
        cursor = con.execute(report.sql, {name: None for name in report.sql_parameters})
        names = [column[0] for column in cursor.description or ()]
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
        return rows, time.perf_counter() - started
    finally:
        con.close()


def whole_report(store: Path, workers: int | None) -> tuple[float, float, int]:
    """``hhparse report draw_decisions`` as a user runs it (SQL, then the judging; ``workers``
    processes, None: the default), cold: CPU seconds of this process and its workers, wall
    seconds, rows."""
    import os
    import resource

    import duckdb

    from hhparse.decisions.report import WORKERS_VARIABLE
    from hhparse.reports import run_report_on

    forget()
    if workers is None:
        os.environ.pop(WORKERS_VARIABLE, None)
    else:
        os.environ[WORKERS_VARIABLE] = str(workers)

    def cpu() -> float:
        return sum(usage.ru_utime + usage.ru_stime for usage in (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN)))

    con = duckdb.connect(str(store), read_only=True)
    try:
        started_cpu, started = cpu(), time.perf_counter()
        rows = run_report_on(con, "draw_decisions", {}).height
        return cpu() - started_cpu, time.perf_counter() - started, rows
    finally:
        con.close()
        os.environ.pop(WORKERS_VARIABLE, None)


def judge_all(rows: list[dict[str, object]]) -> tuple[float, float, int, dict[int, float]]:
    """Every decision judged as the reports judge it (the keep made and the best keep):
    CPU and wall seconds, the decisions, CPU seconds by draws left."""
    from collections import Counter

    from hhparse.cards import parse_cards
    from hhparse.decisions.judge import judge_decision, ranking_of
    from hhparse.decisions.report import targets
    from hhparse.variants.registry import get_variant

    wanted = targets({})  # each ranking's default target, as the report's
    prepared = []
    for row in rows:
        variant = get_variant(str(row["variant"]))
        draws_left = (variant.draws.count if variant.draws else 1) - int(str(row["draw_round"])) + 1
        prepared.append((variant.id, parse_cards(str(row["held"])), parse_cards(str(row["kept"])),
                         parse_cards(str(row["seen"])), draws_left,
                         wanted[ranking_of(variant.id)]))
    by_draws_left: Counter[int] = Counter()
    cpu, wall = time.process_time(), time.perf_counter()
    for decision in prepared:
        started = time.process_time()
        judge_decision(*decision)
        by_draws_left[decision[4]] += time.process_time() - started
    return time.process_time() - cpu, time.perf_counter() - wall, len(prepared), by_draws_left


def forget() -> None:
    from hhparse.decisions.report import clear_caches

    clear_caches()


def main() -> None:
    import resource

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--variant", default="27_triple_draw")
    parser.add_argument("--store", type=Path,
                        help="the store to judge; built there when missing (default: a "
                             "temporary one)")
    parser.add_argument("--json", type=Path)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        store = options.store or Path(scratch) / "store.duckdb"
        if not store.exists():
            started = time.perf_counter()
            build_store(options.hands, options.variant, store)
            print(f"built {store} ({options.hands:,} hands) in "
                  f"{time.perf_counter() - started:,.0f} s")
        run(store, options.hands, options.variant, options.json)
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB "
          "(this process)")


def run(store: Path, hands: int, variant: str, json_path: Path | None) -> None:
    rows, sql_seconds = decisions_of(store)
    per_hand = len(rows) / hands
    figures: dict[str, object] = {"hands": hands, "variant": variant, "decisions": len(rows),
                                  "decisions_per_hand": per_hand, "sql_seconds": sql_seconds}
    print(f"{hands:,} {variant} hands: {len(rows):,} decisions with the cards known "
          f"({per_hand:.2f} per hand); the report's SQL: {sql_seconds:.1f} s")
    print(f"{'pass':<24} {'cpu s':>8} {'wall s':>8} {'decisions/s (wall)':>19} "
          f"{'µs cpu/decision':>16}  by draws left (µs cpu/decision)")
    for name, workers in (("report, default workers", None), ("report, 1 process", 1)):
        cpu, wall, judged = whole_report(store, workers)
        figures[name] = {"cpu_seconds": cpu, "wall_seconds": wall,
                         "decisions_per_second": judged / wall}
        print(f"{name:<24} {cpu:>8.2f} {wall:>8.2f} {judged / wall:>19,.0f} "
              f"{1e6 * cpu / max(judged, 1):>16,.0f}")
    counts = {left: sum(1 for row in rows if _draws_left(row) == left) for left in (1, 2, 3)}
    for name in ("judge, cold", "judge, warm"):
        if name == "judge, cold":
            forget()
        cpu, wall, judged, by = judge_all(rows)
        split = {left: 1e6 * seconds / max(counts.get(left, 0), 1)
                 for left, seconds in sorted(by.items())}
        figures[name] = {"cpu_seconds": cpu, "wall_seconds": wall,
                         "decisions_per_second": judged / wall, "us_by_draws_left": split}
        print(f"{name:<24} {cpu:>8.2f} {wall:>8.2f} {judged / wall:>19,.0f} "
              f"{1e6 * cpu / max(judged, 1):>16,.0f}  "
              + "  ".join(f"{left}: {us:,.0f}" for left, us in split.items()))
    whole = figures["report, default workers"]
    assert isinstance(whole, dict)
    if hands >= MILLION:
        verdict = f"{whole['wall_seconds']:,.0f} s measured"
        million = float(whole["wall_seconds"])
    else:  # a larger store runs warmer: its decisions share more states
        million = whole["wall_seconds"] * MILLION / hands
        verdict = f"about {million:,.0f} s scaled from {hands:,} (an upper bound)"
    figures["million_hands_seconds"] = million
    print(f"a store of {MILLION:,} such hands judged by the report: {verdict}; "
          "target: under 60 s")
    if json_path:
        json_path.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


def _draws_left(row: dict[str, object]) -> int:
    from hhparse.variants.registry import get_variant

    variant = get_variant(str(row["variant"]))
    return (variant.draws.count if variant.draws else 1) - int(str(row["draw_round"])) + 1


if __name__ == "__main__":
    main()
