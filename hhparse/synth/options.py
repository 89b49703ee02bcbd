"""What to generate: the options of ``hhparse synth``, checked once into a :class:`Plan`."""

from __future__ import annotations

from dataclasses import dataclass

from hhparse.variants import (
    FORCED_STRUCTURES,
    BettingStructure,
    ForcedStructure,
    UnknownVariant,
    Variant,
    get_variant,
)

MIN_SEATS = 2
MAX_SEATS = 8
FORCED_CHOICES: dict[str, tuple[str, ...]] = {
    "blinds": ("blinds",),
    "single-blind": ("single_blind",),
    "antes": ("antes",),
    "blinds+antes": ("blinds_antes", "blinds_bb_ante"),
    "blinds+bb-ante": ("blinds_bb_ante",),
}
"""``--forced`` names -> the structures a table may pick (``blinds+antes``: everyone antes
at some tables, one big-blind ante at others)."""


class SynthError(ValueError):
    """Options that cannot be generated (unknown variant, a table size out of range ...)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SynthOptions:
    """The public options of the generator (``hhparse synth``)."""

    variant: str
    """A variant id of :mod:`hhparse.variants.catalog` (``razz``, ``27_triple_draw`` ...)."""
    hands: int = 1000
    seed: int = 0
    players: int | None = None
    """Seats at the table, 2..8 (players come and go); default: the variant's table size."""
    structure: str | None = None
    """``fl``, ``pl`` or ``nl``; default: the structure PokerStars deals the variant in."""
    tournament: bool = False
    """Tournament hands (levels, antes, chips) instead of cash games in USD."""
    forced: str | None = None
    """Draw games: ``blinds``, ``single-blind``, ``antes``, ``blinds+antes`` (everyone antes,
    or one big-blind ante, table by table) or ``blinds+bb-ante``; default: PokerStars'
    blinds (tournaments in no-limit and pot-limit add antes from level 4)."""
    leak: str | None = None
    """A mistake the hero makes every time (:data:`hhparse.synth.strategy.LEAKS`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Plan:
    """Options resolved against the variant catalog."""

    variant: Variant
    hands: int
    seed: int
    seats: int
    structure: BettingStructure
    tournament: bool
    forced: tuple[ForcedStructure, ...] = ()
    """The structures the tables pick from; () : the default (PokerStars' blinds)."""
    leak: str = ""


def resolve(options: SynthOptions) -> Plan:
    """Check the options; raise :class:`SynthError` with the reason when they cannot be met."""
    try:
        variant = get_variant(options.variant)
    except UnknownVariant as error:
        raise SynthError(f"{error}; use one of the ids of `hhparse synth --help`") from None
    if options.hands < 0:
        raise SynthError(f"hands must be 0 or more, got {options.hands}")
    seats = options.players if options.players is not None else min(variant.max_players,
                                                                     MAX_SEATS)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise SynthError(f"players must be {MIN_SEATS} to {MAX_SEATS}, got {seats}")
    structure = _structure(variant, options.structure)
    return Plan(variant=variant, hands=options.hands, seed=options.seed, seats=seats,
                structure=structure, tournament=options.tournament,
                forced=_forced(variant, options.forced), leak=_leak(variant, options.leak))


def _leak(variant: Variant, leak: str | None) -> str:
    from hhparse.synth.strategy import LEAKS

    if leak is None:
        return ""
    if leak not in LEAKS:
        raise SynthError(f"leak must be one of {', '.join(LEAKS)}, got {leak!r}")
    if variant.rankings not in (("27",), ("a5",)):
        raise SynthError(f"leak {leak} is a lowball leak; {variant.name} is not lowball")
    return leak


def _forced(variant: Variant, text: str | None) -> tuple[ForcedStructure, ...]:
    if text is None:
        return ()
    ids = FORCED_CHOICES.get(text.lower())
    if ids is None:
        raise SynthError(f"forced must be one of {', '.join(FORCED_CHOICES)}, got {text!r}")
    if variant.is_stud:
        raise SynthError(f"{variant.name} is dealt with antes and a bring-in; --forced is "
                         "for draw games")
    return tuple(FORCED_STRUCTURES[structure_id] for structure_id in ids)


def _structure(variant: Variant, text: str | None) -> BettingStructure:
    if text is None:
        return variant.structures[0]
    try:
        structure = BettingStructure(text.lower())
    except ValueError:
        raise SynthError(f"structure must be fl, pl or nl, got {text!r}") from None
    if variant.is_stud and structure is not BettingStructure.FIXED_LIMIT:
        raise SynthError(
            f"{variant.name} is generated in fixed limit only (PokerStars deals stud games "
            "in fixed limit)"
        )
    return structure
