"""The draw_decisions and draw_leaks reports: the rows of sql/reports/draw_decisions.sql
(each decision's cards) judged by :func:`hhparse.decisions.judge.judge_keeps`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

import polars as pl

from hhparse.cards import parse_cards
from hhparse.decisions.judge import (
    DEFAULT_TARGETS,
    JudgeError,
    KeepChance,
    check_target,
    judge_keeps,
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
    "source_line": pl.Int64,
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


def draw_decisions(inputs: pl.DataFrame, parameters: Mapping[str, object]) -> pl.DataFrame:
    """One row per decision: the keep made and the best keep, with their chances."""
    wanted = targets(parameters)
    rows = [_judged(row, wanted) for row in inputs.iter_rows(named=True)]
    return pl.DataFrame(rows, schema=DECISION_COLUMNS, orient="row") if rows else (
        pl.DataFrame(schema=DECISION_COLUMNS))


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


@lru_cache(maxsize=1 << 17)
def _chances(variant_id: str, held: str, seen: str, draws_left: int, target: str
             ) -> list[KeepChance]:
    """Every keep judged, kept for the next report of the same decisions in this process
    (draw_leaks after draw_decisions, a schedule running both)."""
    return judge_keeps(variant_id, parse_cards(held), parse_cards(seen), draws_left, target)


def _judged(row: dict[str, Any], wanted: dict[str, str]) -> dict[str, Any]:
    variant = get_variant(row["variant"])
    draws_left = (variant.draws.count if variant.draws else 1) - row["draw_round"] + 1
    held = parse_cards(row["held"])
    kept = frozenset(parse_cards(row["kept"]))
    out = {name: row.get(name) for name in DECISION_COLUMNS}
    out.update(draws_left=draws_left, target=None, p_target_kept=None, best_keep=None,
               best_choice=None, p_target_best=None, gap=None, pattern=None, not_judged=None)
    try:
        ranking = ranking_of(variant.id)
        target = wanted[ranking]
        chances = _chances(variant.id, row["held"], row["seen"], draws_left, target)
    except JudgeError as error:
        out["not_judged"] = str(error)
        return out
    made = next(chance for chance in chances if frozenset(chance.keep) == kept)
    best = chances[0]
    if best.p_target <= made.p_target + GAP_EPSILON:
        best = made
    out.update(target=target, p_target_kept=made.p_target,
               best_keep=" ".join(map(str, best.keep)), best_choice=choice(best.draw),
               p_target_best=best.p_target,
               gap=max(0.0, best.p_target - made.p_target),
               pattern=pattern(variant.id, ranking, target, held, row["drew"], draws_left))
    return out
