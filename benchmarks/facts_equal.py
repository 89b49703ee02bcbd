"""The players' and draws' facts the workers derive hand by hand (``hhparse.hand_facts``)
equal those the store's SQL derives, over many generated hands (issue 14 asks for 100,000)
and the shared corpus.

The hands vary every option of the generator: every variant, 2 to 8 seats, each betting
structure, cash and tournament, each forced-bet structure of the draw games (an equal share
of the hands for each of these option sets). Each set is
ingested twice into fresh stores (one worker, in this process): as shipped, and with the
workers' derivation switched off (the writer then derives the facts with
``sql/store/derive_*_facts.sql``). The digests of every table must be equal. Prints the
rows compared and the CPU seconds of each ingest; exits 1 when they differ.

    .venv/bin/python benchmarks/facts_equal.py [--hands 100000] [--seed 14]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
sys.path.insert(0, str(ROOT))

from hhparse.ingest import run, work  # noqa: E402
from hhparse.ingest.run import ingest  # noqa: E402
from hhparse.store.digest import content_digest  # noqa: E402
from hhparse.store.schema import open_store  # noqa: E402
from hhparse.synth import SynthError, SynthOptions, generate_hands  # noqa: E402
from hhparse.synth.options import FORCED_CHOICES, resolve  # noqa: E402
from hhparse.variants.catalog import VARIANTS  # noqa: E402


def option_sets(seed: int) -> list[SynthOptions]:
    """Every variant with each of its structures, seat counts, cash and tournament and, for
    the draw games, each forced-bet structure: a file each."""
    sets = []
    for number, variant in enumerate(VARIANTS):
        forced: list[str | None] = [None, *FORCED_CHOICES] if variant.is_draw else [None]
        seats = sorted({2, 3, min(6, variant.max_players), variant.max_players})
        structures = [structure.value for structure in variant.structures]
        for n, (structure, players, tournament, forced_bets) in enumerate(
                itertools.product(structures, seats, (False, True), forced)):
            options = SynthOptions(variant=variant.id, seed=seed * 100_000 + number * 1_000 + n,
                                   players=players, structure=structure,
                                   tournament=tournament, forced=forced_bets)
            try:
                resolve(options)
            except SynthError:
                continue  # a game the generator does not deal (stud in pot limit ...)
            sets.append(options)
    return sets


def write_hands(folder: Path, total: int, seed: int) -> int:
    """About ``total`` hands, the option sets taken in turn; returns how many."""
    sets = option_sets(seed)
    per_file = -(-total // len(sets))
    made = 0
    for round_number in itertools.count():
        for number, options in enumerate(sets):
            if made >= total:
                return made
            options = replace(options, hands=min(per_file, total - made),
                              seed=options.seed + round_number)
            path = folder / f"{round_number:03d}-{number:04d}-{options.variant}.txt"
            path.write_text("\n\n".join(generate_hands(options)) + "\n", encoding="utf-8")
            made += options.hands
    return made


def digest_of(paths: list[Path], database: Path) -> tuple[dict[str, tuple[int, int]], float]:
    started = time.process_time()
    ingest(paths, database, workers=1, check_integrity=False)
    seconds = time.process_time() - started
    con = open_store(database, read_only=True)
    try:
        return content_digest(con), seconds
    finally:
        con.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hhparse-facts-") as work_dir:
        folder = Path(work_dir) / "hands"
        folder.mkdir()
        made = write_hands(folder, args.hands, args.seed)
        paths = [folder, *([CORPUS] if CORPUS.is_dir() else [])]
        in_workers, workers_seconds = digest_of(paths, Path(work_dir) / "workers.duckdb")
        memory = run.SET_INGEST_DUCKDB_MEMORY
        work.FACTS_IN_WORKERS = False
        # the SQL derivation, a fallback no ingest takes, needs more than the ingest's cap
        run.SET_INGEST_DUCKDB_MEMORY = run.SET_DUCKDB_MEMORY
        try:
            by_sql, sql_seconds = digest_of(paths, Path(work_dir) / "sql.duckdb")
        finally:
            work.FACTS_IN_WORKERS = True
            run.SET_INGEST_DUCKDB_MEMORY = memory
    print(f"{made:,} generated hands in {len(option_sets(args.seed))} option sets"
          f"{' + the corpus' if CORPUS.is_dir() else ' (no corpus here)'}")
    print(f"ingest, facts in the workers: {workers_seconds:.1f} CPU s; "
          f"facts by the writer (SQL): {sql_seconds:.1f} CPU s")
    print("| table | rows | equal |\n|---|---:|---|")
    for table in sorted(set(in_workers) | set(by_sql)):
        rows = in_workers.get(table, (0, 0))[0]
        print(f"| {table} | {rows:,} | {in_workers.get(table) == by_sql.get(table)} |")
    same = in_workers == by_sql
    print("facts equal" if same else "FACTS DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
