"""Reports: sql/reports/*.sql run with bound parameters, rendered, and scheduled."""

from hhparse.reports.catalog import Report, UnknownReport, get_report, reports
from hhparse.reports.run import run_query, run_report, run_report_on

__all__ = [
    "Report", "UnknownReport", "get_report", "reports", "run_query", "run_report",
    "run_report_on",
]
