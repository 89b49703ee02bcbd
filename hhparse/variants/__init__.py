"""Variants as data: one frozen record per game, and a registry of the names sites print."""

from hhparse.variants.catalog import VARIANTS
from hhparse.variants.model import (
    BetSize,
    BettingStructure,
    BringInPayer,
    CapPolicy,
    DrawRounds,
    Family,
    FirstToAct,
    FiveCardDrawLimit,
    ForcedBets,
    OddChip,
    Policies,
    PotSplit,
    ReshufflePolicy,
    ShortAllIn,
    Street,
    StudOpenerAllIn,
    Variant,
)
from hhparse.variants.registry import BY_ID, UnknownVariant, find_variant, get_variant

__all__ = [
    "BY_ID",
    "VARIANTS",
    "BetSize",
    "BettingStructure",
    "BringInPayer",
    "CapPolicy",
    "DrawRounds",
    "Family",
    "FirstToAct",
    "FiveCardDrawLimit",
    "ForcedBets",
    "OddChip",
    "Policies",
    "PotSplit",
    "ReshufflePolicy",
    "ShortAllIn",
    "Street",
    "StudOpenerAllIn",
    "UnknownVariant",
    "Variant",
    "find_variant",
    "get_variant",
]
