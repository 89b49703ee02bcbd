"""Pots, winners and money: who should have collected what, checked against the log.

Pots are built from the contributions (main pot, then a side pot at each all-in level);
each goes to the best eligible hand(s) shown, with the variant's split (hi/lo 8-or-better,
badugi + lowball halves). Split pots split equally; the odd chip follows the room's rule,
and by default we trust the site's split within one minor unit per split.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from hhparse.cards import Card, distinct_bits, format_cards
from hhparse.evaluators import RANKINGS, Evaluation, EvaluationError
from hhparse.frozen import Record
from hhparse.replay.result import PotResult
from hhparse.replay.rooms import Share, check_shares
from hhparse.variants import PotSplit, Variant

if TYPE_CHECKING:
    from hhparse.replay.engine import Replay
    from hhparse.replay.state import PlayerState


@dataclass(init=False, slots=True, unsafe_hash=True)
class Pot(Record):
    amount: Final[int]
    eligible: Final[tuple[str, ...]]

    def __init__(self, amount: int, eligible: tuple[str, ...]) -> None:
        self.amount = amount
        self.eligible = eligible


def build_pots(players: Sequence[PlayerState]) -> list[Pot]:
    """Main pot first, then side pots, from what each player put in.

    Dead blinds are no part of a player's bets: they go to the main pot and leave the pot
    levels alone."""
    # Lists in the players' order, not dicts by name: one look-up less per player and level.
    bets = [p.contributed - p.dead_blinds for p in players]
    in_hand = [p.in_hand for p in players]
    top = 0
    first = True
    all_in_levels: set[int] = set()
    for index, player in enumerate(players):
        if in_hand[index]:
            bet = bets[index]
            if first or bet > top:
                top = bet
                first = False
            if player.all_in:
                all_in_levels.add(bet)
    all_in_levels.add(top)
    levels = sorted(all_in_levels)
    pots: list[Pot] = []
    previous = 0
    dead = 0
    contributed = 0
    for player in players:
        dead += player.dead_blinds
        contributed += player.contributed
    for level in levels:
        amount = dead if not pots else 0
        for bet in bets:
            amount += min(bet, level) - min(bet, previous)
        eligible = tuple([players[index].name for index in range(len(players))
                          if in_hand[index] and bets[index] >= level])
        if amount > 0:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        previous = level
    leftover = contributed - sum([pot.amount for pot in pots])
    if leftover and pots:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return pots


def evaluate_hand(variant: Variant, cards: Sequence[Card]) -> tuple[Evaluation | None, ...]:
    """One evaluation per ranking of the variant (None: the hand cannot be evaluated,
    or does not qualify for an 8-or-better low). The tuple may be shared: it is never
    copied."""
    mask = distinct_bits(cards)
    if mask < 0:  # a card repeated: not remembered under its set
        return _evaluate(variant.rankings, cards)
    remembered = _REMEMBERED.get(variant.rankings)
    if remembered is None:
        remembered = _REMEMBERED[variant.rankings] = {}
    found = remembered.get(mask)
    if found is None:
        if len(remembered) >= _REMEMBERED_PER_RANKINGS:
            remembered.clear()
        found = remembered[mask] = _evaluate(variant.rankings, cards)
    return found


_REMEMBERED: Final[dict[tuple[str, ...], dict[int, tuple[Evaluation | None, ...]]]] = {}
"""Evaluations by the rankings and the set of cards (the OR of their bits: an integer,
hashed and compared far faster than a tuple of cards), for the rest of the hand: a hand
shown is evaluated for the pot and again as a player's final hand. Holdings of other hands
seldom come back (7-card ones almost never), so a few hundred are kept."""
_REMEMBERED_PER_RANKINGS: Final = 256


def _evaluate(rankings: tuple[str, ...], cards: Sequence[Card]) -> tuple[Evaluation | None, ...]:
    results: list[Evaluation | None] = []
    for ranking_id in rankings:
        ranking = RANKINGS[ranking_id]
        try:
            evaluation: Evaluation | None = ranking.evaluate(cards)
        except EvaluationError:
            evaluation = None
        if evaluation and ranking.qualifies and not ranking.qualifies(evaluation.value):
            evaluation = None
        results.append(evaluation)
    return tuple(results)


HALF_NAMES = {
    PotSplit.SINGLE: ("all",),
    PotSplit.HI_LO_EIGHT: ("high", "low"),
    PotSplit.BADUGI_AND_LOWBALL: ("badugi", "lowball"),
}


def settle(r: Replay) -> list[PotResult]:
    """Award every pot and check the collections, the summary and the balance."""
    players = list(r.players.values())
    pots = build_pots(players)
    contenders = [p for p in players if p.in_hand]
    evaluations = {
        p.name: evaluate_hand(r.variant, p.shown) for p in contenders if p.shown is not None
    }
    _check_shown_hands(r, evaluations)
    runs = [evaluations, *run_evaluations(r, contenders)]
    expected: dict[str, int] = {p.name: 0 for p in players}
    splits: dict[str, int] = {p.name: 0 for p in players}
    """How many split shares each player has: each may be off by the odd chip."""
    shares: list[Share] = []
    distributable = _after_rake(r, pots)
    # Index loops, not zip(..., strict=True): mypyc compiles a plain loop, but a zip with a
    # keyword is a call through Python (each list below has its sequence's length).
    for index, pot in enumerate(pots):
        run_amounts = _divide(distributable[index], len(runs))
        for run_index, run_evaluations_ in enumerate(runs):
            run = run_index + 1
            awards = _award(r, pot, run_evaluations_)
            half_amounts = _divide(run_amounts[run_index], len(awards))
            for award_index, (half, winners) in enumerate(awards):
                half_amount = half_amounts[award_index]
                won = _divide(half_amount, len(winners))
                for winner_index, name in enumerate(winners):
                    value = won[winner_index]
                    expected[name] += value
                    if len(winners) > 1 or len(awards) > 1 or len(runs) > 1:
                        splits[name] += 1
                shares.append(Share(run=run, label=_share_label(run, half, len(runs)),
                                    pot=PotResult(
                    index=index, half=half, amount=half_amount, eligible=pot.eligible,
                    winners=tuple(winners), won=tuple(won),
                )))
    check_shares(r, shares)
    _check_collections(r, expected, splits)
    _check_summary(r, pots)
    return merge_runs([share.pot for share in shares])


def _share_label(run: int, half: str, runs: int) -> str:
    part = "the whole" if half == "all" else f"the {half} half"
    return part if runs == 1 else f"run {run}: {part}"


def run_evaluations(
    r: Replay, contenders: Sequence[PlayerState]
) -> list[dict[str, tuple[Evaluation | None, ...]]]:
    """Run it twice: each later run's shown hands (a player's run hand, else the hand he
    showed, which then holds for every run). Within a run no card may be held twice."""
    evaluated: list[dict[str, tuple[Evaluation | None, ...]]] = []
    for run in range(2, r.hand.runs + 1):
        shown = {h.player: h for h in r.hand.run_hands if h.run == run and h.shown}
        dealt = {h.player: h for h in r.hand.run_hands if h.run == run and not h.shown}
        hands: dict[str, tuple[Card, ...]] = {}
        for player in contenders:
            name = player.name
            if name in shown and name in dealt and \
                    sorted(shown[name].cards) != sorted(dealt[name].cards):
                r.log.error(
                    "shown_cards_mismatch", shown[name].line,
                    f"{name} shows {format_cards(shown[name].cards)} in run {run} but was "
                    f"dealt {format_cards(dealt[name].cards)} in it",
                )
            if name in shown:
                hands[name] = shown[name].cards
            elif player.shown is not None:
                hands[name] = dealt[name].cards if name in dealt else player.shown
        _check_run_cards(r, run, hands)
        evaluated.append({name: evaluate_hand(r.variant, cards) for name, cards in hands.items()})
    return evaluated


def _check_run_cards(r: Replay, run: int, hands: dict[str, tuple[Card, ...]]) -> None:
    holder: dict[Card, str] = {}
    for name, cards in hands.items():
        for card in cards:
            if holder.setdefault(card, name) != name:
                line = next((h.line for h in r.hand.run_hands if h.run == run), 0)
                r.log.error("duplicate_card", line,
                            f"{card} is in both {holder[card]}'s and {name}'s hand in run {run}")


def merge_runs(pots: list[PotResult]) -> list[PotResult]:
    """One row per pot and half: the runs of a pot run twice are added together."""
    merged: dict[tuple[int, str], PotResult] = {}
    for pot in pots:
        key = (pot.index, pot.half)
        earlier = merged.get(key)
        if earlier is None:
            merged[key] = pot
            continue
        won = dict(zip(earlier.winners, earlier.won, strict=True))
        for name, value in zip(pot.winners, pot.won, strict=True):
            won[name] = won.get(name, 0) + value
        merged[key] = PotResult(index=pot.index, half=pot.half,
                                amount=earlier.amount + pot.amount, eligible=pot.eligible,
                                winners=tuple(won), won=tuple(won.values()))
    return list(merged.values())


def _divide(amount: int, parts: int) -> list[int]:
    """Equal shares in minor units; the odd chips go to the first shares."""
    share, odd = divmod(amount, parts)
    return [share + (1 if place < odd else 0) for place in range(parts)]


def _after_rake(r: Replay, pots: list[Pot]) -> list[int]:
    """What each pot pays out. The site prints each pot after its share of the rake; when
    those printed pots are consistent we use them, else the rake comes off the main pot."""
    summary = r.hand.summary
    rake = summary.rake or 0
    printed = _printed_pots(r)
    if summary.pots_after_rake and len(printed) == len(pots) and _printed_pots_consistent(
        printed, pots, rake
    ):
        return printed
    paid = []
    for pot in pots:
        taken = min(rake, pot.amount)
        rake -= taken
        paid.append(pot.amount - taken)
    return paid


def _printed_pots(r: Replay) -> list[int]:
    summary = r.hand.summary
    if not summary.side_pots:
        return []
    return [summary.main_pot or 0, *summary.side_pots]


def _printed_pots_consistent(printed: list[int], pots: list[Pot], rake: int) -> bool:
    if len(printed) != len(pots):
        return False
    takes = [pot.amount - shown for pot, shown in zip(pots, printed, strict=True)]
    return all(0 <= take <= rake for take in takes) and sum(takes) == rake


def _award(
    r: Replay, pot: Pot, evaluations: dict[str, tuple[Evaluation | None, ...]]
) -> list[tuple[str, list[str]]]:
    """(half, winners) for one pot; the halves share it equally."""
    halves = HALF_NAMES[r.variant.split]
    if len(pot.eligible) == 1:
        return [("all", list(pot.eligible))]
    shown = [name for name in pot.eligible if name in evaluations]
    if not shown:
        return [("all", _collectors(r, pot))]
    unshown = _unshown_collectors(r, pot, evaluations)
    if unshown:
        return [("all", unshown)]
    if not any(any(e is not None for e in evaluations[name]) for name in shown):
        return [("all", _collectors(r, pot))]  # nothing rankable: shown_hand_invalid says so
    high_winners = _best(shown, evaluations, 0)
    if len(halves) == 1:
        return [(halves[0], high_winners)]
    low_winners = _best(shown, evaluations, 1)
    if not low_winners:  # hi/lo: no qualifying low, the high hand scoops
        return [("high", high_winners)]
    if not high_winners:  # no shown hand ranks for it (shown_hand_invalid): as paid
        high_winners = _collectors(r, pot)
    return [(halves[0], high_winners), (halves[1], low_winners)]


def _best(names: list[str], evaluations: dict[str, tuple[Evaluation | None, ...]],
          position: int) -> list[str]:
    valued = [(evaluations[name][position], name) for name in names]
    scored = [(e.value, name) for e, name in valued if e is not None]
    if not scored:
        return []
    top = max(value for value, _ in scored)
    return [name for value, name in scored if value == top]


def _unshown_collectors(r: Replay, pot: Pot,
                        evaluations: dict[str, tuple[Evaluation | None, ...]]) -> list[str]:
    """A room that may leave the winner's cards out: the collectors of this pot whose cards
    were not printed (the pot is theirs, as the site paid it; a warning says so)."""
    if r.room.prints_winning_hands:
        return []
    unshown = [name for name in pot.eligible
               if name not in evaluations and r.players[name].collected > 0]
    if unshown:
        line = next((a.line for a in r.collects if a.player in unshown), r.hand.summary.line)
        r.log.warning(
            "winning_hand_not_printed", line,
            f"{', '.join(unshown)} collect(s) at the showdown, but the log does not print "
            "their cards: the pot is awarded as the site paid it",
        )
    return unshown


def _collectors(r: Replay, pot: Pot) -> list[str]:
    """Nobody eligible showed: the site's collectors are the only evidence."""
    names = [name for name in pot.eligible if r.players[name].collected > 0]
    return names or list(pot.eligible)


def _check_shown_hands(r: Replay, evaluations: dict[str, tuple[Evaluation | None, ...]]) -> None:
    """A shown hand that a ranking of the variant cannot read (wrong number of cards: in
    badacey six cards rank as an A-5 low but not as a badugi). Not in hi/lo, where a low
    that does not qualify is None too."""
    if r.variant.split is PotSplit.HI_LO_EIGHT:
        return
    for name, results in evaluations.items():
        if any(result is None for result in results):
            shown = r.players[name].shown or ()
            r.log.error(
                "shown_hand_invalid", r.players[name].shown_line,
                f"{name} shows {len(shown)} card(s), which {r.variant.name} cannot rank",
            )


def _check_collections(r: Replay, expected: dict[str, int],
                       splits: dict[str, int]) -> None:
    collect_line = {action.player: action.line for action in reversed(r.collects)}
    overpaid = [
        collect_line[name] for name, should in expected.items()
        if name in collect_line and r.players[name].collected - should > splits[name]
    ]
    fallback = overpaid[0] if overpaid else (
        r.collects[0].line if r.collects else r.hand.summary.line
    )
    amounts_add_up = sum(p.collected for p in r.players.values()) + (
        r.hand.summary.rake or 0
    ) == r.hand.summary.total_pot
    for name, should in expected.items():
        got = r.players[name].collected
        if abs(got - should) <= splits[name]:
            continue
        # a player paid too little points at the collection that took his money
        line = fallback if got < should and overpaid else collect_line.get(name, fallback)
        if should == 0:
            r.log.error(
                "wrong_winner", line,
                f"{name} collects {r.money(got)} but has no winning hand for any pot",
            )
        elif got == 0:
            r.log.error(
                "wrong_winner", line,
                f"{name} should win {r.money(round(should))} but collects nothing",
            )
        elif amounts_add_up:  # otherwise collected_mismatch says what is wrong
            r.log.error(
                "collected_amount", line,
                f"{name} collects {r.money(got)}; his share is {r.money(round(should))}",
            )


def _check_summary(r: Replay, pots: list[Pot]) -> None:
    summary = r.hand.summary
    line = summary.line
    contributed = sum(p.contributed for p in r.players.values())
    collected = sum(p.collected for p in r.players.values())
    rake = summary.rake or 0
    if summary.total_pot is None:
        r.log.error(
            "hand_incomplete", r.hand.source.line,
            "the hand has no summary (no 'Total pot' line): it is cut off",
        )
        return
    if summary.total_pot != contributed:
        r.log.error(
            "pot_mismatch", line,
            f"total pot {r.money(summary.total_pot)}, but the players put in "
            f"{r.money(contributed)}",
        )
    if collected + rake != summary.total_pot:
        r.log.error(
            "collected_mismatch", line,
            f"{r.money(collected)} collected + {r.money(rake)} rake != total pot "
            f"{r.money(summary.total_pot)}",
        )
    printed = _printed_pots(r)
    computed = [pot.amount for pot in pots]
    if not summary.pots_after_rake:
        if printed and printed != computed:
            r.log.error(
                "side_pot_mismatch", line,
                f"pots printed {', '.join(r.money(a) for a in printed)} (before the rake); "
                f"from the contributions {', '.join(r.money(a) for a in computed)}",
            )
    elif printed and not _printed_pots_consistent(printed, pots, rake):
        r.log.error(
            "side_pot_mismatch", line,
            f"pots printed {', '.join(r.money(a) for a in printed)} (after a rake of "
            f"{r.money(rake)}); from the contributions {', '.join(r.money(a) for a in computed)}",
        )
