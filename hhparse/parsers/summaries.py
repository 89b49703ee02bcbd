"""Tournament summaries: the files PokerStars and Full Tilt write when a tournament ends.

They hold no hands: the tournament's name and game, buy-in and fee (with rebuys and
add-ons), entries, prize pool, start and end, and the places with their prizes. This
reader only reads; :mod:`hhparse.store.tournaments` stores what it read.

PokerStars::

    PokerStars Tournament #1646040883, No Limit Single Draw 2-7 Lowball
    Buy-In: $1000.00/$50.00 USD            (play money and home games: 100/9)
    104 players
    Total Prize Pool: $145000.00 USD
    Tournament started 2016/09/06 10:10:00 ET
    Tournament finished 2016/09/07 13:43:46 ET
      1: nilsef (Germany), $30,511.94 (21.042%)
      5: blanconegro [2] (Mexico), $11,267.10 (7.77%)     ([2]: entered twice)
     15: Antonio7 (Canada),
    You finished in 1st place (eliminated at hand #99632835084).

Full Tilt::

    Full Tilt Poker Tournament Summary $30 + $1.50 Heads Up Sit & Go (211366000) 2-7 ...
    Buy-In: $30 + $1.50          Rebuy: $1 · Add-On: $1 · Buy-In Chips: 1500 ...
    2 Entries                    Total Rebuys: 12 · Total Add-Ons: 12
    Total Prize Pool: $60
    Tournament started: 2011/01/12 01:01:27 ET
        (or 2013/03/23 01:11:00 WET [2013/03/22 21:11:00 ET]: the bracket's time is read)
    Tournament finished: 2011/01/12 01:21:53 ET     (or: Tournament is still in progress)
    1: sljons91, $60
    Still Playing - derdings
    sljons91 finished in 1st place

The player a summary is written for is "You" (PokerStars) or named (Full Tilt); on
PokerStars he is the one at his place when that place is his alone. A line the reader does
not know is kept as a warning with its line number, and the read goes on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from hhparse.money import CURRENCY_SYMBOLS, AmountError, parse_amount
from hhparse.parsers.timezones import to_utc

STARS_HEADER: Final = re.compile(r"PokerStars Tournament #(\d+), (.*?)\s*$")
TILT_HEADER: Final = re.compile(
    r"Full Tilt Poker Tournament Summary (.*?) \((\d+)\) (.*?)\s*$")
SUMMARY_STARTS: Final = ("PokerStars Tournament #", "Full Tilt Poker Tournament Summary ")
"""How the first line of a summary file starts."""

_AMOUNT: Final = r"[$€£]?[\d,]+(?:\.\d+)?"
_STARS_BUY_IN: Final = re.compile(
    rf"Buy-In: ({_AMOUNT})/({_AMOUNT})(?:/({_AMOUNT}))?(?: ([A-Z]{{3}}))?\s*$")
_TILT_BUY_IN: Final = re.compile(rf"Buy-In: ({_AMOUNT})(?: \+ ({_AMOUNT}))?\s*$")
_ENTRIES: Final = re.compile(r"([\d,]+) (?:players|Entries)\s*$")
_PRIZE_POOL: Final = re.compile(rf"Total Prize Pool: ({_AMOUNT})(?: ([A-Z]{{3}}))?\s*$")
_WHEN: Final = re.compile(
    r"Tournament (started|finished):? (\d{4})/(\d\d)/(\d\d) (\d\d?):(\d\d):(\d\d) ([A-Z]+)"
    r"(?: \[(\d{4})/(\d\d)/(\d\d) (\d\d?):(\d\d):(\d\d) ([A-Z]+)\])?\s*$")
_STARS_PLACE: Final = re.compile(
    rf"\s*(\d+): (.+?)(?: \[(\d+)\])? \(([^()]*)\),(?: ({_AMOUNT})(?: \(([\d.]+)%\))?)?\s*$")
_TILT_PLACE: Final = re.compile(rf"(\d+): (.+?)(?:, ({_AMOUNT}))?\s*$")
_STILL_PLAYING: Final = re.compile(r"Still Playing - (.+?)\s*$")
_STARS_FINISH: Final = re.compile(r"You finished in (\d+)\w\w place")
_TILT_FINISH: Final = re.compile(r"(.+?) finished in (\d+)\w\w place\s*$")
_TILT_EXTRA: Final = re.compile(rf"(Rebuy|Add-On): ({_AMOUNT})\s*$")
_TILT_TOTALS: Final = re.compile(r"Total (Rebuys|Add-Ons): ([\d,]+)\s*$")
_IGNORED: Final = re.compile(
    r"(Buy-In Chips|Rebuy Chips|Add-On Chips|Tournament is still in progress|"
    r"You received|You were eliminated|Statistics|Total Re-Entries)")


@dataclass(frozen=True, slots=True)
class Place:
    place: int | None
    """None: still playing when the summary was written."""
    player: str
    prize: int
    """Minor units of the tournament's currency (0: none)."""
    entries: int
    """Times the player entered (PokerStars' ``[2]``: two)."""
    country: str | None


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    site: str
    tournament_id: str
    name: str
    """The tournament's name as the room prints it (Full Tilt), else its game."""
    game_text: str
    currency: str
    """ISO code, or ``chips`` (play money, home games)."""
    unit: str
    """``cents`` or ``chips``."""
    buy_in: int
    fee: int
    bounty: int
    rebuy: int
    add_on: int
    total_rebuys: int
    total_add_ons: int
    entries: int | None
    prize_pool: int | None
    started_at: datetime | None
    finished_at: datetime | None
    places: tuple[Place, ...]
    hero: str | None
    hero_place: int | None
    warnings: tuple[str, ...]
    """``line N: ...``: what the reader did not understand."""


def is_summary(first_line: str) -> bool:
    return first_line.lstrip("\ufeff").startswith(SUMMARY_STARTS)


class SummaryError(ValueError):
    """Not a summary this reader can read (the reason names the line)."""


MAX_SUMMARY_BYTES: Final = 1 << 20
"""A larger file is never taken for a summary (the biggest tournaments list ~10,000
places in well under a megabyte)."""


def read_summary_bytes(data: bytes) -> TournamentSummary | None:
    """The summary in a file's bytes (any encoding hhparse reads); None when it is not one
    (or not one this reader can read)."""
    from hhparse.parsers.base import decode

    text = decode(data).text
    first = next((line for line in text.lstrip("\ufeff").splitlines() if line.strip()), "")
    if not is_summary(first):
        return None
    try:
        return read_summary(text)
    except SummaryError:
        return None


def read_summary(text: str) -> TournamentSummary:
    """The summary in ``text`` (a whole file, decoded); raises :class:`SummaryError`."""
    lines = text.lstrip("\ufeff").splitlines()
    first = next((line for line in lines if line.strip()), "")
    stars = STARS_HEADER.match(first)
    tilt = TILT_HEADER.match(first)
    if stars is not None:
        reader = _Reader("pokerstars", stars.group(1), stars.group(2), stars.group(2))
    elif tilt is not None:
        reader = _Reader("fulltilt", tilt.group(2), tilt.group(1), tilt.group(3))
    else:
        raise SummaryError(f"line 1: not a tournament summary: {first[:80]!r}")
    for number, line in enumerate(lines, start=1):
        if line.strip() and line is not first:
            reader.line(line, number)
    return reader.summary()


class _Reader:
    def __init__(self, site: str, tournament_id: str, name: str, game_text: str) -> None:
        self.site, self.tournament_id, self.name, self.game_text = (
            site, tournament_id, name, game_text)
        self.currency = ""
        self.buy_in = self.fee = self.bounty = self.rebuy = self.add_on = 0
        self.total_rebuys = self.total_add_ons = 0
        self.entries: int | None = None
        self.prize_pool: int | None = None
        self.started_at: datetime | None = None
        self.finished_at: datetime | None = None
        self.places: list[Place] = []
        self.hero: str | None = None
        self.hero_place: int | None = None
        self.warnings: list[str] = []

    def line(self, line: str, number: int) -> None:
        try:
            if not self._known(line.rstrip()):
                self.warnings.append(f"line {number}: unknown line {line.strip()[:80]!r}")
        except AmountError as error:
            self.warnings.append(f"line {number}: {error}")

    def _known(self, line: str) -> bool:
        for handler in (self._buy_in, self._counts, self._when, self._place, self._finish,
                        self._extras):
            if handler(line):
                return True
        return _IGNORED.match(line.strip()) is not None

    # -- lines ------------------------------------------------------------------------

    def _buy_in(self, line: str) -> bool:
        stars = _STARS_BUY_IN.match(line) if self.site == "pokerstars" else None
        if stars is not None:
            amounts = [group for group in stars.groups()[:3] if group]
            self._currency_of(amounts[0], stars.group(4))
            values = [self._amount(text) for text in amounts]
            self.buy_in, self.fee = values[0], values[-1]
            self.bounty = values[1] if len(values) == 3 else 0
            return True
        tilt = _TILT_BUY_IN.match(line) if self.site == "fulltilt" else None
        if tilt is not None:
            self._currency_of(tilt.group(1), None)
            self.buy_in = self._amount(tilt.group(1))
            self.fee = self._amount(tilt.group(2)) if tilt.group(2) else 0
            return True
        return False

    def _counts(self, line: str) -> bool:
        entries = _ENTRIES.match(line)
        if entries is not None:
            self.entries = int(entries.group(1).replace(",", ""))
            return True
        pool = _PRIZE_POOL.match(line)
        if pool is not None:
            self._currency_of(pool.group(1), pool.group(2))
            self.prize_pool = self._amount(pool.group(1))
            return True
        totals = _TILT_TOTALS.match(line)
        if totals is not None:
            count = int(totals.group(2).replace(",", ""))
            if totals.group(1) == "Rebuys":
                self.total_rebuys = count
            else:
                self.total_add_ons = count
            return True
        return False

    def _extras(self, line: str) -> bool:
        extra = _TILT_EXTRA.match(line)
        if extra is None:
            return False
        if extra.group(1) == "Rebuy":
            self.rebuy = self._amount(extra.group(2))
        else:
            self.add_on = self._amount(extra.group(2))
        return True

    def _when(self, line: str) -> bool:
        when = _WHEN.match(line)
        if when is None:
            return False
        # a bracketed second time is the room's own zone (ET): read that one
        parts = when.groups()[8:] if when.group(9) else when.groups()[1:8]
        year, month, day, hour, minute, second = (int(part) for part in parts[:6])
        moment = to_utc(year, month, day, hour, minute, second, str(parts[6]))
        if moment is not None:
            moment = moment.replace(tzinfo=None)
        if when.group(1) == "started":
            self.started_at = moment
        else:
            self.finished_at = moment
        return True

    def _place(self, line: str) -> bool:
        if self.site == "pokerstars":
            stars = _STARS_PLACE.match(line)
            if stars is None:
                return False
            prize = self._amount(stars.group(5)) if stars.group(5) else 0
            self.places.append(Place(int(stars.group(1)), stars.group(2), prize,
                                     int(stars.group(3) or 1), stars.group(4) or None))
            return True
        still = _STILL_PLAYING.match(line)
        if still is not None:
            self.places.append(Place(None, still.group(1), 0, 1, None))
            return True
        tilt = _TILT_PLACE.match(line)
        if tilt is None or _TILT_FINISH.match(line):
            return False
        prize = self._amount(tilt.group(3)) if tilt.group(3) else 0
        self.places.append(Place(int(tilt.group(1)), tilt.group(2), prize, 1, None))
        return True

    def _finish(self, line: str) -> bool:
        stars = _STARS_FINISH.match(line) if self.site == "pokerstars" else None
        if stars is not None:
            self.hero_place = int(stars.group(1))
            at_place = [place.player for place in self.places if place.place == self.hero_place]
            self.hero = at_place[0] if len(at_place) == 1 else None
            return True
        tilt = _TILT_FINISH.match(line) if self.site == "fulltilt" else None
        if tilt is not None:
            self.hero, self.hero_place = tilt.group(1), int(tilt.group(2))
            return True
        return False

    # -- money ------------------------------------------------------------------------

    def _currency_of(self, amount: str, code: str | None) -> None:
        if self.currency:
            return
        sign = CURRENCY_SYMBOLS.get(amount[:1])
        self.currency = code or sign or "chips"

    def _amount(self, text: str) -> int:
        return parse_amount(text, 0 if self.currency == "chips" else 2)

    def summary(self) -> TournamentSummary:
        currency = self.currency or "chips"
        return TournamentSummary(
            site=self.site, tournament_id=self.tournament_id, name=self.name,
            game_text=self.game_text, currency=currency,
            unit="chips" if currency == "chips" else "cents", buy_in=self.buy_in,
            fee=self.fee, bounty=self.bounty, rebuy=self.rebuy, add_on=self.add_on,
            total_rebuys=self.total_rebuys, total_add_ons=self.total_add_ons,
            entries=self.entries, prize_pool=self.prize_pool, started_at=self.started_at,
            finished_at=self.finished_at, places=tuple(self.places), hero=self.hero,
            hero_place=self.hero_place, warnings=tuple(self.warnings),
        )
