"""`python -m hhparse` is the `hhparse` command (and `main` its console script)."""

import os
import signal
import sys

# Until stops.install() below, Ctrl-C ends the command at once and silently (the signal's
# default action), not with a KeyboardInterrupt traceback from the middle of an import.
signal.signal(signal.SIGINT, signal.SIG_DFL)

from hhparse import stops  # noqa: E402  (after the signal: its import takes time too)


def main() -> None:
    # Signals stop cleanly from the first moment: before the command line's imports,
    # which take most of a command's start-up time (a stop during them is one line too).
    stops.install()
    # No command multiplies matrices: numpy's OpenBLAS, loaded with numpy, would start a
    # thread per core that spins for nothing (stops.worker_init says the same for workers).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        from hhparse.cli import main as run
    except stops.Stopped as stop:
        sys.stderr.write(f"Stopped ({stop.signal_name}).\n")
        sys.exit(stop.exit_code)
    run()


if __name__ == "__main__":
    main()
