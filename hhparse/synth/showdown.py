"""The showdown: pots and side pots, who shows or mucks, who collects what.

Pots are built from what each player put in (main pot, then a side pot at each all-in
level), each goes to the best eligible hand(s) by the variant's rankings and split
(the project's evaluators decide), the rake comes off the main pot first, equal hands
split equally with the odd chip to the first winner clockwise (split games: to the half
the room's rule names). Players show in turn from the last aggressor; a player who
cannot win anything mucks (all-in hands are always shown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from hhparse.cards import Card
from hhparse.evaluators import RANKINGS, Evaluation, EvaluationError
from hhparse.synth.betting import Player
from hhparse.synth.events import E
from hhparse.variants import OddChip, PotSplit, Variant

if TYPE_CHECKING:
    from hhparse.synth.engine import Hand


class Pot(NamedTuple):
    amount: int
    eligible: tuple[Player, ...]


def build_pots(players: list[Player]) -> list[Pot]:
    """Main pot first, then side pots (the replayer's construction). Dead blinds are no
    part of a player's bets: they go to the main pot and leave the levels alone."""
    bets = {p.name: p.contributed - p.dead for p in players}
    contenders = [p for p in players if not p.folded]
    levels = sorted({bets[p.name] for p in contenders if p.all_in}
                    | {max((bets[p.name] for p in contenders), default=0)})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(bets[p.name], level) - min(bets[p.name], previous) for p in players)
        if not pots:
            amount += sum(p.dead for p in players)
        eligible = tuple(p for p in contenders if bets[p.name] >= level)
        if amount > 0:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        previous = level
    leftover = sum(p.contributed for p in players) - sum(pot.amount for pot in pots)
    if leftover and pots:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return pots


Values = tuple[Evaluation | None, ...]


def evaluate(variant: Variant, cards: list[Card]) -> Values:
    """One evaluation per ranking (None: an 8-or-better low that does not qualify)."""
    values: list[Evaluation | None] = []
    for ranking_id in variant.rankings:
        ranking = RANKINGS[ranking_id]
        try:
            evaluation: Evaluation | None = ranking.evaluate(cards)
        except EvaluationError:
            evaluation = None
        if evaluation is not None and ranking.qualifies and not ranking.qualifies(
            evaluation.value
        ):
            evaluation = None
        values.append(evaluation)
    return tuple(values)


def describe(variant: Variant, values: Values) -> str:
    if variant.split is PotSplit.HI_LO_EIGHT:
        high, low = values
        text = f"HI: {high.description}" if high else ""
        return f"{text}; LO: {low.description.removeprefix('Lo: ')}" if low else text
    return "; ".join(value.description for value in values if value is not None)


def _best(players: tuple[Player, ...], values: dict[str, Values], half: int) -> list[Player]:
    scored = [(value.value, p) for p in players if (value := values[p.name][half]) is not None]
    if not scored:
        return []
    top = max(score for score, _ in scored)
    return [p for score, p in scored if score == top]


def award(variant: Variant, pot: Pot, values: dict[str, Values]) -> list[list[Player]]:
    """The winners of each half of one pot (one list: the pot is not split in halves)."""
    if len(pot.eligible) == 1:
        return [list(pot.eligible)]
    if variant.split is PotSplit.SINGLE:
        return [_best(pot.eligible, values, 0)]
    high = _best(pot.eligible, values, 0)
    low = _best(pot.eligible, values, 1)
    if not low:
        return [high]
    return [high, low]


def divide(amount: int, parts: int, odd_to_last: bool = False) -> list[int]:
    share, odd = divmod(amount, parts)
    shares = [share + (1 if place < odd else 0) for place in range(parts)]
    return shares[::-1] if odd_to_last else shares


def pot_names(count: int) -> list[str]:
    if count == 1:
        return ["pot"]
    if count == 2:
        return ["main pot", "side pot"]
    return ["main pot", *(f"side pot-{index}" for index in range(1, count))]


def settle(hand: Hand, rake: int) -> None:
    result = hand.result
    variant = hand.variant
    board = result.board
    contenders = hand.active()
    values = {p.name: evaluate(variant, p.cards + board) for p in contenders}
    pots = build_pots(hand.players)
    paid: list[int] = []
    left = rake
    for pot in pots:
        taken = min(left, pot.amount)
        left -= taken
        paid.append(pot.amount - taken)
    result.pots = paid
    odd_to_low = variant.policies.odd_chip is OddChip.LOWBALL_HALF
    won: list[dict[str, int]] = []
    halves_won: list[list[list[Player]]] = []
    for pot, amount in zip(pots, paid, strict=True):
        halves = award(variant, pot, values)
        halves_won.append(halves)
        shares: dict[str, int] = {}
        for winners, half_amount in zip(halves, divide(amount, len(halves), odd_to_low),
                                        strict=True):
            for player, value in zip(winners, divide(half_amount, len(winners)), strict=True):
                shares[player.name] = shares.get(player.name, 0) + value
        won.append(shares)
        if len(shares) > 1:
            result.split_pot = True
    _show_or_muck(hand, pots, values)
    names = pot_names(len(pots))
    collected: dict[str, int] = {}
    for index in range(len(pots) - 1, -1, -1):
        for name, amount in won[index].items():
            if amount:
                hand.emit(E.COLLECT, name, amount, text=names[index])
                collected[name] = collected.get(name, 0) + amount
    result.collected = collected


def _show_or_muck(hand: Hand, pots: list[Pot], values: dict[str, Values]) -> None:
    result = hand.result
    variant = hand.variant
    contenders = hand.active()
    aggressor = hand.last_aggressor
    first = contenders.index(aggressor) if aggressor in contenders else 0
    sequence = contenders[first:] + contenders[:first]
    halves = len(variant.rankings)
    best_shown: list[list[int | None]] = [[None] * halves for _ in pots]
    for position, player in enumerate(sequence):
        mine = values[player.name]
        could_win = False
        for index, pot in enumerate(pots):
            if player not in pot.eligible or len(pot.eligible) == 1:
                continue
            for half in range(halves):
                value = mine[half]
                shown = best_shown[index][half]
                if value is not None and (shown is None or value.value >= shown):
                    could_win = True
        if position == 0 or player.all_in or could_win or hand.rng.random() < 0.12:
            hand.emit(E.SHOW, player.name, cards=tuple(player.cards),
                      text=describe(variant, mine))
            result.shown[player.name] = describe(variant, mine)
            for index, pot in enumerate(pots):
                if player in pot.eligible:
                    for half in range(halves):
                        value = mine[half]
                        shown = best_shown[index][half]
                        if value is not None and (shown is None or value.value > shown):
                            best_shown[index][half] = value.value
        else:
            hand.emit(E.MUCK, player.name)
