"""HTML pages: standalone pages with sortable tables, the run index and its charts.

The charts are drawn by :mod:`hhparse.reports.charts` (Plotly, offline); this module reads
the reports' columns for them, defensively, since a report's SQL may change:

* "Draw frequencies per round" (from ``draw_frequencies``): one stacked bar per variant and
  draw round, the shares of pat and draw 1..5. Either wide columns (``pat``, ``draw_1`` ...
  ``draw_5``, also ``drew_1_share``, ``discard_2`` ...) or long rows (a ``discarded`` column
  0..5 and a count or share column) are understood; failing both, the bars stack whatever
  numeric columns there are, and say so. A bar's ``n`` is its ``decisions`` (or count)
  column, else the sum of its counts.
* "Showdown win rate by final hand class" (from ``showdown_outcomes``): one bar per hand
  class (per variant when there is a ``variant`` column; rows whose class starts with
  "last draw" are groups by the cards drawn, not classes, and are left out); the rate is a
  ``win_pct`` / ``win_rate``-like column (``pct``: percent) or wins / showdowns; failing
  both, the first numeric column, scaled to its maximum. A bar's ``n`` is its showdowns.
* "Winnings" (from ``results``): the running net of each stake.

A chart with nothing to draw is a note saying why. Every table sorts by a click on a
column's header (numbers as numbers, money included; a second click reverses).
"""

from __future__ import annotations

import html as _html
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import quote

import polars as pl

PAT_AND_DRAW_COLOURS: Final = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
)
"""Pat, draw 1, draw 2, draw 3, draw 4, draw 5."""
OTHER_COLOURS: Final = ("#9c755f", "#ff9da7", "#bab0ac", "#86bcb6", "#d37295", "#fabfd2")
"""Series of a fallback stacked chart beyond the six above."""
WIN_RATE_COLOUR: Final = "#b07aa1"
"""Bars of the showdown win-rate chart."""
LEAK_COLOUR: Final = "#e15759"
"""Bars of the draw-leaks chart."""

STYLE: Final = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5rem;
       color: #222; background: #fff; }
h1 { font-size: 1.4rem; margin: 0 0 .4rem 0; }
h2 { font-size: 1.1rem; margin: 1.2rem 0 .4rem 0; }
table { border-collapse: collapse; font-size: .85rem; }
th, td { border: 1px solid #ccc; padding: .2rem .5rem; vertical-align: top; }
th { background: #f3f3f3; text-align: left; }
table.sortable th { cursor: pointer; }
th[aria-sort="ascending"]::after { content: " \\25B2"; }
th[aria-sort="descending"]::after { content: " \\25BC"; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.note { color: #555; font-size: .85rem; margin: .2rem 0 .6rem 0; }
figure { margin: 0 0 1rem 0; }
figcaption { font-weight: 600; margin-bottom: .3rem; }
.chart { max-width: 1100px; }
"""


def escape(text: object) -> str:
    return _html.escape(str(text), quote=True)


SORT_SCRIPT: Final = """
(function () {
  function key(text) {
    var plain = text.replace(/[\\s,$\u20ac\u00a3%+]|chips/g, "").replace("\u2212", "-");
    return plain !== "" && !isNaN(plain) ? Number(plain) : null;
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("thead th").forEach(function (header, column) {
      header.tabIndex = 0;
      header.title = "sort by this column";
      function sort() {
        var up = header.getAttribute("aria-sort") !== "ascending";
        table.querySelectorAll("thead th").forEach(function (other) {
          other.removeAttribute("aria-sort");
        });
        header.setAttribute("aria-sort", up ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows).map(function (row, index) {
          var text = row.cells[column] ? row.cells[column].textContent.trim() : "";
          return { row: row, index: index, text: text, number: key(text) };
        });
        rows.sort(function (a, b) {
          var order;
          if (a.text === "" || b.text === "") order = (a.text === "") - (b.text === "");
          else if (a.number !== null && b.number !== null) order = a.number - b.number;
          else order = a.text.localeCompare(b.text);
          if (!(a.text === "" || b.text === "") && !up) order = -order;
          return order || a.index - b.index;
        });
        rows.forEach(function (item) { body.appendChild(item.row); });
      }
      header.addEventListener("click", sort);
      header.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sort(); }
      });
    });
  });
})();
"""
"""Click a header to sort its table by that column (empty cells last either way)."""


def page(title: str, body: str, *, head: str = "") -> str:
    """A complete HTML5 document (UTF-8, inline CSS and scripts: nothing from the network);
    ``head``: more of the ``<head>`` (a chart page's Plotly script)."""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n{head}</head>\n<body>\n"
        f"{body}\n<script>{SORT_SCRIPT}</script>\n</body>\n</html>\n"
    )


def table(columns: Sequence[str], rows: Sequence[Sequence[str]],
          numeric: Sequence[bool] | None = None, *, raw: bool = False) -> str:
    """An HTML table of text cells (escaped unless ``raw``: then the cells are HTML)."""
    right = list(numeric or [False] * len(columns))
    head = "".join(f"<th>{escape(name)}</th>" for name in columns)
    body = []
    opening = ['<td class="num">' if flag else "<td>" for flag in right]
    for row in rows:
        cells = "".join(
            f"{opening[i]}{cell if raw else escape(cell)}</td>" for i, cell in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    return (
        f"<table class=\"sortable\">\n<thead><tr>{head}</tr></thead>\n<tbody>\n"
        + "\n".join(body)
        + "\n</tbody>\n</table>\n"
    )


# --- the index of a run ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class IndexItem:
    entry: str
    report: str
    title: str
    parameters: str
    rows: int
    files: tuple[str, ...]
    """File names relative to the index."""


def index_page(*, title: str, subtitle: str, items: Sequence[IndexItem],
               charts: Sequence[str], head: str = "") -> str:
    """The run's index: a table linking every file, then the charts (``head``: the script
    that loads Plotly)."""
    rows = [
        [
            escape(item.entry),
            f"{escape(item.title)}<br><span class=\"note\">{escape(item.report)}</span>",
            escape(item.parameters),
            f"{item.rows:,}",
            " · ".join(f"<a href=\"{escape(quote(name))}\">{escape(name)}</a>"
                       for name in item.files),
        ]
        for item in items
    ]
    body = (
        f"<h1>{escape(title)}</h1>\n<p class=\"note\">{escape(subtitle)}</p>\n"
        + table(("entry", "report", "parameters", "rows", "files"), rows,
                (False, False, False, True, False), raw=True)
        + "<h2>Charts</h2>\n" + "\n".join(charts)
    )
    return page(title, body, head=head)


def figure(caption: str, content: str, note: str = "") -> str:
    extra = f"<p class=\"note\">{escape(note)}</p>\n" if note else ""
    return f"<figure>\n<figcaption>{escape(caption)}</figcaption>\n{extra}{content}\n</figure>"


def note_figure(caption: str, note: str) -> str:
    return figure(caption, "", note)


# --- reading columns defensively ---------------------------------------------------------


def _numeric(frame: pl.DataFrame) -> list[str]:
    return [name for name, dtype in frame.schema.items() if dtype.is_numeric()]


def _textual(frame: pl.DataFrame) -> list[str]:
    return [name for name, dtype in frame.schema.items()
            if dtype in (pl.String, pl.Categorical) or isinstance(dtype, pl.Enum)]


def _first(frame: pl.DataFrame, candidates: Sequence[str], among: Sequence[str]) -> str | None:
    lower = {name.lower(): name for name in among}
    return next((lower[name] for name in candidates if name in lower), None)


def _number(value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0.0
    return number if math.isfinite(number) else 0.0


_SHARE_WORD = re.compile(r"share|pct|percent|rate|freq|fraction|ratio|prop")
_PAT = re.compile(r"^(pat|pats|stand_?pat|stands_?pat|stood_?pat|stays?_?pat)(_.*)?$")
_DRAW_K = re.compile(
    r"^(draw|draws|drew|drawn|drawing|discard|discards|discarded|cards_drawn|d|n)_?([0-5])"
    r"(_.*)?$"
)
_DRAW_LEVEL = ("discarded", "cards_drawn", "drawn", "drew", "n_cards", "draw_count",
               "discards", "cards", "n_discarded", "number_drawn")
_ROUND = ("draw_round", "round", "draw_number", "draw_no", "round_index")
_EXTRA_KEYS = ("position", "player", "players", "players_dealt")
"""Columns that split a variant's rounds further (NULL when the report's option is off)."""
_N = ("decisions", "count", "n", "times", "hands", "player_draws")
"""The column of a bar's n."""
_COUNT = ("decisions", "count", "n", "draws", "times", "players", "player_draws", "hands",
          "frequency", "freq", "share", "pct", "percent", "rate")


def _category(name: str) -> int | None:
    """0 for pat, k for draw k, None for any other column."""
    lower = name.lower()
    if _PAT.match(lower):
        return 0
    match = _DRAW_K.match(lower)
    return int(match.group(2)) if match else None


@dataclass(frozen=True, slots=True)
class Bars:
    """Stacked bars: one label and one value per series for every bar."""

    series: tuple[str, ...]
    colours: tuple[str, ...]
    labels: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]
    counts: tuple[float | None, ...]
    """Each bar's n: the decisions it counts (None: not known from the columns)."""


def draw_frequency_bars(frame: pl.DataFrame) -> tuple[Bars | None, str]:
    """The bars of the draw-frequency chart, and a note on how they were read."""
    if frame.height == 0:
        return None, "the report returned no rows"
    numeric = _numeric(frame)
    variant = _first(frame, ("variant", "game"), frame.columns)
    round_ = _first(frame, _ROUND, frame.columns)
    if round_ is None:
        round_ = next((name for name in frame.columns if "round" in name.lower()), None)
    extras = [name for name in _EXTRA_KEYS if name in frame.columns]
    keys = [name for name in (variant, round_, *extras) if name is not None]
    n_column = _first(frame, _N, numeric)
    wide = _wide_columns(frame, numeric)
    if wide:
        return _wide_bars(frame, keys, wide, n_column), ""
    level = _first(frame, _DRAW_LEVEL, numeric)
    if level is not None:
        value = _first(frame, _COUNT, [n for n in numeric if n not in (level, round_)])
        value = value or next((n for n in numeric if n not in (level, round_)), None)
        return _long_bars(frame, keys, level, value), ""
    series = [name for name in numeric if name != round_]
    if not series:
        return None, (f"no numeric columns to draw (columns: {', '.join(frame.columns)})")
    return _stacked(frame, keys or _textual(frame)[:1], series, n_column), (
        "pat/draw columns not recognised: the bars stack the numeric columns "
        + ", ".join(series)
    )


def _wide_columns(frame: pl.DataFrame, numeric: Sequence[str]) -> dict[int, str]:
    by_kind: dict[bool, dict[int, str]] = {False: {}, True: {}}
    for name in numeric:
        category = _category(name)
        if category is not None:
            by_kind[bool(_SHARE_WORD.search(name.lower()))].setdefault(category, name)
    counts, shares = by_kind[False], by_kind[True]
    chosen = counts if len(counts) >= 2 else shares if len(shares) >= 2 else {}
    return dict(sorted(chosen.items()))


def _label(row: dict[str, Any], keys: Sequence[str], index: int) -> str:
    """``variant, round 2`` (and the values of any other key columns that are set)."""
    parts = [
        f"round {row[key]}" if key.lower() in _ROUND or "round" in key.lower() else str(row[key])
        for key in keys if row.get(key) is not None
    ]
    return ", ".join(parts) or f"row {index + 1}"


def _series_names(categories: Sequence[int]) -> tuple[str, ...]:
    return tuple("pat" if k == 0 else f"draw {k}" for k in categories)


def _wide_bars(frame: pl.DataFrame, keys: Sequence[str], columns: dict[int, str],
               n_column: str | None) -> Bars:
    categories = sorted(columns)
    counted = not any(_SHARE_WORD.search(name.lower()) for name in columns.values())
    labels, values, counts = [], [], []
    for index, row in enumerate(frame.iter_rows(named=True)):
        labels.append(_label(row, keys, index))
        bar = tuple(_number(row[columns[k]]) for k in categories)
        values.append(bar)
        counts.append(_number(row[n_column]) if n_column else sum(bar) if counted else None)
    return Bars(_series_names(categories), tuple(PAT_AND_DRAW_COLOURS[k] for k in categories),
                tuple(labels), tuple(values), tuple(counts))


def _long_bars(frame: pl.DataFrame, keys: Sequence[str], level: str, value: str | None
               ) -> Bars:
    totals: dict[tuple[Any, ...], dict[int, float]] = {}
    for row in frame.iter_rows(named=True):
        drawn = row[level]
        if drawn is None or not 0 <= _number(drawn) <= 5:
            continue
        bar = totals.setdefault(tuple(row[key] for key in keys), {})
        amount = _number(row[value]) if value is not None else 1.0
        bar[int(_number(drawn))] = bar.get(int(_number(drawn)), 0.0) + amount
    categories = sorted({k for bar in totals.values() for k in bar}) or [0]
    labels = tuple(
        _label(dict(zip(keys, key, strict=True)), keys, index)
        for index, key in enumerate(totals)
    )
    values = tuple(tuple(bar.get(k, 0.0) for k in categories) for bar in totals.values())
    counted = value is not None and not _SHARE_WORD.search(value.lower())
    counts = tuple(sum(bar) if counted else None for bar in values)
    return Bars(_series_names(categories), tuple(PAT_AND_DRAW_COLOURS[k] for k in categories),
                labels, values, counts)


def _stacked(frame: pl.DataFrame, keys: Sequence[str], series: Sequence[str],
             n_column: str | None) -> Bars:
    palette = PAT_AND_DRAW_COLOURS + OTHER_COLOURS
    labels, values, counts = [], [], []
    for index, row in enumerate(frame.iter_rows(named=True)):
        labels.append(_label(row, keys, index))
        values.append(tuple(_number(row[name]) for name in series))
        counts.append(_number(row[n_column]) if n_column and n_column not in series else None)
    return Bars(tuple(series), tuple(palette[i % len(palette)] for i in range(len(series))),
                tuple(labels), tuple(values), tuple(counts))


# --- showdown win rates ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RateBar:
    name: str
    rate: float
    """0 to 1."""
    n: int | None
    """The showdowns it counts (None: not known from the columns)."""
    text: str
    """The rate as shown beside the bar (``75.0% (n=4)``)."""


@dataclass(frozen=True, slots=True)
class RateBars:
    groups: tuple[tuple[str, tuple[RateBar, ...]], ...]
    """(group heading or "", its bars)."""


_NOT_A_CLASS = "last draw"
"""showdown_outcomes also groups showdowns by the cards drawn last: not a hand class."""


def win_rate_bars(frame: pl.DataFrame) -> tuple[RateBars | None, str]:
    """The bars of the showdown chart, and a note on how they were read."""
    if frame.height == 0:
        return None, "the report returned no rows"
    numeric, textual = _numeric(frame), _textual(frame)
    variant = _first(frame, ("variant", "game"), textual)
    label = _first(frame, ("final_class", "class_group", "hand_class", "final_hand_class",
                           "class", "final_hand", "hand"), textual)
    label = label or next((name for name in textual if name != variant), None)
    rate = next((name for name in numeric
                 if re.search(r"win.*(rate|share|pct|percent|freq)|^rate$|won_share",
                              name.lower())), None)
    wins = _first(frame, ("won", "wins", "won_at_showdown", "showdowns_won", "winners",
                          "won_count"), numeric)
    total = _first(frame, ("showdowns", "n", "count", "players", "hands", "total",
                           "player_showdowns"), numeric)
    note, shown = "", None
    if rate is None and wins is not None and total is not None:
        values = [_number(w) / _number(t) if _number(t) else 0.0
                  for w, t in zip(frame[wins], frame[total], strict=True)]
    elif rate is not None:
        values = [_number(v) for v in frame[rate]]
        if re.search(r"pct|percent", rate.lower()) or max(values, default=0) > 1.0:
            values = [v / 100 for v in values]
    elif numeric:
        shown = next((n for n in numeric if n != total), numeric[0])
        raw = [_number(v) for v in frame[shown]]
        peak = max(raw, default=0) or 1.0
        values = [v / peak for v in raw]
        note = f"no win-rate column: the bars show {shown}, scaled to its maximum"
    else:
        return None, f"no numeric columns to draw (columns: {', '.join(frame.columns)})"
    groups: dict[str, list[RateBar]] = {}
    for index, row in enumerate(frame.iter_rows(named=True)):
        if label and str(row[label]).startswith(_NOT_A_CLASS):
            continue
        heading = str(row[variant]) if variant and row[variant] is not None else ""
        name = (str(row[label]) if row[label] is not None else "(none)") if label else (
            f"row {index + 1}")
        value = max(0.0, min(values[index], 1.0))
        after = f"{100 * value:.1f}%" if shown is None else display_number(row[shown])
        n = None
        if total is not None and row[total] is not None and total != shown:
            n = int(_number(row[total]))
            after += f" (n={n:,})"
        groups.setdefault(heading, []).append(RateBar(name, value, n, after))
    if not groups:
        return None, "no rows of final hand classes"
    return RateBars(tuple((key, tuple(items)) for key, items in groups.items())), note


def display_number(value: Any) -> str:
    number = _number(value)
    return f"{number:,.0f}" if number.is_integer() else f"{number:,.4g}"


DRAW_CHART: Final = "Draw frequencies per round"
SHOWDOWN_CHART: Final = "Showdown win rate by final hand class"


WINNINGS_CHART: Final = "Winnings"
LEAK_CHART: Final = "Draw leaks: chances of the target given away"
PLOT_MARK: Final = 'class="plotly-graph-div"'
"""In a page's HTML where a Plotly chart is: the page then needs Plotly's script."""


def draw_frequency_chart(frame: pl.DataFrame | None, note: str = "") -> str:
    """The draw-frequency figure; ``note`` says where the rows come from, or why there are
    none (``frame`` None)."""
    from hhparse.reports import charts

    if frame is None:
        return note_figure(DRAW_CHART, note or "no data")
    bars, problem = draw_frequency_bars(frame)
    if bars is None:
        return note_figure(DRAW_CHART, _join(note, problem))
    return figure(DRAW_CHART, charts.figure_div(charts.draw_frequency_figure(bars),
                                                 "draw-frequencies"), _join(
        note, problem or "share of draw decisions: pat and draw 1..5, per variant and round",
        f"n: the decisions of the bar; fewer than {charts.SMALL_SAMPLE}: faded"))


def showdown_chart(frame: pl.DataFrame | None, note: str = "") -> str:
    """The showdown figure; ``note`` as for :func:`draw_frequency_chart`."""
    from hhparse.reports import charts

    if frame is None:
        return note_figure(SHOWDOWN_CHART, note or "no data")
    bars, problem = win_rate_bars(frame)
    if bars is None:
        return note_figure(SHOWDOWN_CHART, _join(note, problem))
    return figure(SHOWDOWN_CHART, charts.figure_div(
        charts.win_rate_figure(bars, WIN_RATE_COLOUR), "showdown-win-rates"), _join(
        note, problem or "share of showdowns won, by the final hand's class, with its 95% "
        "Wilson interval",
        f"n: the showdowns of the bar; fewer than {charts.SMALL_SAMPLE}: faded"))


def winnings_chart(frame: pl.DataFrame | None, note: str = "") -> str:
    """The winnings graph (``results`` rows); ``note`` as for :func:`draw_frequency_chart`."""
    from hhparse.reports import charts

    if frame is None:
        return note_figure(WINNINGS_CHART, note or "no data")
    lines, axis, problem = charts.winnings_lines(frame)
    if not lines:
        return note_figure(WINNINGS_CHART, _join(note, problem))
    return figure(WINNINGS_CHART, charts.figure_div(charts.winnings_figure(lines, axis),
                                                     "winnings"), _join(
        note, problem or "running net of each stake, in time order"))


def leak_chart(frame: pl.DataFrame | None, note: str = "") -> str:
    """The draw-leaks figure (``draw_leaks`` rows); ``note`` as for
    :func:`draw_frequency_chart`."""
    from hhparse.reports import charts

    if frame is None:
        return note_figure(LEAK_CHART, note or "no data")
    if frame.height == 0 or "total_gap" not in frame.columns:
        return note_figure(LEAK_CHART, _join(note, "no judged draw decision"))
    return figure(LEAK_CHART, charts.figure_div(charts.leak_figure(frame, LEAK_COLOUR),
                                                "draw-leaks"), _join(
        note, f"the {charts.LEAK_BARS} patterns that gave the most away: the chances of the "
        "target lost against the best keep, summed over their decisions",
        f"n: the decisions of the bar; fewer than {charts.SMALL_SAMPLE}: faded"))


CHARTS_OF_REPORTS: Final = {
    "draw_frequencies": draw_frequency_chart,
    "showdown_outcomes": showdown_chart,
    "results": winnings_chart,
    "draw_leaks": leak_chart,
}
"""The chart a report's own HTML page carries, by report name."""


def _join(*notes: str) -> str:
    return "; ".join(note for note in notes if note)
