"""`python -m hhparse` is the `hhparse` command (and `main` its console script)."""

import sys

from hhparse import stops


def main() -> None:
    # Signals stop cleanly from the first moment: before the command line's imports,
    # which take most of a command's start-up time (a stop during them is one line too).
    stops.install()
    try:
        from hhparse.cli import main as run
    except stops.Stopped as stop:
        sys.stderr.write(f"Stopped ({stop.signal_name}).\n")
        sys.exit(stop.exit_code)
    run()


if __name__ == "__main__":
    main()
