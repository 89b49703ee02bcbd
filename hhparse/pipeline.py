"""Read files into replayed hands: decode, split, parse, replay (one direction only)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hhparse.cycles import without_cycle_collection
from hhparse.parsers.base import HandBlock, Junk, split_blocks
from hhparse.parsers.sites import Site, detect_site, file_context
from hhparse.parsers.summaries import MAX_SUMMARY_BYTES, read_summary_bytes
from hhparse.replay import ReplayResult, replay_hand


@dataclass(frozen=True, slots=True, kw_only=True)
class FileProblem:
    """A file that could not be read at all, or holds no hand we know."""

    file: str
    code: str
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FileResult:
    file: str
    site: str | None
    encoding: str
    hands: tuple[ReplayResult, ...]
    junk: tuple[Junk, ...]
    blocks: tuple[HandBlock, ...] = ()
    """The hand blocks, in the order of ``hands`` (their raw text, for rejects)."""
    problem: FileProblem | None = None
    size: int = 0


def read_bytes(data: bytes, file: str, site: Site | None = None) -> FileResult:
    """Every hand of one file's bytes, replayed."""
    site = site or detect_site(data)
    if site is None:
        split = split_blocks(data, file, lambda line: False)
        return FileResult(
            file=file, site=None, encoding=split.encoding, hands=(), junk=split.junk,
            problem=_no_hands_problem(data, file), size=len(data),
        )
    with without_cycle_collection():
        split = split_blocks(data, file, site.is_start, prefixes=site.prefixes,
                             context=file_context(site, data))
        hands = tuple(replay_hand(site.parse_block(block)) for block in split.blocks)
    return FileResult(
        file=file, site=site.name, encoding=split.encoding, hands=hands, junk=split.junk,
        blocks=split.blocks, size=len(data),
    )


def _no_hands_problem(data: bytes, file: str) -> FileProblem:
    """Why a file of no hand format gives no hands: empty, a tournament summary (which
    `hhparse ingest` stores in ``tournaments``), or an unknown format."""
    if not data.strip():
        return FileProblem(file=file, code="empty_file", message="the file is empty")
    summary = read_summary_bytes(data) if len(data) <= MAX_SUMMARY_BYTES else None
    if summary is not None:
        return FileProblem(
            file=file, code="tournament_summary",
            message=f"a {summary.site} tournament summary (#{summary.tournament_id}, "
                    f"{len(summary.places)} places), no hands: `hhparse ingest` stores it "
                    "in the tournaments tables")
    return FileProblem(file=file, code="unknown_format",
                       message="no hand history this program can read")


def read_file(path: Path) -> FileResult:
    try:
        data = path.read_bytes()
    except OSError as error:
        return FileResult(
            file=str(path), site=None, encoding="", hands=(), junk=(),
            problem=FileProblem(file=str(path), code="unreadable_file",
                                message=f"cannot read: {error.strerror or error}"),
        )
    return read_bytes(data, str(path))
