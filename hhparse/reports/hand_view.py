"""One stored hand, shown street by street: ``hhparse show HAND``.

Everything comes from the store's tables (hands, players, actions, draws, pots): nothing is
kept for it beyond what every hand already stores. Money is shown as people read it
(:func:`hhparse.money.display_amount`); the pot before each betting round is the chips put
in so far (a raise puts in what takes the player to its ``raise_to``), less uncalled bets
returned.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import duckdb

from hhparse.ingest.run import connect
from hhparse.money import display_amount
from hhparse.records import BETTING_KINDS, FORCED_KINDS, Kind
from hhparse.sqlfiles import named_rows, sql


class HandNotFound(LookupError):
    """No stored hand has this id, or several sites do (name the site)."""


VERBS: Final = {
    "post_sb": "posts the small blind", "post_bb": "posts the big blind",
    "post_sb_bb": "posts small & big blinds", "post_dead": "posts dead",
    "ante": "antes", "bring_in": "brings in for", "complete": "completes to",
    "bet": "bets", "raise": "raises to", "call": "calls", "check": "checks",
    "fold": "folds", "show": "shows", "muck": "mucks", "no_show": "does not show",
    "collect": "collects", "uncalled_return": "takes back the uncalled",
    "cashout": "cashes out", "stand_pat": "stands pat",
}
"""How a line of each kind reads (discards and deals are written out in full)."""

PUTS_IN: Final = frozenset(
    kind.value for kind in (FORCED_KINDS | BETTING_KINDS) - {Kind.CHECK, Kind.FOLD})
"""The kinds of line that put chips into the pot."""


@dataclass(frozen=True, slots=True)
class Money:
    unit: str
    currency: str

    def __call__(self, minor: int) -> str:
        return display_amount(minor, self.unit, self.currency)


def show_hand(database: Path, hand_id: str, *, site: str | None = None,
              wait_seconds: float = 30.0) -> str:
    """The hand as text, street by street (raises :class:`HandNotFound`)."""
    con = connect(database, wait_seconds, read_only=True)
    try:
        return hand_text(con, hand_id, site=site)
    finally:
        con.close()


def hand_text(con: duckdb.DuckDBPyConnection, hand_id: str, *, site: str | None = None
              ) -> str:
    stored = load_hand(con, hand_id, site)
    money = stored.money
    lines = header_lines(stored.hand, money) + _seats(stored.players, money)
    lines += _rounds(stored.actions, money)
    lines += pot_lines(stored.pots, money)
    lines += result_lines(stored.players, money)
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A hand's rows, as ``sql/show/*.sql`` give them."""

    hand: dict[str, Any]
    money: Money
    players: list[dict[str, Any]]
    actions: list[dict[str, Any]]
    pots: list[dict[str, Any]]


def load_hand(con: duckdb.DuckDBPyConnection, hand_id: str, site: str | None) -> StoredHand:
    """The rows of this hand (raises :class:`HandNotFound`)."""
    hand = _find_hand(con, hand_id, site)
    key = {"hand_key": hand["hand_key"]}
    return StoredHand(hand=hand, money=Money(hand["unit"], hand["currency"]),
                      players=rows_of(con, "show/players", key),
                      actions=rows_of(con, "show/actions", key),
                      pots=rows_of(con, "show/pots", key))


def _find_hand(con: duckdb.DuckDBPyConnection, hand_id: str, site: str | None
               ) -> dict[str, Any]:
    hands = rows_of(con, "show/hand", {"hand_id": hand_id, "site": site})
    if not hands:
        raise HandNotFound(f"no stored hand {hand_id!r}" + (f" of {site}" if site else ""))
    if len(hands) > 1:
        sites = ", ".join(row["site"] for row in hands)
        raise HandNotFound(f"hand {hand_id!r} is on several sites ({sites}): name one "
                           "with --site")
    return hands[0]


def rows_of(con: duckdb.DuckDBPyConnection, name: str, parameters: dict[str, Any]
          ) -> list[dict[str, Any]]:
    return named_rows(con.execute(sql(name), parameters))


def header_lines(hand: dict[str, Any], money: Money) -> list[str]:
    game = hand["game_text"] or hand["variant"]
    stakes = f"{hand['stakes']} {money.currency}" if hand["stakes"] else "stakes not given"
    table = f"table {hand['table_name']!r}" if hand["table_name"] else "table not named"
    seats = f", {hand['max_seats']}-max" if hand["max_seats"] else ""
    when = f"{hand['started_at']:%Y-%m-%d %H:%M:%S} UTC" if hand["started_at"] else "no time"
    tournament = f" · tournament {hand['tournament_id']}" if hand["tournament_id"] else ""
    return [
        f"{hand['site']} hand {hand['hand_id']} · {hand['variant']} ({game}) · {stakes}"
        f"{tournament}",
        f"{table}{seats} · {when} · {hand['source_path']}, line {hand['first_line']}",
        "",
        "Seats",
    ]


def _seats(players: list[dict[str, Any]], money: Money) -> list[str]:
    width = max((len(row["player"]) for row in players), default=0)
    lines = []
    for row in players:
        notes = [row["position"]] if row["position"] else []
        notes += ["hero"] if row["is_hero"] else []
        notes += [] if row["dealt_in"] else ["not dealt in"]
        lines.append(f"  {row['seat']:>2}  {row['player']:<{width}}  "
                     f"{money(row['starting_stack']):>12}  {' '.join(notes)}".rstrip())
    return lines


def _rounds(actions: list[dict[str, Any]], money: Money) -> list[str]:
    lines: list[str] = []
    before = 0
    current: int | None = None
    for action, after in pot_walk(actions):
        if action["round_index"] != current:
            current = action["round_index"]
            lines += ["", f"── {action['round_name']} (pot {money(before)}) ──"]
        lines.append("  " + line_text(action, money))
        before = after
    return lines


def pot_walk(actions: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], int]]:
    """Each line of play (rows of ``sql/show/actions.sql``) with the pot after it."""
    pot = 0
    current: int | None = None
    in_round: dict[str, int] = defaultdict(int)
    for action in actions:
        if action["round_index"] != current:
            current = action["round_index"]
            in_round.clear()
        pot += chips_in(action, in_round)
        if action["kind"] == "uncalled_return":
            pot -= int(action["amount"])
        yield action, pot


def chips_in(action: dict[str, Any], in_round: dict[str, int]) -> int:
    """The chips the line puts into the pot (a raise or completion: up to its raise_to)."""
    kind, player = action["kind"], action["player"]
    if kind not in PUTS_IN:
        return 0
    if kind in ("raise", "complete") and action["raise_to"] is not None:
        moved = int(action["raise_to"]) - in_round[player]
    else:
        moved = int(action["amount"])
    if kind not in ("ante", "post_dead"):  # dead money is not part of the round's bets
        in_round[player] += moved
    return moved


def line_text(action: dict[str, Any], money: Money) -> str:
    kind = action["kind"]
    who = action["player"] or ""
    if kind == "discard":
        thrown = f" [{action['cards']}]" if action["cards"] else ""
        drawn = f", draws [{action['drawn_cards']}]" if action["drawn_cards"] else ""
        return f"{who} discards {action['n_cards']}{thrown}{drawn}"
    if kind == "dealt":
        kept = f"[{action['cards']}] " if action["cards"] else ""
        return f"{who} is dealt {kept}[{action['new_cards'] or ''}]".strip()
    if kind == "reshuffle":
        return "(the deck is reshuffled)"
    if kind == "capped":
        return "(the betting is capped)"
    text = f"{who} {VERBS.get(kind, kind)}"
    if kind in ("raise", "complete") and action["raise_to"] is not None:
        text += f" {money(int(action['raise_to']))}"
    elif action["amount"]:
        text += f" {money(int(action['amount']))}"
    if kind == "collect" and action["pot"]:
        text += f" from the {action['pot']}"
    if action["cards"] and kind in ("show", "muck"):
        text += f" [{action['cards']}]"
    return text + (" and is all-in" if action["all_in"] else "")


def pot_lines(pots: list[dict[str, Any]], money: Money) -> list[str]:
    lines = ["", "Pots"]
    for pot in pots:
        name = "main pot" if pot["pot_index"] == 0 else f"side pot {pot['pot_index']}"
        half = "" if pot["half"] == "all" else f" ({pot['half']})"
        winners = ", ".join(f"{winner} {money(int(won))}"
                            for winner, won in zip(pot["winners"] or (), pot["won"] or (),
                                                   strict=True))
        lines.append(f"  {name}{half} {money(int(pot['amount']))}: {winners or 'no winner'}")
    return lines


def result_lines(players: list[dict[str, Any]], money: Money) -> list[str]:
    lines = ["", "Result"]
    for row in players:
        if not row["dealt_in"]:
            continue
        net = int(row["net"])
        shown = ""
        if row["went_to_showdown"] and row["final_cards"]:
            described = f": {row['final_description']}" if row["final_description"] else ""
            shown = f"  [{row['final_cards']}]{described}"
        lines.append(f"  {row['player']}  {'+' if net > 0 else ''}{money(net)}{shown}")
    return lines
