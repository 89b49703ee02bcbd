"""The site parsers we know, and which one reads a file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hhparse.parsers import pokerstars
from hhparse.parsers.base import HandBlock, decode
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
        name=pokerstars.SITE, is_start=pokerstars.is_start, parse_block=pokerstars.parse_block,
        prefixes=("PokerStars ",),
    ),
)


def detect_site(data: bytes) -> Site | None:
    """The site whose hand header appears first in the file (None: no hand we can read)."""
    text = decode(data[:SNIFF_BYTES]).text
    for line in text.splitlines():
        stripped = line.lstrip("\ufeff").strip()
        for site in SITES:
            if site.is_start(stripped):
                return site
    return None
