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


def load_sidecar(path: Path) -> Any:
    """fpdb's expected results (Python-2 reprs) as plain data, never evaluated."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\bu'", "'", text)
    text = re.sub(r"Decimal\('([^']*)'\)", r"'\1'", text)
    text = re.sub(r"datetime\.datetime\([^)]*\)", "None", text)
    text = re.sub(r"\bL\b", "", text)
    return ast.literal_eval(text)
