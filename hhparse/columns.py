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

from collections.abc import Mapping
from typing import Final

from hhparse.cards import DECK, Card
from hhparse.records import Action, Kind
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


class ActionColumns:
    """The actions frame's columns but the keys, filled hand by hand."""

    def __init__(self) -> None:
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

    def add(self, actions: tuple[Action, ...], round_names: Mapping[int, str]) -> None:
        """``round_names``: the variant's name of each round index (an index not in it is
        named ``round<index>``)."""
        for seq, action in enumerate(actions):
            street = action.street
            self.seq.append(seq)
            self.street.append(street)
            name = round_names.get(street)
            self.round_name.append(name if name is not None else f"round{street}")
            self.player.append(action.player or None)
            self.kind.append(action.kind)
            self.amount.append(action.amount)
            self.to.append(action.to)
            self.all_in.append(action.all_in)
            self.cards.append(cards_text(action.cards))
            self.new_cards.append(cards_text(action.new_cards))
            self.n_cards.append(action.n_cards)
            self.pot.append(action.pot or None)
            self.line.append(action.line)

    def __len__(self) -> int:
        return len(self.seq)


class PlayerColumns:
    """The players frame's columns but the keys and ``dealt_in``."""

    def __init__(self) -> None:
        self.player: list[str] = []
        self.seat: list[int] = []
        self.position: list[str | None] = []
        self.is_hero: list[bool] = []
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

    def add(self, players: tuple[PlayerResult, ...]) -> None:
        for player in players:
            self.player.append(player.player)
            self.seat.append(player.seat)
            self.position.append(player.position or None)
            self.is_hero.append(player.is_hero)
            self.starting_stack.append(player.starting_stack)
            self.contributed.append(player.contributed)
            self.collected.append(player.collected)
            self.net.append(player.net)
            self.went_to_showdown.append(player.went_to_showdown)
            self.won_at_showdown.append(player.won_at_showdown)
            self.final_cards.append(cards_text(player.final_cards))
            self.final_class.append(player.final_class or None)
            self.final_description.append(player.final_description or None)
            self.shown_cards.append(cards_text(player.shown_cards))

    def __len__(self) -> int:
        return len(self.player)


class DrawColumns:
    """The draws frame's columns but the keys."""

    def __init__(self) -> None:
        self.player: list[str] = []
        self.draw_round: list[int] = []
        self.discarded: list[int] = []
        self.discarded_cards: list[str | None] = []
        self.new_cards: list[str | None] = []
        self.hand_before: list[str | None] = []
        self.hand_after: list[str | None] = []
        self.line: list[int | None] = []

    def add(self, draws: tuple[DrawResult, ...]) -> None:
        for draw in draws:
            discarded = draw.discarded
            self.player.append(draw.player)
            self.draw_round.append(draw.draw_round)
            self.discarded.append(discarded)
            self.discarded_cards.append(drawn_text(draw.discarded_cards, discarded))
            self.new_cards.append(drawn_text(draw.new_cards, discarded))
            self.hand_before.append(cards_text(draw.hand_before))
            self.hand_after.append(cards_text(draw.hand_after))
            self.line.append(draw.line or None)

    def __len__(self) -> int:
        return len(self.player)


# --- one row of the hands frame ----------------------------------------------------------

HandRow = tuple[object, ...]

_NO_TOURNAMENT: Final = (None,) * 6


def hand_row(
    replayed: ReplayResult, source_id: int | None, path: str, dealt: list[bool]
) -> HandRow:
    """One row of ``hands``, in the order of its schema (``hhparse.store.frames.SCHEMAS``;
    ante and bring-in as the header says: the frame fills them in from the posts)."""
    hand = replayed.hand
    stakes = hand.stakes
    tournament = hand.tournament
    source = hand.source
    structure = hand.structure
    warnings = 0
    for problem in replayed.problems:
        if problem.severity is Severity.WARNING:
            warnings += 1
    return (
        hand.site, hand.hand_id, hand.variant_id, hand.game_text,
        structure.value if structure is not None else None,
        hand.currency, "chips" if hand.currency == "chips" else "cents",
        stakes.small_blind, stakes.big_blind, stakes.small_bet, stakes.big_bet,
        stakes.ante, stakes.bring_in,
        *(_NO_TOURNAMENT if tournament is None else (
            tournament.tournament_id, tournament.buy_in, tournament.fee, tournament.bounty,
            tournament.currency, tournament.level,
        )),
        hand.table or None, hand.max_seats, hand.button_seat,
        hand.started_at, hand.started_at_text or None,
        sum(dealt), replayed.total_pot, replayed.rake, replayed.went_to_showdown,
        hand.mixed_game, hand.home_game, hand.play_money, hand.zoom, hand.hero,
        source_id, path, source.byte_offset, source.byte_length, source.line,
        source.line_count, warnings, replayed.forced_bets or None,
    )


_PLAYED: Final = frozenset({Kind.BRING_IN, Kind.COMPLETE, Kind.BET, Kind.RAISE, Kind.CALL,
                            Kind.CHECK, Kind.FOLD, Kind.POST_BB, Kind.POST_SB_BB, Kind.POST_SB,
                            Kind.ANTE})
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
