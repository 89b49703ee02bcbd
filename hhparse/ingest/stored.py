"""What the database holds, per variant (`hhparse stored`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hhparse.ingest.run import connect
from hhparse.sqlfiles import named_rows, sql


def stored_per_variant(database: Path, wait_seconds: float = 30.0) -> list[dict[str, Any]]:
    con = connect(database, wait_seconds, read_only=True)
    try:
        return named_rows(con.execute(sql("ingest/stored_per_variant")))
    finally:
        con.close()
