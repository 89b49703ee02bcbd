"""CPU time of the writer's duplicate look-ups against a large store.

Run: ``.venv/bin/python benchmarks/dedup.py [--stored 1000000] [--batch 1500] [--repeats 5]``

Each batch the writer stores looks its hands up in what is stored already
(``sql/store/stage_new_hands.sql``, ``stage_new_rejects.sql``). This builds a store of
``--stored`` hands of one room whose ids grow with their key (as a room's hand ids grow with
time), in its own in-memory DuckDB with the columns those statements read, then times each
statement on a batch of ``--batch`` new hands (ids after the last stored) and on a batch of
hands already stored, best of ``--repeats``, on one thread. Prints CPU milliseconds per
batch. Compare a checkout's files with ``--sql-dir <checkout>/sql``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parent.parent


def store(stored: int) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(":memory:")
    con.execute("SET threads = 1")
    ids = "lpad((100000000000 + k)::VARCHAR, 15, '0')"
    con.execute(f"""CREATE TABLE hands AS SELECT 'pokerstars' AS site, {ids} AS hand_id,
                    k AS hand_key FROM range($stored) AS r(k)""", {"stored": stored})
    con.execute("ALTER TABLE hands ADD PRIMARY KEY (site, hand_id)")
    for table in ("rejects", "unsupported_hands"):
        con.execute(f"""CREATE TABLE {table} (site TEXT, hand_id TEXT, source_path TEXT,
                        byte_offset BIGINT)""")
    return con


def batch(con: duckdb.DuckDBPyConnection, first: int, size: int) -> None:
    ids = "lpad((100000000000 + $first + k)::VARCHAR, 15, '0')"
    con.execute(f"""CREATE OR REPLACE TEMP TABLE incoming AS
                    SELECT 'pokerstars' AS site, {ids} AS hand_id, k AS batch_row,
                           'log.txt' AS source_path, k * 1000 AS byte_offset
                    FROM range($size) AS r(k)""", {"first": first, "size": size})
    con.execute("CREATE OR REPLACE TEMP VIEW incoming_hands AS SELECT * FROM incoming")
    con.execute("CREATE OR REPLACE TEMP VIEW incoming_rejects AS SELECT * FROM incoming")


def best_ms(con: duckdb.DuckDBPyConnection, text: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        con.execute(text)
        best = min(best, time.process_time() - started)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stored", type=int, default=1_000_000)
    parser.add_argument("--batch", type=int, default=1_500)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--sql-dir", type=Path, default=ROOT / "sql")
    args = parser.parse_args()
    con = store(args.stored)
    print(f"| statement ({args.stored:,} stored) | new batch, CPU ms | stored batch, CPU ms |")
    print("|---|---:|---:|")
    for name in ("stage_new_hands", "stage_new_rejects"):
        text = (args.sql_dir / "store" / f"{name}.sql").read_text(encoding="utf-8")
        figures = []
        for first in (args.stored, args.stored - args.batch):
            batch(con, first, args.batch)
            figures.append(best_ms(con, text, args.repeats))
        print(f"| {name} | {figures[0]:.2f} | {figures[1]:.2f} |")


if __name__ == "__main__":
    main()
