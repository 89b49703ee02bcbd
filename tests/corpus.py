"""The shared corpus of real hand histories (../shared/corpus), when it is there.

Third-party data: tests read it in place and skip cleanly when it is absent (a user's
fresh clone has no ../shared).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
FPDB = CORPUS / "fpdb"

needs_corpus = pytest.mark.skipif(not FPDB.is_dir(), reason="../shared/corpus is absent")


def corpus_files(pattern: str) -> list[Path]:
    return sorted(FPDB.glob(pattern)) if FPDB.is_dir() else []


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
