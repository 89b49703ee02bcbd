"""Sites' wall-clock times -> UTC (hhparse.parsers.timezones): known instants, refusals, and
the remembered hours giving what a fresh computation gives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from hhparse.parsers import timezones
from hhparse.parsers.timezones import to_utc


def test_known_instants() -> None:
    assert to_utc(2026, 1, 19, 19, 7, 43, "ET") == datetime(2026, 1, 20, 0, 7, 43, tzinfo=UTC)
    assert to_utc(2026, 7, 1, 12, 0, 0, "ET") == datetime(2026, 7, 1, 16, 0, 0, tzinfo=UTC)
    assert to_utc(2011, 6, 26, 18, 34, 2, "CET") == datetime(2011, 6, 26, 17, 34, 2, tzinfo=UTC)
    assert to_utc(2026, 3, 1, 0, 59, 59, "UTC") == datetime(2026, 3, 1, 0, 59, 59, tzinfo=UTC)


def test_what_cannot_be_a_time_is_none() -> None:
    assert to_utc(2026, 1, 19, 19, 7, 43, "XYZ") is None
    assert to_utc(2026, 2, 30, 12, 0, 0, "ET") is None
    assert to_utc(2026, 1, 19, 25, 0, 0, "CET") is None
    assert to_utc(2026, 1, 19, 19, 60, 0, "ET") is None
    assert to_utc(2026, 1, 19, 19, 0, 60, "ET") is None
    assert to_utc(2026, 13, 1, 0, 0, 0, "UTC") is None
    assert to_utc(2026, 1, 32, 0, 0, 0, "UTC") is None


def _fresh(year: int, month: int, day: int, hour: int, minute: int, second: int,
           zone: str) -> datetime | None:
    start = timezones._utc_hour_start(zone, year, month, day, hour)
    return None if start is None else start + timedelta(minutes=minute, seconds=second)


@given(st.integers(1990, 2040), st.integers(0, 120), st.integers(0, 120),
       st.integers(0, 120), st.integers(0, 59), st.integers(0, 59),
       st.sampled_from(["ET", "PT", "CET", "CEST", "UTC", "MSK", "NZT", "QQ"]))
def test_remembered_hours_give_what_a_fresh_computation_gives(
        year: int, month: int, day: int, hour: int, minute: int, second: int,
        zone: str) -> None:
    expected = _fresh(year, month, day, hour, minute, second, zone)
    assert to_utc(year, month, day, hour, minute, second, zone) == expected
    assert to_utc(year, month, day, hour, minute, second, zone) == expected  # remembered


def test_hours_met_next_to_each_other_are_told_apart() -> None:
    """The hours' integer keys never confuse two dates (hour 23 of one day, 0 of the next)."""
    for day in range(1, 29):
        for hour in (0, 23):
            got = to_utc(2026, 2, day, hour, 30, 0, "ET")
            assert got == _fresh(2026, 2, day, hour, 30, 0, "ET")


def test_the_hours_remembered_are_bounded() -> None:
    for number in range(timezones._HOURS_KEPT + 50):
        day, hour = divmod(number, 24)
        to_utc(1900 + day // 365, 1 + (day // 28) % 12, 1 + day % 28, hour, 0, 0, "PT")
    assert 0 < len(timezones._HOUR_STARTS["PT"]) <= timezones._HOURS_KEPT
