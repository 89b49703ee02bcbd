"""Stakes: cash ladders in cents, tournament levels in chips, the forced bets they imply."""

from __future__ import annotations

import random
from dataclasses import replace

from hhparse.synth.engine import Stakes
from hhparse.variants import Antes, BettingStructure, ForcedStructure, Variant

CASH_LIMIT = ((10, 20), (25, 50), (50, 100), (100, 200), (200, 400), (300, 600), (500, 1000))
"""Fixed limit: small bet / big bet, in cents."""
CASH_BLINDS = ((5, 10), (10, 25), (25, 50), (50, 100), (100, 200))
"""No-limit and pot-limit: small blind / big blind, in cents."""
LIMIT_LEVELS = (
    (20, 40), (30, 60), (50, 100), (80, 160), (100, 200), (150, 300), (200, 400), (300, 600),
    (400, 800), (600, 1200), (800, 1600), (1000, 2000), (1500, 3000), (2000, 4000),
    (3000, 6000), (4000, 8000), (6000, 12000), (8000, 16000), (10000, 20000),
)
BLIND_LEVELS = (
    (10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400),
    (300, 600), (400, 800), (500, 1000), (600, 1200), (800, 1600), (1000, 2000),
    (1500, 3000), (2000, 4000), (3000, 6000), (4000, 8000), (5000, 10000),
)
ANTES_FROM_LEVEL = 4
"""No-limit and pot-limit draw tournaments add antes from this level on."""


def cash_pair(structure: BettingStructure, rng: random.Random) -> tuple[int, int]:
    ladder = CASH_LIMIT if structure is BettingStructure.FIXED_LIMIT else CASH_BLINDS
    return rng.choice(ladder)


def level_pair(structure: BettingStructure, level: int) -> tuple[int, int]:
    ladder = LIMIT_LEVELS if structure is BettingStructure.FIXED_LIMIT else BLIND_LEVELS
    return ladder[min(level, len(ladder)) - 1]


def _down_to(amount: int, unit: int) -> int:
    return amount - amount % unit if amount >= unit else amount


def make_stakes(variant: Variant, structure: BettingStructure, pair: tuple[int, int], *,
                tournament: bool, level: int = 1, forced: ForcedStructure | None = None
                ) -> Stakes:
    """The forced bets of one hand (``forced``: a draw game's structure; None: PokerStars'
    blinds, with antes in no-limit and pot-limit tournaments from level 4)."""
    stakes = _usual_stakes(variant, structure, pair, tournament=tournament, level=level)
    if forced is None or variant.is_stud:
        return stakes
    return _with_structure(stakes, forced)


def _with_structure(stakes: Stakes, forced: ForcedStructure) -> Stakes:
    """A draw game's stakes laid out as ``forced``: the bet sizes stay; the antes are a
    quarter of the big blind when alone, a tenth beside blinds; a big-blind ante is one
    big blind; one blind is the big blind."""
    blind = stakes.big_blind
    if forced.antes is Antes.EVERYONE:
        ante = max(1, _down_to(blind // (4 if forced.blinds == 0 else 10), 5))
    elif forced.antes is Antes.BIG_BLIND:
        ante = blind
    else:
        ante = 0
    small_blind = stakes.small_blind if forced.blinds == 2 else 0
    big_blind = blind if forced.blinds else 0
    return replace(stakes, ante=ante, small_blind=small_blind, big_blind=big_blind,
                   min_bet=blind)


def _usual_stakes(variant: Variant, structure: BettingStructure, pair: tuple[int, int], *,
                  tournament: bool, level: int) -> Stakes:
    small, big = pair
    coarse = 5
    if variant.is_stud:
        ante = max(1, small // 5) if tournament else max(1, small // 10)
        bring_in = _down_to(max(ante + 1, small * 3 // 10 if tournament else small // 4), coarse)
        return Stakes(small=small, big=big, ante=ante, bring_in=min(bring_in, small - 1),
                      big_blind=small, unit=1)
    if structure is BettingStructure.FIXED_LIMIT:
        return Stakes(small=small, big=big, small_blind=_down_to(small // 2, coarse),
                      big_blind=small, unit=1)
    ante = 0
    if tournament and level >= ANTES_FROM_LEVEL:
        ante = max(5, -(-big // 10 // 5) * 5)
    return Stakes(small=small, big=big, small_blind=small, big_blind=big, ante=ante,
                  unit=max(1, big // 10))


def buy_in(stakes: Stakes, structure: BettingStructure, rng: random.Random) -> int:
    """A cash buy-in: 20 to 100 big blinds (no-limit, pot-limit), 10 to 40 big bets (limit);
    some players sit down short."""
    if structure is BettingStructure.FIXED_LIMIT:
        bets = rng.choice((5, 10, 15, 20, 25, 30, 40))
        return bets * stakes.big
    blinds = rng.choice((20, 40, 50, 60, 80, 100, 100, 100))
    return blinds * (stakes.min_bet or stakes.big_blind)


def rake_cap(stakes: Stakes, players: int) -> int:
    """Cents: PokerStars-like caps, higher with more players and higher stakes."""
    base = 50 if players == 2 else 100 if players <= 4 else 200
    return base * (2 if (stakes.min_bet or stakes.big_blind or stakes.small) >= 100 else 1)
