"""One stored hand as a page that replays it step by step: ``hhparse show HAND --html FILE``.

The steps come from the same rows as the text view (:mod:`hhparse.reports.hand_view`): the
seats with their starting stacks, then one step per line of play with what the table looks
like after it (each seat's stack, chips in this round, cards known and hidden, folded or
all-in; the pot), then the result. The page is one file: the steps as JSON in a
``<script type="application/json">`` element, the script and style inline, no network.

A stack is the starting stack less the chips put in (:func:`hand_view.chips_in`), plus an
uncalled bet taken back and what is collected; the pot is what was put in less what was
taken back or collected, so that stacks and pot always add up to the chips at the start
and the pot ends at the rake.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

import duckdb

from hhparse.ingest.run import connect
from hhparse.phh.batch import write_atomically
from hhparse.reports.hand_view import (
    Money,
    chips_in,
    header_lines,
    line_text,
    load_hand,
    pot_lines,
    result_lines,
)
from hhparse.variants.catalog import VARIANTS

TEMPLATE = "hand_replay.html"
"""The page (style and script), in ``hhparse/reports/assets/``; ``/*HAND_DATA*/`` and
``<!--TITLE-->`` mark where the steps and the title go."""


@dataclass(slots=True)
class SeatState:
    """A seat as one step leaves it (amounts in minor units, ``*_text`` as people read them)."""

    stack: int
    stack_text: str
    in_round: int = 0
    in_round_text: str = ""
    cards: list[str] = field(default_factory=list)
    """The cards known to be in the player's hand, in the order the log gives them."""
    hidden: int = 0
    """Cards held but not known (drawn face down)."""
    folded: bool = False
    all_in: bool = False
    last: str = ""
    """The seat's last line of play in this round (e.g. ``raises to $2.25``)."""


@dataclass(frozen=True, slots=True)
class Step:
    round: str
    text: str
    """What happened (the text view's line), or a heading for the first and last step."""
    actor: int | None
    """Index into the seats of who acted (None: the table as a whole)."""
    pot: int
    pot_text: str
    pot_label: str
    """"pot"; at the result step, "rake": what is left once every pot is collected."""
    seats: list[SeatState]


@dataclass(frozen=True, slots=True)
class HandReplay:
    title: str
    subtitle: str
    seats: list[dict[str, Any]]
    """Seat number, player, position, hero, dealt in."""
    steps: list[Step]
    result: list[str]
    """Pots and who won them, then each player's net, as lines of text."""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def write_hand_page(database: Path, hand_id: str, target: Path, *, site: str | None = None,
                    wait_seconds: float = 30.0) -> HandReplay:
    """Write the replay page of a stored hand to ``target`` (raises :class:`HandNotFound`)."""
    con = connect(database, wait_seconds, read_only=True)
    try:
        replay = hand_replay(con, hand_id, site=site)
    finally:
        con.close()
    page = hand_page(replay)
    write_atomically(target, lambda stream: stream.write(page))  # never half a page
    return replay


def hand_page(replay: HandReplay) -> str:
    """The self-contained HTML page that replays the hand."""
    from hhparse.reports.html import escape

    page = files("hhparse.reports").joinpath("assets", TEMPLATE).read_text(encoding="utf-8")
    # "<" never appears outside JSON strings, where \u003c is the same text: the data can
    # then never close its <script> element.
    data = json.dumps(replay.as_json(), ensure_ascii=False).replace("<", "\\u003c")
    return (page.replace("<!--TITLE-->", escape(replay.title))
                .replace("/*HAND_DATA*/", data))


def hand_replay(con: duckdb.DuckDBPyConnection, hand_id: str, *, site: str | None = None
                ) -> HandReplay:
    """The steps of a stored hand (raises :class:`HandNotFound`)."""
    stored = load_hand(con, hand_id, site)
    money = stored.money
    table = _Table(stored.players, money, cards_held(stored.hand["variant"]))
    steps = [table.step("seats", "The players take their seats", None)]
    steps += [table.play(action, line_text(action, money)) for action in stored.actions]
    steps.append(table.step(RESULT, "The hand is over", None))
    title, subtitle, *_ = header_lines(stored.hand, money)
    result = pot_lines(stored.pots, money)[2:] + result_lines(stored.players, money)[2:]
    return HandReplay(
        title=title, subtitle=subtitle,
        seats=[{"seat": row["seat"], "player": row["player"], "position": row["position"],
                "hero": bool(row["is_hero"]), "dealt_in": bool(row["dealt_in"])}
               for row in stored.players],
        steps=steps, result=[line.strip() for line in result],
    )


def cards_held(variant_id: str) -> list[int]:
    """Cards a player holds in each betting round (draw: the hand's size throughout; stud:
    what the streets so far have dealt). Unknown variant: none."""
    for variant in VARIANTS:
        if variant.id != variant_id:
            continue
        if not variant.is_stud:
            return [variant.hand_size] * variant.betting_rounds
        held, counts = 0, []
        for street in variant.streets:
            held += street.down + street.up
            counts.append(held)
        return counts
    return [0]


class _Table:
    """The table as the lines of play leave it, one line at a time."""

    def __init__(self, players: list[dict[str, Any]], money: Money, held: list[int]) -> None:
        self.money = money
        self.held = held
        self.names = [str(row["player"]) for row in players]
        self.seat_of = {name: at for at, name in enumerate(self.names)}
        self.dealt_in = [bool(row["dealt_in"]) for row in players]
        self.stacks = [int(row["starting_stack"]) for row in players]
        self.cards: list[list[str]] = [[] for _ in players]
        self.folded = [False] * len(players)
        self.all_in = [False] * len(players)
        self.last = [""] * len(players)
        self.in_round: defaultdict[str, int] = defaultdict(int)
        self.dealt_round: list[int | None] = [None] * len(players)
        self.pot = 0
        self.round_index: int | None = None
        self.playing = False
        """Some line of the round other than a forced bet or a deal has come: everyone
        holds the round's cards."""

    def play(self, action: dict[str, Any], text: str) -> Step:
        if action["round_index"] != self.round_index:
            self.round_index = int(action["round_index"])
            self.in_round.clear()
            self.last = [""] * len(self.last)
            self.playing = False
        if action["kind"] not in NOT_PLAYING:
            self.playing = True
        moved = chips_in(action, self.in_round)
        self.pot += moved
        at = self.seat_of.get(action["player"] or "")
        if at is not None:
            self._apply(at, action, moved)
            self.last[at] = text.removeprefix(self.names[at]).strip()
        return self.step(str(action["round_name"]), text, at)

    def _apply(self, at: int, action: dict[str, Any], moved: int) -> None:
        kind = action["kind"]
        self.stacks[at] -= moved
        if kind in ("uncalled_return", "collect"):
            amount = int(action["amount"])
            self.stacks[at] += amount
            self.pot -= amount
            if kind == "uncalled_return":
                self.in_round[self.names[at]] -= amount
        elif kind == "fold":
            self.folded[at] = True
        elif kind == "dealt":
            self.cards[at] = _split(action["cards"]) + _split(action["new_cards"])
            self.dealt_round[at] = self.round_index
        elif kind == "discard" and action["n_cards"]:
            thrown = _split(action["cards"])
            # Thrown cards not given: which cards stayed is not known either.
            kept = [card for card in self.cards[at] if card not in thrown] if thrown else []
            self.cards[at] = kept + _split(action["drawn_cards"])
        elif kind in ("show", "muck") and action["cards"]:
            self.cards[at] = _split(action["cards"])
        if action["all_in"]:
            self.all_in[at] = True

    def _held(self, at: int) -> int:
        """Cards the seat holds now: the round's once it is dealt them or play has begun,
        before that the round before's."""
        if self.round_index is None:
            return 0
        rounds_dealt = self.round_index + 1
        if not self.playing and self.dealt_round[at] != self.round_index:
            rounds_dealt -= 1
        return self.held[min(rounds_dealt, len(self.held)) - 1] if rounds_dealt else 0

    def step(self, round_name: str, text: str, actor: int | None) -> Step:
        seats = []
        for at, stack in enumerate(self.stacks):
            put_in = self.in_round.get(self.names[at], 0)
            in_hand = self.dealt_in[at] and not self.folded[at]
            cards = list(self.cards[at]) if in_hand else []
            seats.append(SeatState(
                stack=stack, stack_text=self.money(stack), in_round=put_in,
                in_round_text=self.money(put_in) if put_in else "", cards=cards,
                hidden=max(0, self._held(at) - len(cards)) if in_hand else 0,
                folded=self.folded[at], all_in=self.all_in[at], last=self.last[at]))
        return Step(round=round_name, text=text, actor=actor, pot=self.pot,
                    pot_text=self.money(self.pot),
                    pot_label="rake" if round_name == RESULT else "pot", seats=seats)


RESULT = "result"
"""The round name of the last step."""
NOT_PLAYING = frozenset({"ante", "post_sb", "post_bb", "post_sb_bb", "post_dead", "dealt"})
"""Lines that come before a round's play: forced bets and deals."""


def _split(cards: str | None) -> list[str]:
    return cards.split() if cards else []
