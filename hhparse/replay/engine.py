"""The replayer: a parsed hand + its variant -> an accepted hand with facts, or problems.

It walks the hand's actions in order, keeping each player's chips and known cards and
the state of the betting round, and checks every line against the variant's rules
(hhparse.variants) and the room's policies. It never changes the hand and never raises
for bad input: everything wrong becomes a Problem with a code, a severity, the line and
the values involved.
"""

from __future__ import annotations

from collections.abc import Sequence

from hhparse.cards import Card
from hhparse.money import format_amount
from hhparse.records import (
    ANTE,
    BET,
    BETTING_KINDS,
    CALL,
    CHECK,
    COLLECT,
    COMPLETE,
    DEALT,
    DISCARD,
    FOLD,
    FORCED_KINDS,
    POST_BB,
    POST_SB,
    POST_SB_BB,
    RAISE,
    SHOW,
    SHOWDOWN_STREET,
    STAND_PAT,
    UNCALLED_RETURN,
    Action,
    Hand,
)
from hhparse.replay import boards
from hhparse.replay.cards_seen import CardTracker
from hhparse.replay.handlers import (
    HANDLERS,
    on_bet_or_raise,
    on_call,
    on_check,
    on_collect,
    on_dealt,
    on_draw,
    on_fold,
    on_post,
    on_show,
    on_uncalled,
)
from hhparse.replay.result import DrawResult
from hhparse.replay.rooms import room_rules
from hhparse.replay.state import PlayerState, ProblemLog, RoundState
from hhparse.variants import (
    Antes,
    BetSize,
    BettingStructure,
    ForcedStructure,
    Opener,
    StudOpenerAllIn,
    Variant,
)


class Replay:
    """One hand being replayed. Use :func:`hhparse.replay.replay_hand`."""

    def __init__(self, hand: Hand, variant: Variant, log: ProblemLog) -> None:
        self.hand = hand
        self.variant = variant
        self.is_draw = variant.is_draw
        self.is_stud = variant.is_stud
        self.log = log
        self.structure = hand.structure or BettingStructure.FIXED_LIMIT
        self.players: dict[str, PlayerState] = {}
        self._active: list[PlayerState] = []
        self._able = 0
        """Players in the hand who are not all-in (kept up to date: asked at every line)."""
        self.order: list[str] = []
        """Dealt-in players clockwise, starting left of the button (stud: seat order)."""
        self.in_order: list[PlayerState] = []
        """The players of :attr:`order`, in its order (no look-up by name in the hot loops)."""
        self.street = -1
        self.last_dealing_street = 0
        self.round: RoundState | None = None
        self.to_act: str | None = None
        self.draws: list[DrawResult] = []
        self.draw_queue: list[str] = []
        self.draw_round = 0
        self.room = room_rules(hand.site)
        self.short_all_in = variant.policies.limit_short_all_in or self.room.limit_short_all_in
        self.cards = CardTracker(variant, self.log)
        self.cards.silent_reshuffles = not self.room.prints_reshuffles
        self.dead_money = 0
        self.bring_in_amount = 0
        self.bring_in_done = False
        self.showdown = False
        self.uncalled: dict[str, int] = {}
        self.collects: list[Action] = []
        self.board: list[Card] = []
        """Stud's community card, when the deck ran short for 7th street."""
        self._antes_are_dead_money: bool | None = None
        self._usual_ante: int | None = None
        self._usual_ante_found = False
        self.forced: ForcedStructure = variant.forced.structures[0]
        """The hand's forced bets (:meth:`_find_forced`), set once the seats are read."""

    # ----------------------------------------------------------------- setup

    def money(self, amount: int) -> str:
        return format_amount(amount, self.hand.currency)

    # Worked out once per hand, on first use (after the seats are read): most hands never
    # ask. Not functools.cached_property: the compiled build makes it a plain property,
    # worked out again at every use.

    @property
    def antes_are_dead_money(self) -> bool:
        found = self._antes_are_dead_money
        if found is None:
            found = self._antes_are_dead_money = self._find_antes_are_dead_money()
        return found

    @property
    def usual_ante(self) -> int | None:
        if not self._usual_ante_found:
            self._usual_ante = self._find_usual_ante()
            self._usual_ante_found = True
        return self._usual_ante

    def _find_antes_are_dead_money(self) -> bool:
        """A big-blind ante (only some of the players dealt in ante; PHH's unequal antes) is
        dead money: in the main pot, but nobody has to match it, so it counts neither in
        side-pot levels nor in what an uncalled bet returns. Equal antes are matched money."""
        posters = {a.player for a in self.hand.actions if a.kind is ANTE}
        return len(posters) < len(self.order)

    def _find_usual_ante(self) -> int | None:
        """The ante most players posted in full (ties: the larger), when the header gives
        none: a player who antes otherwise is the one in the wrong."""
        counts: dict[int, int] = {}
        for action in self.hand.actions:
            if action.kind is ANTE and not action.all_in:
                counts[action.amount] = counts.get(action.amount, 0) + 1
        usual: int | None = None
        for amount, count in counts.items():
            if usual is None or (count, amount) > (counts[usual], usual):
                usual = amount
        return usual

    def _find_forced(self) -> ForcedStructure:
        """The hand's forced bets, from its posting lines (RULES.md, "Forced bets"): who
        antes, and whether two blinds, one blind (posted by the first player left of the
        button: a single-blind game, or a blinds game whose small blind seat was empty,
        played the same way) or none were posted."""
        variant = self.variant
        if not self.is_draw:
            return variant.forced.structures[0]
        posts = [a for a in self.hand.actions if a.street == 0 and a.kind in FORCED_KINDS]
        ante_posters = {a.player for a in posts if a.kind is ANTE}
        antes = (Antes.NONE if not ante_posters else
                 Antes.EVERYONE if len(ante_posters) >= len(self.order) else Antes.BIG_BLIND)
        small = any(a.kind is POST_SB for a in posts)
        big = [a.player for a in posts if a.kind in (POST_BB, POST_SB_BB)]
        if small or (big and (len(self.order) < 2 or big[0] != self.order[0])):
            blinds = 2
        else:
            blinds = 1 if big else 0
        return variant.forced.structure_of(blinds=blinds, antes=antes) or ForcedStructure(
            id=f"{blinds}_blinds_{antes.value}_antes", blinds=blinds, antes=antes,
            opener=(Opener.LEFT_OF_BIG_BLIND, Opener.LEFT_OF_BLIND, Opener.LEFT_OF_DEALER)[
                2 - blinds],
        )

    def seat_players(self) -> None:
        players = self.players
        hero = self.hand.hero
        seen_seats: set[int] = set()
        anyone_sitting_out = False
        for seat in self.hand.seats:
            number = seat.seat
            name = seat.player
            sitting_out = seat.sitting_out
            anyone_sitting_out = anyone_sitting_out or sitting_out
            if number in seen_seats or name in players:
                self.log.error(
                    "duplicate_seat", seat.line, f"seat {number} ({name}) listed twice"
                )
                continue
            seen_seats.add(number)
            players[name] = PlayerState(
                name=name,
                seat=number,
                stack=seat.stack,
                remaining=seat.stack,
                is_hero=name == hero,
                dealt_in=not sitting_out and seat.stack > 0,
            )
        if anyone_sitting_out:
            self._mark_dealt_in_by_actions()
        self.in_order = in_order = _clockwise(
            [p for p in players.values() if p.dealt_in],
            self.hand.button_seat if self.hand.button_seat is not None else 0)
        self.order = [p.name for p in in_order]
        for index, player in enumerate(in_order):
            player.place = index
        self.forced = self._find_forced()
        self.refresh_active()
        if len(self.order) < 2:
            self.log.error(
                "too_few_players", self.hand.source.line,
                f"{len(self.order)} player(s) dealt in; a hand needs at least 2",
            )

    def _mark_dealt_in_by_actions(self) -> None:
        """A player marked sitting out who posts or plays was dealt in after all."""
        for action in self.hand.actions:
            player = self.players.get(action.player)
            if player is not None and not player.dealt_in and player.stack > 0 and (
                action.kind in BETTING_KINDS or action.kind in (POST_BB, POST_SB_BB,
                                                                 POST_SB, ANTE)
            ):
                player.dealt_in = True

    # --------------------------------------------------------------- helpers

    def actor(self, action: Action) -> PlayerState | None:
        player = self.players.get(action.player)
        if player is None:
            self.log.error(
                "actor_not_seated", action.line,
                f"{action.player!r} acts ({action.kind}) but is not seated",
            )
            return None
        if not player.dealt_in:
            self.log.error(
                "actor_not_dealt_in", action.line,
                f"{action.player} acts ({action.kind}) but was not dealt in",
            )
            return None
        return player

    def put_in(self, player: PlayerState, amount: int, action: Action, live: bool) -> None:
        """Move chips from a player's stack to the pot, checking stack and all-in."""
        if amount < 0:
            self.log.error("negative_amount", action.line, f"{player.name}: amount {amount}")
            return
        if amount > player.remaining:
            self.log.error(
                "over_stack", action.line,
                f"{player.name} puts in {self.money(amount)} but has only "
                f"{self.money(player.remaining)} behind",
            )
            amount = player.remaining
        player.remaining -= amount
        player.contributed += amount
        if live:
            player.committed += amount
        else:
            self.dead_money += amount
        if action.all_in or (player.remaining == 0 and not player.all_in):
            self.check_all_in_flag(player, action)

    def check_all_in_flag(self, player: PlayerState, action: Action) -> None:
        if player.remaining == 0 and not player.all_in:
            player.all_in = True
            if player.in_hand:
                self._able -= 1
            if not action.all_in and action.kind not in (ANTE,):
                self.log.warning(
                    "all_in_not_marked", action.line,
                    f"{player.name} has no chips left after this line but it does not say all-in",
                )
        elif action.all_in and player.remaining > 0:
            self.log.error(
                "all_in_mismatch", action.line,
                f"{player.name} is said to be all-in but keeps {self.money(player.remaining)}",
            )

    def active_in_hand(self) -> list[PlayerState]:
        """Players still in the hand, clockwise (kept up to date by fold())."""
        return self._active

    def refresh_active(self) -> None:
        self._active = active = [player for player in self.in_order if player.in_hand]
        self._able = sum(1 for p in active if not p.all_in)

    def fold(self, player: PlayerState) -> None:
        was_in_hand = player.in_hand
        player.folded = True
        if was_in_hand:  # what refresh_active() would find, without a look at everyone
            self._active = [p for p in self._active if p is not player]
            if not player.all_in:
                self._able -= 1
        self.cards.release(player.name)

    def able_count(self) -> int:
        return self._able

    def step_for(self, street: int) -> int:
        stakes = self.hand.stakes
        if self.structure is not BettingStructure.FIXED_LIMIT:
            return stakes.big_blind or stakes.small_bet or 0
        bets = self.variant.round_bets
        size = bets[street] if street < len(bets) else BetSize.BIG
        small = stakes.small_bet or stakes.big_blind or 0
        big = stakes.big_bet or 2 * small
        return small if size is BetSize.SMALL else big

    # ------------------------------------------------------------ the replay

    def run(self) -> None:
        self.seat_players()
        self.cards.initial_deal(len(self.order))
        self.start_street(0, self.hand.actions[0].line if self.hand.actions else 0)
        for action in self.hand.actions:
            if action.street != self.street and action.street > self.street:
                self.start_street(action.street, action.line)
            self.apply(action)
        self.finish_betting(self.last_line())
        self.finish_draws(self.last_line())

    def last_line(self) -> int:
        return self.hand.actions[-1].line if self.hand.actions else self.hand.source.line

    def apply(self, action: Action) -> None:
        # The commonest kinds first; direct calls (no table of handlers: in the compiled
        # build a call through a dict boxes its arguments and goes through Python's call).
        kind = action.kind
        if kind is FOLD:
            on_fold(self, action)
        elif kind is CALL:
            on_call(self, action)
        elif kind is CHECK:
            on_check(self, action)
        elif kind is DEALT:
            on_dealt(self, action)
        elif kind is BET or kind is RAISE or kind is COMPLETE:
            on_bet_or_raise(self, action)
        elif kind in FORCED_KINDS:
            on_post(self, action)
        elif kind is DISCARD or kind is STAND_PAT:
            on_draw(self, action)
        elif kind is SHOW:
            on_show(self, action)
        elif kind is COLLECT:
            on_collect(self, action)
        elif kind is UNCALLED_RETURN:
            on_uncalled(self, action)
        else:
            handler = HANDLERS.get(kind)
            if handler is not None:
                handler(self, action)

    # ---------------------------------------------------------- street flow

    def start_street(self, street: int, line: int) -> None:
        if self.street >= 0:
            self.finish_betting(line)
            self.finish_draws(line)
        self.street = street
        if street != SHOWDOWN_STREET:
            self.last_dealing_street = street
        if street == SHOWDOWN_STREET:
            self.round = None
            self.to_act = None
            return
        self.round = RoundState(street=street, step=self.step_for(street))
        self.round.last_raise = self.round.step
        for player in self.in_order:  # only players dealt in act or put chips in
            player.committed = 0
            player.acted = False
            player.acted_at_raise = -1
        if self.is_draw and street > 0:
            self.begin_draw(street)
        self.to_act = self.first_to_act(line)

    def cards_per_player(self) -> int:
        """Cards each player still in holds by now (stud: 3 on 3rd street .. 7)."""
        if not self.is_stud:
            return self.variant.hand_size
        return min(7, 3 + self.last_dealing_street)

    def hand_over(self) -> bool:
        return len(self._active) <= 1

    def first_to_act(self, line: int) -> str | None:
        if self.hand_over():
            return None
        if self.is_stud:
            return self.stud_first_to_act(line)
        if self.street == 0:
            return None  # decided once the blinds are posted (see betting.first_after_blinds)
        return self.next_able(self.order[-1] if self.order else None, include_start=False)

    def stud_first_to_act(self, line: int) -> str | None:
        """Decided at the first action of the street, once its cards are dealt."""
        return None

    def best_board_players(self) -> set[str]:
        """Who may open a stud street after the first: the best board of the players who
        can still act, or (policy ``left_of_best_board``) the first of them clockwise from
        an all-in best board."""
        rule = self.variant.first_to_act_later
        if self.variant.policies.stud_opener_all_in is StudOpenerAllIn.LEFT_OF_BEST_BOARD:
            in_hand: dict[str, Sequence[Card]] = {
                p.name: p.up_cards for p in self.active_in_hand()}
            if not in_hand or any(not cards for cards in in_hand.values()):
                return set()
            best = boards.best_boards(in_hand, rule)
            if any(self.players[name].can_act for name in best):
                return {name for name in best if self.players[name].can_act}
            first = min(best, key=self.place_of)
            opener = self.next_able(first, include_start=False)
            return {opener} if opener is not None else set()
        able = [p for p in self.active_in_hand() if p.can_act]
        boards_now: dict[str, Sequence[Card]] = {p.name: p.up_cards for p in able}
        if not able or any(not cards for cards in boards_now.values()):
            return set()
        return boards.best_boards(boards_now, rule)

    def next_able(self, after: str | None, include_start: bool) -> str | None:
        """The next player clockwise (from ``after``) who still has to act this round."""
        return self.next_able_from(self.place_of(after) if after is not None else -1,
                                   include_start)

    def place_of(self, name: str) -> int:
        """The place of ``name`` in :attr:`in_order` (-1: not dealt in, or not seated)."""
        player = self.players.get(name)
        return player.place if player is not None else -1

    def next_able_from(self, start: int, include_start: bool) -> str | None:
        """:meth:`next_able` from the player at ``start`` in :attr:`in_order` (-1: none)."""
        round_ = self.round
        if round_ is None or not self.order:
            return None
        in_order = self.in_order
        count = len(in_order)
        first = 0 if include_start else 1
        able = self._able
        current_bet = round_.current_bet
        for offset in range(first, count + first):
            player = in_order[(start + offset) % count]
            if not player.dealt_in or player.folded or player.all_in:
                continue
            if (not player.acted and able > 1) or self._owes(player, current_bet, able):
                return player.name
        return None

    def needs_to_act(self, player: PlayerState) -> bool:
        round_ = self.round
        if round_ is None or not player.dealt_in or player.folded or player.all_in:
            return False
        able = self._able
        return (not player.acted and able > 1) or self._owes(player, round_.current_bet, able)

    def _owes(self, player: PlayerState, current_bet: int, able: int) -> bool:
        # :meth:`_call_cost` > 0, its common case (a bet to call, others able) without the call
        owed = current_bet - player.committed
        if owed <= 0:
            return False
        return able > 1 or self._call_cost(player, current_bet, able) > 0

    def call_cost(self, player: PlayerState) -> int:
        """What a call costs this player now (before his stack limits it)."""
        if self.round is None:
            return 0
        return self._call_cost(player, self.round.current_bet, self._able)

    def _call_cost(self, player: PlayerState, current_bet: int, able: int) -> int:
        """Up to the bet to call; but the last player able to act owes only what the
        others (all-in) have in: a bet above a short all-in blind or bring-in, which nobody
        could call, is never asked of him."""
        owed = current_bet - player.committed
        if owed <= 0 or able > 1:
            return max(owed, 0)
        others = max((p.committed for p in self.active_in_hand() if p is not player),
                     default=0)
        return max(0, min(owed, others - player.committed))

    def round_open(self) -> bool:
        if self.round is None or self.hand_over():
            return False
        return any(self.needs_to_act(p) for p in self.active_in_hand())

    def finish_betting(self, line: int) -> None:
        if self.street < 0 or self.street == SHOWDOWN_STREET or self.round is None:
            return
        if self.is_draw and self.draw_queue:
            return  # the draw itself is unfinished: finish_draws reports it
        if self.round_open():
            waiting = [p.name for p in self.active_in_hand() if self.needs_to_act(p)]
            self.log.error(
                "round_not_closed", line,
                f"betting round {self.street + 1} ends while {', '.join(waiting)} "
                f"still had to act (bet is {self.money(self.round.current_bet)})",
            )
        self.round = None

    # --------------------------------------------------------------- draws

    def begin_draw(self, street: int) -> None:
        self.draw_round = street
        self.draw_queue = [p.name for p in self.active_in_hand()] if not self.hand_over() else []
        self.cards.begin_draw(street)

    def finish_draws(self, line: int) -> None:
        if self.is_draw and self.street > 0:
            self.cards.end_draw(self.draw_round)
        if self.draw_queue:
            self.log.error(
                "missing_draw", line,
                f"draw {self.draw_round}: {', '.join(self.draw_queue)} never declared a draw",
            )
            self.draw_queue = []


def _clockwise(dealt: list[PlayerState], after: int) -> list[PlayerState]:
    """``dealt`` (seats all different) clockwise from the first seat after ``after``: the
    order of :func:`hhparse.replay.positions.clockwise_from`, with no look-up by seat."""
    for index in range(1, len(dealt)):
        if dealt[index - 1].seat > dealt[index].seat:  # seats not listed in order (rare)
            dealt.sort(key=_seat_of)
            break
    ordered = [p for p in dealt if p.seat > after]
    for p in dealt:
        if p.seat <= after:
            ordered.append(p)
    return ordered


def _seat_of(player: PlayerState) -> int:
    return player.seat
