"""Security: input reaches SQL only as bound values, read-only connections reach nothing
outside the database, and nothing from input is ever evaluated."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhparse.cli import app
from hhparse.ingest import ingest

ROOT = Path(__file__).resolve().parent.parent
RAZZ = (ROOT / "data" / "samples" / "razz.txt").read_text(encoding="utf-8")
HOSTILE_NAMES = (
    "Robert'); DROP TABLE hands;--",
    'quote"double',
    "semi;colon /* comment */ -- dash",
    "$1 ? :name %s",
)
HOSTILE_FILE = "x'; DROP TABLE hands; --.txt"
runner = CliRunner()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("security")
    text = RAZZ
    for name, replaced in zip(HOSTILE_NAMES, ("Hero", "Tilly Moss"), strict=False):
        text = text.replace(replaced, name)
    (folder / HOSTILE_FILE).write_text(text, encoding="utf-8")
    database = folder / "store.duckdb"
    summary = ingest([folder / HOSTILE_FILE], database, workers=1)
    assert summary.accepted == RAZZ.count("PokerStars Hand #")
    assert not summary.unhealthy
    return database


def rows(database: Path, sql: str) -> list[tuple[object, ...]]:
    con = duckdb.connect(str(database), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_hostile_player_names_and_paths_are_stored_exactly(store: Path) -> None:
    players = {row[0] for row in rows(store, "SELECT DISTINCT player FROM players")}
    assert set(HOSTILE_NAMES[:2]) <= players
    [(path,)] = rows(store, "SELECT path FROM sources")
    assert str(path).endswith(HOSTILE_FILE)
    assert rows(store, "SELECT count(*) FROM hands")[0][0] > 0  # nothing was dropped


@pytest.mark.parametrize("name", HOSTILE_NAMES[:2])
def test_a_report_for_a_hostile_player_name_finds_exactly_that_player(
    store: Path, name: str
) -> None:
    result = runner.invoke(app, ["report", "player_summary", "--db", str(store),
                                 "--player", name, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert '"player": ' in result.stdout and name.replace('"', '\\"') in result.stdout


@pytest.mark.parametrize("value", ["razz' OR '1'='1", "razz; DROP TABLE hands; --", "razz/*"])
def test_report_parameters_are_values_not_sql(store: Path, value: str) -> None:
    result = runner.invoke(app, ["report", "draw_frequencies", "--db", str(store),
                                 "--variant", value, "--format", "json"])
    assert result.exit_code in (0, 1)
    if result.exit_code == 0:
        assert result.stdout.strip() == "[]"  # no variant has that name: no rows
    assert rows(store, "SELECT count(*) FROM hands")[0][0] > 0


@pytest.mark.parametrize("since", ["2020-01-01' OR 1=1 --", "now(); DROP TABLE hands"])
def test_a_date_parameter_that_is_not_a_date_is_one_error_line(store: Path, since: str) -> None:
    result = runner.invoke(app, ["report", "draw_frequencies", "--db", str(store),
                                 "--since", since])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "sql",
    [
        "COPY hands TO '{out}'",
        "EXPORT DATABASE '{folder}'",
        "SELECT * FROM read_csv('/etc/passwd')",
        "SELECT * FROM read_text('/etc/hostname')",
        "SELECT * FROM glob('/etc/*')",
        "ATTACH '{other}' AS other",
        "INSTALL httpfs",
        "LOAD httpfs",
        "SET enable_external_access = true",
        "SET memory_limit = '100GB'",
    ],
)
def test_query_reaches_nothing_outside_the_database(
    store: Path, tmp_path: Path, sql: str
) -> None:
    out, folder, other = tmp_path / "out.csv", tmp_path / "export", tmp_path / "other.duckdb"
    statement = sql.format(out=out, folder=folder, other=other)
    result = runner.invoke(app, ["query", statement, "--db", str(store)])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error: ")
    assert not out.exists() and not folder.exists() and not other.exists()


def test_query_still_reads_the_database(store: Path) -> None:
    result = runner.invoke(app, ["query", "SELECT count(*) AS n FROM hands", "--db", str(store),
                                 "--format", "csv"])
    assert result.exit_code == 0 and result.stdout.splitlines()[1].isdigit()


EVALUATING = re.compile(
    r"\beval\(|\bexec\(|\bpickle\b|\bmarshal\b|yaml\.load\(|shell\s*=\s*True|os\.system\(|"
    r"__import__\(|\bcompile\(.*exec"
)


def test_nothing_from_input_is_evaluated() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted((ROOT / "hhparse").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if EVALUATING.search(line)
    ]
    assert offenders == []


def test_every_sql_file_binds_values_and_formats_nothing_in() -> None:
    """SQL reaches DuckDB from sql/*.sql with $names; Python never pastes values into it."""
    pasted = re.compile(r"""execute\(\s*f["']|execute\([^)]*%\s*\(|execute\([^)]*\.format\(""")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted((ROOT / "hhparse").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pasted.search(line)
    ]
    assert offenders == [], "values must be bound parameters"
