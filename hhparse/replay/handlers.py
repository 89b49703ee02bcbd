"""One handler per kind of line: each checks the line against the rules, then applies it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hhparse.cards import Card, format_cards, same_cards
from hhparse.records import (
    ANTE,
    BET,
    BRING_IN,
    CALL,
    CAPPED,
    CHECK,
    COLLECT,
    COMPLETE,
    DEALT,
    DISCARD,
    FOLD,
    MUCK,
    POST_BB,
    POST_DEAD,
    POST_SB,
    POST_SB_BB,
    RAISE,
    RESHUFFLE,
    SHOW,
    STAND_PAT,
    UNCALLED_RETURN,
    Action,
    Kind,
)
from hhparse.replay import boards
from hhparse.replay.result import DrawResult
from hhparse.variants import BettingStructure, BringInPayer, Opener, ShortAllIn

if TYPE_CHECKING:
    from hhparse.replay.engine import Replay
    from hhparse.replay.state import PlayerState, RoundState


# ------------------------------------------------------------ forced bets


def on_post(r: Replay, action: Action) -> None:
    player = r.actor(action)
    if player is None or r.round is None:
        return
    if action.kind is ANTE:
        _check_ante(r, player, action)
        r.put_in(player, action.amount, action, live=False)
        if r.antes_are_dead_money:
            player.dead_blinds += action.amount
        return
    if not r.variant.forced.blinds:
        r.log.error("blind_in_stud", action.line, f"{player.name} posts a blind in a stud game")
    if r.street != 0:
        r.log.error("post_out_of_round", action.line, f"{player.name} posts after the deal")
    _check_blind(r, player, action)
    if action.kind is POST_SB_BB:
        small = r.hand.stakes.small_blind or _default_small_blind(r)
        dead = min(small, action.amount)
        r.put_in(player, dead, action, live=False)
        player.dead_blinds += dead
        r.put_in(player, action.amount - dead, action, live=True)
    else:
        r.put_in(player, action.amount, action, live=action.kind is not POST_DEAD)
        if action.kind is POST_DEAD:
            player.dead_blinds += action.amount
    if action.kind in (POST_BB, POST_SB_BB):
        r.round.current_bet = max(r.round.current_bet, player.committed)
        if action.all_in:  # all-in for less: the others still owe the full big blind
            r.round.current_bet = max(r.round.current_bet, _big_blind(r))
        r.round.bets = max(r.round.bets, 1)
        r.round.level = max(r.round.level, r.round.current_bet)
    r.round.current_bet = max(r.round.current_bet, player.committed)


def _default_small_blind(r: Replay) -> int:
    return _big_blind(r) // 2


def _big_blind(r: Replay) -> int:
    stakes = r.hand.stakes
    if stakes.big_blind:
        return stakes.big_blind
    return stakes.small_bet or 0


def _check_blind(r: Replay, player: PlayerState, action: Action) -> None:
    expected_sb, _ = _blind_seats(r)
    if action.kind is POST_SB:
        expected_amount = r.hand.stakes.small_blind or 0
        if not expected_amount:
            _check_limit_small_blind(r, player, action)
        if expected_sb is not None and player.name != expected_sb:
            r.log.error(
                "sb_wrong_player", action.line,
                f"{player.name} posts the small blind; the seat left of the button is "
                f"{expected_sb}",
            )
    elif action.kind is POST_BB:
        expected_amount = _big_blind(r)
    elif action.kind is POST_SB_BB:
        expected_amount = (r.hand.stakes.small_blind or _default_small_blind(r)) + _big_blind(r)
    else:
        return
    if expected_amount and action.amount != expected_amount and not (
        action.all_in and action.amount < expected_amount
    ):
        r.log.error(
            "blind_wrong_amount", action.line,
            f"{player.name} posts {r.money(action.amount)} for the {action.kind.value[5:]}; "
            f"the stakes say {r.money(expected_amount)}",
        )


def _check_limit_small_blind(r: Replay, player: PlayerState, action: Action) -> None:
    """Fixed limit: the small blind is half the small bet, rounded down by the room
    (PokerStars posts $0.10 at $0.25/$0.50), so anything from a quarter to a half passes."""
    small_bet = _big_blind(r)
    if small_bet and not (small_bet <= 4 * action.amount and 2 * action.amount <= small_bet) and (
        not action.all_in
    ):
        r.log.error(
            "blind_wrong_amount", action.line,
            f"{player.name} posts {r.money(action.amount)} for the small blind; at "
            f"{r.money(small_bet)} it must be about half of that",
        )


def _blind_seats(r: Replay) -> tuple[str | None, str | None]:
    """Who should post the small and big blinds: left of the button (heads-up: the button
    posts the small blind)."""
    if r.hand.button_seat is None or len(r.order) < 2:
        return None, None
    if len(r.order) == 2:
        return r.order[-1] if _seat(r, r.order[-1]) == r.hand.button_seat else r.order[0], None
    return r.order[0], r.order[1]


def _seat(r: Replay, name: str) -> int:
    return r.players[name].seat


def _check_ante(r: Replay, player: PlayerState, action: Action) -> None:
    expected = r.hand.stakes.ante or r.usual_ante
    if expected and action.amount != expected and not (
        action.all_in and action.amount < expected
    ):
        r.log.error(
            "ante_wrong_amount", action.line,
            f"{player.name} antes {r.money(action.amount)}; the ante is {r.money(expected)}",
        )


def on_bring_in(r: Replay, action: Action) -> None:
    player = r.actor(action)
    if player is None or r.round is None:
        return
    if r.variant.forced.bring_in is None or r.street != 0:
        r.log.error("bring_in_not_allowed", action.line, f"{player.name} brings in out of place")
    if r.bring_in_done:
        r.log.error("second_bring_in", action.line, f"{player.name} brings in a second time")
    _check_bring_in_player(r, player, action)
    small = r.round.step
    if action.amount >= small and r.structure is BettingStructure.FIXED_LIMIT:
        r.log.error(
            "bring_in_wrong_amount", action.line,
            f"bring-in of {r.money(action.amount)} is not less than the small bet "
            f"{r.money(small)}",
        )
    r.bring_in_done = True
    # all-in for part of the bring-in: the others still enter for the full bring-in
    r.bring_in_amount = _full_bring_in(r, action) if action.all_in else action.amount
    r.put_in(player, action.amount, action, live=True)
    r.round.current_bet = max(r.round.current_bet, player.committed, r.bring_in_amount)
    player.acted = True  # unlike a big blind, the bring-in has no option when everyone calls
    r.round.bets_seen = True
    r.to_act = r.next_able_from(player.place, include_start=False)


def _full_bring_in(r: Replay, short: Action) -> int:
    """The bring-in a short all-in bring-in stands for: the stakes', or else (PokerStars
    prints no bring-in in the header) the largest call of 3rd street before any completion
    (calls all-in for less included: nobody calls more than the bring-in), when it lies
    between the short amount and the small bet."""
    if r.hand.stakes.bring_in:
        return max(short.amount, r.hand.stakes.bring_in)
    small = r.round.step if r.round is not None else 0
    largest = short.amount
    for action in r.hand.actions:
        if action.line <= short.line or action.street != 0:
            continue
        if action.kind in (COMPLETE, RAISE, BET):
            break
        if action.kind is CALL and largest < action.amount < small:
            largest = action.amount
    return largest


def _check_bring_in_player(r: Replay, player: PlayerState, action: Action) -> None:
    payer = r.variant.forced.bring_in or BringInPayer.HIGHEST_UP_CARD
    doors = {p.name: p.up_cards[0] for p in r.active_in_hand() if p.up_cards}
    if len(doors) != len(r.active_in_hand()) or not doors:
        return
    forced = boards.bring_in_player(doors, payer)
    expected = _first_with_chips(r, forced)
    rule = "highest" if payer is BringInPayer.HIGHEST_UP_CARD else "lowest"
    if player.name not in doors:
        r.log.error(
            "bring_in_wrong_player", action.line,
            f"{player.name} brings in but is no longer in the hand; {expected} shows the door "
            f"card that brings in ({doors[expected]})",
        )
    elif expected != player.name and expected == forced:
        r.log.error(
            "bring_in_wrong_player", action.line,
            f"{player.name} ({doors[player.name]}) brings in, but {expected} shows the {rule} "
            f"up card ({doors[expected]})",
        )
    elif expected != player.name:
        r.log.error(
            "bring_in_wrong_player", action.line,
            f"{player.name} ({doors[player.name]}) brings in, but {forced} shows the {rule} "
            f"up card ({doors[forced]}) and is all-in for the ante: the bring-in falls to "
            f"{expected}, the next player clockwise with chips",
        )


def _first_with_chips(r: Replay, forced: str) -> str:
    """A player all-in for the ante cannot bring in: it falls to the next player clockwise
    who still has chips (RULES.md, Razz; the same in stud and stud hi/lo)."""
    if r.players[forced].remaining > 0:
        return forced
    start = r.players[forced].place
    count = len(r.order)
    for offset in range(1, count):
        candidate = r.in_order[(start + offset) % count]
        if candidate.in_hand and candidate.remaining > 0:
            return candidate.name
    return forced


# ---------------------------------------------------------------- betting


def _betting_line(r: Replay, action: Action) -> tuple[PlayerState, RoundState] | None:
    """The acting player and the round of a check, call, bet or raise; None to skip it."""
    player = r.actor(action)
    if player is None:
        return None
    round_ = _start_of_action(r, player, action)
    return None if round_ is None else (player, round_)


def _start_of_action(r: Replay, player: PlayerState, action: Action) -> RoundState | None:
    """Checks common to every betting line; returns the round, or None to skip the line."""
    if r.round is None:
        r.log.error(
            "action_out_of_round", action.line,
            f"{player.name} {action.kind.value}s outside a betting round",
        )
        return None
    if r.draw_queue:
        r.log.error(
            "missing_draw", action.line,
            f"draw {r.draw_round}: {', '.join(r.draw_queue)} never declared a draw before "
            f"{player.name} {action.kind.value}s",
        )
        r.draw_queue = []
    if player.folded:
        r.log.error("acted_after_fold", action.line, f"{player.name} acts after folding")
        return None
    if player.all_in:
        r.log.error("acted_after_all_in", action.line, f"{player.name} acts while all-in")
        return None
    if r.hand_over():
        r.log.error(
            "action_after_hand_over", action.line,
            f"{player.name} {action.kind.value}s after everyone else folded",
        )
        return None
    if r.is_draw and r.street > 0:
        r.cards.end_draw(r.draw_round)  # the reshuffle line may follow the last discard
    _check_turn(r, player, action)
    return r.round


def _check_turn(r: Replay, player: PlayerState, action: Action) -> None:
    if r.round is None:
        return
    if r.street == 0 and r.to_act is None and r.is_draw and not r.round.bets_seen:
        r.to_act = _first_after_blinds(r)
    if r.is_stud and r.street > 0 and r.to_act is None and not r.round.bets_seen:
        best = r.best_board_players()
        if best and player.name not in best:
            r.log.error(
                "out_of_turn", action.line,
                f"{player.name} acts first on street {r.street + 3}, but the best board belongs "
                f"to {', '.join(sorted(best))}",
            )
        r.to_act = player.name
    if not r.needs_to_act(player) and r.to_act is None:
        r.log.error(
            "action_after_round_closed", action.line,
            f"{player.name} {action.kind.value}s after the betting round was complete",
        )
    elif r.to_act is not None and player.name != r.to_act:
        r.log.error(
            "out_of_turn", action.line,
            f"{player.name} {action.kind.value}s, but it is {r.to_act}'s turn",
        )
    r.round.bets_seen = True


def _first_after_blinds(r: Replay) -> str | None:
    """Before the first draw, by the hand's forced bets: the first player left of the big
    blind; left of the one blind; with antes only, the first player left of the button."""
    if not r.order:
        return None
    opener = r.forced.opener
    if opener is Opener.LEFT_OF_DEALER:
        return r.next_able(r.order[-1], include_start=False)
    if opener is Opener.LEFT_OF_BLIND:
        return r.next_able(r.order[0], include_start=False)
    _, bb = _blind_seats(r)
    if bb is None and len(r.order) == 2:
        button_first = _seat(r, r.order[-1]) == r.hand.button_seat
        bb = r.order[0] if button_first else r.order[-1]
    if bb is None:
        bb = r.order[1] if len(r.order) > 1 else None
    return r.next_able(bb, include_start=False)


def _after_action(r: Replay, player: PlayerState) -> None:
    player.acted = True
    if r.round is not None:
        player.acted_at_raise = r.round.full_raises
        player.acted_at_bet = r.round.current_bet
    r.to_act = r.next_able_from(player.place, include_start=False)


def on_fold(r: Replay, action: Action) -> None:
    player = r.actor(action)
    if player is None:
        return
    if player.all_in and not player.folded and _was_sitting_out(r, player):
        # PokerStars folds the hand of a sitting-out player who posted all-in: the
        # posted chips stay in the pot, the player leaves it.
        r.fold(player)
        return
    if _start_of_action(r, player, action) is None:
        return
    r.fold(player)
    _after_action(r, player)
    if action.cards:
        r.cards.see(player.name, action.cards, action.line, "shown")


def _was_sitting_out(r: Replay, player: PlayerState) -> bool:
    seat = r.hand.seat_of(player.name)
    return seat is not None and seat.sitting_out


def on_check(r: Replay, action: Action) -> None:
    started = _betting_line(r, action)
    if started is None:
        return
    player, round_ = started
    if player.committed < round_.current_bet:
        r.log.error(
            "check_facing_bet", action.line,
            f"{player.name} checks facing a bet of {r.money(round_.current_bet)} "
            f"(has {r.money(player.committed)} in)",
        )
    _after_action(r, player)


def on_call(r: Replay, action: Action) -> None:
    started = _betting_line(r, action)
    if started is None:
        return
    player, _ = started
    owed = r.call_cost(player)
    if owed <= 0:
        r.log.error("call_without_bet", action.line, f"{player.name} calls with nothing to call")
    expected = min(owed, player.remaining)
    if owed > 0 and action.amount != expected:
        r.log.error(
            "call_amount", action.line,
            f"{player.name} calls {r.money(action.amount)}; the call is {r.money(expected)}",
        )
    r.put_in(player, action.amount, action, live=True)
    _after_action(r, player)


def on_bet_or_raise(r: Replay, action: Action) -> None:
    started = _betting_line(r, action)
    if started is None:
        return
    player, round_ = started
    to = _raise_to(player, action)
    put_in = to - player.committed
    completion = _is_stud_completion(r)
    if action.kind is BET and round_.current_bet > 0 and not completion:
        r.log.error(
            "bet_facing_bet", action.line,
            f"{player.name} bets facing a bet of {r.money(round_.current_bet)}",
        )
    if to <= round_.current_bet:
        r.log.error(
            "raise_not_above_bet", action.line,
            f"{player.name} raises to {r.money(to)}, not above the bet of "
            f"{r.money(round_.current_bet)}",
        )
        r.put_in(player, max(put_in, 0), action, live=True)
        _after_action(r, player)
        return
    if action.kind is RAISE and action.to is not None and action.amount and (
        action.to - round_.current_bet != action.amount
    ):
        r.log.warning(
            "raise_increment_mismatch", action.line,
            f"raise of {r.money(action.amount)} to {r.money(action.to)} over a bet of "
            f"{r.money(round_.current_bet)}",
        )
    if _not_reopened(r, round_, player):
        r.log.error(
            "raise_not_reopened", action.line,
            f"{player.name} raises to {r.money(to)}, but the betting was not re-opened to "
            f"him: since he acted only an incomplete all-in raise (to "
            f"{r.money(round_.current_bet)}) was made",
        )
    all_in = put_in >= player.remaining
    if _is_limit(r):
        _limit_bet(r, round_, player, action, to, all_in, completion)
    else:
        _big_bet(r, round_, player, action, to, all_in)
    r.put_in(player, put_in, action, live=True)
    round_.current_bet = to
    _after_action(r, player)


def _not_reopened(r: Replay, round_: RoundState, player: PlayerState) -> bool:
    """A player who acted may raise again only after a full bet or raise, or after all-ins
    for less that add up, over what he acted on, to half a step or more in fixed limit, to
    a full raise in no-limit and pot-limit (TDA)."""
    if not player.acted or player.acted_at_raise != round_.full_raises:
        return False
    faced = round_.current_bet - player.acted_at_bet
    if _is_limit(r):
        return faced * 2 < round_.step
    return faced < max(round_.last_raise, round_.step)


def _raise_to(player: PlayerState, action: Action) -> int:
    if action.to is not None:
        return action.to
    return player.committed + action.amount


def _is_limit(r: Replay) -> bool:
    return r.structure is BettingStructure.FIXED_LIMIT


def _is_stud_completion(r: Replay) -> bool:
    """Stud 3rd street before anyone completed the bring-in to a full small bet (an all-in
    for less completes nothing while the level stays: the next player still completes)."""
    round_ = r.round
    return bool(r.is_stud and r.street == 0 and round_ is not None and not round_.completed)


def _big_bet(
    r: Replay, round_: RoundState, player: PlayerState, action: Action, to: int, all_in: bool
) -> None:
    """No-limit and pot-limit: a raise of at least the last full raise re-opens."""
    increment = to - round_.current_bet
    minimum = max(round_.last_raise, round_.step) if round_.current_bet else round_.step
    if increment < minimum and not all_in:
        word = "raise" if round_.current_bet else "bet"
        r.log.error(
            "min_raise", action.line,
            f"{word} to {r.money(to)} is {r.money(increment)} more; the minimum is "
            f"{r.money(minimum)}",
        )
    if r.structure is BettingStructure.POT_LIMIT:
        pot = sum(p.contributed for p in r.players.values())
        owed = round_.current_bet - player.committed
        # the minimum bet may always be made, even over a smaller pot (antes only)
        maximum = round_.current_bet + max(pot + owed, minimum)
        if to > maximum:
            r.log.error(
                "pot_limit_exceeded", action.line,
                f"{player.name} raises to {r.money(to)}; the pot limit allows "
                f"{r.money(maximum)}",
            )
    if increment >= minimum:
        round_.full_raises += 1
        round_.last_raise = increment
        round_.bets += 1


def _limit_bet(
    r: Replay, round_: RoundState, player: PlayerState, action: Action, to: int,
    all_in: bool, completion: bool,
) -> None:
    """Fixed limit: a bet, raise or completion goes to the last full level plus one step;
    an all-in may stop short of it. What a short all-in does to the level and the cap is
    the room's rule (:class:`~hhparse.variants.ShortAllIn`)."""
    targets = _limit_targets(r, round_, completion)
    if to not in targets and not (all_in and to < max(targets)):
        _limit_size_error(r, round_, player, action, to, targets, completion)
    full = to >= min(targets) or (
        r.short_all_in is ShortAllIn.HALF_BET_IS_FULL and (to - round_.level) * 2 >= round_.step
    )
    if full or r.variant.policies.cap.short_all_in_counts:
        _check_cap(r, round_, to, action)
        round_.bets += 1
    elif _is_capped(r, round_):
        _check_cap(r, round_, to, action)
    if not full:
        return
    if len(targets) > 1 and to == targets[1]:
        round_.step = to - round_.level  # the big bet, chosen with an open pair on 4th street
    round_.level = to
    round_.full_raises += 1
    round_.completed = round_.completed or completion


def _limit_targets(r: Replay, round_: RoundState, completion: bool) -> tuple[int, ...]:
    """The round totals a full bet, raise or completion may go to."""
    step = round_.step
    if _raise_from_bring_in(r, round_):
        return (r.bring_in_amount + step,)
    if completion:
        return (step,)
    if r.is_stud and r.street == 1 and _open_pair_showing(r):
        return (round_.level + step, round_.level + r.step_for(2))
    return (round_.level + step,)


def _limit_size_error(
    r: Replay, round_: RoundState, player: PlayerState, action: Action, to: int,
    targets: tuple[int, ...], completion: bool,
) -> None:
    if _raise_from_bring_in(r, round_):
        message = (f"{player.name} raises to {r.money(to)}; here the first raise of 3rd "
                   f"street goes to the bring-in plus a small bet, {r.money(targets[0])}")
    elif completion:
        message = (f"{player.name} completes to {r.money(to)}; the small bet is "
                   f"{r.money(round_.step)}")
    else:
        verb = "raises" if round_.current_bet else "bets"
        short = (f" (the all-in to {r.money(round_.current_bet)} left the level at "
                 f"{r.money(round_.level)})" if round_.current_bet > round_.level else "")
        message = (f"{player.name} {verb} to {r.money(to)}; the fixed-limit step is "
                   f"{r.money(round_.step)} (to {r.money(targets[0])}){short}")
    r.log.error("bet_size", action.line, message)


def _raise_from_bring_in(r: Replay, round_: RoundState) -> bool:
    """A room whose first raise of 3rd street goes to the bring-in plus a small bet
    (:attr:`~hhparse.replay.rooms.RoomRules.stud_raise_from_bring_in`), once somebody went
    above the bring-in (a completion, or an all-in for less than one)."""
    return (r.room.stud_raise_from_bring_in and r.is_stud and r.street == 0
            and (round_.completed or round_.current_bet > r.bring_in_amount)
            and round_.bets <= 1)


def _open_pair_showing(r: Replay) -> bool:
    """4th street: a board shows a pair, or a board was never printed (rooms that print no
    cards: an open pair there cannot be ruled out, so the big bet is allowed)."""
    if not r.variant.open_pair_big_bet:
        return False
    return any(boards.has_open_pair(p.up_cards) or len(p.up_cards) < 2
               for p in r.active_in_hand())


def _is_capped(r: Replay, round_: RoundState) -> bool:
    cap = r.variant.policies.cap
    if not _is_limit(r) or cap.bets_per_round is None:
        return False
    if (cap.heads_up_uncapped or r.room.heads_up_uncapped) and len(r.active_in_hand()) <= 2:
        return False
    return round_.bets >= cap.bets_per_round


def _check_cap(r: Replay, round_: RoundState, to: int, action: Action) -> None:
    """A bet or raise (a short all-in too) once the round's bets have reached the cap."""
    if not _is_capped(r, round_):
        return
    cap = r.variant.policies.cap.bets_per_round
    number = round_.bets + 1
    ordinal = {1: "st", 2: "nd", 3: "rd"}.get(number, "th")
    r.log.error(
        "cap_exceeded", action.line,
        f"raise to {r.money(to)} would be a {number}{ordinal} bet; cap is {cap}",
    )


def on_capped(r: Replay, action: Action) -> None:
    cap = r.variant.policies.cap.bets_per_round
    if r.round is None or cap is None:
        return
    if r.round.bets != cap:
        r.log.warning(
            "capped_line_mismatch", action.line,
            f"the log says betting is capped after {r.round.bets} bet(s); cap is {cap}",
        )


def on_uncalled(r: Replay, action: Action) -> None:
    player = _seated(r, action)
    if player is None:
        return
    contributions = [p.contributed - p.dead_blinds for p in r.players.values()]
    contributions.sort()  # no reverse=True: a keyword makes the call go through Python
    top = contributions[-1] if contributions else 0
    second = contributions[-2] if len(contributions) > 1 else 0
    if player.contributed - player.dead_blinds != top or action.amount != top - second:
        r.log.error(
            "uncalled_mismatch", action.line,
            f"{r.money(action.amount)} returned to {player.name}; the uncalled part is "
            f"{r.money(top - second)} to the player who put in {r.money(top)}",
        )
    amount = min(action.amount, player.contributed)
    player.contributed -= amount
    player.remaining += amount
    if player.committed >= amount:
        player.committed -= amount
    r.uncalled[player.name] = r.uncalled.get(player.name, 0) + amount
    if r.round is not None:
        r.round.current_bet = max(p.committed for p in r.players.values())


# ------------------------------------------------------------------ draws


def on_draw(r: Replay, action: Action) -> None:
    player = r.actor(action)
    if player is None:
        return
    if not r.is_draw:
        r.log.error("draw_in_stud", action.line, f"{player.name} draws in a stud game")
        return
    if player.folded:
        r.log.error("draw_after_fold", action.line, f"{player.name} draws after folding")
        return
    count = action.n_cards or 0
    _check_draw_turn(r, player, action)
    limit = r.variant.max_discard(shows_ace=any(c.rank == 12 for c in action.cards))
    if count > limit:
        r.log.error(
            "draw_count_limit", action.line,
            f"{player.name} draws {count}; at most {limit} may be drawn",
        )
    if action.kind is STAND_PAT and action.cards and player.hand and not same_cards(
        action.cards, player.hand
    ):
        r.log.error(
            "kept_cards_mismatch", action.line,
            f"{player.name} stands pat on {format_cards(action.cards)} but holds "
            f"{format_cards(player.hand)}",
        )
    if action.kind is DISCARD and action.cards and len(action.cards) != count:
        r.log.error(
            "draw_count_mismatch", action.line,
            f"{player.name} discards {count} but shows {len(action.cards)} card(s)",
        )
    before = tuple(player.hand)
    if action.kind is DISCARD and action.cards:
        missing = [card for card in action.cards if card not in player.hand]
        if player.hand and missing:
            r.log.error(
                "discard_not_held", action.line,
                f"{player.name} discards {format_cards(missing)} not in his hand "
                f"{format_cards(player.hand)}",
            )
        player.hand = [card for card in player.hand if card not in action.cards]
        for card in action.cards:
            player.own_discards |= card.bit
        r.cards.discard(player.name, action.cards, action.line)
    r.cards.take(count, player.name, action.line)
    r.draws.append(
        DrawResult(
            player=player.name, draw_round=r.draw_round, discarded=count,
            discarded_cards=action.cards if action.kind is DISCARD else (),
            hand_before=before if player.is_hero and before else (),
            hand_after=tuple(player.hand) if player.is_hero and count == 0 else (),
            line=action.line,
        )
    )


def _check_draw_turn(r: Replay, player: PlayerState, action: Action) -> None:
    if not r.draw_queue:
        r.log.error(
            "draw_out_of_turn", action.line,
            f"{player.name} draws when no draw is due (or draws twice)",
        )
        return
    if r.draw_queue[0] != player.name:
        expected = r.draw_queue[0]
        r.log.error(
            "draw_out_of_turn", action.line,
            f"{player.name} draws, but {expected} draws first",
        )
    if player.name in r.draw_queue:
        r.draw_queue.remove(player.name)


def on_reshuffle(r: Replay, action: Action) -> None:
    r.cards.reshuffle(action.line)


def on_dealt(r: Replay, action: Action) -> None:
    if not action.player:
        _community_cards(r, action)
        return
    player = _seated(r, action)
    if player is None:
        return
    if r.is_stud:
        _dealt_stud(r, player, action)
    else:
        _dealt_draw(r, player, action)


def _community_cards(r: Replay, action: Action) -> None:
    """Stud with too few cards left for 7th street: one card face up for everyone."""
    cards = action.cards + action.new_cards
    if not r.is_stud or r.street != 4 or len(cards) != 1:
        r.log.error(
            "community_card_not_allowed", action.line,
            f"community card(s) {format_cards(cards)} dealt on street {r.street}",
        )
    r.cards.see("the board", cards, action.line, "dealt")
    r.board.extend(cards)


def _dealt_draw(r: Replay, player: PlayerState, action: Action) -> None:
    if r.street == 0 or (not player.hand and not r.draws):
        _initial_hand(r, player, action)
        return
    kept, new = action.cards, action.new_cards
    if not same_cards(kept, player.hand):
        r.log.error(
            "kept_cards_mismatch", action.line,
            f"{player.name} keeps {format_cards(kept)}, but after the discards his hand is "
            f"{format_cards(player.hand)}",
        )
    last = _last_draw_of(r, player.name)
    if last is not None and len(new) != last.discarded:
        r.log.error(
            "draw_count_mismatch", action.line,
            f"{player.name} discarded {last.discarded} but receives {len(new)} card(s)",
        )
    r.cards.receive(player.name, new, player.own_discards, action.line)
    player.hand = list(kept) + list(new)
    _check_hand_size(r, player, action)
    if last is not None:
        index = r.draws.index(last)
        r.draws[index] = DrawResult(
            player=last.player, draw_round=last.draw_round, discarded=last.discarded,
            discarded_cards=last.discarded_cards, new_cards=new,
            hand_before=last.hand_before, hand_after=tuple(player.hand), line=last.line,
        )


def _initial_hand(r: Replay, player: PlayerState, action: Action) -> None:
    cards = action.cards + action.new_cards
    player.is_hero = True
    player.hand = list(cards)
    r.cards.see(player.name, cards, action.line, "dealt")
    _check_hand_size(r, player, action)


def _check_hand_size(r: Replay, player: PlayerState, action: Action) -> None:
    size = r.variant.hand_size
    if len(player.hand) != size:
        r.log.error(
            "hand_size", action.line,
            f"{player.name} holds {len(player.hand)} cards ({format_cards(player.hand)}); "
            f"{r.variant.name} is played with {size}",
        )


def _last_draw_of(r: Replay, name: str) -> DrawResult | None:
    for draw in reversed(r.draws):
        if draw.player == name and draw.draw_round == r.draw_round:
            return draw
    return None


def _dealt_stud(r: Replay, player: PlayerState, action: Action) -> None:
    new, earlier = action.new_cards, action.cards
    known_before = player.hand  # replaced below, never changed in place: no copy
    if earlier and known_before and not same_cards(earlier, known_before):
        r.log.error(
            "kept_cards_mismatch", action.line,
            f"{player.name}'s earlier cards are printed as {format_cards(earlier)}, "
            f"but were {format_cards(known_before)}",
        )
    r.cards.see(player.name, new, action.line, "dealt")
    if r.street == 0:
        if len(new) == 3:
            player.is_hero = True
            player.up_cards = [new[2]]
        else:
            player.up_cards = list(new[-1:])
    elif r.street < 4:
        player.up_cards.extend(new[-1:])
    hand = list(earlier) if earlier else list(known_before)
    hand.extend(new)
    player.hand = hand
    if player.shown is not None:  # dealt after showing (KingsClub shows all-in hands early)
        player.shown = tuple(player.hand) + tuple(r.board)
    if len(player.hand) > 7:
        r.log.error(
            "hand_size", action.line,
            f"{player.name} holds {len(player.hand)} cards; stud deals at most 7",
        )


# --------------------------------------------------------------- showdown


def _seated(r: Replay, action: Action) -> PlayerState | None:
    """The seated player a non-betting line names (dealt, shows, collects ...), or None."""
    player = r.players.get(action.player)
    if player is None:
        r.log.error(
            "actor_not_seated", action.line,
            f"{action.player!r} ({action.kind.value}) is not seated in this hand",
        )
    return player


def on_show(r: Replay, action: Action) -> None:
    player = _seated(r, action)
    if player is None:
        return
    if r.hand_over():
        _show_after_uncontested_win(r, player, action)
        return
    shown = set(action.cards)
    known = set(player.hand)
    size = r.cards_per_player()
    complete = len(shown) + len(r.board) >= size
    hero_knows_all = player.is_hero and len(known) + len(r.board) >= size
    if complete and hero_knows_all and shown != known:
        _shown_mismatch(r, player, action, "holds")
    elif complete and r.is_stud and not set(player.up_cards) <= shown:
        _shown_mismatch(r, player, action, "shows up cards")
    elif not complete:
        if player.is_hero and not shown <= known:
            _shown_mismatch(r, player, action, "holds")
        else:
            r.log.warning(
                "shown_cards_incomplete", action.line,
                f"{player.name} shows only {format_cards(action.cards)}; the known cards "
                f"{format_cards(sorted(known | shown))} are used",
            )
    r.cards.see(player.name, action.cards, action.line, "shown")
    player.hand = list(action.cards) + [card for card in player.hand if card not in shown]
    if action.kind is SHOW:
        player.shown = tuple(player.hand) + tuple(r.board)
        player.shown_line = action.line
        player.shown_cards = _add_shown(player.shown_cards, action.cards)
    else:
        player.mucked = True


def _show_after_uncontested_win(r: Replay, player: PlayerState, action: Action) -> None:
    """Nobody is left to contest the pot: a player may show any of his cards, even a few
    (RULES.md, "Showing after an uncontested win"). Recorded, never ranked; the cards must
    still be his."""
    if player.is_hero and player.hand and not set(action.cards) <= set(player.hand):
        _shown_mismatch(r, player, action, "holds")
    r.cards.see(player.name, action.cards, action.line, "shown")
    shown = set(action.cards)
    player.hand = list(action.cards) + [card for card in player.hand if card not in shown]
    if action.kind is SHOW:
        player.shown_cards = _add_shown(player.shown_cards, action.cards)


def _add_shown(earlier: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return earlier + tuple(card for card in cards if card not in earlier)


def _shown_mismatch(r: Replay, player: PlayerState, action: Action, what: str) -> None:
    earlier = player.up_cards if what == "shows up cards" else player.hand
    r.log.error(
        "shown_cards_mismatch", action.line,
        f"{player.name} shows {format_cards(action.cards)} but {what} "
        f"{format_cards(earlier)}",
    )


def on_muck(r: Replay, action: Action) -> None:
    player = r.players.get(action.player)
    if player is not None:
        player.mucked = True
        if action.cards:
            r.cards.see(player.name, action.cards, action.line, "shown")
            player.hand = list(action.cards)


def on_collect(r: Replay, action: Action) -> None:
    player = _seated(r, action)
    if player is None:
        return
    player.collected += action.amount
    r.collects.append(action)


Handler = Callable[["Replay", Action], None]

HANDLERS: dict[Kind, Handler] = {
    POST_SB: on_post,
    POST_BB: on_post,
    POST_SB_BB: on_post,
    POST_DEAD: on_post,
    ANTE: on_post,
    BRING_IN: on_bring_in,
    COMPLETE: on_bet_or_raise,
    BET: on_bet_or_raise,
    RAISE: on_bet_or_raise,
    CALL: on_call,
    CHECK: on_check,
    FOLD: on_fold,
    DISCARD: on_draw,
    STAND_PAT: on_draw,
    DEALT: on_dealt,
    RESHUFFLE: on_reshuffle,
    CAPPED: on_capped,
    SHOW: on_show,
    MUCK: on_muck,
    COLLECT: on_collect,
    UNCALLED_RETURN: on_uncalled,
}
