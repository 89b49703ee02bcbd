"""The draw_decisions and draw_leaks reports: the rows of sql/reports/draw_decisions.sql
(each decision's cards) judged by :func:`hhparse.decisions.judge.judge_decision`.

Many decisions (``PARALLEL_FROM`` or more) are shared out over worker processes, one per
core (``HHPARSE_JUDGE_WORKERS`` sets how many; 1: none), by the ranks the player has seen:
the decisions of one worker then share its cached states as they would in one process.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from multiprocessing import get_context
from typing import Any, Final

import polars as pl

from hhparse import stops
from hhparse.cards import parse_cards
from hhparse.decisions import target as target_engine
from hhparse.decisions.judge import (
    DEFAULT_TARGETS,
    JudgeError,
    check_target,
    judge_decision,
    ranking_of,
)
from hhparse.decisions.patterns import choice, pattern
from hhparse.variants.registry import get_variant

TARGET_PARAMETERS: Final = {"27": "target_27", "a5": "target_a5", "badugi": "target_badugi",
                            "badugi_aces_high": "target_badugi", "high": "target_high"}
"""The report parameter naming each ranking's target."""
SAMPLES: Final = 3
"""draw_leaks: the hands shown per pattern (those that gave away the most)."""
GAP_EPSILON: Final = 1e-9

DECISION_COLUMNS: Final = {
    "variant": pl.String, "site": pl.String, "hand_id": pl.String, "player": pl.String,
    "started_at": pl.Datetime, "draw_round": pl.Int64, "draws_left": pl.Int64,
    "held": pl.String, "kept": pl.String, "drew": pl.Int64, "target": pl.String,
    "p_target_kept": pl.Float64, "best_keep": pl.String, "best_choice": pl.String,
    "p_target_best": pl.Float64,
    "gap": pl.Float64, "pattern": pl.String, "not_judged": pl.String,
    "source_line": pl.Int64, "p_error": pl.Float64,
}
LEAK_COLUMNS: Final = {
    "variant": pl.String, "player": pl.String, "pattern": pl.String, "decisions": pl.Int64,
    "leaks": pl.Int64, "leak_pct": pl.Float64, "total_gap": pl.Float64,
    "mean_gap": pl.Float64, "best_choice": pl.String, "sample_hands": pl.String,
}


def targets(parameters: Mapping[str, object]) -> dict[str, str]:
    """Each ranking's target class: the report's parameter, else the default (a class the
    ranking does not have, or a lowball target that is not N-low, is an error)."""
    found = {}
    for ranking, name in TARGET_PARAMETERS.items():
        given = parameters.get(name)
        found[ranking] = str(given) if given else DEFAULT_TARGETS[ranking.split("_")[0]]
        try:
            check_target(ranking, found[ranking])
        except JudgeError as error:
            raise ValueError(f"{name}: {error}") from None
    return found


JUDGED_COLUMNS: Final = ("draws_left", "target", "p_target_kept", "best_keep", "best_choice",
                          "p_target_best", "gap", "pattern", "not_judged", "p_error")
"""The columns the judging gives; the others come from the report's SQL."""
DECISION_INPUTS: Final = ("variant", "draw_round", "held", "kept", "seen", "drew")
Decision = tuple[str, int, str, str, str, int]
"""A decision as the judging takes it (``DECISION_INPUTS``)."""
Judged = tuple[int, str | None, float | None, str | None, str | None, float | None,
               float | None, str | None, str | None, float | None]
"""A decision's ``JUDGED_COLUMNS``."""

PARALLEL_FROM: Final = 20_000
"""Decisions from which the judging is shared out over processes: a worker takes about half a
second to start (imports, the evaluator tables), the time of some hundreds of decisions."""
WORKERS_VARIABLE: Final = "HHPARSE_JUDGE_WORKERS"
JUDGED_LIMIT: Final = 1 << 17
"""Decisions remembered for the next report in this process (about 400 bytes each)."""


def draw_decisions(inputs: pl.DataFrame, parameters: Mapping[str, object]) -> pl.DataFrame:
    """One row per decision: the keep made and the best keep, with their chances."""
    wanted = targets(parameters)
    if inputs.height == 0:
        return pl.DataFrame(schema=DECISION_COLUMNS)
    decisions: list[Decision] = inputs.select(DECISION_INPUTS).rows()
    judged = pl.DataFrame(judge_all(decisions, wanted),
                          schema={name: DECISION_COLUMNS[name] for name in JUDGED_COLUMNS},
                          orient="row")
    given = inputs.select([pl.col(name).cast(kind) if name in inputs.columns
                           else pl.lit(None, dtype=kind).alias(name)
                           for name, kind in DECISION_COLUMNS.items()
                           if name not in JUDGED_COLUMNS])
    return pl.concat([given, judged], how="horizontal").select(list(DECISION_COLUMNS))


def judge_all(decisions: Sequence[Decision], wanted: Mapping[str, str]) -> list[Judged]:
    """Every decision judged, in order: in this process, or shared out over workers."""
    keys = [(decision, wanted.get(_ranking(decision[0]))) for decision in decisions]
    out: list[Judged | None] = [_JUDGED.get(key) for key in keys]
    todo = [i for i, found in enumerate(out) if found is None]
    workers = _workers(len(todo))
    fresh = (((i, _judged(decisions[i], wanted)) for i in todo) if workers <= 1
             else _judged_by_workers(decisions, todo, wanted, workers))
    for i, found in fresh:
        out[i] = found
        _remember(keys[i], found)
    return [found for found in out if found is not None]


_JUDGED: dict[tuple[Decision, str | None], Judged] = {}


def clear_caches() -> None:
    """Forget the decisions judged in this process and every state cached: the next
    report judges cold."""
    _JUDGED.clear()
    target_engine.clear_caches()


def _remember(key: tuple[Decision, str | None], found: Judged) -> None:
    """Kept for the next report of the same decisions in this process (draw_leaks after
    draw_decisions, a schedule running both)."""
    if len(_JUDGED) >= JUDGED_LIMIT:
        _JUDGED.clear()
    _JUDGED[key] = found


@cache
def _ranking(variant_id: str) -> str:
    try:
        return ranking_of(variant_id)
    except JudgeError:
        return ""


def _workers(decisions: int) -> int:
    if decisions < PARALLEL_FROM:
        return 1
    given = os.environ.get(WORKERS_VARIABLE, "")
    if given.strip().isdigit():
        return max(1, int(given))
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def _judged_by_workers(decisions: Sequence[Decision], todo: list[int],
                       wanted: Mapping[str, str], workers: int
                       ) -> list[tuple[int, Judged]]:
    """The decisions ``todo`` judged by ``workers`` processes, one share each: the decisions
    whose player has seen the same ranks go to the same worker. The workers die with this
    process; a stop (Ctrl-C) ends them at once."""
    shares: list[list[int]] = [[] for _ in range(workers)]
    for i in todo:
        variant_id, _, _, _, seen, _ = decisions[i]
        ranks = "".join(sorted(card[0] for card in seen.split()))
        shares[hash((variant_id, ranks)) % workers].append(i)
    shares = [share for share in shares if share]
    pool = ProcessPoolExecutor(max_workers=len(shares), mp_context=get_context("spawn"),
                               initializer=stops.worker_init, initargs=(os.getpid(),))
    try:
        futures = [pool.submit(_judge_share, [decisions[i] for i in share], dict(wanted))
                   for share in shares]
        found = [(i, judged) for share, future in zip(shares, futures, strict=True)
                 for i, judged in zip(share, future.result(), strict=True)]
    except BaseException:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return found


def _judge_share(decisions: list[Decision], wanted: dict[str, str]) -> list[Judged]:
    """In a worker: its share of the decisions."""
    return [_judged(decision, wanted) for decision in decisions]


def draw_leaks(inputs: pl.DataFrame, parameters: Mapping[str, object]) -> pl.DataFrame:
    """Per variant, player and pattern: the decisions, those that gave chances away, the
    chance given away in all (the expected number of target hands lost), best first."""
    decisions = draw_decisions(inputs, parameters).filter(pl.col("gap").is_not_null())
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in decisions.iter_rows(named=True):
        groups[row["variant"], row["player"], row["pattern"]].append(row)
    out = []
    for (variant, player, situation), rows in groups.items():
        leaks = [row for row in rows if row["gap"] > GAP_EPSILON]
        total = sum(row["gap"] for row in rows)
        best: dict[str, int] = defaultdict(int)
        for row in leaks:
            best[row["best_choice"]] += 1
        worst = sorted(leaks, key=lambda row: -row["gap"])[:SAMPLES]
        out.append((variant, player, situation, len(rows), len(leaks),
                    round(100.0 * len(leaks) / len(rows), 2), total, total / len(rows),
                    max(best, key=best.__getitem__) if best else None,
                    ", ".join(f"{row['site']}:{row['hand_id']}" for row in worst)))
    out.sort(key=lambda row: (-row[6], row[0], row[1], row[2]))
    return pl.DataFrame(out, schema=LEAK_COLUMNS, orient="row") if out else (
        pl.DataFrame(schema=LEAK_COLUMNS))


def _judged(decision: Decision, wanted: Mapping[str, str]) -> Judged:
    variant_id, draw_round, held_text, kept_text, seen_text, drew = decision
    variant = get_variant(variant_id)
    draws_left = (variant.draws.count if variant.draws else 1) - draw_round + 1
    try:
        ranking = ranking_of(variant.id)
        target = wanted[ranking]
        held = parse_cards(held_text)
        made, best = judge_decision(variant.id, held, parse_cards(kept_text),
                                    parse_cards(seen_text), draws_left, target)
    except JudgeError as error:
        return draws_left, None, None, None, None, None, None, None, str(error), None
    if best.p_target <= made.p_target + GAP_EPSILON:
        best = made
    errors = [error for error in (made.p_error, best.p_error) if error is not None]
    return (draws_left, target, made.p_target, " ".join(map(str, best.keep)),
            choice(best.draw), best.p_target, max(0.0, best.p_target - made.p_target),
            pattern(variant.id, ranking, target, held, drew, draws_left), None,
            max(errors) if errors else None)
