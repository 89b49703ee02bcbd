"""The fuzz target over the reader and replayer, and the mutations it is fed.

Seeds are real hands (the shared PokerStars corpus when it is there, our sample logs) and,
when the generator is importable, generated hands of every variant. A mutation works on
bytes (flip, insert, delete, duplicate, NULs, invalid UTF-8, a UTF-16 re-encoding cut at an
odd byte, truncation) or on lines (drop, duplicate, swap, move, change an amount or a card,
splice a line of another hand). The target must end every input as accepted, rejected,
unsupported hands or reported junk/file problem: any exception is a crash.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from hhparse.pipeline import read_bytes

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "data" / "samples"
STARS = ROOT.parent / "shared" / "corpus" / "fpdb"
HAND_BREAK = re.compile(rb"(?:\r?\n){2,}(?=(?:\xef\xbb\xbf)?PokerStars )")
NUMBER = re.compile(rb"\d+(?:\.\d+)?")
CARD = re.compile(rb"\b[2-9TJQKA][cdhs]\b")
RANKS = b"23456789TJQKA"
SUITS = b"cdhs"


def seed_hands(generated_per_variant: int = 0) -> list[bytes]:
    """One entry per hand: corpus and sample hands, then generated ones if asked."""
    files = sorted(SAMPLES.glob("*.txt"))
    if STARS.is_dir():
        files += sorted(path for path in STARS.glob("*/Stars/**/*.txt")
                        if "summar" not in str(path).lower())
    hands: list[bytes] = []
    for path in files:
        data = path.read_bytes().removeprefix(b"\xef\xbb\xbf")
        hands.extend(part.strip() for part in HAND_BREAK.split(data) if part.strip())
    if generated_per_variant:
        hands.extend(_generated(generated_per_variant))
    return hands


def _generated(per_variant: int) -> Iterator[bytes]:
    try:
        from hhparse.synth import SynthOptions, generate_hands
        from hhparse.variants.catalog import VARIANTS
    except ImportError:
        return
    for number, variant in enumerate(VARIANTS):
        options = SynthOptions(variant=variant.id, hands=per_variant, seed=number)
        for text in generate_hands(options):
            yield text.encode("utf-8")


Mutation = Callable[[random.Random, bytes, list[bytes]], bytes]


def _flip(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]


def _insert_bytes(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.randbytes(rng.randint(1, 16)) + data[at:]


def _delete_span(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + data[at + rng.randint(1, 64):]


def _duplicate_span(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    at = rng.randrange(len(data))
    span = data[at:at + rng.randint(1, 200)]
    return data[:at] + span + data[at:]


def _nul_bytes(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + b"\x00" * rng.randint(1, 8) + data[at:]


def _invalid_utf8(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xe2\x82", b"\x81"]) + (
        data[at:])


def _utf16_cut(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    text = data.decode("utf-8", errors="replace")
    encoded = rng.choice([b"\xff\xfe", b""]) + text.encode("utf-16-le")
    return encoded[: rng.randrange(len(encoded) + 1)]


def _truncate(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _line_endings(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    return data.replace(b"\n", rng.choice([b"\r\n", b"\r", b"\n\n", b"\r\r\n"]))


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _drop_line(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def _duplicate_line(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    lines.insert(at, lines[at])
    return b"\n".join(lines)


def _swap_lines(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    lines = _lines(data)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)


def _move_line(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    lines = _lines(data)
    line = lines.pop(rng.randrange(len(lines)))
    lines.insert(rng.randrange(len(lines) + 1), line)
    return b"\n".join(lines)


def _change_amount(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    numbers = list(NUMBER.finditer(data))
    if not numbers:
        return data
    match = rng.choice(numbers)
    value = rng.choice([b"0", b"1", b"999999999999", b"0.01", b"-5", b"1e9", b"00.000"])
    return data[:match.start()] + value + data[match.end():]


def _change_card(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    cards = list(CARD.finditer(data))
    if not cards:
        return data
    match = rng.choice(cards)
    card = bytes([rng.choice(RANKS), rng.choice(SUITS)])
    return data[:match.start()] + card + data[match.end():]


def _splice_line(rng: random.Random, data: bytes, seeds: list[bytes]) -> bytes:
    lines = _lines(data)
    other = _lines(rng.choice(seeds))
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(other))
    return b"\n".join(lines)


def _concatenate(rng: random.Random, data: bytes, seeds: list[bytes]) -> bytes:
    return data + rng.choice([b"\n\n\n", b"\n", b""]) + rng.choice(seeds)


MUTATIONS: tuple[Mutation, ...] = (
    _flip, _insert_bytes, _delete_span, _duplicate_span, _nul_bytes, _invalid_utf8,
    _utf16_cut, _truncate, _line_endings, _drop_line, _duplicate_line, _swap_lines,
    _move_line, _change_amount, _change_card, _splice_line, _concatenate,
)


def mutate(rng: random.Random, seeds: list[bytes]) -> bytes:
    """A seed hand with 1 to 4 mutations applied."""
    data = rng.choice(seeds)
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        data = rng.choice(MUTATIONS)(rng, data, seeds) if data else rng.choice(seeds)
    return data


def run_one(data: bytes) -> Counter[str]:
    """Read and replay one input; the outcome's counts. Raises only on a crash."""
    result = read_bytes(data, "fuzz.txt")
    outcome: Counter[str] = Counter(hand.status.value for hand in result.hands)
    outcome["junk"] += len(result.junk)
    if result.problem is not None:
        outcome[result.problem.code] += 1
    for hand in result.hands:
        assert hand.problems or hand.status.value != "rejected", "a rejection without a reason"
    return outcome
