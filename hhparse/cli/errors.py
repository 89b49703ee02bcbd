"""Known library errors become one `Error: ...` line and exit code 1."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer

from hhparse.cards import CardError
from hhparse.evaluators import EvaluationError

KNOWN_ERRORS: tuple[type[Exception], ...] = (CardError, EvaluationError)


@contextmanager
def user_errors() -> Iterator[None]:
    try:
        yield
    except KNOWN_ERRORS as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(code=1) from None
