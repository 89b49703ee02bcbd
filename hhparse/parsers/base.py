"""Decode a site's log and split it into hand blocks; shared by every site parser.

Stage one of ``bytes -> decode -> split -> site parser``. Nothing here knows a site: each
parser supplies ``is_start``, the test for a line that opens a hand.

- Encoding: a BOM decides (UTF-8, UTF-16 LE/BE); else bytes that look like UTF-16 (NULs
  at every other position) are UTF-16; else UTF-8 if valid; else cp1252. Never raises.
- Lines: CRLF, LF and a lone CR each end a line, so line numbers are a text editor's.
  Each line loses its trailing whitespace; U+00A0 becomes a space and U+FEFF goes.
- Blocks: a hand runs from its start line to the next start line. Blank lines inside a
  hand are dropped; a gap of two or more blank lines ends the hand, and whatever non-blank
  text follows it (a pasted summary, a client's note, garbage) is :class:`Junk`, as is any
  text before the first hand. Every byte of the file lies in exactly one block, one junk
  item, or the blank space (whitespace, BOM) between them: :func:`account_bytes`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Final, Protocol

from hhparse.frozen import Record
from hhparse.records import ParseProblem, SourceSpan

ENCODINGS = ("utf-8", "utf-8-sig", "utf-16-le", "utf-16-be", "cp1252")

BLANK_CHARS = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
"""Characters a blank line may hold: those of ``str.isspace`` plus the BOM U+FEFF."""

_BOMS = (
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
_SNIFF_BYTES = 4096
_DAMAGE_SAMPLE = 1 << 16
_LONE_SURROGATE = re.compile("[" + chr(0xD800) + "-" + chr(0xDFFF) + "]")
_LONE_CR = re.compile("\r(?!\n)")

_GAP = 2
"""Blank lines that end a hand: what follows, unless a hand start, is junk."""
_DOUBLED_GAP = 2 * _GAP + 1
"""The same gap once every line break was doubled (g blank lines became 2g + 1)."""


# --- decoding ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Decoded:
    """A file's text and what it takes to find a character's bytes again."""

    text: str
    """The text after the BOM, line breaks untouched."""
    encoding: str
    """One of :data:`ENCODINGS`."""
    bom_length: int
    """Bytes of BOM before the text (0, 2 or 3)."""
    replaced_chars: bool
    """Decoding put U+FFFD where bytes meant nothing in ``encoding``."""
    char_width: int
    """Bytes per character when fixed (1 or 2), else 0."""
    byte_length: int
    """Length of the raw file."""

    def byte_offset(self, index: int) -> int:
        """Offset in the raw file of ``text[index]`` (of the end, for ``len(text)``)."""
        if self.char_width:
            width = index * self.char_width
        else:
            width = len(self.text[:index].encode(_reencoding(self.encoding)))
        return min(self.bom_length + width, self.byte_length)


def decode(data: bytes) -> Decoded:
    """Decode a whole log; see the module docstring for the rule."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            if encoding == "utf-8-sig":
                return _decode_8bit(data, len(bom), encoding)
            return _decode_utf16(data, len(bom), encoding)
    sniffed = _sniff_utf16(data)
    if sniffed:
        return _decode_utf16(data, 0, sniffed)
    return _decode_8bit(data, 0, "utf-8")


def _decode_8bit(data: bytes, bom_length: int, encoding: str) -> Decoded:
    # After a UTF-8 BOM, invalid UTF-8 still falls back to cp1252: one byte per
    # character keeps every offset exact, which UTF-8 with U+FFFD would not.
    payload = memoryview(data)[bom_length:]
    try:
        text = str(payload, "utf-8")
    except UnicodeDecodeError:
        text = str(payload, "cp1252", errors="replace")
        return Decoded(
            text=text,
            encoding="cp1252",
            bom_length=bom_length,
            replaced_chars="\ufffd" in text,
            char_width=1,
            byte_length=len(data),
        )
    return Decoded(
        text=text,
        encoding=encoding,
        bom_length=bom_length,
        replaced_chars=False,
        char_width=1 if text.isascii() else 0,
        byte_length=len(data),
    )


def _decode_utf16(data: bytes, bom_length: int, encoding: str) -> Decoded:
    text, replaced = _utf16_text(data[bom_length:], encoding)
    narrow = len(text) * 2 >= len(data) - bom_length  # no surrogate pair took 4 bytes
    return Decoded(
        text=text,
        encoding=encoding,
        bom_length=bom_length,
        replaced_chars=replaced,
        char_width=2 if narrow else 0,
        byte_length=len(data),
    )


def _utf16_text(payload: bytes, encoding: str) -> tuple[str, bool]:
    """UTF-16 text where a lone surrogate becomes U+FFFD (two bytes for two bytes).

    A truncated last code unit (odd length) keeps its byte as an ASCII character when it
    is one, so a final stray line feed stays a line feed.
    """
    even = len(payload) - len(payload) % 2
    text = payload[:even].decode(encoding, errors="surrogatepass")
    replaced = not text.isascii() and _has_lone_surrogate(text)
    if replaced:
        text = _LONE_SURROGATE.sub("\ufffd", text)
    if even < len(payload):
        tail = payload[-1]
        text += chr(tail) if tail < 0x80 else "\ufffd"
        replaced = replaced or tail >= 0x80
    return text, replaced


def _has_lone_surrogate(text: str) -> bool:
    try:
        text.encode("utf-16-le")
    except UnicodeEncodeError:
        return True
    return False


def _sniff_utf16(data: bytes) -> str | None:
    """``utf-16-le``/``-be`` when NUL bytes fill the odd/even positions, else None."""
    pairs = min(len(data), _SNIFF_BYTES) // 2
    if pairs < 2:
        return None
    even_nuls = data[0 : 2 * pairs : 2].count(0)
    odd_nuls = data[1 : 2 * pairs : 2].count(0)
    if odd_nuls >= 0.4 * pairs and even_nuls <= 0.05 * pairs:
        return "utf-16-le"
    if even_nuls >= 0.4 * pairs and odd_nuls <= 0.05 * pairs:
        return "utf-16-be"
    return None


def _reencoding(encoding: str) -> str:
    return "utf-8" if encoding == "utf-8-sig" else encoding


class _ByteMap:
    """Character index -> raw byte offset, cheap when asked in increasing order."""

    __slots__ = ("_bom", "_byte", "_char", "_codec", "_size", "_text", "_unit", "_width")

    def __init__(self, decoded: Decoded) -> None:
        self._text = decoded.text
        self._width = decoded.char_width
        self._bom = decoded.bom_length
        self._size = decoded.byte_length
        self._codec = _reencoding(decoded.encoding)
        self._unit = 1 if self._codec == "utf-8" else 2
        """Bytes of an ASCII character (when the width varies: UTF-8, or UTF-16 with
        surrogate pairs)."""
        self._char = 0
        self._byte = decoded.bom_length

    def at(self, index: int) -> int:
        if self._width == 1:
            return self._bom + index
        if self._width == 2:
            return min(self._bom + 2 * index, self._size)
        if index != self._char:
            if index < self._char:
                self._char, self._byte = 0, self._bom
            self._byte += self._bytes_of(self._text[self._char : index])
            self._char = index
        return min(self._byte, self._size)

    def after(self, index: int, piece: str) -> int:
        """:meth:`at` of ``index + len(piece)``, where ``piece`` is the text from ``index``
        on (a hand's text, already cut out: measured as it is, not sliced again)."""
        if self._width or index != self._char:
            return self.at(index + len(piece))
        self._byte += self._bytes_of(piece)
        self._char = index + len(piece)
        return min(self._byte, self._size)

    def _bytes_of(self, piece: str) -> int:
        # str.isascii() is a flag CPython keeps: no scan, and no copy to encode.
        return len(piece) * self._unit if piece.isascii() else len(piece.encode(self._codec))


# --- lines -------------------------------------------------------------------------------


def clean_line(raw: str) -> str:
    """A line as parsers see it: no trailing whitespace, no BOM, NBSP as a space."""
    return raw.replace("\ufeff", "").replace("\xa0", " ").rstrip()


def _with_lone_cr_as_lf(text: str) -> str:
    # Same length as ``text``: every character index still maps to the same bytes.
    if "\r" not in text:
        return text
    crlf = text.count("\r\n")
    if crlf == text.count("\r"):
        return text
    return text.replace("\r", "\n") if not crlf else _LONE_CR.sub("\n", text)


def has_doubled_line_breaks(text: str) -> bool:
    """Every line followed by one extra blank line (``\\r\\r\\n``, ``\\r\\n\\r\\n``)?

    ``text`` has LF or CRLF breaks only. The damage shows as non-blank lines almost
    never adjacent and mostly one blank line apart. Whole files are damaged at once, so
    the cheap first look at the file's head rules out nearly every sound file.
    """
    head = text[:_DAMAGE_SAMPLE]
    breaks = head.count("\n")
    doubled = head.count("\n\n") + head.count("\n\r\n")
    if breaks < 4 or doubled * 5 < breaks * 2:
        return False
    gaps = _gaps_between_nonblank(text.split("\n"))
    return len(gaps) >= 3 and gaps.count(0) * 50 <= len(gaps) and gaps.count(1) * 2 >= len(gaps)


def _gaps_between_nonblank(lines: list[str]) -> list[int]:
    gaps: list[int] = []
    blanks = -1
    for line in lines:
        if line.strip(BLANK_CHARS):
            if blanks >= 0:
                gaps.append(blanks)
            blanks = 0
        elif blanks >= 0:
            blanks += 1
    return gaps


# --- splitting ---------------------------------------------------------------------------


class BlockLike(Protocol):
    """What a reader needs of a hand block: :class:`HandBlock` is one; a caller's own object
    with these fields is another (a reader never checks which it was given)."""

    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def byte_offset(self) -> int: ...
    @property
    def byte_length(self) -> int: ...
    @property
    def lines(self) -> tuple[str, ...]: ...
    @property
    def line_numbers(self) -> tuple[int, ...]: ...


@dataclass(init=False, slots=True, unsafe_hash=True)
class HandBlock(Record):
    """The lines of one hand, with where they sit in the file."""

    file: Final[str]
    line: Final[int]
    """1-based line number of the hand's first line, counting every line break."""
    byte_offset: Final[int]
    """Offset in the raw file of the first line's first character (after any BOM)."""
    byte_length: Final[int]
    """Bytes up to the end of the last non-blank line, its trailing whitespace excluded."""
    lines: Final[tuple[str, ...]]
    """The non-blank lines, cleaned (:func:`clean_line`)."""
    gapped_numbers: Final[tuple[int, ...] | None]
    """The file line number of each entry of ``lines`` where they do not follow one another
    from ``line`` (a blank line inside the hand); None for the usual hand, whose numbers are
    worked out (:attr:`line_numbers`, :meth:`line_at`) instead of held: a tuple of boxed
    ints was a twentieth of the objects a hand's read + replay made."""
    context: Final[str]
    """What the file says once for all its hands (Merge's ``<description>``: the game and
    the stakes), given to every block of the file."""

    def __init__(self, *, file: str, line: int, byte_offset: int, byte_length: int,
                 lines: tuple[str, ...], line_numbers: Sequence[int] | None = None,
                 context: str = "") -> None:
        """``line_numbers``: the file line number of each entry of ``lines``; None (or
        numbers that follow one another from ``line``) for consecutive lines."""
        self.file = file
        self.line = line
        self.byte_offset = byte_offset
        self.byte_length = byte_length
        self.lines = lines
        self.gapped_numbers = (
            None if line_numbers is None or _consecutive(line_numbers, line, len(lines))
            else tuple(line_numbers))
        self.context = context

    @property
    def line_numbers(self) -> tuple[int, ...]:
        """The file line number of each entry of ``lines``."""
        gapped = self.gapped_numbers
        if gapped is not None:
            return gapped
        return tuple(range(self.line, self.line + len(self.lines)))

    def line_at(self, index: int) -> int:
        """The file line number of ``lines[index]``."""
        gapped = self.gapped_numbers
        return self.line + index if gapped is None else gapped[index]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def __reduce__(self) -> tuple[Callable[..., HandBlock], tuple[object, ...]]:
        # Pickled by its fields in order (small files go to the workers split): shorter
        # than a record's, which names every field (hhparse.frozen).
        return (_hand_block, (self.file, self.line, self.byte_offset, self.byte_length,
                              self.lines, self.gapped_numbers, self.context))


def _consecutive(numbers: Sequence[int], first: int, count: int) -> bool:
    return len(numbers) == count and all(
        number == first + index for index, number in enumerate(numbers))


def _hand_block(file: str, line: int, byte_offset: int, byte_length: int,
                lines: tuple[str, ...], line_numbers: tuple[int, ...] | None,
                context: str) -> HandBlock:
    return HandBlock(file=file, line=line, byte_offset=byte_offset, byte_length=byte_length,
                     lines=lines, line_numbers=line_numbers, context=context)


def consecutive_from(block: BlockLike) -> int:
    """The file line number of the block's first line when its lines follow one another
    (the usual hand: ``lines[i]`` is line ``first + i``), else -1 (read ``line_numbers``)."""
    if isinstance(block, HandBlock) and block.gapped_numbers is None:
        return block.line
    return -1


@dataclass(init=False, slots=True, unsafe_hash=True)
class Junk(Record):
    """Non-blank text that belongs to no hand: before the first, or cut off by a gap."""

    file: Final[str]
    line: Final[int]
    byte_offset: Final[int]
    byte_length: Final[int]
    text: Final[str]
    """Its cleaned lines, blank lines between them kept."""

    def __init__(self, *, file: str, line: int, byte_offset: int, byte_length: int,
                 text: str) -> None:
        self.file = file
        self.line = line
        self.byte_offset = byte_offset
        self.byte_length = byte_length
        self.text = text

    def __reduce__(self) -> tuple[Callable[..., Junk], tuple[object, ...]]:
        return (_junk, (self.file, self.line, self.byte_offset, self.byte_length, self.text))


def _junk(file: str, line: int, byte_offset: int, byte_length: int, text: str) -> Junk:
    return Junk(file=file, line=line, byte_offset=byte_offset, byte_length=byte_length,
                text=text)


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitResult:
    """A file cut into hand blocks and junk, in file order."""

    encoding: str
    blocks: tuple[HandBlock, ...]
    junk: tuple[Junk, ...]
    replaced_chars: bool
    bom_length: int = 0
    doubled_line_breaks: bool = False
    """The file had every line break doubled; gaps were judged at half their size."""


def split_blocks(
    data: bytes,
    file: str,
    is_start: Callable[[str], bool],
    *,
    prefixes: tuple[str, ...] = (),
    base_offset: int = 0,
    base_line: int = 1,
    context: str = "",
) -> SplitResult:
    """Cut a raw log into hand blocks; never raises.

    ``is_start`` gets cleaned non-blank lines (:func:`clean_line`). ``prefixes``, when
    given, promises that ``is_start`` is false for any line not starting with one of
    them (after a BOM): only such lines are then offered, which makes splitting several
    times faster. ``data`` may be a window of a file: its first byte is at ``base_offset``
    of the file, on line ``base_line``, and the blocks and junk say where they are in the
    file. Every block gets ``context`` (:attr:`HandBlock.context`).
    """
    decoded = decode(data)
    text = _with_lone_cr_as_lf(decoded.text)
    doubled = has_doubled_line_breaks(text)
    if prefixes and all(prefixes):
        starts = _starts_by_prefix(text, is_start, prefixes)
    else:
        starts = _starts_by_scan(text, is_start)
    cutter = _Cutter(file=file, text=text, decoded=decoded, gap=_DOUBLED_GAP if doubled else _GAP,
                     base_offset=base_offset, base_line=base_line, context=context)
    ends = [*starts, len(text)]
    cutter.cut(0, ends[0], is_hand=False)
    for number, start in enumerate(starts):  # no zip with a keyword: a call through Python
        cutter.cut(start, ends[number + 1], is_hand=True)
    return SplitResult(
        encoding=decoded.encoding,
        blocks=tuple(cutter.blocks),
        junk=tuple(cutter.junk),
        replaced_chars=decoded.replaced_chars,
        bom_length=decoded.bom_length,
        doubled_line_breaks=doubled,
    )


def _starts_by_scan(text: str, is_start: Callable[[str], bool]) -> list[int]:
    """Character index of every hand's first line, testing every line."""
    starts: list[int] = []
    index = 0
    for raw in text.split("\n"):
        line = clean_line(raw)
        if line and is_start(line):
            starts.append(index)
        index += len(raw) + 1
    return starts


def _starts_by_prefix(
    text: str, is_start: Callable[[str], bool], prefixes: Sequence[str]
) -> list[int]:
    """As :func:`_starts_by_scan`, testing only lines that begin with a prefix."""
    plain = text.isascii()
    starts: list[int] = []
    for index in _prefixed_line_starts(text, prefixes):
        end = text.find("\n", index)
        raw = text[index : end if end >= 0 else len(text)]
        line = raw.rstrip() if plain else clean_line(raw)
        if line and is_start(line):
            starts.append(index)
    return starts


def _prefixed_line_starts(text: str, prefixes: Sequence[str]) -> list[int]:
    found: list[int] = []
    for prefix in prefixes:
        at = text.find(prefix)
        while at >= 0:
            line_start = at
            while line_start and text[line_start - 1] == "\ufeff":
                line_start -= 1
            if line_start == 0 or text[line_start - 1] == "\n":
                found.append(line_start)
            at = text.find(prefix, at + 1)
    return found if len(prefixes) == 1 else sorted(set(found))


class _Cutter:
    """Turns consecutive stretches of text (a hand start up to the next, or the text
    before the first) into blocks and junk, counting lines as it goes."""

    __slots__ = ("ascii", "blocks", "bom", "byte_map", "context", "file", "gap", "junk", "line",
                 "offset", "text")

    def __init__(self, *, file: str, text: str, decoded: Decoded, gap: int, base_offset: int,
                 base_line: int, context: str) -> None:
        self.file = file
        self.offset = base_offset
        self.context = context
        self.text = text
        self.ascii = text.isascii()
        # One byte per character (ASCII, cp1252; never a U+FEFF): offsets are plain sums.
        self.bom = decoded.bom_length if decoded.char_width == 1 else -1
        self.byte_map = _ByteMap(decoded)
        self.gap = gap
        self.line = base_line
        self.blocks: list[HandBlock] = []
        self.junk: list[Junk] = []

    def cut(self, start: int, end: int, *, is_hand: bool) -> None:
        text = self.text
        stop = end
        while stop > start and text[stop - 1] in BLANK_CHARS:
            stop -= 1
        body = text[start:stop]  # one copy of the hand's text, not two (a slice stripped)
        cleaned = body if self.ascii else _without_nbsp_and_bom(body)
        lines = [each.rstrip() for each in cleaned.split("\n")]
        if len(body) > MAX_LINE_CHARS:
            lines = [cut_long_line(each) for each in lines]
        line = self.line
        self.line = line + len(lines) - 1 + text.count("\n", stop, end)
        if not body:
            return
        if is_hand and all(lines):
            self._whole_hand(start, body, line, lines)
        else:
            self._by_gaps(start, body, line, lines, is_hand=is_hand)

    def _whole_hand(self, start: int, body: str, line: int, lines: list[str]) -> None:
        """The common case: a hand with no blank line inside."""
        if self.bom >= 0:
            first, length = self.bom + start, len(body)
        else:
            first = self.byte_map.at(start + _bom_run(body))
            length = self.byte_map.after(start, body) - first
        self.blocks.append(
            HandBlock(
                file=self.file,
                line=line,
                byte_offset=self.offset + first,
                byte_length=length,
                lines=tuple(lines),
                context=self.context,
            )
        )

    def _by_gaps(
        self, start: int, body: str, line: int, lines: list[str], *, is_hand: bool
    ) -> None:
        raw_lines = body.split("\n")
        line_starts = [0, *accumulate(len(each) + 1 for each in raw_lines)]
        for group, (top, bottom) in enumerate(_runs(lines, self.gap)):
            first = self.byte_map.at(start + line_starts[top] + _bom_run(raw_lines[top]))
            end = start + line_starts[bottom] + len(raw_lines[bottom].rstrip(BLANK_CHARS))
            last = self.byte_map.at(end)
            if is_hand and group == 0:
                kept = [i for i in range(top, bottom + 1) if lines[i]]
                self.blocks.append(
                    HandBlock(
                        file=self.file,
                        line=line + top,
                        byte_offset=self.offset + first,
                        byte_length=last - first,
                        lines=tuple(lines[i] for i in kept),
                        line_numbers=tuple(line + i for i in kept),
                        context=self.context,
                    )
                )
            else:
                self.junk.append(
                    Junk(
                        file=self.file,
                        line=line + top,
                        byte_offset=self.offset + first,
                        byte_length=last - first,
                        text=_junk_text(lines[top : bottom + 1]),
                    )
                )


MAX_LINE_CHARS = 16_384
"""No line of a real log comes near this; a longer one is cut (its bytes stay in the file
and are counted), so one hostile line cannot make every later step slow or huge."""
MAX_JUNK_CHARS = 65_536
"""Text kept of one stretch of junk (its full size is in ``byte_length``)."""


def cut_long_line(line: str) -> str:
    if len(line) <= MAX_LINE_CHARS:
        return line
    return f"{line[:MAX_LINE_CHARS]} ...[cut: the line has {len(line):,} characters]"


def _junk_text(lines: list[str]) -> str:
    text = "\n".join(lines)
    if len(text) <= MAX_JUNK_CHARS:
        return text
    return f"{text[:MAX_JUNK_CHARS]} ...[cut: {len(text):,} characters in all]"


def _without_nbsp_and_bom(text: str) -> str:
    """NBSP as a space, no U+FEFF; each looked for first (a fast scan, and most texts
    with other non-ASCII characters, accented names, hold neither)."""
    if "\xa0" in text:
        text = text.replace("\xa0", " ")
    if "\ufeff" in text:
        text = text.replace("\ufeff", "")
    return text


def _bom_run(raw: str) -> int:
    """How many U+FEFF open ``raw`` (a BOM left by concatenated files)."""
    return len(raw) - len(raw.lstrip("\ufeff")) if raw[:1] == "\ufeff" else 0


def _runs(lines: list[str], gap: int) -> list[tuple[int, int]]:
    """(first, last) indexes of the runs of lines separated by ``gap`` or more blanks."""
    runs: list[tuple[int, int]] = []
    top = bottom = -1
    for index, line in enumerate(lines):
        if not line:
            continue
        if top < 0:
            top = index
        elif index - bottom - 1 >= gap:
            runs.append((top, bottom))
            top = index
        bottom = index
    if top >= 0:
        runs.append((top, bottom))
    return runs


# --- accounting --------------------------------------------------------------------------


class AccountingError(ValueError):
    """A split that loses, overlaps or invents bytes."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ByteAccount:
    """Where the bytes of a file went."""

    total: int
    block_bytes: int
    junk_bytes: int
    blank_bytes: int
    """BOM, whitespace and line breaks outside every block and junk item."""

    @property
    def balanced(self) -> bool:
        return self.block_bytes + self.junk_bytes + self.blank_bytes == self.total


def account_bytes(data: bytes, result: SplitResult) -> ByteAccount:
    """Check that blocks and junk tile ``data`` with only blank bytes between them.

    Raises :class:`AccountingError` naming the first span that overlaps another, leaves
    the file, or the first gap that holds anything but blank characters.
    """
    spans = sorted(
        [(block.byte_offset, block.byte_length, "block") for block in result.blocks]
        + [(junk.byte_offset, junk.byte_length, "junk") for junk in result.junk]
    )
    sums = {"block": 0, "junk": 0}
    blank = _blank_gap(data, 0, result.bom_length, result) if result.bom_length else 0
    position = result.bom_length
    for offset, length, kind in spans:
        if offset < position or length <= 0 or offset + length > len(data):
            raise AccountingError(f"{kind} at byte {offset} (+{length}) overlaps or leaves")
        blank += _blank_gap(data, position, offset, result)
        sums[kind] += length
        position = offset + length
    blank += _blank_gap(data, position, len(data), result)
    return ByteAccount(
        total=len(data), block_bytes=sums["block"], junk_bytes=sums["junk"], blank_bytes=blank
    )


def _blank_gap(data: bytes, start: int, end: int, result: SplitResult) -> int:
    if start == end:
        return 0
    chunk = data[start:end]
    if result.encoding.startswith("utf-16"):
        text, _ = _utf16_text(chunk, result.encoding)
    else:
        codec = "utf-8" if start < result.bom_length else _reencoding(result.encoding)
        text = chunk.decode(codec, errors="replace")
    if text.strip(BLANK_CHARS):
        raise AccountingError(f"bytes {start}..{end} between blocks hold {text[:40]!r}")
    return end - start


def summary_player(
    after: str, seated: str | None, longest_first: Sequence[str], fallback: re.Pattern[str],
    start: int = 0,
) -> str | None:
    """The player a summary seat line names after ``Seat N: ``: the seat's own player
    first, then any known name (longest first), then ``fallback``'s first group.
    ``after[start:]`` is the text after ``Seat N: `` (read in place)."""
    if seated is not None and _begins_with_name(after, start, seated):
        return seated
    for name in longest_first:
        if _begins_with_name(after, start, name):
            return name
    match = fallback.match(after[start:] if start else after)
    return match.group(1) if match is not None else None


def _begins_with_name(text: str, start: int, name: str) -> bool:
    end = start + len(name)
    return (text.find(name, start, end) == start
            and (len(text) == end or (len(text) > end and text[end] == " ")))


def span_of(block: BlockLike) -> SourceSpan:
    """Where the hand block sits in its file, as the hand record keeps it."""
    if consecutive_from(block) >= 0:
        line_count = len(block.lines)
    else:
        numbers = block.line_numbers
        line_count = numbers[-1] - block.line + 1 if numbers else 0
    return SourceSpan(file=block.file, line=block.line, byte_offset=block.byte_offset,
                      byte_length=block.byte_length, line_count=line_count)


def crash_problem(block: BlockLike, room: str, error: Exception) -> ParseProblem:
    """A bug of a room's reader: the hand is rejected with this, never lost."""
    return ParseProblem(line=block.line, code="parser_crash", fatal=True,
                        message=f"the {room} reader failed: {type(error).__name__}: {error}")
