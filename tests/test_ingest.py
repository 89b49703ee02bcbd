"""`hhparse ingest`: nothing lost, nothing twice, incremental, crash-safe, one writer."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhparse.cli import app
from hhparse.ingest import DatabaseBusy, connect, ingest
from hhparse.parsers.base import account_bytes, split_blocks
from hhparse.parsers.sites import detect_site
from hhparse.synth import SynthOptions, generate_hands
from tests.corpus import FPDB, needs_corpus

FIXTURES = Path(__file__).parent / "fixtures"
GOOD_HANDS = sorted((FIXTURES / "pokerstars").glob("*.txt"))

TABLES = ("hands", "players", "actions", "draws", "pots", "problems", "rejects",
          "unsupported_hands", "junk")


def stars_corpus_files() -> list[Path]:
    return [
        path for path in sorted(FPDB.glob("*/Stars/**/*.txt")) if "summaries" not in path.parts
    ]


def snapshot(database: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every stored row of every table but the bookkeeping timestamps, sorted."""
    con = duckdb.connect(str(database), read_only=True)
    try:
        result: dict[str, list[tuple[object, ...]]] = {}
        for table in TABLES:
            columns = [
                row[0] for row in con.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                    "ORDER BY ordinal_position", [table],
                ).fetchall()
                if row[0] not in ("source_id",)
            ]
            rows = con.execute(f'SELECT {", ".join(columns)} FROM "{table}"').fetchall()
            result[table] = sorted(rows, key=repr)
        sources = con.execute(
            "SELECT path, size, sha256, bytes_read, hands_found, hands_accepted, hands_rejected, "
            "hands_duplicate, hands_unsupported, junk_items FROM sources ORDER BY path"
        ).fetchall()
        result["sources"] = sources
        return result
    finally:
        con.close()


def count(database: Path, sql: str, *params: object) -> int:
    con = duckdb.connect(str(database), read_only=True)
    try:
        row = con.execute(sql, list(params)).fetchone()
        return int(row[0]) if row else 0
    finally:
        con.close()


def renumbered(text: str, offset: int) -> str:
    """The same hands under new hand ids."""
    return re.sub(r"(Hand #|Game #)(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + offset}",
                  text)


# ------------------------------------------------------------ small inputs


def blocks_in(paths: list[Path]) -> int:
    total = 0
    for path in paths:
        data = path.read_bytes()
        site = detect_site(data)
        assert site is not None
        total += len(split_blocks(data, str(path), site.is_start).blocks)
    return total


def test_ingest_stores_hands_once_and_counts_duplicates(tmp_path: Path) -> None:
    database = tmp_path / "h.duckdb"
    first = ingest(GOOD_HANDS, database)
    hands = blocks_in(GOOD_HANDS)
    assert first.hands_found == hands == first.accepted + first.rejected + (
        first.unsupported + first.duplicate
    )
    again = ingest(GOOD_HANDS, database)
    assert again.files_unchanged == len(GOOD_HANDS) and again.hands_found == 0
    copies = tmp_path / "copies"
    copies.mkdir()
    for path in GOOD_HANDS:
        shutil.copy(path, copies / path.name)
    third = ingest([copies], database)
    assert third.hands_found == hands
    assert third.duplicate == hands and third.accepted == 0 and third.rejected == 0
    assert count(database, "SELECT count(*) FROM hands") == first.accepted


def test_appended_hands_are_read_from_where_the_last_run_stopped(tmp_path: Path) -> None:
    database = tmp_path / "h.duckdb"
    log = tmp_path / "session.txt"
    texts = [path.read_text(encoding="utf-8-sig") for path in GOOD_HANDS[:4]]
    log.write_text("\n\n\n".join(texts[:2]) + "\n\n\n", encoding="utf-8")
    first = ingest([log], database)
    stored = count(database, "SELECT count(*) FROM hands")
    with log.open("a", encoding="utf-8") as stream:
        stream.write("\n\n\n".join(texts[2:]) + "\n\n\n")
    grown = ingest([log], database)
    total = blocks_in([log])
    assert grown.files_resumed == 1 and grown.duplicate == 0
    assert grown.hands_found == total - first.hands_found > 0
    assert count(database, "SELECT count(*) FROM hands") == stored + grown.accepted
    assert count(database, "SELECT hands_found FROM sources WHERE path = ?", str(log)) == total


def test_a_rewritten_file_is_read_again(tmp_path: Path) -> None:
    database = tmp_path / "h.duckdb"
    log = tmp_path / "session.txt"
    text = GOOD_HANDS[0].read_text(encoding="utf-8-sig")
    log.write_text(text, encoding="utf-8")
    ingest([log], database)
    log.write_text(renumbered(text, 7), encoding="utf-8")
    again = ingest([log], database)
    assert again.files_read == 1 and again.files_resumed == 0 and again.hands_found == 1


def test_an_unfinished_last_hand_waits_for_the_next_run(tmp_path: Path) -> None:
    database = tmp_path / "h.duckdb"
    log = tmp_path / "live.txt"
    whole = renumbered(GOOD_HANDS[0].read_text(encoding="utf-8-sig"), 1)
    complete = GOOD_HANDS[1].read_text(encoding="utf-8-sig")
    cut = whole[: whole.index("*** SUMMARY ***")]
    log.write_text(complete + "\n\n\n" + cut, encoding="utf-8")
    first = ingest([log], database)
    assert first.hands_found == 1  # the hand being written is not judged yet
    log.write_text(complete + "\n\n\n" + whole, encoding="utf-8")
    second = ingest([log], database)
    assert second.files_resumed == 1 and second.hands_found == 1 and second.rejected == 0


def test_archives_and_globs(tmp_path: Path) -> None:
    database = tmp_path / "h.duckdb"
    archive = tmp_path / "hands.zip"
    with zipfile.ZipFile(archive, "w") as opened:
        for path in GOOD_HANDS[:3]:
            opened.write(path, arcname=f"logs/{path.name}")
    packed = tmp_path / "one.txt.gz"
    packed.write_bytes(gzip.compress(renumbered(GOOD_HANDS[3].read_text("utf-8-sig"), 5)
                                     .encode()))
    summary = ingest([str(tmp_path / "*.zip"), str(packed)], database)
    assert summary.files_read == 4
    assert summary.hands_found == blocks_in(GOOD_HANDS[:4]) == summary.accepted + (
        summary.rejected
    )
    paths = {row for row in duckdb.connect(str(database), read_only=True)
             .execute("SELECT path FROM sources").fetchall()}
    assert (f"{archive}!logs/{GOOD_HANDS[0].name}",) in paths


def test_missing_and_unreadable_inputs_are_reported_and_the_rest_goes_on(
    tmp_path: Path,
) -> None:
    database = tmp_path / "h.duckdb"
    summary = ingest([tmp_path / "nope.txt", GOOD_HANDS[0]], database)
    assert summary.files_failed == 1 and "nope.txt" in summary.errors[0]
    assert summary.hands_found == 1


def test_a_second_writer_waits_then_fails_clearly(tmp_path: Path) -> None:
    database = tmp_path / "h.duckdb"
    ingest(GOOD_HANDS[:1], database)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True);"
         " time.sleep(30)", str(database)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        with pytest.raises(DatabaseBusy, match="in use by another process"):
            connect(database, wait_seconds=1.0)
        assert time.monotonic() - started < 10
        result = CliRunner().invoke(app, ["ingest", str(GOOD_HANDS[1]), "--db", str(database),
                                          "--wait", "0.5"])
        assert result.exit_code == 1 and "Error:" in result.stderr
    finally:
        holder.kill()
        holder.wait()
    assert ingest(GOOD_HANDS[1:2], database).hands_found == 1


def test_cli_json_summary_and_strict(tmp_path: Path) -> None:
    database = tmp_path / "h.duckdb"
    rules = FIXTURES / "rules"
    runner = CliRunner()
    result = runner.invoke(app, ["ingest", str(rules), "--db", str(database), "--json",
                                 "--workers", "1"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["rejected"] > 0 and summary["hands_found"] == summary["accepted"] + (
        summary["rejected"] + summary["duplicate"] + summary["unsupported"]
    )
    strict = runner.invoke(app, ["ingest", str(rules), "--db", str(tmp_path / "s.duckdb"),
                                 "--strict", "--json"])
    assert strict.exit_code == 1


def test_default_database_is_hhparse_db_or_hands_duckdb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HHPARSE_DB", raising=False)
    ingest(GOOD_HANDS[:1])
    assert (tmp_path / "hands.duckdb").is_file()
    monkeypatch.setenv("HHPARSE_DB", str(tmp_path / "env.duckdb"))
    ingest(GOOD_HANDS[:1])
    assert (tmp_path / "env.duckdb").is_file()


# ------------------------------------------------------------ the corpus


@needs_corpus
def test_every_corpus_file_is_accounted_for(tmp_path: Path) -> None:
    database = tmp_path / "corpus.duckdb"
    files = stars_corpus_files()
    summary = ingest(files, database, workers=2)
    assert summary.integrity and not summary.unhealthy, summary.as_dict()["integrity"]
    con = duckdb.connect(str(database), read_only=True)
    rows = con.execute(
        "SELECT path, hands_found, hands_accepted, hands_rejected, hands_duplicate, "
        "hands_unsupported, bytes_read, size FROM sources"
    ).fetchall()
    con.close()
    assert len(rows) == len(files)
    for path, found, accepted, rejected, duplicate, unsupported, read, size in rows:
        assert found == accepted + rejected + duplicate + unsupported, path
        assert read == size, path
        data = Path(path).read_bytes()
        site = detect_site(data)
        assert site is not None
        split = split_blocks(data, path, site.is_start, prefixes=site.prefixes)
        assert account_bytes(data, split).balanced, path
        assert len(split.blocks) == found, path


@needs_corpus
def test_reingesting_the_corpus_changes_nothing(tmp_path: Path) -> None:
    database = tmp_path / "corpus.duckdb"
    files = stars_corpus_files()
    ingest(files, database)
    before = snapshot(database)
    for path in files:  # touch every file: the content decides, not the clock
        os.utime(path, None) if os.access(path, os.W_OK) else None
    again = ingest(files, database)
    assert again.accepted == 0 and again.rejected == 0
    assert snapshot(database)["hands"] == before["hands"]
    assert snapshot(database)["players"] == before["players"]


@needs_corpus
def test_killing_the_ingest_and_running_it_again_gives_the_same_database(
    tmp_path: Path,
) -> None:
    big = tmp_path / "big.txt"
    texts = [path.read_bytes().decode("utf-8-sig") for path in stars_corpus_files()]
    body = "\n\n\n".join(texts)
    with big.open("w", encoding="utf-8") as stream:
        for copy in range(40):
            stream.write(renumbered(body, copy * 10**12) + "\n\n\n")
    reference = tmp_path / "reference.duckdb"
    ingest([big], reference, workers=2)

    interrupted = tmp_path / "interrupted.duckdb"
    process = subprocess.Popen(
        [sys.executable, "-c", KILLABLE_INGEST, str(big), str(interrupted)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "TMPDIR": str(tmp_path)},  # what the kill leaves stays there
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "batch stored"  # some batches are committed
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL
    stored = _stored_hands(interrupted)
    ingest([big], interrupted)
    assert snapshot(interrupted) == snapshot(reference)
    assert stored < count(reference, "SELECT count(*) FROM hands")


KILLABLE_INGEST = """
import sys
from pathlib import Path
from hhparse.ingest import ingest
def stored(summary, path):
    print("batch stored", flush=True)
ingest([sys.argv[1]], Path(sys.argv[2]), workers=2, progress=stored)
print("finished", flush=True)
"""
"""The real ingest in a subprocess, saying when each batch is committed."""


def _stored_hands(database: Path) -> int:
    try:
        con = duckdb.connect(str(database), read_only=True)
    except duckdb.Error:
        return 0
    try:
        row = con.execute("SELECT count(*) FROM hands").fetchone()
        return int(row[0]) if row else 0
    except duckdb.Error:
        return 0
    finally:
        con.close()


def test_fixed_limit_hands_record_the_posted_blinds(tmp_path: Path) -> None:
    """PokerStars prints the bets of a limit game in its header; the blinds are the posts."""
    database = tmp_path / "h.duckdb"
    samples = Path(__file__).resolve().parent.parent / "data" / "samples"
    ingest([samples / "27_triple_draw.txt"], database)
    con = duckdb.connect(str(database), read_only=True)
    rows = con.execute(
        "SELECT h.small_bet, h.small_blind, h.big_blind, "
        "max(a.amount) FILTER (WHERE a.kind = 'post_bb') "
        "FROM hands AS h JOIN actions AS a USING (site, hand_id) "
        "WHERE h.structure = 'fl' GROUP BY ALL"
    ).fetchall()
    con.close()
    assert rows
    for small_bet, small_blind, big_blind, posted in rows:
        assert big_blind == posted == small_bet
        assert small_blind is not None and 0 < small_blind < big_blind


def test_many_small_files_share_transactions_and_keep_their_own_counts(tmp_path: Path) -> None:
    """Small files are stored together (one transaction per ~2,000 hands or 200 files);
    each source still gets its own counts, and a hand two files hold counts once."""
    folder = tmp_path / "small"
    folder.mkdir()
    texts = list(generate_hands(SynthOptions(variant="badugi", hands=60, seed=4)))
    for number in range(30):
        part = texts[2 * number: 2 * number + 2]
        (folder / f"table-{number:02}.txt").write_text("\n\n".join(part), encoding="utf-8")
    (folder / "copy.txt").write_text(texts[0], encoding="utf-8")
    database = tmp_path / "small.duckdb"
    summary = ingest([folder], database, check_integrity=False)
    assert summary.hands_found == 61 and summary.accepted == 60 and summary.duplicate == 1
    con = duckdb.connect(str(database), read_only=True)
    rows = con.execute(
        "SELECT hands_found, hands_accepted, hands_duplicate FROM sources ORDER BY path"
    ).fetchall()
    con.close()
    assert len(rows) == 31
    assert sum(row[1] for row in rows) == 60 and sum(row[2] for row in rows) == 1
    assert sorted(rows)[:2] in ([(1, 0, 1), (2, 2, 0)], [(1, 1, 0), (2, 1, 1)])


# --- transactions that span tasks -----------------------------------------------------------


def test_the_ingest_writes_row_groups_of_its_size_and_the_same_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer attaches the store with its own row group size (where an insert fills a
    row group, DuckDB writes it compressed at once): the rows are those of a store written
    with DuckDB's default, the file opens as any store, and no temporary folder stays. The
    folder's name has a quote (ATTACH takes the path as text)."""
    from hhparse.ingest import run
    from hhparse.store.digest import content_digest

    log = tmp_path / "hands.txt"
    hands = generate_hands(SynthOptions(variant="27_triple_draw", hands=400, seed=5))
    log.write_text("\n\n".join(hands) + "\n", encoding="utf-8")
    monkeypatch.setattr(run, "WRITER_ROW_GROUP_SIZE", 2_048)
    small = tmp_path / "o'neil" / "small.duckdb"
    assert ingest([log], small).accepted == 400
    monkeypatch.setattr(run, "WRITER_ROW_GROUP_SIZE", None)
    default = tmp_path / "default.duckdb"
    ingest([log], default)
    assert sorted(path.name for path in small.parent.iterdir()) == ["small.duckdb"]
    with duckdb.connect(str(small), read_only=True) as con, \
            duckdb.connect(str(default), read_only=True) as other:
        sizes = con.execute(
            "SELECT max(n), count(*) FROM (SELECT row_group_id, sum(count) AS n "
            "FROM pragma_storage_info('actions') WHERE column_id = 0 AND column_path = '[0]' "
            "GROUP BY ALL)").fetchall()
        [(largest, groups)] = sizes
        assert largest <= 2_048 and groups > 1
        assert content_digest(con) == content_digest(other)


@pytest.fixture
def small_tasks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """600 hands in one file, read in tasks of 50 hands, committed every 200."""
    from hhparse.ingest import run

    monkeypatch.setattr(run, "BATCH_HANDS", 50)
    monkeypatch.setattr(run, "BATCH_BYTES", 100_000)  # ~58 hands: windows of 50 hands,
    monkeypatch.setattr(run, "GATHER_BYTES", 100_000)  # a task each
    monkeypatch.setattr(run, "COMMIT_HANDS", 200)
    path = tmp_path / "hands.txt"
    hands = generate_hands(SynthOptions(variant="badugi", hands=600, seed=33))
    path.write_text("\n\n".join(hands) + "\n", encoding="utf-8")
    return path


def _count_hands(database: Path) -> int:
    con = duckdb.connect(str(database), read_only=True)
    try:
        [(hands,)] = con.execute("SELECT count(*) FROM hands").fetchall()
        return int(hands)
    finally:
        con.close()


def test_tasks_share_a_transaction_and_progress_hears_of_each_commit(
    small_tasks: Path, tmp_path: Path
) -> None:
    told: list[int] = []
    summary = ingest([small_tasks], tmp_path / "h.duckdb",
                     progress=lambda summary, path: told.append(summary.accepted))
    assert summary.accepted == 600 == _count_hands(tmp_path / "h.duckdb")
    assert told == [200, 400, 600]


def test_a_stop_between_tasks_keeps_what_was_stored(
    small_tasks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hhparse import stops
    from hhparse.ingest import run
    from hhparse.ingest.run import IngestStopped

    checks = [0]

    def stop_after_five_tasks() -> None:
        checks[0] += 1
        if checks[0] == 5:
            raise stops.Stopped(signal.SIGINT)

    monkeypatch.setattr(run.stops, "check", stop_after_five_tasks)
    with pytest.raises(IngestStopped) as stopped:
        ingest([small_tasks], tmp_path / "h.duckdb", check_integrity=False)
    stored = _count_hands(tmp_path / "h.duckdb")
    assert stored == stopped.value.summary.accepted and 0 < stored < 600


def test_a_stop_in_the_middle_of_a_task_rolls_back_to_the_last_commit(
    small_tasks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second Ctrl-C raises at once, wherever the writer is: a task half stored must
    not be committed, and the summary says what the store holds."""
    from hhparse import stops
    from hhparse.ingest import run
    from hhparse.ingest.run import IngestStopped

    calls = [0]
    insert = run.insert_frames

    def stopped_in_the_sixth(con: duckdb.DuckDBPyConnection, frames: object) -> object:
        calls[0] += 1
        counts = insert(con, frames)  # type: ignore[arg-type]
        if calls[0] == 6:  # its hands are in, its sources' bookkeeping is not
            raise stops.Stopped(signal.SIGINT)
        return counts

    monkeypatch.setattr(run, "insert_frames", stopped_in_the_sixth)
    with pytest.raises(IngestStopped) as stopped:
        ingest([small_tasks], tmp_path / "h.duckdb", check_integrity=False)
    summary = stopped.value.summary
    assert _count_hands(tmp_path / "h.duckdb") == summary.accepted == 200
    assert summary.hands_found == 200
    again = ingest([small_tasks], tmp_path / "h.duckdb")
    assert again.accepted == 400 and _count_hands(tmp_path / "h.duckdb") == 600


def test_a_second_ctrl_c_that_duckdb_rewords_still_stops_the_ingest(
    small_tasks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second signal lands inside a DuckDB callback (the scan of a registered frame):
    DuckDB turns the stop into its own error ("reading the schema ... failed: Stopped:
    SIGINT") and the writer into a StoreError. It is still the stop (CI saw exit 1)."""
    from hhparse import stops
    from hhparse.ingest import run
    from hhparse.ingest.run import IngestStopped
    from hhparse.store.errors import StoreError

    calls = [0]
    insert = run.insert_frames

    def reworded_in_the_sixth(con: duckdb.DuckDBPyConnection, frames: object) -> object:
        calls[0] += 1
        if calls[0] == 6:
            stops._on_signal(signal.SIGINT, None)  # the first: waits for a check
            try:
                stops._on_signal(signal.SIGINT, None)  # the second raises at once
            except stops.Stopped as stop:
                raise StoreError(f"storing the batch failed: {stop!r}") from None
        return insert(con, frames)  # type: ignore[arg-type]

    monkeypatch.setattr(run, "insert_frames", reworded_in_the_sixth)
    with pytest.raises(IngestStopped) as stopped:
        ingest([small_tasks], tmp_path / "h.duckdb", check_integrity=False)
    assert stopped.value.exit_code == 130
    assert _count_hands(tmp_path / "h.duckdb") == stopped.value.summary.accepted == 200
    assert ingest([small_tasks], tmp_path / "h.duckdb").accepted == 400


def test_an_unsupported_last_hand_of_a_file_just_written_is_read_not_awaited(
    tmp_path: Path,
) -> None:
    """A game we do not read (Merge's half-pot-limit Badugi) has no summary to wait for: a
    file written a moment ago is read to its end, as it is an hour later (the corpus test
    compared a lake and a store ingested minutes apart, and they disagreed)."""
    log = tmp_path / "half_pot.txt"
    shutil.copy(FIXTURES / "merge" / "badugi_half_pot_limit_is_kept_unsupported.txt", log)
    database = tmp_path / "h.duckdb"
    done = ingest([log], database)
    assert (done.hands_found, done.unsupported) == (1, 1)
    assert count(database, "SELECT bytes_read FROM sources") == log.stat().st_size


BLAS_THREADS = """
import os
from hhparse.ingest import ingest  # loads numpy with the frames
print(os.environ.get("OPENBLAS_NUM_THREADS"), len(os.listdir("/proc/self/task")))
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
@pytest.mark.parametrize(("given", "expected"), [(None, "1"), ("2", "2")])
def test_the_ingest_starts_no_blas_threads_unless_told_to(given: str | None,
                                                         expected: str) -> None:
    """numpy's OpenBLAS starts a spinning thread per core unless told otherwise; the
    ingest never multiplies matrices, and a user's own setting stays."""
    env = {key: value for key, value in os.environ.items() if key != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    out = subprocess.run([sys.executable, "-c", BLAS_THREADS], env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    assert out[0] == expected
    if given is None:
        env["OPENBLAS_NUM_THREADS"] = "4"
        more = subprocess.run([sys.executable, "-c", BLAS_THREADS], env=env, check=True,
                              capture_output=True, text=True).stdout.split()
        assert int(out[1]) < int(more[1])
