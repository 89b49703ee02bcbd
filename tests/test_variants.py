"""Variants as data: the catalogue, the records, the registry of site names."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from hhparse.evaluators import RANKINGS
from hhparse.variants import (
    BY_ID,
    VARIANTS,
    BetSize,
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
    Street,
    UnknownVariant,
    Variant,
    find_variant,
    get_variant,
)
from hhparse.variants.model import BLINDS_ONLY
from hhparse.variants.registry import SITE_NAMES

SMALL, BIG = BetSize.SMALL, BetSize.BIG

VARIANT_IDS = {
    "five_card_draw", "27_single_draw", "27_triple_draw", "a5_triple_draw", "a5_single_draw",
    "badugi", "badeucey", "badacey", "razz", "stud", "stud8",
}
TRIPLE_DRAW = ("27_triple_draw", "a5_triple_draw", "badugi", "badeucey", "badacey")
SINGLE_DRAW = ("five_card_draw", "27_single_draw", "a5_single_draw")
STUD = ("razz", "stud", "stud8")


# --- the catalogue ---------------------------------------------------------------------------


def test_the_eleven_variant_ids_exist_exactly() -> None:
    assert {variant.id for variant in VARIANTS} == VARIANT_IDS
    assert len(VARIANTS) == 11
    assert set(BY_ID) == VARIANT_IDS
    assert set(SITE_NAMES) == VARIANT_IDS


@pytest.mark.parametrize("variant_id", sorted(VARIANT_IDS))
def test_get_variant_by_id(variant_id: str) -> None:
    variant = get_variant(variant_id)
    assert variant.id == variant_id
    assert variant is BY_ID[variant_id]
    assert find_variant(variant_id) is variant


def test_get_variant_rejects_unknown_ids() -> None:
    with pytest.raises(UnknownVariant):
        get_variant("omaha")
    with pytest.raises(UnknownVariant):
        get_variant("Razz")  # ids are exact; find_variant is the lenient one


# --- records are frozen and keyword-only -----------------------------------------------------


RECORDS: list[tuple[type[Any], dict[str, Any]]] = [
    (Street, {"name": "3rd", "down": 2, "up": 1, "bet": SMALL}),
    (DrawRounds, {"count": 3, "max_cards": 5}),
    (ForcedBets, {"structures": (BLINDS_ONLY,)}),
    (CapPolicy, {"bets_per_round": 4}),
    (Policies, {"five_card_draw_limit": FiveCardDrawLimit.THREE}),
    (
        Variant,
        {
            "id": "x", "name": "X", "family": Family.DRAW, "hand_size": 5,
            "round_bets": (SMALL, BIG), "forced": ForcedBets(structures=(BLINDS_ONLY,)),
            "structures": (), "max_players": 6, "rankings": ("27",),
        },
    ),
]


@pytest.mark.parametrize(("record", "fields"), RECORDS, ids=lambda r: getattr(r, "__name__", ""))
def test_records_are_keyword_only(record: type[Any], fields: dict[str, Any]) -> None:
    record(**fields)
    with pytest.raises(TypeError):
        record(*fields.values())


@pytest.mark.parametrize(("record", "fields"), RECORDS, ids=lambda r: getattr(r, "__name__", ""))
def test_records_are_frozen(record: type[Any], fields: dict[str, Any]) -> None:
    instance = record(**fields)
    name = next(iter(fields))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(instance, name, fields[name])


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_catalogue_variants_are_frozen(variant: Variant) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.max_players = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.policies.odd_chip = OddChip.HIGH_HALF  # type: ignore[misc]
    assert isinstance(variant.rankings, tuple)
    assert isinstance(variant.round_bets, tuple)
    assert isinstance(variant.streets, tuple)


def test_default_policies_follow_pokerstars() -> None:
    policies = Policies()
    assert policies.five_card_draw_limit is FiveCardDrawLimit.ANY
    assert policies.reshuffle is ReshufflePolicy.ONLINE
    assert policies.cap == CapPolicy(bets_per_round=4, heads_up_uncapped=False)
    assert not policies.cap.completion_is_raise  # RULES.md: completing is not a raise


# --- the registry of site names ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "variant_id"),
    [
        ("Triple Draw 2-7 Lowball", "27_triple_draw"),
        ("Single Draw 2-7 Lowball", "27_single_draw"),
        ("5 Card Draw", "five_card_draw"),
        ("Badugi", "badugi"),
        ("Razz", "razz"),
        ("7 Card Stud", "stud"),
        ("7 Card Stud Hi/Lo", "stud8"),
        ("2-7 Triple Draw", "27_triple_draw"),
        ("A-5 Triple Draw", "a5_triple_draw"),
        ("Badeucey", "badeucey"),
        ("Lowball27", "27_triple_draw"),
    ],
)
def test_find_variant_by_site_name(name: str, variant_id: str) -> None:
    assert find_variant(name).id == variant_id
    assert find_variant(name.upper()).id == variant_id
    assert find_variant(name.lower()).id == variant_id
    assert find_variant(name.swapcase()).id == variant_id


@pytest.mark.parametrize(
    ("variant_id", "name"),
    [(variant_id, name) for variant_id, names in SITE_NAMES.items() for name in names],
)
def test_every_registered_site_name_finds_its_own_variant(variant_id: str, name: str) -> None:
    assert find_variant(name).id == variant_id


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_find_variant_by_display_name(variant: Variant) -> None:
    assert find_variant(variant.name) is variant


@pytest.mark.parametrize(
    "name",
    ["Hold'em", "Omaha", "Omaha Hi/Lo", "", "   ", "2-7", "Triple Draw", "Stud 9", "Badugi!"],
)
def test_find_variant_raises_unknown_variant_otherwise(name: str) -> None:
    with pytest.raises(UnknownVariant):
        find_variant(name)


def test_unknown_variant_is_a_lookup_error_and_names_the_input() -> None:
    assert issubclass(UnknownVariant, LookupError)
    with pytest.raises(UnknownVariant, match="Omaha"):
        find_variant("Omaha")


# --- rankings ------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_every_ranking_id_exists_and_fits_the_hand(variant: Variant) -> None:
    assert variant.rankings
    for ranking_id in variant.rankings:
        assert ranking_id in RANKINGS
        assert variant.hand_size in RANKINGS[ranking_id].card_counts


@pytest.mark.parametrize(
    ("variant_id", "rankings", "split"),
    [
        ("five_card_draw", ("high",), PotSplit.SINGLE),
        ("27_single_draw", ("27",), PotSplit.SINGLE),
        ("27_triple_draw", ("27",), PotSplit.SINGLE),
        ("a5_triple_draw", ("a5",), PotSplit.SINGLE),
        ("a5_single_draw", ("a5",), PotSplit.SINGLE),
        ("badugi", ("badugi",), PotSplit.SINGLE),
        ("badeucey", ("badugi_aces_high", "27"), PotSplit.BADUGI_AND_LOWBALL),
        ("badacey", ("badugi", "a5"), PotSplit.BADUGI_AND_LOWBALL),
        ("razz", ("a5",), PotSplit.SINGLE),
        ("stud", ("high",), PotSplit.SINGLE),
        ("stud8", ("high", "a5_8"), PotSplit.HI_LO_EIGHT),
    ],
)
def test_rankings_and_pot_split(
    variant_id: str, rankings: tuple[str, ...], split: PotSplit
) -> None:
    variant = get_variant(variant_id)
    assert variant.rankings == rankings
    assert variant.split is split


def test_split_pot_odd_chip_rules() -> None:
    assert get_variant("badeucey").policies.odd_chip is OddChip.LOWBALL_HALF
    assert get_variant("badacey").policies.odd_chip is OddChip.LOWBALL_HALF
    assert get_variant("stud8").policies.odd_chip is OddChip.HIGH_HALF


def test_stud8_low_half_has_a_qualifier() -> None:
    assert RANKINGS[get_variant("stud8").rankings[1]].qualifies is not None


# --- draw games and stud games -----------------------------------------------------------------


@pytest.mark.parametrize("variant_id", TRIPLE_DRAW + SINGLE_DRAW)
def test_draw_games_have_draws_and_no_streets(variant_id: str) -> None:
    variant = get_variant(variant_id)
    assert variant.family is Family.DRAW
    assert variant.is_draw
    assert not variant.is_stud
    assert variant.draws is not None
    assert variant.streets == ()
    assert variant.draws.max_cards == variant.hand_size
    assert variant.forced.blinds
    assert variant.forced.bring_in is None
    # RULES.md: blinds, antes only, one blind, blinds with antes (everyone's or the BB's)
    assert {s.id for s in variant.forced.structures} == {
        "blinds", "single_blind", "antes", "blinds_antes", "blinds_bb_ante"}
    assert variant.forced.structures[0].id == "blinds"
    assert variant.first_to_act_later is FirstToAct.LEFT_OF_BUTTON
    assert variant.betting_rounds == variant.draws.count + 1


@pytest.mark.parametrize("variant_id", TRIPLE_DRAW)
def test_triple_draw_bet_sizes(variant_id: str) -> None:
    variant = get_variant(variant_id)
    assert variant.draws is not None
    assert variant.draws.count == 3
    assert variant.round_bets == (SMALL, SMALL, BIG, BIG)


@pytest.mark.parametrize("variant_id", SINGLE_DRAW)
def test_single_draw_bet_sizes(variant_id: str) -> None:
    variant = get_variant(variant_id)
    assert variant.draws is not None
    assert variant.draws.count == 1
    assert variant.round_bets == (SMALL, BIG)


@pytest.mark.parametrize(
    ("variant_id", "hand_size"),
    [
        ("five_card_draw", 5), ("27_single_draw", 5), ("27_triple_draw", 5),
        ("a5_triple_draw", 5), ("a5_single_draw", 5), ("badugi", 4), ("badeucey", 5),
        ("badacey", 5), ("razz", 7), ("stud", 7), ("stud8", 7),
    ],
)
def test_hand_sizes(variant_id: str, hand_size: int) -> None:
    assert get_variant(variant_id).hand_size == hand_size


@pytest.mark.parametrize("variant_id", STUD)
def test_stud_games_have_five_streets_and_a_bring_in(variant_id: str) -> None:
    variant = get_variant(variant_id)
    assert variant.family is Family.STUD
    assert variant.is_stud
    assert not variant.is_draw
    assert variant.draws is None
    assert [street.name for street in variant.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert [(s.down, s.up) for s in variant.streets] == [(2, 1), (0, 1), (0, 1), (0, 1), (1, 0)]
    assert sum(s.down + s.up for s in variant.streets) == variant.hand_size == 7
    assert variant.round_bets == (SMALL, SMALL, BIG, BIG, BIG)
    assert variant.round_bets == tuple(street.bet for street in variant.streets)
    assert variant.betting_rounds == 5
    assert variant.forced.antes
    assert not variant.forced.blinds
    assert variant.forced.bring_in is not None
    assert variant.max_discard() == 0


def test_bring_in_and_first_to_act() -> None:
    razz, stud, stud8 = (get_variant(v) for v in STUD)
    assert razz.forced.bring_in is BringInPayer.HIGHEST_UP_CARD
    assert razz.first_to_act_later is FirstToAct.BEST_LOW_BOARD
    for variant in (stud, stud8):
        assert variant.forced.bring_in is BringInPayer.LOWEST_UP_CARD
        assert variant.first_to_act_later is FirstToAct.BEST_HIGH_BOARD


@pytest.mark.parametrize(
    ("variant_id", "max_players"),
    [
        # RULES.md (WSOP): triple draw 6, Badugi 8, no-limit single draw 7, stud games 8.
        ("27_triple_draw", 6), ("a5_triple_draw", 6), ("badugi", 8),
        ("27_single_draw", 7), ("razz", 8), ("stud", 8), ("stud8", 8),
    ],
)
def test_table_sizes(variant_id: str, max_players: int) -> None:
    assert get_variant(variant_id).max_players == max_players


# --- five-card draw house rule -----------------------------------------------------------------


def with_limit(limit: FiveCardDrawLimit) -> Variant:
    variant = get_variant("five_card_draw")
    policies = dataclasses.replace(variant.policies, five_card_draw_limit=limit)
    return dataclasses.replace(variant, policies=policies)


@pytest.mark.parametrize(
    ("limit", "without_ace", "with_ace"),
    [
        (FiveCardDrawLimit.ANY, 5, 5),
        (FiveCardDrawLimit.THREE, 3, 3),
        (FiveCardDrawLimit.FOUR, 4, 4),
        (FiveCardDrawLimit.FOUR_WITH_ACE, 3, 4),
    ],
)
def test_five_card_draw_max_discard_per_house_rule(
    limit: FiveCardDrawLimit, without_ace: int, with_ace: int
) -> None:
    variant = with_limit(limit)
    assert variant.max_discard() == without_ace
    assert variant.max_discard(shows_ace=False) == without_ace
    assert variant.max_discard(shows_ace=True) == with_ace


def test_every_five_card_draw_limit_is_covered() -> None:
    assert set(FiveCardDrawLimit) == {
        FiveCardDrawLimit.ANY, FiveCardDrawLimit.THREE,
        FiveCardDrawLimit.FOUR, FiveCardDrawLimit.FOUR_WITH_ACE,
    }


def test_replacing_policies_leaves_the_catalogue_alone() -> None:
    with_limit(FiveCardDrawLimit.THREE)
    assert get_variant("five_card_draw").policies.five_card_draw_limit is FiveCardDrawLimit.ANY
    assert get_variant("five_card_draw").max_discard() == 5


@pytest.mark.parametrize("variant_id", TRIPLE_DRAW + SINGLE_DRAW[1:])
@pytest.mark.parametrize("limit", list(FiveCardDrawLimit))
def test_the_house_rule_only_applies_to_five_card_draw(
    variant_id: str, limit: FiveCardDrawLimit
) -> None:
    variant = get_variant(variant_id)
    policies = dataclasses.replace(variant.policies, five_card_draw_limit=limit)
    changed = dataclasses.replace(variant, policies=policies)
    assert changed.max_discard() == changed.max_discard(shows_ace=True) == variant.hand_size
