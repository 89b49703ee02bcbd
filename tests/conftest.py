"""Fixtures shared by the tests: no test leaves a process behind; throwaway reports and a
small store for the report tests."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from multiprocessing import resource_tracker
from pathlib import Path

import pytest

from hhparse.reports import catalog
from tests.processes import TAG_VARIABLE, leaked
from tests.test_reports_cli import make_database, use_reports, write_reports


@pytest.fixture(scope="session", autouse=True)
def _resource_tracker_untagged() -> None:
    """multiprocessing's resource tracker lives as long as the test session (and dies
    with it): started here, before any test tags its processes."""
    if sys.platform.startswith("linux"):
        resource_tracker.ensure_running()


@pytest.fixture(autouse=True)
def no_process_left_behind(
    _resource_tracker_untagged: None, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Every process a test starts inherits its tag; none may outlive the test."""
    tag = uuid.uuid4().hex
    monkeypatch.setenv(TAG_VARIABLE, tag)
    yield
    left = leaked(tag)
    assert not left, "the test left processes behind:\n" + "\n".join(left)


@pytest.fixture
def reports_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = write_reports(tmp_path / "reports")
    use_reports(monkeypatch, folder)
    yield folder
    catalog.reports.cache_clear()


@pytest.fixture
def database(tmp_path: Path, reports_dir: Path) -> Path:
    return make_database(tmp_path)
