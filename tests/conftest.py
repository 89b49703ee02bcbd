"""Fixtures shared by the report tests: throwaway reports and a small store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hhparse.reports import catalog
from tests.test_reports_cli import make_database, use_reports, write_reports


@pytest.fixture
def reports_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = write_reports(tmp_path / "reports")
    use_reports(monkeypatch, folder)
    yield folder
    catalog.reports.cache_clear()


@pytest.fixture
def database(tmp_path: Path, reports_dir: Path) -> Path:
    return make_database(tmp_path)
