"""Plays one hand: forced bets, the deal, betting rounds, draws or stud streets, showdown.

The hand is described by a :class:`Setup` (who sits where with what, the stakes, the
button) and played by simple players (strategy.py) reading their cards (reading.py).
The result is a list of neutral events (events.py) and the money: pots, rake, what each
player collected. The rules followed are those of RULES.md as the replayer applies them
(betting.py); cards come from a shuffled deck with PokerStars' reshuffle (deck.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hhparse.cards import Card
from hhparse.synth import reading
from hhparse.synth.betting import Player, Round
from hhparse.synth.boards import board_key, bring_in_weight, open_pair, up_cards
from hhparse.synth.deck import Deck
from hhparse.synth.events import E, Event
from hhparse.synth.showdown import describe, evaluate, settle
from hhparse.synth.strategy import (
    CALL,
    CHECK,
    FOLD,
    Decision,
    Spot,
    Style,
    decide,
    entry_share,
)
from hhparse.variants import Antes, BetSize, BettingStructure, ForcedStructure, Opener, Variant

CAP = 4
"""PokerStars: four bets per fixed-limit round (heads-up too)."""
DRAW_MARKERS = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW")
STUD_MARKERS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    small: int
    """Fixed limit: the small bet; no-limit and pot-limit: the small blind."""
    big: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    unit: int = 1
    """No-limit and pot-limit bets are rounded to this."""
    min_bet: int = 0
    """No-limit and pot-limit: the smallest bet when it is not the big blind (antes-only
    games post none)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Entrant:
    """A player dealt into the hand."""

    name: str
    seat: int
    stack: int
    style: Style
    is_hero: bool = False
    auto_fold: bool = False
    posts_big_blind: bool = False
    """New or returning (cash): posts a big blind out of position."""
    missed_small_blind: bool = False
    """Returning after missing the blinds: posts the small blind too, dead."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Setup:
    variant: Variant
    structure: BettingStructure
    stakes: Stakes
    entrants: tuple[Entrant, ...]
    """Seat order."""
    button: int | None
    raked: bool
    rake_cap: int
    forced: ForcedStructure | None = None
    """A draw game's forced bets (None: small and big blind, any antes the stakes give
    everyone)."""


@dataclass(slots=True)
class Result:
    events: list[Event] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    total_pot: int = 0
    pots: list[int] = field(default_factory=list)
    rake: int = 0
    board: list[Card] = field(default_factory=list)
    collected: dict[str, int] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)
    """Player -> description of the hand shown."""
    split_pot: bool = False
    reshuffles: int = 0
    showdown: bool = False
    small_blind: str = ""
    big_blind: str = ""
    voluntary_show: bool = False
    """The winner of an uncontested pot showed some of his cards."""
    short_all_in: bool = False
    """Fixed limit: a bet, raise or completion all-in for less than a full step."""
    raise_over_short_all_in: bool = False
    """Fixed limit: a full bet or raise made over a short all-in (to the level + a step)."""
    bring_in_passed: bool = False
    """Stud: the door card's player was all-in for the ante; the next one brought in."""


class Hand:
    """One hand being played (use :func:`play`)."""

    def __init__(self, setup: Setup, rng: random.Random) -> None:
        self.setup = setup
        self.variant = setup.variant
        self.rng = rng
        self.limit = setup.structure is BettingStructure.FIXED_LIMIT
        self.pot_limit = setup.structure is BettingStructure.POT_LIMIT
        self.stakes = setup.stakes
        self.deck = Deck(rng)
        self.result = Result()
        self.events = self.result.events
        self.players = [
            Player(e.name, e.seat, e.stack, e.style, is_hero=e.is_hero, auto_fold=e.auto_fold,
                   entry=reading.entry_bar(self.variant, entry_share(e.style)))
            for e in setup.entrants
        ]
        self.result.players = self.players
        after = setup.button if setup.button is not None else 0
        seated = sorted(self.players, key=lambda p: p.seat)
        later = [p for p in seated if p.seat > after]
        self.order = later + [p for p in seated if p.seat <= after]
        """Clockwise from the player left of the button; stud: seat order."""
        self.place = {p.name: index for index, p in enumerate(self.order)}
        self.round = Round(0, 1, limit=self.limit, cap=CAP)
        self.street = 0
        self.bring_in_amount = 0
        self.last_aggressor: Player | None = None
        self.pot = 0
        self.n_active = len(self.players)
        self.n_able = len(self.players)
        self.read_cache: dict[str, float] = {}
        self.draws = self.variant.draws.count if self.variant.draws else 0

    # ------------------------------------------------------------------ helpers

    def emit(self, kind: E, player: str = "", amount: int = 0, to: int = 0,
             all_in: bool = False, cards: tuple[Card, ...] = (),
             new_cards: tuple[Card, ...] = (), text: str = "") -> None:
        self.events.append(Event(kind, player, amount, to, all_in, cards, new_cards, text))

    def active(self) -> list[Player]:
        return [p for p in self.order if not p.folded]

    def hand_over(self) -> bool:
        return self.n_active <= 1

    def needs_to_act(self, player: Player) -> bool:
        if player.folded or player.all_in:
            return False
        if self.owed(player) > 0:
            return True
        return not player.acted and self.n_able > 1

    def someone_could_call_more(self, player: Player) -> bool:
        """Nobody raises when no other player still able to act has chips beyond the bet
        (PokerStars offers no raise there; pokerkit refuses it)."""
        bet = self.round.current_bet
        return any(p is not player and p.can_act and p.committed + p.remaining > bet
                   for p in self.order)

    def owed(self, player: Player) -> int:
        """What a call costs. A big blind or bring-in all-in for less still costs the
        others the full amount, but the last player able to act owes only what the all-in
        players have in (nobody could call more)."""
        owed = self.round.current_bet - player.committed
        if owed <= 0 or self.n_able > 1:
            return max(owed, 0)
        others = max((p.committed for p in self.order if p is not player and not p.folded),
                     default=0)
        return max(0, min(owed, others - player.committed))

    def next_able(self, after: Player | None) -> Player | None:
        """The next player clockwise after ``after`` who still has to act this round."""
        count = len(self.order)
        start = self.place[after.name] if after is not None else -1
        for offset in range(1, count + 1):
            player = self.order[(start + offset) % count]
            if self.needs_to_act(player):
                return player
        return None

    def put_in(self, player: Player, amount: int, *, live: bool = True) -> None:
        player.remaining -= amount
        if live:
            player.committed += amount
        player.contributed += amount
        self.pot += amount
        if player.remaining == 0 and not player.all_in:
            player.all_in = True
            self.n_able -= 1

    def start_round(self, street: int) -> None:
        self.street = street
        self.last_aggressor = None
        step = self.step_for(street)
        self.round = Round(street, step, limit=self.limit, cap=CAP)
        for player in self.players:
            player.committed = 0
            player.acted = False
            player.acted_at_raise = -1

    def step_for(self, street: int) -> int:
        stakes = self.stakes
        if not self.limit:
            return stakes.min_bet or stakes.big_blind
        bets = self.variant.round_bets
        size = bets[street] if street < len(bets) else BetSize.BIG
        return stakes.small if size is BetSize.SMALL else stakes.big

    # --------------------------------------------------------------- the hand

    def play(self) -> Result:
        self.start_round(0)
        if self.variant.is_draw:
            self.play_draw()
        else:
            self.play_stud()
        self.finish()
        self.result.reshuffles = self.deck.reshuffles
        return self.result

    def post_antes(self) -> None:
        """Everyone antes; with a big-blind ante, the big blind's player alone."""
        ante = self.stakes.ante
        if not ante:
            return
        forced = self.setup.forced
        posters = self.order
        if forced is not None and forced.antes is Antes.BIG_BLIND:
            posters = [self.blind_players()[-1]]
        for player in posters:
            amount = min(ante, player.remaining)
            self.put_in(player, amount, live=False)
            if forced is not None and forced.antes is Antes.BIG_BLIND:
                player.dead += amount  # one player's ante: dead money, matched by nobody
            self.emit(E.ANTE, player.name, amount, all_in=player.all_in)

    def blind_players(self) -> list[Player]:
        """Who posts the live blinds: small and big (heads-up the button posts the small),
        the one blind (the first player left of the button), or nobody."""
        blinds = self.setup.forced.blinds if self.setup.forced is not None else 2
        order = self.order
        if blinds == 0:
            return []
        if blinds == 1:
            return [order[0]]
        return [order[-1], order[0]] if len(order) == 2 else [order[0], order[1]]

    # ------------------------------------------------------------ draw games

    def play_draw(self) -> None:
        self.post_antes()
        self.post_blinds()
        self.emit(E.STREET, text="DEALING HANDS")
        size = self.variant.hand_size
        for player in self.order:
            player.cards = self.deck.deal(size)
            self.emit(E.DEALT, player.name, new_cards=tuple(player.cards))
        self.betting(self.first_after_blinds())
        draws = self.draws
        for number in range(1, draws + 1):
            if self.hand_over():
                return
            self.start_round(number)
            if draws > 1:
                self.emit(E.STREET, text=DRAW_MARKERS[number - 1])
            self.draw(number, draws - number + 1)
            self.betting(self.next_able(self.order[-1]))

    def post_blinds(self) -> None:
        order = self.order
        posters = self.blind_players()
        if len(posters) == 1:
            self.result.big_blind = posters[0].name
            self.post(posters[0], E.POST_BB, self.stakes.big_blind)
        if len(posters) < 2:
            return  # one blind or antes only: nobody posts out of position
        small, big = posters
        self.result.small_blind, self.result.big_blind = small.name, big.name
        self.post(small, E.POST_SB, self.stakes.small_blind)
        self.post(big, E.POST_BB, self.stakes.big_blind)
        stakes = self.stakes
        for entrant, player in zip(self.setup.entrants, self.players, strict=True):
            if not entrant.posts_big_blind or player in (small, big) or len(order) <= 2 or (
                player.all_in
            ):
                continue
            if entrant.missed_small_blind and stakes.small_blind * 2 == stakes.big_blind and (
                player.remaining > stakes.small_blind + stakes.big_blind
            ):
                self.put_in(player, stakes.small_blind, live=False)
                player.dead += stakes.small_blind
                self.post(player, E.POST_SB_BB, stakes.big_blind,
                          printed=stakes.small_blind + stakes.big_blind)
            else:
                self.post(player, E.POST_BB, stakes.big_blind)

    def post(self, player: Player, kind: E, amount: int, printed: int = 0) -> None:
        """A live blind (``printed``: the line's amount when a dead part went in first)."""
        if player.all_in:
            return
        amount = min(amount, player.remaining)
        self.put_in(player, amount)
        player.blind = True
        round_ = self.round
        round_.current_bet = max(round_.current_bet, player.committed)
        if kind is not E.POST_SB:
            round_.bets = max(round_.bets, 1)
            # all-in for less: the others still owe the full big blind
            round_.current_bet = max(round_.current_bet, self.stakes.big_blind)
            round_.level = max(round_.level, round_.current_bet)
        self.emit(kind, player.name, printed or amount, all_in=player.all_in)

    def first_after_blinds(self) -> Player | None:
        """Left of the big blind; left of the one blind; antes only: left of the button."""
        opener = self.setup.forced.opener if self.setup.forced is not None else (
            Opener.LEFT_OF_BIG_BLIND)
        if opener is Opener.LEFT_OF_DEALER:
            return self.next_able(self.order[-1])
        return self.next_able(self.blind_players()[-1])

    def draw(self, number: int, draws_left: int) -> None:
        limit = self.variant.max_discard()
        for player in self.active():
            keep = self.keep_for(player, draws_left)
            kept = {card.index for card in keep}
            thrown = [card for card in player.cards if card.index not in kept]
            if len(thrown) > limit:
                thrown = thrown[:limit]
                dropped = {card.index for card in thrown}
                keep = tuple(card for card in player.cards if card.index not in dropped)
            if not thrown:
                self.emit(E.STAND_PAT, player.name, cards=tuple(player.cards))
                continue
            self.emit(E.DISCARD, player.name, len(thrown), cards=tuple(thrown))
            self.deck.throw(thrown)
            player.own_discards.update(thrown)
            new, reshuffled = self.deck.replace(len(thrown), player.own_discards)
            if reshuffled:
                self.emit(E.RESHUFFLE)
            self.emit(E.DEALT, player.name, cards=tuple(keep), new_cards=tuple(new))
            player.cards = [*keep, *new]
        self.read_cache.clear()

    def keep_for(self, player: Player, draws_left: int) -> tuple[Card, ...]:
        style = player.style
        if player.snowing:
            return tuple(player.cards)
        read = reading.read_draw(self.variant, player.cards, draws_left, style.pat_bias)
        if style.leak == "breaks-pats" and len(read.keep) == len(player.cards):
            return _without_top_card(self.variant, read.keep)
        if len(read.keep) < len(player.cards) and read.strength < 0.3 and style.snows and (
            self.n_active == 2 and draws_left <= 2 and self.rng.random() < style.snows
        ):
            player.snowing = True
            return tuple(player.cards)
        return read.keep

    # ------------------------------------------------------------ stud games

    def play_stud(self) -> None:
        self.post_antes()
        payer = self.deal_third_street()
        if payer is not None:
            self.bring_in(payer)
            self.betting(self.next_able(payer))
        for street in range(1, 5):
            if self.hand_over():
                return
            self.stud_street(street)

    def deal_third_street(self) -> Player | None:
        """Two down, one up to everyone; returns who brings in: the door card's player, or,
        when he is all-in for the ante, the next player clockwise who still has chips
        (None: nobody has)."""
        variant = self.variant
        self.emit(E.STREET, text=STUD_MARKERS[0])
        for player in self.order:
            player.cards = self.deck.deal(3)
            self.emit(E.DEALT, player.name, new_cards=tuple(player.cards))
        forced = max(self.order, key=lambda p: bring_in_weight(variant, p.cards[2]))
        start = self.place[forced.name]
        count = len(self.order)
        for offset in range(count):
            player = self.order[(start + offset) % count]
            if player.remaining > 0:
                self.result.bring_in_passed = offset > 0
                return player
        return None

    def bring_in(self, player: Player) -> None:
        amount = min(self.stakes.bring_in, player.remaining)
        self.put_in(player, amount)
        player.blind = True
        # all-in for part of it: the others still enter for the full bring-in
        self.bring_in_amount = self.stakes.bring_in
        self.round.current_bet = max(self.round.current_bet, self.bring_in_amount)
        player.acted = True
        self.emit(E.BRING_IN, player.name, amount, all_in=player.all_in)

    def stud_street(self, street: int) -> None:
        self.start_round(street)
        active = self.active()
        if street == 4 and self.deck.left() < len(active):
            card = self.deck.deal(1)[0]
            self.result.board.append(card)
            self.emit(E.STREET, text=STUD_MARKERS[street], cards=(card,))
        else:
            self.emit(E.STREET, text=STUD_MARKERS[street])
            for player in active:
                new = self.deck.deal(1)
                self.emit(E.DEALT, player.name, cards=tuple(player.cards), new_cards=tuple(new))
                player.cards.extend(new)
        self.read_cache.clear()
        if street == 1 and self.variant.open_pair_big_bet and any(
            open_pair(up_cards(p.cards)) for p in active
        ):
            self.emit(E.DOUBLE_BET)
        self.betting(self.best_board())

    def best_board(self) -> Player | None:
        able = [p for p in self.order if p.can_act]
        if not able:
            return None
        return max(able, key=lambda p: board_key(self.variant, up_cards(p.cards)))

    # --------------------------------------------------------------- betting

    def betting(self, first: Player | None) -> None:
        player = first
        if player is not None and not self.needs_to_act(player):
            player = self.next_able(player)
        while player is not None and not self.hand_over():
            self.act(player)
            player = self.next_able(player)
        if self.round.current_bet:
            self.return_uncalled()

    def act(self, player: Player) -> None:
        decision = self.decision(player)
        owed = self.owed(player)
        if decision.action == "fold":
            if owed == 0 and not player.auto_fold:
                decision = CHECK
            else:
                self.fold(player)
                return
        if decision.action == "check" and owed > 0:
            decision = CALL
        if decision.action == "call" and owed == 0:
            decision = CHECK
        if decision.action == "check":
            self.emit(E.CHECK, player.name)
        elif decision.action == "call":
            amount = min(owed, player.remaining)
            self.put_in(player, amount)
            player.voluntary = True
            self.emit(E.CALL, player.name, amount, all_in=player.all_in)
        else:
            self.raise_to(player, decision.to)
        player.acted = True
        player.acted_at_raise = self.round.full_raises
        player.acted_at_bet = self.round.current_bet

    def fold(self, player: Player) -> None:
        player.folded = True
        self.n_active -= 1
        if not player.all_in:
            self.n_able -= 1
        player.fold_street = self.street
        player.acted = True
        self.deck.throw(player.cards)
        self.emit(E.FOLD, player.name)

    def decision(self, player: Player) -> Decision:
        round_ = self.round
        owed = self.owed(player)
        if player.auto_fold:
            return FOLD
        can_raise = (player.remaining > owed and round_.may_raise(player)
                     and self.someone_could_call_more(player))
        min_to = max_to = 0
        if can_raise:
            min_to, max_to = self.raise_bounds(player)
            can_raise = max_to > round_.current_bet
        spot = Spot(
            1.0 if player.snowing else self.strength(player),
            owed,
            self.pot,
            round_.current_bet,
            can_raise,
            min_to,
            max_to,
            player.remaining,
            self.limit,
            self.n_active - 1,
            self.stakes.unit,
            player.entry if self.street == 0 else None,
        )
        return decide(player.style, spot, self.rng)

    def raise_bounds(self, player: Player) -> tuple[int, int]:
        """(smallest, largest) round total this player may bet or raise to."""
        round_ = self.round
        all_in_to = player.committed + player.remaining
        if self.limit:
            to = self.limit_target(player)
            return min(to, all_in_to), min(to, all_in_to)
        min_to = round_.min_raise_to()
        max_to = all_in_to
        if self.pot_limit:
            owed = round_.current_bet - player.committed
            pot = self.pot
            max_to = min(max_to, round_.current_bet + pot + owed)
        return min(min_to, all_in_to), max(min(min_to, all_in_to), max_to)

    def limit_target(self, player: Player) -> int:
        round_ = self.round
        if self.completing():
            return round_.step
        if self.open_pair_big_bet() and round_.current_bet == 0 and self.strength(player) > 0.6:
            return self.step_for(2)
        return round_.level + round_.step

    def open_pair_big_bet(self) -> bool:
        """Stud high, 4th street: an open pair showing allows the big bet."""
        return self.street == 1 and self.variant.open_pair_big_bet and any(
            open_pair(up_cards(p.cards)) for p in self.active()
        )

    def completing(self) -> bool:
        """3rd street until someone completes the bring-in to a full small bet (an all-in
        for less completes nothing: the level stays)."""
        return self.variant.is_stud and self.street == 0 and not self.round.completed

    def raise_to(self, player: Player, to: int) -> None:
        round_ = self.round
        to = min(to, player.committed + player.remaining)
        increment = to - round_.current_bet
        completing = self.completing()
        self.put_in(player, to - player.committed)
        all_in = player.all_in
        if self.limit:
            full = to >= (round_.step if completing else round_.level + round_.step)
            self.result.short_all_in |= not full
            self.result.raise_over_short_all_in |= full and round_.current_bet > (
                round_.level if not completing else self.bring_in_amount
            )
            if full and completing:
                round_.completed = True
            big = round_.level + self.step_for(2)
            if not completing and to == big and big > round_.level + round_.step and (
                self.open_pair_big_bet()
            ):
                round_.step = self.step_for(2)  # the big bet on 4th street
        else:
            full = increment >= (max(round_.last_raise, round_.step) if round_.current_bet
                                 else round_.step)
        kind = E.COMPLETE if completing else (E.RAISE if round_.current_bet else E.BET)
        round_.record_raise(to, full=full)
        player.voluntary = True
        self.last_aggressor = player
        if kind is E.BET:
            self.emit(E.BET, player.name, to, all_in=all_in)
        else:
            self.emit(kind, player.name, increment, to=to, all_in=all_in)
        if self.limit and full and round_.bets == CAP:
            self.emit(E.CAPPED)

    def return_uncalled(self) -> None:
        ranked = sorted(self.players, key=lambda p: p.contributed - p.dead, reverse=True)
        if len(ranked) < 2:
            return
        top, second = ranked[0], ranked[1]
        excess = (top.contributed - top.dead) - (second.contributed - second.dead)
        if excess <= 0:
            return
        top.contributed -= excess
        top.remaining += excess
        self.pot -= excess
        top.committed -= min(excess, top.committed)
        self.round.current_bet = max(p.committed for p in self.players)
        self.emit(E.UNCALLED, top.name, excess)

    # -------------------------------------------------------------- strength

    def strength(self, player: Player) -> float:
        """How the player reads his hand now (once per betting round)."""
        cached = self.read_cache.get(player.name)
        if cached is not None:
            return cached
        if self.variant.is_draw:
            draws_left = self.draws - self.street
            value = reading.read_draw(self.variant, player.cards, draws_left,
                                      player.style.pat_bias, choose=False).strength
        else:
            cards = player.cards + self.result.board
            value = reading.read_stud(self.variant, cards, 7 - len(cards))
        self.read_cache[player.name] = value
        return value

    # ------------------------------------------------------------------ end

    def finish(self) -> None:
        self.return_uncalled()
        result = self.result
        result.total_pot = sum(p.contributed for p in self.players)
        active = self.active()
        saw_more = self.street > 0
        rake = 0
        if self.setup.raked and saw_more:
            rake = min(self.setup.rake_cap, result.total_pot * 5 // 100)
        result.rake = rake
        if len(active) == 1:
            winner = active[0]
            result.pots = [result.total_pot - rake]
            result.collected = {winner.name: result.total_pot - rake}
            if result.total_pot:  # a walk of the one blind leaves nothing to collect
                self.emit(E.COLLECT, winner.name, result.total_pot - rake, text="pot")
            self.show_or_not(winner)
            return
        result.showdown = True
        self.emit(E.STREET, text="SHOW DOWN")
        settle(self, rake)


    def show_or_not(self, winner: Player) -> None:
        """After winning uncontested a player may show any of his cards (a bluff, a
        monster, one card or two): some do, the others do not show."""
        cards = winner.cards
        if not cards or self.rng.random() >= VOLUNTARY_SHOW_RATE:
            self.emit(E.NO_SHOW, winner.name)
            return
        count = self.rng.randint(1, len(cards))
        picked = set(self.rng.sample(range(len(cards)), count))
        shown = tuple(card for index, card in enumerate(cards) if index in picked)
        text = ""
        if count == len(cards) and (self.variant.is_draw or count == 7):
            text = describe(self.variant, evaluate(self.variant, [*cards, *self.result.board]))
        self.result.voluntary_show = True
        self.emit(E.SHOW, winner.name, cards=shown, text=text)


VOLUNTARY_SHOW_RATE = 0.06
"""Of the players who win without a showdown, the share who show some of their cards."""


def play(setup: Setup, rng: random.Random) -> Result:
    return Hand(setup, rng).play()


def _without_top_card(variant: Variant, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards less the lowball hand's top card (2-7: the ace is high; A-5: the king)."""
    ace_low = variant.rankings == ("a5",)
    top = max(cards, key=lambda card: ((card.rank + 1) % 13 if ace_low else card.rank,
                                       card.suit))
    return tuple(card for card in cards if card is not top)
