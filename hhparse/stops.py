"""Clean stops: Ctrl-C (SIGINT) and SIGTERM end a command without a traceback, never in
the middle of a write.

The command line calls :func:`install`: from then on either signal raises :class:`Stopped`
wherever the program is (except inside an import, which it lets end first), which is right
for everything that only reads or writes a file it renames into place at the end. Code
that writes a database runs inside :func:`graceful`: there the first signal only raises a
flag, and the code calls :func:`check` where nothing is half done (an ingest between two
batches) to stop by raising :class:`Stopped`; a second signal does not wait. Worker
processes start with :func:`worker_init`: they ignore SIGINT (their parent decides) and,
on Linux, die with their parent whatever kills it (a parent-death signal).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, Final

EXIT_CODES: Final = {signal.SIGINT: 130, signal.SIGTERM: 143}
"""The shell's convention: 128 + the signal's number."""
_PR_SET_PDEATHSIG: Final = 1


class Stopped(BaseException):
    """A stop asked for by a signal (a BaseException, like KeyboardInterrupt: no
    ``except Exception`` swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def signal_name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        return EXIT_CODES.get(signal.Signals(self.signum), 128 + self.signum)


_requested: list[int] = []
_deferring: list[bool] = []


def requested() -> int | None:
    """The signal that asked for a stop, if one did."""
    return _requested[0] if _requested else None


def check() -> None:
    """Raise :class:`Stopped` when a stop was asked for."""
    if _requested:
        raise Stopped(_requested[0])


_IMPORT_MACHINERY: Final = "<frozen importlib."
_REDELIVERY_SECONDS: Final = 0.05


def _on_signal(signum: int, frame: FrameType | None) -> None:
    first = not _requested
    _requested.append(signum)
    if first and _deferring:
        return  # honoured at the next check()
    if _importing(frame):
        # a native module whose initialisation calls back into Python (DuckDB's enums, via
        # nanobind) aborts the whole process on an exception there: stop once it is loaded
        _deliver_again_soon(signum)
        return
    raise Stopped(signum)


def _importing(frame: FrameType | None) -> bool:
    """Some frame of the interrupted stack runs Python's import machinery."""
    while frame is not None:
        if frame.f_code.co_filename.startswith(_IMPORT_MACHINERY):
            return True
        frame = frame.f_back
    return False


def _deliver_again_soon(signum: int) -> None:
    timer = threading.Timer(_REDELIVERY_SECONDS, os.kill, (os.getpid(), signum))
    timer.daemon = True  # never holds up the end of the process
    timer.start()


def install() -> None:
    """SIGINT and SIGTERM raise :class:`Stopped` from now on (main thread only)."""
    if threading.current_thread() is threading.main_thread():
        for number in EXIT_CODES:
            signal.signal(number, _on_signal)


@contextmanager
def graceful() -> Iterator[None]:
    """Inside, the first SIGINT or SIGTERM waits for the next :func:`check`; the handlers
    in place before come back after (a stop asked for and not honoured is forgotten:
    the work it would have stopped is done)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, _on_signal) for number in EXIT_CODES}
    _requested.clear()
    _deferring.append(True)
    try:
        yield
    finally:
        _deferring.pop()
        for number, handler in previous.items():
            signal.signal(number, handler)
        if not _deferring:
            _requested.clear()


class WorkerStopped(Exception):
    """A worker left its task because its parent asked all workers to stop."""


_worker_stop: list[Any] = []
"""The worker's stop event (set by the parent at a stop), once :func:`worker_init` ran."""


def worker_check() -> None:
    """In a worker, between groups of hands: leave the task when the parent stops."""
    if _worker_stop and _worker_stop[0].is_set():
        raise WorkerStopped("the ingest was stopped")


def worker_init(parent: int, stop_event: Any = None) -> None:
    """A worker process: Ctrl-C is for its parent; it dies with ``parent`` (Linux); it
    leaves its task soon after ``stop_event`` is set (:func:`worker_check`)."""
    if stop_event is not None:
        _worker_stop[:] = [stop_event]
    # Workers never multiply matrices: numpy's OpenBLAS (loaded with numpy, after this)
    # would start a thread per core in each worker that spins for nothing (~0.6% of the CPU
    # of a 2-worker ingest). A setting the user made stays.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            # the process's own symbols (libc's among them): find_library("c") would run
            # `ldconfig -p` in a subprocess, forked from a worker of some 200 MB
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            return
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)
