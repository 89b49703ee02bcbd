"""The eleven variants, as data (rules: ../shared/RULES.md)."""

from __future__ import annotations

from hhparse.variants.model import (
    ANTES_ONLY,
    BLINDS_AND_ANTES,
    BLINDS_AND_BIG_BLIND_ANTE,
    BLINDS_ONLY,
    SINGLE_BLIND,
    STUD_ANTES,
    BetSize,
    BettingStructure,
    BringInPayer,
    DrawRounds,
    Family,
    FirstToAct,
    ForcedBets,
    OddChip,
    Policies,
    PotSplit,
    Street,
    Variant,
)

SMALL, BIG = BetSize.SMALL, BetSize.BIG
FL, PL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT
DRAW_FORCED = ForcedBets(structures=(BLINDS_ONLY, BLINDS_AND_ANTES, BLINDS_AND_BIG_BLIND_ANTE,
                                      SINGLE_BLIND, ANTES_ONLY))
"""RULES.md: blinds (usual in tournaments and online), antes (private games), one blind
(home five-card draw), blinds with antes (everyone's, or one big-blind ante)."""

TRIPLE_DRAW_BETS = (SMALL, SMALL, BIG, BIG)
"""Triple draw doubles the step from the third betting round on."""
SINGLE_DRAW_BETS = (SMALL, BIG)


def _draw_game(
    *,
    id: str,
    name: str,
    hand_size: int,
    draws: int,
    structures: tuple[BettingStructure, ...],
    max_players: int,
    rankings: tuple[str, ...],
    split: PotSplit = PotSplit.SINGLE,
    policies: Policies | None = None,
) -> Variant:
    return Variant(
        id=id,
        name=name,
        family=Family.DRAW,
        hand_size=hand_size,
        draws=DrawRounds(count=draws, max_cards=hand_size),
        round_bets=TRIPLE_DRAW_BETS if draws == 3 else SINGLE_DRAW_BETS,
        forced=DRAW_FORCED,
        structures=structures,
        max_players=max_players,
        rankings=rankings,
        split=split,
        policies=policies or Policies(),
    )


STUD_STREETS = (
    Street(name="3rd", down=2, up=1, bet=SMALL),
    Street(name="4th", down=0, up=1, bet=SMALL),
    Street(name="5th", down=0, up=1, bet=BIG),
    Street(name="6th", down=0, up=1, bet=BIG),
    Street(name="7th", down=1, up=0, bet=BIG),
)


def _stud_game(
    *,
    id: str,
    name: str,
    bring_in: BringInPayer,
    first_to_act: FirstToAct,
    rankings: tuple[str, ...],
    split: PotSplit = PotSplit.SINGLE,
    odd_chip: OddChip = OddChip.ANY_WITHIN_ONE,
    open_pair_big_bet: bool = False,
) -> Variant:
    return Variant(
        id=id,
        name=name,
        family=Family.STUD,
        hand_size=7,
        streets=STUD_STREETS,
        round_bets=tuple(street.bet for street in STUD_STREETS),
        forced=ForcedBets(structures=(STUD_ANTES,), bring_in=bring_in),
        structures=(FL, PL, NL),
        max_players=8,
        rankings=rankings,
        split=split,
        first_to_act_later=first_to_act,
        open_pair_big_bet=open_pair_big_bet,
        policies=Policies(odd_chip=odd_chip),
    )


VARIANTS: tuple[Variant, ...] = (
    _draw_game(
        id="five_card_draw", name="Five-Card Draw", hand_size=5, draws=1,
        structures=(FL, PL, NL), max_players=6, rankings=("high",),
    ),
    _draw_game(
        id="27_single_draw", name="2-7 Single Draw", hand_size=5, draws=1,
        structures=(NL, PL, FL), max_players=7, rankings=("27",),
    ),
    _draw_game(
        id="27_triple_draw", name="2-7 Triple Draw", hand_size=5, draws=3,
        structures=(FL, PL, NL), max_players=6, rankings=("27",),
    ),
    _draw_game(
        id="a5_triple_draw", name="A-5 Triple Draw", hand_size=5, draws=3,
        structures=(FL, PL, NL), max_players=6, rankings=("a5",),
    ),
    _draw_game(
        id="a5_single_draw", name="A-5 Single Draw", hand_size=5, draws=1,
        structures=(NL, PL, FL), max_players=7, rankings=("a5",),
    ),
    _draw_game(
        id="badugi", name="Badugi", hand_size=4, draws=3,
        structures=(FL, PL, NL), max_players=8, rankings=("badugi",),
    ),
    _draw_game(
        id="badeucey", name="Badeucey", hand_size=5, draws=3,
        structures=(FL, PL, NL), max_players=6, rankings=("badugi_aces_high", "27"),
        split=PotSplit.BADUGI_AND_LOWBALL,
        policies=Policies(odd_chip=OddChip.LOWBALL_HALF),
    ),
    _draw_game(
        id="badacey", name="Badacey", hand_size=5, draws=3,
        structures=(FL, PL, NL), max_players=6, rankings=("badugi", "a5"),
        split=PotSplit.BADUGI_AND_LOWBALL,
        policies=Policies(odd_chip=OddChip.LOWBALL_HALF),
    ),
    _stud_game(
        id="razz", name="Razz", bring_in=BringInPayer.HIGHEST_UP_CARD,
        first_to_act=FirstToAct.BEST_LOW_BOARD, rankings=("a5",),
    ),
    _stud_game(
        id="stud", name="Seven-Card Stud", bring_in=BringInPayer.LOWEST_UP_CARD,
        first_to_act=FirstToAct.BEST_HIGH_BOARD, rankings=("high",), open_pair_big_bet=True,
    ),
    _stud_game(
        id="stud8", name="Seven-Card Stud Hi/Lo", bring_in=BringInPayer.LOWEST_UP_CARD,
        first_to_act=FirstToAct.BEST_HIGH_BOARD, rankings=("high", "a5_8"),
        split=PotSplit.HI_LO_EIGHT, odd_chip=OddChip.HIGH_HALF,
    ),
)
