"""The reports: one SELECT per file in sql/reports/, with a header comment.

The header's first comment lines describe the report; a line ``-- Grain: ...`` gives its
grain and a line ``-- Parameters: $a, $b ...`` names the parameters it binds (every one of
them is always bound, NULL when not given).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from hhparse.sqlfiles import SQL_DIR

REPORTS_DIR = SQL_DIR / "reports"
_PARAMETER = re.compile(r"\$([a-z_]+)")


class UnknownReport(LookupError):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Report:
    name: str
    title: str
    grain: str
    parameters: tuple[str, ...]
    sql: str


def _header(text: str) -> list[str]:
    lines = []
    for line in text.splitlines():
        if not line.startswith("--"):
            break
        lines.append(line[2:].strip())
    return lines


def _report(name: str, text: str) -> Report:
    header = _header(text)
    grain = next((line[6:].strip() for line in header if line.lower().startswith("grain:")), "")
    declared = next(
        (line[11:] for line in header if line.lower().startswith("parameters:")), ""
    )
    used = set(_PARAMETER.findall(text))
    parameters = tuple(sorted(set(_PARAMETER.findall(declared)) | used))
    title = header[0] if header else name
    return Report(name=name, title=title, grain=grain, parameters=parameters, sql=text)


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
