"""Draw decisions judged per second (issue 19): generated 2-7 triple draw hands are ingested,
their decisions read by draw_decisions' SQL, and every decision judged (all 32 keeps, exact,
over all remaining draws), cold (empty caches) and then warm (the same decisions again: the
caches' ceiling); CPU seconds (``time.process_time``) beside wall time; then the time a
store of a million hands would take at the cold rate.

Run: ``.venv/bin/python benchmarks/decisions.py [--hands 100000] [--variant 27_triple_draw]``.
Prints a table; ``--json FILE`` saves the figures.
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


def decisions_of(hands: int, variant: str, folder: Path) -> list[dict[str, object]]:
    import duckdb

    from hhparse.ingest import ingest
    from hhparse.reports.catalog import get_report
    from hhparse.synth import SynthOptions, write_hands

    log = folder / "hands.txt"
    write_hands(SynthOptions(variant=variant, hands=hands, seed=19), log)
    database = folder / "store.duckdb"
    ingest([log], database)
    report = get_report("draw_decisions")
    con = duckdb.connect(str(database), read_only=True)
    try:
        cursor = con.execute(report.sql, {name: None for name in report.sql_parameters})
        names = [column[0] for column in cursor.description or ()]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    finally:
        con.close()


def judge_all(rows: list[dict[str, object]]) -> tuple[float, float, int]:
    from hhparse.cards import parse_cards
    from hhparse.decisions import judge_keeps
    from hhparse.variants.registry import get_variant

    cpu, wall = time.process_time(), time.perf_counter()
    judged = 0
    for row in rows:
        variant = get_variant(str(row["variant"]))
        draws_left = (variant.draws.count if variant.draws else 1) - int(str(row["draw_round"])) + 1
        judge_keeps(variant.id, parse_cards(str(row["held"])), parse_cards(str(row["seen"])),
                    draws_left, "8-low" if "27" in variant.id else "7-low")
        judged += 1
    return time.process_time() - cpu, time.perf_counter() - wall, judged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--variant", default="27_triple_draw")
    parser.add_argument("--json", type=Path)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        rows = decisions_of(options.hands, options.variant, Path(scratch))
    per_hand = len(rows) / options.hands
    figures: dict[str, object] = {"hands": options.hands, "variant": options.variant,
                                  "decisions": len(rows), "decisions_per_hand": per_hand}
    print(f"{options.hands:,} {options.variant} hands: {len(rows):,} decisions with the "
          f"cards known ({per_hand:.2f} per hand)")
    print(f"{'pass':<6} {'cpu s':>8} {'wall s':>8} {'decisions/s (cpu)':>18} "
          f"{'µs cpu/decision':>16}")
    for name in ("cold", "warm"):
        cpu, wall, judged = judge_all(rows)
        rate = judged / cpu if cpu else float("inf")
        figures[name] = {"cpu_seconds": cpu, "wall_seconds": wall, "decisions_per_second": rate}
        print(f"{name:<6} {cpu:>8.2f} {wall:>8.2f} {rate:>18,.0f} "
              f"{1e6 * cpu / max(judged, 1):>16,.0f}")
    cold = figures["cold"]
    assert isinstance(cold, dict)
    million = MILLION * per_hand / cold["decisions_per_second"]
    figures["million_hands_seconds"] = million
    print(f"a store of {MILLION:,} such hands ({MILLION * per_hand:,.0f} decisions) at the "
          f"cold rate: {million:,.0f} s ({million / 60:,.1f} min); target: under 60 s")
    if options.json:
        options.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
