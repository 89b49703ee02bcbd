"""`hhparse watch`: a file grows hand by hand while reports run in a loop; every hand is
stored once, no report fails, Ctrl-C stops the watch and leaves no process behind."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hhparse.ingest.watch import snapshot, watch

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"
HHPARSE = [sys.executable, "-m", "hhparse"]


def _hands(name: str) -> list[str]:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    return [part.strip() + "\n\n" for part in re.split(r"\n\s*\n(?=PokerStars )", text)
            if part.strip()]


def _stored(database: Path) -> tuple[int, int]:
    done = subprocess.run([*HHPARSE, "query", "SELECT count(*) AS n, count(DISTINCT "
                           "site || hand_id) AS d FROM hands", "--db", str(database),
                           "-f", "json"], capture_output=True, text=True, check=True)
    [row] = json.loads(done.stdout)
    return row["n"], row["d"]


def test_a_growing_file_is_stored_hand_by_hand_while_reports_run(tmp_path: Path) -> None:
    folder, database = tmp_path / "client", tmp_path / "store.duckdb"
    folder.mkdir()
    hands = _hands("badugi.txt") + _hands("razz.txt")
    table = folder / "table-1.txt"
    table.write_text(hands[0], encoding="utf-8")
    watcher = subprocess.Popen([*HHPARSE, "watch", str(folder), "--db", str(database),
                                "--interval", "0.2"], stderr=subprocess.PIPE, text=True)
    waits: list[float] = []
    try:
        for hand in hands[1:]:
            with table.open("a", encoding="utf-8") as stream:
                stream.write(hand)
            started = time.perf_counter()
            report = subprocess.run(
                [*HHPARSE, "report", "player_summary", "--db", str(database), "-f", "json"],
                capture_output=True, text=True, check=False)
            waits.append(time.perf_counter() - started)
            if report.returncode != 0 and "no database" in report.stderr:
                continue  # the first round has not created the store yet
            assert report.returncode == 0, report.stderr
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _stored(database)[0] < len(hands):
            time.sleep(0.3)
        assert _stored(database) == (len(hands), len(hands))  # every hand, once each
    finally:
        watcher.send_signal(signal.SIGINT)
        _, said = watcher.communicate(timeout=30)
    assert watcher.returncode == 130, said
    assert "Stopped (SIGINT)" in said and "hands stored" in said
    print(f"longest report (start-up and wait for the watch's round): {max(waits):.2f} s; "
          f"median {sorted(waits)[len(waits) // 2]:.2f} s over {len(waits)} reports")


def test_a_round_runs_only_when_something_changed(tmp_path: Path) -> None:
    folder, database = tmp_path / "client", tmp_path / "store.duckdb"
    folder.mkdir()
    (folder / "a.txt").write_text("".join(_hands("badugi.txt")[:3]), encoding="utf-8")
    [first] = watch([folder], database, interval=0.0, rounds=1)
    assert first.changed == 1 and first.summary.accepted == 3
    assert str(database) not in snapshot([folder, database], database)
    (folder / "b.txt").write_text("".join(_hands("razz.txt")[:2]), encoding="utf-8")
    [second] = watch([folder], database, interval=0.0, rounds=1)
    assert second.summary.accepted == 2  # a.txt is unchanged: read again, nothing new


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_ctrl_c_while_idle_stops_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "client"
    folder.mkdir()
    watcher = subprocess.Popen([*HHPARSE, "watch", str(folder), "--db",
                                str(tmp_path / "store.duckdb"), "--interval", "30"],
                               stderr=subprocess.PIPE, text=True)
    time.sleep(2.0)
    started = time.monotonic()
    watcher.send_signal(signal.SIGINT)
    _, said = watcher.communicate(timeout=30)
    assert watcher.returncode == 130, said
    assert time.monotonic() - started < 5
    assert "every round was committed" in said
