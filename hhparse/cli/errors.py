"""Every failure the user can act on becomes one `Error: ...` line and exit code 1.

:func:`user_errors` wraps a command's work: the library's own errors say what to do
already; DuckDB's and the operating system's are first explained against the database
the command uses (:func:`hhparse.store.errors.explain`). :func:`run_cli` is the outer
guard of every command: a signal stops it with one line and 130/143, a closed pipe ends
it quietly, and even an error nobody foresaw is one line (``HHPARSE_DEBUG=1`` shows its
traceback).
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer

from hhparse import stops

EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE, what a shell reports for a program whose reader went away."""


def fail(message: str) -> NoReturn:
    typer.echo(f"Error: {one_line(message)}", err=True)
    raise typer.Exit(code=1)


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def _known_errors() -> tuple[type[BaseException], ...]:
    """The library's own errors. The store's is looked up, never imported (importing it
    imports DuckDB and polars): a command that never touched the store cannot raise it."""
    from hhparse.cards import CardError
    from hhparse.evaluators import EvaluationError

    store_errors = sys.modules.get("hhparse.store.errors")
    if store_errors is None:
        return (CardError, EvaluationError)
    return (CardError, EvaluationError, store_errors.StoreError)


@contextmanager
def user_errors(database: Path | str | None = None) -> Iterator[None]:
    """Known errors, and DuckDB's or the OS's about ``database``, as one line and exit 1."""
    try:
        yield
    except _known_errors() as error:
        fail(str(error))
    except Exception as error:
        if not _explainable(error) or isinstance(error, BrokenPipeError) \
                or stops.requested() is not None:
            raise  # run_cli's to handle
        fail(str(_explained(error, database)))


def _explainable(error: Exception) -> bool:
    """DuckDB's errors and the OS's. DuckDB is looked up, never imported (a tenth of a
    second of start-up): a command that never opened a database cannot raise its errors."""
    duckdb = sys.modules.get("duckdb")
    return isinstance(error, OSError) or (
        duckdb is not None and isinstance(error, duckdb.Error))


def _explained(error: BaseException, database: Path | str | None) -> object:
    from hhparse.store.errors import explain

    if isinstance(error, OSError) and error.filename is not None and (
        database is None or Path(str(error.filename)) != Path(database)
    ):
        return f"{error.strerror or error}: {error.filename}"
    return explain(error, database if database is not None else "the database")


def run_cli(app: Callable[[], object]) -> None:
    """Run the command line with the outer guard (see the module's docstring)."""
    stops.install()
    try:
        app()
    except stops.Stopped as stop:
        _stopped(stop.signum, stop)
    except BrokenPipeError:
        quiet_broken_pipe()
    except Exception as error:
        signum = stops.requested()
        if signum is not None:  # the stop, reworded by a library (DuckDB: "Query interrupted")
            if os.environ.get("HHPARSE_DEBUG"):
                traceback.print_exception(error)
            _stopped(signum, None)
        _unexpected(error)


def _stopped(signum: int, stop: stops.Stopped | None) -> NoReturn:
    stop = stop or stops.Stopped(signum)
    _print_err(f"Stopped ({stop.signal_name}).")
    sys.exit(stop.exit_code)


def stopped(stop: stops.Stopped, what: str) -> typer.Exit:
    """A command's own line for a stop (what it had done, and that a rerun does it all)."""
    _print_err(f"Stopped ({stop.signal_name}): {what}")
    return typer.Exit(code=stop.exit_code)


def quiet_broken_pipe() -> NoReturn:
    """The reader of our output went away (`hhparse export | head`): not an error of
    ours; stdout is pointed at /dev/null so the interpreter's last flush is quiet too."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(EXIT_BROKEN_PIPE)


def _unexpected(error: BaseException) -> NoReturn:
    if os.environ.get("HHPARSE_DEBUG"):
        raise error
    _print_err(f"Error: unexpected {type(error).__name__}: {one_line(str(error))} — this is "
               "a bug in hhparse: please report it (HHPARSE_DEBUG=1 shows where it happened)")
    sys.exit(1)


def _print_err(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # no stderr left to say it on
        print(message, file=sys.stderr, flush=True)
