"""PHH and PHHS files (the open Poker Hand History format, TOML): one block -> one Hand.

A ``.phh`` file is one hand; its block runs from its ``variant = ...`` line to the end
(text above that line, comments included, is junk to the splitter). A ``.phhs`` file
holds several hands, each a TOML table (``[1]``, ``[2]`` ... or any simple key); a block
runs from its table header to the next. Each block is read with ``tomllib``.

The reader only reads, as every site reader does, but PHH writes less than a site log,
so it spells out what the notation leaves implicit (bookkeeping, not judgement):

* **Players.** ``pN`` is the N-th entry of ``players`` (``pN`` when the name is empty or
  absent), seated at ``seats`` (else 1..N). In draw games pN holds the button (p1 is the
  small blind; heads-up p1 is the big blind and the button posts the small blind).
* **Forced bets** are fields: each player's ante and blind become ``ante``/``post_sb``/
  ``post_bb`` actions (the smaller of the blind and the chips left), at the line of
  the field; heads-up, PHH reverses the antes and blinds. Straddles are read as fatal
  ``phh_straddle`` problems (no variant of ours has them).
* **Streets.** Draw: a discard after betting (or a second discard by the same player)
  opens the next draw. Stud: a card dealt beyond the current street opens the next one
  (the 3rd card is 3rd street's up card, the 7th 7th street's down card).
* **Amounts.** ``cc`` is a check, or a call of what the player owes (at most his
  stack); ``cbr X`` raises *to* X: a ``complete`` on 3rd street while only the bring-in
  is in, else a ``bet`` (nothing to call) or a ``raise`` (``amount`` the increment over
  the bet, ``to`` X). Without a ``currency`` field amounts are chips and must be whole;
  with one they are money with at most two decimals (minor units: cents).
* **Cards.** ``??`` is a card nobody saw. A player's cards are recorded once all of a
  deal is known (draw: the whole hand; stud: the up card, with any known down cards).
  ``pN sm CARDS`` shows, ``pN sm`` mucks; the shows and mucks are kept to the end of the
  hand (``showdown``), with the player's final known cards (after any draws or streets
  dealt after an early all-in show).
* **The deck** is reshuffled where the comment action ``# The deck is reshuffled``
  says (our exports write it). Files without it that draw more cards than the stub
  holds get the reshuffle where the stub runs out, with a note (PHH does not record it).
* **Result.** Uncalled chips go back to the player who put in the most (``uncalled``
  line; with unequal antes, such as a big-blind ante, the antes are dead money and each
  betting round's unmatched bet goes back). ``winnings`` (after rake) are the
  collections; else ``finishing_stacks`` give them (finishing stack minus what the
  player kept behind); else the last player left
  takes the pot; else the hand gets a non-fatal ``phh_no_result`` problem and no
  collections (``hhparse.phh.settle`` awards the pots by the rules). The rake is the
  user-defined ``_rake`` (0 without it).
* **Hand id**: ``hand`` plus a digest of the hand's data (``5-3f2a9c1b7e4d``), or the
  digest alone: hand numbers repeat across events, so the number alone is no key.
* **Everything else** (``event``, ``author``, ``city``, commentary ...) is kept as notes.

Problems: ``phh_syntax`` (not TOML), ``phh_missing_field``, ``phh_bad_value`` (a field
of the wrong type or length, an amount that is not a whole number of chips),
``phh_bad_action`` (an action that is not PHH notation, or names no player),
``phh_straddle``, ``phh_result_mismatch`` (``winnings`` and ``finishing_stacks`` that
disagree, or a finishing stack below what the player kept): all fatal. ``unknown_game``
(a variant code we do not know) is not fatal: the hand is unsupported, as are hands of
the PHH games we do not replay (hold'em, Omaha).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tomllib
from collections.abc import Sequence
from datetime import UTC, date, datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from hhparse.cards import Card, CardError, parse_card
from hhparse.parsers.base import BlockLike
from hhparse.phh.codes import OTHER_GAMES, VARIANTS
from hhparse.records import (
    SHOWDOWN_STREET,
    Action,
    Hand,
    Kind,
    Note,
    ParseProblem,
    Seat,
    SourceSpan,
    Stakes,
    StreetMark,
    Summary,
)
from hhparse.variants import BettingStructure, Variant, get_variant

SITE: Final = "phh"
RESHUFFLE_COMMENT: Final = "The deck is reshuffled"

_VARIANT_LINE: Final = re.compile(r"^variant\s*=")
_TABLE_HEADER: Final = re.compile(
    r"""^\[\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')\s*\]\s*(?:#.*)?$"""
)
_ERROR_LINE: Final = re.compile(r"at line (\d+)")
_DIGIT_RUN: Final = re.compile(r"\d[\d_]*")
_VARIANT_VALUE: Final = re.compile(r"""^variant\s*=\s*["']([^"']+)["']""")
_PLAYER: Final = re.compile(r"^p([1-9]\d*)$")
_USED_FIELDS: Final = frozenset({
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "players", "seats", "seat_count", "table", "hand",
    "currency", "finishing_stacks", "winnings", "time", "time_zone", "day", "month", "year",
    "_rake",
})
_REQUIRED: Final = {
    "draw": ("antes", "blinds_or_straddles", "starting_stacks", "actions"),
    "stud": ("antes", "bring_in", "starting_stacks", "actions"),
    BettingStructure.FIXED_LIMIT: ("small_bet", "big_bet"),
    BettingStructure.NO_LIMIT: ("min_bet",),
    BettingStructure.POT_LIMIT: ("min_bet",),
}
MAX_AMOUNT_DIGITS: Final = 18
"""The most digits an amount in minor units may have (a larger one is a bad value)."""
_DRAW_MARKS: Final = {1: "FIRST DRAW", 2: "SECOND DRAW", 3: "THIRD DRAW"}
_STUD_MARKS: Final = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "7th STREET")


def is_hand_start(line: str) -> bool:
    """Does this line open a ``.phh`` hand (its ``variant`` field)?"""
    return bool(_VARIANT_LINE.match(line.lstrip("\ufeff").strip()))


_HAND_VARIANT: Final = re.compile(r"""^\s*variant\s*=\s*["']""", re.MULTILINE)
_HAND_ACTIONS: Final = re.compile(r"^\s*actions\s*=\s*\[", re.MULTILINE)


def holds_a_hand(text: str) -> bool:
    """Positive evidence that TOML-looking text is PHH: a quoted ``variant`` and an
    ``actions`` list (a Markdown file's headings and ``[Unit]`` blocks are not)."""
    return bool(_HAND_VARIANT.search(text)) and bool(_HAND_ACTIONS.search(text))


def is_table_start(line: str) -> bool:
    """Does this line open a hand of a ``.phhs`` file (a table header such as ``[1]``)?"""
    return bool(_TABLE_HEADER.match(line.lstrip("\ufeff").strip()))


def parse_block(block: BlockLike) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    try:
        return _Reader(block).read()
    except Exception as error:
        reader = _Reader(block)
        reader.problem(block.line, "parser_crash",
                       f"the PHH reader failed: {type(error).__name__}: {error}", fatal=True)
        return reader.hand_record(variant=None, structure=None, code="")


class _Fatal(Exception):
    """Stops reading a hand whose fields cannot be read (the problem is recorded)."""


def parse_phh_cards(text: str) -> list[Card | None]:
    """``7h6c??`` -> [7h, 6c, None]: two characters a card, ``??`` (or any ``?``) unknown."""
    if len(text) % 2:
        raise CardError(f"not PHH cards: {text!r} (two characters per card)")
    cards: list[Card | None] = []
    for at in range(0, len(text), 2):
        token = text[at : at + 2]
        cards.append(None if "?" in token else parse_card(token))
    return cards


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...] | None:
    """The cards when every one is known, else None."""
    if any(card is None for card in cards):
        return None
    return tuple(card for card in cards if card is not None)


class _Reader:
    """Reads one block. Mutable while reading; :meth:`read` returns the frozen Hand."""

    def __init__(self, block: BlockLike) -> None:
        self.block = block
        self.problems: list[ParseProblem] = []
        self.notes: list[Note] = []
        self.fields: dict[str, Any] = {}
        self.hand_id = ""
        self.table_key: str | None = None
        self.decimals = 0
        self.currency = "chips"
        self.names: list[str] = []
        self.seats: list[Seat] = []
        self.stakes = Stakes()
        self.started_at: datetime | None = None
        self.started_at_text = ""
        self.play: _Play | None = None

    # -- recording --------------------------------------------------------------------

    def problem(self, line: int, code: str, message: str, *, fatal: bool = False) -> None:
        self.problems.append(ParseProblem(line=line, code=code, message=message, fatal=fatal))

    def fatal(self, line: int, code: str, message: str) -> _Fatal:
        self.problem(line, code, message, fatal=True)
        return _Fatal(message)

    def line_of(self, key: str) -> int:
        """The file line where a field is defined (the block's first line if not found)."""
        pattern = re.compile(rf"^\s*(?:{re.escape(key)}|\"{re.escape(key)}\")\s*=")
        for text, number in zip(self.block.lines, self.block.line_numbers, strict=True):
            if pattern.match(text):
                return number
        return self.block.line

    # -- driver -----------------------------------------------------------------------

    def read(self) -> Hand:
        variant: Variant | None = None
        structure: BettingStructure | None = None
        code = ""
        try:
            self.fields = self._toml()
            self.hand_id = self._hand_id()
            code = self._text("variant", required=True)
            if code in VARIANTS:
                variant_id, structure = VARIANTS[code]
                variant = get_variant(variant_id)
                self._check_required(variant, structure)
            elif code not in OTHER_GAMES:
                self.problem(self.line_of("variant"), "unknown_game",
                             f"PHH variant code {code!r} is not one we know")
            self._units()
            self._players()
            self._time()
            if variant is not None and structure is not None:
                self.play = _Play(self, variant, structure)
                self.play.read()
        except _Fatal:
            if variant is None:
                code, variant, structure = self._variant_by_text()
        self._keep_other_fields()
        hand = self.hand_record(variant=variant, structure=structure, code=code)
        self.play = None  # it refers back to the reader: no cycle left (hhparse.cycles)
        return hand

    def _variant_by_text(self) -> tuple[str, Variant | None, BettingStructure | None]:
        """A hand whose fields cannot be read: its variant line, read as text, still says
        which game it is (so the hand is rejected, not taken for a game we skip); without
        one, the problem is that the hand cannot be read at all."""
        for text in self.block.lines:
            found = _VARIANT_VALUE.match(text.strip())
            if found is not None and found.group(1) in VARIANTS:
                variant_id, structure = VARIANTS[found.group(1)]
                return found.group(1), get_variant(variant_id), structure
        self.problem(self.block.line, "unreadable_header", "no PHH variant can be read",
                     fatal=True)
        return "", None, None

    def hand_record(self, *, variant: Variant | None, structure: BettingStructure | None,
                    code: str) -> Hand:
        block = self.block
        source = SourceSpan(
            file=block.file, line=block.line, byte_offset=block.byte_offset,
            byte_length=block.byte_length,
            line_count=block.line_numbers[-1] - block.line + 1 if block.line_numbers else 0,
        )
        play = self.play
        table = self.fields.get("table")
        seat_count = self.fields.get("seat_count")
        return Hand(
            site=SITE,
            hand_id=self.hand_id,
            source=source,
            game_text=code,
            variant_id=variant.id if variant else None,
            structure=structure,
            currency=self.currency,
            stakes=self.stakes,
            started_at_text=self.started_at_text,
            started_at=self.started_at,
            table=str(table) if isinstance(table, str | int) else "",
            max_seats=seat_count if isinstance(seat_count, int) else None,
            button_seat=self.seats[-1].seat if self.seats and variant and variant.is_draw
            else None,
            seats=tuple(self.seats),
            actions=tuple(play.actions) if play else (),
            streets=tuple(play.marks) if play else (),
            notes=tuple(self.notes + (play.notes if play else [])),
            summary=play.summary() if play else Summary(),
            problems=tuple(self.problems),
        )

    # -- TOML and fields --------------------------------------------------------------

    def _toml(self) -> dict[str, Any]:
        block = self.block
        text = "\n".join(block.lines)
        try:
            data = tomllib.loads(text, parse_float=Decimal)
        except ValueError as error:  # TOMLDecodeError, or a plain one: an int too long
            raise self.fatal(self._error_line(error), "phh_syntax",
                             f"not valid TOML: {error}") from None
        if block.lines and is_table_start(block.lines[0]):
            tables = [(key, value) for key, value in data.items() if isinstance(value, dict)]
            if len(tables) != 1 or len(data) != 1:
                raise self.fatal(block.line, "phh_syntax",
                                 "a .phhs section must hold exactly one table (one hand)")
            self.table_key, table = tables[0]
            return dict(table)
        return data

    def _error_line(self, error: ValueError) -> int:
        """The file's line of a TOML error: the line a TOMLDecodeError names; for the plain
        ValueError of an integer longer than Python converts (``int_max_str_digits``), which
        names none, the first line holding such a number."""
        lines = self.block.lines
        if isinstance(error, tomllib.TOMLDecodeError):
            found = _ERROR_LINE.search(str(error))
            index = int(found.group(1)) - 1 if found else 0
        else:
            limit = sys.get_int_max_str_digits()
            index = next((at for at, line in enumerate(lines) if any(
                len(run.replace("_", "")) > limit for run in _DIGIT_RUN.findall(line))), -1)
        numbers = self.block.line_numbers
        return numbers[index] if 0 <= index < len(numbers) else self.block.line

    def _hand_id(self) -> str:
        canonical = json.dumps(self.fields, sort_keys=True, default=str, ensure_ascii=False)
        digest = hashlib.sha1(canonical.encode("utf-8")).hexdigest()
        number = self.fields.get("hand")
        if isinstance(number, str | int) and not isinstance(number, bool) and str(number):
            return f"{number}-{digest[:12]}"
        return digest[:16]

    def _text(self, key: str, *, required: bool = False) -> str:
        value = self.fields.get(key)
        if value is None and required:
            raise self.fatal(self.block.line, "phh_missing_field", f"no {key!r} field")
        if value is not None and not isinstance(value, str):
            raise self.fatal(self.line_of(key), "phh_bad_value",
                             f"{key} must be a string, not {value!r}")
        return value or ""

    def _check_required(self, variant: Variant, structure: BettingStructure) -> None:
        family = "stud" if variant.is_stud else "draw"
        for key in (*_REQUIRED[family], *_REQUIRED[structure]):
            if key not in self.fields:
                raise self.fatal(self.block.line, "phh_missing_field",
                                 f"no {key!r} field (required for {self.fields['variant']})")

    def amount(self, value: object, what: str, key: str) -> int:
        """A PHH number -> minor units of the hand's unit."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.fatal(self.line_of(key), "phh_bad_value",
                             f"{what}: {value!r} is not a number")
        scaled = _minor_units(Decimal(value), self.decimals)
        if scaled is None:
            unit = "cents" if self.decimals else "chips"
            raise self.fatal(self.line_of(key), "phh_bad_value",
                             f"{what}: {value} is not a whole number of {unit}"
                             f" (of at most {MAX_AMOUNT_DIGITS} digits)")
        return scaled

    def amounts(self, key: str, count: int | None = None) -> list[int]:
        values = self.fields.get(key)
        if not isinstance(values, list):
            raise self.fatal(self.line_of(key), "phh_bad_value", f"{key} must be an array")
        if count is not None and len(values) != count:
            raise self.fatal(self.line_of(key), "phh_bad_value",
                             f"{key} has {len(values)} entries for {count} players")
        return [self.amount(value, f"{key}[{i}]", key) for i, value in enumerate(values)]

    def _units(self) -> None:
        currency = self.fields.get("currency")
        if isinstance(currency, str) and currency:
            self.currency, self.decimals = currency.upper(), 2

    def _players(self) -> None:
        stacks = self.amounts("starting_stacks") if "starting_stacks" in self.fields else []
        count = len(stacks)
        line = self.line_of("starting_stacks")
        for i, stack in enumerate(stacks):
            if stack <= 0:
                raise self.fatal(line, "phh_bad_value", f"starting stack of p{i + 1} is 0")
        names = self.fields.get("players")
        if names is None:
            names = [""] * count
        if not isinstance(names, list) or len(names) != count or not all(
            isinstance(name, str) for name in names
        ):
            raise self.fatal(self.line_of("players"), "phh_bad_value",
                             f"players must be {count} strings, one per starting stack")
        self.names = [name or f"p{i}" for i, name in enumerate(names, 1)]
        if len(set(self.names)) != count:
            raise self.fatal(self.line_of("players"), "phh_bad_value",
                             f"players lists a name twice: {self.names}")
        seats = self.fields.get("seats", list(range(1, count + 1)))
        if not isinstance(seats, list) or len(seats) != count or len(set(seats)) != count or (
            not all(isinstance(seat, int) and not isinstance(seat, bool) for seat in seats)
        ):
            raise self.fatal(self.line_of("seats"), "phh_bad_value",
                             f"seats must be {count} different numbers")
        self.seats = [Seat(seat=seat, player=name, stack=stack, line=line)
                      for seat, name, stack in zip(seats, self.names, stacks, strict=True)]

    def _time(self) -> None:
        year, month, day = (self.fields.get(key) for key in ("year", "month", "day"))
        if not all(isinstance(part, int) for part in (year, month, day)):
            return
        assert isinstance(year, int) and isinstance(month, int) and isinstance(day, int)
        clock = self.fields.get("time")
        zone_name = self.fields.get("time_zone")
        try:
            when = date(year, month, day)
        except (ValueError, OverflowError):  # OverflowError: a part past a C int
            self.problem(self.line_of("day"), "unreadable_time",
                         f"no such date: {year}-{month}-{day}")
            return
        self.started_at_text = when.isoformat()
        if not isinstance(clock, time):
            self.started_at = datetime.combine(when, time(), UTC)
            return
        self.started_at_text += f" {clock.isoformat()}"
        zone: Any = UTC
        if isinstance(zone_name, str):
            self.started_at_text += f" {zone_name}"
            try:
                zone = ZoneInfo(zone_name)
            except (ZoneInfoNotFoundError, ValueError):
                self.problem(self.line_of("time_zone"), "unknown_timezone",
                             f"time zone {zone_name!r} unknown; time taken as UTC")
        try:
            self.started_at = datetime.combine(when, clock.replace(tzinfo=zone)).astimezone(UTC)
        except OverflowError:  # 0001-01-01 east of UTC, 9999-12-31 west of it
            self.problem(self.line_of("day"), "unreadable_time",
                         f"{self.started_at_text} is before year 1 or after 9999 in UTC")

    def _keep_other_fields(self) -> None:
        for key, value in self.fields.items():
            if key not in _USED_FIELDS:
                self.notes.append(Note(line=self.line_of(key), kind="phh_field",
                                       text=f"{key} = {value!r}"))


class _Play:
    """The forced bets, the actions and the result of one hand of a variant we replay."""

    def __init__(self, reader: _Reader, variant: Variant, structure: BettingStructure) -> None:
        self.reader = reader
        self.variant = variant
        self.structure = structure
        self.names = reader.names
        self.count = len(reader.names)
        self.actions: list[Action] = []
        self.marks: list[StreetMark] = []
        self.notes: list[Note] = []
        self.street = 0
        self.stack = {seat.player: seat.stack for seat in reader.seats}
        self.remaining = dict(self.stack)
        self.contributed = dict.fromkeys(self.names, 0)
        self.committed: dict[str, int] = {}
        self.current_bet = 0
        self.folded: set[str] = set()
        self.bring_in = 0
        self.completed = False
        self.betting_since_draw = False
        self.drew: set[str] = set()
        self.draw_hand: dict[str, list[Card | None]] = {name: [] for name in self.names}
        self.stud_cards: dict[str, list[Card | None]] = {name: [] for name in self.names}
        self.shows: dict[str, tuple[int, list[Card | None] | None]] = {}
        """Player -> (line, shown cards or None for a muck), in the order first shown."""
        self.stub = 52 - self.count * variant.hand_size if variant.is_draw else None
        self.explicit_reshuffles = False
        self.dead_antes = False
        """Unequal antes (a big-blind ante): dead money, matched by nobody."""
        self.last_line = reader.block.line
        self.rake = 0
        self.total_pot = 0
        self.summary_line = reader.block.line

    # -- forced bets --------------------------------------------------------------------

    def read(self) -> None:
        reader = self.reader
        self.explicit_reshuffles = any(
            isinstance(raw, str) and raw.partition("#")[2].strip() == RESHUFFLE_COMMENT
            for raw in reader.fields.get("actions") or []
        )
        stakes = self._stakes()
        reader.stakes = stakes
        self._antes()
        if self.variant.is_draw:
            self._blinds()
        self._actions()
        self._result()

    def _stakes(self) -> Stakes:
        reader = self.reader
        antes = reader.amounts("antes", self.count)
        ante = max(antes) if any(antes) else None
        if self.structure is BettingStructure.FIXED_LIMIT:
            small = reader.amount(reader.fields["small_bet"], "small_bet", "small_bet")
            big = reader.amount(reader.fields["big_bet"], "big_bet", "big_bet")
        else:
            small = reader.amount(reader.fields["min_bet"], "min_bet", "min_bet")
            big = None
        if self.variant.is_stud:
            self.bring_in = reader.amount(reader.fields["bring_in"], "bring_in", "bring_in")
            return Stakes(small_bet=small, big_bet=big, ante=ante, bring_in=self.bring_in)
        blinds = reader.amounts("blinds_or_straddles", self.count)
        posted = [amount for amount in blinds if amount]
        if len(posted) > 2:
            line = reader.line_of("blinds_or_straddles")
            raise reader.fatal(line, "phh_straddle",
                               f"blinds_or_straddles {blinds} has straddles; they are not "
                               "supported")
        small_blind = posted[0] if len(posted) == 2 else None
        big_blind = posted[-1] if posted else None
        if self.structure is not BettingStructure.FIXED_LIMIT:
            big_blind = small
        return Stakes(small_bet=small if self.structure is BettingStructure.FIXED_LIMIT
                      else None, big_bet=big, small_blind=small_blind, big_blind=big_blind,
                      ante=ante)

    def _heads_up(self, values: list[int]) -> list[int]:
        """PHH reverses antes and blinds heads-up."""
        return values[::-1] if self.count == 2 else values

    def _antes(self) -> None:
        line = self.reader.line_of("antes")
        antes = self._heads_up(self.reader.amounts("antes", self.count))
        self.dead_antes = len(set(antes)) > 1
        for name, ante in zip(self.names, antes, strict=True):
            if ante:
                self._post(Kind.ANTE, name, ante, line, live=False)

    def _blinds(self) -> None:
        line = self.reader.line_of("blinds_or_straddles")
        blinds = self._heads_up(self.reader.amounts("blinds_or_straddles", self.count))
        posted = [(name, blind) for name, blind in zip(self.names, blinds, strict=True) if blind]
        posted.sort(key=lambda entry: entry[1])  # the small blind first
        for number, (name, blind) in enumerate(posted):
            kind = Kind.POST_BB if number == len(posted) - 1 else Kind.POST_SB
            self._post(kind, name, blind, line, live=True)

    def _post(self, kind: Kind, name: str, nominal: int, line: int, *, live: bool) -> None:
        amount = min(nominal, self.remaining[name])
        if not amount:
            return
        self._pay(name, amount)
        if live:
            self.committed[name] = self.committed.get(name, 0) + amount
            self.current_bet = max(self.current_bet, self.committed[name])
        self._act(line, kind, name, amount, all_in=self.remaining[name] == 0)

    # -- recording ----------------------------------------------------------------------

    def _pay(self, name: str, amount: int) -> None:
        self.remaining[name] -= amount
        self.contributed[name] += amount

    def _act(self, line: int, kind: Kind, player: str, amount: int = 0, *,
             street: int | None = None, to: int | None = None, all_in: bool = False,
             n_cards: int | None = None, cards: tuple[Card, ...] = (),
             new_cards: tuple[Card, ...] = ()) -> None:
        self.actions.append(Action(
            line=line, street=self.street if street is None else street, kind=kind,
            player=player, amount=amount, to=to, all_in=all_in, n_cards=n_cards, cards=cards,
            new_cards=new_cards,
        ))

    def _new_street(self, street: int, line: int) -> None:
        if self.dead_antes:
            self._return_uncalled(self.committed)
        self.street = street
        self.committed = {}
        self.current_bet = 0
        if self.variant.is_draw:
            single = self.variant.draws is not None and self.variant.draws.count == 1
            name = "DRAW" if single else _DRAW_MARKS.get(street, f"DRAW {street}")
        else:
            name = _STUD_MARKS[street] if street < len(_STUD_MARKS) else f"STREET {street}"
        self.marks.append(StreetMark(line=line, street=street, name=name))

    # -- actions --------------------------------------------------------------------------

    def _actions(self) -> None:
        reader = self.reader
        raw = reader.fields.get("actions")
        if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
            raise reader.fatal(reader.line_of("actions"), "phh_bad_value",
                               "actions must be an array of strings")
        self.marks.append(StreetMark(line=reader.line_of("actions"), street=0,
                                     name="DEALING HANDS" if self.variant.is_draw
                                     else _STUD_MARKS[0]))
        for text, line in zip(raw, self._action_lines(raw), strict=True):
            self.last_line = line
            try:
                self._action(text, line)
            except (CardError, ValueError) as error:
                raise reader.fatal(line, "phh_bad_action",
                                   f"action {text!r} not understood: {error}") from None

    def _action_lines(self, raw: list[str]) -> list[int]:
        """The file line of each action: where its text is found, in order (an action
        whose text is not found, an escaped string, gets the line of the one before)."""
        block = self.reader.block
        lines, numbers = block.lines, block.line_numbers
        start = self.reader.line_of("actions")
        index = next((i for i, number in enumerate(numbers) if number >= start), 0)
        column = 0
        found: list[int] = []
        for text in raw:
            at_index, at = index, -1
            while at_index < len(lines) and text:
                at = lines[at_index].find(text, column if at_index == index else 0)
                if at >= 0:
                    break
                at_index += 1
            if at >= 0:
                index, column = at_index, at + len(text)
            found.append(numbers[index] if index < len(numbers) else start)
        return found

    def _action(self, text: str, line: int) -> None:
        body, _, comment = text.partition("#")
        words = body.split()
        if comment.strip():
            self._comment(comment.strip(), line)
        if not words:
            return
        if words[0] == "d":
            self._dealer(words, line)
            return
        name = self._player(words[0])
        verb, arguments = (words[1], words[2:]) if len(words) > 1 else ("", [])
        handler = _VERBS.get(verb)
        if handler is None or len(arguments) > 1:
            raise ValueError(f"unknown action {verb!r}")
        handler(self, name, arguments[0] if arguments else None, line)

    def _player(self, word: str) -> str:
        match = _PLAYER.match(word)
        if match is None or int(match.group(1)) > self.count:
            raise ValueError(f"{word!r} names no player of {self.count}")
        return self.names[int(match.group(1)) - 1]

    def _comment(self, comment: str, line: int) -> None:
        if comment == RESHUFFLE_COMMENT and self.variant.is_draw:
            self._act(line, Kind.RESHUFFLE, "")
        else:
            self.notes.append(Note(line=line, kind="commentary", text=comment))

    def _dealer(self, words: list[str], line: int) -> None:
        if len(words) == 3 and words[1] == "db":
            board = _known(parse_phh_cards(words[2])) or ()
            self._act(line, Kind.DEALT, "", new_cards=board)
            return
        if len(words) != 4 or words[1] != "dh":
            raise ValueError("expected 'd dh pN CARDS' or 'd db CARDS'")
        name = self._player(words[2])
        cards = parse_phh_cards(words[3])
        if self.variant.is_stud:
            self._deal_stud(name, cards, line)
        else:
            self._deal_draw(name, cards, line)

    # -- draw games -----------------------------------------------------------------------

    def _deal_draw(self, name: str, cards: list[Card | None], line: int) -> None:
        hand = self.draw_hand[name]
        size = self.variant.hand_size
        if self.street == 0:
            hand.extend(cards)
            known = _known(hand)
            if len(hand) == size and known is not None:
                self._act(line, Kind.DEALT, name, new_cards=known)
            return
        kept, new = _known(hand), _known(cards)
        hand.extend(cards)
        if kept is not None and new is not None:
            self._act(line, Kind.DEALT, name, cards=kept, new_cards=new)

    def _discard(self, name: str, argument: str | None, line: int) -> None:
        if not self.variant.is_draw:
            raise ValueError("discards in a stud game")
        if self.street == 0 or self.betting_since_draw or name in self.drew:
            self._new_street(self.street + 1, line)
            self.betting_since_draw = False
            self.drew = set()
        self.drew.add(name)
        cards = parse_phh_cards(argument) if argument else []
        self._implied_reshuffle(len(cards), line)
        if not cards:
            self._act(line, Kind.STAND_PAT, name, n_cards=0)
            return
        known = _known(cards)
        hand = self.draw_hand[name]
        if known is not None and _known(hand) is not None:
            for card in known:
                if card in hand:
                    hand.remove(card)
        else:
            hand[:] = [None] * max(0, len(hand) - len(cards))
        self._act(line, Kind.DISCARD, name, n_cards=len(cards), cards=known or ())

    def _implied_reshuffle(self, count: int, line: int) -> None:
        """Where the stub runs out in a file that records no reshuffle (see the module)."""
        if self.stub is None or self.explicit_reshuffles:
            return
        if count > self.stub:
            self._act(line, Kind.RESHUFFLE, "")
            self.notes.append(Note(line=line, kind="reshuffle", text=(
                f"the stub holds {self.stub} card(s) and {count} are drawn: the deck is "
                "reshuffled (PHH does not record reshuffles)")))
            self.stub = None
            return
        self.stub -= count

    # -- stud -----------------------------------------------------------------------------

    def _deal_stud(self, name: str, cards: list[Card | None], line: int) -> None:
        held = self.stud_cards[name]
        before = len(held)
        held.extend(cards)
        for street in range(max(0, before - 2), max(0, len(held) - 2)):
            if street > self.street:
                self._new_street(street, line)
            if street == 0:
                up = held[2]
                downs = tuple(card for card in held[:2] if card is not None)
                if up is not None:
                    self._act(line, Kind.DEALT, name, street=0, new_cards=(*downs, up))
            elif held[2 + street] is not None:
                card = held[2 + street]
                assert card is not None
                self._act(line, Kind.DEALT, name, street=street, new_cards=(card,))

    # -- betting --------------------------------------------------------------------------

    def _bet_line(self, name: str, line: int) -> None:
        self.betting_since_draw = True
        self.last_line = line

    def _bring_in(self, name: str, argument: str | None, line: int) -> None:
        self._bet_line(name, line)
        amount = min(self.bring_in, self.remaining[name])
        self._pay(name, amount)
        self.committed[name] = self.committed.get(name, 0) + amount
        self.current_bet = max(self.current_bet, self.committed[name])
        self._act(line, Kind.BRING_IN, name, amount, all_in=self.remaining[name] == 0)

    def _check_or_call(self, name: str, argument: str | None, line: int) -> None:
        self._bet_line(name, line)
        owed = self.current_bet - self.committed.get(name, 0)
        if owed <= 0:
            self._act(line, Kind.CHECK, name)
            return
        amount = min(owed, self.remaining[name])
        self._pay(name, amount)
        self.committed[name] = self.committed.get(name, 0) + amount
        self._act(line, Kind.CALL, name, amount, all_in=self.remaining[name] == 0)

    def _bet_or_raise(self, name: str, argument: str | None, line: int) -> None:
        if argument is None:
            raise ValueError("cbr needs an amount")
        self._bet_line(name, line)
        to = self._amount(argument)
        before = self.committed.get(name, 0)
        put_in = max(to - before, 0)
        all_in = put_in >= self.remaining[name]
        self._pay(name, put_in)
        self.committed[name] = before + put_in
        increment = to - self.current_bet
        if self.variant.is_stud and self.street == 0 and not self.completed and (
            self.current_bet <= self.bring_in
        ):
            self.completed = True
            self._act(line, Kind.COMPLETE, name, increment, to=to, all_in=all_in)
        elif self.current_bet == 0:
            self._act(line, Kind.BET, name, to, all_in=all_in)
        else:
            self._act(line, Kind.RAISE, name, increment, to=to, all_in=all_in)
        self.current_bet = max(self.current_bet, to)

    def _amount(self, text: str) -> int:
        try:
            value = Decimal(text.replace(",", ""))
        except InvalidOperation:
            raise ValueError(f"{text!r} is not an amount") from None
        scaled = _minor_units(value, self.reader.decimals)
        if scaled is None:
            unit = "cents" if self.reader.decimals else "chips"
            raise ValueError(f"{text} is not a whole number of {unit}"
                             f" (of at most {MAX_AMOUNT_DIGITS} digits)")
        return scaled

    def _fold(self, name: str, argument: str | None, line: int) -> None:
        if argument is not None:
            raise ValueError("f takes no argument")
        self._bet_line(name, line)
        self.folded.add(name)
        self._act(line, Kind.FOLD, name)

    def _show_or_muck(self, name: str, argument: str | None, line: int) -> None:
        held = self.stud_cards[name] if self.variant.is_stud else self.draw_hand[name]
        first = self.shows.get(name, (line, None))[0]
        if argument is None:
            self.shows[name] = (first, None)
            return
        cards = list(held) if argument == "-" else parse_phh_cards(argument)
        if self.variant.is_stud or len(cards) >= len(held):
            held[: len(cards)] = cards  # the shown cards are the ones held, in order
        self.shows[name] = (first, cards)

    # -- the result -----------------------------------------------------------------------

    def _result(self) -> None:
        reader = self.reader
        self._return_uncalled(self.committed if self.dead_antes else dict(self.contributed))
        active = [name for name in self.names if name not in self.folded]
        showdown = len(active) > 1
        for name, (line, cards) in self.shows.items():
            if cards is None:
                self._act(line, Kind.MUCK, name, street=SHOWDOWN_STREET)
            elif showdown:
                final = self.stud_cards[name] if self.variant.is_stud else self.draw_hand[name]
                shown = _known(final) or tuple(card for card in cards if card is not None)
                self._act(line, Kind.SHOW, name, street=SHOWDOWN_STREET, cards=shown)
        self.total_pot = sum(self.contributed.values())
        if "_rake" in reader.fields:
            self.rake = reader.amount(reader.fields["_rake"], "_rake", "_rake")
        collected = self._collections(active)
        street = SHOWDOWN_STREET if showdown else self.street
        for name in self.names:
            if collected.get(name):
                self._act(self.summary_line, Kind.COLLECT, name, collected[name], street=street)

    def _return_uncalled(self, amounts: dict[str, int]) -> None:
        """The part of the largest amount that nobody matched goes back to its player.

        With equal antes (or none) every chip put in is matched, antes included, and the
        amounts are the whole hand's (a player all-in for part of the ante gets the rest
        of the others' antes back, as the sites do). With unequal antes (a big-blind
        ante) the antes are dead money: each betting round's live bets are matched."""
        ranked = sorted(amounts.items(), key=lambda entry: entry[1], reverse=True)
        if not ranked:
            return
        top, most = ranked[0]
        excess = most - (ranked[1][1] if len(ranked) > 1 else 0)
        if excess > 0:
            self.contributed[top] -= excess
            self.remaining[top] += excess
            self.committed[top] = self.committed.get(top, 0) - excess
            self._act(self.last_line, Kind.UNCALLED_RETURN, top, excess)

    def _collections(self, active: list[str]) -> dict[str, int]:
        reader = self.reader
        fields = reader.fields
        if "winnings" in fields:
            self.summary_line = reader.line_of("winnings")
            won = dict(zip(self.names, reader.amounts("winnings", self.count), strict=True))
            if "finishing_stacks" in fields:
                self._check_finishing(won)
            return won
        if "finishing_stacks" in fields:
            self.summary_line = reader.line_of("finishing_stacks")
            finishing = reader.amounts("finishing_stacks", self.count)
            won = {}
            for name, final in zip(self.names, finishing, strict=True):
                won[name] = final - self.remaining[name]
                if won[name] < 0:
                    raise reader.fatal(self.summary_line, "phh_result_mismatch",
                                       f"{name} finishes with {final}, less than the "
                                       f"{self.remaining[name]} kept behind")
            return won
        self.summary_line = self.last_line
        if len(active) == 1:
            return {active[0]: self.total_pot - self.rake}
        reader.problem(self.last_line, "phh_no_result",
                       "the file records neither winnings nor finishing_stacks")
        return {}

    def _check_finishing(self, won: dict[str, int]) -> None:
        reader = self.reader
        finishing = reader.amounts("finishing_stacks", self.count)
        for name, final in zip(self.names, finishing, strict=True):
            if final != self.remaining[name] + won[name]:
                raise reader.fatal(reader.line_of("finishing_stacks"), "phh_result_mismatch",
                                   f"{name} finishes with {final}, but keeps "
                                   f"{self.remaining[name]} and wins {won[name]}")

    def summary(self) -> Summary:
        return Summary(total_pot=self.total_pot, rake=self.rake, line=self.summary_line)


_VERBS: Final = {
    "sd": _Play._discard,
    "pb": _Play._bring_in,
    "cc": _Play._check_or_call,
    "cbr": _Play._bet_or_raise,
    "f": _Play._fold,
    "sm": _Play._show_or_muck,
}


def _minor_units(value: Decimal, decimals: int) -> int | None:
    """``value`` in minor units (``decimals`` places); None if it is not a whole number of
    them of at most MAX_AMOUNT_DIGITS digits. The digits are counted first: scaling
    ``1e999999999999`` overflows, and the int of ``1e999990`` takes minutes to make."""
    if not value.is_finite() or value < 0:
        return None
    if value and not -decimals <= value.adjusted() < MAX_AMOUNT_DIGITS - decimals:
        return None
    scaled = value * (10**decimals)
    return int(scaled) if scaled == scaled.to_integral_value() else None
