"""The Parquet lake: `ingest --lake` on a local Dask cluster of two worker processes, every
report over the lake equal to the same report over a store of the same input, re-ingest
changing nothing, a worker killed (SIGKILL) mid-run leaving the identical lake, a crash
before a manifest leaving nothing visible, polars reading every table, `lake load`."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

import hhparse.lake.write as lake_write
from hhparse.cli import app
from hhparse.doctor import run_checks
from hhparse.ingest import ingest
from hhparse.lake.load import StoreNotEmpty, load_lake
from hhparse.lake.read import open_lake
from hhparse.lake.run import ingest_to_lake
from hhparse.lake.write import HAND_TABLES, MANIFEST_DIR, TABLES
from hhparse.reports.catalog import get_report, reports
from hhparse.reports.run import _frame as frame_of
from hhparse.reports.run import run_report, run_report_on
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS
from tests.corpus import FPDB, settled_corpus

pytest.importorskip("dask.distributed")

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"
GENERATED_HANDS = 50_000
FILES = 50


def write_generated(folder: Path, hands: int, files: int, seed: int = 0) -> Path:
    """``hands`` generated hands of every variant in turn, in ``files`` files."""
    folder.mkdir(parents=True, exist_ok=True)
    per_file = hands // files
    for number in range(files):
        variant = VARIANTS[number % len(VARIANTS)].id
        texts = generate_hands(SynthOptions(variant=variant, hands=per_file,
                                            seed=seed * 1000 + number))
        (folder / f"generated_{number:03}.txt").write_text(
            "".join(text + "\n\n" for text in texts), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("lake_input")
    found = [write_generated(folder / "generated", GENERATED_HANDS, FILES), SAMPLES]
    if FPDB.is_dir():
        found.append(settled_corpus(folder / "fpdb"))
    return found


@pytest.fixture(scope="module")
def lake_and_store(inputs: list[Path], tmp_path_factory: pytest.TempPathFactory
                   ) -> tuple[Path, Path, object]:
    folder = tmp_path_factory.mktemp("lake")
    lake = folder / "lake"
    summary = ingest_to_lake(inputs, lake, cluster="local:2")
    store = folder / "store.duckdb"
    ingest(inputs, store, workers=2, check_integrity=False)
    return lake, store, summary


WHEN_INGESTED = ("first_ingest", "last_ingest")
"""The times a source was read: the only columns two ingests of the same files differ in."""


ACCOUNTING = ("SELECT path, format, bytes_read, hands_found, hands_accepted, hands_rejected, "
              "hands_duplicate, hands_unsupported, junk_items, junk_bytes FROM sources "
              "ORDER BY path")


def rows(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple[object, ...]]:
    excluded = ", ".join(name for name in WHEN_INGESTED) if table == "sources" else ""
    columns = f"* EXCLUDE ({excluded})" if excluded else "*"
    return con.execute(f'SELECT {columns} FROM "{table}" ORDER BY ALL').fetchall()


def test_the_summary_accounts_for_every_hand(lake_and_store: tuple[Path, Path, object]
                                             ) -> None:
    lake, store, summary = lake_and_store
    assert summary.hands_found >= GENERATED_HANDS  # type: ignore[attr-defined]
    assert summary.files_failed == 0  # type: ignore[attr-defined]
    con = duckdb.connect(str(store), read_only=True)
    try:
        (stored,) = con.execute("SELECT count(*) FROM hands").fetchone() or (0,)
    finally:
        con.close()
    lake_con = open_lake(lake)
    try:
        (kept,) = lake_con.execute("SELECT count(*) FROM hands").fetchone() or (0,)
        accounting = lake_con.execute(ACCOUNTING).fetchall()
        checks = run_checks(lake_con)
    finally:
        lake_con.close()
    assert kept == stored
    con = duckdb.connect(str(store), read_only=True)
    try:
        assert accounting == con.execute(ACCOUNTING).fetchall()  # duplicates and all
    finally:
        con.close()
    assert [(check.name, check.offending) for check in checks if not check.healthy] == []


def first_difference(left: pl.DataFrame, right: pl.DataFrame) -> object:
    if left.shape != right.shape:
        return left.shape, right.shape
    for at, (one, other) in enumerate(zip(left.iter_rows(), right.iter_rows(), strict=True)):
        if one != other:
            return at, one, other
    return None


def computed_inputs(con: duckdb.DuckDBPyConnection, name: str) -> pl.DataFrame:
    """A computed report's SQL rows (what its Python step judges)."""
    report = get_report(name)
    return frame_of(con.execute(report.sql, {key: None for key in report.sql_parameters}))


def test_every_report_over_the_lake_equals_the_store(lake_and_store: tuple[Path, Path, object]
                                                     ) -> None:
    lake, store, _ = lake_and_store
    con = open_lake(lake)
    try:
        for name, report in reports().items():
            if report.computed:  # the same inputs give the same judgements (and take long)
                with duckdb.connect(str(store), read_only=True) as stored:
                    assert computed_inputs(con, name).equals(computed_inputs(stored, name)), name
                continue
            over_lake = run_report_on(con, name, {})
            over_store = run_report(store, name, {})
            assert over_lake.equals(over_store), (name, first_difference(over_lake, over_store))
            assert over_lake.height > 0 or name == "razz_third_street", name
        for parameters in ({"variant": "badugi"}, {"by": "session"}):
            assert run_report_on(con, "results", parameters).equals(
                run_report(store, "results", parameters)), parameters
    finally:
        con.close()


def test_polars_reads_every_table(lake_and_store: tuple[Path, Path, object]) -> None:
    lake, _, _ = lake_and_store
    con = open_lake(lake)
    try:
        for table in TABLES:
            pattern = "**/*.parquet" if table in HAND_TABLES else "*.parquet"
            if not any((lake / table).glob(pattern)):
                continue
            frame = pl.scan_parquet(lake / table / pattern, hive_partitioning=True).collect()
            (raw,) = con.execute(f'SELECT count(*) FROM "raw_{table}"').fetchone() or (0,)
            assert frame.height == raw, table
            assert "lake_source" in frame.columns
        assert any((lake / "hands").glob("site=pokerstars/variant=razz/month=*/*.parquet"))
    finally:
        con.close()


def test_reingest_changes_nothing(lake_and_store: tuple[Path, Path, object],
                                  inputs: list[Path]) -> None:
    lake, _, _ = lake_and_store
    before = {path: path.stat().st_mtime_ns for path in lake.rglob("*.parquet")}
    again = ingest_to_lake(inputs, lake)
    assert again.files_unchanged == again.files_seen and again.hands_found == 0
    assert {path: path.stat().st_mtime_ns for path in lake.rglob("*.parquet")} == before


def test_lake_load_gives_a_store_with_the_same_reports(
        lake_and_store: tuple[Path, Path, object], tmp_path: Path) -> None:
    lake, store, _ = lake_and_store
    loaded = tmp_path / "loaded.duckdb"
    counts = load_lake(lake, loaded)
    assert counts["hands"] > GENERATED_HANDS
    for name in ("results", "player_summary", "draw_frequencies"):
        assert run_report(loaded, name).equals(run_report(store, name)), name
    with pytest.raises(StoreNotEmpty):
        load_lake(lake, loaded)


# --- a worker killed, a crash before the manifest -----------------------------------------


def _children_running_spawn() -> list[int]:
    """This process's child processes started by multiprocessing's spawn (Dask workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = next((line.split()[1] for line in status.splitlines()
                       if line.startswith("PPid:")), "")
        if parent == str(os.getpid()) and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def lake_rows(lake: str | Path) -> dict[str, list[tuple[object, ...]]]:
    con = open_lake(lake)
    try:
        return {table: rows(con, table) for table in TABLES}
    finally:
        con.close()


@pytest.fixture(scope="module")
def small_input(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_generated(tmp_path_factory.mktemp("small") / "logs", 6_000, 30, seed=7)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers through /proc")
def test_a_worker_killed_mid_run_gives_the_identical_lake(small_input: Path, tmp_path: Path
                                                          ) -> None:
    reference = tmp_path / "reference"
    ingest_to_lake([small_input], reference)
    killed_lake = tmp_path / "killed"
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["summary"] = ingest_to_lake([small_input], killed_lake, cluster="local:2")
        except BaseException as error:  # reported by the assertion below
            outcome["error"] = error

    runner = threading.Thread(target=run)
    runner.start()
    killed = None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and runner.is_alive() and killed is None:
        manifests = list((killed_lake / MANIFEST_DIR).glob("*.json"))
        workers = _children_running_spawn()
        if len(manifests) >= 3 and workers:
            killed = workers[0]
            os.kill(killed, signal.SIGKILL)
        time.sleep(0.05)
    runner.join(timeout=300)
    assert killed is not None, "the run ended before a worker could be killed"
    assert "error" not in outcome, outcome.get("error")
    assert lake_rows(killed_lake) == lake_rows(reference)
    deadline = time.monotonic() + 10
    while _children_running_spawn() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _children_running_spawn() == []  # the cluster's processes ended with it


def test_a_crash_before_the_manifest_leaves_nothing_visible(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lake = tmp_path / "lake"
    ingest_to_lake([SAMPLES / "razz.txt"], lake)
    before = lake_rows(lake)

    def crash(*_: object, **__: object) -> None:
        raise KeyboardInterrupt  # as if the process died between the files and the manifest

    monkeypatch.setattr(lake_write, "_replace_manifest", crash)
    with pytest.raises(KeyboardInterrupt):
        ingest_to_lake([SAMPLES / "badugi.txt"], lake)
    assert any("badugi" in str(path) for path in lake.rglob("*.parquet"))  # files written
    assert lake_rows(lake) == before  # and not seen
    monkeypatch.undo()
    ingest_to_lake([SAMPLES / "badugi.txt"], lake)
    assert len(lake_rows(lake)["hands"]) > len(before["hands"])


def test_a_lake_at_an_fsspec_url(tmp_path: Path) -> None:
    """Storage by URL (here fsspec's memory file system, in this process): the same
    files, manifests and reports as a folder."""
    url = f"memory://hhparse-test-{os.getpid()}-{time.monotonic_ns()}"
    folder = tmp_path / "lake"
    first = ingest_to_lake([SAMPLES], url)
    ingest_to_lake([SAMPLES], folder)
    assert first.accepted == 70
    assert lake_rows(url) == lake_rows(folder)
    again = ingest_to_lake([SAMPLES], url)
    assert again.files_unchanged == again.files_seen


def test_the_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    lake = tmp_path / "lake"
    done = runner.invoke(app, ["ingest", str(SAMPLES), "--lake", str(lake), "--json"])
    assert done.exit_code == 0, done.output
    shown = runner.invoke(app, ["report", "draw_frequencies", "--lake", str(lake), "-f", "csv"])
    assert shown.exit_code == 0 and "27_triple_draw" in shown.stdout
    counted = runner.invoke(app, ["query", "SELECT count(*) AS n FROM hands", "--lake",
                                  str(lake), "-f", "csv"])
    assert counted.stdout.splitlines() == ["n", "70"]
    outside = runner.invoke(app, ["query", "SELECT * FROM read_csv('/etc/hostname')",
                                  "--lake", str(lake)])
    assert outside.exit_code == 1
    loaded = runner.invoke(app, ["lake", "load", str(lake), "--db", str(tmp_path / "s.duckdb")])
    assert loaded.exit_code == 0 and loaded.stdout.startswith("loaded 70 hands of 12 sources")
    doctor = runner.invoke(app, ["doctor", "--lake", str(lake)])
    assert doctor.exit_code == 0 and "healthy" in doctor.stdout
    schedule = tmp_path / "reports.toml"
    schedule.write_text('[[reports]]\nname = "results"\n', encoding="utf-8")
    ran = runner.invoke(app, ["report", "run", "--config", str(schedule), "--lake", str(lake),
                              "--out-dir", str(tmp_path / "out")])
    assert ran.exit_code == 0, ran.output
    assert len(list((tmp_path / "out").glob("*/results.html"))) == 1
    due = runner.invoke(app, ["report", "run", "--config", str(schedule), "--lake", str(lake),
                              "--due"])
    assert due.exit_code == 1 and "a lake keeps none" in due.stderr
    wrong = runner.invoke(app, ["ingest", str(SAMPLES), "--cluster", "local:2"])
    assert wrong.exit_code == 1 and "--cluster needs --lake" in wrong.stderr
    missing = runner.invoke(app, ["report", "results", "--lake", str(tmp_path / "none")])
    assert missing.exit_code == 1 and "no lake at" in missing.stderr


@pytest.fixture(autouse=True)
def no_processes_left() -> Iterator[None]:
    """Every test leaves no worker process behind (they may take a moment to exit)."""
    yield
    deadline = time.monotonic() + 10
    while _children_running_spawn() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _children_running_spawn() == []
