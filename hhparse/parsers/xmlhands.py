"""What the XML readers share (Merge, Boss, iPoker): start tags read with the standard
library's expat parser, never regular expressions over markup, and a document type
declaration refused (no entity is ever expanded); an :class:`Unreadable` hand with its
place; and :class:`XmlReader`, the recording side of a reader and the guard that turns a
reader's bug into a rejected hand (``parser_crash``), never a lost one.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.parsers import expat

from hhparse.parsers.base import HandBlock, crash_problem, span_of
from hhparse.records import Hand, ParseProblem, Stakes
from hhparse.variants import BettingStructure

__all__ = ["StartTag", "Unreadable", "XmlReader", "int_or_none", "read_guarded",
           "xml_start_tags"]


@dataclass(slots=True)
class StartTag:
    """An XML start tag with its attributes and the line it is on (Merge, Boss,
    iPoker)."""

    tag: str
    attributes: dict[str, str]
    line: int


class Unreadable(Exception):
    """A hand an XML reader cannot read: the line (in the block), the code, the message."""

    def __init__(self, line: int, code: str, message: str) -> None:
        super().__init__(message)
        self.line, self.code, self.message = line, code, message


def xml_start_tags(text: str) -> list[StartTag]:
    """The start tags of ``text`` (an XML fragment: one hand, or a file's header), in
    order, with the line of each (1-based in ``text``), inside a made-up root element. A
    DTD is refused: nothing is ever expanded."""
    found: list[StartTag] = []
    parser = expat.ParserCreate()

    def start(tag: str, attributes: dict[str, str]) -> None:
        found.append(StartTag(tag, attributes, parser.CurrentLineNumber))

    def refuse_dtd(*_: object) -> None:
        raise Unreadable(parser.CurrentLineNumber, "unreadable_header",
                          "a document type declaration (refused: entities are never expanded)")

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = refuse_dtd
    parser.EntityDeclHandler = refuse_dtd
    try:
        parser.Parse(f"<r>{text}</r>", True)
    except expat.ExpatError as error:
        raise Unreadable(error.lineno, "hand_incomplete",
                          f"the hand's XML breaks off or is malformed: {error}") from None
    finally:  # the handlers hold the parser: a reference cycle per hand (hhparse.cycles)
        parser.StartElementHandler = parser.StartDoctypeDeclHandler = None
        parser.EntityDeclHandler = None
    return found


def int_or_none(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdecimal() else None


class XmlReader:
    """The recording side of an XML reader (a dataclass that declares ``block`` and
    ``problems``)."""

    __slots__ = ()
    block: HandBlock
    problems: list[ParseProblem]

    def read(self) -> Hand:
        raise NotImplementedError

    def unreadable(self, error: Unreadable) -> Hand:
        """The hand rejected with ``error`` (:meth:`rejected`, with what the reader knows)."""
        raise NotImplementedError

    def file_line(self, line: int) -> int:
        """The file's line of ``line`` of the block (1-based)."""
        numbers = self.block.line_numbers
        return numbers[min(max(line, 1), len(numbers)) - 1] if numbers else self.block.line

    def _problem(self, line: int, code: str, message: str) -> None:
        self.problems.append(ParseProblem(line=self.file_line(line), code=code,
                                          message=message))

    def rejected(self, error: Unreadable, *, site: str, hand_id: str, game_text: str = "",
                 variant_id: str | None = None,
                 structure: BettingStructure | None = None) -> Hand:
        """A hand that could not be read, with its game where known (so that a broken draw
        or stud hand is not taken for another game)."""
        return Hand(
            site=site, hand_id=hand_id, source=span_of(self.block), game_text=game_text,
            variant_id=variant_id, structure=structure, currency="", stakes=Stakes(),
            problems=(ParseProblem(line=self.file_line(error.line), code=error.code,
                                   message=error.message, fatal=True),),
        )


def read_guarded(reader: XmlReader, room: str) -> Hand:
    """``reader.read()``; an unreadable hand or a bug of the reader is a rejected hand."""
    try:
        return reader.read()
    except Unreadable as error:
        return reader.unreadable(error)
    except Exception as error:  # a bug of the reader: the hand is rejected, never lost
        crash = crash_problem(reader.block, room, error)
        return reader.unreadable(Unreadable(1, crash.code, crash.message))
