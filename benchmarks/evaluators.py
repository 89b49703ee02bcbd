"""Evaluations per second of our rankings, beside pokerkit's (and treys' for high hands).

Run: ``.venv/bin/python benchmarks/evaluators.py [--hands N]``

Every library is timed in the same run on the same pre-generated random hands, each in
its own encoding prepared before the clock starts (our card codes / bits / Card tuples,
pokerkit Card tuples, treys ints). Each figure is the best of ``--repeats`` timed passes
after one warm-up pass. pokerkit is slow, so it (and treys' seven-card path) runs on the
first ``--slow-hands`` hands only (a quarter of them for pokerkit's ``from_game`` paths).

What is timed:

* ours, scalar: the fast path of each ranking called in a plain Python loop (``fast5`` on
  five card codes; ``badugi.fast4`` on four card bits); for best-of-seven (Razz, stud) the
  public ``RANKINGS[id].value`` on a tuple of Cards, as no code-level fast path exists;
* ours, batch: ``FiveCardTable.batch`` / ``badugi.batch_values`` on an (n, k) array of card
  indexes, called on chunks of ``--batch-chunk`` hands;
* pokerkit: ``Hand(cards)`` (the comparable object) for five cards; ``Hand.from_game``
  for badugi and the best five of seven;
* treys: ``Evaluator.evaluate(hand, board)`` (two + three cards, or two + five).

The table is printed as markdown and written, with the machine, to
``benchmarks/results/evaluators.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hhparse.cards import BITS, CODES, DECK, RANK_CHARS, SUIT_CHARS
from hhparse.evaluators import RANKINGS, badugi, high, low

RESULTS = Path(__file__).resolve().parent / "results" / "evaluators.json"

SCALAR_5_TARGET = 1_000_000
RAZZ_7_TARGET = 300_000
BADUGI_TARGET = 1_000_000
BATCH_TARGET = 20_000_000


@dataclass
class Row:
    ranking: str
    path: str
    ours_per_s: float | None
    target_per_s: int | None
    pokerkit_per_s: float | None = None
    treys_per_s: float | None = None
    note: str = ""
    hands: dict[str, int] | None = None

    @property
    def meets_target(self) -> bool | None:
        if self.ours_per_s is None or self.target_per_s is None:
            return None
        return self.ours_per_s >= self.target_per_s


# --- timing ------------------------------------------------------------------------------


def best_rate(run: Callable[[], object], count: int, repeats: int) -> float:
    """Items per second: ``run`` handles ``count`` items; best of ``repeats`` after a warm-up."""
    run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def loop5(function: Callable[[int, int, int, int, int], object], hands: Sequence[tuple[int, ...]]):
    def run() -> None:
        for a, b, c, d, e in hands:
            function(a, b, c, d, e)

    return run


def loop4(function: Callable[[int, int, int, int], object], hands: Sequence[tuple[int, ...]]):
    def run() -> None:
        for a, b, c, d in hands:
            function(a, b, c, d)

    return run


def loop7(
    function: Callable[[int, int, int, int, int, int, int], object],
    hands: Sequence[tuple[int, ...]],
):
    def run() -> None:
        for a, b, c, d, e, f, g in hands:
            function(a, b, c, d, e, f, g)

    return run


def loop1(function: Callable[[Any], object], hands: Iterable[Any]):
    def run() -> None:
        for hand in hands:
            function(hand)

    return run


def loop_treys(evaluate: Callable[[list[int], list[int]], int], hands: Sequence[list[int]]):
    def run() -> None:
        for hand in hands:
            evaluate(hand[:2], hand[2:])

    return run


def batched(
    function: Callable[[npt.NDArray[np.int64]], object], hands: npt.NDArray[np.int64], chunk: int
):
    def run() -> None:
        for start in range(0, len(hands), chunk):
            function(hands[start : start + chunk])

    return run


# --- the hands ---------------------------------------------------------------------------


def random_hands(seed: int, count: int, size: int) -> npt.NDArray[np.int64]:
    """``count`` hands of ``size`` distinct card indexes, uniformly drawn."""
    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, count, 250_000):  # bounded memory for the sort keys
        rows = min(250_000, count - start)
        keys = rng.random((rows, 52), dtype=np.float32)
        parts.append(np.argsort(keys, axis=1)[:, :size].astype(np.int64))
    return np.concatenate(parts)


def pokerkit_cards(pokerkit: Any, hands: npt.NDArray[np.int64]) -> list[tuple[Any, ...]]:
    deck = [
        pokerkit.Card(pokerkit.Rank(RANK_CHARS[i // 4]), pokerkit.Suit(SUIT_CHARS[i % 4]))
        for i in range(52)
    ]
    return [tuple(deck[i] for i in hand) for hand in hands.tolist()]


def treys_cards(treys: Any, hands: npt.NDArray[np.int64]) -> list[list[int]]:
    deck = [treys.Card.new(str(card)) for card in DECK]
    return [[deck[i] for i in hand] for hand in hands.tolist()]


# --- the measurements --------------------------------------------------------------------


def measure(args: argparse.Namespace) -> list[Row]:
    pokerkit = _optional("pokerkit")
    treys = _optional("treys")
    n, slow, repeats = args.hands, min(args.slow_hands, args.hands), args.repeats
    from_game_count = max(1, slow // 4)

    seven = random_hands(args.seed, n, 7)
    five, four = seven[:, :5], seven[:, :4]
    codes5 = [tuple(CODES[i] for i in hand) for hand in five.tolist()]
    bits4 = [tuple(BITS[i] for i in hand) for hand in four.tolist()]
    cards7 = [tuple(DECK[i] for i in hand) for hand in seven.tolist()]
    pk5 = pokerkit_cards(pokerkit, five[:slow]) if pokerkit else []
    pk4 = pokerkit_cards(pokerkit, four[:from_game_count]) if pokerkit else []
    pk7 = pokerkit_cards(pokerkit, seven[:from_game_count]) if pokerkit else []
    tr5 = treys_cards(treys, five) if treys else []
    tr7 = treys_cards(treys, seven[:slow]) if treys else []
    treys_evaluate = treys.Evaluator().evaluate if treys else None

    rows: list[Row] = []
    five_card = (
        ("5-card high", high.table(), "StandardHighHand"),
        ("2-7 low", low.deuce_to_seven_table(), "StandardLowHand"),
        ("A-5 low", low.ace_to_five_table(), "RegularLowHand"),
    )
    for name, table, hand_class in five_card:
        fast5 = table.fast5()
        _check(fast5(*codes5[0]) == table.value(codes5[0]), name)
        row = Row(name, "scalar fast5(codes)", best_rate(loop5(fast5, codes5), n, repeats),
                  SCALAR_5_TARGET, hands={"ours": n})
        if pokerkit:
            row.pokerkit_per_s = best_rate(loop1(getattr(pokerkit, hand_class), pk5), slow, repeats)
            row.hands = {**(row.hands or {}), "pokerkit": slow}
        if treys_evaluate and name == "5-card high":
            row.treys_per_s = best_rate(loop_treys(treys_evaluate, tr5), n, repeats)
            row.hands = {**(row.hands or {}), "treys": n}
        rows.append(row)

    value4 = badugi.fast4(aces_low=True)
    _check(value4(*bits4[0]) == RANKINGS["badugi"].value(cards7[0][:4]), "badugi")
    rate = best_rate(loop4(value4, bits4), n, repeats)
    row = Row("badugi (aces low)", "scalar fast4(bits)", rate, BADUGI_TARGET, hands={"ours": n})
    if pokerkit:
        from_game = pokerkit.BadugiHand.from_game
        row.pokerkit_per_s = best_rate(loop1(from_game, pk4), from_game_count, repeats)
        row.hands = {"ours": n, "pokerkit": from_game_count}
    rows.append(row)

    codes7 = [tuple(CODES[i] for i in hand) for hand in seven.tolist()]
    razz7 = low.fast_razz7()
    _check(razz7(*codes7[0]) == RANKINGS["a5"].value(cards7[0]), "razz")
    row = Row("razz best 5 of 7", "scalar fast_razz7(codes)",
              best_rate(loop7(razz7, codes7), n, repeats), RAZZ_7_TARGET, hands={"ours": n})
    if pokerkit:
        from_game = pokerkit.RegularLowHand.from_game
        row.pokerkit_per_s = best_rate(loop1(from_game, pk7), from_game_count, repeats)
        row.hands = {"ours": n, "pokerkit": from_game_count}
    rows.append(row)
    rows.append(Row("razz best 5 of 7", "RANKINGS['a5'].value(Cards)",
                    best_rate(loop1(RANKINGS["a5"].value, cards7), n, repeats), None,
                    note="the Card-level API, with its checks", hands={"ours": n}))

    stud7 = high.fast_stud7()
    _check(stud7(*codes7[0]) == RANKINGS["high"].value(cards7[0]), "stud")
    row = Row("stud high best 5 of 7", "scalar fast_stud7(codes)",
              best_rate(loop7(stud7, codes7), n, repeats), None, hands={"ours": n})
    if pokerkit:
        from_game = pokerkit.StandardHighHand.from_game
        row.pokerkit_per_s = best_rate(loop1(from_game, pk7), from_game_count, repeats)
        row.hands = {"ours": n, "pokerkit": from_game_count}
    if treys_evaluate:
        row.treys_per_s = best_rate(loop_treys(treys_evaluate, tr7), slow, repeats)
        row.hands = {**(row.hands or {}), "treys": slow}
    rows.append(row)

    batch_hands = random_hands(args.seed + 1, args.batch_hands, 5)
    chunk = args.batch_chunk
    path = f"batch, chunks of {chunk:,}"
    for name, table, _ in five_card:
        _check(np.array_equal(table.batch(five[:1000]), [table.value(c) for c in codes5[:1000]]),
               name)
        rate = best_rate(batched(table.batch, batch_hands, chunk), len(batch_hands), repeats)
        rows.append(Row(name, path, rate, BATCH_TARGET, hands={"ours": len(batch_hands)}))
    badugi_batch = batch_hands[:, :4]
    rate = best_rate(batched(badugi.batch_values, badugi_batch, chunk), len(badugi_batch), repeats)
    rows.append(Row("badugi (aces low)", path, rate, None, hands={"ours": len(badugi_batch)}))
    return rows


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise SystemExit(f"benchmark set-up error: the {what} fast path disagrees with value()")


def _optional(module: str) -> Any:
    try:
        return __import__(module)
    except ImportError:
        return None


# --- output ------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    def version(package: str) -> str | None:
        try:
            return metadata.version(package)
        except metadata.PackageNotFoundError:
            return None

    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpu_count": os.cpu_count(),
        "load_average_1min": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "numpy": np.__version__,
        "pokerkit": version("pokerkit"),
        "treys": version("treys"),
    }


def rate_text(rate: float | None) -> str:
    return "n/a" if rate is None else f"{rate:,.0f}"


def table_text(rows: list[Row]) -> str:
    header = ("ranking", "path (ours)", "ours /s", "target /s", "meets", "pokerkit /s",
              "treys /s", "ours / pokerkit")
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for row in rows:
        ratio = (f"{row.ours_per_s / row.pokerkit_per_s:,.0f}x"
                 if row.ours_per_s and row.pokerkit_per_s else "")
        meets = {True: "yes", False: "NO", None: ""}[row.meets_target]
        cells = (row.ranking, row.path, rate_text(row.ours_per_s),
                 rate_text(row.target_per_s) if row.target_per_s else "", meets,
                 rate_text(row.pokerkit_per_s) if row.pokerkit_per_s else "",
                 rate_text(row.treys_per_s) if row.treys_per_s else "", ratio)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hands", type=int, default=200_000,
                        help="hands for our scalar paths and treys' five-card path")
    parser.add_argument("--slow-hands", type=int, default=20_000,
                        help="hands for pokerkit (a quarter for from_game) and treys' 7-card path")
    parser.add_argument("--batch-hands", type=int, default=1_000_000)
    parser.add_argument("--batch-chunk", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", type=Path, default=RESULTS, help="where to write the figures")
    args = parser.parse_args(argv)

    info = machine()
    print("machine: " + ", ".join(f"{key}={value}" for key, value in info.items()))
    started = time.perf_counter()
    rows = measure(args)
    elapsed = time.perf_counter() - started
    print()
    print(table_text(rows))
    print(f"\n(best of {args.repeats} after a warm-up; {elapsed:.0f} s in all)")

    args.json.parent.mkdir(parents=True, exist_ok=True)
    settings = {key: (str(value) if isinstance(value, Path) else value)
                for key, value in vars(args).items()}
    document = {
        "machine": info,
        "settings": settings,
        "seconds": round(elapsed, 1),
        "results": [{**asdict(row), "meets_target": row.meets_target} for row in rows],
    }
    args.json.write_text(json.dumps(document, indent=2) + "\n")
    print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
