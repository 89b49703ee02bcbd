"""Reports: sql/reports/*.sql run with bound parameters, rendered, and scheduled.

The names below are imported on first use (polars and DuckDB load only when a report runs:
``hhparse --help`` stays fast).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hhparse.reports.catalog import Report, UnknownReport, get_report, reports
    from hhparse.reports.run import run_query, run_report, run_report_on

_HOMES = {
    "Report": "catalog", "UnknownReport": "catalog", "get_report": "catalog",
    "reports": "catalog", "run_query": "run", "run_report": "run", "run_report_on": "run",
}

__all__ = [
    "Report", "UnknownReport", "get_report", "reports", "run_query", "run_report",
    "run_report_on",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
