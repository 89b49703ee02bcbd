"""The draw_decisions and draw_leaks reports, on generated hands whose hero has a known leak
built in (he breaks every pat hand): every judged decision is consistent with a judgement
made again by hand, and draw_leaks ranks the built-in leak first."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

from hhparse.cards import parse_cards
from hhparse.cli import app
from hhparse.decisions import judge_keeps, report
from hhparse.decisions.patterns import choice
from hhparse.decisions.report import DECISION_COLUMNS, LEAK_COLUMNS
from hhparse.ingest import ingest
from hhparse.reports import get_report, run_report_on
from hhparse.reports.html import LEAK_CHART, PLOT_MARK
from hhparse.reports.run import bind
from hhparse.store import open_store
from hhparse.synth import SynthOptions, write_hands


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("decisions")
    for variant, hands, leak in (("27_triple_draw", 250, "breaks-pats"),
                                 ("a5_triple_draw", 60, None), ("badeucey", 15, None),
                                 ("badugi", 15, None)):
        write_hands(SynthOptions(variant=variant, hands=hands, seed=4, leak=leak),
                    folder / f"{variant}.txt")
    database = folder / "store.duckdb"
    ingest(sorted(folder.glob("*.txt")), database)
    yield database


@pytest.fixture(scope="module")
def con(store: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    connection = duckdb.connect(str(store), read_only=True)
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def decisions(con: duckdb.DuckDBPyConnection) -> pl.DataFrame:
    return run_report_on(con, "draw_decisions", {})


def test_every_judged_decision_is_consistent(decisions: pl.DataFrame) -> None:
    assert decisions.columns == list(DECISION_COLUMNS)
    judged = decisions.filter(pl.col("gap").is_not_null())
    assert judged.height > 100
    for row in judged.iter_rows(named=True):
        held, kept = parse_cards(row["held"]), parse_cards(row["kept"])
        assert set(kept) <= set(held) and row["drew"] == len(held) - len(kept)
        assert 0.0 <= row["p_target_kept"] <= row["p_target_best"] <= 1.0
        assert row["gap"] == pytest.approx(row["p_target_best"] - row["p_target_kept"])
        assert row["draws_left"] == 4 - row["draw_round"]
        assert row["pattern"].startswith(f"{row['draws_left']} left, ")
        assert row["pattern"].endswith(": " + choice(row["drew"]))
        assert set(parse_cards(row["best_keep"])) <= set(held)


def test_a_decision_judged_again_by_hand(decisions: pl.DataFrame) -> None:
    row = decisions.filter(pl.col("gap") > 0.01).row(0, named=True)
    seen = row_seen(decisions, row)
    chances = judge_keeps(row["variant"], parse_cards(row["held"]), seen, row["draws_left"],
                          row["target"])
    kept = frozenset(parse_cards(row["kept"]))
    assert [c.p_target for c in chances if frozenset(c.keep) == kept] == [
        pytest.approx(row["p_target_kept"])]
    assert chances[0].p_target == pytest.approx(row["p_target_best"])


def row_seen(decisions: pl.DataFrame, row: dict[str, object]) -> list[object]:
    """The cards the player had seen: his cards before this draw and the earlier ones."""
    earlier = decisions.filter((pl.col("hand_id") == row["hand_id"])
                               & (pl.col("player") == row["player"])
                               & (pl.col("draw_round") <= row["draw_round"]))
    return sorted({card for held in earlier["held"] for card in parse_cards(held)})


def test_what_is_not_judged_says_why(decisions: pl.DataFrame) -> None:
    reasons = decisions.filter(pl.col("not_judged").is_not_null())
    by_variant = dict(reasons.group_by("variant").agg(pl.col("not_judged").first()).iter_rows())
    assert "splits the pot" in by_variant["badeucey"]
    assert "badugi" not in by_variant
    badugi = decisions.filter(pl.col("variant") == "badugi")
    last = badugi.filter(pl.col("draws_left") == 1)
    assert last.height and last["gap"].null_count() == 0 and last["p_error"].null_count() == (
        last.height)  # the last draw: exact
    dealt = badugi.filter(pl.col("draws_left") > 1)
    assert dealt.height and dealt["gap"].null_count() == 0
    assert dealt["p_error"].is_between(0.0, 0.005).all()
    lowball = decisions.filter(pl.col("variant").is_in(["27_triple_draw", "a5_triple_draw"]))
    assert lowball["p_error"].null_count() == lowball.height


def test_draw_leaks_ranks_the_built_in_leak_first(con: duckdb.DuckDBPyConnection,
                                                  decisions: pl.DataFrame) -> None:
    leaks = run_report_on(con, "draw_leaks", {"player": "Hero"})
    assert leaks.columns == list(LEAK_COLUMNS)
    assert leaks["total_gap"].to_list() == sorted(leaks["total_gap"].to_list(), reverse=True)
    top = leaks.row(0, named=True)
    assert top["variant"] == "27_triple_draw" and top["player"] == "Hero"
    assert ", pat " in top["pattern"] and top["pattern"].endswith(": drew 1")
    assert top["best_choice"] == "stood pat" and top["leak_pct"] == 100.0
    mine = decisions.filter((pl.col("player") == "Hero") & pl.col("gap").is_not_null())
    assert leaks["decisions"].sum() == mine.height
    assert leaks["total_gap"].sum() == pytest.approx(mine["gap"].sum())


def test_filters_and_targets(con: duckdb.DuckDBPyConnection) -> None:
    assert run_report_on(con, "draw_decisions", {"player": "Nobody"}).height == 0
    a5 = run_report_on(con, "draw_decisions", {"variant": "a5_triple_draw"})
    assert a5.height and set(a5["variant"]) == {"a5_triple_draw"}
    assert set(a5["target"].drop_nulls()) == {"7-low"}
    nines = run_report_on(con, "draw_decisions", {"variant": "a5_triple_draw",
                                                  "target_a5": "9-low"})
    assert set(nines["target"].drop_nulls()) == {"9-low"}
    assert (nines["p_target_best"] >= a5["p_target_best"] - 1e-12).all()
    with pytest.raises(ValueError, match="target_27"):
        bind(get_report("draw_leaks"), {"target_27": "two pair"})


def test_the_reports_run_on_an_empty_store(tmp_path: Path) -> None:
    empty = open_store(tmp_path / "empty.duckdb")
    try:
        for name, columns in (("draw_decisions", DECISION_COLUMNS),
                              ("draw_leaks", LEAK_COLUMNS)):
            frame = run_report_on(empty, name, {})
            assert frame.height == 0 and frame.columns == list(columns)
    finally:
        empty.close()


@pytest.mark.parametrize("format", ["csv", "json", "html"])
def test_draw_leaks_in_every_format(store: Path, tmp_path: Path, format: str) -> None:
    out = tmp_path / f"leaks.{format}"
    copy = tmp_path / "store.duckdb"  # the module's read-only connection holds the store
    shutil.copyfile(store, copy)
    result = CliRunner().invoke(app, ["report", "draw_leaks", "--db", str(copy),
                                      "--variant", "27_triple_draw", "--format", format,
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "pat 8-low: drew 1" in text
    if format == "html":
        assert LEAK_CHART in text and PLOT_MARK in text


def test_a_badugi_target_by_its_top_card(con: duckdb.DuckDBPyConnection) -> None:
    found = run_report_on(con, "draw_decisions", {"variant": "badugi",
                                                  "target_badugi": "8-high badugi"})
    judged = found.filter(pl.col("gap").is_not_null())
    assert judged.height == found.height and set(judged["target"]) == {"8-high badugi"}
    assert judged["pattern"].str.starts_with("1 left, ").any()
    assert judged["pattern"].str.starts_with("3 left, ").any()


def test_many_decisions_are_shared_out_over_workers_alike(
        con: duckdb.DuckDBPyConnection, decisions: pl.DataFrame,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "PARALLEL_FROM", 1)
    monkeypatch.setenv(report.WORKERS_VARIABLE, "2")
    workers: list[int] = []
    share_out = report._judged_by_workers

    def counted(*arguments: Any) -> Any:
        workers.append(arguments[-1])
        return share_out(*arguments)

    monkeypatch.setattr(report, "_judged_by_workers", counted)
    report.clear_caches()  # judged again, by the workers
    assert run_report_on(con, "draw_decisions", {}).equals(decisions)
    assert workers == [2]
    workers.clear()  # remembered: the next report judges nothing again
    assert run_report_on(con, "draw_decisions", {}).equals(decisions)
    assert workers == []
