"""Reports finished in Python: their SQL (``-- Computed: name`` in its header) gives the
inputs, a function here turns them into the report's rows (what SQL cannot compute, such as
dealing out every unseen card)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any, Final

import polars as pl

from hhparse.reports.catalog import Report

Step = Callable[[pl.DataFrame, Mapping[str, object]], pl.DataFrame]

STEPS: Final = {
    "draw_decisions": "hhparse.decisions.report:draw_decisions",
    "draw_leaks": "hhparse.decisions.report:draw_leaks",
}
"""Each computed report's function (imported when the report runs)."""


CHECKS: Final = {
    "draw_decisions": "hhparse.decisions.report:targets",
    "draw_leaks": "hhparse.decisions.report:targets",
}
"""Each computed report's check of its own parameters (a ValueError saying what is wrong),
run when the parameters are bound, before any row is read."""


def finish(report: Report, inputs: pl.DataFrame, parameters: Mapping[str, object]
           ) -> pl.DataFrame:
    step: Step = _function(STEPS, report)
    return step(inputs, parameters)


def check_parameters(report: Report, parameters: Mapping[str, object]) -> None:
    if report.computed in CHECKS:
        _function(CHECKS, report)(parameters)


def _function(table: Mapping[str, str], report: Report) -> Callable[..., Any]:
    where = table.get(report.computed)
    if where is None:
        raise ValueError(f"report {report.name!r}: no computation {report.computed!r}; "
                         f"known: {', '.join(table)}")
    module, _, function = where.partition(":")
    found: Callable[..., Any] = getattr(import_module(module), function)
    return found
