"""Property tests: real hands, damaged at random, are still read and judged.

Each example takes a hand (one of the fpdb corpus, or one of the two hands written below),
applies a few mutations (drop, duplicate or swap lines; change an amount or a card;
truncate; insert text), reads the bytes with :func:`hhparse.pipeline.read_bytes` and checks
the contract of the reader and the replayer:

* nothing raises, and every hand block ends ``accepted``, ``rejected`` or ``unsupported``;
* a rejected hand has at least one error, every problem has a code and a message, an
  accepted hand has no error and its nets balance with the rake;
* the hands and the junk account for every byte of the input (only blank bytes are left
  between them), and every header line opens exactly one hand;
* an undamaged hand after the damaged one is judged as it is when read alone.

The corpus is third-party data read in place (tests/corpus.py); those tests skip when it
is absent. Bugs these properties found are kept as plain tests at the end.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhparse.cards import DECK
from hhparse.money import format_amount
from hhparse.parsers.base import HandBlock, SplitResult, account_bytes, clean_line, split_blocks
from hhparse.parsers.pokerstars import is_start
from hhparse.pipeline import FileResult, read_bytes
from hhparse.records import Kind
from hhparse.replay import Problem, ReplayResult, Status, replay_hand
from tests.corpus import corpus_files, needs_corpus

EXAMPLES = settings(max_examples=300, deadline=None)

# --- two hands of our own (made-up names; PokerStars' real format) ------------------------

RAZZ = """\
PokerStars Hand #100000000001: Tournament #900000001, $10+$1 USD Razz Limit - Level I (10/20) \
- 2020/01/15 12:00:00 ET
Table '900000001 1' 8-max
Seat 1: Alfa (1500 in chips)
Seat 2: Bravo (1500 in chips)
Seat 3: Carla (1500 in chips)
Alfa: posts the ante 2
Bravo: posts the ante 2
Carla: posts the ante 2
*** 3rd STREET ***
Dealt to Alfa [Kd]
Dealt to Bravo [2c 4d 3h]
Dealt to Carla [7s]
Alfa: brings in for 5
Bravo: raises 5 to 10
Carla: calls 10
Alfa: folds
*** 4th STREET ***
Dealt to Bravo [2c 4d 3h] [5s]
Dealt to Carla [7s] [8d]
Bravo: bets 10
Carla: calls 10
*** 5th STREET ***
Dealt to Bravo [2c 4d 3h 5s] [9c]
Dealt to Carla [7s 8d] [Qh]
Bravo: bets 20
Carla: folds
Uncalled bet (20) returned to Bravo
Bravo collected 51 from pot
Bravo: doesn't show hand
*** SUMMARY ***
Total pot 51 | Rake 0
Seat 1: Alfa folded on the 3rd Street
Seat 2: Bravo collected (51)
Seat 3: Carla folded on the 5th Street
"""

TRIPLE_DRAW = """\
PokerStars Hand #200000000002:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) \
- 2020/01/15 12:00:00 ET
Table 'Testville' 6-max Seat #1 is the button
Seat 1: Dora ($5 in chips)
Seat 2: Emil ($4.50 in chips)
Seat 3: Fritz ($3.20 in chips)
Emil: posts small blind $0.05
Fritz: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Dora [2c 7d 9h Kc Ks]
Dora: raises $0.10 to $0.20
Emil: folds
Fritz: calls $0.10
*** FIRST DRAW ***
Fritz: discards 2 cards
Dora: discards 2 cards [Kc Ks]
Dealt to Dora [2c 7d 9h] [4s 3d]
Fritz: checks
Dora: bets $0.10
Fritz: calls $0.10
*** SECOND DRAW ***
Fritz: discards 1 card
Dora: stands pat
Fritz: bets $0.20
Dora: raises $0.20 to $0.40
Fritz: calls $0.20
*** THIRD DRAW ***
Fritz: stands pat
Dora: stands pat
Fritz: checks
Dora: bets $0.20
Fritz: calls $0.20
*** SHOW DOWN ***
Dora: shows [2c 7d 9h 4s 3d] (Lo: 9,7,4,3,2)
Fritz: shows [2d 3s 5c 8d Jc] (Lo: J,8,5,3,2)
Dora collected $1.76 from pot
*** SUMMARY ***
Total pot $1.85 | Rake $0.09
Seat 1: Dora (button) showed [2c 7d 9h 4s 3d] and won ($1.76) with Lo: 9,7,4,3,2
Seat 2: Emil (small blind) folded before the Draw
Seat 3: Fritz (big blind) showed [2d 3s 5c 8d Jc] and lost with Lo: J,8,5,3,2
"""

STUD_HI_LO = """\
PokerStars Hand #300000000003: Tournament #900000003, $5+$0.50 USD 7 Card Stud Hi/Lo Limit \
- Level II (20/40) - 2020/01/15 13:00:00 ET
Table '900000003 2' 8-max
Seat 1: Gina (800 in chips)
Seat 2: Hugo (800 in chips)
Gina: posts the ante 4
Hugo: posts the ante 4
*** 3rd STREET ***
Dealt to Gina [Ad 2d Kh]
Dealt to Hugo [3c]
Hugo: brings in for 5
Gina: raises 15 to 20
Hugo: calls 15
*** 4th STREET ***
Dealt to Gina [Ad 2d Kh] [4s]
Dealt to Hugo [3c] [Qd]
Gina: checks
Hugo: checks
*** 5th STREET ***
Dealt to Gina [Ad 2d Kh 4s] [7c]
Dealt to Hugo [3c Qd] [8h]
Gina: checks
Hugo: checks
*** 6th STREET ***
Dealt to Gina [Ad 2d Kh 4s 7c] [9s]
Dealt to Hugo [3c Qd 8h] [Jc]
Gina: checks
Hugo: checks
*** RIVER ***
Dealt to Gina [Ad 2d Kh 4s 7c 9s] [6d]
Gina: checks
Hugo: checks
*** SHOW DOWN ***
Gina: shows [Ad 2d Kh 4s 7c 9s 6d] (HI: high card Ace; LO: 7,6,4,2,A)
Hugo: shows [Tc Th 3c Qd 8h Jc 2s] (HI: a pair of Tens)
Hugo collected 24 from pot
Gina collected 24 from pot
*** SUMMARY ***
Total pot 48 | Rake 0
Seat 1: Gina showed [Ad 2d Kh 4s 7c 9s 6d] and won (24) with HI: high card Ace; LO: 7,6,4,2,A
Seat 2: Hugo showed [Tc Th 3c Qd 8h Jc 2s] and won (24) with HI: a pair of Tens
"""

OWN_HANDS: tuple[tuple[str, ...], ...] = (
    tuple(RAZZ.splitlines()),
    tuple(TRIPLE_DRAW.splitlines()),
    tuple(STUD_HI_LO.splitlines()),
)

# --- the corpus, read lazily (collection must not need it) --------------------------------


@cache
def corpus_hands() -> tuple[tuple[str, ...], ...]:
    """The lines of every PokerStars hand of the corpus (draw, Razz, stud, mixed)."""
    hands: list[tuple[str, ...]] = []
    for path in corpus_files("*/Stars/**/*.txt"):
        if "summaries" in path.parts:
            continue
        split = split_blocks(path.read_bytes(), str(path), is_start)
        hands.extend(block.lines for block in split.blocks)
    return tuple(hands)


@cache
def accepted_corpus_hands() -> tuple[tuple[str, ...], ...]:
    return tuple(lines for lines in corpus_hands() if judge(lines).accepted)


def judge(lines: Sequence[str]) -> ReplayResult:
    """The one hand of ``lines``, read and replayed alone."""
    (hand,) = read_text("\n".join(lines) + "\n").hands
    return hand


def read_text(text: str) -> FileResult:
    return read_bytes(text.encode("utf-8"), "mutated.txt")


# --- mutations ----------------------------------------------------------------------------

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CARD = re.compile(r"(?<=[\[ ])[2-9TJQKA][cdhs](?=[\] ])")


class Mutation(Protocol):
    def apply(self, lines: list[str]) -> list[str]: ...


def _pick(lines: Sequence[str], at: int) -> int:
    return at % len(lines)


@dataclass(frozen=True)
class Drop:
    at: int

    def apply(self, lines: list[str]) -> list[str]:
        if not lines:
            return lines
        index = _pick(lines, self.at)
        return lines[:index] + lines[index + 1 :]


@dataclass(frozen=True)
class Duplicate:
    at: int

    def apply(self, lines: list[str]) -> list[str]:
        if not lines:
            return lines
        index = _pick(lines, self.at)
        return lines[: index + 1] + lines[index:]


@dataclass(frozen=True)
class Swap:
    at: int
    other: int

    def apply(self, lines: list[str]) -> list[str]:
        if not lines:
            return lines
        first, second = _pick(lines, self.at), _pick(lines, self.other)
        swapped = list(lines)
        swapped[first], swapped[second] = lines[second], lines[first]
        return swapped


def _replace_match(
    lines: list[str], pattern: re.Pattern[str], at: int, which: int, new: str
) -> list[str]:
    """Replace the ``which``-th match of ``pattern`` in the ``at``-th line that has one."""
    candidates = [index for index, line in enumerate(lines) if pattern.search(line)]
    if not candidates:
        return lines
    index = candidates[at % len(candidates)]
    matches = list(pattern.finditer(lines[index]))
    match = matches[which % len(matches)]
    line = lines[index]
    changed = list(lines)
    changed[index] = line[: match.start()] + new + line[match.end() :]
    return changed


@dataclass(frozen=True)
class ChangeAmount:
    """Any number of a line (amounts, seats, ids, dates ...) becomes ``new``."""

    at: int
    which: int
    new: str

    def apply(self, lines: list[str]) -> list[str]:
        return _replace_match(lines, _NUMBER, self.at, self.which, self.new)


@dataclass(frozen=True)
class ChangeCard:
    """A card inside ``[..]`` becomes ``new`` (another card, or something else)."""

    at: int
    which: int
    new: str

    def apply(self, lines: list[str]) -> list[str]:
        return _replace_match(lines, _CARD, self.at, self.which, self.new)


@dataclass(frozen=True)
class Truncate:
    """The hand stops inside line ``at``, after ``chars`` of its characters."""

    at: int
    chars: int

    def apply(self, lines: list[str]) -> list[str]:
        if not lines:
            return lines
        index = _pick(lines, self.at)
        partial = lines[index][: self.chars % (len(lines[index]) + 1)]
        return lines[:index] + ([partial] if partial else [])


@dataclass(frozen=True)
class Insert:
    """``text`` (any characters, line breaks included) becomes line ``at``."""

    at: int
    text: str

    def apply(self, lines: list[str]) -> list[str]:
        index = self.at % (len(lines) + 1)
        return [*lines[:index], self.text, *lines[index:]]


PLAUSIBLE_LINES = (
    "",
    "\n\n",
    "*** SUMMARY ***",
    "*** SHOW DOWN ***",
    "*** FIRST DRAW ***",
    "*** 4th STREET ***",
    "*** RIVER *** [6h]",
    "Betting is capped",
    "The deck is reshuffled",
    "Hand cancelled",
    "Seat 9: Zed (100 in chips)",
    "Seat 9: Zed ($1 in chips) is sitting out",
    "Zed: folds",
    "Zed: calls 10",
    "Zed said, \"calls 10\"",
    "Dealt to Zed [Ah]",
    "Uncalled bet (5) returned to Zed",
    "Zed collected 5 from pot",
    "Total pot 5 | Rake 0",
    "Total pot $1 Main pot $1. Side pot $0. | Rake $0",
    "PokerStars Hand #1: nothing readable - 2020/01/01 00:00:00 ET",
    "PokerStars Hand #2: Razz Limit (10/20) - 2020/01/01 00:00:00 ET",
    "\ufeffPokerStars Game #3:  5 Card Draw Limit ($0.10/$0.20 USD) - 2020/01/01 00:00:00 ET",
)
CARD_TEXTS = (*(str(card) for card in DECK), "Xx", "1h", "10h", "A", "", "ah", "AH", "Ah Ah")

indexes = st.integers(min_value=0, max_value=10_000)
amount_texts = st.one_of(
    st.integers(0, 10**7).map(str),
    st.integers(0, 10**7).map(lambda n: f"{n // 100}.{n % 100:02d}"),
    st.sampled_from(["0", "00", "0.00", "1,000", "1,000.50", "0.5", "0.001", "9" * 30, ""]),
)
mutations: st.SearchStrategy[Mutation] = st.one_of(
    st.builds(Drop, indexes),
    st.builds(Duplicate, indexes),
    st.builds(Swap, indexes, indexes),
    st.builds(ChangeAmount, indexes, indexes, amount_texts),
    st.builds(ChangeCard, indexes, indexes, st.sampled_from(CARD_TEXTS)),
    st.builds(Truncate, indexes, indexes),
    st.builds(Insert, indexes, st.one_of(st.sampled_from(PLAUSIBLE_LINES), st.text(max_size=40))),
)
mutation_lists = st.lists(mutations, min_size=1, max_size=4)


@dataclass(frozen=True)
class Layout:
    """How the damaged hand is written out: line breaks, a BOM, an intact hand after it."""

    newline: str
    bom: bool
    follower: bool


layouts = st.builds(
    Layout, st.sampled_from(["\n", "\r\n", "\r"]), st.booleans(), st.booleans()
)


def mutate(lines: Sequence[str], changes: Sequence[Mutation]) -> list[str]:
    result = list(lines)
    for change in changes:
        result = change.apply(result)
    return result


def write(lines: Sequence[str], layout: Layout, follower: Sequence[str]) -> str:
    newline = layout.newline
    text = newline.join(lines)
    if layout.follower:
        text += newline * 3 + newline.join(follower)
    return ("\ufeff" if layout.bom else "") + text + newline


# --- the contract -------------------------------------------------------------------------

_CODE = re.compile(r"[a-z][a-z0-9_]*")
UTF8_BOM = b"\xef\xbb\xbf"


def check_file(text: str, follower: Sequence[str] | None) -> FileResult:
    """Read ``text`` and check everything the reader and replayer promise about it."""
    data = text.encode("utf-8")
    result = read_bytes(data, "mutated.txt")
    for hand in result.hands:
        check_hand(hand)
    check_accounting(data, text, result)
    if follower is not None and result.encoding.startswith("utf-8"):
        alone = judge(follower)
        last = result.hands[-1]
        assert last.hand.hand_id == alone.hand.hand_id
        assert (last.status, codes(last.errors)) == (alone.status, codes(alone.errors))
    return result


def codes(problems: Sequence[Problem]) -> list[str]:
    return sorted(problem.code for problem in problems)


def check_hand(hand: ReplayResult) -> None:
    assert hand.status in (Status.ACCEPTED, Status.REJECTED, Status.UNSUPPORTED)
    for problem in hand.problems:
        assert _CODE.fullmatch(problem.code), problem
        assert problem.message.strip(), problem
        assert problem.code != "parser_crash", problem
        assert problem.code != "replay_crash", problem
    if hand.status is Status.REJECTED:
        assert hand.errors
    elif hand.status is Status.ACCEPTED:
        assert not hand.errors
        assert sum(player.net for player in hand.players) + hand.rake == 0
    else:
        assert not hand.errors  # an unsupported hand keeps the reader's notes as warnings


def check_accounting(data: bytes, text: str, result: FileResult) -> None:
    """Hands and junk tile the input with only blank bytes between them."""
    bom_length = len(UTF8_BOM) if result.encoding == "utf-8-sig" else 0
    blocks = tuple(
        HandBlock(
            file=hand.hand.source.file,
            line=hand.hand.source.line,
            byte_offset=hand.hand.source.byte_offset,
            byte_length=hand.hand.source.byte_length,
            lines=(),
            line_numbers=(),
        )
        for hand in result.hands
    )
    split = SplitResult(
        encoding=result.encoding, blocks=blocks, junk=result.junk, replaced_chars=False,
        bom_length=bom_length,
    )
    account = account_bytes(data, split)  # raises AccountingError on a lost or shared byte
    assert account.balanced
    if result.encoding.startswith("utf-8"):
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        starts = sum(1 for line in lines if is_start(clean_line(line)))
        assert len(result.hands) == (starts if result.site is not None else 0)


# --- properties on our own hands (no corpus needed) ---------------------------------------


@pytest.mark.parametrize("lines", OWN_HANDS, ids=["razz", "triple_draw", "stud_hi_lo"])
def test_our_hands_are_accepted_as_written(lines: tuple[str, ...]) -> None:
    hand = judge(lines)
    assert hand.status is Status.ACCEPTED, hand.problems
    assert hand.problems == ()


@EXAMPLES
@given(
    which=st.sampled_from(range(len(OWN_HANDS))),
    changes=mutation_lists,
    layout=layouts,
)
def test_our_hands_mutated_are_still_judged(
    which: int, changes: list[Mutation], layout: Layout
) -> None:
    lines = OWN_HANDS[which]
    follower = OWN_HANDS[(which + 1) % len(OWN_HANDS)]
    text = write(mutate(lines, changes), layout, follower)
    check_file(text, follower if layout.follower else None)


@EXAMPLES
@given(which=st.sampled_from(range(len(OWN_HANDS))), data=st.data())
def test_our_hands_with_one_call_changed_are_rejected_for_money(
    which: int, data: st.DataObject
) -> None:
    check_amount_change(OWN_HANDS[which], data, calls_only=True)


# --- properties on the corpus -------------------------------------------------------------


@needs_corpus
def test_the_corpus_has_hands() -> None:
    assert len(corpus_hands()) >= 300
    assert len(accepted_corpus_hands()) >= 200


@needs_corpus
@EXAMPLES
@given(index=indexes, follower=indexes, changes=mutation_lists, layout=layouts)
def test_corpus_hands_mutated_are_still_judged(
    index: int, follower: int, changes: list[Mutation], layout: Layout
) -> None:
    hands = corpus_hands()
    lines, after = hands[index % len(hands)], hands[follower % len(hands)]
    text = write(mutate(lines, changes), layout, after)
    check_file(text, after if layout.follower else None)


@needs_corpus
@EXAMPLES
@given(index=indexes, data=st.data())
def test_corpus_hands_with_one_amount_changed_are_caught_or_consistent(
    index: int, data: st.DataObject
) -> None:
    hands = accepted_corpus_hands()
    check_amount_change(hands[index % len(hands)], data, calls_only=False)


@needs_corpus
def test_corpus_hands_are_judged_the_same_twice() -> None:
    """Reading is deterministic, and replaying the same Hand again changes nothing."""
    for path in corpus_files("*/Stars/**/*.txt"):
        if "summaries" in path.parts:
            continue
        data = path.read_bytes()
        first, second = read_bytes(data, str(path)), read_bytes(data, str(path))
        assert summary(first.hands) == summary(second.hands), path
        again = [replay_hand(hand.hand) for hand in first.hands]
        assert summary(again) == summary(first.hands), path


def summary(hands: Sequence[ReplayResult]) -> list[tuple[object, ...]]:
    return [
        (hand.hand.hand_id, hand.status, hand.problems, hand.players, hand.pots)
        for hand in hands
    ]


@needs_corpus
def test_doubling_any_call_of_an_accepted_hand_rejects_it_for_money() -> None:
    missed: list[str] = []
    tried = 0
    for lines in accepted_corpus_hands():
        currency = judge(lines).hand.currency
        for index, line in enumerate(lines):
            new = _doubled_call(line, currency)
            if new is None:
                continue
            tried += 1
            hand = judge([*lines[:index], new, *lines[index + 1 :]])
            if hand.accepted or not MONEY_CODES & set(codes(hand.errors)):
                missed.append(f"{line!r} -> {new!r}: {hand.status} {codes(hand.errors)}")
    assert tried >= 500
    assert missed == []


# --- amount changes -----------------------------------------------------------------------

MONEY_CODES = frozenset(
    {
        "all_in_mismatch", "ante_wrong_amount", "blind_wrong_amount", "bet_size",
        "bring_in_wrong_amount", "call_amount", "cap_exceeded", "collected_amount",
        "collected_mismatch", "min_raise", "negative_amount", "nets_unbalanced",
        "over_stack", "pot_limit_exceeded", "pot_mismatch", "raise_not_above_bet",
        "side_pot_mismatch", "uncalled_mismatch",
    }
)
"""Error codes that say an amount is wrong: a bet's size, a call, a pot, a collection, a net."""

_PAYING_KINDS = frozenset(
    {Kind.CALL, Kind.BET, Kind.RAISE, Kind.COMPLETE, Kind.BRING_IN, Kind.POST_SB,
     Kind.POST_BB, Kind.POST_SB_BB, Kind.ANTE}
)
_AMOUNT = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?")
_CALL = re.compile(r"^(?P<name>.+): calls (?P<amount>[$€£]?\d[\d,]*(?:\.\d+)?)")


def _doubled_call(line: str, currency: str) -> str | None:
    """``P: calls $0.10`` -> ``P: calls $0.20``; None for any other line."""
    match = _CALL.match(line)
    if match is None:
        return None
    amount = match.group("amount")
    value = int(re.sub(r"\D", "", amount)) * (1 if "." in amount or currency == "chips" else 100)
    new = format_amount(2 * value, currency)
    return line[: match.start("amount")] + new + line[match.end("amount") :]


def check_amount_change(
    lines: tuple[str, ...], data: st.DataObject, *, calls_only: bool
) -> None:
    """One amount of one paying line changes. The hand is then rejected with a money code,
    or it is still accepted and the amount did not matter: every net and the pot are
    those of the original (a raise's ``X`` of ``raises X to Y``, a limit small blind
    within the room's rounding, a bring-in the player then completes). A call has no
    such latitude: a call of another value is always rejected."""
    original = judge(lines)
    assert original.accepted
    kinds = {Kind.CALL} if calls_only else _PAYING_KINDS
    paying = [a for a in original.hand.actions if a.kind in kinds]
    action = data.draw(st.sampled_from(paying), label="action")
    position = action.line - original.hand.source.line  # no blank lines in these blocks
    line = lines[position]
    spots = list(_AMOUNT.finditer(line, line.index(": ") + 2))
    spot = data.draw(st.sampled_from(spots), label="amount")
    old = action.to if spot is spots[-1] and action.to is not None else action.amount
    value = data.draw(
        st.one_of(st.sampled_from([0, old + 1, 2 * old]), st.integers(0, 10 * old + 100)),
        label="new value",
    )
    new_line = line[: spot.start()] + format_amount(value, original.hand.currency)
    new_line += line[spot.end() :]
    hand = judge([*lines[:position], new_line, *lines[position + 1 :]])
    check_hand(hand)
    if value == old:
        assert hand.accepted, (new_line, hand.problems)
    elif hand.accepted:
        assert action.kind is not Kind.CALL, new_line
        assert outcome(hand) == outcome(original), new_line
    else:
        assert MONEY_CODES & set(codes(hand.errors)), (new_line, codes(hand.errors))


def outcome(hand: ReplayResult) -> tuple[object, ...]:
    return hand.total_pot, hand.rake, [(player.player, player.net) for player in hand.players]


# --- bugs the properties found (fixed), kept as tests --------------------------------------


def test_a_draw_hand_with_one_seat_is_rejected_without_a_crash() -> None:
    lines = tuple(TRIPLE_DRAW.splitlines())
    hand = judge(lines[:3])  # header, table, one seat
    assert hand.status is Status.REJECTED
    assert "too_few_players" in codes(hand.errors)
    assert "replay_crash" not in codes(hand.errors)


def test_a_bring_in_after_folding_is_rejected_without_a_crash() -> None:
    lines = list(RAZZ.splitlines())
    at = lines.index("Alfa: brings in for 5")
    hand = judge([*lines[:at], "Alfa: folds", *lines[at:]])
    assert hand.status is Status.REJECTED
    assert "replay_crash" not in codes(hand.errors)


def test_a_pot_whose_shown_hands_cannot_be_ranked_is_rejected_without_a_crash() -> None:
    lines = [
        line.replace("[Ad 2d Kh 4s 7c 9s 6d]", "[Ad 2d Kh 4s 7c 9s 6d 5c]")
        for line in STUD_HI_LO.splitlines()
        if not line.startswith("Hugo: shows")
    ]
    hand = judge(lines)
    assert hand.status is Status.REJECTED
    assert "replay_crash" not in codes(hand.errors)


def test_a_hand_with_an_unreadable_header_is_rejected() -> None:
    lines = list(TRIPLE_DRAW.splitlines())
    hand = judge(["PokerStars Hand #200000000002: Triple Draw", *lines[1:]])
    assert "unreadable_header" in codes(hand.errors)
    assert hand.status is Status.REJECTED
