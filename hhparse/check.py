"""`hhparse check`: replay files without storing anything, and say what is wrong.

Files are read one at a time and each hand is kept only as its verdict (where it is, its
status and its problems), so memory grows with the number of hands by a few hundred bytes
each, not with the replayed hands themselves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hhparse.parsers.base import Junk
from hhparse.pipeline import FileProblem, FileResult, read_bytes
from hhparse.replay import Problem, ReplayResult, Status
from hhparse.sources import Source, SourceError, expand


@dataclass(frozen=True, slots=True, kw_only=True)
class HandVerdict:
    file: str
    line: int
    hand_id: str
    variant: str | None
    status: Status
    problems: tuple[Problem, ...]

    @classmethod
    def of(cls, result: ReplayResult) -> HandVerdict:
        hand = result.hand
        return cls(file=hand.source.file, line=hand.source.line, hand_id=hand.hand_id,
                   variant=hand.variant_id, status=result.status, problems=result.problems)

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "hand_id": self.hand_id,
            "variant": self.variant,
            "status": self.status.value,
            "problems": [
                {
                    "code": problem.code,
                    "severity": problem.severity.value,
                    "line": problem.line,
                    "message": problem.message,
                }
                for problem in self.problems
            ],
        }


@dataclass(slots=True)
class CheckReport:
    files: int = 0
    hands: list[HandVerdict] = field(default_factory=list)
    junk: list[Junk] = field(default_factory=list)
    file_problems: list[FileProblem] = field(default_factory=list)
    statuses: Counter[Status] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)

    def add(self, result: FileResult) -> None:
        self.files += 1
        self.junk.extend(result.junk)
        if result.problem is not None:
            self.file_problems.append(result.problem)
        for hand in result.hands:
            verdict = HandVerdict.of(hand)
            self.hands.append(verdict)
            self.statuses[verdict.status] += 1
            self.problems.update(problem.code for problem in verdict.problems)

    @property
    def rejected(self) -> int:
        return self.statuses[Status.REJECTED]

    def summary(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "hands": len(self.hands),
            "accepted": self.statuses[Status.ACCEPTED],
            "rejected": self.rejected,
            "unsupported": self.statuses[Status.UNSUPPORTED],
            "junk": len(self.junk),
            "unreadable_files": len(self.file_problems),
            "problems": dict(sorted(self.problems.items())),
        }

    def as_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary(),
            "hands": [hand.as_json() for hand in self.hands],
            "junk": [{"file": junk.file, "line": junk.line, "text": junk.text}
                     for junk in self.junk],
            "files": [{"file": problem.file, "code": problem.code, "message": problem.message}
                      for problem in self.file_problems],
        }


def check_paths(paths: Iterable[str | Path]) -> CheckReport:
    report = CheckReport()
    for source in expand(paths):
        report.add(_read(source) if not isinstance(source, SourceError) else _unreadable(source))
    return report


def _read(source: Source) -> FileResult:
    try:
        return read_bytes(source.read(), source.path)
    except SourceError as error:
        return _unreadable(error, source.path)


def _unreadable(error: SourceError, path: str = "") -> FileResult:
    message = str(error)
    file = path or message.split(": ", 1)[0]
    return FileResult(
        file=file, site=None, encoding="", hands=(), junk=(),
        problem=FileProblem(file=file, code="unreadable_file",
                            message=message.removeprefix(f"{file}: ")),
    )
