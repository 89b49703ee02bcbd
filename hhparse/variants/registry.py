"""Find a variant by its id or by the names the sites print."""

from __future__ import annotations

import re

from hhparse.variants.catalog import VARIANTS
from hhparse.variants.model import Variant

BY_ID: dict[str, Variant] = {variant.id: variant for variant in VARIANTS}

SITE_NAMES: dict[str, tuple[str, ...]] = {
    "five_card_draw": ("5 Card Draw", "Five Card Draw", "5-Card Draw", "5CD"),
    "27_single_draw": (
        "Single Draw 2-7 Lowball", "2-7 Single Draw", "2-7 Lowball Single Draw",
        "Deuce to Seven Single Draw", "2-7 Draw", "NL 2-7 Single Draw", "Kansas City Lowball",
    ),
    "27_triple_draw": (
        "Triple Draw 2-7 Lowball", "2-7 Triple Draw", "2-7 Lowball Triple Draw",
        "Deuce to Seven Triple Draw", "Lowball27", "2-7 TD",
    ),
    "a5_triple_draw": ("A-5 Triple Draw", "Triple Draw A-5 Lowball", "A-5 Lowball Triple Draw",
                       "Ace to Five Triple Draw"),
    "a5_single_draw": ("A-5 Single Draw", "Single Draw A-5 Lowball", "A-5 Lowball Single Draw",
                       "Ace to Five Single Draw", "California Lowball"),
    "badugi": ("Badugi", "Triple Draw Badugi"),
    "badeucey": ("Badeucey", "Badeucy", "Badeucey Triple Draw"),
    "badacey": ("Badacey", "Badacy", "Badacey Triple Draw"),
    "razz": ("Razz", "7 Card Razz", "Razz Stud"),
    "stud": ("7 Card Stud", "Seven Card Stud", "7-Card Stud", "Stud", "7 Stud", "7Stud",
             "7 Card Stud High", "Stud Hi", "7CARD"),
    "stud8": ("7 Card Stud Hi/Lo", "Seven Card Stud Hi/Lo", "7-Card Stud Hi/Lo", "Stud Hi/Lo",
              "7 Card Stud Hi-Lo", "Stud 8", "Stud8", "7 Stud Hi/Lo", "Stud H/L",
              "7 Card Stud 8 or Better", "Seven Card Stud Hi-Lo 8 or Better"),
}


class UnknownVariant(LookupError):
    pass


def normalize(name: str) -> str:
    """Case, spaces, hyphens and slashes do not tell variants apart."""
    return re.sub(r"[\s\-_/]+", "", name).casefold()


_BY_NAME: dict[str, Variant] = {
    normalize(name): BY_ID[variant_id]
    for variant_id, names in SITE_NAMES.items()
    for name in (*names, variant_id, BY_ID[variant_id].name)
}


def find_variant(name: str) -> Variant:
    """Variant by id (``razz``) or site name (``Triple Draw 2-7 Lowball``)."""
    variant = _BY_NAME.get(normalize(name))
    if variant is None:
        raise UnknownVariant(f"unknown variant {name!r}; known ids: {', '.join(BY_ID)}")
    return variant


def get_variant(variant_id: str) -> Variant:
    try:
        return BY_ID[variant_id]
    except KeyError:
        raise UnknownVariant(f"unknown variant id {variant_id!r}") from None
