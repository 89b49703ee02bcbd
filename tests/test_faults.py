"""Stops, faults and odd inputs, each tried on a real `hhparse` subprocess.

Every case asserts what a user sees and keeps: the exit code; one line on stderr that
says what happened and what to do, and no traceback; no process left behind (the
autouse fixture in conftest.py); and, where a rerun is the remedy, a store that is
healthy (`hhparse doctor`) and holds exactly what an uninterrupted run stores.
`benchmarks/faults.py` runs these cases and a longer campaign of signals and prints the
table of cases tried, survived and lost.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb
import pytest

from hhparse.store.digest import content_digest
from hhparse.synth import SynthOptions, write_hands

FIXTURES = Path(__file__).parent / "fixtures"
GOOD_HANDS = sorted((FIXTURES / "pokerstars").glob("*.txt"))
SAMPLES = Path(__file__).parent.parent / "data" / "samples"
LINUX = sys.platform.startswith("linux")


# --- running hhparse ---------------------------------------------------------------------


def hhparse(*args: str | Path, cwd: Path | None = None, timeout: float = 300,
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hhparse", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def start(*args: str | Path, cwd: Path | None = None,
          env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "hhparse", *map(str, args)], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL, env=env)


def one_line(stderr: str, begins: str = "Error:") -> str:
    """The only non-blank line of ``stderr``; it begins so, and nothing is a traceback."""
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert lines[0].startswith(begins), stderr
    return lines[0]


def healthy(database: Path) -> bool:
    done = hhparse("doctor", "--db", database)
    assert "Traceback" not in done.stderr
    return done.returncode == 0


def digest(database: Path) -> dict[str, tuple[int, int]]:
    con = duckdb.connect(str(database), read_only=True)
    try:
        return content_digest(con)
    finally:
        con.close()


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stored(database: Path, sql: str) -> list[tuple[object, ...]]:
    con = duckdb.connect(str(database), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


# --- inputs ------------------------------------------------------------------------------


def write_log(path: Path, hands_per_variant: int, seed: int = 11) -> Path:
    """Generated hands of three variants in one file (renumbered apart by the seeds)."""
    with path.open("w", encoding="utf-8", newline="\n") as stream:
        for number, variant in enumerate(("27_triple_draw", "badugi", "razz")):
            write_hands(SynthOptions(variant=variant, hands=hands_per_variant,
                                     seed=seed + number), stream)
            stream.write("\n\n")
    return path


@pytest.fixture(scope="module")
def big_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """18,000 hands (seven tasks): long enough to stop 1.5 s after its store appears, even
    on a quiet host (one worker ~6,000 hands/s, two ~9,600 and their start). 6,600 hands were
    ingested whole before the signal in a fresh clone's run there (exit 0, not 143)."""
    return write_log(tmp_path_factory.mktemp("logs") / "big.txt", 6_000)


@pytest.fixture(scope="module")
def reference(big_log: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The store an uninterrupted ingest of big_log leaves."""
    database = tmp_path_factory.mktemp("reference") / "reference.duckdb"
    done = hhparse("ingest", big_log, "--db", database, "--workers", "2", "--json")
    assert done.returncode == 0, done.stderr
    return database


# --- clean stops -------------------------------------------------------------------------


STOP_CASES = [
    pytest.param(signal.SIGINT, "1", 130, id="sigint-one-worker"),
    pytest.param(signal.SIGINT, "2", 130, id="sigint-two-workers"),
    pytest.param(signal.SIGTERM, "1", 143, id="sigterm-one-worker"),
    pytest.param(signal.SIGTERM, "2", 143, id="sigterm-two-workers"),
]


def wait_for(ready: Callable[[], bool], process: subprocess.Popen[str], timeout: float = 120
             ) -> None:
    """Until ``ready()`` (the command got going), or fail if the process ended first."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert process.poll() is None, "the command ended before it got going"
        assert time.monotonic() < deadline, "the command never got going"
        time.sleep(0.02)


def interrupt_ingest(log: Path, database: Path, signum: int, workers: str,
                     after: float, twice: bool = False) -> subprocess.Popen[str]:
    """Signal an ingest ``after`` seconds once it has created its store. Its temporary
    files (the workers' spilled frames) go beside the store."""
    process = start("ingest", log, "--db", database, "--workers", workers,
                    env={**os.environ, "TMPDIR": str(database.parent)})
    wait_for(database.exists, process)
    time.sleep(after)
    process.send_signal(signum)
    if twice:
        time.sleep(0.05)
        process.send_signal(signum)
    return process


@pytest.mark.parametrize(("signum", "workers", "code"), STOP_CASES)
def test_a_signal_stops_the_ingest_at_a_batch_and_a_rerun_completes_it(
    tmp_path: Path, big_log: Path, reference: Path, signum: int, workers: str, code: int,
) -> None:
    database = tmp_path / "h.duckdb"
    process = interrupt_ingest(big_log, database, signum, workers, after=1.5)
    signalled = time.monotonic()
    _, stderr = process.communicate(timeout=60)
    # within a second or two (a batch to commit); a loaded machine (CI, 2 cores) gets 10
    assert time.monotonic() - signalled < 10
    assert process.returncode == code, stderr
    line = one_line(stderr, "Stopped (")
    assert "run the same command again" in line
    assert healthy(database)
    assert not list(tmp_path.glob("hhparse-ingest-*"))  # the spill folder went with the stop
    again = hhparse("ingest", big_log, "--db", database, "--workers", workers)
    assert again.returncode == 0, again.stderr
    assert digest(database) == digest(reference)


def test_a_second_ctrl_c_stops_at_once_and_the_store_stays_whole(
    tmp_path: Path, big_log: Path, reference: Path,
) -> None:
    database = tmp_path / "h.duckdb"
    process = interrupt_ingest(big_log, database, signal.SIGINT, "2", after=1.5, twice=True)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    one_line(stderr, "Stopped (")
    assert hhparse("ingest", big_log, "--db", database).returncode == 0
    assert digest(database) == digest(reference)


def test_a_killed_ingest_leaves_no_worker_and_a_rerun_completes_it(
    tmp_path: Path, big_log: Path, reference: Path,
) -> None:
    database = tmp_path / "h.duckdb"
    process = interrupt_ingest(big_log, database, signal.SIGKILL, "2", after=1.5)
    process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    # the workers die with their parent: the autouse fixture fails the test otherwise
    assert hhparse("ingest", big_log, "--db", database).returncode == 0
    assert healthy(database)
    assert digest(database) == digest(reference)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_synth_and_export_stop_with_one_line_and_leave_no_half_file(
    tmp_path: Path, big_log: Path, signum: int,
) -> None:
    out = tmp_path / "many.txt"
    process = start("synth", "--variant", "badugi", "--hands", "200000", "--out", out)
    wait_for(lambda: any(tmp_path.iterdir()), process)  # its hidden draft
    time.sleep(0.5)
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 128 + signum
    assert str(out) in one_line(stderr, "Stopped (")
    assert list(tmp_path.iterdir()) == []  # neither the file nor its hidden draft
    exported = tmp_path / "exported.phhs"
    process = start("export", big_log, "--out", exported)
    wait_for(lambda: any(tmp_path.iterdir()), process)
    time.sleep(0.5)
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 128 + signum
    one_line(stderr, "Stopped (")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [
    ("synth", "--variant", "razz", "--hands", "3000"),
    ("export", str(GOOD_HANDS[0]), str(GOOD_HANDS[1]), str(GOOD_HANDS[2])),
])
def test_a_reader_that_goes_away_ends_the_output_quietly(command: tuple[str, ...]) -> None:
    process = start(*command)
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()  # `| head -1`
    process.wait(timeout=60)
    stderr = process.stderr.read() if process.stderr else ""
    assert "Broken pipe" not in stderr and "Traceback" not in stderr, stderr
    assert "Error" not in stderr and "Exception ignored" not in stderr, stderr


# --- errors that must not exit 0 ---------------------------------------------------------


@pytest.mark.parametrize("what", ["missing-file", "glob-matching-nothing", "empty-folder"])
def test_nothing_to_ingest_is_an_error_and_creates_no_database(tmp_path: Path, what: str
                                                               ) -> None:
    (tmp_path / "empty").mkdir()
    target = {"missing-file": "nope.txt", "glob-matching-nothing": "*.nothing",
              "empty-folder": "empty"}[what]
    done = hhparse("ingest", target, "--db", "h.duckdb", cwd=tmp_path)
    assert done.returncode == 1
    assert "nothing to ingest" in one_line(done.stderr)
    assert not (tmp_path / "h.duckdb").exists()


def test_a_missing_file_among_good_ones_is_an_error_and_the_rest_is_stored(
    tmp_path: Path,
) -> None:
    database = tmp_path / "h.duckdb"
    done = hhparse("ingest", tmp_path / "nope.txt", GOOD_HANDS[0], "--db", database, "--json")
    assert done.returncode == 1
    assert "nope.txt" in one_line(done.stderr)
    assert stored(database, "SELECT count(*) FROM hands") == [(1,)]


# --- the store's file: full, damaged, foreign, busy --------------------------------------


@contextmanager
def small_disk(folder: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` at ``folder`` (root on Linux only; the test is skipped else)."""
    folder.mkdir(parents=True, exist_ok=True)
    if not LINUX or os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root on Linux")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def grow(folder: Path, size: str) -> None:
    subprocess.run(["mount", "-o", f"remount,size={size}", str(folder)], check=True)


def test_a_full_disk_at_creation_leaves_nothing_that_blocks_the_next_run(tmp_path: Path
                                                                         ) -> None:
    with small_disk(tmp_path / "disk", "16k") as disk:
        database = disk / "h.duckdb"
        done = hhparse("ingest", *GOOD_HANDS[:3], "--db", database)
        assert done.returncode == 1
        assert "full" in one_line(done.stderr)
        assert list(disk.iterdir()) == []
        grow(disk, "64m")
        assert hhparse("ingest", *GOOD_HANDS[:3], "--db", database).returncode == 0
        assert healthy(database)


def test_a_disk_full_during_the_ingest_then_freed_gives_the_same_store(
    tmp_path: Path, big_log: Path, reference: Path,
) -> None:
    with small_disk(tmp_path / "disk", "4m") as disk:
        database = disk / "h.duckdb"
        done = hhparse("ingest", big_log, "--db", database, "--workers", "1")
        assert done.returncode == 1
        assert "full" in one_line(done.stderr)
        grow(disk, "256m")
        again = hhparse("ingest", big_log, "--db", database, "--workers", "1")
        assert again.returncode == 0, again.stderr
        assert healthy(database)
        assert digest(database) == digest(reference)


DAMAGES = ["cut-in-half", "cut-to-100-bytes", "first-header-zeroed", "database-headers-zeroed",
           "bytes-flipped", "blocks-zeroed"]


def damage(path: Path, how: str) -> None:
    size = path.stat().st_size
    with path.open("r+b") as handle:
        if how == "cut-in-half":
            handle.truncate(size // 2)
        elif how == "cut-to-100-bytes":
            handle.truncate(100)
        elif how == "first-header-zeroed":
            handle.write(bytes(4096))
        elif how == "database-headers-zeroed":
            handle.seek(4096)
            handle.write(bytes(8192))
        elif how == "bytes-flipped":
            rng = random.Random(1)
            for _ in range(50):
                handle.seek(rng.randrange(12288, size))
                handle.write(bytes([rng.randrange(256)]) * 16)
        else:
            handle.seek(size // 3)
            handle.write(bytes(size // 3))


@pytest.fixture(scope="module")
def small_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("small")
    database = folder / "small.duckdb"
    log = write_log(folder / "small.txt", 300)
    assert hhparse("ingest", SAMPLES, log, "--db", database).returncode == 0
    return database


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_store_is_one_error_line_and_strict_refuses_to_write(
    tmp_path: Path, small_store: Path, how: str,
) -> None:
    database = tmp_path / "h.duckdb"
    database.write_bytes(small_store.read_bytes())
    damage(database, how)
    before = file_hash(database)
    doctor = hhparse("doctor", "--db", database)
    assert doctor.returncode == 1
    assert "h.duckdb" in one_line(doctor.stderr)
    strict = hhparse("ingest", GOOD_HANDS[0], "--db", database, "--strict")
    assert strict.returncode == 1
    one_line(strict.stderr)
    assert file_hash(database) == before  # nothing written into it
    plain = hhparse("ingest", GOOD_HANDS[0], "--db", database)
    assert "Traceback" not in plain.stderr
    if plain.returncode != 0:
        one_line(plain.stderr)


def test_a_database_of_another_program_gets_no_tables_unless_asked(tmp_path: Path) -> None:
    database = tmp_path / "theirs.duckdb"
    con = duckdb.connect(str(database))
    con.execute("CREATE TABLE invoices (id INTEGER, total DECIMAL(10, 2))")
    con.close()
    done = hhparse("ingest", GOOD_HANDS[0], "--db", database)
    assert done.returncode == 1
    assert "invoices" in one_line(done.stderr)
    assert [name for (name,) in stored(database, "SHOW TABLES")] == ["invoices"]
    asked = hhparse("ingest", GOOD_HANDS[0], "--db", database, "--allow-other-tables")
    assert asked.returncode == 0, asked.stderr
    assert ("invoices",) in stored(database, "SHOW TABLES")


@pytest.mark.parametrize("command", ["stored", "doctor", "ingest"])
def test_a_sqlite_file_is_refused_without_reaching_for_an_extension(
    tmp_path: Path, command: str,
) -> None:
    database = tmp_path / "lite.db"
    con = sqlite3.connect(database)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    arguments = [command, "--db", str(database)] + ([str(GOOD_HANDS[0])] if command == "ingest"
                                                     else [])
    done = hhparse(*arguments)
    assert done.returncode == 1
    line = one_line(done.stderr)
    assert "SQLite" in line and "extension" not in line.lower()


def test_an_empty_database_file_is_a_new_store_to_ingest_and_an_error_to_read(
    tmp_path: Path,
) -> None:
    database = tmp_path / "h.duckdb"
    database.touch()
    doctor = hhparse("doctor", "--db", database)
    assert doctor.returncode == 1 and "empty" in one_line(doctor.stderr)
    assert hhparse("ingest", GOOD_HANDS[0], "--db", database).returncode == 0
    assert healthy(database)


SCHEDULE = """
[[reports]]
name = "draw_frequencies"
id = "draws"
formats = ["csv"]
cron = "0 6 * * *"
"""


def schedule_beside(tmp_path: Path, small_store: Path) -> tuple[Path, Path, Path]:
    """A copy of the small store, a schedule of one report, and where it writes."""
    database = tmp_path / "h.duckdb"
    database.write_bytes(small_store.read_bytes())
    config = tmp_path / "reports.toml"
    config.write_text(SCHEDULE, encoding="utf-8")
    return database, config, tmp_path / "out"


def test_report_run_on_a_busy_store_writes_nothing_and_the_next_run_records(
    tmp_path: Path, small_store: Path,
) -> None:
    database, config, out = schedule_beside(tmp_path, small_store)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
         "print('held', flush=True); time.sleep(60)", str(database)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        busy = hhparse("report", "run", "--config", config, "--db", database,
                       "--out-dir", out, "--wait", "0.5")
        assert busy.returncode == 1
        assert "in use" in one_line(busy.stderr)
    finally:
        holder.kill()
        holder.wait()
    assert not out.exists() or list(out.iterdir()) == []
    done = hhparse("report", "run", "--config", config, "--db", database, "--out-dir", out)
    assert done.returncode == 0, done.stderr
    folders = list(out.iterdir())
    assert len(folders) == 1 and (folders[0] / "draws.csv").is_file()
    assert stored(database, "SELECT entry, output_dir FROM report_runs") == [
        ("draws", str(folders[0].resolve()))]
    due = hhparse("report", "run", "--config", config, "--db", database, "--out-dir", out,
                  "--due")
    assert due.returncode == 0 and len(list(out.iterdir())) == 1  # not repeated


def interrupted_while_importing(stderr: str, signum: int) -> bool:
    """Ctrl-C while Python still imports the hhparse package itself (on a loaded machine,
    0.2 s after the start), before hhparse/__main__.py sets the signal's default action:
    Python's own KeyboardInterrupt, raised in that import."""
    lines = stderr.strip().splitlines()
    return (signum == signal.SIGINT and lines[-1] == "KeyboardInterrupt"
            and "_get_module_details" in stderr and "__main__.py" not in stderr)


SIGNAL_DURING_AN_IMPORT = r"""
import signal, sys, time
from pathlib import Path
from hhparse import stops
stops.install()
sys.path.insert(0, sys.argv[1])
Path(sys.argv[1], "slow_module.py").write_text(
    "import signal, time\n"
    "signal.raise_signal(signal.SIGINT)\n"
    "for _ in range(20):\n"
    "    time.sleep(0.01)  # a native module's initialisation calling back into Python\n"
    "DONE = True\n")
try:
    import slow_module
    print("imported", slow_module.DONE, flush=True)
    time.sleep(30)
except stops.Stopped as stop:
    print("stopped", "slow_module" in sys.modules, stop.signal_name)
"""


def test_a_signal_during_an_import_stops_the_command_once_the_import_is_done(
    tmp_path: Path,
) -> None:
    """A stop raised inside a module's initialisation aborted DuckDB's (nanobind: "Critical
    nanobind error", SIGABRT) when Ctrl-C came while `report run` imported it: the stop
    waits for the import to end, then stops the command as usual."""
    done = subprocess.run([sys.executable, "-c", SIGNAL_DURING_AN_IMPORT, str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["imported", "True", "stopped", "True", "SIGINT"], (
        done.stdout + done.stderr)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_report_run_stopped_at_any_moment_records_exactly_the_folder_it_leaves(
    tmp_path: Path, small_store: Path, signum: int,
) -> None:
    """A run either leaves its folder and records it (report_runs keeps each entry's last
    run) or leaves nothing and records nothing; never a hidden half-folder."""
    database, config, out = schedule_beside(tmp_path, small_store)
    codes, folders, recorded = set(), set[str](), list[tuple[object, ...]]()
    for after in (0.2, 0.5, 0.8, 1.1, 1.4, 1.8, 2.4):
        process = start("report", "run", "--config", config, "--db", database,
                        "--out-dir", out)
        time.sleep(after)
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=60)
        codes.add(process.returncode)
        # -signum: the signal came before the interpreter reached hhparse or after hhparse
        # was done, while the interpreter was shutting down (either is silent)
        assert process.returncode in (0, 128 + signum, -signum), stderr
        if process.returncode == 128 + signum:
            one_line(stderr, "Stopped (")
        elif process.returncode < 0:
            assert stderr == "" or interrupted_while_importing(stderr, signum), stderr
        now = {path.name for path in out.iterdir()} if out.exists() else set()
        assert not [name for name in now if name.startswith(".")], now
        new = now - folders
        assert len(new) <= 1, new
        if process.returncode == 0 or "written to" in stderr:
            assert new, stderr
        if "no report was written" in stderr:
            assert not new, stderr
        if new:
            recorded = [(str((out / new.pop()).resolve()),)]
        assert stored(database, "SELECT output_dir FROM report_runs") == recorded
        folders = now
    assert 128 + signum in codes  # the moments did reach a run still going


# --- sources -----------------------------------------------------------------------------


@pytest.mark.skipif(not LINUX, reason="a file name that is not UTF-8 needs a POSIX file system")
def test_a_file_name_that_is_not_utf8_is_read_and_stored_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    name = os.fsencode(folder) + b"/caf\xe9-" + GOOD_HANDS[0].name.encode()
    with open(name, "wb") as handle:
        handle.write(GOOD_HANDS[0].read_bytes())
    database = tmp_path / "h.duckdb"
    for _ in range(2):  # and again: unchanged, no crash
        done = hhparse("ingest", folder, "--db", database, "--json")
        assert done.returncode == 0, done.stderr
    ((path,),) = stored(database, "SELECT path FROM sources")
    assert "caf\\xe9-" in str(path)
    assert stored(database, "SELECT count(*) FROM hands") == [(1,)]
    assert hhparse("check", folder).returncode == 0


def test_the_database_and_its_wal_in_the_folder_are_never_inputs(tmp_path: Path) -> None:
    for path in GOOD_HANDS[:2]:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    for _ in range(2):
        done = hhparse("ingest", ".", "--db", "hands.duckdb", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    paths = [Path(str(path)).name for (path,) in stored(tmp_path / "hands.duckdb",
                                                        "SELECT path FROM sources")]
    assert sorted(paths) == sorted(path.name for path in GOOD_HANDS[:2])


def test_one_file_by_relative_and_absolute_path_is_one_source(tmp_path: Path) -> None:
    log = tmp_path / "one.txt"
    log.write_bytes(GOOD_HANDS[0].read_bytes())
    database = tmp_path / "h.duckdb"
    assert hhparse("ingest", "one.txt", "--db", database, cwd=tmp_path).returncode == 0
    assert hhparse("ingest", log, "--db", database).returncode == 0
    assert stored(database, "SELECT path FROM sources") == [(str(log.resolve()),)]


def test_a_markdown_file_beside_the_logs_is_not_read_as_phh(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(
        "# My logs\n\n[Unit]\nDescription = my hands\n\nvariant: see below\n", encoding="utf-8")
    (tmp_path / "hand.txt").write_bytes(GOOD_HANDS[0].read_bytes())
    database = tmp_path / "h.duckdb"
    assert hhparse("ingest", tmp_path, "--db", database).returncode == 0
    assert stored(database, "SELECT count(*) FROM rejects") == [(0,)]
    assert stored(database, "SELECT count(*) FROM hands") == [(1,)]
    (markdown,) = stored(database, "SELECT format FROM sources WHERE path LIKE '%README.md'")
    assert markdown == (None,)


def test_two_zip_members_of_the_same_name_are_both_read(tmp_path: Path) -> None:
    archive = tmp_path / "twice.zip"
    with zipfile.ZipFile(archive, "w") as opened, pytest.warns(UserWarning):
        opened.writestr("hands.txt", GOOD_HANDS[0].read_bytes())
        opened.writestr("hands.txt", GOOD_HANDS[1].read_bytes())
    database = tmp_path / "h.duckdb"
    assert hhparse("ingest", archive, "--db", database).returncode == 0
    assert stored(database, "SELECT count(*) FROM hands") == [(2,)]
    assert len(stored(database, "SELECT path FROM sources")) == 2


def test_a_cut_off_last_hand_of_an_old_file_becomes_a_hand_once_completed(
    tmp_path: Path,
) -> None:
    log = tmp_path / "old.txt"
    first = GOOD_HANDS[0].read_text(encoding="utf-8-sig")
    whole = GOOD_HANDS[1].read_text(encoding="utf-8-sig")
    log.write_text(first + "\n\n\n" + whole[: whole.index("*** SUMMARY ***")], encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(log, (an_hour_ago, an_hour_ago))
    database = tmp_path / "h.duckdb"
    assert hhparse("ingest", log, "--db", database).returncode == 0
    assert stored(database, "SELECT count(*) FROM rejects") == [(1,)]  # kept, with its reason
    log.write_text(first + "\n\n\n" + whole, encoding="utf-8")
    os.utime(log, (an_hour_ago + 60, an_hour_ago + 60))
    assert hhparse("ingest", log, "--db", database).returncode == 0
    assert stored(database, "SELECT count(*) FROM hands") == [(2,)]
    assert stored(database, "SELECT count(*) FROM rejects") == [(0,)]
    assert stored(database, "SELECT count(*) FROM junk") == [(0,)]
    assert healthy(database)


def test_a_big_file_of_no_known_format_is_junk_in_windows_and_accounted_for(
    tmp_path: Path,
) -> None:
    junk = tmp_path / "junk.log"
    line = b"2026-12-01 12:00:00 INFO something happened that is not a hand of poker\n"
    with junk.open("wb") as handle:
        for _ in range(6):
            handle.write(line * 150_000 + b"\n\n\n")  # ~10 MiB per block, 63 MiB in all
    database = tmp_path / "h.duckdb"
    done = hhparse("ingest", junk, "--db", database, "--json")
    assert done.returncode == 0, done.stderr
    ((items, junk_bytes, read, size),) = stored(
        database, "SELECT junk_items, junk_bytes, bytes_read, size FROM sources")
    assert read == size == junk.stat().st_size and items >= 6
    assert junk_bytes <= read
    assert healthy(database)
