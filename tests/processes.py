"""Which processes a test left behind: every process it starts carries its tag.

The tag is an environment variable set for the test's duration; every child process
(``hhparse`` run as a subprocess, its worker processes, a process pool) inherits it, even
once reparented to init. A process still alive with the tag after the test is a leak.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from pathlib import Path

TAG_VARIABLE = "HHPARSE_TEST_PROCESS_TAG"


def tagged_alive(tag: str) -> list[int]:
    """The live (not zombie) processes other than this one whose environment has ``tag``."""
    needle = f"{TAG_VARIABLE}={tag}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if needle not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def describe(pid: int) -> str:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        command = "?"
    return f"{pid}: {command[:160]}"


def leaked(tag: str, grace_seconds: float = 5.0) -> list[str]:
    """The tagged processes still alive after ``grace_seconds`` (each then killed)."""
    if not sys.platform.startswith("linux"):
        return []
    deadline = time.monotonic() + grace_seconds
    alive = tagged_alive(tag)
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = tagged_alive(tag)
    described = [describe(pid) for pid in alive]
    for pid in alive:  # they were started by the test: end them so the next test is clean
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return described
