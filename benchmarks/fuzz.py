"""The long fuzz run over the reader and the replayer.

Run: ``.venv/bin/python benchmarks/fuzz.py [--inputs 100000] [--seed 1] [--generated 200]``
or, coverage-guided with atheris when it is installed (``pip install atheris``):
``.venv/bin/python benchmarks/fuzz.py --engine atheris --inputs 100000``.

Inputs are real hands (the shared PokerStars corpus when present, the sample logs) and
generated hands of every variant (``--generated`` per variant), mutated at the byte and line
level by ``tests/fuzz_target.py``. Every input must end as accepted, rejected or unsupported
hands, reported junk or a file problem: an exception is a crash, an input that takes more than
``--hang-seconds`` is a hang. Crashing and hanging inputs are saved under
``benchmarks/results/fuzz-findings/`` to reproduce them. Memory: the peak RSS, and the RSS
after the first tenth of the run beside the end (unbounded growth would show).
The figures are printed as markdown and saved to ``benchmarks/results/fuzz.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz_target import mutate, run_one, seed_hands

RESULTS = Path(__file__).resolve().parent / "results"
FINDINGS = RESULTS / "fuzz-findings"


class Hang(Exception):
    pass


def _alarm(_signal: int, _frame: FrameType | None) -> None:
    raise Hang


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def keep_finding(kind: str, data: bytes, detail: str) -> str:
    FINDINGS.mkdir(parents=True, exist_ok=True)
    name = f"{kind}-{hashlib.sha256(data).hexdigest()[:16]}"
    (FINDINGS / f"{name}.txt").write_bytes(data)
    (FINDINGS / f"{name}.why").write_text(detail, encoding="utf-8")
    return name


def run_mutations(args: argparse.Namespace) -> dict[str, Any]:
    seeds = seed_hands(generated_per_variant=args.generated)
    rng = random.Random(args.seed)
    outcomes: Counter[str] = Counter()
    findings: list[str] = []
    slowest = 0.0
    rss_early = 0.0
    for hand in seeds[:50]:  # the evaluators build their tables on first use
        run_one(hand)
    signal.signal(signal.SIGALRM, _alarm)
    started = time.perf_counter()
    for number in range(args.inputs):
        data = mutate(rng, seeds)
        began = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.hang_seconds)
        try:
            outcome = run_one(data)
        except Hang:
            findings.append(keep_finding("hang", data, f"over {args.hang_seconds} s"))
            outcomes["hang"] += 1
            continue
        except Exception:  # a crash is what the run looks for
            findings.append(keep_finding("crash", data, traceback.format_exc()))
            outcomes["crash"] += 1
            continue
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        slowest = max(slowest, time.perf_counter() - began)
        outcomes.update(outcome)
        outcomes["inputs_ending_well"] += 1
        if number == args.inputs // 10:
            rss_early = rss_mb()
    seconds = time.perf_counter() - started
    return {
        "engine": "mutations",
        "inputs": args.inputs,
        "seed": args.seed,
        "seed_hands": len(seeds),
        "crashes": outcomes.pop("crash", 0),
        "hangs": outcomes.pop("hang", 0),
        "inputs_ending_well": outcomes.pop("inputs_ending_well", 0),
        "hands_accepted": outcomes.pop("accepted", 0),
        "hands_rejected": outcomes.pop("rejected", 0),
        "hands_unsupported": outcomes.pop("unsupported", 0),
        "junk_items": outcomes.pop("junk", 0),
        "file_problems": dict(outcomes),
        "seconds": round(seconds, 1),
        "inputs_per_second": round(args.inputs / seconds, 1),
        "slowest_input_seconds": round(slowest, 3),
        "rss_mb_after_first_tenth": round(rss_early, 1),
        "peak_rss_mb": round(rss_mb(), 1),
        "findings": findings,
    }


def run_atheris(args: argparse.Namespace) -> None:  # pragma: no cover - optional engine
    import atheris

    from hhparse.pipeline import read_bytes

    atheris.instrument_all()  # hhparse is already imported (by tests.fuzz_target)

    def one_input(data: bytes) -> None:
        read_bytes(data, "fuzz.txt")

    corpus = Path(tempfile.mkdtemp(prefix="hhparse-fuzz-"))
    for number, hand in enumerate(seed_hands(generated_per_variant=args.generated)):
        (corpus / f"seed-{number}.txt").write_bytes(hand)
    atheris.Setup([sys.argv[0], f"-runs={args.inputs}", f"-seed={args.seed}",
                   f"-timeout={int(args.hang_seconds)}", "-rss_limit_mb=2048", str(corpus)],
                  one_input)
    atheris.Fuzz()


def table(result: dict[str, Any]) -> str:
    rows = [(key, value) for key, value in result.items() if key != "findings"]
    lines = ["| figure | value |", "|---|---:|"]
    lines += [f"| {key} | {value:,} |" if isinstance(value, int) else f"| {key} | {value} |"
              for key, value in rows]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--generated", type=int, default=200,
                        help="generated hands per variant among the seeds")
    parser.add_argument("--hang-seconds", type=float, default=5.0)
    parser.add_argument("--engine", choices=("mutations", "atheris"), default="mutations")
    args = parser.parse_args()
    if args.engine == "atheris":
        run_atheris(args)
        return 0
    result = run_mutations(args)
    result["machine"] = f"{platform.machine()}, {platform.python_implementation()} " \
                        f"{platform.python_version()}, {platform.system()}"
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "fuzz.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(table(result))
    return 1 if result["crashes"] or result["hangs"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
