"""Render a report's rows (a polars DataFrame) as table, CSV, JSON, Parquet, Markdown or HTML.

Every text format turns a cell into text the same way (:func:`cell_text`):

* NULL: empty in CSV, ``null`` in JSON, blank in tables;
* dates, times and timestamps: ISO 8601 (``2026-11-29``, ``2026-11-29T14:12:00``);
* decimals: exact text in CSV and tables, numbers in JSON;
* intervals: seconds (a number);
* lists and structs: JSON (an array or object in JSON output, its JSON text elsewhere);
* bytes: hexadecimal text; anything else (UUIDs ...): ``str()``.

Money (a report's ``-- Money:`` columns, amounts in minor units of the row's ``unit`` and
``currency``) is shown as people read it in the formats for people (table, Markdown, HTML):
``$27,907.90``, ``-€40.00``, ``12,500``; when every row has the same unit the header names it
(``net ($)``, ``net (chips)``) and the cells hold the numbers, else each cell carries its unit.
CSV, JSON and Parquet keep the integers beside the ``unit`` and ``currency`` columns.

Files are written atomically (:func:`write_output`): to a temporary file in the target's
folder, then renamed over the target, so a reader never sees a half-written file.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

import polars as pl
from rich.console import Console
from rich.table import Table

from hhparse.money import display_amount, unit_label
from hhparse.reports import html
from hhparse.reports.formats import FORMATS

"""Every output format, by name."""

EXTENSIONS: Final = {
    "table": "txt", "csv": "csv", "json": "json", "parquet": "parquet", "markdown": "md",
    "html": "html",
}
"""The file extension of each format."""

TEXT_WIDTH: Final = 200
"""Line width of a table written to a file."""


class FormatError(ValueError):
    """An unknown format, or a format that cannot go where it was asked to."""


def check_format(name: str) -> str:
    if name not in FORMATS:
        raise FormatError(f"unknown format {name!r}; choose one of: {', '.join(FORMATS)}")
    return name


# --- cells -------------------------------------------------------------------------------


def json_value(value: Any) -> Any:
    """A cell as a plain JSON value."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    if isinstance(value, list | tuple | pl.Series):
        return [json_value(item) for item in value]
    if isinstance(value, dict):
        return {str(key): json_value(item) for key, item in value.items()}
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value).hex()
    return str(value)


def cell_text(value: Any) -> str:
    """A cell as text for CSV (exact: decimals keep their digits, floats round-trip)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list | tuple | dict | pl.Series):
        return json.dumps(json_value(value), ensure_ascii=False)
    plain = json_value(value)
    return plain if isinstance(plain, str) else str(plain)


def display_text(value: Any) -> str:
    """A cell as text for people (tables, Markdown, HTML): floats rounded to 6 digits."""
    if isinstance(value, float) and math.isfinite(value):
        return f"{value:.0f}" if abs(value) >= 1e6 else f"{value:.6g}"
    return cell_text(value)


def _is_numeric(dtype: pl.DataType) -> bool:
    return dtype.is_numeric()


def money_for_people(frame: pl.DataFrame, money: Sequence[str]
                     ) -> tuple[pl.DataFrame, frozenset[str]]:
    """``frame`` with its money columns as text people read (see the module's docstring),
    and the names they have then; ``frame`` unchanged when it has none, or no ``unit`` and
    ``currency`` columns to read them by."""
    present = [name for name in money if name in frame.columns]
    if not present or not {"unit", "currency"} <= set(frame.columns):
        return frame, frozenset()
    units, currencies = frame["unit"].to_list(), frame["currency"].to_list()
    one_unit = len(set(zip(units, currencies, strict=True))) == 1
    names = {name: name for name in present}
    columns = []
    for name in present:
        texts = [
            None if value is None else display_amount(
                round(value), unit, currency, with_unit=not one_unit)
            for value, unit, currency in zip(frame[name].to_list(), units, currencies,
                                             strict=True)
        ]
        columns.append(pl.Series(name, texts, dtype=pl.String))
        if one_unit:
            names[name] = f"{name} ({unit_label(units[0], currencies[0])})"
    return frame.with_columns(columns).rename(names), frozenset(names.values())


def _for_people(frame: pl.DataFrame, money: Sequence[str]) -> tuple[pl.DataFrame, list[bool]]:
    """The frame to show, and which of its columns go right (numbers and money)."""
    shown, amounts = money_for_people(frame, money)
    return shown, [_is_numeric(dtype) or name in amounts
                   for name, dtype in zip(shown.columns, shown.dtypes, strict=True)]


def _rows(frame: pl.DataFrame) -> Iterator[tuple[Any, ...]]:
    return frame.iter_rows()


# --- formats -----------------------------------------------------------------------------


def json_rows(frame: pl.DataFrame) -> list[dict[str, Any]]:
    """One object per row, keyed by the SQL's column names, in column order."""
    names = frame.columns
    return [
        {name: json_value(value) for name, value in zip(names, row, strict=True)}
        for row in _rows(frame)
    ]


def to_json(frame: pl.DataFrame) -> str:
    return json.dumps(json_rows(frame), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def to_csv(frame: pl.DataFrame) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(frame.columns)
    for row in _rows(frame):
        writer.writerow([cell_text(value) for value in row])
    return buffer.getvalue()


def to_markdown(frame: pl.DataFrame, money: Sequence[str] = ()) -> str:
    """A GitHub table; numbers right-aligned; ``|`` escaped, line breaks as ``<br>``."""
    frame, right_aligned = _for_people(frame, money)

    def cell(text: str) -> str:
        text = text.replace("\\", "\\\\").replace("|", "\\|")
        return text.replace("\r\n", "<br>").replace("\n", "<br>").replace("\r", "<br>")

    names = frame.columns
    if not names:
        return "(no columns)\n"
    align = ["---:" if right else "---" for right in right_aligned]
    lines = [
        "| " + " | ".join(cell(name) for name in names) + " |",
        "| " + " | ".join(align) + " |",
    ]
    for row in _rows(frame):
        lines.append("| " + " | ".join(cell(display_text(value)) for value in row) + " |")
    return "\n".join(lines) + "\n"


def to_html(frame: pl.DataFrame, title: str, money: Sequence[str] = (), *,
            report: str | None = None, plotly_beside: bool = False) -> str:
    """A standalone page (nothing from the network) holding one sortable table, under the
    report's chart when it has one (:data:`html.CHARTS_OF_REPORTS`): Plotly's script is
    then inlined, or loaded from beside the page (``plotly_beside``)."""
    chart_of = html.CHARTS_OF_REPORTS.get(report or "")
    chart = chart_of(frame) if chart_of is not None else ""
    head = ""
    if html.PLOT_MARK in chart:
        from hhparse.reports.charts import plotly_script

        head = plotly_script(beside=plotly_beside)
    frame, right_aligned = _for_people(frame, money)
    rows = [[display_text(value) for value in row] for row in _rows(frame)]
    body = (
        f"<h1>{html.escape(title)}</h1>\n{chart}"
        f"<p class=\"note\">{len(rows):,} row{'' if len(rows) == 1 else 's'}</p>\n"
        + html.table(frame.columns, rows, right_aligned)
    )
    return html.page(title, body, head=head)


def rich_table(frame: pl.DataFrame, title: str | None = None,
               money: Sequence[str] = ()) -> Table:
    frame, right_aligned = _for_people(frame, money)
    table = Table(title=title)
    for name, right in zip(frame.columns, right_aligned, strict=True):
        table.add_column(name, justify="right" if right else "left")
    for row in _rows(frame):
        table.add_row(*(display_text(value) for value in row))
    return table


def to_table_text(frame: pl.DataFrame, title: str | None = None,
                  money: Sequence[str] = ()) -> str:
    """The rich table as plain text (no colours), for a file."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=TEXT_WIDTH, color_system=None, force_terminal=False,
                      highlight=False, soft_wrap=False)
    console.print(rich_table(frame, title, money))
    return buffer.getvalue()


def render_text(frame: pl.DataFrame, format: str, *, title: str = "report",
                money: Sequence[str] = (), report: str | None = None,
                plotly_beside: bool = False) -> str:
    """Every format but parquet, as text (``money``: the report's money columns;
    ``report``, ``plotly_beside``: see :func:`to_html`)."""
    renderers: dict[str, Callable[[], str]] = {
        "table": lambda: to_table_text(frame, title, money),
        "csv": lambda: to_csv(frame),
        "json": lambda: to_json(frame),
        "markdown": lambda: to_markdown(frame, money),
        "html": lambda: to_html(frame, title, money, report=report,
                                plotly_beside=plotly_beside),
    }
    check_format(format)
    if format not in renderers:
        raise FormatError(f"--format {format} is binary: it needs an output file (--out FILE)")
    return renderers[format]()


def parquet_ready(frame: pl.DataFrame) -> pl.DataFrame:
    """Columns Parquet cannot hold (Python objects such as UUIDs) as text."""
    objects = [name for name, dtype in frame.schema.items() if dtype == pl.Object]
    if not objects:
        return frame
    return frame.with_columns(
        pl.Series(name, [cell_text(value) for value in frame[name]], dtype=pl.String)
        for name in objects
    )


# --- files -------------------------------------------------------------------------------


def write_output(frame: pl.DataFrame, format: str, path: Path, *, title: str = "report",
                 money: Sequence[str] = (), report: str | None = None,
                 plotly_beside: bool = False) -> Path:
    """Write ``frame`` to ``path`` in ``format``, atomically; returns ``path``.

    The data go to a temporary file in the same folder, which is then renamed over
    ``path``: readers see the old file or the whole new one, never a part. Nothing is
    left behind when writing fails.
    """
    check_format(format)
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"no folder {folder} for {path}")
    text = None if format == "parquet" else render_text(
        frame, format, title=title, money=money, report=report, plotly_beside=plotly_beside)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if text is None:
            os.close(handle)
            parquet_ready(frame).write_parquet(temporary)
        else:
            with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path
