"""The reports: one SELECT per file in sql/reports/, with a header comment.

The header's first comment lines describe the report; a line ``-- Grain: ...`` gives its
grain and a line ``-- Parameters: $a, $b ...`` names the parameters it binds (every one of
them is always bound, NULL when not given). A line ``-- Money: net, won`` names the columns
that hold amounts in minor units of the row's ``unit`` and ``currency`` columns: the formats
for people show them as money (``$27,907.90``, ``12,500`` chips), the machine formats keep
the integers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from hhparse.sqlfiles import SQL_DIR

REPORTS_DIR = SQL_DIR / "reports"
_PARAMETER = re.compile(r"\$([a-z_][a-z0-9_]*)")


class UnknownReport(LookupError):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Report:
    name: str
    title: str
    grain: str
    parameters: tuple[str, ...]
    sql: str
    money: tuple[str, ...] = ()
    """Columns of amounts in minor units of the row's ``unit`` / ``currency``."""
    computed: str = ""
    """A report finished in Python (``-- Computed: name``, a function of
    :data:`hhparse.reports.computed.STEPS`): the SQL gives its inputs, the function its rows."""
    input_report: str = ""
    """``-- Input: other``: the SQL is that report's (this one only computes)."""
    sql_parameters: tuple[str, ...] = ()
    """The parameters the SQL binds (the others are the computation's)."""


def _header(text: str) -> list[str]:
    lines = []
    for line in text.splitlines():
        if not line.startswith("--"):
            break
        lines.append(line[2:].strip())
    return lines


def _report(name: str, text: str) -> Report:
    header = _header(text)
    computed = _field(header, "computed:")
    input_report = _field(header, "input:")
    if input_report:
        text = (REPORTS_DIR / f"{input_report}.sql").read_text(encoding="utf-8")
        header = [*header, *_header(text)]
    grain = next((line[6:].strip() for line in header if line.lower().startswith("grain:")), "")
    declared = next(
        (line[11:] for line in header if line.lower().startswith("parameters:")), ""
    )
    used = set(_PARAMETER.findall("\n".join(
        line for line in text.splitlines() if not line.startswith("--"))))
    parameters = tuple(sorted(set(_PARAMETER.findall(declared)) | used))
    money = next((line[6:] for line in header if line.lower().startswith("money:")), "")
    title = header[0] if header else name
    return Report(name=name, title=title, grain=grain, parameters=parameters, sql=text,
                  money=tuple(part.strip() for part in money.split(",") if part.strip()),
                  computed=computed, input_report=input_report,
                  sql_parameters=tuple(sorted(used)))


def _field(header: list[str], label: str) -> str:
    return next((line[len(label):].strip() for line in header
                 if line.lower().startswith(label)), "")


@cache
def reports() -> dict[str, Report]:
    return {
        path.stem: _report(path.stem, path.read_text(encoding="utf-8"))
        for path in sorted(REPORTS_DIR.glob("*.sql"))
    }


def get_report(name: str) -> Report:
    found = reports().get(name)
    if found is None:
        raise UnknownReport(f"unknown report {name!r}; known: {', '.join(reports())}")
    return found
