"""Scheduled generation: a set of reports from a TOML file, written into a dated folder.

The schedule (``reports.toml``)::

    out_dir = "reports"            # optional, relative to this file; --out-dir wins
    timezone = "Europe/Berlin"     # optional; cron times are wall-clock times there
                                   # (default: the machine's local time, like cron)
    [[reports]]
    name = "draw_frequencies"      # a report: sql/reports/<name>.sql
    id = "draws_27td"              # optional entry name (default: name); unique
    formats = ["html", "csv"]      # default ["html"]
    cron = "0 6 * * *"             # optional: minute hour day-of-month month day-of-week
    parameters = { variant = "27_triple_draw", since = 2026-01-01 }

A run (:func:`run_schedule`) writes each chosen entry as ``<id>.<ext>`` per format plus an
``index.html`` (links and charts) into ``<out_dir>/<YYYY-MM-DDTHHMM>/``. The folder is built
under a hidden temporary name and renamed when complete: it appears whole or not at all.

When an entry is due (``due_only``, ``hhparse report run --due``):

* an entry with a cron expression is due when it never ran, or when its expression names
  a minute after its last run and not after now (missed times are caught up once, not
  once per missed time);
* an entry without a cron expression is never due: it is written only by a run without
  ``due_only``, which writes every entry whatever its cron expression says.

Every run records, per entry written, the run's start time in the table ``report_runs``
(sql/schema/002_report_runs.sql); a manual run therefore also restarts the entry's clock.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from pathlib import Path
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import duckdb
import polars as pl

from hhparse import stops
from hhparse.ingest.run import DEFAULT_WAIT_SECONDS, connect
from hhparse.reports import html
from hhparse.reports.catalog import UnknownReport, get_report
from hhparse.reports.charts import plotly_script, write_plotly_beside
from hhparse.reports.render import EXTENSIONS, check_format, write_output
from hhparse.reports.run import ParameterValue, bind, describe_parameters, run_report_on
from hhparse.store.schema import StoreError

__all__ = [
    "Cron",
    "Entry",
    "EntryRun",
    "Schedule",
    "ScheduleError",
    "ScheduleRun",
    "is_due",
    "last_runs",
    "load_schedule",
    "parse_cron",
    "parse_schedule",
    "run_schedule",
]

DRAW_REPORT: Final = "draw_frequencies"
SHOWDOWN_REPORT: Final = "showdown_outcomes"
RESULTS_REPORT: Final = "results"
CHART_DEFAULTS: Final[Mapping[str, Mapping[str, ParameterValue]]] = {
    RESULTS_REPORT: {"by": "hand"},
}
"""Parameters of a chart's report when the schedule has no entry of it: the winnings graph
goes hand by hand."""
FOLDER_FORMAT: Final = "%Y-%m-%dT%H%M"
DEFAULT_FORMATS: Final = ("html",)
_ENTRY_ID: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
_SEARCH_YEARS: Final = 8
"""How far ahead a cron expression is searched for its next time (28 February + leap)."""


class ScheduleError(ValueError):
    """A schedule file or a cron expression that cannot be used; the message says why."""


# --- cron --------------------------------------------------------------------------------

_MONTHS: Final = {name: number for number, name in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
    start=1)}
_WEEKDAYS: Final = {name: number for number, name in enumerate(
    ("sun", "mon", "tue", "wed", "thu", "fri", "sat"))}
_MACROS: Final = {
    "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *",
    "@weekly": "0 0 * * 0", "@daily": "0 0 * * *", "@midnight": "0 0 * * *",
    "@hourly": "0 * * * *",
}


@dataclass(frozen=True, slots=True)
class Cron:
    """A 5-field cron expression (Vixie cron rules), matched against wall-clock minutes.

    Fields: minute (0-59), hour (0-23), day of month (1-31), month (1-12 or jan-dec), day
    of week (0-7 or sun-sat; 0 and 7 are Sunday). Each field: ``*``, ``N``, ``A-B``, a step
    ``*/S`` / ``A-B/S`` / ``A/S``, or a comma list of those. When both day fields are
    restricted (neither starts with ``*``), a day matches if EITHER matches, as in cron.
    Macros: @hourly, @daily, @midnight, @weekly, @monthly, @yearly, @annually.
    """

    text: str
    minutes: frozenset[int]
    hours: frozenset[int]
    days: frozenset[int]
    months: frozenset[int]
    weekdays: frozenset[int]
    """0 = Sunday ... 6 = Saturday."""
    any_day: bool
    any_weekday: bool

    def matches_day(self, day: date) -> bool:
        if day.month not in self.months:
            return False
        in_month = day.day in self.days
        in_week = (day.isoweekday() % 7) in self.weekdays
        if self.any_day or self.any_weekday:
            return in_month and in_week
        return in_month or in_week

    def matches(self, moment: datetime) -> bool:
        return (moment.minute in self.minutes and moment.hour in self.hours
                and self.matches_day(moment.date()))

    def next_after(self, moment: datetime) -> datetime | None:
        """The first matching minute strictly after ``moment`` (naive wall-clock time), or
        None when there is none within the next years (``0 0 30 2 *``)."""
        current = moment.replace(second=0, microsecond=0, tzinfo=None) + timedelta(minutes=1)
        limit = current.year + _SEARCH_YEARS
        while current.year <= limit:
            if not self.matches_day(current.date()):
                current = datetime.combine(current.date() + timedelta(days=1), time())
            elif current.hour not in self.hours:
                current = current.replace(minute=0) + timedelta(hours=1)
            elif current.minute not in self.minutes:
                current += timedelta(minutes=1)
            else:
                return current
        return None


def parse_cron(text: str) -> Cron:
    """Parse a 5-field cron expression; a bad one raises :class:`ScheduleError`."""
    expression = _MACROS.get(text.strip().lower(), text.strip())
    fields = expression.split()
    if len(fields) != 5:
        raise ScheduleError(
            f"cron expression {text!r} has {len(fields)} field(s); it needs 5: "
            "minute hour day-of-month month day-of-week"
        )
    minute, hour, day, month, weekday = fields
    try:
        weekdays = frozenset(n % 7 for n in _field(weekday, 0, 7, _WEEKDAYS))
        return Cron(
            text=text.strip(),
            minutes=_field(minute, 0, 59), hours=_field(hour, 0, 23),
            days=_field(day, 1, 31), months=_field(month, 1, 12, _MONTHS),
            weekdays=weekdays, any_day=day.startswith("*"), any_weekday=weekday.startswith("*"),
        )
    except ScheduleError as error:
        raise ScheduleError(f"cron expression {text!r}: {error}") from None


def _field(text: str, low: int, high: int, names: Mapping[str, int] | None = None
           ) -> frozenset[int]:
    values: set[int] = set()
    for part in text.split(","):
        values.update(_part(part, low, high, names or {}))
    return frozenset(values)


def _part(part: str, low: int, high: int, names: Mapping[str, int]) -> range:
    span, _, step_text = part.partition("/")
    step = _number(step_text, low, high, {}) if step_text else 1
    if step_text and step < 1:
        raise ScheduleError(f"step {step_text!r} must be 1 or more")
    if span == "*":
        start, end = low, high
    elif "-" in span:
        first, _, last = span.partition("-")
        start, end = _number(first, low, high, names), _number(last, low, high, names)
        if start > end:
            raise ScheduleError(f"range {span!r} runs backwards")
    else:
        start = _number(span, low, high, names)
        end = high if step_text else start
    return range(start, end + 1, step)


def _number(text: str, low: int, high: int, names: Mapping[str, int]) -> int:
    value = names.get(text.lower()) if names else None
    if value is None:
        if not text.isdigit():
            raise ScheduleError(f"{text!r} is not a number" + (
                f" or a name ({', '.join(names)})" if names else ""))
        value = int(text)
    if not low <= value <= high:
        raise ScheduleError(f"{value} is outside {low}-{high}")
    return value


def is_due(cron: Cron | None, last_run: datetime | None, now: datetime,
           zone: tzinfo | None = None) -> bool:
    """Whether an entry is due at ``now`` (aware) given its last run (aware, or None).

    Never run: due. No cron expression: never due. Otherwise due when the expression names
    a minute in (last run, now], read as wall-clock time in ``zone`` (default: local).
    """
    if cron is None:
        return False
    if last_run is None:
        return True
    following = cron.next_after(_wall(last_run, zone))
    return following is not None and following <= _wall(now, zone)


def next_due(cron: Cron | None, last_run: datetime | None, zone: tzinfo | None = None
             ) -> datetime | None:
    """The wall-clock minute at which the entry becomes due next (None: never)."""
    if cron is None or last_run is None:
        return None
    return cron.next_after(_wall(last_run, zone))


def _wall(moment: datetime, zone: tzinfo | None) -> datetime:
    """An aware moment as naive wall-clock time in ``zone`` (None: the machine's)."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(zone).replace(tzinfo=None)


# --- the schedule file -------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    id: str
    """The entry's name: unique in the schedule, the stem of its files, its state key."""
    report: str
    parameters: Mapping[str, ParameterValue]
    formats: tuple[str, ...]
    cron: Cron | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Schedule:
    path: Path
    entries: tuple[Entry, ...]
    out_dir: Path | None = None
    """From the file's ``out_dir`` (resolved against the file's folder), if it has one."""
    timezone: tzinfo | None = None
    """None: the machine's local time."""


_TOP_KEYS: Final = {"out_dir", "timezone", "reports"}
_ENTRY_KEYS: Final = {"name", "id", "formats", "cron", "parameters"}


def load_schedule(path: Path) -> Schedule:
    """Read and check a schedule file (every report and parameter must exist)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScheduleError(f"cannot read schedule {path}: {error.strerror or error}") from None
    return parse_schedule(text, path)


def parse_schedule(text: str, path: Path = Path("reports.toml")) -> Schedule:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScheduleError(f"{path}: not valid TOML: {error}") from None
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise ScheduleError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}; "
                            f"known: {', '.join(sorted(_TOP_KEYS))}")
    raw_entries = data.get("reports")
    if not isinstance(raw_entries, list) or not raw_entries:
        raise ScheduleError(f"{path}: no [[reports]] entries")
    entries = tuple(_entry(path, number, raw) for number, raw in enumerate(raw_entries, 1))
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise ScheduleError(f"{path}: two entries are named {entry.id!r}; give one an id")
        seen.add(entry.id)
    out_dir = data.get("out_dir")
    if out_dir is not None and not isinstance(out_dir, str):
        raise ScheduleError(f"{path}: out_dir must be a string")
    return Schedule(
        path=path, entries=entries,
        out_dir=(path.parent / out_dir) if out_dir else None,
        timezone=_zone(path, data.get("timezone")),
    )


def _zone(path: Path, name: Any) -> tzinfo | None:
    if name is None:
        return None
    if not isinstance(name, str):
        raise ScheduleError(f"{path}: timezone must be a string such as 'Europe/Berlin'")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ScheduleError(f"{path}: unknown timezone {name!r}") from None


def _entry(path: Path, number: int, raw: Any) -> Entry:
    where = f"{path}: reports entry {number}"
    if not isinstance(raw, dict):
        raise ScheduleError(f"{where} is not a table")
    unknown = set(raw) - _ENTRY_KEYS
    if unknown:
        raise ScheduleError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; "
                            f"known: {', '.join(sorted(_ENTRY_KEYS))}")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise ScheduleError(f"{where}: needs name = \"<report>\" (a file of sql/reports)")
    where = f"{path}: reports entry {number} ({name})"
    entry_id = raw.get("id", name)
    if not isinstance(entry_id, str) or not _ENTRY_ID.fullmatch(entry_id):
        raise ScheduleError(f"{where}: id {entry_id!r} must be letters, digits, _ . -")
    if entry_id == "index":
        raise ScheduleError(f"{where}: id 'index' is taken by index.html; choose another id")
    formats = raw.get("formats", list(DEFAULT_FORMATS))
    if isinstance(formats, str):
        formats = [formats]
    if not isinstance(formats, list) or not formats:
        raise ScheduleError(f"{where}: formats must be a non-empty list")
    cron_text = raw.get("cron")
    if cron_text is not None and not isinstance(cron_text, str):
        raise ScheduleError(f"{where}: cron must be a string such as \"0 6 * * *\"")
    parameters = raw.get("parameters", {})
    if not isinstance(parameters, dict):
        raise ScheduleError(f"{where}: parameters must be a table")
    try:
        report = get_report(name)
        checked = {key: _parameter(key, value) for key, value in parameters.items()}
        bind(report, checked)
        for format in formats:
            check_format(str(format))
        cron = parse_cron(cron_text) if cron_text is not None else None
    except (UnknownReport, ValueError) as error:
        raise ScheduleError(f"{where}: {_message(error)}") from None
    return Entry(id=entry_id, report=name, parameters=checked,
                 formats=tuple(dict.fromkeys(str(f) for f in formats)), cron=cron)


def _message(error: Exception) -> str:
    return str(error.args[0]) if isinstance(error, LookupError) and error.args else str(error)


def _parameter(key: str, value: Any) -> ParameterValue:
    if isinstance(value, time) or (isinstance(value, datetime) and value.tzinfo is not None):
        raise ScheduleError(f"parameter {key}: a time of day is not a report parameter")
    if isinstance(value, str | int | float | bool | date):
        return value
    raise ScheduleError(f"parameter {key}: {type(value).__name__} values are not supported; "
                        "use a string, number, true/false or a date")


# --- state -------------------------------------------------------------------------------

_HAS_STATE: Final = (
    "SELECT count(*) > 0 FROM duckdb_tables() WHERE table_name = 'report_runs' "
    "AND schema_name = 'main' AND database_name = current_database()"
)
_LAST_RUNS: Final = "SELECT entry, last_run FROM report_runs"
_RECORD_RUN: Final = (
    "INSERT INTO report_runs (entry, report, last_run, output_dir, rows) "
    "VALUES ($entry, $report, $last_run, $output_dir, $rows) "
    "ON CONFLICT (entry) DO UPDATE SET report = excluded.report, "
    "last_run = excluded.last_run, output_dir = excluded.output_dir, rows = excluded.rows"
)


def last_runs(con: duckdb.DuckDBPyConnection) -> dict[str, datetime]:
    """Each entry's last run (aware, UTC); empty for a store without the table yet."""
    row = con.execute(_HAS_STATE).fetchone()
    if not row or not row[0]:
        return {}
    return {str(entry): last.replace(tzinfo=UTC)
            for entry, last in con.execute(_LAST_RUNS).fetchall()}


def _record(con: duckdb.DuckDBPyConnection, runs: Iterable[EntryRun], started: datetime,
            folder: Path) -> None:
    """The runs' rows (inside the caller's transaction)."""
    stamp = started.astimezone(UTC).replace(tzinfo=None)
    for run in runs:
        con.execute(_RECORD_RUN, {
            "entry": run.entry.id, "report": run.entry.report, "last_run": stamp,
            "output_dir": str(folder.resolve()), "rows": run.rows,
        })


# --- running -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryRun:
    entry: Entry
    rows: int
    files: tuple[Path, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Skipped:
    entry: Entry
    last_run: datetime | None
    next_due: datetime | None
    """Wall-clock time in the schedule's zone."""


@dataclass(slots=True, kw_only=True)
class ScheduleRun:
    started: datetime
    folder: Path | None
    """None when nothing was due."""
    runs: list[EntryRun] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def index(self) -> Path | None:
        return self.folder / "index.html" if self.folder else None


def run_schedule(
    schedule: Schedule,
    database: Path,
    *,
    out_dir: Path | None = None,
    due_only: bool = False,
    now: datetime | None = None,
    wait_seconds: float = DEFAULT_WAIT_SECONDS,
    lake: str | Path | None = None,
) -> ScheduleRun:
    """Run the schedule's entries (all, or only the due ones) into a new dated folder.

    The reports run on one read-only connection (one consistent view of the store). Then
    a writable one is opened *before* anything is written (a store that is busy or cannot
    be written fails here, with nothing on disk); the folder is built hidden, renamed to
    its dated name and recorded in one transaction: either both happen or neither does,
    so a ``--due`` run never repeats nor loses a run. Both connections wait up to
    ``wait_seconds`` for a store held by another process (an ingest), then raise
    ``DatabaseBusy``.

    ``lake``: the reports read that Parquet lake instead; a lake keeps no record of runs,
    so every entry runs (``due_only`` is refused) and nothing is recorded.
    """
    started = (now or datetime.now(UTC)).astimezone(UTC)
    if lake is not None:
        return _run_over_lake(schedule, lake, out_dir, due_only, started)
    if not database.is_file():
        raise StoreError(f"no database at {database} (run `hhparse ingest` first)")
    target = out_dir or schedule.out_dir or Path("reports")
    con = connect(database, wait_seconds, read_only=True)
    try:
        last = last_runs(con)
        chosen, skipped = _choose(schedule, last, started, due_only)
        if not chosen:
            return ScheduleRun(started=started, folder=None, skipped=skipped)
        frames, charts = _frames_and_charts(con, schedule, chosen)
    finally:
        con.close()
    writer = connect(database, wait_seconds)
    published: list[Path] = []
    try:
        folder, runs = _publish(writer, schedule, chosen, frames, charts, target, started,
                                database, published)
        writer.close()
    except BaseException as error:  # a stop after the folder was published says so
        with suppress(duckdb.Error):
            writer.close()
        signum = error.signum if isinstance(error, stops.Stopped) else stops.requested()
        if published and signum is not None and not isinstance(error, RunStopped):
            raise RunStopped(signum, published[0]) from None
        raise
    return ScheduleRun(started=started, folder=folder, runs=runs, skipped=skipped)


def _run_over_lake(schedule: Schedule, lake: str | Path, out_dir: Path | None, due_only: bool,
                   started: datetime) -> ScheduleRun:
    from hhparse.lake.read import open_lake

    if due_only:
        raise ScheduleError("--due needs the record of past runs a database keeps; a lake "
                            "keeps none (run the schedule over --db, or without --due)")
    target = out_dir or schedule.out_dir or Path("reports")
    con = open_lake(lake)
    try:
        chosen = list(schedule.entries)
        frames, charts = _frames_and_charts(con, schedule, chosen)
    finally:
        con.close()
    building, stamp, built = _write_folder(schedule, chosen, frames, charts, target, started,
                                           Path(lake))
    try:
        folder = _rename_free(building, target, stamp)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    runs = [EntryRun(entry=run.entry, rows=run.rows,
                     files=tuple(folder / path.name for path in run.files)) for run in built]
    return ScheduleRun(started=started, folder=folder, runs=runs, skipped=[])


def _frames_and_charts(con: duckdb.DuckDBPyConnection, schedule: Schedule,
                       chosen: Sequence[Entry]
                       ) -> tuple[dict[str, pl.DataFrame], dict[str, ChartFrame]]:
    """Each chosen entry's rows, and the charts' rows, on one connection."""
    frames = {entry.id: run_report_on(con, entry.report, entry.parameters)
              for entry in chosen}
    return frames, _chart_frames(con, schedule, chosen, frames)


class RunStopped(stops.Stopped):
    """A stop asked for while the folder was being published: it was published (and
    recorded) first, in ``folder``."""

    def __init__(self, signum: int, folder: Path) -> None:
        super().__init__(signum)
        self.folder = folder


def _publish(
    writer: duckdb.DuckDBPyConnection, schedule: Schedule, chosen: Sequence[Entry],
    frames: Mapping[str, pl.DataFrame], charts: Mapping[str, ChartFrame], target: Path,
    started: datetime, database: Path, published: list[Path],
) -> tuple[Path, list[EntryRun]]:
    """Build the folder hidden, then rename and record it in one transaction; once both
    are done the folder is added to ``published`` (what a stop from then on must report)."""
    building, stamp, built = _write_folder(schedule, chosen, frames, charts, target, started,
                                           database)
    folder: Path | None = None
    with stops.graceful():  # a signal now waits: the rename and the record go together
        try:
            writer.begin()
            folder = _rename_free(building, target, stamp)
            runs = [EntryRun(entry=run.entry, rows=run.rows,
                             files=tuple(folder / path.name for path in run.files))
                    for run in built]
            _record(writer, runs, started, folder)
            writer.commit()
            published.append(folder)
        except BaseException:
            with suppress(duckdb.Error):
                writer.rollback()
            shutil.rmtree(folder or building, ignore_errors=True)
            raise
        signum = stops.requested()
    if signum is not None:  # honoured now that the folder and its record are both done
        raise RunStopped(signum, folder)
    return folder, runs


def _choose(schedule: Schedule, last: Mapping[str, datetime], now: datetime, due_only: bool
            ) -> tuple[list[Entry], list[Skipped]]:
    chosen, skipped = [], []
    for entry in schedule.entries:
        previous = last.get(entry.id)
        if not due_only or is_due(entry.cron, previous, now, schedule.timezone):
            chosen.append(entry)
        else:
            skipped.append(Skipped(entry=entry, last_run=previous,
                                   next_due=next_due(entry.cron, previous, schedule.timezone)))
    return chosen, skipped


ChartFrame = tuple[pl.DataFrame | None, str]


def _chart_frames(con: duckdb.DuckDBPyConnection, schedule: Schedule, chosen: Sequence[Entry],
                  frames: Mapping[str, pl.DataFrame]) -> dict[str, ChartFrame]:
    """Each chart's rows, and a note on where they come from (or why there are none).

    From the run's entry of that report with the fewest parameters; else the report is run
    here with the parameters of the schedule's entry of it with the fewest (or with
    :data:`CHART_DEFAULTS`).
    """
    result: dict[str, ChartFrame] = {}
    for name in (RESULTS_REPORT, DRAW_REPORT, SHOWDOWN_REPORT):
        ran = _fewest_parameters(entry for entry in chosen if entry.report == name)
        if ran is not None:
            result[name] = (frames[ran.id], _source(name, ran.parameters))
            continue
        planned = _fewest_parameters(entry for entry in schedule.entries if entry.report == name)
        parameters = planned.parameters if planned else CHART_DEFAULTS.get(name, {})
        try:
            get_report(name)
            frame = run_report_on(con, name, parameters)
            result[name] = (frame, _source(name, parameters))
        except UnknownReport:
            result[name] = (None, f"there is no report {name} (sql/reports/{name}.sql)")
        except (duckdb.Error, ValueError) as error:
            result[name] = (None, f"report {name} failed: {' '.join(str(error).split())}")
    return result


def _fewest_parameters(entries: Iterable[Entry]) -> Entry | None:
    return min(entries, key=lambda entry: len(entry.parameters), default=None)


def _source(name: str, parameters: Mapping[str, ParameterValue]) -> str:
    return f"from {name}" + (f" ({describe_parameters(parameters)})" if parameters else "")


def _write_folder(
    schedule: Schedule, chosen: Sequence[Entry], frames: Mapping[str, pl.DataFrame],
    charts: Mapping[str, ChartFrame], target: Path, started: datetime, database: Path,
) -> tuple[Path, str, list[EntryRun]]:
    """Write everything into a hidden folder ``.STAMP.XXXX.partial`` in ``target``; it,
    its stamp and what was written in it."""
    target.mkdir(parents=True, exist_ok=True)
    local = _wall(started, schedule.timezone)
    stamp = local.strftime(FOLDER_FORMAT)
    building = Path(tempfile.mkdtemp(dir=target, prefix=f".{stamp}.", suffix=".partial"))
    try:
        runs = [_write_entry(entry, frames[entry.id], building) for entry in chosen]
        subtitle = (f"written {local:%Y-%m-%d %H:%M} ({_zone_name(schedule.timezone, started)})"
                    f" from {database} by `hhparse report run` with {schedule.path.name}")
        items = [
            html.IndexItem(entry=run.entry.id, report=run.entry.report,
                           title=get_report(run.entry.report).title,
                           parameters=describe_parameters(run.entry.parameters),
                           rows=run.rows, files=tuple(path.name for path in run.files))
            for run in runs
        ]
        figures = [html.CHARTS_OF_REPORTS[name](*charts[name])
                   for name in (RESULTS_REPORT, DRAW_REPORT, SHOWDOWN_REPORT)]
        plotted = any(html.PLOT_MARK in text for text in figures)
        page = html.index_page(
            title=f"hhparse reports {local:%Y-%m-%d %H:%M}", subtitle=subtitle, items=items,
            charts=figures, head=plotly_script(beside=True) if plotted else "",
        )
        (building / "index.html").write_text(page, encoding="utf-8")
        if plotted or any(html.PLOT_MARK in path.read_text(encoding="utf-8")
                          for run in runs for path in run.files if path.suffix == ".html"):
            write_plotly_beside(building)
        os.chmod(building, 0o755)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    return building, stamp, runs


def _write_entry(entry: Entry, frame: pl.DataFrame, folder: Path) -> EntryRun:
    report = get_report(entry.report)
    title = report.title
    if entry.parameters:
        title = f"{title} ({describe_parameters(entry.parameters)})"
    files = tuple(
        write_output(frame, format, folder / f"{entry.id}.{EXTENSIONS[format]}", title=title,
                     money=report.money, report=entry.report, plotly_beside=True)
        for format in entry.formats
    )
    return EntryRun(entry=entry, rows=frame.height, files=files)


def _rename_free(building: Path, target: Path, stamp: str) -> Path:
    """Rename to ``stamp``, or ``stamp-2``, ``stamp-3`` ... when that folder exists."""
    for number in range(1, 1000):
        folder = target / (stamp if number == 1 else f"{stamp}-{number}")
        if folder.exists():
            continue
        try:
            building.rename(folder)
        except OSError:
            if folder.exists():
                continue
            raise
        return folder
    raise ScheduleError(f"too many runs named {stamp} in {target}")


def _zone_name(zone: tzinfo | None, moment: datetime) -> str:
    local = moment.astimezone(zone)
    return str(local.tzname() or local.utcoffset() or "local time")

