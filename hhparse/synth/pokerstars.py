"""Writes a played hand as PokerStars writes it (what the hero sees, in its words).

Games PokerStars does not deal (A-5 draws, Badeucey, Badacey) are written in the same
style under the variant's name. Lines keep PokerStars' trailing spaces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hhparse.cards import DECK, Card
from hhparse.synth.events import E, Event, Outcome, PlayedHand
from hhparse.synth.names import roman
from hhparse.variants import BettingStructure

GAME_NAMES: Final = {
    "five_card_draw": "5 Card Draw",
    "27_single_draw": "Single Draw 2-7 Lowball",
    "27_triple_draw": "Triple Draw 2-7 Lowball",
    "a5_triple_draw": "A-5 Triple Draw",
    "a5_single_draw": "A-5 Single Draw",
    "badugi": "Badugi",
    "badeucey": "Badeucey",
    "badacey": "Badacey",
    "razz": "Razz",
    "stud": "7 Card Stud",
    "stud8": "7 Card Stud Hi/Lo",
}
STRUCTURE_WORDS: Final = {
    BettingStructure.FIXED_LIMIT: "Limit",
    BettingStructure.POT_LIMIT: "Pot Limit",
    BettingStructure.NO_LIMIT: "No Limit",
}
STUD_STREET_NAMES: Final = ("3rd Street", "4th Street", "5th Street", "6th Street", "River")
DRAW_ORDINALS: Final = ("", "1st", "2nd", "3rd")
_DOLLARS: dict[int, str] = {}
"""Cents -> ``$12.50`` (amounts repeat from hand to hand)."""


CARD_TEXT: Final = tuple(str(card) for card in DECK)


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join([CARD_TEXT[card.index] for card in cards])


class _Writer:
    def __init__(self, hand: PlayedHand) -> None:
        self.hand = hand
        self.hero = hand.hero
        self.chips = hand.currency == "chips"
        self.stud = hand.variant.is_stud
        self.triple = bool(hand.variant.draws and hand.variant.draws.count > 1)
        self.stud_street = 0
        self.up: dict[str, list[Card]] = {}
        self.lines: list[str] = []

    def money(self, amount: int) -> str:
        if self.chips:
            return str(amount)
        text = _DOLLARS.get(amount)
        if text is None:
            whole, cents = divmod(amount, 100)
            text = f"${whole}.{cents:02d}" if cents else f"${whole}"
            if len(_DOLLARS) < 100_000:
                _DOLLARS[amount] = text
        return text

    def write(self) -> str:
        hand = self.hand
        lines = self.lines
        lines.append(self.header())
        button = f" Seat #{hand.button} is the button" if hand.button is not None else ""
        lines.append(f"Table '{hand.table}' {hand.max_seats}-max{button}")
        for seat in hand.seats:
            out = " is sitting out" if seat.sitting_out else " "
            lines.append(f"Seat {seat.seat}: {seat.player} ({self.money(seat.stack)} in chips)"
                         f"{out}")
        for event in hand.events:
            line = self.event(event)
            if line is not None:
                lines.append(line)
        lines.append("*** SUMMARY ***")
        lines.append(self.totals())
        if hand.board:
            lines.append(f"Board [{cards_text(hand.board)}]")
        lines.extend(self.outcome(outcome) for outcome in hand.outcomes)
        return "\n".join(lines) + "\n"

    def header(self) -> str:
        hand = self.hand
        game = f"{GAME_NAMES[hand.variant.id]} {STRUCTURE_WORDS[hand.structure]}"
        when = f"{hand.started_at:%Y/%m/%d %H:%M:%S} ET"
        small, big = hand.stakes
        tourney = hand.tournament
        title = "Hand" if hand.club is None else "Home Game Hand"
        club = "" if hand.club is None else f"{{{hand.club}}} "
        if tourney is None:
            return (f"PokerStars {title} #{hand.hand_id}:  {club}{game} ({self.money(small)}/"
                    f"{self.money(big)} USD) - {when}")
        buy_in = f"${tourney.buy_in / 100:.2f}+${tourney.fee / 100:.2f}"
        return (f"PokerStars {title} #{hand.hand_id}: {club}Tournament #{tourney.tournament_id}, "
                f"{buy_in} USD {game} - Level {roman(tourney.level)} ({small}/{big}) - {when}")

    def event(self, event: Event) -> str | None:
        return _LINES[event.kind](self, event)

    def _ante(self, event: Event) -> str:
        return f"{event.player}: posts the ante {self.money(event.amount)}{_all_in(event)}"

    def _small_blind(self, event: Event) -> str:
        return f"{event.player}: posts small blind {self.money(event.amount)}{_all_in(event)}"

    def _big_blind(self, event: Event) -> str:
        return f"{event.player}: posts big blind {self.money(event.amount)}{_all_in(event)}"

    def _both_blinds(self, event: Event) -> str:
        return (f"{event.player}: posts small & big blinds {self.money(event.amount)}"
                f"{_all_in(event)}")

    def _bring_in(self, event: Event) -> str:
        return f"{event.player}: brings in for {self.money(event.amount)}{_all_in(event)}"

    def _raise(self, event: Event) -> str:
        return (f"{event.player}: raises {self.money(event.amount)} to {self.money(event.to)}"
                f"{_all_in(event)}")

    def _bet(self, event: Event) -> str:
        return f"{event.player}: bets {self.money(event.amount)}{_all_in(event)}"

    def _call(self, event: Event) -> str:
        return f"{event.player}: calls {self.money(event.amount)}{_all_in(event)}"

    def _discard(self, event: Event) -> str:
        plural = "s" if event.amount > 1 else ""
        shown = f" [{cards_text(event.cards)}]" if event.player == self.hero else ""
        return f"{event.player}: discards {event.amount} card{plural}{shown}"

    def _stand_pat(self, event: Event) -> str:
        if event.player == self.hero:
            return f"{event.player}: stands pat on [{cards_text(event.cards)}]"
        return f"{event.player}: stands pat "

    def _uncalled(self, event: Event) -> str:
        return f"Uncalled bet ({self.money(event.amount)}) returned to {event.player}"

    def _show(self, event: Event) -> str:
        described = f" ({event.text})" if event.text else ""
        return f"{event.player}: shows [{cards_text(event.cards)}]{described}"

    def _collect(self, event: Event) -> str:
        return f"{event.player} collected {self.money(event.amount)} from {event.text}"

    def street(self, event: Event) -> str:
        if self.stud and event.text in ("4th STREET", "5th STREET", "6th STREET", "RIVER"):
            self.stud_street += 1
        if event.cards:
            return f"*** {event.text} *** [{cards_text(event.cards)}]"
        return f"*** {event.text} ***"

    def dealt(self, event: Event) -> str | None:
        who = event.player
        if not self.stud:
            if who != self.hero:
                return None
            if not event.cards:
                return f"Dealt to {who} [{cards_text(event.new_cards)}]"
            return f"Dealt to {who} [{cards_text(event.cards)}] [{cards_text(event.new_cards)}]"
        street = self.stud_street
        up = self.up.setdefault(who, [])
        if street == 0:
            up.append(event.new_cards[2])
            if who == self.hero:
                return f"Dealt to {who} [{cards_text(event.new_cards)}]"
            return f"Dealt to {who} [{cards_text(event.new_cards[2:])}]"
        earlier = list(event.cards) if who == self.hero else list(up)
        if street < 4:
            up.extend(event.new_cards)
        elif who != self.hero:
            return None
        return f"Dealt to {who} [{cards_text(earlier)}] [{cards_text(event.new_cards)}]"

    def totals(self) -> str:
        hand = self.hand
        pots = ""
        if len(hand.pots) > 1:
            sides = hand.pots[1:]
            if len(sides) == 1:
                pots = f" Main pot {self.money(hand.pots[0])}. Side pot {self.money(sides[0])}."
            else:
                pots = f" Main pot {self.money(hand.pots[0])}." + "".join(
                    f" Side pot-{index} {self.money(amount)}."
                    for index, amount in enumerate(sides, start=1)
                )
        return f"Total pot {self.money(hand.total_pot)}{pots} | Rake {self.money(hand.rake)} "

    def outcome(self, outcome: Outcome) -> str:
        tags = "".join(f" ({tag})" for tag in outcome.tags)
        start = f"Seat {outcome.seat}: {outcome.player}{tags}"
        match outcome.result:
            case "folded":
                didnt = "" if outcome.bet else " (didn't bet)"
                return f"{start} folded {self.fold_place(outcome.street)}{didnt}"
            case "collected":
                return f"{start} collected ({self.money(outcome.won)})"
            case "showed":
                if outcome.won:
                    return (f"{start} showed [{cards_text(outcome.cards)}] and won "
                            f"({self.money(outcome.won)}) with {outcome.description}")
                return (f"{start} showed [{cards_text(outcome.cards)}] and lost with "
                        f"{outcome.description}")
        won = f" and won ({self.money(outcome.won)})" if outcome.won else ""
        return f"{start} mucked [{cards_text(outcome.cards)}]{won}"

    def fold_place(self, street: int) -> str:
        if self.stud:
            return f"on the {STUD_STREET_NAMES[min(street, 4)]}"
        if street <= 0:
            return "before the Draw"
        if not self.triple:
            return "after the Draw"
        return f"after the {DRAW_ORDINALS[min(street, 3)]} Draw"


def _all_in(event: Event) -> str:
    return " and is all-in" if event.all_in else ""


_LINES: Final[dict[E, Callable[[_Writer, Event], str | None]]] = {
    E.ANTE: _Writer._ante,
    E.POST_SB: _Writer._small_blind,
    E.POST_BB: _Writer._big_blind,
    E.POST_SB_BB: _Writer._both_blinds,
    E.STREET: _Writer.street,
    E.DEALT: _Writer.dealt,
    E.BRING_IN: _Writer._bring_in,
    E.COMPLETE: _Writer._raise,
    E.RAISE: _Writer._raise,
    E.BET: _Writer._bet,
    E.CALL: _Writer._call,
    E.CHECK: lambda _, event: f"{event.player}: checks ",
    E.FOLD: lambda _, event: f"{event.player}: folds ",
    E.CAPPED: lambda _, event: "Betting is capped",
    E.DISCARD: _Writer._discard,
    E.STAND_PAT: _Writer._stand_pat,
    E.RESHUFFLE: lambda _, event: "The deck is reshuffled",
    E.UNCALLED: _Writer._uncalled,
    E.SHOW: _Writer._show,
    E.MUCK: lambda _, event: f"{event.player}: mucks hand ",
    E.COLLECT: _Writer._collect,
    E.NO_SHOW: lambda _, event: f"{event.player}: doesn't show hand ",
    E.NOTE: lambda _, event: event.text,
    E.DOUBLE_BET: lambda _, event: "Pair on board - a double bet is allowed",
}


def write_hand(hand: PlayedHand) -> str:
    """One hand in PokerStars' format (lines end with ``\\n``)."""
    return _Writer(hand).write()
