"""Replayed records -> the column lists of the child frames (actions, players, draws) and
the rows of the hands frame.

The loop between the replayer and polars: a hand has ~30 actions of 13 columns, a few
players and draws. Compiled with mypyc, each record's fields are read straight from the
native object and cards are written as text here, once; :mod:`hhparse.store.frames` then
hands each list to polars whole. Blank texts (an action's player and pot, a player's
position and final class) are NULL here, and each action's round is named here: a name
taken from a small dict per action costs less than polars' expressions for the same,
whose fixed cost is paid on every task.

It lives outside :mod:`hhparse.store`: that package's names bring DuckDB and polars in,
which the build's mypyc does not have.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from hhparse.cards import DECK, Card
from hhparse.records import (
    ANTE,
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    POST_BB,
    POST_SB,
    POST_SB_BB,
    RAISE,
    Action,
)
from hhparse.replay.result import DrawResult, PlayerResult, ReplayResult, Severity

CARD_TEXT: Final = tuple(str(card) for card in DECK)
"""Each card's text, by index."""


def cards_text(cards: tuple[Card, ...]) -> str | None:
    """``"Ah Kd"``; None for no cards (the column's NULL)."""
    if not cards:
        return None
    text = CARD_TEXT
    if len(cards) == 1:
        return text[cards[0].index]
    return " ".join([text[card.index] for card in cards])


def drawn_text(cards: tuple[Card, ...], discarded: int) -> str | None:
    """Discarded or new cards: ``""`` when none were drawn (stood pat), NULL when unknown."""
    if cards:
        return cards_text(cards)
    return "" if discarded == 0 else None


class _Columns:
    """Column lists filled by index: each list is as long as ``capacity`` (its tail a
    filler), grown by doubling before a hand's rows go in, and cut to ``rows`` by
    :meth:`taken`. A list filled by ``append`` grows by an eighth at a time and is
    copied whole each time: with a task's ~50,000 actions those copies were ~30,000 of
    the ~112,000 instructions a hand of the actions' columns."""

    def __init__(self) -> None:
        self.rows = 0
        self.capacity = 0
        self.lists: dict[str, list[Any]] = {}
        """Each list by the frame column it fills."""

    def reserve(self, more: int) -> int:
        """Room for ``more`` rows; the index of the first."""
        rows = self.rows
        need = rows + more
        if need > self.capacity:
            extra = max(need, 2 * self.capacity, FIRST_ROWS) - self.capacity
            for column in self.lists.values():
                column.extend([None] * extra)
            self.capacity += extra
        self.rows = need
        return rows

    def taken(self) -> dict[str, list[Any]]:
        """The rows filled, by frame column; the columns are empty again, their room kept
        for the next."""
        rows = self.rows
        self.rows = 0
        return {name: column[:rows] for name, column in self.lists.items()}

    def __len__(self) -> int:
        return self.rows


FIRST_ROWS: Final = 1024


class ActionColumns(_Columns):
    """The actions frame's columns but the keys, filled hand by hand."""

    def __init__(self) -> None:
        super().__init__()
        self.seq: list[int] = []
        self.street: list[int] = []
        self.round_name: list[str] = []
        self.player: list[str | None] = []
        self.kind: list[str] = []
        self.amount: list[int] = []
        self.to: list[int | None] = []
        self.all_in: list[bool] = []
        self.cards: list[str | None] = []
        self.new_cards: list[str | None] = []
        self.n_cards: list[int | None] = []
        self.pot: list[str | None] = []
        self.line: list[int] = []
        self.lists = {
            "seq": self.seq, "round_index": self.street, "round_name": self.round_name,
            "player": self.player, "kind": self.kind, "amount": self.amount,
            "raise_to": self.to, "all_in": self.all_in, "cards": self.cards,
            "new_cards": self.new_cards, "n_cards": self.n_cards, "pot": self.pot,
            "source_line": self.line,
        }

    def add(self, actions: tuple[Action, ...], round_names: dict[int, str]) -> None:
        """``round_names``: the variant's name of each round index (an index not in it is
        named ``round<index>``). A dict, not a Mapping: mypyc compiles ``dict.get`` to C,
        ``Mapping.get`` to a call through Python (~2,000 instructions an action)."""
        row = self.reserve(len(actions))
        for seq, action in enumerate(actions):
            street = action.street
            self.seq[row] = seq
            self.street[row] = street
            name = round_names.get(street)
            self.round_name[row] = name if name is not None else f"round{street}"
            self.player[row] = action.player or None
            self.kind[row] = action.kind
            self.amount[row] = action.amount
            self.to[row] = action.to
            self.all_in[row] = action.all_in
            self.cards[row] = cards_text(action.cards)
            self.new_cards[row] = cards_text(action.new_cards)
            self.n_cards[row] = action.n_cards
            self.pot[row] = action.pot or None
            self.line[row] = action.line
            row += 1


class PlayerColumns(_Columns):
    """The players frame's columns but the keys."""

    def __init__(self) -> None:
        super().__init__()
        self.player: list[str] = []
        self.seat: list[int] = []
        self.position: list[str | None] = []
        self.is_hero: list[bool] = []
        self.dealt_in: list[bool] = []
        self.starting_stack: list[int] = []
        self.contributed: list[int] = []
        self.collected: list[int] = []
        self.net: list[int] = []
        self.went_to_showdown: list[bool] = []
        self.won_at_showdown: list[bool] = []
        self.final_cards: list[str | None] = []
        self.final_class: list[str | None] = []
        self.final_description: list[str | None] = []
        self.shown_cards: list[str | None] = []
        self.lists = {
            "player": self.player, "seat": self.seat, "position": self.position,
            "is_hero": self.is_hero, "dealt_in": self.dealt_in,
            "starting_stack": self.starting_stack, "contributed": self.contributed,
            "collected": self.collected, "net": self.net,
            "went_to_showdown": self.went_to_showdown,
            "won_at_showdown": self.won_at_showdown, "final_cards": self.final_cards,
            "final_class": self.final_class, "final_description": self.final_description,
            "shown_cards": self.shown_cards,
        }

    def add(self, players: tuple[PlayerResult, ...], dealt: list[bool]) -> None:
        """``dealt``: each player's ``dealt_in``."""
        row = self.reserve(len(players))
        for number, player in enumerate(players):
            self.player[row] = player.player
            self.seat[row] = player.seat
            self.position[row] = player.position or None
            self.is_hero[row] = player.is_hero
            self.dealt_in[row] = dealt[number]
            self.starting_stack[row] = player.starting_stack
            self.contributed[row] = player.contributed
            self.collected[row] = player.collected
            self.net[row] = player.net
            self.went_to_showdown[row] = player.went_to_showdown
            self.won_at_showdown[row] = player.won_at_showdown
            self.final_cards[row] = cards_text(player.final_cards)
            self.final_class[row] = player.final_class or None
            self.final_description[row] = player.final_description or None
            self.shown_cards[row] = cards_text(player.shown_cards)
            row += 1


class DrawColumns(_Columns):
    """The draws frame's columns but the keys."""

    def __init__(self) -> None:
        super().__init__()
        self.player: list[str] = []
        self.draw_round: list[int] = []
        self.discarded: list[int] = []
        self.discarded_cards: list[str | None] = []
        self.new_cards: list[str | None] = []
        self.hand_before: list[str | None] = []
        self.hand_after: list[str | None] = []
        self.line: list[int | None] = []
        self.lists = {
            "player": self.player, "draw_round": self.draw_round,
            "discarded": self.discarded, "discarded_cards": self.discarded_cards,
            "new_cards": self.new_cards, "hand_before": self.hand_before,
            "hand_after": self.hand_after, "source_line": self.line,
        }

    def add(self, draws: tuple[DrawResult, ...]) -> None:
        row = self.reserve(len(draws))
        for draw in draws:
            discarded = draw.discarded
            self.player[row] = draw.player
            self.draw_round[row] = draw.draw_round
            self.discarded[row] = discarded
            self.discarded_cards[row] = drawn_text(draw.discarded_cards, discarded)
            self.new_cards[row] = drawn_text(draw.new_cards, discarded)
            self.hand_before[row] = cards_text(draw.hand_before)
            self.hand_after[row] = cards_text(draw.hand_after)
            self.line[row] = draw.line or None
            row += 1


# --- one row of the hands frame ----------------------------------------------------------

HandRow = tuple[object, ...]

_NO_TOURNAMENT: Final = (None,) * 6

_EPOCH_ORDINAL: Final = 719_163
"""``date(1970, 1, 1).toordinal()``."""


def utc_micros(moment: datetime | None) -> int | None:
    """Microseconds since 1970-01-01 UTC (a naive time counts as UTC), worked out exactly
    from the fields: polars takes a column of these ~5 times faster than the datetimes
    themselves (2.6 us a hand of a task's 3.2 for the whole hands frame, measured)."""
    if moment is None:
        return None
    seconds = ((moment.toordinal() - _EPOCH_ORDINAL) * 86_400 + moment.hour * 3_600
               + moment.minute * 60 + moment.second)
    micros = seconds * 1_000_000 + moment.microsecond
    offset = moment.utcoffset()
    if offset:
        micros -= (offset.days * 86_400 + offset.seconds) * 1_000_000 + offset.microseconds
    return micros


def hand_row(
    replayed: ReplayResult, source_id: int | None, path: str, dealt: list[bool]
) -> HandRow:
    """One row of ``hands``, in the order of its schema (``hhparse.store.frames.SCHEMAS``;
    ``started_at`` as :func:`utc_micros`). A forced bet the header leaves out (fixed-limit
    headers print the bets, not the blinds) is the posted one: the largest post of each
    kind, the bring-in as brought in."""
    hand = replayed.hand
    stakes = hand.stakes
    tournament = hand.tournament
    source = hand.source
    structure = hand.structure
    warnings = 0
    for problem in replayed.problems:
        if problem.severity is Severity.WARNING:
            warnings += 1
    small_blind, big_blind = stakes.small_blind, stakes.big_blind
    ante, bring_in = stakes.ante, stakes.bring_in
    if small_blind is None or big_blind is None or ante is None or bring_in is None:
        posted = posted_forced_bets(hand.actions)
        small_blind = small_blind if small_blind is not None else posted[0]
        big_blind = big_blind if big_blind is not None else posted[1]
        ante = ante if ante is not None else posted[2]
        bring_in = bring_in if bring_in is not None else posted[3]
    return (
        hand.site, hand.hand_id, hand.variant_id, hand.game_text,
        structure.value if structure is not None else None,
        hand.currency, "chips" if hand.currency == "chips" else "cents",
        small_blind, big_blind, stakes.small_bet, stakes.big_bet, ante, bring_in,
        *(_NO_TOURNAMENT if tournament is None else (
            tournament.tournament_id, tournament.buy_in, tournament.fee, tournament.bounty,
            tournament.currency, tournament.level,
        )),
        hand.table or None, hand.max_seats, hand.button_seat,
        utc_micros(hand.started_at), hand.started_at_text or None,
        sum(dealt), replayed.total_pot, replayed.rake, replayed.went_to_showdown,
        hand.mixed_game, hand.home_game, hand.play_money, hand.zoom, hand.hero,
        source_id, path, source.byte_offset, source.byte_length, source.line,
        source.line_count, warnings, replayed.forced_bets or None,
    )


def posted_forced_bets(
    actions: tuple[Action, ...]
) -> tuple[int | None, int | None, int | None, int | None]:
    """(small blind, big blind, ante, bring-in) as posted: the largest post of each of the
    first three kinds, the first bring-in; None for a kind nobody posted. Worked out in the
    loop over the hand's records, not by a polars query over the actions frame (a join
    and a group-by: ~2.8 us a hand of a task of 1,660 triple-draw hands)."""
    small_blind: int | None = None
    big_blind: int | None = None
    ante: int | None = None
    bring_in: int | None = None
    for action in actions:
        kind = action.kind
        if kind is POST_SB:
            if small_blind is None or action.amount > small_blind:
                small_blind = action.amount
        elif kind is POST_BB:
            if big_blind is None or action.amount > big_blind:
                big_blind = action.amount
        elif kind is ANTE:
            if ante is None or action.amount > ante:
                ante = action.amount
        elif kind is BRING_IN and bring_in is None:
            bring_in = action.amount
    return small_blind, big_blind, ante, bring_in


_PLAYED: Final = frozenset({BRING_IN, COMPLETE, BET, RAISE, CALL, CHECK, FOLD, POST_BB,
                            POST_SB_BB, POST_SB, ANTE})
"""Lines that show a seat marked sitting out was dealt in after all (as the replayer)."""


def dealt_in(replayed: ReplayResult) -> list[bool]:
    """Per player result: dealt in? The replayer's rule: a seat with chips that is not
    sitting out, or is marked sitting out but posts or plays."""
    hand = replayed.hand
    out = {seat.player for seat in hand.seats if seat.sitting_out or seat.stack <= 0}
    if not out:
        return [True] * len(replayed.players)
    stacks = {seat.player: seat.stack for seat in hand.seats}
    back = {
        a.player for a in hand.actions
        if a.player in out and a.kind in _PLAYED and stacks.get(a.player, 0) > 0
    }
    return [p.player not in out or p.player in back for p in replayed.players]
