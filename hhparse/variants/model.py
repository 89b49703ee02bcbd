"""The variant record: everything the replayer needs to know about a game, as data.

Rules that differ between rooms are :class:`Policies`, with documented defaults that
follow PokerStars (the first site we read); a site or a user setting replaces them
with :func:`dataclasses.replace`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Family(StrEnum):
    DRAW = "draw"
    STUD = "stud"


class BettingStructure(StrEnum):
    FIXED_LIMIT = "fl"
    POT_LIMIT = "pl"
    NO_LIMIT = "nl"


class BetSize(StrEnum):
    """Fixed-limit step of a betting round."""

    SMALL = "small"
    BIG = "big"


class BringInPayer(StrEnum):
    """Who pays the stud bring-in."""

    HIGHEST_UP_CARD = "highest_up_card"
    """Razz: the highest up card (aces low, so a king is highest); ties: higher suit pays."""
    LOWEST_UP_CARD = "lowest_up_card"
    """Stud high and hi/lo: the lowest up card (aces high); ties: lower suit pays."""


class FirstToAct(StrEnum):
    """Who opens a betting round after the first."""

    LEFT_OF_BUTTON = "left_of_button"
    BEST_LOW_BOARD = "best_low_board"
    BEST_HIGH_BOARD = "best_high_board"


class PotSplit(StrEnum):
    SINGLE = "single"
    """One ranking; the best hand(s) take the pot."""
    HI_LO_EIGHT = "hi_lo_eight"
    """Half to the best high, half to the best qualifying 8-or-better low (else high scoops)."""
    BADUGI_AND_LOWBALL = "badugi_and_lowball"
    """Half to the best badugi from five cards, half to the best five-card lowball hand."""


class FiveCardDrawLimit(StrEnum):
    """House rule: how many cards a five-card draw player may replace."""

    ANY = "0-5"
    THREE = "3"
    FOUR = "4"
    FOUR_WITH_ACE = "4-with-ace"
    """Up to three, or four when the player shows an ace."""


class ReshufflePolicy(StrEnum):
    """What happens when the stub runs out during a draw."""

    ONLINE = "online"
    """PokerStars: no burns; the stub and all earlier discards, other players' discards of
    this round included, are reshuffled; nobody ever gets back his own discard."""
    WSOP = "wsop"
    """Live: the stub's last card joins the muck and the discards of EARLIER draws; the
    current draw's discards stay out (the last card is dealt if it completes the round)."""


class OddChip(StrEnum):
    """Who gets the indivisible chip of a split pot."""

    FIRST_LEFT_OF_BUTTON = "first_left_of_button"
    """Button games (WSOP): the first winner clockwise from the button."""
    HIGH_CARD_BY_SUIT = "high_card_by_suit"
    """Stud and Razz (WSOP): the winner with the highest card by suit."""
    HIGH_HALF = "high_half"
    """Hi/lo: the odd chip of a halved pot goes to the high half."""
    LOWBALL_HALF = "lowball_half"
    """Badeucey/Badacey (BARGE): the odd chip goes to the lowball half."""
    ANY_WITHIN_ONE = "any_within_one"
    """Trust the site's split when it differs from an equal split by one minor unit."""


class ShortAllIn(StrEnum):
    """Fixed limit: what an all-in bet or raise for less than a full step does (RULES.md,
    "Fixed limit after a short all-in")."""

    LEVEL_STAYS = "level_stays"
    """PokerStars: the betting level does not move. The next player calls the all-in, or
    completes or raises to the last full level plus one step (``bets 40 and is all-in`` at
    200/400, then ``raises 360 to 400``; over ``raises 50 to 250 and is all-in`` at 100/200
    the next raise goes to 300)."""
    HALF_BET_IS_FULL = "half_bet_is_full"
    """TDA / Robert's Rules: an all-in of half a step or more over the last full level
    counts as a full bet or raise: the level moves to it, the next raise goes one step
    above it, and it counts toward the cap. Less than half a step: as ``level_stays``."""


class StudOpenerAllIn(StrEnum):
    """Stud, 4th street on: who opens when the best board belongs to a player all-in."""

    BEST_BOARD_THAT_CAN_ACT = "best_board_that_can_act"
    """The best board among the players who can still act opens (the all-in players
    are left out before the boards are compared)."""
    LEFT_OF_BEST_BOARD = "left_of_best_board"
    """The first player able to act clockwise from the all-in best board opens, as the
    WSOP rule for an all-in bring-in has it (pokerkit's choice)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Street:
    """One stud street: cards dealt to each player, then a betting round."""

    name: str
    down: int
    up: int
    bet: BetSize


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawRounds:
    """The draws of a draw game."""

    count: int
    max_cards: int
    """Most cards one player may replace at one draw (the hand size unless a house rule)."""


class Antes(StrEnum):
    """Who antes."""

    NONE = "none"
    EVERYONE = "everyone"
    """Every player dealt in antes the same amount (all-in players for less)."""
    BIG_BLIND = "big_blind"
    """One player antes for the table (a big-blind ante; PHH's unequal antes)."""


class Opener(StrEnum):
    """Who opens the first betting round."""

    LEFT_OF_BIG_BLIND = "left_of_big_blind"
    LEFT_OF_BLIND = "left_of_blind"
    """One blind: the player left of it; the blind acts last, with the option to raise."""
    LEFT_OF_DEALER = "left_of_dealer"
    """Antes only: nobody has a bet to call; the first player left of the button opens."""
    BRING_IN = "bring_in"
    """Stud: the bring-in, decided by the up cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ForcedStructure:
    """One way a hand's forced bets are laid out (RULES.md, "Forced bets")."""

    id: str
    """The name the store and ``hhparse synth --forced`` use."""
    blinds: int
    """Live blinds: 2 (small and big), 1 (one blind left of the button) or 0."""
    antes: Antes
    opener: Opener


BLINDS_ONLY = ForcedStructure(id="blinds", blinds=2, antes=Antes.NONE,
                              opener=Opener.LEFT_OF_BIG_BLIND)
SINGLE_BLIND = ForcedStructure(id="single_blind", blinds=1, antes=Antes.NONE,
                               opener=Opener.LEFT_OF_BLIND)
ANTES_ONLY = ForcedStructure(id="antes", blinds=0, antes=Antes.EVERYONE,
                             opener=Opener.LEFT_OF_DEALER)
BLINDS_AND_ANTES = ForcedStructure(id="blinds_antes", blinds=2, antes=Antes.EVERYONE,
                                   opener=Opener.LEFT_OF_BIG_BLIND)
BLINDS_AND_BIG_BLIND_ANTE = ForcedStructure(id="blinds_bb_ante", blinds=2,
                                            antes=Antes.BIG_BLIND,
                                            opener=Opener.LEFT_OF_BIG_BLIND)
STUD_ANTES = ForcedStructure(id="antes_bring_in", blinds=0, antes=Antes.EVERYONE,
                             opener=Opener.BRING_IN)
FORCED_STRUCTURES: dict[str, ForcedStructure] = {
    structure.id: structure for structure in (
        BLINDS_ONLY, SINGLE_BLIND, ANTES_ONLY, BLINDS_AND_ANTES, BLINDS_AND_BIG_BLIND_ANTE,
        STUD_ANTES,
    )
}
"""Every structure, by id."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ForcedBets:
    structures: tuple[ForcedStructure, ...]
    """The structures the variant may be dealt with; the first is the usual one (what a
    hand whose posting lines say nothing else is judged by)."""
    bring_in: BringInPayer | None = None

    @property
    def blinds(self) -> bool:
        """Some structure of the variant has blinds."""
        return any(structure.blinds for structure in self.structures)

    @property
    def antes(self) -> bool:
        """Some structure of the variant has antes."""
        return any(structure.antes is not Antes.NONE for structure in self.structures)

    def structure_of(self, *, blinds: int, antes: Antes) -> ForcedStructure | None:
        """The variant's structure with these blinds and antes (None: not one of them)."""
        for structure in self.structures:
            if structure.blinds == blinds and structure.antes is antes:
                return structure
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class CapPolicy:
    bets_per_round: int | None = 4
    """Bets and raises allowed per round in fixed limit (None: no cap). PokerStars: 4 in
    total (a bet and three raises); WSOP: a bet and four raises (5)."""
    heads_up_uncapped: bool = False
    """PokerStars caps heads-up too; Robert's Rules lifts the cap heads-up in cash games."""
    completion_is_raise: bool = False
    """Completing a stud bring-in is a bet, not a raise (RULES.md)."""
    short_all_in_counts: bool = False
    """Fixed limit: an all-in for less than a full step, which leaves the betting level
    where it was, still counts as a bet toward the cap. PokerStars: it does not (the cap
    counts levels: four bets means the level is four steps)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Policies:
    """Room rules, each with the default we use for PokerStars."""

    five_card_draw_limit: FiveCardDrawLimit = FiveCardDrawLimit.ANY
    reshuffle: ReshufflePolicy = ReshufflePolicy.ONLINE
    cap: CapPolicy = field(default_factory=CapPolicy)
    odd_chip: OddChip = OddChip.ANY_WITHIN_ONE
    limit_short_all_in: ShortAllIn | None = None
    """Fixed limit after a short all-in; None: the room's rule
    (:attr:`hhparse.replay.rooms.RoomRules.limit_short_all_in`, PokerStars' ``level_stays``
    unless a room says otherwise)."""
    stud_opener_all_in: StudOpenerAllIn = StudOpenerAllIn.BEST_BOARD_THAT_CAN_ACT


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    id: str
    name: str
    family: Family
    hand_size: int
    """Cards a player holds (draw), or the most a player is dealt (stud: 7)."""
    streets: tuple[Street, ...] = ()
    """Stud only: what each street deals, and its bet size."""
    draws: DrawRounds | None = None
    """Draw games only."""
    round_bets: tuple[BetSize, ...]
    """Fixed-limit step of each betting round, in order."""
    forced: ForcedBets
    structures: tuple[BettingStructure, ...]
    max_players: int
    rankings: tuple[str, ...]
    """Ranking ids (see hhparse.evaluators.RANKINGS); two for a split-pot game."""
    split: PotSplit = PotSplit.SINGLE
    first_to_act_later: FirstToAct = FirstToAct.LEFT_OF_BUTTON
    open_pair_big_bet: bool = False
    """Stud high: with an open pair showing on 4th street, the big bet may be made (not in
    Razz, nor in stud hi/lo, where PokerStars keeps the small bet)."""
    policies: Policies = field(default_factory=Policies)

    @property
    def betting_rounds(self) -> int:
        return len(self.round_bets)

    @property
    def is_draw(self) -> bool:
        return self.family is Family.DRAW

    @property
    def is_stud(self) -> bool:
        return self.family is Family.STUD

    def max_discard(self, *, shows_ace: bool = False) -> int:
        """Most cards a player may replace at one draw, under this variant's house rule."""
        if self.draws is None:
            return 0
        if self.id != "five_card_draw":
            return self.draws.max_cards
        match self.policies.five_card_draw_limit:
            case FiveCardDrawLimit.ANY:
                return 5
            case FiveCardDrawLimit.THREE:
                return 3
            case FiveCardDrawLimit.FOUR:
                return 4
            case FiveCardDrawLimit.FOUR_WITH_ACE:
                return 4 if shows_ace else 3
