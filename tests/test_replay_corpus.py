"""Every PokerStars draw, Razz, stud and mixed file of the shared corpus, read and replayed.

Expected counts per file: every hand is accepted except the really defective ones —
the hero shown with ten cards (duplicate.holecards) and the cancelled hand — and the
Hold'em/Omaha hands of the mixed file, which are recorded as unsupported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hhparse.pipeline import FileResult, read_file
from hhparse.replay import Status
from tests.corpus import FPDB, assert_agrees_with_fpdb, load_sidecar, needs_corpus

pytestmark = needs_corpus

EXPECTED = [
    # (file, accepted, rejected, unsupported)
    ("cash/Stars/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt", 1, 0, 0),
    ("cash/Stars/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt", 1, 0, 0),
    ("cash/Stars/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt", 0, 1, 0),
    ("cash/Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.FoldedNodraw.txt", 1, 0, 0),
    ("cash/Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt", 1, 0, 0),
    ("cash/Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.sidepot.txt", 1, 0, 0),
    ("cash/Stars/Draw/5-Carddraw-FL-USD-0.25-0.50-201209.fold.to.cb.fix.txt", 1, 0, 0),
    ("cash/Stars/Draw/5-Carddraw-FL-USD-30-60-201605.check.raise.fix.txt", 1, 0, 0),
    ("cash/Stars/Draw/5-Carddraw-NL-USD-0.25-0.50.Sample.txt", 1, 0, 0),
    ("cash/Stars/Draw/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt", 1, 0, 0),
    ("cash/Stars/Draw/5-Carddraw-USD-0.10-0.20-200911.txt", 30, 0, 0),
    ("cash/Stars/Draw/Badugi-USD-0.25-0.50-201009.txt", 4, 0, 0),
    ("cash/Stars/Draw/NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt", 1, 0, 0),
    ("cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt", 1, 0, 0),
    ("cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt",
     0, 1, 0),
    ("cash/Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt", 1, 0, 0),
    ("cash/Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt", 11, 0, 0),
    ("cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", 1, 0, 0),
    ("cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.txt", 7, 0, 0),
    ("cash/Stars/Stud/7-StudHL-USD-400-800-201701.3bet.fix.txt", 1, 0, 0),
    ("cash/Stars/Stud/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt", 1, 0, 0),
    ("tour/Stars/Draw/2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt", 1, 0, 0),
    ("tour/Stars/Draw/LBad-USD-SNG8-201011.txt", 104, 0, 0),
    ("tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", 71, 0, 66),
    ("tour/Stars/Stud/7-StudHL-USD-10-1-200906.PT2.export.txt", 1, 0, 0),
    ("tour/Stars/Stud/Razz-8max-USD-200-15-201009.bracket.in.alias.txt", 1, 0, 0),
    ("tour/Stars/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt", 1, 0, 0),
]

REJECTION_CODES = {
    "cash/Stars/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt": "hand_cancelled",
    "cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt":
        "hand_size",
}

_cache: dict[str, FileResult] = {}


def replayed(name: str) -> FileResult:
    if name not in _cache:
        _cache[name] = read_file(FPDB / name)
    return _cache[name]


def test_the_table_lists_every_pokerstars_hand_file() -> None:
    on_disk = {
        str(path.relative_to(FPDB))
        for path in FPDB.glob("*/Stars/**/*.txt")
        if "summaries" not in path.parts
    }
    assert on_disk == {name for name, *_ in EXPECTED}


@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), EXPECTED)
def test_every_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    result = replayed(name)
    statuses = [hand.status for hand in result.hands]
    assert (
        statuses.count(Status.ACCEPTED), statuses.count(Status.REJECTED),
        statuses.count(Status.UNSUPPORTED),
    ) == (accepted, rejected, unsupported)
    assert result.junk == () and result.problem is None
    unknown = [p for hand in result.hands for p in hand.problems if p.code == "unknown_line"]
    assert unknown == []


@pytest.mark.parametrize(("name", "code"), sorted(REJECTION_CODES.items()))
def test_defective_hands_are_rejected_with_the_right_reason(name: str, code: str) -> None:
    (hand,) = replayed(name).hands
    assert hand.status is Status.REJECTED
    assert code in {problem.code for problem in hand.errors}


@pytest.mark.parametrize("name", [name for name, *_ in EXPECTED])
def test_each_accepted_hand_balances(name: str) -> None:
    for hand in replayed(name).hands:
        if hand.status is not Status.ACCEPTED:
            continue
        assert sum(p.net for p in hand.players) + hand.rake == 0, hand.hand.hand_id
        assert sum(p.collected for p in hand.players) + hand.rake == hand.total_pot


SIDECARS = sorted(
    str(path.relative_to(FPDB))[: -len(".hp")] for path in FPDB.glob("*/Stars/**/*.txt.hp")
) if FPDB.is_dir() else []


@pytest.mark.parametrize("name", SIDECARS)
def test_nets_collections_and_showdowns_agree_with_fpdb(name: str) -> None:
    expected: dict[str, dict[str, object]] = load_sidecar(FPDB / (name + ".hp"))
    hand = replayed(name).hands[0]
    assert hand.status is Status.ACCEPTED
    assert_agrees_with_fpdb(hand, expected)


def test_sidecars_are_found() -> None:
    assert len(SIDECARS) >= 3
    assert all(Path(FPDB / name).is_file() for name in SIDECARS)
