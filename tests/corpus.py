"""The shared corpus of real hand histories (../shared/corpus), when it is there.

Third-party data: tests read it in place and skip cleanly when it is absent (a user's
fresh clone has no ../shared).
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
FPDB = CORPUS / "fpdb"

needs_corpus = pytest.mark.skipif(not FPDB.is_dir(), reason="../shared/corpus is absent")


def settled_corpus(target: Path) -> Path:
    """The fpdb corpus copied to ``target`` with every file last written an hour ago.

    A file written in the last ten minutes may still be written, so an ingest lets its
    cut-off last hand wait (``RECENT_SECONDS``): two ingests of the corpus minutes apart
    (a lake and a store, two write paths) would disagree on the few files that end in such
    a hand whenever the corpus was laid out just before the suite, as in CI."""
    shutil.copytree(FPDB, target, copy_function=shutil.copyfile)
    an_hour_ago = time.time() - 3600
    for path in (target, *target.rglob("*")):
        path.chmod(0o755 if path.is_dir() else 0o644)  # the corpus is read-only
        os.utime(path, (an_hour_ago, an_hour_ago))
    return target


def corpus_files(pattern: str) -> list[Path]:
    return sorted(FPDB.glob(pattern)) if FPDB.is_dir() else []


SIDECAR_SUFFIXES = (".hp", ".hands", ".gt")


def room_hand_files(room: str) -> set[str]:
    """The corpus files of a room (``Merge``, ``OnGame`` ...) that hold hands, by their
    path under fpdb/ (fpdb's sidecars left out)."""
    return {str(path.relative_to(FPDB)) for path in FPDB.glob(f"*/{room}/**/*")
            if path.is_file() and path.suffix not in SIDECAR_SUFFIXES}


def room_sidecars(room: str) -> list[str]:
    """The room's corpus files that have fpdb's expected results (``.hp``) beside them."""
    return sorted(str(path.relative_to(FPDB))[: -len(".hp")]
                  for path in FPDB.glob(f"*/{room}/**/*.hp")) if FPDB.is_dir() else []


def assert_read_and_judged(name: str, accepted: int, rejected: int, unsupported: int) -> Any:
    """A corpus file read and replayed: its statuses counted as expected, no line left
    unread, every accepted hand balanced (nets + rake = 0, rake >= 0). The result."""
    from hhparse.pipeline import read_file
    from hhparse.replay import Status

    result = read_file(FPDB / name)
    counted = [hand.status for hand in result.hands]
    assert (counted.count(Status.ACCEPTED), counted.count(Status.REJECTED),
            counted.count(Status.UNSUPPORTED)) == (accepted, rejected, unsupported)
    assert [problem for hand in result.hands for problem in hand.problems
            if problem.code == "unknown_line"] == []
    for hand in result.hands:
        if hand.status is Status.ACCEPTED:
            assert sum(player.net for player in hand.players) + hand.rake == 0
            assert hand.rake >= 0
    return result


def assert_sidecar_agrees(name: str) -> None:
    """The file's first hand is accepted and agrees with fpdb's ``.hp``."""
    from hhparse.pipeline import read_file
    from hhparse.replay import Status

    hand = read_file(FPDB / name).hands[0]
    assert hand.status is Status.ACCEPTED
    assert_agrees_with_fpdb(hand, load_sidecar(FPDB / (name + ".hp")))


def assert_agrees_with_fpdb(hand: Any, expected: dict[str, dict[str, object]]) -> None:
    """Our nets, collections, showdown facts, seats and stacks are fpdb's (``.hp``)."""
    ours = {player.player: player for player in hand.players}
    for player, facts in expected.items():
        mine = ours[player]
        assert mine.net == facts["totalProfit"], player
        assert mine.collected == facts["winnings"], player
        assert mine.went_to_showdown == bool(facts["sawShowdown"]), player
        assert mine.won_at_showdown == (float(str(facts["wonAtSD"])) > 0), player
        assert mine.seat == facts["seatNo"] and mine.starting_stack == facts["startCash"]


def load_sidecar(path: Path) -> Any:
    """fpdb's expected results (Python-2 reprs) as plain data, never evaluated."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\bu'", "'", text)
    text = re.sub(r"Decimal\('([^']*)'\)", r"'\1'", text)
    text = re.sub(r"datetime\.datetime\([^)]*\)", "None", text)
    text = re.sub(r"\bL\b", "", text)
    return ast.literal_eval(text)
