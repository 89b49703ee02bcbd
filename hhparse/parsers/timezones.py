"""Wall-clock times as the sites print them -> aware datetimes in UTC.

Sites print a local time and a zone abbreviation (``2011/06/26 18:34:02 ET``). An
abbreviation names either a fixed offset (``CET`` is always UTC+1, ``CEST`` UTC+2: the
site picks the one in force) or a region whose offset changes with daylight saving time
(``ET`` is New York time, EST or EDT by date); regions are looked up in the IANA
database through :mod:`zoneinfo`. When that database is missing (no system zoneinfo and
no ``tzdata`` package) the four US regions fall back to the US daylight-saving rules,
which is what the sites' ``ET``/``CT``/``MT``/``PT`` mean.

Nothing here raises for bad input: an unknown abbreviation or an impossible date gives
``None``.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Final
from zoneinfo import ZoneInfo

FIXED_OFFSETS: Final[dict[str, int]] = {
    # minutes east of UTC
    "UTC": 0, "GMT": 0, "WET": 0, "WEST": 60, "BST": 60, "IST": 330,
    "CET": 60, "CEST": 120, "EET": 120, "EEST": 180,
    "EST": -300, "EDT": -240, "CST": -360, "CDT": -300, "MST": -420, "MDT": -360,
    "PST": -480, "PDT": -420, "AKST": -540, "AKDT": -480, "HST": -600,
    "AST": -240, "ADT": -180, "NST": -210, "NDT": -150,
    "BRT": -180, "BRST": -120, "ART": -180, "CLT": -240, "CLST": -180,
    "AEST": 600, "AEDT": 660, "ACST": 570, "ACDT": 630, "AWST": 480,
    "NZST": 720, "NZDT": 780, "JST": 540, "KST": 540, "HKT": 480, "SGT": 480,
    "CCT": 480, "SAST": 120, "GST": 240,
}
"""Abbreviations that name one offset whatever the date."""

REGIONS: Final[dict[str, str]] = {
    "ET": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "MSK": "Europe/Moscow",  # UTC+4 from 2011-03-27 to 2014-10-26, else UTC+3
    "NZT": "Pacific/Auckland",
}
"""Abbreviations that name a region whose offset depends on the date."""

_US_STANDARD: Final[dict[str, int]] = {"ET": -300, "CT": -360, "MT": -420, "PT": -480}


def known_zone(abbreviation: str) -> bool:
    return abbreviation in FIXED_OFFSETS or abbreviation in REGIONS


def to_utc(
    year: int, month: int, day: int, hour: int, minute: int, second: int, zone: str
) -> datetime | None:
    """The UTC instant of a local wall-clock time in ``zone`` (an abbreviation)."""
    if not (0 <= minute < 60 and 0 <= second < 60):
        return None
    if 0 <= month < 100 and 0 <= day < 100 and 0 <= hour < 100:
        hour_start = _hour_start_met(zone, year, month, day, hour)
    else:
        hour_start = _utc_hour_start(zone, year, month, day, hour)
    if hour_start is None:
        return None
    return hour_start + _INTO_THE_HOUR[minute * 60 + second]


_INTO_THE_HOUR: Final = tuple(timedelta(seconds=second) for second in range(3600))
"""The time from ``hh:00:00`` to ``hh:mm:ss``, by ``mm * 60 + ss`` (made once, not per hand)."""
_UNSEEN: Final = datetime.min.replace(tzinfo=UTC)
_HOURS_KEPT: Final = 8192
_HOUR_STARTS: Final[dict[str, dict[int, datetime | None]]] = {}
"""Per zone, the UTC instant of each local hour met (hands of a session share their hours),
by an integer of the date and hour: one look-up where a cache of five arguments built and
hashed a tuple per hand."""


def _hour_start_met(zone: str, year: int, month: int, day: int, hour: int) -> datetime | None:
    """:func:`_utc_hour_start`, remembered (month, day and hour below 100: one integer
    tells them apart)."""
    hours = _HOUR_STARTS.get(zone)
    if hours is None:
        hours = _HOUR_STARTS[zone] = {}
    key = ((year * 100 + month) * 100 + day) * 100 + hour
    hour_start = hours.get(key, _UNSEEN)
    if hour_start is _UNSEEN:
        if len(hours) >= _HOURS_KEPT:
            hours.clear()
        hour_start = hours[key] = _utc_hour_start(zone, year, month, day, hour)
    return hour_start


def _utc_hour_start(zone: str, year: int, month: int, day: int, hour: int) -> datetime | None:
    """UTC instant of ``hour:00`` local time."""
    offset = utc_offset_minutes(zone, year, month, day, hour)
    if offset is None:
        return None
    try:
        local = datetime(year, month, day, hour, tzinfo=UTC)
    except ValueError:
        return None
    return local - timedelta(minutes=offset)


def utc_offset_minutes(zone: str, year: int, month: int, day: int, hour: int) -> int | None:
    """Minutes east of UTC in ``zone`` at that local hour, or None if unknown."""
    fixed = FIXED_OFFSETS.get(zone)
    if fixed is not None:
        return fixed
    if zone not in REGIONS:
        return None
    return _region_offset(zone, year, month, day, hour)


@lru_cache(maxsize=4096)
def _region_offset(zone: str, year: int, month: int, day: int, hour: int) -> int | None:
    try:
        local = datetime(year, month, day, hour)
    except ValueError:
        return None
    info = _zone_info(REGIONS[zone])
    if info is not None:
        offset = local.replace(tzinfo=info).utcoffset()
        return None if offset is None else int(offset.total_seconds()) // 60
    standard = _US_STANDARD.get(zone)
    if standard is None:
        return None
    return standard + (60 if _us_dst(local) else 0)


@lru_cache(maxsize=32)
def _zone_info(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except Exception:  # ZoneInfoNotFoundError, or a broken zoneinfo installation
        return None


def _us_dst(local: datetime) -> bool:
    """US daylight-saving time at a local wall-clock time (rules of 1987-2006 and 2007-)."""
    year = local.year
    if year >= 2007:
        start = _nth_sunday(year, 3, 2)
        end = _nth_sunday(year, 11, 1)
    else:
        start = _nth_sunday(year, 4, 1)
        end = _last_sunday(year, 10)
    begins = datetime(start.year, start.month, start.day, 2)
    ends = datetime(end.year, end.month, end.day, 2)  # the repeated 1:00-2:00 is read as daylight
    return begins <= local < ends


def _nth_sunday(year: int, month: int, n: int) -> date:
    first = date(year, month, 1)
    to_sunday = (6 - first.weekday()) % 7
    return first + timedelta(days=to_sunday + 7 * (n - 1))


def _last_sunday(year: int, month: int) -> date:
    following = date(year + month // 12, month % 12 + 1, 1)
    last = following - timedelta(days=1)
    return last - timedelta(days=(last.weekday() + 1) % 7)
