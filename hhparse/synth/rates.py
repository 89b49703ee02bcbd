"""How often the rare cases turn up in generated hands.

    python -m hhparse.synth.rates --hands 20000 [--variant V]... [--tournament] [--seed S]

prints one row per variant: the share of hands with a side pot, a split pot (a pot
shared by two or more players), an uncalled bet, capped betting, a reshuffle, a stud
community card, an all-in, a player sitting out, and a showdown.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass

from hhparse.synth import SynthOptions, generate_played
from hhparse.variants import BY_ID

CASES = ("side_pots", "split_pot", "uncalled_bet", "capped", "reshuffle", "community_card",
         "all_in", "sitting_out", "showdown")


@dataclass(frozen=True, slots=True, kw_only=True)
class Rates:
    variant: str
    hands: int
    counts: dict[str, int]

    def rate(self, case: str) -> float:
        return self.counts.get(case, 0) / self.hands if self.hands else 0.0


def measure(options: SynthOptions) -> Rates:
    counts: Counter[str] = Counter()
    hands = 0
    for hand in generate_played(options):
        facts = hand.facts
        hands += 1
        counts["side_pots"] += facts.side_pots
        counts["split_pot"] += facts.split_pot
        counts["uncalled_bet"] += facts.uncalled_bet
        counts["capped"] += facts.capped
        counts["reshuffle"] += facts.reshuffles > 0
        counts["community_card"] += facts.community_card
        counts["all_in"] += facts.all_in
        counts["sitting_out"] += facts.sitting_out > 0
        counts["showdown"] += facts.showdown
    return Rates(variant=options.variant, hands=hands, counts=dict(counts))


def table(rows: list[Rates]) -> str:
    """A Markdown table, percentages with two decimals."""
    lines = ["| variant | hands | " + " | ".join(CASES) + " |",
             "|---|---:|" + "---:|" * len(CASES)]
    for row in rows:
        cells = " | ".join(f"{100 * row.rate(case):.2f}%" for case in CASES)
        lines.append(f"| {row.variant} | {row.hands} | {cells} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", choices=list(BY_ID))
    parser.add_argument("--structure")
    parser.add_argument("--players", type=int)
    parser.add_argument("--tournament", action="store_true")
    args = parser.parse_args(argv)
    rows = [
        measure(SynthOptions(variant=variant, hands=args.hands, seed=args.seed,
                             players=args.players, structure=args.structure,
                             tournament=args.tournament))
        for variant in args.variant or list(BY_ID)
    ]
    print(table(rows))


if __name__ == "__main__":
    main()
