"""What the stud readers of the rooms that print each line's chips share (WPN, Absolute):
a :class:`~hhparse.parsers.reader.TextReader` that also keeps each betting round's totals,
so that a completion or raise is recorded with both the chips it adds and the total it
makes, the chips each player put in (an all-in printed without its amount), who folded, and
the summary's seats.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import Final

from hhparse.cards import CardError, parse_cards
from hhparse.money import AmountError
from hhparse.parsers.base import HandBlock, crash_problem, span_of
from hhparse.parsers.reader import TextReader, Unreadable
from hhparse.records import (
    SHOWDOWN_STREET,
    Hand,
    Kind,
    Seat,
    Stakes,
    StreetMark,
    Summary,
    SummarySeat,
    Tournament,
)
from hhparse.variants import BettingStructure

__all__ = ["LINE_ERRORS", "SUMMARY_SEAT", "StudReader", "Unreadable"]

LINE_ERRORS: Final = (Unreadable, AmountError, CardError, ValueError, IndexError, KeyError)
"""What reading one line may raise: the line is then ``unknown_line``."""

SUMMARY_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.+)$")


class StudReader(TextReader):
    """What a stud reader keeps while it reads one hand, and the records it builds: each
    betting round's totals, so that a completion or raise is recorded with the chips it adds
    and the total it makes."""

    NAME_FOLLOWERS = (" ",)

    def __init__(self, block: HandBlock, *, site: str = "") -> None:
        super().__init__(block)
        self.site = site
        self.hand_id: str = ""
        self.game_text: str = ""
        self.variant_id: str | None = None
        self.structure: BettingStructure | None = None
        self.currency: str = "USD"
        self.stakes: Stakes = Stakes()
        self.tournament: Tournament | None = None
        self.started_text: str = ""
        self.started_at: datetime | None = None
        self.table: str = ""
        self.max_seats: int | None = None
        self.button_seat: int | None = None
        self.play_money: bool = False
        self.summary: Summary = Summary()
        self.hero: str | None = None
        self.round_totals: dict[str, int] = {}
        self.completed: bool = False
        """3rd street: the bring-in was completed (the next raise is a raise)."""
        self.folded: set[str] = set()
        self.put_in: dict[str, int] = {}
        """Chips each player put in so far (for an all-in printed without its amount)."""

    # --- driver -------------------------------------------------------------------------

    def read(self) -> Hand:
        raise NotImplementedError

    def read_safely(self, room: str) -> Hand:
        try:
            return self.read()
        except Exception as error:  # a bug of the reader: the hand is rejected, never lost
            self.problems = [crash_problem(self.block, room, error)]
            self.actions, self.seats = [], []
            return self.hand()

    def numbered(self) -> list[tuple[str, int]]:
        return [(line.strip(), number) for line, number
                in zip(self.block.lines, self.block.line_numbers, strict=True) if line.strip()]

    def hand(self) -> Hand:
        block = self.block
        return Hand(
            site=self.site, hand_id=self.hand_id,
            source=span_of(block),
            game_text=self.game_text, variant_id=self.variant_id, structure=self.structure,
            currency=self.currency, stakes=self.stakes, started_at_text=self.started_text,
            started_at=self.started_at, table=self.table, max_seats=self.max_seats,
            button_seat=self.button_seat, tournament=self.tournament,
            play_money=self.play_money, seats=tuple(self.seats), actions=tuple(self.actions),
            streets=tuple(self.streets), notes=tuple(self.notes), summary=self.summary,
            hero=self.hero, problems=tuple(self.problems),
        )

    def unreadable_header(self, text: str, number: int) -> None:
        self._problem(number, "unreadable_header", f"header not understood: {text!r}",
                     fatal=True)

    # --- seats and names ----------------------------------------------------------------

    def add_seat(self, seat: int, name: str, stack: int, number: int, *,
                 sitting_out: bool = False) -> None:
        self.seats.append(Seat(seat=seat, player=name, stack=stack, sitting_out=sitting_out,
                               line=number))
        self.names = tuple(sorted((each.player for each in self.seats), key=len, reverse=True))

    def seat_number(self, name: str) -> int:
        return next((seat.seat for seat in self.seats if seat.player == name), 0)

    def not_seated(self, text: str, number: int) -> None:
        self._note(number, "unseated_action", text)
        self._problem(number, "actor_not_seated",
                     f"a line of play by nobody seated in this hand: {text!r}", fatal=True)

    def summary_seat(self, text: str, number: int, won: re.Pattern[str],
                     cards: re.Pattern[str]) -> None:
        """A summary line ``Seat N: <player> ..``, kept with the cards it lists (group
        ``cards`` of ``cards``) and what the seat won (group ``won`` of ``won``); a
        ``Board`` line is a note."""
        seat = SUMMARY_SEAT.match(text)
        name = self._who(seat.group("rest") + " ") if seat is not None else None
        if seat is None or name is None:
            if not text.startswith("Board "):
                raise Unreadable(text)
            self._note(number, "board", text)
            return
        won_found, cards_found = won.search(text), cards.search(text)
        self.summary = replace(self.summary, seats=(*self.summary.seats, SummarySeat(
            line=number, seat=int(seat.group("seat")), player=name, text=text,
            cards=parse_cards(cards_found.group("cards")) if cards_found else (),
            won=self._amount(won_found.group("won")) if won_found else None)))

    # --- streets ------------------------------------------------------------------------

    def new_street(self, street: int, name: str, number: int) -> None:
        self.street = street
        self.streets.append(StreetMark(line=number, street=street, name=name))
        self.round_totals = {}

    def showdown(self) -> None:
        if self.street != SHOWDOWN_STREET:
            self.street = SHOWDOWN_STREET
            self.round_totals = {}

    # --- betting: what a line adds ------------------------------------------------------

    def _added(self, name: str, added: int) -> tuple[int, int]:
        """The player's new round total and the round's highest before this line."""
        highest = max(self.round_totals.values(), default=0)
        total = self.round_totals.get(name, 0) + added
        self.round_totals[name] = total
        self.put_in[name] = self.put_in.get(name, 0) + added
        return total, highest

    def _completes(self) -> bool:
        """On 3rd street, over a bring-in nobody has completed yet?"""
        return self.street == 0 and not self.completed and any(
            action.kind is Kind.BRING_IN for action in self.actions)

    def ante(self, name: str, amount: int, number: int, *, all_in: bool = False) -> None:
        self.put_in[name] = self.put_in.get(name, 0) + amount
        self._act(number, Kind.ANTE, name, amount, all_in=all_in)

    def bring_in(self, name: str, amount: int, number: int, *, all_in: bool = False) -> None:
        self._added(name, amount)
        self._act(number, Kind.BRING_IN, name, amount, all_in=all_in)

    def call(self, name: str, amount: int, number: int, *, all_in: bool = False) -> None:
        self._added(name, amount)
        self._act(number, Kind.CALL, name, amount, all_in=all_in)

    def bet(self, name: str, added: int, number: int, *, all_in: bool = False) -> None:
        """``bets X``: a bet, or on 3rd street over the bring-in, a completion to X."""
        if self._completes():
            self.raise_by(name, added, number, all_in=all_in)
            return
        self._added(name, added)
        self.completed = True
        self._act(number, Kind.BET, name, added, all_in=all_in)

    def raise_by(self, name: str, added: int, number: int, *, all_in: bool = False) -> None:
        """A completion or raise given by the chips it adds."""
        completes = self._completes()
        total, highest = self._added(name, added)
        self.completed = True
        self._act(number, Kind.COMPLETE if completes else Kind.RAISE, name, total - highest,
                 to=total, all_in=all_in)

    def raise_to(self, name: str, to: int, number: int, *, all_in: bool = False) -> None:
        """A completion or raise given by the round total it makes."""
        before = self.round_totals.get(name, 0)
        self.raise_by(name, to - before, number, all_in=all_in)

    def all_in(self, name: str, added: int, number: int) -> None:
        """Chips added all-in: a bet, call, completion or raise by the total they make."""
        highest = max(self.round_totals.values(), default=0)
        total = self.round_totals.get(name, 0) + added
        if highest == 0:
            self.bet(name, added, number, all_in=True)
        elif total <= highest:
            self.call(name, added, number, all_in=True)
        else:
            self.raise_by(name, added, number, all_in=True)

    def fold(self, name: str, number: int) -> None:
        self.folded.add(name)
        self._act(number, Kind.FOLD, name)

    def live(self) -> list[str]:
        """The players dealt in and not folded."""
        dealt = {action.player for action in self.actions if action.kind is Kind.ANTE} or {
            seat.player for seat in self.seats if not seat.sitting_out}
        return [seat.player for seat in self.seats
                if seat.player in dealt and seat.player not in self.folded]
