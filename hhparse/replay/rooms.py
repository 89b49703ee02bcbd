"""What the replayer must know of rooms whose rules or logs differ from PokerStars'.

The replayer's defaults are PokerStars': every uncalled bet, reshuffle and dead blind has
its line, split pots are paid per player, stud raises go up by whole bets. A room that
deals by another rule, or whose log leaves out lines, has a :class:`RoomRules` record here,
under the site name of its parser. Parsers only read; this is judging knowledge.

The summary of some rooms prints each seat's net and final stack (KingsClub):
:func:`check_printed_nets` holds our nets to them, whatever the room.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from hhparse.frozen import Record
from hhparse.records import POST_SB
from hhparse.replay.result import PlayerResult, PotResult
from hhparse.variants import ShortAllIn

if TYPE_CHECKING:
    from hhparse.replay.engine import Replay


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomRules:
    prints_uncalled_returns: bool = True
    """False: the log never says ``Uncalled bet returned``; the replayer returns it."""
    prints_reshuffles: bool = True
    """False: the log never says the deck is reshuffled; it is, when the stub runs out."""
    prints_dead_blinds: bool = True
    """False: a player who missed the blinds pays a dead small blind with no line for it;
    his printed net shows it (:func:`charge_unprinted_dead_blinds`)."""
    pays_per_share: bool = False
    """Each half of a split pot and each run of a pot run twice is paid by its own line;
    each line is checked against the share it pays (:func:`check_shares`)."""
    stud_raise_from_bring_in: bool = False
    """3rd street: the first raise goes to the bring-in plus one small bet, whether or not
    the bring-in was completed first (KingsClub: bring-in 33.16, completion to 44, raise
    to 77.16, re-raise to 121.16)."""
    prints_winning_hands: bool = True
    """False: at a showdown the log may print a loser's cards and not the winner's (OnGame):
    a collector whose cards are not printed is awarded what he collects, with a warning
    (``winning_hand_not_printed``); his hand cannot be ranked."""
    heads_up_uncapped: bool = False
    """Fixed limit: no cap on the raises when two players are left (Robert's Rules; Merge
    deals six raises heads-up). Else the variant's policy decides."""
    collects_include_uncalled: bool = False
    """With ``prints_uncalled_returns`` False: the winner's collection includes the uncalled
    bet he gets back (Merge: a folded-to bet comes back inside the winner's amount)."""
    prints_pot_and_rake: bool = True
    """False: no total pot and no rake are printed (Merge): the pot is what the players put
    in, the rake what it holds beyond what they collect (never below zero)."""
    limit_short_all_in: ShortAllIn = ShortAllIn.LEVEL_STAYS
    """Fixed limit after an all-in for less than a full step (RULES.md): PokerStars keeps
    the betting level; TDA/Robert's rooms count half a step or more as a full bet. A user's
    :attr:`~hhparse.variants.Policies.limit_short_all_in` overrides it."""


KINGSCLUB: Final = RoomRules(
    prints_uncalled_returns=False,
    prints_reshuffles=False,
    prints_dead_blinds=False,
    pays_per_share=True,
    stud_raise_from_bring_in=True,
)

MERGE: Final = RoomRules(
    heads_up_uncapped=True,
    prints_uncalled_returns=False,
    collects_include_uncalled=True,
    prints_pot_and_rake=False,
    # a 7th-street all-in of 185 over a 400 bet (step 200) let the next raise go to 785
    limit_short_all_in=ShortAllIn.HALF_BET_IS_FULL,
)

BOSS: Final = RoomRules(
    # No uncalled-bet element exists: hand 2692984519 (Opoker sample) has a 4.00 bet folded
    # to after the draw, and SHOWDOWN POT 7.75 + RAKE 0.25 = 8.00 is the pot without it; the
    # winner's WIN (7.75) does not hold it either.
    prints_uncalled_returns=False,
    # R5-81962116-235: a showdown of four whose summary prints one loser's pair of queens
    # and not the hand of velabianca, who collects the pot
    prints_winning_hands=False,
)

PARTYPOKER: Final = RoomRules(
    # Hand 10399817763 (7 stud $0.50/$1): Player8's river bet of $1 is folded to and no line
    # returns it; his ``wins $13.20 USD`` holds it (the pot of 12.80 less 0.60 rake, plus 1.00).
    prints_uncalled_returns=False,
    collects_include_uncalled=True,
    # No pot, rake or summary line is ever printed: the hand ends at its ``wins`` lines.
    prints_pot_and_rake=False,
)

ONGAME: Final = RoomRules(
    # No uncalled-bet line exists: hand R5-192626403-203 (PL five-card draw) has Player0's
    # $5 bet after the draw folded to; "Main pot: $11" is the pot without it, and his
    # collection ($10.45) + rake ($0.55) = $11 does not hold it either (net +$5.45).
    prints_uncalled_returns=False,
    # R5-81962116-235: a showdown of four whose summary prints one loser's pair of queens
    # and not the hand of velabianca, who collects the pot
    prints_winning_hands=False,
)

EVERLEAF: Final = RoomRules(
    # No uncalled-bet line exists, and the win does not hold it: hand 285999807 (7 stud
    # $0.05/$0.10) has Player3's $0.02 bring-in folded to and "Player3 wins $ 0.02 USD" (the
    # two antes); his stack goes from $2.62 to $2.63 in the next hand.
    prints_uncalled_returns=False,
    # No pot, rake or summary line is ever printed: the hand ends at its ``wins`` lines.
    prints_pot_and_rake=False,
)

IPOKER: Final = RoomRules(
    # Hand 2418630592 (7 stud $0.05/$0.10): komanchi7's 5th-street bet of $0.10 is folded to
    # and nothing returns it; his win="$0.43" holds it (0.44 put in, 0.01 rake). Results are
    # only the players' win attributes: no pot, rake, uncalled bet or summary is printed.
    prints_uncalled_returns=False,
    collects_include_uncalled=True,
    prints_pot_and_rake=False,
)

BOVADA: Final = RoomRules(
    # Hand 2844383701 (7 stud hi/lo $5/$10, 2014) prints "Total Pot($150)" and no rake, yet
    # its two "Hand result $73.50" lines pay 147: a rake of $3 is taken, not printed. The
    # reader keeps such a pot as a note and leaves it unset: the replayer derives pot and rake
    # (hands that print "| Rake ($0.02)", and tournaments, keep their printed pot).
    prints_pot_and_rake=False,
)

ROOMS: Final[dict[str, RoomRules]] = {"boss": BOSS, "kingsclub": KINGSCLUB, "merge": MERGE,
                                      "partypoker": PARTYPOKER, "ongame": ONGAME,
                                      "everleaf": EVERLEAF,
                                      "ipoker": IPOKER,
                                      "bovada": BOVADA}
DEFAULT: Final = RoomRules()


def room_rules(site: str) -> RoomRules:
    return ROOMS.get(site, DEFAULT)


def return_uncalled_bet(r: Replay) -> None:
    """The room prints no uncalled bet: give back what the top bettor put in beyond what
    anyone else could match (dead blinds left out, as ``on_uncalled`` does)."""
    if r.room.prints_uncalled_returns or r.uncalled or len(r.players) < 2:
        return
    bets = sorted(r.players.values(), key=lambda p: p.contributed - p.dead_blinds,
                  reverse=True)
    top, second = bets[0], bets[1]
    excess = (top.contributed - top.dead_blinds) - (second.contributed - second.dead_blinds)
    if excess <= 0:
        return
    top.contributed -= excess
    top.remaining += excess
    r.uncalled[top.name] = excess
    if r.room.collects_include_uncalled and top.collected >= excess:
        top.collected -= excess


def derive_pot_and_rake(r: Replay) -> None:
    """The room prints no pot and no rake: the pot is what the players put in, the rake
    what is left of it after the collections; collections beyond the pot are an error."""
    if r.room.prints_pot_and_rake or r.hand.summary.total_pot is not None:
        return
    contributed = sum(p.contributed for p in r.players.values())
    collected = sum(p.collected for p in r.players.values())
    if collected > contributed:
        r.log.error(
            "collected_mismatch", r.hand.summary.line,
            f"{r.money(collected)} collected, but the players put in {r.money(contributed)}",
        )
    summary = replace(r.hand.summary, total_pot=contributed,
                      rake=max(contributed - collected, 0))
    r.hand = replace(r.hand, summary=summary)


def charge_unprinted_dead_blinds(r: Replay) -> None:
    """The room takes a dead small blind from a player who missed the blinds and prints no
    line for it: when a seat's printed net (and stack) says the player paid exactly one
    small blind more than his lines show, he paid it, and a warning says so."""
    small = _small_blind(r)
    if r.room.prints_dead_blinds or not small:
        return
    posted_small = {a.player for a in r.hand.actions if a.kind is POST_SB}
    for seat in r.hand.summary.seats:
        player = r.players.get(seat.player)
        if player is None or seat.net is None or player.name in posted_small:
            continue
        read = player.collected - player.contributed
        stack_agrees = seat.stack is None or seat.stack - player.stack == seat.net
        if read - seat.net != small or not stack_agrees:
            continue
        player.contributed += small
        player.remaining -= small
        player.dead_blinds += small
        r.dead_money += small
        r.log.warning(
            "dead_blind_not_printed", seat.line,
            f"{player.name} paid {r.money(small)} more than his lines show (printed net "
            f"{r.money(seat.net)}, read {r.money(read)}): the dead small blind of a player "
            "who missed the blinds, which the log does not print",
        )


def _small_blind(r: Replay) -> int:
    posted = [a.amount for a in r.hand.actions if a.kind is POST_SB and not a.all_in]
    if posted:
        return posted[0]
    stakes = r.hand.stakes
    return stakes.small_blind or (stakes.small_bet or 0) // 2


def check_printed_nets(r: Replay, players: Sequence[PlayerResult]) -> None:
    """Each seat's net and final stack as the summary prints them must be ours."""
    ours = {p.player: p for p in players}
    for seat in r.hand.summary.seats:
        if seat.net is None:
            continue
        mine = ours.get(seat.player)
        if mine is None:
            r.log.error("printed_net_mismatch", seat.line,
                        f"the summary gives a net to {seat.player!r}, who is not seated")
        elif mine.net != seat.net:
            r.log.error(
                "printed_net_mismatch", seat.line,
                f"{seat.player}'s net is printed as {r.money(seat.net)}; the hand's lines "
                f"give {r.money(mine.net)} (put in {r.money(mine.contributed)}, collected "
                f"{r.money(mine.collected)})",
            )
        elif seat.stack is not None and mine.starting_stack + mine.net != seat.stack:
            r.log.error(
                "printed_stack_mismatch", seat.line,
                f"{seat.player} ends with {r.money(seat.stack)} printed; from "
                f"{r.money(mine.starting_stack)} and a net of {r.money(mine.net)} it is "
                f"{r.money(mine.starting_stack + mine.net)}",
            )


@dataclass(init=False, slots=True, unsafe_hash=True)
class Share(Record):
    """One run's half (or whole) of one pot, as the replayer awards it (a record: one or
    more per hand)."""

    run: Final[int]
    label: Final[str]
    """``the badugi half``, ``run 2``, ``run 1's low half`` ... (for messages)."""
    pot: Final[PotResult]

    def __init__(self, *, run: int, label: str, pot: PotResult) -> None:
        self.run = run
        self.label = label
        self.pot = pot


def check_shares(r: Replay, shares: Sequence[Share]) -> None:
    """Each collection line pays one share (a half, a run), or all of the player's shares
    of one pot, or all of his shares: anything else is a ``share_mismatch``."""
    if not r.room.pays_per_share:
        return
    for name in dict.fromkeys(action.player for action in r.collects):
        owed = [(share, value) for share in shares
                for winner, value in zip(share.pot.winners, share.pot.won, strict=True)
                if winner == name]
        for line in (action for action in r.collects if action.player == name):
            owed = _pay(r, line.line, name, line.amount, line.pot, owed)


def _pay(r: Replay, line: int, name: str, amount: int, pot: str,
         owed: list[tuple[Share, int]]) -> list[tuple[Share, int]]:
    """The shares still owed to ``name`` once this line is paid (error if it pays none)."""
    index = _pot_index(pot)
    here = [item for item in owed if index is None or item[0].pot.index == index]
    for item in here:
        if abs(item[1] - amount) <= 1:
            return [other for other in owed if other is not item]
    for group in (here, owed):
        if group and abs(sum(value for _, value in group) - amount) <= len(group):
            return [other for other in owed if not any(other is item for item in group)]
    wanted = "; ".join(f"{share.label} of pot {share.pot.index}, {r.money(value)}"
                       for share, value in here) or "none"
    r.log.error(
        "share_mismatch", line,
        f"{name} collects {r.money(amount)} from {pot or 'the pot'}; each line pays one "
        f"share (a half, a run), and {name}'s shares there are: {wanted}",
    )
    return owed


def _pot_index(pot: str) -> int | None:
    """``pot``/``main pot`` -> 0; ``side pot 2``/``side pot-2`` -> 2; else None."""
    lowered = pot.lower()
    if lowered in ("pot", "main pot"):
        return 0
    number = lowered.removeprefix("side pot").strip(" -")
    return int(number) if number.isdigit() else None
