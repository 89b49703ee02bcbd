"""The replayer: judges a parsed hand against its variant's rules (see engine.py)."""

from __future__ import annotations

from dataclasses import replace

from hhparse.records import Hand, ParseProblem
from hhparse.replay import rooms
from hhparse.replay.engine import Replay
from hhparse.replay.positions import position_labels
from hhparse.replay.result import (
    DrawResult,
    PlayerResult,
    PotResult,
    Problem,
    ReplayResult,
    Severity,
    Status,
)
from hhparse.replay.showdown import evaluate_hand, settle
from hhparse.replay.state import PlayerState, ProblemLog
from hhparse.variants import Policies, Variant, get_variant

__all__ = [
    "DrawResult",
    "PlayerResult",
    "PotResult",
    "Problem",
    "ReplayResult",
    "Severity",
    "Status",
    "replay_hand",
]


def replay_hand(hand: Hand, policies: Policies | None = None) -> ReplayResult:
    """Replay one hand. Never raises: whatever is wrong is in the result's problems."""
    log = ProblemLog()
    _reading_problems(hand.problems, log)
    if hand.variant_id is None:
        return _unsupported(hand, log)
    if hand.cancelled:
        log.error("hand_cancelled", hand.source.line, "the site cancelled this hand")
        return _rejected(hand, log)
    if log.has_errors:
        return _rejected(hand, log)
    variant = get_variant(hand.variant_id)
    if policies is not None:
        variant = _with_policies(variant, policies)
    try:
        return _replay(hand, variant, log)
    except Exception as error:
        message = f"internal error: {type(error).__name__}: {error}"
        log.error("replay_crash", hand.source.line, message)
        return _rejected(hand, log)


UNREADABLE = frozenset({"unreadable_header", "parser_crash"})


def _unsupported(hand: Hand, log: ProblemLog) -> ReplayResult:
    """A game we do not replay is kept and counted; only an unreadable block is rejected.
    What the reader says of its lines stays, as warnings: nobody judged the play."""
    if any(problem.code in UNREADABLE for problem in log.problems):
        return _rejected(hand, log)
    warnings = tuple(
        Problem(code=p.code, severity=Severity.WARNING, line=p.line, message=p.message)
        for p in log.problems
    )
    return ReplayResult(hand=hand, status=Status.UNSUPPORTED, problems=warnings)


def _with_policies(variant: Variant, policies: Policies) -> Variant:
    return replace(variant, policies=policies)


def _reading_problems(problems: tuple[ParseProblem, ...], log: ProblemLog) -> None:
    for problem in problems:
        if problem.fatal:
            log.error(problem.code, problem.line, problem.message)
        else:
            log.warning(problem.code, problem.line, problem.message)


def _rejected(hand: Hand, log: ProblemLog) -> ReplayResult:
    return ReplayResult(hand=hand, status=Status.REJECTED, problems=tuple(log.problems))


def _replay(hand: Hand, variant: Variant, log: ProblemLog) -> ReplayResult:
    replay = Replay(hand, variant, log)
    replay.run()
    rooms.return_uncalled_bet(replay)
    rooms.charge_unprinted_dead_blinds(replay)
    rooms.derive_pot_and_rake(replay)
    hand = replay.hand
    pots = settle(replay)
    showdown = len(replay.active_in_hand()) > 1
    players = _player_results(replay, showdown)
    rooms.check_printed_nets(replay, players)
    nets = sum(p.net for p in players)
    rake = hand.summary.rake or 0
    if nets != -rake:
        log.error(
            "nets_unbalanced", hand.summary.line,
            f"players' nets sum to {replay.money(nets)}; with a rake of {replay.money(rake)} "
            f"they must sum to {replay.money(-rake)}",
        )
    status = Status.REJECTED if log.has_errors else Status.ACCEPTED
    return ReplayResult(
        hand=hand, status=status, problems=tuple(log.problems), players=tuple(players),
        draws=tuple(replay.draws), pots=tuple(pots), total_pot=hand.summary.total_pot or 0,
        rake=rake, went_to_showdown=showdown, forced_bets=replay.forced.id,
    )


def _player_results(replay: Replay, showdown: bool) -> list[PlayerResult]:
    labels = position_labels(
        [p.seat for p in replay.players.values() if p.dealt_in],
        replay.hand.button_seat if replay.variant.is_draw else None,
        replay.forced.blinds,
    )
    players = list(replay.players.values())
    if any(players[at].seat > players[at + 1].seat for at in range(len(players) - 1)):
        players.sort(key=_seat_of)  # mostly listed by seat already: no key call per player
    # not labels.get(): on a Mapping that is a method looked up and called through Python
    return [
        _player_result(replay, player,
                       labels[player.seat] if player.seat in labels else "",  # noqa: SIM401
                       showdown)
        for player in players
    ]


def _seat_of(player: PlayerState) -> int:
    return player.seat


def _player_result(
    replay: Replay, player: PlayerState, position: str, showdown: bool
) -> PlayerResult:
    went = showdown and player.in_hand
    final_class, description = _final_hand(replay.variant, player)
    return PlayerResult(
        player=player.name,
        seat=player.seat,
        position=position,
        is_hero=player.is_hero,
        starting_stack=player.stack,
        contributed=player.contributed,
        collected=player.collected,
        net=player.collected - player.contributed,
        went_to_showdown=went,
        won_at_showdown=went and player.collected > 0,
        final_cards=tuple(player.hand),
        final_class=final_class,
        final_description=description,
        shown_cards=player.shown_cards,
    )


def _final_hand(variant: Variant, player: PlayerState) -> tuple[str, str]:
    if len(player.hand) != variant.hand_size:
        return "", ""
    halves = [e for e in evaluate_hand(variant, player.hand) if e is not None]
    if not halves:
        return "", ""
    if len(halves) == 1:
        return halves[0].hand_class, halves[0].description
    return (
        " / ".join(e.hand_class for e in halves),
        "; ".join(e.description for e in halves),
    )
