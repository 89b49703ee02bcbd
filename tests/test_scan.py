"""A source read in pieces gives what the whole bytes give: hashes, line counts, hand
starts; windows tile the file, stay bounded and never split a CRLF or a hand."""

from __future__ import annotations

import hashlib
import itertools
import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hhparse import sources
from hhparse.ingest import ingest
from hhparse.ingest.scan import (
    FileBytes,
    MemoryBytes,
    cuts,
    hand_starts,
    line_breaks,
    line_starts_with,
    pieces,
    scan,
)
from hhparse.parsers.sites import SITES, detect_site

FIXTURES = Path(__file__).parent / "fixtures"
POKERSTARS = next(site for site in SITES if site.name == "pokerstars")

LINES = st.lists(
    st.sampled_from([b"PokerStars Hand #1: x", b"junk", b"", b"caf\xc3\xa9", b"\xe9\xe8",
                     b"a" * 40]),
    max_size=60,
)
BREAKS = st.sampled_from([b"\n", b"\r\n", b"\r"])


@st.composite
def logs(draw: st.DrawFn) -> bytes:
    lines = draw(LINES)
    return b"".join(line + draw(BREAKS) for line in lines)


@settings(max_examples=300, deadline=None)
@given(data=logs(), size=st.integers(min_value=1, max_value=64),
       begin=st.integers(min_value=0, max_value=40))
def test_pieces_tile_the_bytes_from_begin_and_end_after_line_breaks(
    data: bytes, size: int, begin: int
) -> None:
    begin = min(begin, len(data))
    found = list(pieces(MemoryBytes(data), begin, size))
    assert b"".join(piece for _, piece in found) == data[begin:]
    offset = begin
    for at, piece in found:
        assert at == offset
        offset += len(piece)
    for _, piece in found[:-1]:
        assert piece.endswith(b"\n") or b"\n" not in piece


@settings(max_examples=300, deadline=None)
@given(data=logs(), prefix_at=st.integers(min_value=0, max_value=400))
def test_a_scan_hashes_and_counts_what_the_whole_bytes_give(data: bytes, prefix_at: int
                                                            ) -> None:
    found = scan(MemoryBytes(data), prefix_at)
    assert found.sha256 == hashlib.sha256(data).hexdigest()
    if prefix_at <= len(data):
        assert found.prefix_sha256 == hashlib.sha256(data[:prefix_at]).hexdigest()
        assert found.lines_before_prefix == line_breaks(data, 0, prefix_at)
    else:
        assert found.prefix_sha256 is None
    assert found.site is detect_site(data)


@settings(max_examples=300, deadline=None)
@given(data=logs(), begin=st.integers(min_value=0, max_value=40))
def test_hand_starts_found_in_pieces_are_those_of_the_whole_bytes(data: bytes, begin: int
                                                                  ) -> None:
    whole = [at for at in line_starts_with(data, POKERSTARS.prefixes) if at > begin]
    assert hand_starts(MemoryBytes(data), POKERSTARS, begin) == whole


@settings(max_examples=300, deadline=None)
@given(data=logs(), every=st.integers(min_value=1, max_value=5),
       window=st.integers(min_value=8, max_value=120))
@example(data=b"junk\njunk\njunk\n\n\n", every=1, window=8)  # a gap read beyond its region
@example(  # a line break, then a hand start in the same region: the hand start is the cut
    data=b"PokerStars Hand #1: x\n" + b"a" * 40 + b"\r" + b"a" * 40
    + b"\njunk\nPokerStars Hand #1: x\nPokerStars Hand #1: x\n", every=2, window=26)
def test_windows_tile_the_file_cut_at_hand_starts_or_line_ends_and_stay_bounded(
    data: bytes, every: int, window: int
) -> None:
    source = MemoryBytes(data)
    starts = hand_starts(source, POKERSTARS, 0)
    bounds = cuts(source, 0, starts, every, max_window=window)
    assert bounds[0] == 0 and bounds[-1] == len(data)
    assert bounds == sorted(bounds)
    for begin, end in itertools.pairwise(bounds):
        # a cut is looked for from half a window on, a region of a window at a time (in a
        # region, read 11 bytes further for a gap of six CRLF across two: a hand start first,
        # then a gap, then a line break): the regions before the one the cut was found in
        # had no place to cut at all
        if end - begin > window:
            first = begin + window // 2
            upto = first + max(0, (end - 1 - 11 - first) // window) * window
            assert b"\n" not in data[first:upto] and not any(
                first <= at < upto for at in starts), (begin, end)
    hands_in = [sum(1 for at in [0, *starts] if begin <= at < end)
                for begin, end in itertools.pairwise(bounds)]
    assert max(hands_in, default=0) <= every  # never more hands to a window than asked
    for at in bounds[1:-1]:
        assert at in starts or data[at - 1 : at] == b"\n"  # never inside a CRLF


@settings(max_examples=300, deadline=None)
@given(data=logs(), every=st.integers(min_value=1, max_value=8),
       hand_bytes=st.integers(min_value=1, max_value=400))
def test_windows_of_hands_end_sooner_where_their_bytes_reach_the_limit(
    data: bytes, every: int, hand_bytes: int
) -> None:
    """Stud hands are twice the text of draw hands: a window of ``every`` hands ends at the
    first hand start at or past ``hand_bytes`` from its own start."""
    source = MemoryBytes(data)
    starts = hand_starts(source, POKERSTARS, 0)
    bounds = cuts(source, 0, starts, every, hand_bytes=hand_bytes)
    assert bounds[0] == 0 and bounds[-1] == len(data) and bounds == sorted(bounds)
    for begin, end in itertools.pairwise(bounds[:-1]):
        inside = [at for at in starts if begin < at < end]
        assert end in starts
        assert len(inside) + 1 <= every  # the hand at begin and those starting inside
        assert all(at - begin < hand_bytes for at in inside)  # no earlier place to end
        assert len(inside) + 1 == every or end - begin >= hand_bytes
    unlimited = cuts(source, 0, starts, every, hand_bytes=10**9)
    assert unlimited == cuts(source, 0, starts, every)


def test_a_plain_file_beyond_the_cap_is_ingested_in_pieces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sources, "MAX_SOURCE_BYTES", 64 * 1024)
    hand = (FIXTURES / "pokerstars").glob("*.txt").__next__().read_bytes()
    log = tmp_path / "big.txt"
    log.write_bytes(b"a line of junk\n" * 20_000 + b"\n\n\n" + hand)  # ~300 KiB
    summary = ingest([log], tmp_path / "h.duckdb", workers=1)
    assert summary.files_failed == 0 and summary.hands_found == 1
    assert not summary.unhealthy


def test_file_bytes_read_the_size_the_file_had_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    path.write_bytes(b"one\ntwo\n")
    data = FileBytes(path)
    try:
        with path.open("ab") as stream:
            stream.write(b"three\n")
        assert data.size == 8 and data.read(0, 100) == b"one\ntwo\n"
    finally:
        data.close()


@settings(max_examples=300, deadline=None)
@given(data=logs(), begin=st.integers(min_value=0, max_value=80),
       length=st.integers(min_value=0, max_value=400))
@example(data=b"a\r\nb\rc\n", begin=0, length=7)
@example(data=b"a\nb\n", begin=0, length=4)
@example(data=b"a\r\nb", begin=2, length=2)  # a CRLF cut in two: its LF still ends a line
def test_line_breaks_counts_crlf_lf_and_lone_cr_once_each(data: bytes, begin: int,
                                                         length: int) -> None:
    end = min(len(data), begin + length)
    expected = len(re.findall(rb"\r\n|\r|\n", data[begin:end]))
    assert line_breaks(data, begin, end) == expected
