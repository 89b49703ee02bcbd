"""Decoding and splitting: one test per quirk, exact lines and offsets, fuzzing, the corpus.

Each quirk's bytes are built here (so the exact encoding is visible) and written to a file
named after the quirk; the real logs of ../shared/corpus are read in place, never copied.
"""

from __future__ import annotations

import csv
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hhparse.parsers.base import (
    BLANK_CHARS,
    AccountingError,
    HandBlock,
    Junk,
    SplitResult,
    _ByteMap,
    account_bytes,
    clean_line,
    consecutive_from,
    decode,
    has_doubled_line_breaks,
    span_of,
    split_blocks,
)

CORPUS = Path(__file__).parent.parent.parent / "shared" / "corpus"
FPDB = CORPUS / "fpdb"
STARS_PREFIXES = ("PokerStars ",)
FTP_PREFIXES = ("Full Tilt Poker Game #", "FullTiltPoker Game #")


def stars_start(line: str) -> bool:
    return line.startswith("PokerStars ") and ("Hand #" in line or "Game #" in line)


def ftp_start(line: str) -> bool:
    return line.startswith(FTP_PREFIXES)


HAND_1 = (
    "PokerStars Hand #1: Badugi Limit ($0.25/$0.50 USD) - 2010/09/01 12:00:00 ET",
    "Table 'Alpha' 6-max Seat #1 is the button",
    "Seat 1: José ($10 in chips)",
    "Seat 2: Hero ($12 in chips)",
    "*** SUMMARY ***",
    "Total pot $0.75 | Rake $0",
)
HAND_2 = (
    "PokerStars Hand #2: Badugi Limit ($0.25/$0.50 USD) - 2010/09/01 12:01:00 ET",
    "Seat 1: José ($9.75 in chips)",
    "*** SUMMARY ***",
)


def two_hands(eol: str = "\n", gap: int = 3) -> str:
    """Hand 1 on lines 1-6, ``gap`` blank lines, hand 2, ``gap`` blank lines."""
    return eol.join((*HAND_1, *[""] * gap, *HAND_2, *[""] * gap, ""))


def split(data: bytes, name: str = "log.txt") -> SplitResult:
    return split_blocks(data, name, stars_start, prefixes=STARS_PREFIXES)


@pytest.fixture
def quirk_file(tmp_path: Path) -> Callable[[str, bytes], Path]:
    def write(quirk: str, data: bytes) -> Path:
        path = tmp_path / f"{quirk}.txt"
        path.write_bytes(data)
        return path

    return write


# --- helpers that prove a result against the raw bytes -------------------------------------


def editor_lines(text: str) -> list[str]:
    """Lines as a text editor counts them: CRLF, LF and a lone CR each end one."""
    return re.split(r"\r\n|\r|\n", text)


def span_text(data: bytes, offset: int, length: int, result: SplitResult) -> str:
    codec = "utf-8" if result.encoding == "utf-8-sig" else result.encoding
    span = data[offset : offset + length]
    if codec.startswith("utf-16") and len(span) % 2:
        # an odd last byte of a UTF-16 file is read on its own: as itself when it is ASCII,
        # else as U+FFFD (see base.py), never merged into a lone surrogate before it
        tail = span[-1]
        return span[:-1].decode(codec, errors="replace") + (
            chr(tail) if tail < 0x80 else "\ufffd")
    return span.decode(codec, errors="replace")


def check(data: bytes, result: SplitResult) -> None:
    """Everything a split promises, checked against the bytes and an independent reading."""
    assert account_bytes(data, result).balanced
    reference = editor_lines(decode(data).text)
    for block in result.blocks:
        assert block.line == block.line_numbers[0]
        assert list(block.line_numbers) == sorted(set(block.line_numbers))
        assert all(block.lines)
        for number, line in zip(block.line_numbers, block.lines, strict=True):
            assert clean_line(reference[number - 1]) == line
        assert clean_line(span_text(data, block.byte_offset, block.byte_length, result)).startswith(
            block.lines[0]
        )
    for junk in result.junk:
        assert clean_line(reference[junk.line - 1])
        first = junk.text.split("\n")[0]
        assert clean_line(span_text(data, junk.byte_offset, junk.byte_length, result)).startswith(
            first
        )


def assert_two_hands(result: SplitResult, data: bytes, encoding: str, width: int = 1) -> None:
    """The two hands of :func:`two_hands`: lines 1 and 10, no junk."""
    assert result.encoding == encoding
    assert [block.lines for block in result.blocks] == [HAND_1, HAND_2]
    assert [block.line for block in result.blocks] == [1, 10]
    assert result.blocks[0].line_numbers == (1, 2, 3, 4, 5, 6)
    assert result.blocks[1].line_numbers == (10, 11, 12)
    assert result.junk == ()
    assert not result.replaced_chars
    second = data.index("PokerStars Hand #2".encode(_codec(encoding)))
    assert result.blocks[1].byte_offset == second
    assert result.blocks[0].byte_offset == result.bom_length
    end_of_first = data.index("Rake $0".encode(_codec(encoding))) + 7 * width
    assert result.blocks[0].byte_length == end_of_first - result.bom_length
    check(data, result)


def _codec(encoding: str) -> str:
    return "utf-8" if encoding == "utf-8-sig" else encoding


# --- the quirks, one file each -----------------------------------------------------------


def test_utf8_bom(quirk_file: Callable[[str, bytes], Path]) -> None:
    data = quirk_file("utf8_bom", b"\xef\xbb\xbf" + two_hands().encode()).read_bytes()
    result = split(data)
    assert result.bom_length == 3
    assert_two_hands(result, data, "utf-8-sig")


def test_utf16le_bom(quirk_file: Callable[[str, bytes], Path]) -> None:
    data = quirk_file("utf16le_bom", b"\xff\xfe" + two_hands("\r\n").encode("utf-16-le"))
    result = split(data.read_bytes())
    assert result.bom_length == 2
    assert_two_hands(result, data.read_bytes(), "utf-16-le", width=2)


def test_utf16be_bom(quirk_file: Callable[[str, bytes], Path]) -> None:
    data = quirk_file("utf16be_bom", b"\xfe\xff" + two_hands("\r\n").encode("utf-16-be"))
    result = split(data.read_bytes())
    assert_two_hands(result, data.read_bytes(), "utf-16-be", width=2)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom(quirk_file: Callable[[str, bytes], Path], encoding: str) -> None:
    data = quirk_file("utf16_without_bom", two_hands("\r\n").encode(encoding)).read_bytes()
    result = split(data)
    assert result.bom_length == 0
    assert_two_hands(result, data, encoding, width=2)


def test_cp1252_accented_names(quirk_file: Callable[[str, bytes], Path]) -> None:
    data = quirk_file("cp1252_accented_names", two_hands("\r\n").encode("cp1252")).read_bytes()
    assert b"Jos\xe9 " in data
    result = split(data)
    assert_two_hands(result, data, "cp1252")
    assert "Seat 1: José ($10 in chips)" in result.blocks[0].lines


def test_utf8_accented_names_map_to_their_bytes() -> None:
    data = two_hands().encode()
    result = split(data)
    assert_two_hands(result, data, "utf-8")


def test_crlf(quirk_file: Callable[[str, bytes], Path]) -> None:
    data = quirk_file("crlf", two_hands("\r\n").encode()).read_bytes()
    assert_two_hands(split(data), data, "utf-8")


def test_lone_cr(quirk_file: Callable[[str, bytes], Path]) -> None:
    data = quirk_file("lone_cr", two_hands("\r").encode()).read_bytes()
    assert_two_hands(split(data), data, "utf-8")


def test_mixed_line_breaks_count_like_an_editor() -> None:
    text = "PokerStars Hand #1: x\r\nSeat 1: a\rSeat 2: b\nSummary\n\n\rPokerStars Hand #2: y\n"
    data = text.encode()
    result = split(data)
    assert [block.line_numbers for block in result.blocks] == [(1, 2, 3, 4), (7,)]
    assert result.blocks[1].byte_offset == data.index(b"PokerStars Hand #2")
    check(data, result)


def test_trailing_spaces(quirk_file: Callable[[str, bytes], Path]) -> None:
    text = two_hands("\r\n").replace("\r\n", " \t \r\n").replace("Rake $0 \t ", "Rake $0")
    data = quirk_file("trailing_spaces", text.encode()).read_bytes()
    result = split(data)
    assert_two_hands(result, data, "utf-8")
    hand_2 = "\r\n".join(HAND_2).replace("\r\n", " \t \r\n")
    assert result.blocks[1].byte_length == len(hand_2.encode())


def test_nbsp(quirk_file: Callable[[str, bytes], Path]) -> None:
    text = two_hands().replace("Seat 1: José", "Seat 1: José\xa0Maria").replace("\n", "\xa0\n")
    data = quirk_file("nbsp", text.encode()).read_bytes()
    result = split(data)
    assert result.blocks[0].lines[2] == "Seat 1: José Maria ($10 in chips)"
    assert [block.line for block in result.blocks] == [1, 10]
    assert "\xa0" not in "".join(result.blocks[0].lines)
    check(data, result)


def test_nbsp_only_lines_are_blank() -> None:
    text = "\n".join((*HAND_1, "\xa0", " \xa0 ", "Hand was cancelled", "", *HAND_2))
    result = split(text.encode("cp1252"))
    assert [junk.text for junk in result.junk] == ["Hand was cancelled"]
    assert result.blocks[0].lines == HAND_1


def test_utf16_double_line_breaks(quirk_file: Callable[[str, bytes], Path]) -> None:
    # Every CRLF became CR CR LF: each line is followed by an extra empty line, so the
    # three blank lines between hands became seven and the hands' lines sit two apart.
    text = two_hands("\r\n", gap=2).replace("\r\n", "\r\r\n")
    data = quirk_file("utf16_double_line_breaks", b"\xff\xfe" + text.encode("utf-16-le"))
    result = split(data.read_bytes())
    assert result.doubled_line_breaks
    assert [block.lines for block in result.blocks] == [HAND_1, HAND_2]
    assert result.blocks[0].line_numbers == (1, 3, 5, 7, 9, 11)
    assert result.blocks[1].line_numbers == (17, 19, 21)
    assert result.junk == ()
    check(data.read_bytes(), result)


def test_doubled_line_breaks_halve_the_gaps() -> None:
    # Undamaged: one blank line keeps a note in the hand, two make it junk. Damaged, the
    # same file holds three and five blank lines, and must split the same way.
    sound = "\n".join((*HAND_1, "", "Hand note", "", "", "Stray note", "", *HAND_2, ""))
    damaged = sound.replace("\n", "\r\n\r\n")
    results = [split(sound.encode()), split(damaged.encode())]
    assert [result.doubled_line_breaks for result in results] == [False, True]
    for result in results:
        assert result.blocks[0].lines == (*HAND_1, "Hand note")
        assert [junk.text.replace("\n", "") for junk in result.junk] == ["Stray note"]
        assert result.blocks[1].lines == HAND_2
    assert results[1].junk[0].line == 2 * results[0].junk[0].line - 1


def test_sound_files_are_not_taken_for_damaged_ones() -> None:
    single_blank_between = "\n\n".join("\n".join(HAND_2) for _ in range(5))
    assert not has_doubled_line_breaks(single_blank_between)
    assert not has_doubled_line_breaks(two_hands())
    assert has_doubled_line_breaks(two_hands().replace("\n", "\n\n"))


def test_junk_between_hands(quirk_file: Callable[[str, bytes], Path]) -> None:
    summary = ("PokerStars Tournament #743144019, 8-Game", "Buy-In: 100/9", "", "You finished 1st")
    text = "\r\n".join((*HAND_1, "", "", *summary, "", "", "", *HAND_2, ""))
    data = quirk_file("junk_between_hands", text.encode()).read_bytes()
    result = split(data)
    assert [block.lines for block in result.blocks] == [HAND_1, HAND_2]
    assert result.junk == (
        Junk(
            file="log.txt",
            line=9,
            byte_offset=data.index(b"PokerStars Tournament"),
            byte_length=len("\r\n".join(summary).encode()),
            text="\n".join(summary),
        ),
    )
    assert result.blocks[1].line == 16
    check(data, result)


def test_a_single_blank_line_keeps_the_hand_whole() -> None:
    # Full Tilt's archive format puts one blank line after the first line of each hand.
    text = "\n".join((HAND_1[0], "", *HAND_1[1:], "", "Hand was cancelled", "", "", *HAND_2))
    result = split(text.encode())
    assert result.blocks[0].lines == (*HAND_1, "Hand was cancelled")
    assert result.blocks[0].line_numbers == (1, 3, 4, 5, 6, 7, 9)
    assert result.junk == ()


def test_junk_before_first_hand(quirk_file: Callable[[str, bytes], Path]) -> None:
    banner = "******************** # 1 *************************"
    data = quirk_file("junk_before_first_hand", f"\n {banner}\n\n{two_hands()}".encode())
    result = split(data.read_bytes())
    assert result.junk == (
        Junk(
            file="log.txt",
            line=2,
            byte_offset=1,
            byte_length=len(banner) + 1,
            text=f" {banner}",
        ),
    )
    assert [block.line for block in result.blocks] == [4, 13]
    check(data.read_bytes(), result)


def test_empty_file(quirk_file: Callable[[str, bytes], Path]) -> None:
    data = quirk_file("empty_file", b"").read_bytes()
    result = split(data)
    assert result == SplitResult(encoding="utf-8", blocks=(), junk=(), replaced_chars=False)
    assert account_bytes(data, result).total == 0


def test_only_whitespace(quirk_file: Callable[[str, bytes], Path]) -> None:
    data = quirk_file("only_whitespace", b"\xef\xbb\xbf \r\n\t\r\n\xc2\xa0\n\n").read_bytes()
    result = split(data)
    assert (result.blocks, result.junk) == ((), ())
    account = account_bytes(data, result)
    assert account.blank_bytes == len(data) and account.balanced


def test_no_trailing_newline(quirk_file: Callable[[str, bytes], Path]) -> None:
    text = two_hands("\r\n").rstrip("\r\n") + "  "
    data = quirk_file("no_trailing_newline", text.encode()).read_bytes()
    result = split(data)
    assert_two_hands(result, data, "utf-8")
    last = result.blocks[-1]
    assert last.byte_offset + last.byte_length == len(data) - 2


def test_binary_garbage(quirk_file: Callable[[str, bytes], Path]) -> None:
    rng = random.Random(1)
    for size in (1, 2, 3, 255, 4096, 65536):
        data = quirk_file("binary_garbage", rng.randbytes(size)).read_bytes()
        check(data, split(data))


def test_undefined_cp1252_bytes_are_replaced_and_reported() -> None:
    data = "\n".join(HAND_1).encode("cp1252").replace(b"Hero", b"H\x81ro")
    result = split(data)
    assert result.encoding == "cp1252" and result.replaced_chars
    assert "Seat 2: H\ufffdro ($12 in chips)" in result.blocks[0].lines
    check(data, result)


def test_mid_file_bom_of_concatenated_logs_is_ignored() -> None:
    data = b"\xef\xbb\xbf" + two_hands().encode() + b"\xef\xbb\xbf" + two_hands().encode()
    result = split(data)
    assert [block.lines for block in result.blocks] == [HAND_1, HAND_2] * 2
    assert result.blocks[2].byte_offset == data.index(b"PokerStars Hand #1", 10)
    check(data, result)


def test_a_start_line_is_tested_after_cleaning() -> None:
    seen: list[str] = []

    def is_start(line: str) -> bool:
        seen.append(line)
        return stars_start(line)

    split_blocks(b"\xef\xbb\xbfPokerStars Game #7: x \r\n\xc2\xa0\r\nmore\r\n", "f", is_start)
    assert seen == ["PokerStars Game #7: x", "more"]


def test_prefixes_only_narrow_the_lines_offered() -> None:
    data = (
        "junk\n" + two_hands() + "\ufeffPokerStars Hand #3: z\nPokerStars Tournament #1\n"
    ).encode()
    by_scan = split_blocks(data, "f", stars_start)
    assert split_blocks(data, "f", stars_start, prefixes=("PokerStars ", "Poker")) == by_scan
    assert split(data, "f") == by_scan
    assert [block.line for block in by_scan.blocks] == [2, 11, 17]


def test_the_text_property_joins_lines() -> None:
    block = split(two_hands().encode()).blocks[1]
    assert block.text == "\n".join(HAND_2)
    assert isinstance(block, HandBlock)


# --- decoding ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "encoding", "bom", "text"),
    [
        (b"abc", "utf-8", 0, "abc"),
        (b"\xef\xbb\xbfabc", "utf-8-sig", 3, "abc"),
        (b"\xff\xfea\x00b\x00", "utf-16-le", 2, "ab"),
        (b"\xfe\xff\x00a\x00b", "utf-16-be", 2, "ab"),
        (b"a\x00b\x00", "utf-16-le", 0, "ab"),
        (b"\x00a\x00b", "utf-16-be", 0, "ab"),
        (b"Jos\xe9", "cp1252", 0, "José"),
        (b"\x80 5", "cp1252", 0, "€ 5"),
        (b"\xef\xbb\xbfJos\xe9", "cp1252", 3, "José"),
        (b"\x00Game #1 starts.", "utf-8", 0, "\x00Game #1 starts."),
    ],
)
def test_decode_rule(data: bytes, encoding: str, bom: int, text: str) -> None:
    decoded = decode(data)
    assert (decoded.encoding, decoded.bom_length, decoded.text) == (encoding, bom, text)
    assert not decoded.replaced_chars


def test_decode_repairs_broken_utf16() -> None:
    lone = decode(b"\xff\xfea\x00\x00\xd8b\x00")
    assert (lone.text, lone.replaced_chars) == ("a\ufffdb", True)
    odd_line_feed = decode(b"\xff\xfea\x00\n")
    assert (odd_line_feed.text, odd_line_feed.replaced_chars) == ("a\n", False)
    odd_high_byte = decode(b"\xff\xfea\x00\xe9")
    assert (odd_high_byte.text, odd_high_byte.replaced_chars) == ("a\ufffd", True)
    assert odd_high_byte.byte_offset(2) == 5


@given(st.text(), st.sampled_from(["utf-8", "utf-8-sig", "utf-16-le", "utf-16-be"]))
def test_byte_offset_finds_each_character(text: str, encoding: str) -> None:
    text = text.replace("\x00", "")  # NUL-rich UTF-8 would be read as UTF-16
    data = text.encode(encoding, errors="surrogatepass")
    if encoding.startswith("utf-16"):
        data = (b"\xff\xfe" if encoding.endswith("le") else b"\xfe\xff") + data
    decoded = decode(data)
    if decoded.text != text:  # lone surrogates, or a UTF-8 text read another way
        return
    for index in range(len(text) + 1):
        prefix = text[:index].encode(_codec(encoding))
        assert decoded.byte_offset(index) == decoded.bom_length + len(prefix)


@given(st.text(), st.sampled_from(["utf-8", "utf-8-sig", "utf-16-le", "utf-16-be"]),
       st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=0), st.booleans()),
                max_size=12))
def test_the_byte_map_finds_what_byte_offset_finds(
    text: str, encoding: str, asks: list[tuple[int, int, bool]]
) -> None:
    """In any order of questions: ``at`` an index, or ``after`` a piece of the text."""
    text = text.replace("\x00", "")
    data = text.encode(encoding, errors="surrogatepass")
    if encoding.startswith("utf-16"):
        data = (b"\xff\xfe" if encoding.endswith("le") else b"\xfe\xff") + data
    decoded = decode(data)
    if decoded.text != text:
        return
    byte_map = _ByteMap(decoded)
    for first, size, as_piece in asks:
        index = first % (len(text) + 1)
        end = min(len(text), index + size % 40)
        if as_piece:
            byte_map.at(index)
            assert byte_map.after(index, text[index:end]) == decoded.byte_offset(end)
        else:
            assert byte_map.at(index) == decoded.byte_offset(index)
        assert byte_map.at(end) == decoded.byte_offset(end)


def test_blank_chars_are_whitespace_and_the_bom() -> None:
    whitespace = {chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()}
    assert set(BLANK_CHARS) == whitespace | {"\ufeff"}
    assert all(re.fullmatch(r"\s", char) for char in whitespace)


# --- fuzzing -----------------------------------------------------------------------------


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=3000))
@example(b"\x01\x00\x01\x00\x01\x00\x01\xd8\x80")  # a lone surrogate, then an odd byte
def test_any_bytes_split_without_error_and_account_for_every_byte(data: bytes) -> None:
    result = split(data)
    check(data, result)
    assert split_blocks(data, "log.txt", stars_start) == result


LINES = st.lists(
    st.sampled_from(
        [
            "PokerStars Hand #1: x",
            "\ufeffPokerStars Game #2: y ",
            "PokerStars Tournament #3",
            "Seat 1: José (5 in chips) ",
            "Seat 2: 😀\xa0x\t",
            "",
            " ",
            "\xa0",
            "\ufeff",
            "\x00",
        ]
    ),
    max_size=40,
)
BREAKS = st.sampled_from(["\n", "\r\n", "\r", "\r\r\n", "\r\n\r\n"])
ENCODINGS = st.sampled_from(["utf-8", "utf-8-sig", "utf-16-le", "utf-16-be", "cp1252"])


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(LINES, BREAKS, ENCODINGS, st.booleans())
def test_any_log_splits_consistently(
    lines: list[str], eol: str, encoding: str, final_break: bool
) -> None:
    text = eol.join(lines) + (eol if final_break else "")
    data = text.encode(encoding, errors="replace")
    if encoding.startswith("utf-16"):
        data = (b"\xff\xfe" if encoding.endswith("le") else b"\xfe\xff") + data
    result = split(data)
    check(data, result)
    assert split_blocks(data, "log.txt", stars_start) == result
    assert all(stars_start(block.lines[0]) for block in result.blocks)


def test_accounting_rejects_lost_or_overlapping_bytes() -> None:
    data = two_hands().encode()
    result = split(data)
    first, second = result.blocks
    lost = SplitResult(encoding="utf-8", blocks=(second,), junk=(), replaced_chars=False)
    with pytest.raises(AccountingError, match="hold 'PokerStars Hand #1"):
        account_bytes(data, lost)
    overlapping = SplitResult(
        encoding="utf-8", blocks=(first, first), junk=(), replaced_chars=False
    )
    with pytest.raises(AccountingError, match="overlaps"):
        account_bytes(data, overlapping)


# --- the real logs -----------------------------------------------------------------------


def _corpus_files() -> list[object]:
    if not FPDB.is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/corpus is absent"))]
    return [pytest.param(path, id=str(path.relative_to(FPDB))) for path in _txt_files()]


def _txt_files() -> list[Path]:
    return sorted(FPDB.rglob("*.txt"))


def _inventory() -> dict[str, str]:
    with (FPDB / "INVENTORY.tsv").open(newline="", encoding="utf-8") as table:
        return {row["path"]: row["hands"] for row in csv.DictReader(table, delimiter="\t")}


@pytest.mark.parametrize("path", _corpus_files())
def test_corpus_file_accounts_for_every_byte(path: Path) -> None:
    data = path.read_bytes()
    rel = path.relative_to(FPDB).as_posix()
    is_start, prefixes = (
        (ftp_start, FTP_PREFIXES) if "/FTP/" in rel else (stars_start, STARS_PREFIXES)
    )
    result = split_blocks(data, rel, is_start, prefixes=prefixes)
    check(data, result)
    assert not result.replaced_chars
    if "summaries/" in rel or not ("/Stars/" in rel or "/FTP/" in rel):
        return
    assert str(len(result.blocks)) == _inventory()[rel]
    for block in result.blocks:  # no hand cut in two: each runs to its summary
        assert any(line.startswith("*** SUMMARY ***") for line in block.lines), block.line


def test_a_window_of_a_file_splits_into_the_blocks_and_junk_of_the_whole_file() -> None:
    """The ingest splits a big file window by window: a window's blocks and junk, told where
    the window starts, are those of the whole file from there (offsets, lines, context)."""
    from hhparse.parsers.sites import detect_site

    hands = [path.read_bytes().removeprefix(b"\xef\xbb\xbf") for path in
             sorted((Path(__file__).parent / "fixtures" / "pokerstars").glob("*.txt"))[:6]]
    data = b"\r\n\r\n\r\n".join(hands[:3]) + b"\n\n\nnot a hand\nat all\n\n\n" + (
        b"\n\n\n".join(hands[3:]))
    site = detect_site(data)
    assert site is not None
    whole = split_blocks(data, "f.txt", site.is_start, prefixes=site.prefixes,
                         context="ctx")
    begin = whole.blocks[2].byte_offset
    before = data[:begin].decode("utf-8")
    window = split_blocks(data[begin:], "f.txt", site.is_start, prefixes=site.prefixes,
                          base_offset=begin, base_line=before.count("\n") + 1, context="ctx")
    assert window.blocks == whole.blocks[2:]
    assert window.junk == tuple(item for item in whole.junk if item.byte_offset >= begin)
    assert window.junk and all(block.context == "ctx" for block in window.blocks)


# --- a block's line numbers: worked out for consecutive lines, held where there are gaps


def test_consecutive_line_numbers_are_worked_out_not_held() -> None:
    lines = ("PokerStars Hand #1: x", "Table 'T'", "Seat 1: A ($1 in chips)")
    plain = HandBlock(file="f", line=7, byte_offset=0, byte_length=1, lines=lines)
    spelled = HandBlock(file="f", line=7, byte_offset=0, byte_length=1, lines=lines,
                        line_numbers=(7, 8, 9))
    assert plain.gapped_numbers is None and spelled.gapped_numbers is None
    assert plain == spelled and hash(plain) == hash(spelled)
    assert plain.line_numbers == (7, 8, 9)
    assert [plain.line_at(i) for i in range(3)] == [7, 8, 9]
    assert consecutive_from(plain) == 7
    assert span_of(plain).line_count == 3


def test_gapped_line_numbers_are_held_and_read() -> None:
    lines = ("PokerStars Hand #1: x", "Table 'T'", "Seat 1: A ($1 in chips)")
    gapped = HandBlock(file="f", line=7, byte_offset=0, byte_length=1, lines=lines,
                       line_numbers=(7, 9, 12))
    assert gapped.gapped_numbers == (7, 9, 12)
    assert gapped.line_numbers == (7, 9, 12)
    assert [gapped.line_at(i) for i in range(3)] == [7, 9, 12]
    assert consecutive_from(gapped) == -1
    assert span_of(gapped).line_count == 6


@pytest.mark.parametrize("numbers", [None, (3, 5, 6)])
def test_a_block_pickles_with_its_line_numbers(numbers: tuple[int, ...] | None) -> None:
    import pickle

    block = HandBlock(file="f", line=3, byte_offset=2, byte_length=9, lines=("a", "b", "c"),
                      line_numbers=numbers, context="ctx")
    again = pickle.loads(pickle.dumps(block))
    assert again == block
    assert again.line_numbers == block.line_numbers


def test_the_pokerstars_reader_numbers_lines_of_a_gapped_block_as_given() -> None:
    from hhparse.parsers.pokerstars import parse_block

    text = ("PokerStars Hand #1: Badugi Limit ($1/$2 USD) - 2016/06/07 20:44:17 ET\n"
            "Table 'T' 6-max Seat #1 is the button\n"
            "Seat 1: A ($10 in chips)\nSeat 2: B ($10 in chips)\n"
            "A: posts small blind $0.50\nB: posts big blind $1\nA: folds\n"
            "Uncalled bet ($0.50) returned to B\nB collected $1 from pot\n")
    lines = tuple(text.splitlines())
    gapped = tuple(range(10, 10 + 2 * len(lines), 2))
    plain_hand = parse_block(HandBlock(file="f", line=10, byte_offset=0, byte_length=1,
                                       lines=lines))
    gapped_hand = parse_block(HandBlock(file="f", line=10, byte_offset=0, byte_length=1,
                                        lines=lines, line_numbers=gapped))
    first_action = lines.index("A: posts small blind $0.50")
    plain_lines = [10 + first_action + i for i in range(len(plain_hand.actions))]
    gapped_lines = [gapped[first_action + i] for i in range(len(gapped_hand.actions))]
    assert plain_hand.actions and [a.line for a in plain_hand.actions] == plain_lines
    assert [a.line for a in gapped_hand.actions] == gapped_lines
