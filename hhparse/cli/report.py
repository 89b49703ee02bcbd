"""`hhparse report NAME`, `hhparse report list`, `hhparse report run` and `hhparse query SQL`.

`hhparse report NAME [OPTIONS]` is short for `hhparse report show NAME [OPTIONS]` (a report
named like a command, e.g. `list`, is reached through `show`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from hhparse.reports.catalog import get_report, reports
from hhparse.reports.formats import FORMATS

if TYPE_CHECKING:
    import polars as pl
    from rich.table import Table

    from hhparse.reports.run import ParameterValue
    from hhparse.reports.schedule import ScheduleRun


class _NameOrCommand(TyperGroup):
    """A first argument that is not a command is a report name: it runs `show`."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["show", *args]
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=_NameOrCommand,
    rich_markup_mode=None,
    no_args_is_help=True,
    subcommand_metavar="NAME [OPTIONS] | COMMAND [ARGS]...",
    help="Run the reports of sql/reports: `hhparse report NAME [OPTIONS]` runs one "
         "(short for `hhparse report show NAME`); `list` shows them; `run` writes a "
         "scheduled set into a dated folder.",
)

DbOption = Annotated[
    Path | None,
    typer.Option("--db", help="DuckDB file (default: $HHPARSE_DB or ./hands.duckdb)."),
]
LakeOption = Annotated[
    str | None,
    typer.Option("--lake", help="Read the Parquet lake in this folder or at this fsspec "
                 "URL (s3://...) instead of the database (`hhparse ingest PATH --lake DIR` "
                 "writes one)."),
]
FormatOption = Annotated[
    str, typer.Option("--format", "-f", help=f"One of: {', '.join(FORMATS)}.")
]
OutOption = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="Write to this file (atomically) instead of the terminal."),
]
WaitOption = Annotated[
    float, typer.Option("--wait", help="Seconds to wait for a database in use (an ingest).")
]

def _known_errors() -> tuple[type[BaseException], ...]:
    import duckdb

    from hhparse.reports.catalog import UnknownReport
    from hhparse.reports.render import FormatError
    from hhparse.reports.schedule import ScheduleError
    from hhparse.store.schema import StoreError

    return (UnknownReport, StoreError, ScheduleError, FormatError, duckdb.Error, OSError)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Known errors become one `Error: ...` line on stderr and exit code 1."""
    try:
        yield
    except BaseException as error:
        if not isinstance(error, _known_errors()):
            raise
        typer.echo(f"Error: {_one_line(error)}", err=True)
        raise typer.Exit(code=1) from None


def _one_line(error: BaseException) -> str:
    text = str(error.args[0]) if isinstance(error, LookupError) and error.args else str(error)
    if isinstance(error, OSError) and error.filename is not None and error.strerror:
        text = f"{error.strerror}: {error.filename}"
    return " ".join(text.split())


def _fail(message: str) -> typer.Exit:
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code=1)


def _database(db: Path | None) -> Path:
    from hhparse.ingest import default_database

    database = db or default_database()
    if not database.is_file():
        raise _fail(f"no database at {database} (run `hhparse ingest` first)")
    return database


# --- parameters --------------------------------------------------------------------------

_INTEGER = re.compile(r"[+-]?\d+")
_FLOAT = re.compile(r"[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def typed_value(text: str) -> ParameterValue:
    """`true`/`false`, an integer, a decimal number, a date (YYYY-MM-DD), else text.

    Quotes keep a value text: `player="123"`.
    """
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if _INTEGER.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    if _DATE.fullmatch(text):
        return _date(text, text)
    return text


def _date(text: str, option: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise _fail(f"{option}: {text!r} is not a date (YYYY-MM-DD)") from None


def _parameters(
    named: dict[str, str | None], since: str | None, until: str | None, pairs: Sequence[str]
) -> dict[str, ParameterValue]:

    given: dict[str, ParameterValue] = {key: value for key, value in named.items()
                                        if value is not None}
    if since is not None:
        given["since"] = _date(since, "--since")
    if until is not None:
        given["until"] = _date(until, "--until")
    for pair in pairs:
        key, equals, value = pair.partition("=")
        key = key.strip()
        if not equals or not re.fullmatch(r"[a-z_][a-z0-9_]*", key):
            raise _fail(f"--param {pair!r}: write key=value (key: lower-case letters, digits "
                        "and _)")
        if key in given:
            raise _fail(f"parameter {key} is given twice")
        given[key] = typed_value(value)
    return given


# --- hhparse report NAME -----------------------------------------------------------------


@app.command(name="show")
def show_command(
    name: Annotated[str, typer.Argument(help="A report (see `hhparse report list`).")],
    db: DbOption = None,
    variant: Annotated[
        str | None, typer.Option("--variant", help="Only this variant (e.g. 27_triple_draw).")
    ] = None,
    player: Annotated[str | None, typer.Option("--player", help="Only this player.")] = None,
    hero: Annotated[
        str | None, typer.Option("--hero", help="You: the player of `results` (default: the "
                                 "player dealt face-down cards most often), and of other "
                                 "reports as --player.")
    ] = None,
    all_stakes: Annotated[
        bool, typer.Option("--all-stakes", help="Every stake of a currency in one row "
                           "(reports that take it: player_summary, results): amounts in "
                           "big bets add each hand's own.")
    ] = False,
    site: Annotated[
        str | None, typer.Option("--site", help="Only this site (pokerstars, fulltilt ...).")
    ] = None,
    stakes: Annotated[
        str | None, typer.Option("--stakes", help="Only these stakes, as sites print them "
                                 "without the currency (0.10/0.20; 100/200 in chips).")
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", help="cash or tournament.")
    ] = None,
    table_size: Annotated[
        str | None, typer.Option("--table-size", help="heads_up (2 seats), short (3 to 6) "
                                 "or full (7 or more).")
    ] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Hands from this day on (YYYY-MM-DD).")
    ] = None,
    until: Annotated[
        str | None, typer.Option("--until", help="Hands up to this day (YYYY-MM-DD).")
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option("--param", "-p", help="A report-specific parameter key=value "
                     "(repeatable; true/false, integers, numbers, dates are typed; "
                     "quote a value to keep it text)."),
    ] = None,
    format: FormatOption = "table",
    out: OutOption = None,
    wait: WaitOption = 30.0,
    lake: LakeOption = None,
) -> None:
    """Run one report (the same as `hhparse report NAME`) and print or write its rows."""
    from hhparse.reports.render import check_format
    from hhparse.reports.run import bind, describe_parameters, run_report

    with _user_errors():
        check_format(format)
        report = get_report(name)
        given = _parameters({"variant": variant, "player": player, "hero": hero, "site": site,
                             "stakes": stakes, "game": game, "table_size": table_size},
                            since, until, param or [])
        if all_stakes:
            given["all_stakes"] = True
        try:
            bind(report, given)
        except ValueError as error:
            raise _fail(str(error)) from None
        _check_destination(format, out)
        database = None if lake is not None else _database(db)
        frame = run_report(database, name, given, wait_seconds=wait, lake=lake)
        filters = (f"filters: {describe_parameters(given)}" if given
                   else "no filters: every hand stored")
        if "hero" in report.parameters and "hero" not in given:
            from hhparse.reports.hero import read_hero

            filters += f"; {read_hero(database, wait_seconds=wait, lake=lake).line()}"
        _emit(frame, format, out, f"{report.title} ({filters})", report.money, filters,
              report=report.name)


def _check_destination(format: str, out: Path | None) -> None:
    if format == "parquet" and out is None:
        raise _fail("--format parquet needs --out FILE")


def _emit(frame: pl.DataFrame, format: str, out: Path | None, title: str,
          money: tuple[str, ...] = (), filters: str = "", *, report: str | None = None
          ) -> None:
    """The rows, to ``out`` or standard output; ``filters`` (what the report ran with) goes
    to standard error where the format has no title to hold it; ``report``: the report's
    name (its HTML carries its chart)."""
    from hhparse.reports.render import render_text, rich_table, write_output

    if out is not None:
        write_output(frame, format, out, title=title, money=money, report=report)
        typer.echo(f"wrote {frame.height:,} row{'' if frame.height == 1 else 's'} "
                   f"to {out}" + (f" ({filters})" if filters else ""), err=True)
    elif format == "table":
        _print_table(rich_table(frame, title, money))
    else:
        typer.echo(render_text(frame, format, title=title, money=money, report=report),
                   nl=False)
        if filters and format not in ("html",):
            typer.echo(filters, err=True)


def _print_table(table: Table) -> None:
    """On a terminal, rich fits the table to it; elsewhere (a pipe) it is never cut."""
    from rich.console import Console

    console = Console()
    if not console.is_terminal:
        wanted = Console(width=10_000).measure(table).maximum
        console = Console(width=max(console.width, wanted))
    console.print(table)


# --- hhparse report list -----------------------------------------------------------------


@app.command(name="list")
def list_command(
    as_json: Annotated[bool, typer.Option("--json", help="A JSON list of reports.")] = False,
) -> None:
    """List the reports: name, title, grain and parameters."""
    from rich.console import Console
    from rich.table import Table

    found = reports()
    if as_json:
        typer.echo(json.dumps([
            {"name": report.name, "title": report.title, "grain": report.grain,
             "parameters": list(report.parameters)}
            for report in found.values()
        ], indent=2))
        return
    table = Table(title="hhparse reports")
    for column in ("name", "title", "grain", "parameters"):
        table.add_column(column)
    for report in found.values():
        table.add_row(report.name, report.title, report.grain, ", ".join(report.parameters))
    _print_table(table)
    if not found:
        Console(stderr=True).print("no reports in sql/reports", markup=False)


# --- hhparse report run ------------------------------------------------------------------


@app.command(name="run")
def run_command(
    config: Annotated[
        Path, typer.Option("--config", "-c", help="The schedule (TOML): reports, parameters, "
                           "formats, cron expressions.")
    ],
    db: DbOption = None,
    out_dir: Annotated[
        Path | None,
        typer.Option("--out-dir", help="Where the dated folders go (default: the schedule's "
                     "out_dir, else ./reports)."),
    ] = None,
    due: Annotated[
        bool, typer.Option("--due", help="Only the entries whose cron expression is due "
                           "since their last run (entries without cron are skipped).")
    ] = False,
    wait: WaitOption = 30.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    lake: LakeOption = None,
) -> None:
    """Write a set of reports into a dated folder with an index.html (links and charts)."""
    from hhparse import stops
    from hhparse.cli.errors import stopped
    from hhparse.ingest import default_database
    from hhparse.reports.schedule import RunStopped, load_schedule, run_schedule

    nothing_written = "no report was written or recorded; run the same command again."
    with _user_errors():
        schedule = load_schedule(config)
        try:
            result = run_schedule(schedule, db or default_database(), out_dir=out_dir,
                                  due_only=due, wait_seconds=wait, lake=lake)
        except RunStopped as stop:
            raise stopped(stop, f"the reports were written to {stop.folder} and recorded "
                          "before stopping.") from None
        except Exception:  # DuckDB rewords a stop during a query ("Query interrupted")
            signum = stops.requested()
            if signum is None:
                raise
            raise stopped(stops.Stopped(signum), nothing_written) from None
        except stops.Stopped as stop:
            raise stopped(stop, nothing_written) from None
    if as_json:
        typer.echo(json.dumps(_run_json(result), indent=2))
    else:
        _print_run(result)


def _run_json(result: ScheduleRun) -> dict[str, Any]:
    return {
        "started": result.started.isoformat(),
        "folder": str(result.folder) if result.folder else None,
        "index": str(result.index) if result.index else None,
        "written": [
            {"entry": run.entry.id, "report": run.entry.report, "rows": run.rows,
             "files": [str(path) for path in run.files]}
            for run in result.runs
        ],
        "not_due": [
            {"entry": skip.entry.id, "cron": skip.entry.cron.text if skip.entry.cron else None,
             "last_run": skip.last_run.isoformat() if skip.last_run else None,
             "next_due": skip.next_due.isoformat() if skip.next_due else None}
            for skip in result.skipped
        ],
    }


def _print_run(result: ScheduleRun) -> None:
    from rich.console import Console
    from rich.table import Table

    from hhparse.reports.run import describe_parameters

    console = Console()
    if result.folder is None:
        console.print("nothing due", markup=False)
    else:
        table = Table(title=f"hhparse report run → {result.folder}")
        for column in ("entry", "report", "parameters", "rows", "files"):
            table.add_column(column, justify="right" if column == "rows" else "left")
        for run in result.runs:
            table.add_row(run.entry.id, run.entry.report,
                          describe_parameters(run.entry.parameters), f"{run.rows:,}",
                          " ".join(path.suffix.lstrip(".") for path in run.files))
        console.print(table)
        console.print(f"index: {result.index}", markup=False)
    for skip in result.skipped:
        when = ("no cron expression" if skip.entry.cron is None
                else f"next due {skip.next_due:%Y-%m-%d %H:%M}" if skip.next_due
                else "never due again")
        console.print(f"not due: {skip.entry.id} ({when})", markup=False)


# --- hhparse query SQL -------------------------------------------------------------------


def query_command(
    sql: Annotated[str, typer.Argument(help="Any SQL; it runs on a read-only connection.")],
    db: DbOption = None,
    format: FormatOption = "table",
    out: OutOption = None,
    wait: WaitOption = 30.0,
    lake: LakeOption = None,
) -> None:
    """Run SQL on a read-only connection (nothing can be changed) and print or write rows;
    with --lake, over the lake's views (it reaches no file outside the lake's folder)."""
    from hhparse.reports.render import check_format
    from hhparse.reports.run import run_query

    with _user_errors():
        check_format(format)
        _check_destination(format, out)
        frame = run_query(None if lake is not None else _database(db), sql,
                          wait_seconds=wait, lake=lake)
        _emit(frame, format, out, "hhparse query")
