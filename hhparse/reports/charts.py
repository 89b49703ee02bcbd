"""The report charts, drawn with Plotly (offline: its script travels with the page).

Three charts, each from a report's rows:

* **Winnings** (``results``): the running net against the hands played, one line per
  money unit, currency, structure and stakes (as the report's rows never mix them); the
  hover says when. The axis is money when every
  line has the same unit and currency, else big bets (each hand's own), so that no line of
  dollars is drawn against one of chips.
* **Draw frequencies** (``draw_frequencies``): one stacked bar per variant and draw round,
  the shares of pat and draw 1..5, with ``n`` (the decisions counted) over every bar.
* **Showdown win rate** (``showdown_outcomes``): one bar per final hand class with its 95 %
  Wilson score interval, and ``n`` (the showdowns) beside it.

A bar whose ``n`` is under :data:`SMALL_SAMPLE` is drawn faded (opacity
:data:`FADED_OPACITY`) and its label says "small sample": two decisions never look as
solid as two hundred.

Plotly's script (``plotly.min.js``, ~4.8 MB) is inlined in a page that stands alone, or
written once beside the pages of a scheduled run (:func:`write_plotly_beside`); no page
loads anything from the network.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import polars as pl

from hhparse.money import display_amount, unit_label

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from hhparse.reports.html import Bars, RateBars

SMALL_SAMPLE: Final = 30
"""Bars counting fewer decisions or showdowns than this are faded and marked."""
FADED_OPACITY: Final = 0.3
Z_95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
PLOTLY_FILE: Final = "plotly.min.js"
"""Plotly's script, written beside the pages of a scheduled run."""
FONT: Final = {"family": "system-ui, -apple-system, Segoe UI, sans-serif", "size": 12}
CONFIG: Final = {"displaylogo": False, "responsive": True}
WINNINGS_COLOURS: Final = ("#2f6db3", "#d1603d", "#3a9d5d", "#8e5bb5", "#b5862b", "#5f7c8a")


def wilson_interval(successes: float, trials: float, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0 to 1 with no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (
        1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def small(n: float | None) -> bool:
    return n is not None and n < SMALL_SAMPLE


def _n_text(n: float | None) -> str:
    if n is None:
        return ""
    return f"n={int(n):,}" + (" (small sample)" if small(n) else "")


def _layout(figure: go.Figure, *, height: int, **extra: Any) -> None:
    settings: dict[str, Any] = {"margin": {"l": 60, "r": 30, "t": 40, "b": 60}} | extra
    figure.update_layout(template="plotly_white", font=FONT, height=height, **settings)


# --- draw frequencies --------------------------------------------------------------------


def draw_frequency_figure(bars: Bars) -> go.Figure:
    import plotly.graph_objects as go

    shares = []
    for values in bars.values:
        total = sum(value for value in values if value > 0)
        shares.append([100 * max(value, 0) / total if total else 0.0 for value in values])
    opacity = [FADED_OPACITY if small(n) else 1.0 for n in bars.counts]
    labels = list(bars.labels)
    figure = go.Figure()
    for index, (name, colour) in enumerate(zip(bars.series, bars.colours, strict=True)):
        figure.add_trace(go.Bar(
            name=name, x=labels, y=[row[index] for row in shares],
            marker={"color": colour, "opacity": opacity},
            customdata=[[_n_text(n)] for n in bars.counts],
            hovertemplate=f"%{{x}}<br>{name}: %{{y:.1f}}%<br>%{{customdata[0]}}<extra></extra>",
        ))
    for label, n in zip(labels, bars.counts, strict=True):
        if n is not None:
            figure.add_annotation(x=label, y=100, yanchor="bottom", showarrow=False,
                                  text=f"n={int(n):,}", font={"size": 11},
                                  opacity=0.55 if small(n) else 1.0)
    _layout(figure, height=420, barmode="stack",
            legend={"orientation": "h", "y": 1.12, "traceorder": "normal"},
            yaxis={"title": "share of draw decisions (%)", "range": [0, 108]},
            xaxis={"tickangle": -35})
    return figure


# --- showdown win rates ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RateRow:
    label: str
    rate: float
    low: float | None
    high: float | None
    n: int | None


def rate_rows(rates: RateBars) -> list[RateRow]:
    """One row per bar, each with its interval when its showdowns are known."""
    rows = []
    for heading, bars in rates.groups:
        for bar in bars:
            label = f"{heading} · {bar.name}" if heading else bar.name
            low = high = None
            if bar.n:
                low, high = wilson_interval(bar.rate * bar.n, bar.n)
            rows.append(RateRow(label, bar.rate, low, high, bar.n))
    return rows


def win_rate_figure(rates: RateBars, colour: str) -> go.Figure:
    import plotly.graph_objects as go

    rows = rate_rows(rates)
    rows.reverse()  # the first row at the top
    plus = [100 * (row.high - row.rate) if row.high is not None else 0.0 for row in rows]
    minus = [100 * (row.rate - row.low) if row.low is not None else 0.0 for row in rows]
    text = [f"{100 * row.rate:.1f}%" + (f"  {_n_text(row.n)}" if row.n is not None else "")
            for row in rows]
    interval = [f"{100 * row.low:.1f}–{100 * row.high:.1f}%" if row.low is not None
                and row.high is not None else "no interval: showdowns unknown" for row in rows]
    figure = go.Figure(go.Bar(
        orientation="h", x=[100 * row.rate for row in rows], y=[row.label for row in rows],
        marker={"color": colour, "opacity": [FADED_OPACITY if small(row.n) else 1.0
                                             for row in rows]},
        error_x={"type": "data", "symmetric": False, "array": plus, "arrayminus": minus,
                 "color": "#444", "thickness": 1.2, "width": 4},
        text=text, textposition="outside", cliponaxis=False,
        customdata=[[line] for line in interval],
        hovertemplate="%{y}: %{x:.1f}%<br>95% interval %{customdata[0]}<extra></extra>",
    ))
    longest = max((len(row.label) for row in rows), default=10)
    _layout(figure, height=max(220, 70 + 24 * len(rows)),
            xaxis={"title": "showdowns won (%), with 95% Wilson interval", "range": [0, 125]},
            yaxis={"automargin": True}, margin={"l": min(60 + 6 * longest, 360), "r": 30,
                                                "t": 20, "b": 50})
    return figure


# --- draw leaks ---------------------------------------------------------------------------

LEAK_BARS: Final = 15
"""draw_leaks: the patterns charted (those that gave the most away)."""


def leak_figure(frame: pl.DataFrame, colour: str) -> go.Figure:
    """draw_leaks rows as bars: the target hands expected to be lost per pattern, the
    worst at the top, faded when the pattern has few decisions."""
    import plotly.graph_objects as go

    rows = list(frame.head(LEAK_BARS).iter_rows(named=True))
    rows.reverse()  # the first row at the top
    labels = [f"{row['player']} · {row['pattern']}" for row in rows]
    figure = go.Figure(go.Bar(
        orientation="h", x=[row["total_gap"] for row in rows], y=labels,
        marker={"color": colour, "opacity": [FADED_OPACITY if small(row["decisions"]) else 1.0
                                             for row in rows]},
        text=[f"{row['total_gap']:.2f}  {_n_text(row['decisions'])}" for row in rows],
        textposition="outside", cliponaxis=False,
        customdata=[[row["leaks"], row["decisions"], 100 * row["mean_gap"],
                     row["best_choice"] or ""] for row in rows],
        hovertemplate="%{y}<br>%{x:.2f} target hands lost in %{customdata[1]} decisions "
                      "(%{customdata[0]} leaks, %{customdata[2]:.1f} points each)<br>"
                      "best: %{customdata[3]}<extra></extra>",
    ))
    longest = max((len(label) for label in labels), default=10)
    top = max((row["total_gap"] for row in rows), default=1.0) or 1.0
    _layout(figure, height=max(220, 70 + 24 * len(rows)),
            xaxis={"title": "target hands expected to be lost (sum of the gaps)",
                   "range": [0, top * 1.3]},
            yaxis={"automargin": True}, margin={"l": min(60 + 6 * longest, 420), "r": 30,
                                                "t": 20, "b": 50})
    return figure


# --- winnings ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    name: str
    x: list[Any]
    y: list[float]
    hover: list[str]


WINNINGS_COLUMNS: Final = ("unit", "currency", "cumulative_net", "cumulative_big_bets")


def winnings_lines(frame: pl.DataFrame) -> tuple[list[Line], str, str]:
    """The lines of the winnings graph from ``results`` rows, the axis title and a note
    (empty lines and the reason in the note when the rows cannot make one)."""
    missing = [name for name in WINNINGS_COLUMNS if name not in frame.columns]
    if frame.height == 0:
        return [], "", "the report returned no rows"
    if missing:
        return [], "", f"no {', '.join(missing)} column: not results rows"
    keys = [name for name in ("unit", "currency", "structure", "stakes") if name in frame.columns]
    units = frame.select("unit", "currency").unique()
    in_money = units.height == 1
    lines = []
    for _, group in frame.group_by(keys, maintain_order=True):
        first = group.row(0, named=True)
        unit, currency = first["unit"], first["currency"]
        stakes = " ".join(str(first[name]) for name in ("stakes", "structure")
                          if first.get(name)) or "all stakes"
        name = f"{stakes} {currency}" if currency != "chips" else f"{stakes} chips"
        played = group["hands"].fill_null(0) if "hands" in group.columns else pl.Series(
            [1] * group.height)
        x = played.cum_sum().to_list()
        if in_money:
            y = [_major(int(value), unit) for value in group["cumulative_net"].fill_null(0)]
        else:
            y = [float(value or 0) for value in group["cumulative_big_bets"]]
        hover = [_hover(row, unit, currency) for row in group.iter_rows(named=True)]
        lines.append(Line(name, x, y, hover))
    if in_money:
        first = units.row(0, named=True)
        return lines, f"net ({unit_label(first['unit'], first['currency'])})", ""
    return lines, "net (big bets)", ("several units or currencies: the lines are in big bets,"
                                      " each hand's own")


def _hover(row: dict[str, Any], unit: str, currency: str) -> str:
    """``site 123 (2026-02-20 21:03 UTC)<br>net -$4.00, running $12.00 (3.0 big bets)``."""
    moment = row.get("last_hand_at")
    when = f" ({moment:%Y-%m-%d %H:%M} UTC)" if moment is not None else ""
    big_bets = row.get("cumulative_big_bets")
    return (f"{row.get('period', '')}{when}<br>net "
            f"{display_amount(int(row['net'] or 0), unit, currency)}, running "
            f"{display_amount(int(row['cumulative_net'] or 0), unit, currency)}"
            f" ({big_bets if big_bets is not None else '?'} big bets)")


def _major(minor: int, unit: str) -> float:
    """An amount in the unit people read (dollars for cents; chips stay chips)."""
    return minor / 100 if unit == "cents" else float(minor)


def winnings_figure(lines: Sequence[Line], axis: str) -> go.Figure:
    import plotly.graph_objects as go

    figure = go.Figure()
    for index, line in enumerate(lines):
        figure.add_trace(go.Scatter(
            name=line.name, x=line.x, y=line.y, mode="lines+markers" if len(line.x) < 60
            else "lines", line={"color": WINNINGS_COLOURS[index % len(WINNINGS_COLOURS)],
                                "width": 2},
            customdata=[[text] for text in line.hover],
            hovertemplate="%{customdata[0]}<extra>%{fullData.name}</extra>",
        ))
    figure.add_hline(y=0, line={"color": "#999", "width": 1})
    _layout(figure, height=380, legend={"orientation": "h", "y": 1.12}, showlegend=True,
            yaxis={"title": axis, "zeroline": False},
            xaxis={"title": "hands played (at each stake)", "rangemode": "tozero"})
    return figure


# --- into pages --------------------------------------------------------------------------


def figure_div(figure: go.Figure, div_id: str) -> str:
    """The chart as a ``<div>`` and the script that draws it (Plotly must be loaded)."""
    height = figure.layout.height or 400
    return str(figure.to_html(full_html=False, include_plotlyjs=False, div_id=div_id,
                              config=CONFIG, default_height=f"{height}px"))


def plotly_script(*, beside: bool) -> str:
    """The ``<script>`` that loads Plotly: from :data:`PLOTLY_FILE` beside the page, or
    inline."""
    if beside:
        return f'<script src="{PLOTLY_FILE}" charset="utf-8"></script>'
    from plotly.offline import get_plotlyjs

    return f'<script charset="utf-8">{get_plotlyjs()}</script>'


def write_plotly_beside(folder: Path) -> Path:
    """Write Plotly's script into ``folder`` (for the pages there that load it beside)."""
    from plotly.offline import get_plotlyjs

    path = folder / PLOTLY_FILE
    path.write_text(get_plotlyjs(), encoding="utf-8")
    return path
