"""The site parsers we know, and which one reads a file."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from hhparse.parsers import (
    absolute,
    boss,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    phh,
    pokerstars,
    winamax,
    winning,
)
from hhparse.parsers.base import HandBlock, decode
from hhparse.phh import settle as phh_settle
from hhparse.records import Hand

SNIFF_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True, kw_only=True)
class Site:
    name: str
    is_start: Callable[[str], bool]
    parse_block: Callable[[HandBlock], Hand]
    prefixes: tuple[str, ...] = ()
    """Every hand-start line begins with one of these (lets the splitter skip the rest)."""
    context_of: Callable[[str], str] | None = None
    """The file's text (its first SNIFF_BYTES decoded) -> what every hand block of it needs
    (:attr:`HandBlock.context`); None: a hand block stands alone."""


def file_context(site: Site | None, head: bytes) -> str:
    """What the site reads once per file, from the file's first SNIFF_BYTES."""
    if site is None or site.context_of is None:
        return ""
    return site.context_of(decode(head[:SNIFF_BYTES]).text)


SITES: tuple[Site, ...] = (
    Site(
        name=fulltilt.SITE, is_start=fulltilt.is_start, parse_block=fulltilt.parse_block,
        prefixes=fulltilt.PREFIXES,
    ),
    Site(
        name=pokerstars.SITE, is_start=pokerstars.is_start, parse_block=pokerstars.parse_block,
        prefixes=("PokerStars ",),
    ),
    Site(
        name=winamax.SITE, is_start=winamax.is_start, parse_block=winamax.parse_block,
        prefixes=(winamax.PREFIX,),
    ),
    Site(
        name=kingsclub.SITE, is_start=kingsclub.is_start, parse_block=kingsclub.parse_block,
        prefixes=(kingsclub.PREFIX,),
    ),
    Site(
        name=merge.SITE, is_start=merge.is_start, parse_block=merge.parse_block,
        prefixes=(merge.PREFIX,), context_of=merge.file_description,
    ),
    Site(
        name=boss.SITE, is_start=boss.is_start, parse_block=boss.parse_block,
        prefixes=boss.PREFIXES,
    ),
    Site(
        name=partypoker.SITE, is_start=partypoker.is_start,
        parse_block=partypoker.parse_block, prefixes=partypoker.PREFIXES,
    ),
    Site(
        name=ongame.SITE, is_start=ongame.is_start, parse_block=ongame.parse_block,
        prefixes=ongame.PREFIXES,
    ),
    Site(
        name=everleaf.SITE, is_start=everleaf.is_start, parse_block=everleaf.parse_block,
        prefixes=everleaf.PREFIXES,
    ),
    Site(
        name=winning.SITE, is_start=winning.is_start, parse_block=winning.parse_block,
        prefixes=winning.PREFIXES,
    ),
    Site(
        name=absolute.SITE, is_start=absolute.is_start, parse_block=absolute.parse_block,
        prefixes=absolute.PREFIXES,
    ),
    Site(
        name=ipoker.SITE, is_start=ipoker.is_start, parse_block=ipoker.parse_block,
        prefixes=ipoker.PREFIXES, context_of=ipoker.session_header,
    ),
    Site(
        name=bovada.SITE, is_start=bovada.is_start, parse_block=bovada.parse_block,
        prefixes=bovada.PREFIXES,
    ),
    # PHH (TOML): a .phh hand opens at its variant line, a .phhs hand at its table header.
    Site(name="phh", is_start=phh.is_hand_start, parse_block=phh_settle.parse_block),
    Site(name="phhs", is_start=phh.is_table_start, parse_block=phh_settle.parse_block),
)


def detect_site(data: bytes) -> Site | None:
    """The site whose hand header appears first in the file (None: no hand we can read).

    The first SNIFF_BYTES decide; when they hold no hand header (a long stretch of junk
    opens the file), the whole file is searched for the sites' header prefixes.
    """
    later = (lambda: line_chunks(data)) if len(data) > SNIFF_BYTES else None
    return detect_site_in_pieces(data[:SNIFF_BYTES], later)


def detect_site_in_pieces(
    head: bytes, later: Callable[[], Iterable[bytes]] | None
) -> Site | None:
    """:func:`detect_site` for a file read in pieces: ``head`` is its first SNIFF_BYTES,
    ``later()`` (when the file is longer) gives the whole file again in pieces cut after
    line breaks (for UTF-16, one piece)."""
    sniffed = decode(head)
    site = _first_site_in(sniffed.text.splitlines())
    if site is None and later is not None:
        site = next((found for piece in later()
                     if (found := _first_site_by_prefix(decode(piece).text)) is not None),
                    None)
    if site is not None and site.name in ("phh", "phhs") and not phh.holds_a_hand(sniffed.text):
        return None  # TOML-looking lines are no evidence of PHH by themselves
    return site


SEARCH_CHUNK_BYTES = 8 << 20
"""A long file with no hand near its start is searched this much at a time (cut at line
breaks): never the whole file decoded at once."""


def line_chunks(data: bytes, size: int = SEARCH_CHUNK_BYTES) -> Iterator[bytes]:
    """``data`` in chunks of about ``size`` cut after line breaks (UTF-16: whole)."""
    if decode(data[:SNIFF_BYTES]).encoding.startswith("utf-16"):
        yield data
        return
    begin = 0
    while begin < len(data):
        end = data.find(b"\n", begin + size)
        end = len(data) if end < 0 else end + 1
        yield data[begin:end]
        begin = end


def _first_site_in(lines: Iterable[str]) -> Site | None:
    for line in lines:
        stripped = line.lstrip("\ufeff").strip()
        for site in SITES:
            if site.is_start(stripped):
                return site
    return None


def _first_site_by_prefix(text: str) -> Site | None:
    """The site with the earliest header line starting with one of its prefixes."""
    found: list[tuple[int, int]] = []
    for rank, site in enumerate(SITES):
        for prefix in site.prefixes:
            at = text.find(prefix)
            while at >= 0:
                line_start = text.rfind("\n", 0, at) + 1
                line_end = text.find("\n", at)
                line = text[line_start : line_end if line_end >= 0 else len(text)]
                if not text[line_start:at].strip("\ufeff \t\r") and _first_site_in([line]) is site:
                    found.append((line_start, rank))
                    break
                at = text.find(prefix, at + 1)
    return SITES[min(found)[1]] if found else None
