"""The players' and draws' facts of one hand, worked out from its replayed records while its
frame rows are built (:mod:`hhparse.store.frames`), so that the ingest's single writer only
appends complete rows.

The definitions are those of the store's SQL (``sql/store/derive_draw_facts.sql`` and
``derive_player_facts.sql``, which derive the same columns for rows already stored; the
README's database section defines each column), step by step, NULLs included: each
function names the SQL step it follows. ``tests/test_store_facts_in_workers.py`` checks that
both give the same rows over the corpus and generated hands of every variant
(``benchmarks/facts_equal.py`` over 100,000).

Why here and not in polars over a batch's frames (as before): planning that query took a
fixed ~19 ms a task, then ~17 us a draw hand and ~30 a Razz hand (tasks of 2,750 hands);
these passes over a hand's records take ~6 us a hand, compiled (~11 with their columns'
way into the frames), and a 1-worker ingest's peak fell by ~35 MB.
"""

from __future__ import annotations

from typing import Final

from hhparse.cards import RANK_CHARS
from hhparse.columns import CARD_TEXT
from hhparse.records import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    DEALT,
    DISCARD,
    FOLD,
    RAISE,
    STAND_PAT,
    Action,
    Kind,
)
from hhparse.replay.result import DrawResult, PlayerResult
from hhparse.variants import BY_ID

DrawFacts = tuple[bool, bool, bool, str | None, str | None]
"""pat_since_deal, pat_at_previous, pat_to_end, holding, made_class."""
PlayerFacts = tuple[bool, bool, bool, bool, int, int, bool, int | None, int | None,
                    str | None, str | None, bool, bool, bool, bool, bool]
"""vpip, first_round_raise, three_bet_chance, three_bet, calls, aggressive_actions,
saw_second_round, last_draw_discarded, pat_from_draw, door_card, third_street_action,
brought_in, first_in, steal_chance, bring_in_defence_chance, bring_in_defended."""

DRAW_FACT_COLUMNS: Final = ("pat_since_deal", "pat_at_previous", "pat_to_end", "holding",
                            "made_class")
PLAYER_FACT_COLUMNS: Final = (
    "vpip", "first_round_raise", "three_bet_chance", "three_bet", "calls",
    "aggressive_actions", "saw_second_round", "last_draw_discarded", "pat_from_draw",
    "door_card", "third_street_action", "brought_in", "first_in", "steal_chance",
    "bring_in_defence_chance", "bring_in_defended",
)

LAST_DRAW: Final = {id: v.draws.count for id, v in BY_ID.items() if v.draws is not None}
"""Each draw game's last draw round (the SQL's: 1 for the single-draw games, else 3)."""
STUD: Final = frozenset(id for id, v in BY_ID.items() if v.is_stud)

HIGH_RANKS: Final = RANK_CHARS
"""Rank r of a card (the SQL's ``instr`` of its rank here): deuce 1 .. ace 13."""
LOW_RANKS: Final = RANK_CHARS[-1] + RANK_CHARS[:-1]
"""Low rank l: ace 1 .. king 13."""

_STEAL_SEATS: Final = frozenset({"CO", "BTN", "SB"})
_PAIRINGS: Final = {6: "four of a kind", 4: "full house", 3: "three of a kind",
                    2: "two pair", 1: "pair"}
_KEPT_PAIRINGS: Final = {6: "four of a kind", 3: "three of a kind", 2: "two pair", 1: "pair"}
_DEUCE_TO_SEVEN: Final = frozenset({"27_single_draw", "27_triple_draw"})
_ACE_TO_FIVE: Final = frozenset({"a5_single_draw", "a5_triple_draw"})
_PAIR_INDEXES: Final = tuple((i, j) for i in range(5) for j in range(5) if i < j)


# Kinds are told apart by identity below, not by membership of a set: compiled, a kind is a
# static and ``is`` one compare, where ``in`` hashes it (~100 instructions each time).

def _entry(kind: Kind) -> bool:
    """call, bet, raise, complete."""
    return kind is CALL or _aggressive(kind)


def _aggressive(kind: Kind) -> bool:
    """bet, raise, complete."""
    return kind is BET or kind is RAISE or kind is COMPLETE


# --- draws ----------------------------------------------------------------------------------


def draw_facts(variant: str, draws: tuple[DrawResult, ...]) -> list[DrawFacts]:
    """pats, pat_facts and card_facts: each of the hand's draws rows' facts, in order."""
    pat_rounds: dict[str, int] = {}
    for draw in draws:
        if draw.discarded == 0 and draw.draw_round >= 1:
            pat_rounds[draw.player] = pat_rounds.get(draw.player, 0) | (
                1 << (draw.draw_round - 1))
    last = LAST_DRAW.get(variant, 3)
    facts: list[DrawFacts] = []
    for draw in draws:
        r = max(draw.draw_round, 1)  # draws are numbered from 1: a shift never goes negative
        rounds = pat_rounds.get(draw.player, 0)
        since_deal = (1 << r) - 1
        holding: str | None = None
        made: str | None = None
        if draw.discarded > 0 and draw.hand_before and draw.hand_after and draw.new_cards:
            holding, made = _card_facts(variant, draw)
        facts.append((
            rounds & since_deal == since_deal,
            r > 1 and (rounds >> (r - 2)) & 1 == 1,
            rounds >> (r - 1) == (1 << max(last - r + 1, 0)) - 1,
            holding,
            made,
        ))
    return facts


def _rank_char(text: str, place: int | None, suffix: str) -> str | None:
    """SQL's ``substr(text, place, 1) || suffix``: NULL for a NULL place."""
    if place is None:
        return None
    if 1 <= place <= len(text):
        return text[place - 1] + suffix
    return suffix


def _card_facts(variant: str, draw: DrawResult) -> tuple[str | None, str | None]:
    """cards, shapes, classes, card_facts: ``holding`` and ``made_class`` of a draw of known
    cards. The hand after the draw is read card by card up to five: card i (0-based) is
    there when ``i < n``; one it does not have (the fifth in Badugi) is NULL in every term,
    as in the SQL (a comparison with it NULL, a sum with it NULL, greatest and least skip
    it)."""
    after = draw.hand_after
    new_bits = 0
    for card in draw.new_cards:
        new_bits |= card.bit
    n = min(len(after), 5)
    r: list[int] = []  # deuce 1 .. ace 13
    low: list[int] = []  # ace 1 .. king 13
    s: list[int] = []
    k: list[bool] = []  # kept
    top: int | None = None
    bottom: int | None = None
    low_top: int | None = None
    for i in range(n):
        card = after[i]
        index = card.index
        high = (index >> 2) + 1
        lowest = 1 if high == 13 else high + 1
        r.append(high)
        low.append(lowest)
        s.append(index & 3)
        k.append(not card.bit & new_bits)
        if top is None or high > top:
            top = high
        if bottom is None or high < bottom:
            bottom = high
        if low_top is None or lowest > low_top:
            low_top = lowest
    same_rank: int | None = None
    if n == 5:
        same_rank = 0
        for i, j in _PAIR_INDEXES:
            if r[i] == r[j]:
                same_rank += 1
    suited: bool | None = None
    if n:
        suited = True if n == 5 else None
        for j in range(1, n):
            if s[j] != s[0]:
                suited = False
                break
    pairing = _PAIRINGS.get(same_rank) if same_rank is not None else None
    run = same_rank == 0 and top is not None and bottom is not None and top - bottom == 4
    deuce_to_seven = _first_of3(
        ("straight flush" if run and suited else "straight" if run
         else "flush" if suited else None),
        pairing, _rank_char(HIGH_RANKS, top, "-low"))
    ace_to_five = pairing if pairing is not None else _rank_char(LOW_RANKS, low_top, "-low")
    holding = _holding(variant, len(after) - draw.discarded, n, k, r, low, s)
    if variant in _DEUCE_TO_SEVEN:
        return holding, deuce_to_seven
    if variant in _ACE_TO_FIVE:
        return holding, ace_to_five
    if variant == "badugi":
        return holding, _badugi_class(n, r, s)
    if variant == "five_card_draw":
        wheel = n == 5 and top == 13 and sum(r) == 23
        straight = same_rank == 0 and top is not None and bottom is not None and (
            top - bottom == 4 or wheel)
        if straight:
            return holding, "straight flush" if suited else "straight"
        if same_rank == 4 or same_rank == 6:
            return holding, pairing
        if suited:
            return holding, "flush"
        return holding, pairing if pairing is not None else "high card"
    if variant == "badeucey":
        return holding, _joined(_badugi_class(n, r, s), deuce_to_seven)
    if variant == "badacey":
        return holding, _joined(_badugi_class(n, r, s), ace_to_five)
    return holding, None


def _first_of3(first: str | None, second: str | None, third: str | None) -> str | None:
    """SQL's ``coalesce`` of three."""
    if first is not None:
        return first
    return second if second is not None else third


def _joined(badugi: str, other: str | None) -> str | None:
    return None if other is None else f"{badugi} / {other}"


def _badugi_class(n: int, r: list[int], s: list[int]) -> str:
    """The biggest badugi of the cards: a group counts when every pair of it is of different
    ranks and suits (a pair with a missing card is NULL: it never counts)."""
    for size in (4, 3, 2):
        for group in _GROUPS[size]:
            if _all_unlike(group, n, r, s):
                return "4-card badugi" if size == 4 else f"{size}-card"
    return "1-card"


def _all_unlike(group: tuple[tuple[int, int], ...], n: int, r: list[int], s: list[int]
                ) -> bool:
    return all(j < n and r[i] != r[j] and s[i] != s[j] for i, j in group)


def _groups(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    from itertools import combinations

    return tuple(tuple(combinations(group, 2)) for group in combinations(range(5), size))


_GROUPS: Final = {size: _groups(size) for size in (2, 3, 4)}
"""For each badugi size, every group of that many of the five cards, as its pairs."""


def _kept_pairs(n: int, kept: list[bool], values: list[int]) -> int:
    """How many pairs of kept cards share a value: the pairs of the first four cards, then
    each of them with the fifth, each sum NULL -> 0 (the SQL's two coalesces). A term
    ``k_i AND k_j AND v_i = v_j`` is FALSE when a card there was not kept, else NULL when
    a card is missing."""
    first = fifth = 0
    first_unknown = fifth_unknown = False
    for i, j in _PAIR_INDEXES:
        if (i < n and not kept[i]) or (j < n and not kept[j]):
            continue
        if j >= n:
            if j == 4:
                fifth_unknown = True
            else:
                first_unknown = True
        elif values[i] == values[j]:
            if j == 4:
                fifth += 1
            else:
                first += 1
    return (0 if first_unknown else first) + (0 if fifth_unknown else fifth)


def _holding(variant: str, kept_count: int, n: int, kept: list[bool], r: list[int],
             low: list[int], s: list[int]) -> str | None:
    """card_facts.holding: what the kept cards are."""
    if kept_count == 0:
        return "nothing"
    same_rank = _kept_pairs(n, kept, r)
    kept_top: int | None = None
    kept_bottom: int | None = None
    low_top: int | None = None
    low_bottom: int | None = None
    for i in range(n):
        if kept[i]:
            if kept_top is None or r[i] > kept_top:
                kept_top = r[i]
            if kept_bottom is None or r[i] < kept_bottom:
                kept_bottom = r[i]
            if low_top is None or low[i] > low_top:
                low_top = low[i]
            if low_bottom is None or low[i] < low_bottom:
                low_bottom = low[i]
    if variant in _DEUCE_TO_SEVEN or variant == "badeucey":
        return _rank_char(HIGH_RANKS, kept_top, "-high") if same_rank == 0 else "paired"
    if variant in _ACE_TO_FIVE or variant == "badacey":
        return _rank_char(LOW_RANKS, low_top, "-high") if same_rank == 0 else "paired"
    if variant == "badugi":
        if same_rank == 0 and _kept_pairs(n, kept, s) == 0:
            return _rank_char(LOW_RANKS, low_top, "-high")
        return "broken"
    if variant == "five_card_draw":
        pairing = _KEPT_PAIRINGS.get(same_rank)
        if pairing is not None:
            return pairing
        if kept_count == 4 and _kept_pairs(n, kept, s) == 6:
            return "four to a flush"
        if kept_count == 4 and (
                (kept_top is not None and kept_bottom is not None
                 and kept_top - kept_bottom <= 4)
                or (low_top is not None and low_bottom is not None
                    and low_top - low_bottom <= 4)):
            return "four to a straight"
        return "no pair"
    return None


# --- players --------------------------------------------------------------------------------


def player_facts(variant: str, players_dealt: int, players: tuple[PlayerResult, ...],
                 actions: tuple[Action, ...], draws: tuple[DrawResult, ...],
                 draws_facts: list[DrawFacts]) -> list[PlayerFacts]:
    """derive_player_facts.sql: each of the hand's players rows' facts, in order.
    ``draws_facts``: :func:`draw_facts` of ``draws``."""
    lines = _PlayerLines()
    for action in actions:
        if action.player:
            lines.add(action)
    stud = variant in STUD
    spots = _three_bet_spots(actions)
    first_draw: set[str] = set()
    last_discarded: dict[str, int] = {}
    pat_from: dict[str, int] = {}
    last = LAST_DRAW.get(variant, 3)
    for number in range(len(draws)):
        draw = draws[number]
        facts = draws_facts[number]
        name = draw.player
        if draw.draw_round == 1:
            first_draw.add(name)
        if draw.draw_round == last:
            last_discarded[name] = draw.discarded
        if facts[2] and (name not in pat_from or draw.draw_round < pat_from[name]):
            pat_from[name] = draw.draw_round
    third = _ThirdStreet(variant, players_dealt, actions) if stud else None
    stealers = set() if stud else _draw_steal_spots(actions, players)
    rows: list[PlayerFacts] = []
    lines_of = lines.of
    for player in players:
        name = player.player
        line = lines_of.get(name)
        three_bet = spots.get(name) if spots else None
        door_card: str | None = None
        street_action: str | None = None
        brought_in = first_in = steal = defence_chance = defended = False
        if third is not None:
            up = third.doors.get(name)
            door_card = up[0] if up is not None else None
            spot = third.spots.get(name)
            if spot is not None:
                street_action, brought_in, first_in, steal = spot
            defence = third.defences.get(name)
            if defence is not None:
                defence_chance, defended = True, defence
        rows.append((
            line is not None and line.vpip,
            line is not None and line.first_round_raise,
            three_bet is not None,
            three_bet is not None and three_bet,
            line.calls if line is not None else 0,
            line.aggressive if line is not None else 0,
            (line is not None and line.saw_second_round) or (
                bool(first_draw) and name in first_draw),
            last_discarded.get(name) if last_discarded else None,
            pat_from.get(name) if pat_from else None,
            door_card,
            street_action,
            brought_in,
            first_in,
            steal or (bool(stealers) and name in stealers),
            defence_chance,
            defended,
        ))
    return rows


class _Lines:
    """player_lines for one player."""

    def __init__(self) -> None:
        self.calls = 0
        self.aggressive = 0
        self.vpip = False
        self.first_round_raise = False
        self.saw_second_round = False


class _PlayerLines:
    """player_lines: calls and bets of every round; entering, raising in the first round;
    the first line of the second round (a draw, or the 4th-street card)."""

    def __init__(self) -> None:
        self.of: dict[str, _Lines] = {}

    def add(self, action: Action) -> None:
        """Count the line when it is of a kind these facts count (the player is looked up
        only then: most lines are folds, checks, posts and shows)."""
        kind = action.kind
        street = action.street
        if kind is CALL:
            lines = self._of(action.player)
            lines.calls += 1
            if street == 0:
                lines.vpip = True
        elif _aggressive(kind):
            lines = self._of(action.player)
            lines.aggressive += 1
            if street == 0:
                lines.vpip = lines.first_round_raise = True
        elif street == 1 and (kind is DISCARD or kind is STAND_PAT
                              or kind is DEALT):
            self._of(action.player).saw_second_round = True

    def _of(self, name: str) -> _Lines:
        lines = self.of.get(name)
        if lines is None:
            lines = self.of[name] = _Lines()
        return lines


def _three_bet_spots(actions: tuple[Action, ...]) -> dict[str, bool]:
    """hand_aggression, raised_hands, three_bet_spots: the players acting while the first
    round's 2nd bet was the last one, and whether they made the 3rd. The big blind (draw
    games), or else the first completion or bet, is the 1st bet; when the round's first
    aggressive action is a raise, a blind was the 1st bet and that raise the 2nd."""
    bets: list[int] = []
    blind_bets = 0
    for seq, action in enumerate(actions):
        if action.street == 0 and _aggressive(action.kind) and action.player:
            if not bets and action.kind is RAISE:
                blind_bets = 1
            bets.append(seq)
            if len(bets) == 3:
                break
    if len(bets) < 2 - blind_bets:
        return {}
    second = bets[1 - blind_bets]
    second_bettor = actions[second].player
    third = bets[2 - blind_bets] if len(bets) > 2 - blind_bets else -1
    spots: dict[str, bool] = {}
    for seq in range(second + 1, len(actions) if third < 0 else third + 1):
        action = actions[seq]
        name = action.player
        kind = action.kind
        if action.street == 0 and (kind is CALL or kind is RAISE
                                   or kind is FOLD) and name and name != second_bettor:
            spots[name] = spots.get(name, False) or seq == third
    return spots


class _ThirdStreet:
    """Stud's 3rd street: door_cards, decisions, first_decisions, third_street_spots and
    bring_in_defences."""

    def __init__(self, variant: str, players_dealt: int, actions: tuple[Action, ...]) -> None:
        doors: dict[str, tuple[str, int] | None] = {}
        decisions: list[Action] = []
        for action in actions:
            if action.street != 0 or not action.player:
                continue
            kind = action.kind
            if kind is DEALT:
                # the up card: the last card of the player's 3rd-street deal
                card = action.new_cards[-1].index if action.new_cards else -1
                doors[action.player] = None if card < 0 else (
                    CARD_TEXT[card], 1 if card >> 2 == 12 else (card >> 2) + 2)
            elif (kind is BRING_IN or kind is CHECK or kind is FOLD
                  or _entry(kind)):
                decisions.append(action)
        self.doors = doors
        """The up card: the last card of the player's 3rd-street deal, and its rank, ace
        low (1 .. 13); None where the deal shows no card."""
        self.spots: dict[str, tuple[str, bool, bool, bool]] = {}
        self.defences: dict[str, bool] = {}
        if not decisions:
            return
        bring_in_player = decisions[0].player
        bring_in = decisions[0].kind is BRING_IN
        turns: dict[str, int] = {}
        firsts: list[tuple[int, str, Kind, bool]] = []  # ord, player, kind, first in
        entries = completions = 0
        for number, action in enumerate(decisions):
            name = action.player
            turn = turns[name] = turns.get(name, 0) + 1
            if turn == 1:
                firsts.append((number + 1, name, action.kind,
                               number > 0 and bring_in and entries == 0))
            elif turn == 2 and name == bring_in_player and bring_in and completions > 0:
                self.defences[name] = action.kind is CALL or action.kind is RAISE
            if action.kind is CALL:
                entries += 1
            elif _aggressive(action.kind):
                entries += 1
                completions += 1
        bring_in_up = doors.get(bring_in_player)
        bring_in_door = bring_in_up[1] if bring_in_up is not None else None
        lowest_after = 14
        razz = variant == "razz"
        for ord_, name, kind, first_in in reversed(firsts):
            up = doors.get(name)
            door = up[1] if up is not None else None
            lowest = lowest_after if bring_in_door is None else min(bring_in_door, lowest_after)
            steal = razz and first_in and (
                players_dealt - ord_ <= 1 or (door is not None and door < lowest))
            self.spots[name] = (kind, ord_ == 1, first_in, steal)  # a Kind is its text
            if door is not None:
                lowest_after = min(lowest_after, door)


def _draw_steal_spots(actions: tuple[Action, ...], players: tuple[PlayerResult, ...]
                      ) -> set[str]:
    """draw_first_round, draw_steal_spots: a first decision of a draw game's first round
    with nobody in before him, from the cutoff, the button or the small blind."""
    seats = {player.player for player in players if player.position in _STEAL_SEATS}
    if not seats:
        return set()
    stealers: set[str] = set()
    acted: set[str] = set()
    for action in actions:
        kind = action.kind
        name = action.player
        if action.street != 0 or not name or not (
                kind is FOLD or kind is CHECK or kind is CALL
                or kind is BET or kind is RAISE):
            continue
        if name not in acted:
            acted.add(name)
            if name in seats:
                stealers.add(name)
        if kind is not FOLD and kind is not CHECK:
            break  # the first entry: nobody after it is first in
    return stealers
