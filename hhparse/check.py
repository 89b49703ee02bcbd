"""`hhparse check`: replay files without storing anything, and say what is wrong."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hhparse.pipeline import FileResult, expand_paths, read_file
from hhparse.replay import ReplayResult, Status


@dataclass(slots=True)
class CheckReport:
    files: list[FileResult] = field(default_factory=list)

    @property
    def hands(self) -> list[ReplayResult]:
        return [hand for file in self.files for hand in file.hands]

    def count(self, status: Status) -> int:
        return sum(1 for hand in self.hands if hand.status is status)

    @property
    def rejected(self) -> int:
        return self.count(Status.REJECTED)

    def problems_by_code(self) -> dict[str, int]:
        counts = Counter(problem.code for hand in self.hands for problem in hand.problems)
        return dict(sorted(counts.items()))

    def summary(self) -> dict[str, Any]:
        return {
            "files": len(self.files),
            "hands": len(self.hands),
            "accepted": self.count(Status.ACCEPTED),
            "rejected": self.rejected,
            "unsupported": self.count(Status.UNSUPPORTED),
            "junk": sum(len(file.junk) for file in self.files),
            "unreadable_files": sum(1 for file in self.files if file.problem is not None),
            "problems": self.problems_by_code(),
        }

    def as_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary(),
            "hands": [hand_json(hand) for hand in self.hands],
            "junk": [
                {"file": junk.file, "line": junk.line, "text": junk.text}
                for file in self.files for junk in file.junk
            ],
            "files": [
                {"file": file.file, "code": file.problem.code, "message": file.problem.message}
                for file in self.files if file.problem is not None
            ],
        }


def hand_json(hand: ReplayResult) -> dict[str, Any]:
    record = hand.hand
    return {
        "file": record.source.file,
        "line": record.source.line,
        "hand_id": record.hand_id,
        "variant": record.variant_id,
        "status": hand.status.value,
        "problems": [
            {
                "code": problem.code,
                "severity": problem.severity.value,
                "line": problem.line,
                "message": problem.message,
            }
            for problem in hand.problems
        ],
    }


def check_paths(paths: Iterable[str | Path]) -> CheckReport:
    report = CheckReport()
    for path in expand_paths(paths):
        report.files.append(read_file(path))
    return report
