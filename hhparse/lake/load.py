"""`hhparse lake load DIR --db FILE`: the lake's tables into a new DuckDB store.

The rows are those the lake's views show (one copy of each hand, the lake's keys), so the
store answers every report as the lake does; later ingests into it go on from its keys.
"""

from __future__ import annotations

from pathlib import Path

from hhparse.lake.read import open_lake
from hhparse.lake.statements import statement
from hhparse.lake.write import TABLES
from hhparse.sqlfiles import sql


class StoreNotEmpty(ValueError):
    """The store given already holds sources: a lake is loaded into a new one."""


def load_lake(lake: str | Path, database: Path, *, wait_seconds: float = 30.0) -> dict[str, int]:
    """Load ``lake`` into the store ``database`` (created, or one that holds no source
    yet); rows per table."""
    from hhparse.ingest.run import connect

    store = connect(database, wait_seconds)  # created and migrated to the latest schema
    try:
        (held,) = store.execute(sql("lake/store_sources")).fetchone() or (0,)
    finally:
        store.close()
    if held:
        raise StoreNotEmpty(f"{database} holds {held:,} sources already: load a lake into "
                            "a new store (another --db)")
    con = open_lake(lake, locked=False)
    try:
        con.execute(sql("lake/attach_store"), {"path": str(database)})
        counts = {}
        con.execute("BEGIN")
        for table in TABLES:
            con.execute(statement("load_table", table))
            (counts[table],) = con.execute(sql("lake/count_rows"), {"table": table}
                                           ).fetchone() or (0,)
        # later ingests take new source ids from the sequence: past the lake's
        con.execute(sql("lake/advance_source_ids"), {"count": counts["sources"]})
        con.execute("COMMIT")
        con.execute("DETACH store")
    finally:
        con.close()
    return counts

