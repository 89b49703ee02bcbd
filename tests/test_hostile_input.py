"""Hostile input: every kind gets a clear message and a bounded cost, and the rest goes on.

Binary and empty files, a 1 GB file with no newline, lines of megabytes, invalid UTF-8 and
UTF-16, NUL bytes, zip and gzip bombs, path traversal inside archives, symbolic-link loops
and files that change while they are read.
"""

from __future__ import annotations

import gzip
import os
import random
import shutil
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from hhparse import sources
from hhparse.check import CheckReport, check_paths
from hhparse.cli.ingest import unknown_format_line
from hhparse.ingest import IngestSummary, ingest, scan
from hhparse.ingest import run as ingest_run
from hhparse.parsers.base import MAX_JUNK_CHARS, MAX_LINE_CHARS
from hhparse.replay import Status

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"
RAZZ = (SAMPLES / "razz.txt").read_bytes()
RAZZ_HANDS = RAZZ.count(b"\nPokerStars ") + 1
FIRST, SECOND = RAZZ.split(b"\n\n\n")[:2]


def checked(*paths: Path) -> CheckReport:
    return check_paths(paths)


def accepted(report: CheckReport) -> int:
    return report.statuses[Status.ACCEPTED]


def ingested(tmp_path: Path, *paths: Path) -> IngestSummary:
    summary = ingest(paths, tmp_path / "store.duckdb", workers=1)
    assert not summary.unhealthy, summary.as_dict()["integrity"]
    return summary


def junk_rows(tmp_path: Path) -> list[tuple[int, int]]:
    con = duckdb.connect(str(tmp_path / "store.duckdb"), read_only=True)
    try:
        return con.execute("SELECT byte_length, length(text) FROM junk ORDER BY byte_offset")\
            .fetchall()
    finally:
        con.close()


def test_a_binary_file_is_reported_as_not_a_hand_history(tmp_path: Path) -> None:
    noise = tmp_path / "noise.bin"
    noise.write_bytes(random.Random(7).randbytes(300_000))
    report = checked(noise)
    assert [problem.code for problem in report.file_problems] == ["unknown_format"]
    summary = ingested(tmp_path, noise, SAMPLES / "razz.txt")
    assert summary.accepted == RAZZ_HANDS and summary.junk_items >= 1
    assert summary.unknown_format == [str(noise)]
    assert summary.as_dict()["files_unknown_format"] == 1


def test_ingest_names_the_files_of_an_unknown_format_and_not_the_blank_ones(
    tmp_path: Path,
) -> None:
    notes = [tmp_path / f"notes{number}.txt" for number in range(7)]
    for number, path in enumerate(notes):
        path.write_text(f"my session notes, day {number}\n", encoding="utf-8")
    (tmp_path / "blank.txt").write_bytes(b" \r\n\n\t\n")
    (tmp_path / "empty.txt").write_bytes(b"")
    shutil.copy(SAMPLES / "razz.txt", tmp_path / "razz.txt")
    summary = ingested(tmp_path, tmp_path)
    assert summary.unknown_format == [str(path) for path in notes]
    line = unknown_format_line(summary.unknown_format)
    assert line.startswith("7 file(s) of an unknown format") and "2 more" in line
    assert str(notes[0]) in line and str(notes[6]) not in line
    again = ingested(tmp_path, tmp_path)  # unchanged files are not read, nor named, again
    assert again.unknown_format == [] and again.files_unchanged == 10


def test_an_empty_file_is_reported_as_empty(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert [problem.code for problem in checked(empty).file_problems] == ["empty_file"]
    summary = ingested(tmp_path, empty)
    assert summary.files_failed == 0 and summary.hands_found == 0


def test_a_file_beyond_the_cap_with_no_newline_is_streamed_as_short_junk(tmp_path: Path) -> None:
    """`check` reads a file whole and refuses it; ingest reads it window by window as junk."""
    huge = tmp_path / "huge.txt"  # 300 MiB, over the 256 MiB of a whole read
    with huge.open("wb") as stream:  # sparse: NULs that cost no disk
        stream.truncate(300 * 1024**2)
    report = checked(huge)
    assert [problem.code for problem in report.file_problems] == ["unreadable_file"]
    assert "more than 256 MiB" in report.file_problems[0].message
    summary = ingested(tmp_path, huge, SAMPLES / "razz.txt")
    assert summary.files_failed == 0 and summary.accepted == RAZZ_HANDS
    rows = junk_rows(tmp_path)
    assert sum(length for length, _ in rows) == 300 * 1024**2
    assert all(kept < MAX_JUNK_CHARS + 100 for _, kept in rows)


def test_a_long_file_with_no_newline_is_junk_kept_short(tmp_path: Path) -> None:
    flat = tmp_path / "flat.txt"
    flat.write_bytes(b"x" * (3 * MAX_JUNK_CHARS) + b"\n\n\n" + RAZZ)
    report = checked(flat)
    assert accepted(report) == RAZZ_HANDS
    assert len(report.junk) == 1 and len(report.junk[0].text) < MAX_JUNK_CHARS + 100
    ingested(tmp_path, flat)
    [(length, kept)] = junk_rows(tmp_path)
    assert length == 3 * MAX_JUNK_CHARS and kept < MAX_JUNK_CHARS + 100


def test_a_line_of_megabytes_costs_one_hand_not_the_file(tmp_path: Path) -> None:
    lines = FIRST.split(b"\n")
    chat = b'Nobody said, "' + b"A" * 4_000_000 + b'"'
    long_line = tmp_path / "long_line.txt"
    long_line.write_bytes(b"\n".join([*lines[:-3], chat, *lines[-3:]]) + b"\n\n\n" + SECOND)
    report = checked(long_line)
    assert len(report.hands) == 2 and accepted(report) >= 1
    for verdict in report.hands:
        for problem in verdict.problems:
            assert len(problem.message) < 2 * MAX_LINE_CHARS
    summary = ingested(tmp_path, long_line)
    assert summary.hands_found == 2


def test_invalid_utf8_falls_back_to_cp1252_and_the_hands_are_read(tmp_path: Path) -> None:
    broken = tmp_path / "invalid_utf8.txt"
    broken.write_bytes(RAZZ.replace(b"*** 3rd STREET ***", b"*** 3rd STREET ***\xff\xfe", 1))
    report = checked(broken)
    assert len(report.hands) == RAZZ_HANDS and accepted(report) == RAZZ_HANDS
    assert report.problems == {"unknown_line": 1}  # the damaged line, as a warning
    assert ingested(tmp_path, broken).accepted == RAZZ_HANDS


def test_invalid_utf16_odd_length_and_lone_surrogate_never_crash(tmp_path: Path) -> None:
    broken = tmp_path / "invalid_utf16.txt"
    body = RAZZ.decode("utf-8").encode("utf-16-le")
    broken.write_bytes(b"\xff\xfe" + body + b"\x00\xd8\x41")  # lone surrogate, odd length
    report = checked(broken)
    assert len(report.hands) == RAZZ_HANDS and accepted(report) == RAZZ_HANDS
    assert ingested(tmp_path, broken).accepted == RAZZ_HANDS


def test_nul_bytes_inside_lines_reject_the_hand_and_nul_padding_is_junk(tmp_path: Path) -> None:
    inside = tmp_path / "nul_inside.txt"
    inside.write_bytes(FIRST.replace(b"\n", b"\n\x00", 3) + b"\n\n\n" + SECOND)
    report = checked(inside)
    assert len(report.hands) == 2 and report.rejected == 1 and accepted(report) == 1
    padded = tmp_path / "nul_padding.txt"
    padded.write_bytes(RAZZ + b"\n\n\n" + b"\x00" * 100_000)
    report = checked(padded)
    assert accepted(report) == RAZZ_HANDS and len(report.junk) == 1
    summary = ingested(tmp_path, inside, padded)
    assert summary.hands_found == 2 + RAZZ_HANDS


def test_zip_and_gzip_bombs_are_refused_and_the_other_members_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sources, "MAX_SOURCE_BYTES", 1024**2)
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.txt", b"\0" * (8 * 1024**2))
        archive.writestr("razz.txt", RAZZ)
    gz_bomb = tmp_path / "bomb.txt.gz"
    gz_bomb.write_bytes(gzip.compress(b"\0" * (8 * 1024**2)))
    report = checked(bomb, gz_bomb)
    assert accepted(report) == RAZZ_HANDS
    assert sorted(problem.file for problem in report.file_problems) == sorted([
        f"{bomb}!bomb.txt", str(gz_bomb)])
    assert all("more than 1 MiB" in problem.message for problem in report.file_problems)
    summary = ingested(tmp_path, bomb, gz_bomb)
    assert summary.accepted == RAZZ_HANDS and summary.files_failed == 2


def test_a_zip_member_that_lies_about_its_size_is_still_capped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bomb = tmp_path / "liar.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("liar.txt", b"\0" * (4 * 1024**2))
    monkeypatch.setattr(sources, "MAX_SOURCE_BYTES", 1024**2)
    member = sources.Source(path=f"{bomb}!liar.txt", file=bomb, member="liar.txt")
    with pytest.raises(sources.SourceError, match="more than 1 MiB"):
        member.read()


def test_path_traversal_inside_an_archive_is_only_a_name(tmp_path: Path) -> None:
    inside = tmp_path / "inside"
    inside.mkdir()
    archive_path = inside / "traversal.zip"
    with zipfile.ZipFile(archive_path, "w") as archive:
        archive.writestr("../../escaped.txt", RAZZ)
        archive.writestr("/etc/absolute.txt", RAZZ)
    before = sorted(tmp_path.rglob("*"))
    report = checked(archive_path)
    assert accepted(report) == 2 * RAZZ_HANDS
    summary = ingested(tmp_path, archive_path)
    assert summary.accepted == RAZZ_HANDS and summary.duplicate == RAZZ_HANDS
    after = sorted(path for path in tmp_path.rglob("*") if path.name != "store.duckdb")
    assert after == before  # nothing was extracted anywhere
    con = duckdb.connect(str(tmp_path / "store.duckdb"), read_only=True)
    paths = [row[0] for row in con.execute("SELECT path FROM sources ORDER BY path").fetchall()]
    con.close()
    assert paths == [f"{archive_path}!../../escaped.txt", f"{archive_path}!/etc/absolute.txt"]


def test_symbolic_link_loops_do_not_trap_the_walk(tmp_path: Path) -> None:
    top = tmp_path / "logs"
    (top / "a" / "b").mkdir(parents=True)
    (top / "a" / "b" / "razz.txt").write_bytes(RAZZ)
    os.symlink(top, top / "a" / "b" / "back_to_top")
    os.symlink(top / "a", top / "a" / "b" / "up")
    os.symlink(top / "a" / "b" / "razz.txt", top / "same_file.txt")
    os.symlink(top / "self_loop", top / "self_loop")  # a link to itself
    report = checked(top)
    assert len(report.hands) == RAZZ_HANDS
    summary = ingested(tmp_path, top)
    assert summary.accepted == RAZZ_HANDS and summary.files_seen == 1


def test_a_file_that_grows_while_it_is_read_is_completed_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "growing.txt"
    log.write_bytes(FIRST + b"\n\n\n")
    original = scan.FileBytes.__init__

    def open_then_append(self: scan.FileBytes, path: Path) -> None:
        original(self, path)
        with log.open("ab") as stream:  # the site writes the next hand meanwhile
            stream.write(SECOND + b"\n\n\n")

    monkeypatch.setattr(scan.FileBytes, "__init__", open_then_append)
    first = ingested(tmp_path, log)
    monkeypatch.setattr(scan.FileBytes, "__init__", original)
    second = ingested(tmp_path, log)
    assert (first.accepted, second.accepted, second.duplicate) == (1, 1, 0)


def test_a_file_rewritten_after_it_was_read_is_read_again_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "rewritten.txt"
    log.write_bytes(RAZZ)
    original = ingest_run._parts

    def read_then_rewrite(*args: Any) -> Iterator[Any]:
        yield from original(*args)
        log.write_bytes(SECOND + b"\n\n\n")  # truncated and rewritten meanwhile

    monkeypatch.setattr(ingest_run, "_parts", read_then_rewrite)
    first = ingested(tmp_path, log)
    monkeypatch.setattr(ingest_run, "_parts", original)
    second = ingested(tmp_path, log)
    assert first.accepted == RAZZ_HANDS
    assert second.files_read == 1 and second.accepted == 0 and second.duplicate == 1


def rewrite_after_scan(monkeypatch: pytest.MonkeyPatch, log: Path, before: bytes,
                       after: bytes) -> Callable[..., scan.Scan]:
    """``log`` holds ``before`` when scanned and ``after`` when its windows are read; the
    real scan is returned, to put back."""
    log.write_bytes(before)
    original = ingest_run.scan

    def scan_then_rewrite(*args: Any) -> scan.Scan:
        found = original(*args)
        log.write_bytes(after)
        return found

    monkeypatch.setattr(ingest_run, "scan", scan_then_rewrite)
    return original


def test_a_file_cut_shorter_while_it_is_read_is_reported_and_read_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "rewritten.txt"
    original = rewrite_after_scan(monkeypatch, log, RAZZ, SECOND + b"\n\n\n")
    first = ingested(tmp_path, log)
    assert first.files_failed == 1 and "cut shorter while it was read" in first.errors[0]
    monkeypatch.setattr(ingest_run, "scan", original)
    second = ingested(tmp_path, log)
    assert second.files_read == 1 and second.accepted == 1


def test_a_file_rewritten_to_the_same_size_while_it_is_read_gets_no_whole_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "rewritten.txt"
    same_size = RAZZ.replace(b"Razz", b"RAZZ")
    original = rewrite_after_scan(monkeypatch, log, RAZZ, same_size)
    ingested(tmp_path, log)
    con = duckdb.connect(str(tmp_path / "store.duckdb"), read_only=True)
    try:
        assert con.execute("SELECT sha256 FROM sources").fetchall() == [(None,)]
    finally:
        con.close()
    monkeypatch.setattr(ingest_run, "scan", original)
    again = ingested(tmp_path, log)
    assert again.files_unchanged == 0  # looked at again, not skipped as unchanged


def test_a_file_that_vanishes_before_it_is_read_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "vanishing.txt"
    log.write_bytes(RAZZ)
    original = sources.Source.read

    def vanish_then_read(source: sources.Source) -> bytes:
        log.unlink()
        return original(source)

    monkeypatch.setattr(sources.Source, "read", vanish_then_read)
    report = checked(log)
    assert [problem.code for problem in report.file_problems] == ["unreadable_file"]
    log.write_bytes(RAZZ)
    opening = scan.FileBytes.__init__

    def vanish_then_open(self: scan.FileBytes, path: Path) -> None:
        log.unlink()
        opening(self, path)

    monkeypatch.setattr(scan.FileBytes, "__init__", vanish_then_open)
    summary = ingest([log], tmp_path / "store.duckdb", workers=1)
    assert summary.files_failed == 1 and "cannot read" in summary.errors[0]


SUPERSCRIPT = str.maketrans(
    "0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")
"""``"\u00b2".isdigit()`` is true, ``int("\u00b2")`` fails: a reader that checked digits with
``isdigit`` then read them with ``int`` crashed on them (a found bug, PokerStars first)."""
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _in_superscript(text: str) -> str:
    """Seat numbers and the counts of drawn cards written in superscript digits."""
    lines = []
    for line in text.split("\n"):
        if line.startswith("Seat "):
            head, colon, rest = line.partition(":")
            line = head.translate(SUPERSCRIPT) + colon + rest
        for verb in ("discards ", "draws ", "discarded "):
            at = line.find(verb)
            if at >= 0 and line[at + len(verb) : at + len(verb) + 1].isdigit():
                cut = at + len(verb) + 1
                line = line[: cut - 1] + line[cut - 1 : cut].translate(SUPERSCRIPT) + line[cut:]
        lines.append(line)
    return "\n".join(lines)


@pytest.mark.parametrize("path", sorted(
    path for site in ("fulltilt", "winamax", "kingsclub", "pokerstars")
    for path in (FIXTURES / site).glob("*.txt")),
    ids=lambda path: f"{path.parent.name}/{path.name}")
def test_numbers_in_superscript_digits_are_problems_not_crashes(path: Path) -> None:
    from hhparse.pipeline import read_bytes

    text = path.read_bytes().decode("utf-8-sig", errors="replace")
    mutated = _in_superscript(text)
    result = read_bytes(mutated.encode("utf-8"), path.name)
    codes = {problem.code for hand in result.hands for problem in hand.problems}
    assert "parser_crash" not in codes, path.name


def test_numbers_in_superscript_digits_in_xml_and_phh_are_not_numbers() -> None:
    from hhparse.parsers.xmlhands import int_or_none
    from hhparse.phh.export import _hand_value, _level_number

    assert int_or_none("\u00b2") is None and int_or_none("12") == 12
    assert _hand_value("\u00b2") == '"\u00b2"' and _hand_value("123") == "123"
    assert _level_number("Level \u00b2") is None and _level_number("Level 3") == 3
