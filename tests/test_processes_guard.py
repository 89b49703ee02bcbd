"""The guard against leaked processes sees a process that outlives its test."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import pytest

from tests.processes import TAG_VARIABLE, leaked


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_tagged_process_still_running_is_a_leak_and_is_ended() -> None:
    tag = uuid.uuid4().hex
    env = {**os.environ, TAG_VARIABLE: tag}
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], env=env)
    try:
        found = leaked(tag, grace_seconds=0.2)
        assert len(found) == 1 and found[0].startswith(f"{child.pid}:")
        assert child.wait(timeout=5) != 0  # ended by the guard
    finally:
        child.kill()
        child.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_finished_process_is_no_leak() -> None:
    tag = uuid.uuid4().hex
    subprocess.run([sys.executable, "-c", "pass"], env={**os.environ, TAG_VARIABLE: tag},
                   check=True)
    assert leaked(tag, grace_seconds=0.1) == []
