"""PHH variant codes and the (variant, betting structure) each one stands for.

The PHH specification has codes for eleven games; six are ours. A hand of any other
variant, or of one of these variants under another betting structure (pot-limit 2-7
triple draw, fixed-limit 2-7 single draw ...), has no PHH code.
"""

from __future__ import annotations

from typing import Final

from hhparse.variants import BettingStructure

FL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.NO_LIMIT

CODES: Final[dict[tuple[str, BettingStructure], str]] = {
    ("27_triple_draw", FL): "F2L3D",
    ("27_single_draw", NL): "N2L1D",
    ("badugi", FL): "FB",
    ("razz", FL): "FR",
    ("stud", FL): "F7S",
    ("stud8", FL): "F7S/8",
}
"""(variant id, structure) -> PHH code."""

VARIANTS: Final[dict[str, tuple[str, BettingStructure]]] = {
    code: key for key, code in CODES.items()
}
"""PHH code -> (variant id, structure)."""

OTHER_GAMES: Final[dict[str, str]] = {
    "FT": "Fixed-limit Texas hold 'em",
    "NT": "No-limit Texas hold 'em",
    "NS": "No-limit short-deck hold 'em",
    "PO": "Pot-limit Omaha hold 'em",
    "FO/8": "Fixed-limit Omaha hold 'em high/low-split eight or better",
}
"""The PHH codes of games we read but do not replay."""


def phh_code(variant_id: str, structure: BettingStructure) -> str | None:
    """The PHH code of a variant played under a betting structure, or None."""
    return CODES.get((variant_id, structure))
