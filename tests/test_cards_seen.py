"""The card tracker: a folded hand's known cards go to the muck, nobody else's do."""

from __future__ import annotations

from hhparse.cards import DECK
from hhparse.replay.cards_seen import CardTracker
from hhparse.replay.state import ProblemLog
from hhparse.variants.catalog import VARIANTS

TRIPLE_DRAW = next(variant for variant in VARIANTS if variant.id == "27_triple_draw")


def test_a_fold_releases_only_the_folders_known_cards() -> None:
    log = ProblemLog()
    tracker = CardTracker(TRIPLE_DRAW, log)
    hero, shown = list(DECK[:5]), list(DECK[5:7])
    tracker.see("Hero", hero, 3, "dealt")
    tracker.see("Villain", shown, 4, "shown")
    tracker.release("Nobody")  # never held a known card
    tracker.release("Villain")
    assert tracker.holder[:5] == ["Hero"] * 5 and tracker.holder[5:7] == [None, None]
    assert tracker.discarded_by[5:7] == ["Villain", "Villain"]
    tracker.see("Third", [DECK[5]], 9, "dealt")  # a mucked card dealt again, no reshuffle
    tracker.see("Third", [DECK[0]], 9, "dealt")  # a card the hero still holds
    assert [problem.code for problem in log.problems] == ["duplicate_card", "duplicate_card"]
    assert "discarded by Villain" in log.problems[0].message
    assert "already held by Hero" in log.problems[1].message
