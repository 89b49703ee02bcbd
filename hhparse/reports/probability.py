"""Exact chances of a draw, and the draw_improvement report with them.

A player keeps some cards and draws ``n`` new ones. Every card he has seen (the ones he
holds, the ones he threw now and at earlier draws) cannot come, so the new cards are ``n``
of the unseen ones, every set of ``n`` equally likely. :func:`class_distribution` deals
every such set (all C(unseen, n) of them, at most C(47, 5) = 1,533,939) and evaluates the
hands in bulk with the variant's own rankings; the chances are exact fractions of that
count. Classes are the evaluators' words, as in ``players.final_class``: ``7-low``,
``pair``, ``4-card badugi``, ``3-card``, ``flush``; split games join their halves with
``" / "`` (``3-card / 9-low``).

What the player cannot know is ignored on purpose: other players' cards, and the
reshuffles of a short deck (on PokerStars a player never gets back his own discards, which
is what counting them as seen says).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from itertools import chain, combinations
from typing import Any, Final

import duckdb
import numpy as np
import numpy.typing as npt
import polars as pl

from hhparse.cards import DECK, Card, parse_cards
from hhparse.evaluators import badugi, high, low
from hhparse.evaluators.tables import FiveCardTable
from hhparse.reports.run import ParameterValue, run_report_on
from hhparse.variants.registry import get_variant

__all__ = [
    "chance_at_least",
    "class_distribution",
    "class_values",
    "draw_improvement_with_probability",
    "make_probability",
]

OR_BETTER: Final = " or better"
SPLIT: Final = " / "

IndexArray = npt.NDArray[np.int64]
ClassNames = tuple[str, ...]
BatchClassifier = Callable[[IndexArray], tuple[IndexArray, ClassNames]]
"""Hands as an (m, k) array of card indexes -> (class number of each hand, class names)."""


def make_probability(
    variant: str, kept: Sequence[Card], seen: Sequence[Card], n: int, target_class: str
) -> float:
    """The chance that drawing ``n`` cards to ``kept`` makes ``target_class``.

    ``seen``: every card the player has seen (``kept`` may or may not be among them).
    ``target_class``: a class in the evaluators' words (``7-low``, ``4-card badugi``,
    ``3-card / 9-low``); ``"<class> or better"`` counts that class and every better hand
    (single rankings only): ``make_probability("27_triple_draw", kept, seen, 1,
    "8-low or better")``.
    """
    if target_class.endswith(OR_BETTER):
        return _or_better(variant, kept, seen, n, target_class.removesuffix(OR_BETTER))
    _check_class(variant, target_class)
    return class_distribution(variant, kept, seen, n).get(target_class, 0.0)


def class_distribution(
    variant: str, kept: Sequence[Card], seen: Sequence[Card], n: int
) -> dict[str, float]:
    """The chance of each class the draw can make (classes it cannot make are absent)."""
    dead = frozenset(card.index for card in chain(kept, seen))
    return dict(_distribution(variant, tuple(card.index for card in kept), dead, n))


@lru_cache(maxsize=1 << 16)
def _distribution(
    variant: str, kept: tuple[int, ...], dead: frozenset[int], n: int
) -> tuple[tuple[str, float], ...]:
    rankings, hands = _drawn_hands(variant, [DECK[i] for i in kept], [DECK[i] for i in dead], n)
    numbers, names = _classify(rankings, hands)
    counts = np.bincount(numbers, minlength=len(names))
    total = len(hands)
    return tuple((names[i], int(count) / total) for i, count in enumerate(counts) if count)


def class_values(ranking_id: str, class_name: str) -> tuple[int, int]:
    """The lowest and highest value (greater is better) of the hands of one class."""
    values = _class_values(ranking_id).get(class_name)
    if values is None:
        raise ValueError(f"ranking {ranking_id!r} has no class {class_name!r}")
    return values


def draw_improvement_with_probability(
    con: duckdb.DuckDBPyConnection, params: Mapping[str, ParameterValue]
) -> pl.DataFrame:
    """The draw_improvement report's rows, with the column ``exact_probability`` added.

    The report is run once, one row per draw (``$per_draw``, so that every number comes
    from the same snapshot), and grouped here exactly as the report groups it: one row
    per variant, cards drawn, holding and class made, with ``draws``, ``made`` and
    ``made_pct`` as in the SQL. ``exact_probability``: the chance, given the cards each
    draw's player had seen, that the draw makes the row's class, averaged over the
    draws of the group (the count of draws expected to make it, divided by ``draws``).
    With ``per_draw`` true in ``params``, one row per draw (with ``kept_cards`` and
    ``seen_cards``) and the chance of that draw.
    """
    rows = run_report_on(con, "draw_improvement", {**params, "per_draw": True})
    if params.get("per_draw"):
        exact = [
            _chances(row).get(row["made_class"], 0.0) for row in rows.iter_rows(named=True)
        ]
        return rows.with_columns(pl.Series("exact_probability", exact, dtype=pl.Float64))
    return _grouped(rows)


def _chances(row: dict[str, Any]) -> dict[str, float]:
    return class_distribution(
        row["variant"], parse_cards(row["kept_cards"]), parse_cards(row["seen_cards"]),
        row["discarded"],
    )


def _grouped(rows: pl.DataFrame) -> pl.DataFrame:
    """Per variant, cards drawn, holding: the draws, and of them the ones making each class
    (with the chances of each class summed over the draws: the expected count)."""
    Group = tuple[str, int, str]
    draws: dict[Group, int] = defaultdict(int)
    made: dict[Group, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    expected: dict[Group, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    # the same draw situation (cards kept and seen) is dealt out once
    situations = rows.group_by(
        ["variant", "discarded", "holding", "made_class", "kept_cards", "seen_cards"]
    ).len()
    for row in situations.iter_rows(named=True):
        group, count = (row["variant"], row["discarded"], row["holding"]), row["len"]
        draws[group] += count
        made[group][row["made_class"]] += count
        for cls, chance in _chances(row).items():
            expected[group][cls] += chance * count
    out: list[tuple[str, int, str, str, int, int, float, float]] = []
    for group, classes in made.items():
        total = draws[group]
        for cls, count in classes.items():
            out.append((*group, cls, total, count, _percent(count, total),
                        expected[group].get(cls, 0.0) / total))
    out.sort(key=lambda r: (r[0], r[1], r[2], -r[5], r[3]))
    names = ["variant", "discarded", "holding", "made_class", "draws", "made", "made_pct",
             "exact_probability"]
    schema = [pl.String, pl.Int64, pl.String, pl.String, pl.Int64, pl.Int64, pl.Float64,
              pl.Float64]
    return pl.DataFrame(
        {name: pl.Series(name, [r[i] for r in out], dtype=dtype)
         for i, (name, dtype) in enumerate(zip(names, schema, strict=True))}
    )


def _percent(part: int, whole: int) -> float:
    """``round(100.0 * part / whole, 2)`` as DuckDB computes it (halves away from zero)."""
    return math.floor(100.0 * part / whole * 100 + 0.5) / 100


# --- dealing -----------------------------------------------------------------------------


def _drawn_hands(
    variant: str, kept: Sequence[Card], seen: Sequence[Card], n: int
) -> tuple[tuple[str, ...], IndexArray]:
    spec = get_variant(variant)
    if not spec.is_draw:
        raise ValueError(f"{variant!r} is not a draw game")
    if len(set(kept)) != len(kept):
        raise ValueError(f"a kept card appears twice: {' '.join(map(str, kept))}")
    if len(kept) + n != spec.hand_size:
        raise ValueError(
            f"{spec.name} holds {spec.hand_size} cards: keeping {len(kept)} and drawing {n} "
            f"makes {len(kept) + n}"
        )
    dead = {card.index for card in chain(kept, seen)}
    unseen = np.array([card.index for card in DECK if card.index not in dead], dtype=np.int64)
    if len(unseen) < n:
        raise ValueError(f"only {len(unseen)} unseen cards: cannot draw {n}")
    drawn = unseen[_combinations(len(unseen), n)]
    kept_indexes = np.array([card.index for card in kept], dtype=np.int64)
    hands = np.hstack([np.broadcast_to(kept_indexes, (len(drawn), len(kept))), drawn])
    return spec.rankings, hands


@cache
def _combinations(size: int, n: int) -> npt.NDArray[np.int8]:
    """All n-subsets of range(size), one per row (cached: a few sizes recur)."""
    count = math.comb(size, n)
    flat = np.fromiter(
        chain.from_iterable(combinations(range(size), n)), dtype=np.int8, count=count * n
    )
    flat.setflags(write=False)
    return flat.reshape(count, n)


# --- classes -----------------------------------------------------------------------------


def _classify(rankings: tuple[str, ...], hands: IndexArray) -> tuple[IndexArray, ClassNames]:
    if len(rankings) == 1:
        return _classifier(rankings[0])(hands)
    (first, first_names), (second, second_names) = (
        _classifier(ranking)(hands) for ranking in rankings
    )
    names = tuple(f"{a}{SPLIT}{b}" for a in first_names for b in second_names)
    return first * len(second_names) + second, names


def _classifier(ranking_id: str) -> BatchClassifier:
    match ranking_id:
        case "high":
            return _five_card(high.table())
        case "27":
            return _five_card(low.deuce_to_seven_table())
        case "a5":
            return _five_card(low.ace_to_five_table())
        case "badugi":
            return _badugi(aces_low=True)
        case "badugi_aces_high":
            return _badugi(aces_low=False)
    raise ValueError(f"no batch classes for ranking {ranking_id!r}")


def _five_card(table: FiveCardTable) -> BatchClassifier:
    names, class_of_value = _five_card_classes(table)

    def classify(hands: IndexArray) -> tuple[IndexArray, ClassNames]:
        return class_of_value[table.batch(hands)], names

    return classify


@cache
def _five_card_classes(table: FiveCardTable) -> tuple[ClassNames, IndexArray]:
    names: list[str] = []
    class_of_value = np.zeros(table.size + 1, dtype=np.int64)
    for value in range(1, table.size + 1):
        name = table.shape(value).hand_class
        if name not in names:
            names.append(name)
        class_of_value[value] = names.index(name)
    return tuple(names), class_of_value


def _badugi(*, aces_low: bool) -> BatchClassifier:
    names = tuple(badugi.CLASSES[size] for size in range(5) if size in badugi.CLASSES)

    def classify(hands: IndexArray) -> tuple[IndexArray, ClassNames]:
        if hands.shape[1] == 4:
            values = badugi.batch_values(hands, aces_low)
        else:  # the best four of five
            values = np.max(
                [badugi.batch_values(np.delete(hands, place, axis=1), aces_low)
                 for place in range(hands.shape[1])],
                axis=0,
            )
        return (values >> 16) - 1, names

    return classify


@cache
def _class_values(ranking_id: str) -> dict[str, tuple[int, int]]:
    found: dict[str, tuple[int, int]] = {}

    def note(name: str, value: int) -> None:
        low_, high_ = found.get(name, (value, value))
        found[name] = (min(low_, value), max(high_, value))

    if ranking_id in ("badugi", "badugi_aces_high"):
        for value in badugi.table(ranking_id == "badugi").values():
            note(badugi.CLASSES[value >> 16], value)
        return found
    table = {"high": high.table, "27": low.deuce_to_seven_table, "a5": low.ace_to_five_table}
    if ranking_id not in table:
        raise ValueError(f"no classes for ranking {ranking_id!r}")
    five = table[ranking_id]()
    for value in range(1, five.size + 1):
        note(five.shape(value).hand_class, value)
    return found


def _check_class(variant: str, target_class: str) -> None:
    rankings = get_variant(variant).rankings
    halves = target_class.split(SPLIT)
    if len(halves) != len(rankings):
        raise ValueError(
            f"a class of {variant} has {len(rankings)} part(s) joined by {SPLIT!r}: "
            f"{target_class!r}"
        )
    for ranking_id, half in zip(rankings, halves, strict=True):
        class_values(ranking_id, half)


def _or_better(
    variant: str, kept: Sequence[Card], seen: Sequence[Card], n: int, target_class: str
) -> float:
    rankings = get_variant(variant).rankings
    if len(rankings) != 1:
        raise ValueError(f"'or better' needs a single ranking; {variant} has {len(rankings)}")
    lowest, _ = class_values(rankings[0], target_class)
    return chance_at_least(variant, kept, seen, n, lowest)


def chance_at_least(
    variant: str, kept: Sequence[Card], seen: Sequence[Card], n: int, lowest: int
) -> float:
    """The chance that drawing ``n`` cards to ``kept`` makes a hand of value ``lowest`` or
    more (single rankings: the evaluators' values, greater is better)."""
    rankings, hands = _drawn_hands(variant, kept, seen, n)
    if len(rankings) != 1:
        raise ValueError(f"a value threshold needs a single ranking; {variant} has "
                         f"{len(rankings)}")
    values = _values(rankings[0], hands)
    return int(np.count_nonzero(values >= lowest)) / len(hands)


def _values(ranking_id: str, hands: IndexArray) -> IndexArray:
    if ranking_id in ("badugi", "badugi_aces_high"):
        return badugi.table_values(hands, ranking_id == "badugi").astype(np.int64)
    table = {"high": high.table, "27": low.deuce_to_seven_table, "a5": low.ace_to_five_table}
    return table[ranking_id]().batch(hands).astype(np.int64)
