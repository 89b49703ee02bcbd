"""Hand after hand at one table: stacks persist, players come and go, the button moves.

Cash tables play a session of some hundred hands in USD; players bust and rebuy or
leave, sit out and come back (a returning or new player posts a big blind), and new
ones join. Tournament tables play in chips with levels (and antes) until the hero busts
or wins; players bust out with their finishing place and are replaced by players moved
from other tables until the final table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime

from hhparse.synth import stakes as stakes_
from hhparse.synth.deck import ShortDeck
from hhparse.synth.engine import Entrant, Result, Setup, Stakes, play
from hhparse.synth.events import (
    E,
    Event,
    Facts,
    Outcome,
    PlayedHand,
    SeatLine,
    TournamentInfo,
)
from hhparse.synth.names import player_name, table_name
from hhparse.synth.options import Plan
from hhparse.synth.strategy import HERO_STYLE, MOODS, Style, random_style

HERO = "Hero"
CLUB = "Kitchen Table"
"""The home-game club of antes-only and single-blind tables."""


@dataclass(slots=True)
class Sitter:
    name: str
    seat: int
    stack: int
    style: Style
    is_hero: bool = False
    sitting_out: bool = False
    owes_big_blind: bool = False
    missed_small_blind: bool = False


@dataclass(slots=True)
class Tourney:
    tournament_id: int
    buy_in: int
    fee: int
    entrants: int
    left: int
    start_stack: int
    level: int = 1
    hands_in_level: int = 0
    level_length: int = 10


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                "th")
    return f"{number}{suffix}"


class Table:
    def __init__(self, plan: Plan, rng: random.Random, tourney: Tourney | None) -> None:
        self.plan = plan
        self.variant = plan.variant
        self.rng = rng
        self.tourney = tourney
        self.max_seats = plan.seats
        if tourney is None:
            self.name = table_name(rng)
            self.pair = stakes_.cash_pair(plan.structure, rng)
            self.hands_left = rng.randint(60, 400)
            self.mood = rng.choices(MOODS, weights=(70, 20, 10))[0]
        else:
            self.name = f"{tourney.tournament_id} {rng.randint(1, 60)}"
            self.pair = stakes_.level_pair(plan.structure, 1)
            self.hands_left = -1
            self.mood = rng.choices(MOODS, weights=(80, 10, 10))[0]
        self.forced = rng.choice(plan.forced) if plan.forced else None
        """This table's forced bets (None: PokerStars' blinds)."""
        self.club = CLUB if self.forced is not None and self.forced.blinds < 2 else None
        """Antes-only and single-blind games are private: a home game's club."""
        self.seats: dict[int, Sitter] = {}
        self.button: int | None = None
        self.closed = False
        self._seat_everyone()

    @property
    def owes_blinds(self) -> bool:
        """New and returning cash players post a big blind (blinds games only)."""
        return self.variant.is_draw and (self.forced is None or self.forced.blinds == 2)

    # ------------------------------------------------------------- set-up

    def stakes(self) -> Stakes:
        if self.tourney is not None:
            self.pair = stakes_.level_pair(self.plan.structure, self.tourney.level)
            level = self.tourney.level
        else:
            level = 1
        return stakes_.make_stakes(self.variant, self.plan.structure, self.pair,
                                   tournament=self.tourney is not None, level=level,
                                   forced=self.forced)

    def _seat_everyone(self) -> None:
        seats = list(range(1, self.max_seats + 1))
        hero_seat = self.rng.choice(seats)
        style = replace(HERO_STYLE, leak=self.plan.leak) if self.plan.leak else HERO_STYLE
        self.seats[hero_seat] = Sitter(HERO, hero_seat, self._new_stack(), style, is_hero=True)
        for seat in seats:
            if seat != hero_seat and (self.max_seats == 2 or self.rng.random() < 0.9):
                self.seats[seat] = self._newcomer(seat, owes=False)
        if len(self.seats) < 2:
            free = next(seat for seat in seats if seat not in self.seats)
            self.seats[free] = self._newcomer(free, owes=False)

    def _new_stack(self) -> int:
        if self.tourney is not None:
            return self.tourney.start_stack
        return stakes_.buy_in(self.stakes(), self.plan.structure, self.rng)

    def _newcomer(self, seat: int, *, owes: bool) -> Sitter:
        name = player_name(self.rng, {sitter.name for sitter in self.seats.values()} | {HERO})
        stack = self._new_stack()
        if self.tourney is not None and owes:
            tourney = self.tourney
            average = tourney.start_stack * tourney.entrants // max(tourney.left, 1)
            stack = max(1, int(average * self.rng.uniform(0.3, 2.0)))
        return Sitter(name, seat, stack, random_style(self.rng, self.mood),
                      owes_big_blind=owes and self.owes_blinds and self.tourney is None)

    # --------------------------------------------------------------- a hand

    def play(self, hand_id: int, started_at: datetime) -> PlayedHand:
        stakes = self.stakes()
        tournament = self.tourney is not None
        dealt = [s for _, s in sorted(self.seats.items())
                 if s.stack > 0 and (tournament or not s.sitting_out)]
        if self.variant.is_draw:
            self.button = self._next_button(dealt)
        entrants = tuple(
            Entrant(name=s.name, seat=s.seat, stack=s.stack, style=s.style, is_hero=s.is_hero,
                    auto_fold=tournament and s.sitting_out,
                    posts_big_blind=s.owes_big_blind,
                    missed_small_blind=s.missed_small_blind)
            for s in dealt
        )
        setup = Setup(variant=self.variant, structure=self.plan.structure, stakes=stakes,
                      entrants=entrants, button=self.button, raked=not tournament,
                      rake_cap=stakes_.rake_cap(stakes, len(entrants)), forced=self.forced)
        result = self._play(setup)
        seat_lines = tuple(SeatLine(s.seat, s.name, s.stack, s.sitting_out)
                           for _, s in sorted(self.seats.items()))
        for player in result.players:
            sitter = self.seats[player.seat]
            sitter.stack = player.remaining + result.collected.get(player.name, 0)
            sitter.owes_big_blind = sitter.missed_small_blind = False
        starts = {player.name: player.start for player in result.players}
        notes = self._tourney_changes(starts) if self.tourney else self._cash_changes()
        events = [*result.events, *(Event(E.NOTE, text=text) for text in notes)]
        return PlayedHand(
            variant=self.variant, structure=self.plan.structure, hand_id=hand_id,
            started_at=started_at, currency="chips" if tournament else "USD",
            stakes=(stakes.small, stakes.big), tournament=self._info(), table=self.name,
            max_seats=self.max_seats, button=self.button, seats=seat_lines, hero=HERO,
            club=self.club,
            events=tuple(events), total_pot=result.total_pot, pots=tuple(result.pots),
            rake=result.rake, board=tuple(result.board),
            outcomes=_outcomes(setup, result), facts=_facts(result, seat_lines, events),
        )

    def _play(self, setup: Setup) -> Result:
        while True:
            try:
                return play(setup, self.rng)
            except ShortDeck:
                continue  # no card a drawing player may receive: deal the hand again

    def _next_button(self, dealt: list[Sitter]) -> int:
        seats = [s.seat for s in dealt]
        if self.button is None:
            return self.rng.choice(seats)
        later = [seat for seat in seats if seat > self.button]
        return later[0] if later else seats[0]

    def _info(self) -> TournamentInfo | None:
        tourney = self.tourney
        if tourney is None:
            return None
        return TournamentInfo(tournament_id=tourney.tournament_id, buy_in=tourney.buy_in,
                              fee=tourney.fee, level=tourney.level)

    # ------------------------------------------------------- between hands

    def _cash_changes(self) -> list[str]:
        rng = self.rng
        notes: list[str] = []
        stakes = self.stakes()
        least = 3 * (stakes.min_bet or stakes.big_blind or stakes.small) + stakes.ante + (
            stakes.bring_in)
        for seat, sitter in sorted(self.seats.items()):
            if sitter.is_hero:
                if sitter.stack < least:
                    sitter.stack = self._new_stack()
                continue
            roll = rng.random()
            if sitter.stack < least:
                if roll < 0.45:
                    notes.append(self._leave(seat))
                elif roll < 0.9 or sitter.stack == 0:
                    sitter.stack = max(sitter.stack, self._new_stack())
                # else he plays on with what he has left (all-in with a blind or an ante);
                # with nothing left he rebuys (a seat of no chips is dealt no cards)
            elif sitter.sitting_out:
                if roll < 0.25:
                    sitter.sitting_out = False
                    sitter.owes_big_blind = self.owes_blinds
                    sitter.missed_small_blind = self.owes_blinds and rng.random() < 0.5
                    notes.append(f"{sitter.name} has returned")
                elif roll < 0.33:
                    notes.append(self._leave(seat))
            elif roll < sitter.style.restless:
                sitter.sitting_out = True
                notes.append(f"{sitter.name}: sits out")
            elif roll < 1.6 * sitter.style.restless:
                notes.append(self._leave(seat))
        self.hands_left -= 1
        if self.hands_left <= 0:
            self.closed = True
            return notes
        notes.extend(self._joins(0.25))
        waiting = [s for _, s in sorted(self.seats.items()) if s.sitting_out]
        if waiting and sum(1 for s in self.seats.values() if not s.sitting_out) < 2:
            waiting[0].sitting_out = False  # heads-up: the other player comes back
            waiting[0].owes_big_blind = self.owes_blinds
            notes.append(f"{waiting[0].name} has returned")
        return notes

    def _leave(self, seat: int) -> str:
        sitter = self.seats.pop(seat)
        return f"{sitter.name} leaves the table"

    def _joins(self, chance: float) -> list[str]:
        notes: list[str] = []
        empty = [seat for seat in range(1, self.max_seats + 1) if seat not in self.seats]
        ready = sum(1 for s in self.seats.values() if not s.sitting_out or self.tourney)
        for seat in empty:
            if ready < 2 or self.rng.random() < chance:
                sitter = self._newcomer(seat, owes=True)
                self.seats[seat] = sitter
                notes.append(f"{sitter.name} joins the table at seat #{seat}")
                ready += 1
        return notes

    def _tourney_changes(self, starts: dict[str, int]) -> list[str]:
        tourney = self.tourney
        assert tourney is not None
        rng = self.rng
        notes: list[str] = []
        busted = sorted((s for s in self.seats.values() if s.stack == 0),
                        key=lambda s: (starts.get(s.name, 0), s.seat))
        for sitter in busted:
            notes.append(f"{sitter.name} finished the tournament in {ordinal(tourney.left)} "
                         "place")
            tourney.left -= 1
            del self.seats[sitter.seat]
            if sitter.is_hero:
                self.closed = True
        if tourney.left <= 1 and not self.closed:
            winner = next(iter(self.seats.values()))
            prize = tourney.buy_in * tourney.entrants * 3 // 10
            notes.append(f"{winner.name} wins the tournament and receives "
                         f"${prize // 100}.{prize % 100:02d} - congratulations!")
            self.closed = True
        if self.closed:
            return notes
        elsewhere = tourney.left - len(self.seats)
        if elsewhere > 0:
            expected = elsewhere * 0.004
            gone = int(expected) + (1 if rng.random() < expected - int(expected) else 0)
            tourney.left -= min(gone, elsewhere)
        for sitter in self.seats.values():
            if sitter.is_hero:
                continue
            if sitter.sitting_out and rng.random() < 0.3:
                sitter.sitting_out = False
                notes.append(f"{sitter.name} has returned")
            elif not sitter.sitting_out and rng.random() < 0.004:
                sitter.sitting_out = True
                notes.append(f"{sitter.name} is sitting out")
        if tourney.left > len(self.seats):
            notes.extend(self._joins(0.4))
        tourney.hands_in_level += 1
        if tourney.hands_in_level >= tourney.level_length:
            tourney.level += 1
            tourney.hands_in_level = 0
        return notes


def _outcomes(setup: Setup, result: Result) -> tuple[Outcome, ...]:
    button = setup.button
    outcomes = []
    for player in sorted(result.players, key=lambda p: p.seat):
        tags: list[str] = []
        if button is not None:
            if player.seat == button:
                tags.append("button")
            if player.name == result.small_blind:
                tags.append("small blind")
            if player.name == result.big_blind:
                tags.append("big blind")
        won = result.collected.get(player.name, 0)
        if player.folded:
            outcome = Outcome(player.seat, player.name, tuple(tags), "folded",
                              street=player.fold_street, bet=player.voluntary or player.blind)
        elif not result.showdown:
            outcome = Outcome(player.seat, player.name, tuple(tags), "collected", won=won)
        elif player.name in result.shown:
            outcome = Outcome(player.seat, player.name, tuple(tags), "showed",
                              cards=tuple(player.cards), won=won,
                              description=result.shown[player.name])
        else:
            outcome = Outcome(player.seat, player.name, tuple(tags), "mucked",
                              cards=tuple(player.cards), won=won)
        outcomes.append(outcome)
    return tuple(outcomes)


def _facts(result: Result, seats: tuple[SeatLine, ...], events: list[Event]) -> Facts:
    kinds = {event.kind for event in events}
    return Facts(
        side_pots=len(result.pots) > 1,
        split_pot=result.split_pot,
        uncalled_bet=E.UNCALLED in kinds,
        capped=E.CAPPED in kinds,
        reshuffles=result.reshuffles,
        community_card=bool(result.board),
        all_in=any(player.all_in for player in result.players),
        sitting_out=sum(1 for seat in seats if seat.sitting_out),
        showdown=result.showdown,
        players=len(result.players),
        short_all_in=result.short_all_in,
        raise_over_short_all_in=result.raise_over_short_all_in,
        all_in_forced=any(event.all_in and event.kind in FORCED for event in events),
        bring_in_passed=result.bring_in_passed,
        voluntary_show=result.voluntary_show,
    )


FORCED = frozenset({E.ANTE, E.POST_SB, E.POST_BB, E.POST_SB_BB})
