"""Simple, plausible players: a style each, and one betting decision per turn.

A player bets and raises by strength, calls when the price is right for his hand (looser
players call lighter), bluffs now and then when few opponents are left, and in no-limit
and pot-limit sizes his bets by the pot and sometimes moves all-in.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True, slots=True, kw_only=True)
class Style:
    loose: float
    """0..1: enters and calls with weaker hands."""
    aggressive: float
    """0..1: bets and raises more."""
    bluffs: float
    """Chance to bet with nothing when checked to by one or two opponents."""
    sticky: float
    """0..1: calls down lighter."""
    shoves: float
    """No-limit and pot-limit: taste for moving all-in with a strong hand."""
    pat_bias: int
    """+1 stands pat on rougher hands and keeps rougher cards; -1 breaks more."""
    snows: float
    """Chance to stand pat on nothing heads-up (and bet it)."""
    restless: float
    """Cash games: chance per hand to sit out or leave."""
    leak: str = ""
    """A known mistake built in (:data:`LEAKS`), '' for none."""


LEAKS = {
    "breaks-pats": "lowball: throws the top card of every pat hand, a made one included, and "
                   "draws one (at every draw)",
}
"""The leaks ``hhparse synth --leak`` can give the hero, to test that draw_leaks finds them."""


HERO_STYLE = Style(loose=0.3, aggressive=0.6, bluffs=0.08, sticky=0.3, shoves=0.3, pat_bias=0,
                   snows=0.02, restless=0.0)


MOODS = ("normal", "loose", "wild")
"""Tables differ: most play a normal mix of styles; some (micro stakes) are loose and
passive, everybody calling; a few are wild, raising and bluffing."""


def random_style(rng: random.Random, mood: str = "normal") -> Style:
    loose, aggressive, sticky = rng.random(), rng.random(), rng.random()
    bluffs = rng.choice((0.0, 0.03, 0.08, 0.15))
    if mood == "loose":
        loose, aggressive, sticky = 0.7 + 0.3 * loose, 0.35 * aggressive, 0.6 + 0.4 * sticky
    elif mood == "wild":
        aggressive, bluffs = 0.6 + 0.4 * aggressive, bluffs + 0.1
    return Style(
        loose=loose,
        aggressive=aggressive,
        bluffs=bluffs,
        sticky=sticky,
        shoves=rng.choice((0.05, 0.2, 0.5)),
        pat_bias=rng.choice((-1, 0, 0, 1)),
        snows=rng.choice((0.0, 0.0, 0.02, 0.06)),
        restless=rng.choice((0.002, 0.005, 0.01, 0.02)),
    )


class Spot(NamedTuple):
    """What a player facing a decision knows."""

    strength: float
    owed: int
    """Chips to call (0: may check)."""
    pot: int
    """Chips in the middle, this round's included."""
    current_bet: int
    can_raise: bool
    min_to: int
    """Smallest legal bet or raise, as the player's total for the round."""
    max_to: int
    """Largest legal bet or raise (all-in, or the pot limit)."""
    remaining: int
    limit: bool
    opponents: int
    unit: int
    """Chips amounts are rounded to (no-limit, pot-limit sizes)."""
    entry: float | None = None
    """First betting round: the strength this player needs to come in."""


class Decision(NamedTuple):
    action: str
    """``fold``, ``check``, ``call`` or ``raise`` (a bet when nothing is owed)."""
    to: int = 0


FOLD = Decision("fold")
CHECK = Decision("check")
CALL = Decision("call")


def decide(style: Style, spot: Spot, rng: random.Random) -> Decision:
    crowd = max(0, spot.opponents - 1)
    value = spot.strength + 0.08 * style.loose - 0.04
    if spot.owed == 0:
        bet_line = 0.6 - 0.18 * style.aggressive + 0.04 * crowd
        betting = value > bet_line and rng.random() > 0.15 * (1 - style.aggressive)
        bluff = crowd <= 1 and rng.random() < style.bluffs
        if spot.can_raise and (betting or bluff):
            return Decision("raise", _size(style, spot, rng, strong=betting and value > 0.85))
        return CHECK
    price = spot.owed / (spot.pot + spot.owed)
    raise_line = 0.78 - 0.2 * style.aggressive + 0.04 * crowd
    if spot.can_raise and value > raise_line and rng.random() < 0.55 + 0.4 * style.aggressive:
        return Decision("raise", _size(style, spot, rng, strong=value > 0.88))
    floor = spot.entry if spot.entry is not None else (
        0.34 - 0.2 * style.loose - 0.12 * style.sticky + 0.025 * crowd
    )
    call_line = max(price + 0.05, floor)
    if value > call_line:
        return CALL
    if spot.can_raise and crowd == 0 and rng.random() < style.bluffs * 0.2:
        return Decision("raise", _size(style, spot, rng, strong=False))
    return FOLD


def entry_share(style: Style) -> float:
    """The share of starting hands a player comes in with (tight 12%, loose 62%)."""
    return 0.12 + 0.5 * style.loose * math.sqrt(style.loose)


def _size(style: Style, spot: Spot, rng: random.Random, *, strong: bool) -> int:
    """The total to bet or raise to."""
    if spot.limit:
        return spot.min_to
    pot_after_call = spot.pot + spot.owed
    shove = (strong and rng.random() < style.shoves) or spot.remaining <= 0.6 * pot_after_call
    if shove:
        return spot.max_to
    fraction = rng.choice((0.5, 0.66, 0.75, 1.0, 1.0 if strong else 0.5))
    target = spot.current_bet + int(fraction * pot_after_call)
    target -= target % spot.unit
    return max(spot.min_to, min(target, spot.max_to))
