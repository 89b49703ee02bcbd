"""The site parsers we know, and which one reads a file."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from hhparse.parsers import fulltilt, kingsclub, phh, pokerstars, winamax
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
    # PHH (TOML): a .phh hand opens at its variant line, a .phhs hand at its table header.
    Site(name="phh", is_start=phh.is_hand_start, parse_block=phh_settle.parse_block),
    Site(name="phhs", is_start=phh.is_table_start, parse_block=phh_settle.parse_block),
)


def detect_site(data: bytes) -> Site | None:
    """The site whose hand header appears first in the file (None: no hand we can read).

    The first SNIFF_BYTES decide; when they hold no hand header (a long stretch of junk
    opens the file), the whole file is searched for the sites' header prefixes.
    """
    sniff = decode(data[:SNIFF_BYTES]).text
    site = _first_site_in(sniff.splitlines())
    if site is None and len(data) > SNIFF_BYTES:
        site = _first_site_by_prefix(decode(data).text)
    if site is not None and site.name in ("phh", "phhs") and not phh.holds_a_hand(sniff):
        return None  # TOML-looking lines are no evidence of PHH by themselves
    return site


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
