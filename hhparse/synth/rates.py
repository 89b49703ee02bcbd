"""How often the rare cases turn up in generated hands.

    python -m hhparse.synth.rates --hands 20000 [--variant V]... [--tournament] [--seed S]
                                  [--verify] [--forced F]

prints one row per variant: the share of hands with a side pot, a split pot (a pot
shared by two or more players), an uncalled bet, capped betting, a reshuffle, a stud
community card, an all-in, a player sitting out, a showdown; and of the all-in cases
RULES.md spells out: a fixed-limit bet or raise all-in for less than a full step
(short_all_in), a full raise over one (raise_over_short_all_in), a player all-in with his
ante or blind (all_in_forced), a stud bring-in that fell to the next player because the
door card's player was all-in for the ante (bring_in_passed), and a winner without a
showdown showing some of his cards (voluntary_show).

With ``--verify`` every hand is also written in the PokerStars format, read back and
replayed like a user's file: the columns ``not_accepted`` (rejected or with any problem,
warnings included) and ``paid_otherwise`` (the replayer's winners or amounts differ from
the generator's) must both be 0.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass

from hhparse.pipeline import read_bytes
from hhparse.synth import SynthOptions, generate_played
from hhparse.synth.events import PlayedHand
from hhparse.synth.pokerstars import write_hand
from hhparse.variants import BY_ID

CHECKS = ("not_accepted", "paid_otherwise")
VERIFY_BATCH = 500
"""Hands written and read back together (one simulated file)."""
CASES = ("side_pots", "split_pot", "uncalled_bet", "capped", "reshuffle", "community_card",
         "all_in", "sitting_out", "showdown", "short_all_in", "raise_over_short_all_in",
         "all_in_forced", "bring_in_passed", "voluntary_show")


@dataclass(frozen=True, slots=True, kw_only=True)
class Rates:
    variant: str
    hands: int
    counts: dict[str, int]

    def rate(self, case: str) -> float:
        return self.counts.get(case, 0) / self.hands if self.hands else 0.0


def measure(options: SynthOptions, *, verify: bool = False) -> Rates:
    counts: Counter[str] = Counter()
    hands = 0
    batch: list[PlayedHand] = []
    for hand in generate_played(options):
        if verify:
            batch.append(hand)
            if len(batch) == VERIFY_BATCH:
                counts.update(check_replay(batch, options.variant))
                batch = []
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
        counts["short_all_in"] += facts.short_all_in
        counts["raise_over_short_all_in"] += facts.raise_over_short_all_in
        counts["all_in_forced"] += facts.all_in_forced
        counts["bring_in_passed"] += facts.bring_in_passed
        counts["voluntary_show"] += facts.voluntary_show
    if batch:
        counts.update(check_replay(batch, options.variant))
    return Rates(variant=options.variant, hands=hands, counts=dict(counts))


def check_replay(hands: list[PlayedHand], variant: str) -> Counter[str]:
    """Write the hands, read and replay them: how many the replayer does not accept with no
    problem at all, and how many it pays otherwise than the generator did."""
    texts = [write_hand(hand) for hand in hands]
    results = read_bytes("\n\n".join(texts).encode(), f"synth-{variant}.txt").hands
    counts: Counter[str] = Counter({check: 0 for check in CHECKS})
    if len(results) != len(hands):
        counts["not_accepted"] += len(hands)
        return counts
    for hand, result in zip(hands, results, strict=True):
        counts["not_accepted"] += not result.accepted or bool(result.problems)
        counts["paid_otherwise"] += {
            p.player: p.collected for p in result.players if p.collected
        } != hand.collected() or result.total_pot != hand.total_pot
    return counts


def table(rows: list[Rates], *, verified: bool = False) -> str:
    """A Markdown table, percentages with two decimals (and the checks' counts)."""
    checks = CHECKS if verified else ()
    lines = ["| variant | hands | " + " | ".join((*CASES, *checks)) + " |",
             "|---|---:|" + "---:|" * (len(CASES) + len(checks))]
    for row in rows:
        cells = " | ".join([f"{100 * row.rate(case):.2f}%" for case in CASES]
                           + [str(row.counts.get(check, 0)) for check in checks])
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
    parser.add_argument("--forced", help="draw games' forced bets (hhparse synth --forced)")
    parser.add_argument("--verify", action="store_true",
                        help="replay every hand and count those not accepted or paid otherwise")
    args = parser.parse_args(argv)
    rows = []
    variants = args.variant or [v for v, variant in BY_ID.items()
                                if variant.is_draw or args.forced is None]
    for variant in variants:
        options = SynthOptions(variant=variant, hands=args.hands, seed=args.seed,
                               players=args.players, structure=args.structure,
                               tournament=args.tournament, forced=args.forced)
        rows.append(measure(options, verify=args.verify))
    print(table(rows, verified=args.verify))
    if args.verify and any(row.counts.get(check) for row in rows for check in CHECKS):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
