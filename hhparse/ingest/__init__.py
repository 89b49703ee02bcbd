"""Load hand histories into DuckDB (see run.py for how it stays correct)."""

from hhparse.ingest.run import DatabaseBusy, IngestSummary, connect, default_database, ingest

__all__ = ["DatabaseBusy", "IngestSummary", "connect", "default_database", "ingest"]
