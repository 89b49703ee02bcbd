"""The report charts and tables as a person sees them, in headless Chromium (tests/browser.py):
the scheduled run's index with its three Plotly charts (winnings, draw frequencies with n on
every bar, showdown win rates with intervals), each screenshot written under the test's
temporary folder and checked for ink and the traces' colours; tables sorted by a click.
The charts' numbers are checked against counts made here from the stored rows."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from hhparse.ingest import ingest
from hhparse.reports import charts, html
from hhparse.reports.run import run_report
from hhparse.reports.schedule import load_schedule, run_schedule
from hhparse.synth import SynthOptions, generate_hands
from tests.browser import faded, hex_rgb, ink_share, opened, pixels_near

SCHEDULE = """\
timezone = "UTC"

[[reports]]
name = "draw_frequencies"

[[reports]]
name = "showdown_outcomes"

[[reports]]
name = "results"
parameters = { by = "hand" }
"""
MIXES = (("27_triple_draw", 300), ("razz", 40))
"""Enough triple-draw hands for bars over the small-sample threshold, few razz hands for
faded ones."""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("charts")
    generated = folder / "generated.txt"
    generated.write_text("".join(
        text + "\n\n" for seed, (variant, hands) in enumerate(MIXES)
        for text in generate_hands(SynthOptions(variant=variant, hands=hands, seed=seed))),
        encoding="utf-8")
    database = folder / "store.duckdb"
    ingest([generated], database)
    return database


@pytest.fixture(scope="module")
def run_folder(store: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("run")
    config = folder / "reports.toml"
    config.write_text(SCHEDULE, encoding="utf-8")
    result = run_schedule(load_schedule(config), store, out_dir=folder / "out",
                          now=datetime(2026, 12, 1, 9, 0, tzinfo=UTC))
    assert result.folder is not None
    return result.folder


def _rows(store: Path, query: str) -> list[tuple[object, ...]]:
    con = duckdb.connect(str(store), read_only=True)
    try:
        return con.execute(query).fetchall()
    finally:
        con.close()


# --- the numbers, counted here -----------------------------------------------------------


def test_the_winnings_line_ends_at_the_heros_nets_added_here(store: Path) -> None:
    lines, axis, note = charts.winnings_lines(run_report(store, "results", {"by": "hand"}))
    nets: dict[str, int] = defaultdict(int)
    counted: Counter[str] = Counter()
    for small_bet, big_bet, net in _rows(
            store, "SELECT h.small_bet, h.big_bet, p.net FROM players AS p JOIN hands AS h "
                   "USING (hand_key) WHERE p.player = 'Hero' AND p.dealt_in"):
        stakes = f"{int(str(small_bet)) / 100:.2f}/{int(str(big_bet)) / 100:.2f}"
        nets[stakes] += int(str(net))
        counted[stakes] += 1
    assert (axis, note) == ("net ($)", "")
    assert sorted(line.name for line in lines) == sorted(f"{stakes} fl USD" for stakes in nets)
    assert sum(counted.values()) == sum(hands for _, hands in MIXES)
    for line in lines:
        stakes = line.name.split()[0]
        assert len(line.y) == counted[stakes]
        assert line.y[-1] == pytest.approx(nets[stakes] / 100)
        assert line.x == list(range(1, counted[stakes] + 1))  # by hand: hand 1, 2, ...


def test_every_draw_bar_carries_the_decisions_counted_here(store: Path) -> None:
    frame = run_report(store, "draw_frequencies", {})
    bars, _ = html.draw_frequency_bars(frame)
    assert bars is not None
    decisions = Counter(f"{variant}, round {draw_round}" for variant, draw_round in _rows(
        store, "SELECT h.variant, d.draw_round FROM draws AS d JOIN hands AS h USING (hand_key)"))
    assert dict(zip(bars.labels, bars.counts, strict=True)) == decisions
    figure = charts.draw_frequency_figure(bars)
    assert [note.text for note in figure.layout.annotations] == [
        f"n={decisions[label]:,}" for label in bars.labels]


def test_wilson_intervals_are_the_published_ones() -> None:
    # Wilson (1927), as tabulated by Newcombe (1998) for 95 %
    assert charts.wilson_interval(3, 4) == pytest.approx((0.3006, 0.9544), abs=1e-4)
    assert charts.wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert charts.wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert charts.wilson_interval(0, 0) == (0.0, 1.0)


def test_small_samples_are_faded_and_said_so() -> None:
    rates = html.RateBars((("razz", (html.RateBar("7-low", 0.5, 2, ""),
                                     html.RateBar("8-low", 0.4, 50, ""))),))
    figure = charts.win_rate_figure(rates, html.WIN_RATE_COLOUR)
    [bar] = figure.data
    assert list(bar.marker.opacity) == [1.0, charts.FADED_OPACITY]  # reversed: top row first
    assert "n=2 (small sample)" in bar.text[1] and "small" not in bar.text[0]
    low, high = charts.wilson_interval(1, 2)
    assert bar.error_x.arrayminus[1] == pytest.approx(100 * (0.5 - low))
    assert bar.error_x.array[1] == pytest.approx(100 * (high - 0.5))


# --- in Chromium -------------------------------------------------------------------------


def test_the_index_shows_the_three_charts(run_folder: Path, tmp_path: Path) -> None:
    with opened(run_folder / "index.html") as seen:
        page = seen.page
        page.wait_for_selector("#showdown-win-rates.js-plotly-plot .main-svg")
        shots = {}
        for chart in ("winnings", "draw-frequencies", "showdown-win-rates"):
            shots[chart] = tmp_path / f"{chart}.png"
            page.locator(f"#{chart}").screenshot(path=str(shots[chart]))
        annotations = page.eval_on_selector_all(
            "#draw-frequencies g.annotation", "nodes => nodes.map(node => node.textContent)")
        error_bars = page.locator("#showdown-win-rates g.errorbar").count()
        seen.assert_offline_and_clean()
    for chart, shot in shots.items():
        assert ink_share(shot) > 0.02, f"{chart}: blank chart"
    assert pixels_near(shots["winnings"], hex_rgb(charts.WINNINGS_COLOURS[0]), 40) > 300
    for colour in html.PAT_AND_DRAW_COLOURS[:3]:  # pat, draw 1, draw 2 of n >= 30 bars
        assert pixels_near(shots["draw-frequencies"], hex_rgb(colour)) > 2000, colour
    rate = hex_rgb(html.WIN_RATE_COLOUR)
    assert pixels_near(shots["showdown-win-rates"], rate) > 2000
    assert pixels_near(shots["showdown-win-rates"],
                       faded(rate, charts.FADED_OPACITY)) > 1000  # razz: small samples
    assert annotations and all(text.startswith("n=") for text in annotations)
    showdown_rows = run_report_rows(run_folder)
    assert error_bars == showdown_rows


def run_report_rows(folder: Path) -> int:
    """The rows of the run's showdown_outcomes that are hand classes (one bar each)."""
    text = (folder / "showdown_outcomes.html").read_text(encoding="utf-8")
    return text.count("<tr>") - 1 - text.count("<td>last draw")


def test_a_click_on_a_header_sorts_the_table(run_folder: Path) -> None:
    with opened(run_folder / "results.html") as seen:
        page = seen.page

        def column(index: int) -> list[str]:
            return page.eval_on_selector_all(
                f"table.sortable tbody tr td:nth-child({index})",
                "cells => cells.map(cell => cell.textContent.trim())")

        headers = page.eval_on_selector_all("table.sortable thead th",
                                            "cells => cells.map(cell => cell.textContent)")
        net = headers.index("net ($)") + 1
        page.click(f"table.sortable thead th:nth-child({net})")
        ascending = column(net)
        page.click(f"table.sortable thead th:nth-child({net})")
        descending = column(net)
        seen.assert_offline_and_clean()

    def amount(text: str) -> float:
        return float(text.replace("$", "").replace(",", ""))

    assert len(ascending) == sum(hands for _, hands in MIXES)
    assert [amount(text) for text in ascending] == sorted(amount(text) for text in ascending)
    assert [amount(text) for text in descending] == sorted(
        (amount(text) for text in ascending), reverse=True)
