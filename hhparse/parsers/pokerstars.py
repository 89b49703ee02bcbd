"""PokerStars hand histories: one hand block -> one :class:`~hhparse.records.Hand`.

The reader only reads: it records what each line says, as printed, and judges nothing
(legality, amounts that do not add up, impossible cards are the replayer's business).
It never raises: a line it does not understand becomes a non-fatal ``unknown_line``
problem; a header it cannot read, a fatal ``unreadable_header`` problem; a bug in the
reader itself, a fatal ``parser_crash`` problem.

What the replayer must know (the conventions of the records this module fills):

* **Streets.** ``Action.street`` is the section of the hand: 0 before the first draw
  (draw games; ``*** DEALING HANDS ***``) or on 3rd street (stud; also Hold'em pre-flop);
  then ``*** FIRST/SECOND/THIRD DRAW ***`` are 1/2/3, ``*** 4th/5th/6th STREET ***`` are
  1/2/3 and ``*** RIVER ***`` (7th street) is 4 in stud; Hold'em and Omaha boards are
  1/2/3 (flop, turn, river). ``*** SHOW DOWN ***`` and everything after it are
  :data:`~hhparse.records.SHOWDOWN_STREET`. Single-draw games print no draw marker:
  the draw section starts at the first discard or stand-pat line of street 0, which
  becomes street 1 and gets a :class:`StreetMark` named ``DRAW`` at that line. Each
  marker line gives a StreetMark with its street number.
* **Amounts** are as printed, in minor units (``Hand.currency``): ``amount`` is what the
  line puts in (post, ante, bring-in, bet, call: the call's increment) or takes out
  (collect, uncalled return, cash-out). ``raises X to Y``: ``amount`` = X (the increment
  over the previous bet), ``to`` = Y (the player's total for the round). ``posts small &
  big blinds X``: ``amount`` = X, both blinds together. ``all_in`` is ``and is all-in``.
* **Completions.** PokerStars prints a completion of the stud bring-in as a raise
  (``brings in for 15`` then ``raises 35 to 50``); it never writes ``completes``. This
  reader records the first ``raises`` of street 0 that follows a bring-in, before any
  bet or raise of that street, as :data:`~hhparse.records.COMPLETE` (``amount``/``to``
  exactly as printed: 35 and 50); every later raise stays :data:`~hhparse.records.RAISE`.
  This is read from the order of the lines alone; whether the completion is legal is the
  replayer's call.
* **Cards dealt.** ``Dealt to P [a b] [c]``: ``cards`` = the first group (kept cards in a
  draw game, the cards dealt earlier in stud), ``new_cards`` = the second group. A line
  with one group (the first deal, or a stud player's single up card) has
  ``cards`` = () and ``new_cards`` = the group. Board cards (``*** FLOP *** [..]``, the
  stud community card ``*** RIVER *** [6h]``) are DEALT actions of player ``""``.
* **Draws.** ``discards N cards [..]`` is :data:`~hhparse.records.DISCARD` with
  ``n_cards`` = N and ``cards`` = the discards when printed (the hero's); ``stands pat``
  is :data:`~hhparse.records.STAND_PAT` with ``n_cards`` = 0 (``cards`` = the hand for
  ``stands pat on``).
* **Hero.** Draw games and Hold'em print ``Dealt to`` for the hero only: the hero is that
  player. In stud every player has ``Dealt to`` lines (up cards); the hero is the player
  whose first street-0 ``Dealt to`` line shows two or more cards (3rd street: two down and
  one up). No such line: ``hero`` is None.
* **Seats.** ``sitting_out`` is True for ``is sitting out`` and for ``out of hand``
  (moved from another table, not dealt in). Lines by a player who has no seat in the hand
  are notes, never actions; a line of play by such a player (a betting word, cards dealt
  to him) also gives a fatal ``actor_not_seated`` problem: play by nobody at the table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from string import ascii_letters
from typing import ClassVar, Final

from hhparse.cards import Card, CardError
from hhparse.money import AmountError, ascii_number, parse_amount
from hhparse.parsers.base import BlockLike, consecutive_from, span_of, summary_player
from hhparse.parsers.reader import TextReader, Unreadable, read_guarded
from hhparse.parsers.timezones import to_utc
from hhparse.records import (
    ANTE,
    BET,
    BRING_IN,
    CALL,
    CAPPED,
    CASHOUT,
    CHECK,
    COLLECT,
    COMPLETE,
    DEALT,
    DISCARD,
    FOLD,
    MUCK,
    NO_SHOW,
    POST_BB,
    POST_SB,
    POST_SB_BB,
    RAISE,
    RESHUFFLE,
    SHOW,
    SHOWDOWN_STREET,
    STAND_PAT,
    UNCALLED_RETURN,
    Action,
    Hand,
    Kind,
    Seat,
    Stakes,
    StreetMark,
    Summary,
    SummarySeat,
    Tournament,
)
from hhparse.variants import BettingStructure, Family, UnknownVariant, find_variant

SITE: Final = "pokerstars"


def is_start(line: str) -> bool:
    """Does this line open a PokerStars hand?"""
    if line.startswith("\ufeff"):
        line = line.lstrip("\ufeff")
    return line.startswith("PokerStars ") and ("Hand #" in line or "Game #" in line)


def parse_block(block: BlockLike) -> Hand:
    """Read one hand. Never raises: problems are recorded on the hand."""
    return read_guarded(_read, block, site=SITE, room="PokerStars", hand_id=_HAND_ID)


def _read(block: BlockLike) -> Hand:
    return _Reader(block).read()


# --- the header ---------------------------------------------------------------------------

_SYM = r"(?:[$€£₹¥]|Rs\.\s?)"
_ISO = r"(?:USD|EUR|GBP|CAD|INR|CNY|SEK|FPP|SC|T\$)"
_HEADER: Final = re.compile(
    r"^PokerStars (?P<title>Home Game Hand|Home Game|Zoom Hand|Rush Hand|Hand|Game|GAME|HAND)"
    r" #(?P<id>\d+):\s+(?:\{(?P<club>[^}]*)\}\s+)?(?P<body>.*?)"
    r"\s+-\s+(?P<when>\d{4}/\d{1,2}/\d{1,2}\D.*)$"
)
_HAND_ID: Final = re.compile(r"#(\d+)")
_TOURNEY: Final = re.compile(
    r"^(?P<zoom>(?:Zoom|Rush)\s+)?Tournament #(?P<tid>\d+),\s+(?:Table #\d+,\s+)?(?P<rest>.*?)"
    r"(?:\s+-\s+(?P<level>(?:Match Round [^,]+,\s+)?Level\s+[^\s(]+))?\s+\((?P<stakes>[^()]*)\)$",
    re.IGNORECASE,
)
_BUY_IN: Final = re.compile(
    rf"^(?P<parts>Freeroll|{_SYM}?[\d.,]+(?:\+{_SYM}?[\d.,]+){{0,2}})"
    rf"(?:\s+(?P<iso>{_ISO}))?\s+(?P<game>.+)$",
    re.IGNORECASE,
)
_CASH: Final = re.compile(
    r"^(?P<game>.*?)\s+\((?P<stakes>[^()]*)\)(?:\s+\[(?:ADM|AAMS) ID: \w+\])?$"
)
_STAKES: Final = re.compile(
    rf"^(?:ante\s+(?P<ante0>{_SYM}?[\d.,]+),\s+)?(?P<a>{_SYM}?[\d.,]+)/(?P<b>{_SYM}?[\d.,]+)"
    r"(?P<rest>.*)$",
    re.IGNORECASE,
)
_STAKES_ISO: Final = re.compile(rf"\b({_ISO})\b")
_ANTE: Final = re.compile(rf"\bante\s+({_SYM}?[\d.,]+)", re.IGNORECASE)
_WHEN: Final = re.compile(
    r"(\d{4})/(\d{1,2})/(\d{1,2})[\s-]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*\(?([A-Za-z]+)?\)?"
)
_TABLE: Final = re.compile(
    r"^Table (?:ID )?'(?P<table>.*)'(?:\(\d+\))?(?: (?P<max>\d+)-[Mm]ax)?"
    r"(?P<play> \(Play Money\))?(?: \(Real Money\))?(?: Seat #(?P<button>\d+) is the button)?$"
)
_SEAT: Final = re.compile(
    r"^Seat (\d+): (.+) \((\S+) in chips(?:, (\S+) bounty)?\)(?: (.*))?$"
)

_CURRENCY_OF_SYMBOL: Final = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}
_STRUCTURES: Final = (
    (" no limit", BettingStructure.NO_LIMIT),
    (" pot limit", BettingStructure.POT_LIMIT),
    (" fixed limit", BettingStructure.FIXED_LIMIT),
    (" limit", BettingStructure.FIXED_LIMIT),
)
_NOT_REPLAYED: Final = ("hold'em", "holdem", "omaha", "courchevel", "fusion")
"""Games we read but do not replay: variant_id None without a problem."""


@dataclass(frozen=True, slots=True)
class _Game:
    """What the header says about the game, money and tournament (cached per text)."""

    game_text: str
    variant_id: str | None
    structure: BettingStructure | None
    stud: bool
    currency: str
    decimals: int
    stakes: Stakes
    tournament: Tournament | None
    mixed_game: str | None
    play_money: bool
    zoom: bool
    problems: tuple[tuple[str, str], ...]


@lru_cache(maxsize=2048)
def _read_table(text: str) -> tuple[str, int | None, int | None, bool] | None:
    """(table, max seats, button seat, play money) of a ``Table`` line; None if unreadable.
    A table's line comes back hand after hand (one per button seat): read once, and the
    hands of a table share its name's one string."""
    match = _TABLE.match(text)
    if match is None:
        return None
    most, button = match.group("max"), match.group("button")
    return (match.group("table"), int(most) if most else None, int(button) if button else None,
            match.group("play") is not None)


@lru_cache(maxsize=2048)
def _read_game(body: str) -> _Game | None:
    """The header between ``#id:`` (and any ``{club}``) and the date; None if unreadable."""
    tourney = _TOURNEY.match(body)
    if tourney is not None:
        buy_in = _BUY_IN.match(tourney.group("rest"))
        if buy_in is None:
            return None
        game_part, stakes_text = buy_in.group("game"), tourney.group("stakes")
    else:
        cash = _CASH.match(body)
        if cash is None:
            return None
        game_part, stakes_text = cash.group("game"), cash.group("stakes")
        if _structure_of(game_part)[1] is None and not _STAKES.match(stakes_text):
            # ``8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)``: game and stakes together
            inner, _, stakes_text = stakes_text.rpartition(", ")
            game_part = f"{game_part} ({inner})"
    mixed, game_part = _split_mixed(game_part)
    return _build_game(game_part, stakes_text, mixed=mixed, tournament_match=tourney)


def _split_mixed(game_part: str) -> tuple[str | None, str]:
    """``8-Game (Razz Limit)`` -> (``8-Game``, ``Razz Limit``); else (None, the text)."""
    if game_part.endswith(")") and " (" in game_part:
        mixed, _, inner = game_part[:-1].partition(" (")
        return mixed, inner
    return None, game_part


def _build_game(
    game_part: str,
    stakes_text: str,
    *,
    mixed: str | None,
    tournament_match: re.Match[str] | None,
) -> _Game | None:
    problems: list[tuple[str, str]] = []
    game, structure = _structure_of(game_part)
    variant_id, stud = _variant_of(game, problems)
    tournament: Tournament | None = None
    play_money = False
    if tournament_match is None:
        currency = _stakes_currency(stakes_text)
        play_money = currency == "chips"
    else:
        currency = "chips"
        tournament, play_money = _tournament(tournament_match, problems)
    decimals = 0 if currency == "chips" else 2
    stakes = _stakes(stakes_text, structure, decimals)
    if stakes is None:
        return None
    zoom = tournament_match is not None and bool(tournament_match.group("zoom"))
    return _Game(
        game_text=game_part,
        variant_id=variant_id,
        structure=structure,
        stud=stud,
        currency=currency,
        decimals=decimals,
        stakes=stakes,
        tournament=tournament,
        mixed_game=mixed,
        play_money=play_money,
        zoom=zoom,
        problems=tuple(problems),
    )


def _structure_of(game_part: str) -> tuple[str, BettingStructure | None]:
    lowered = game_part.lower()
    for suffix, structure in _STRUCTURES:
        if lowered.endswith(suffix):
            return game_part[: -len(suffix)], structure
    return game_part, None


def _variant_of(game: str, problems: list[tuple[str, str]]) -> tuple[str | None, bool]:
    """(variant id, is a stud game)."""
    try:
        variant = find_variant(game)
    except UnknownVariant:
        lowered = game.lower()
        if not any(name in lowered for name in _NOT_REPLAYED):
            problems.append(("unknown_game", f"game {game!r} is not a known variant"))
        return None, "stud" in lowered or "razz" in lowered
    return variant.id, variant.family is Family.STUD


def _stakes_currency(stakes_text: str) -> str:
    iso = _STAKES_ISO.search(stakes_text)
    if iso is not None and iso.group(1) not in ("FPP", "SC", "T$"):
        return iso.group(1)
    symbol = _CURRENCY_OF_SYMBOL.get(stakes_text[:1])
    if symbol is None and stakes_text.lower().startswith("ante"):
        symbol = next((code for sym, code in _CURRENCY_OF_SYMBOL.items() if sym in stakes_text),
                      None)
    return symbol or "chips"


def _stakes(stakes_text: str, structure: BettingStructure | None, decimals: int) -> Stakes | None:
    match = _STAKES.match(stakes_text)
    if match is None:
        return None
    try:
        low = parse_amount(match.group("a"), decimals)
        high = parse_amount(match.group("b"), decimals)
        ante_text = match.group("ante0")
        if ante_text is None:
            ante_match = _ANTE.search(match.group("rest"))
            ante_text = ante_match.group(1) if ante_match else None
        ante = parse_amount(ante_text, decimals) if ante_text else None
    except AmountError:
        return None
    if structure is BettingStructure.FIXED_LIMIT:
        return Stakes(small_bet=low, big_bet=high, ante=ante)
    return Stakes(small_blind=low, big_blind=high, ante=ante)


def _tournament(
    match: re.Match[str], problems: list[tuple[str, str]]
) -> tuple[Tournament, bool]:
    """The tournament record and whether it is played for play money."""
    buy_in = _BUY_IN.match(match.group("rest"))
    parts_text = buy_in.group("parts") if buy_in else "Freeroll"
    iso = buy_in.group("iso") if buy_in else None
    level = match.group("level")
    tid = match.group("tid")
    if parts_text.lower() == "freeroll":
        return Tournament(tournament_id=tid, buy_in=0, fee=0, level=level), False
    symbol = _CURRENCY_OF_SYMBOL.get(parts_text[:1])
    currency = (iso.upper() if iso else None) or symbol or "chips"
    decimals = 0 if currency in ("chips", "FPP", "SC", "T$") else 2
    try:
        parts = [parse_amount(part, decimals) for part in parts_text.split("+")]
    except AmountError:
        problems.append(("unreadable_buy_in", f"buy-in {parts_text!r} is not readable"))
        parts = []
    buy, fee, bounty = _buy_in_parts(parts)
    record = Tournament(
        tournament_id=tid, buy_in=buy, fee=fee, bounty=bounty, currency=currency, level=level
    )
    return record, currency == "chips"


def _buy_in_parts(parts: list[int]) -> tuple[int | None, int | None, int | None]:
    """``buy-in+fee`` or, with three parts, ``buy-in+bounty+fee`` (PokerStars' order)."""
    if len(parts) == 3:
        return parts[0], parts[2], parts[1]
    if len(parts) == 2:
        return parts[0], parts[1], None
    if len(parts) == 1:
        return parts[0], None, None
    return None, None, None


# --- lines ---------------------------------------------------------------------------------

_SYMBOL_CHARS: Final = frozenset("$€£₹¥")

_MARKER_STREETS: Final[dict[str, int]] = {
    "DEALING HANDS": 0, "HOLE CARDS": 0, "3rd STREET": 0,
    "FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3, "DRAW": 1,
    "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4,
    "FLOP": 1, "TURN": 2, "FIRST FLOP": 1, "SECOND FLOP": 1, "FIRST TURN": 2,
    "SECOND TURN": 2, "FIRST RIVER": 3, "SECOND RIVER": 3,
    "SHOW DOWN": SHOWDOWN_STREET, "FIRST SHOW DOWN": SHOWDOWN_STREET,
    "SECOND SHOW DOWN": SHOWDOWN_STREET,
}

_MARKER_NAMES: Final[dict[str, str]] = {name: name for name in [*_MARKER_STREETS, "RIVER"]}
"""Each street marker's name to one string kept for every hand (not a slice per line)."""

_NOTE_EXACT: Final[dict[str, str]] = {
    "sits out": "sitting_out",
    "is sitting out": "sitting_out",
    "sitting out": "sitting_out",
    "leaves the table": "leave",
    "is disconnected": "disconnected",
    "is connected": "connected",
    "has returned": "returned",
    "has timed out": "timed_out",
    "has timed out while disconnected": "timed_out",
    "has timed out while being disconnected": "timed_out",
    "will be allowed to play after the button": "wait_for_button",
    "takes the add-on": "add_on",
}
_NOTE_PREFIXES: Final[tuple[tuple[str, str], ...]] = (
    ('said, "', "chat"),
    ("joins the table at seat #", "join"),
    ("was removed from the table", "removed"),
    ("finished the tournament", "finished"),
    ("wins the tournament", "won_tournament"),
    ("re-buys", "rebuy"),
    ("rebuys", "rebuy"),
)
_FIXED_NOTES: Final[dict[str, str]] = {
    "Pair on board - a double bet is allowed": "double_bet_allowed",
    "No low hand qualified": "no_low_hand",
}
_ACTION_WORDS: Final = frozenset(
    {"folds", "checks", "calls", "bets", "raises", "posts", "brings", "discards", "stands",
     "shows", "mucks", "doesn't", "completes"}
)
_MAIN_POT: Final = re.compile(r"Main pot (\S+?)\.(?= |$)")
_SIDE_POT: Final = re.compile(r"Side pot(?:-\d+)? (\S+?)\.(?= |$)")
_TOTAL: Final = re.compile(r"^Total pot (\S+)(.*?) \| Rake (\S+)(?: \|.*)?$")
_SUMMARY_NAME: Final = re.compile(
    r"^(.+?) (?=\((?:button|small blind|big blind|button blind)\)|folded|showed|mucked"
    r"|collected|won|lost|sat out|is sitting out|out of hand)"
)


def _note_kind(what: str) -> str | None:
    """The note kind of a player statement (the text after the name), or None."""
    kind = _NOTE_EXACT.get(what)
    if kind is not None:
        return kind
    for prefix, prefix_kind in _NOTE_PREFIXES:
        if what.startswith(prefix):
            return prefix_kind
    if "bounty" in what and ("eliminating" in what or "elimination" in what):
        return "bounty"
    return None


def _unseated_note_kind(text: str) -> str | None:
    """Note kind of a line by someone without a seat (the name is unknown, so search)."""
    if ' said, "' in text:
        return "chat"
    for phrase, kind in _NOTE_EXACT.items():
        if text.endswith(" " + phrase) or text.endswith(": " + phrase):
            return kind
    for prefix, kind in _NOTE_PREFIXES:
        if " " + prefix in text:
            return kind
    if "bounty" in text and "eliminating" in text:
        return "bounty"
    return None


_ZONE_LETTERS: Final = frozenset(ascii_letters)


def _when_parts(text: str) -> tuple[int, int, int, int, int, int, str] | None:
    """Year, month, day, hour, minute, second and zone ("" if none) of a header's time, as
    ``_WHEN`` reads them; the usual layout (``2026/01/19 19:07:43 ET``) is read by
    position, in a third less time than the expression and its groups take."""
    if (len(text) >= 19 and text[4] == "/" and text[7] == "/" and text[10] == " "
            and text[13] == ":" and text[16] == ":"):
        year, month, day = ascii_number(text, 0, 4), ascii_number(text, 5, 7), ascii_number(
            text, 8, 10)
        hour, minute = ascii_number(text, 11, 13), ascii_number(text, 14, 16)
        second = ascii_number(text, 17, 19)
        if min(year, month, day, hour, minute, second) >= 0:
            return (year, month, day, hour, minute, second, _zone_after(text, 19))
    match = _WHEN.match(text)
    if match is None:
        return None
    groups: tuple[str | None, ...] = match.groups()
    numbers = [int(group or 0) for group in groups[:6]]
    return (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5],
            groups[6] or "")


def _zone_after(text: str, start: int) -> str:
    """``\\s*\\(?([A-Za-z]+)?`` from ``start``: the zone's letters, or ""."""
    end = len(text)
    while start < end and text[start].isspace():
        start += 1
    if start < end and text[start] == "(":
        start += 1
    stop = start
    while stop < end and text[stop] in _ZONE_LETTERS:
        stop += 1
    return text[start:stop]


_TITLES: Final = frozenset({"Home Game Hand", "Home Game", "Zoom Hand", "Rush Hand", "Hand",
                            "Game", "GAME", "HAND"})

HeaderParts = tuple[str, str, str | None, str, str]
"""``_HEADER``'s groups: title, id, club (None without one), body, when."""


def header_parts(text: str) -> HeaderParts | None:
    """``_HEADER``'s groups, found by position in the usual layout (compiled, ~5,400
    instructions a header against ~19,000 for the expression and its groups: its lazy body
    tries every character); any other layout is left to the expression. The position
    reading takes the expression's first choices (as much space as can be, the club when
    there is one, the shortest body), so where it finds a header the expression finds the
    same one."""
    if text.startswith("PokerStars ") and "\n" not in text:
        parts = _usual_header(text)
        if parts is not None:
            return parts
    match = _HEADER.match(text)
    if match is None:
        return None
    return (match.group("title"), match.group("id"), match.group("club"),
            match.group("body"), match.group("when"))


def _usual_header(text: str) -> HeaderParts | None:
    hash_at = text.find(" #", 11)
    title = text[11:hash_at]
    if hash_at < 0 or title not in _TITLES:
        return None
    colon = text.find(":", hash_at + 2)
    if colon < 0 or _decimals_end(text, hash_at + 2) != colon or colon == hash_at + 2:
        return None
    hand_id = text[hash_at + 2 : colon]
    body = _space_end(text, colon + 1)
    if body == colon + 1:
        return None
    club: str | None = None
    if body < len(text) and ord(text[body]) == 123:  # "{"
        closed = text.find("}", body + 1)
        after = _space_end(text, closed + 1) if closed >= 0 else -1
        if after <= closed + 1:
            return None
        club, body = text[body + 1 : closed], after
    dash = text.find("-", body)
    while dash >= 0:
        when = _space_end(text, dash + 1)
        if dash > body and _is_space(text, dash - 1) and when > dash + 1 and _is_date(
            text, when
        ):
            end = dash - 1
            while end > body and _is_space(text, end - 1):
                end -= 1
            return (title, hand_id, club, text[body:end], text[when:])
        dash = text.find("-", dash + 1)
    return None


def _is_space(text: str, at: int) -> bool:
    """``\\s`` at ``at``: the character read as a number (no string made) unless it is
    not ASCII."""
    code = ord(text[at])
    if code < 128:
        return code == 32 or 9 <= code <= 13 or 28 <= code <= 31
    return text[at].isspace()


def _space_end(text: str, start: int) -> int:
    """Where the whitespace from ``start`` ends (``start`` when there is none)."""
    end = len(text)
    while start < end and _is_space(text, start):
        start += 1
    return start


def _decimals_end(text: str, start: int) -> int:
    """Where the decimal digits (``\\d``: ASCII, or any script's) from ``start`` end; each
    character read in place (a call per digit cost the pure build ~27 calls a hand)."""
    end = len(text)
    while start < end:
        code = ord(text[start])
        if not (48 <= code <= 57 if code < 128 else text[start].isdecimal()):
            break
        start += 1
    return start


def _is_date(text: str, start: int) -> bool:
    """``\\d{4}/\\d{1,2}/\\d{1,2}\\D`` at ``start``."""
    slash = start + 4
    if _decimals_end(text, start) != slash or slash >= len(text) or ord(text[slash]) != 47:
        return False
    month_end = _decimals_end(text, slash + 1)
    if not 1 <= month_end - slash - 1 <= 2 or month_end >= len(text) or (
        ord(text[month_end]) != 47
    ):
        return False
    day_end = _decimals_end(text, month_end + 1)
    return 1 <= day_end - month_end - 1 <= 2 and day_end < len(text)


def won_texts(text: str) -> list[str]:
    """What ``(?:won|collected) \\(([^)]*)\\)`` finds in ``text`` (a summary seat's
    amounts), found by ``str.find``: the expression's scan cost more than the rest of the
    line's reading."""
    found: list[str] = []
    start = 0
    while True:
        won = text.find("won (", start)
        collected = text.find("collected (", start)
        if won < 0 and collected < 0:
            return found
        opened = won + 5 if collected < 0 or 0 <= won < collected else collected + 11
        closed = text.find(")", opened)
        if closed < 0:  # no later match can close either
            return found
        found.append(text[opened:closed])
        start = closed + 1


def _is_word(text: str, start: int, end: int, word: str) -> bool:
    """``text[start:end] == word``, without the slice."""
    return end - start == len(word) and _starts_at(text, start, word)


def _starts_at(text: str, start: int, prefix: str) -> bool:
    """``text[start:].startswith(prefix)``, without the slice (compiled, ``find`` with
    bounds is a primitive; ``startswith`` with an offset is a call through Python)."""
    return text.find(prefix, start, start + len(prefix)) == start


def _digits(text: str, start: int, end: int) -> int:
    """The number ``text[start:end]`` writes in decimal digits (as ``int`` reads them:
    ASCII in place, other scripts' digits by a slice); -1 for anything else (superscripts
    too: ``isdigit`` takes them, ``int`` does not)."""
    number = ascii_number(text, start, end)
    if number < 0 and start < end and text[start:end].isdecimal():
        number = int(text[start:end])
    return number


def _seat_parts(text: str) -> tuple[int, str, str, str | None, str | None] | None:
    """(seat, name, stack, bounty, tail) of a seat line, or None.

    The name may hold anything, brackets and parentheses included: the line is read from
    its end, where ``(... in chips)`` is the last parenthesised group (or comes before a
    tail such as ``is sitting out``).
    """
    if text.endswith(" in chips)"):
        colon = text.find(": ", 5)
        open_at = text.rfind(" (")
        if colon > 5 and open_at > colon:
            seat = _digits(text, 5, colon)
            if seat >= 0:
                stack = text[open_at + 2 : -10]
                if " " not in stack:
                    return seat, text[colon + 2 : open_at], stack, None, None
    match = _SEAT.match(text)
    if match is None:
        return None
    seat_text, name, stack_text, bounty, tail = match.groups()
    return _digits(seat_text, 0, len(seat_text)), name, stack_text, bounty, tail


class _Reader(TextReader):
    """Reads one block. Mutable while reading; :meth:`read` returns the frozen Hand."""

    AMOUNT_REMARKS: ClassVar[tuple[str, ...]] = (" and has reached the ",)

    def __init__(self, block: BlockLike) -> None:
        super().__init__(block)
        self.summary_seats: list[SummarySeat] = []
        self.seated: dict[str, str] = {}
        """Each seated name to itself (:meth:`_seated_at`)."""
        self.fast_names = True
        self.fast_dealt = True
        self.seat_names: dict[int, str] = {}
        self.stud = False
        self.in_summary = False
        self.bring_in = False
        self.opened = False
        self.cancelled = False
        self.hero: str | None = None
        self.stud_hero_checked: set[str] = set()
        self.game: _Game | None = None
        self.hand_id = ""
        self.started_at_text = ""
        self.started_at: datetime | None = None
        self.home_game: str | None = None
        self.zoom = False
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.table_play_money = False
        self.summary_line = 0
        self.total_pot: int | None = None
        self.main_pot: int | None = None
        self.side_pots: tuple[int, ...] = ()
        self.rake: int | None = None
        self.board: tuple[Card, ...] = ()

    # -- driver --

    def read(self) -> Hand:
        lines = self.block.lines
        if not lines:
            self._problem(self.block.line, "unreadable_header", "empty hand block", fatal=True)
            return self._hand()
        first = consecutive_from(self.block)
        # The usual hand's line numbers are worked out, not looked up (no boxed ints).
        numbers = self.block.line_numbers if first < 0 else ()
        self._header(lines[0], first if first >= 0 else numbers[0])
        index = 1
        count = len(lines)
        if index < count and lines[index].startswith("Table "):
            self._table(lines[index], first + index if first >= 0 else numbers[index])
            index += 1
        while index < count and lines[index].startswith("Seat ") and self._seat(
            lines[index], first + index if first >= 0 else numbers[index]
        ):
            index += 1
        self._index_names()
        for position in range(index, count):
            text = lines[position]
            number = first + position if first >= 0 else numbers[position]
            try:
                self._body_line(text, number)
            except (Unreadable, AmountError, CardError, ValueError, IndexError):
                self._unknown(text, number)
        return self._hand()

    def _hand(self) -> Hand:
        game = self.game
        source = span_of(self.block)
        summary = Summary(
            total_pot=self.total_pot,
            main_pot=self.main_pot,
            side_pots=self.side_pots,
            rake=self.rake,
            line=self.summary_line,
            board=self.board,
            seats=tuple(self.summary_seats),
        )
        return Hand(
            site=SITE,
            hand_id=self.hand_id,
            source=source,
            game_text=game.game_text if game else "",
            variant_id=game.variant_id if game else None,
            structure=game.structure if game else None,
            currency=game.currency if game else "",
            stakes=game.stakes if game else Stakes(),
            started_at_text=self.started_at_text,
            started_at=self.started_at,
            table=self.table,
            max_seats=self.max_seats,
            button_seat=self.button,
            tournament=game.tournament if game else None,
            mixed_game=game.mixed_game if game else None,
            home_game=self.home_game,
            zoom=self.zoom or bool(game and game.zoom),
            play_money=self.table_play_money or bool(game and game.play_money),
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            notes=tuple(self.notes),
            summary=summary,
            hero=self.hero,
            cancelled=self.cancelled,
            problems=tuple(self.problems),
        )

    # -- header, table, seats --

    def _header(self, text: str, number: int) -> None:
        text = text.lstrip("\ufeff")
        parts = header_parts(text)
        game = _read_game(parts[3]) if parts is not None else None
        if parts is None or game is None:
            found = _HAND_ID.search(text)
            self.hand_id = found.group(1) if found else ""
            self._guess_units(" ".join(self.block.lines[:4]))
            self._problem(number, "unreadable_header", f"header not understood: {text!r}",
                          fatal=True)
            return
        title, self.hand_id, self.home_game, _, when = parts
        self.zoom = "Zoom" in title or "Rush" in title
        self.game = game
        self.decimals = game.decimals
        self.stud = game.stud
        for code, message in game.problems:
            self._problem(number, code, message)
        self._when(when, number)

    def _guess_units(self, text: str) -> None:
        """Without a header, amounts are money if the first lines show a currency sign."""
        money = any(symbol in text for symbol in _SYMBOL_CHARS)
        self.decimals = 2 if money else 0

    def _when(self, when: str, number: int) -> None:
        self.started_at_text = when
        open_at = when.find("[")
        eastern = when[open_at + 1 : when.find("]", open_at)] if open_at >= 0 else when
        parts = _when_parts(eastern)
        if parts is None:
            self._problem(number, "unreadable_time", f"time not understood: {when!r}")
            return
        year, month, day, hour, minute, second, zone = parts
        started = to_utc(year, month, day, hour, minute, second, zone)
        if started is None:
            self._problem(number, "unknown_timezone",
                          f"time {when!r}: zone {zone!r} unknown or date impossible")
        self.started_at = started

    def _table(self, text: str, number: int) -> None:
        table = _read_table(text)
        if table is None:
            self._unknown(text, number)
            return
        self.table, self.max_seats, self.button, self.table_play_money = table

    def _seat(self, text: str, number: int) -> bool:
        parts = _seat_parts(text)
        if parts is None:
            return False
        seat, name, stack_text, bounty, tail = parts
        try:
            stack = self._amount(stack_text)
        except (Unreadable, AmountError):
            return False
        tail = tail or ""
        sitting_out = "sitting out" in tail or "out of hand" in tail
        self.seats.append(Seat(seat=seat, player=name, stack=stack, sitting_out=sitting_out,
                               line=number))
        self.seat_names[seat] = name
        if tail:
            self._note(number, "seat_status", text)
        if bounty:
            self._note(number, "bounty", text)
        return True

    def _index_names(self) -> None:
        super()._index_names()
        self.seated = {name: name for name in self.names}
        # names with ": " or " [" in them need the careful readings of _who and _dealt;
        # looked for in the names joined (no name holds a line break): two scans in all,
        # not two for each name
        joined = "\n".join(self.names)
        self.fast_names = ": " not in joined
        self.fast_dealt = " [" not in joined

    def _seated_at(self, text: str, start: int, end: int) -> str | None:
        """The seated name ``text[start:end]`` is: the seat's one string, not a slice of
        the line (26 strings fewer kept a triple-draw hand). Looked up by a slice: compared
        in place, name by name, cost the pure build more than it saved the compiled one."""
        return self.seated.get(text[start:end])

    # -- the body --

    def _body_line(self, text: str, number: int) -> None:
        if self.in_summary:
            self._summary_line(text, number)
            return
        first = text[0]
        if first == "*" and text.startswith("*** "):
            self._marker(text, number)
            return
        if first == "D" and text.startswith("Dealt to "):
            self._dealt(text, number)
            return
        if first == "U" and text.startswith("Uncalled bet ("):
            self._uncalled(text, number)
            return
        colon = text.find(": ")
        if colon > 0 and self.fast_names:
            actor = self.seated.get(text[:colon])  # _seated_at, inline (the commonest line)
            if actor is not None:
                # the common case, inline: ``Name: verb argument``
                if not self._verb(text, colon + 2, actor, number):
                    self._colon_note(text[colon + 2 :], text, number)
                return
        name = self._who(text)
        if name is not None:
            rest = text[len(name) :]
            if rest[:2] == ": ":
                self._colon_line(name, rest[2:], text, number)
            else:
                self._plain_line(name, rest[1:], text, number)
            return
        self._other_line(text, number)

    def _other_line(self, text: str, number: int) -> None:
        if text == "Betting is capped":
            self._act(number, CAPPED, "")
        elif text == "The deck is reshuffled":
            self._act(number, RESHUFFLE, "")
        elif text.startswith(("Hand cancelled", "Hand was cancelled")):
            self.cancelled = True
            self._note(number, "cancelled", text)
        elif text in _FIXED_NOTES:
            self._note(number, _FIXED_NOTES[text], text)
        elif text.startswith("Seat "):
            raise Unreadable(text)  # a seat line among the actions, or an unreadable one
        else:
            self._unseated_line(text, number)

    def _unseated_line(self, text: str, number: int) -> None:
        kind = _unseated_note_kind(text)
        if kind is not None:
            self._note(number, kind, text)
            return
        colon = text.find(": ")
        if colon > 0 and text[colon + 2 :].partition(" ")[0] in _ACTION_WORDS:
            self._note(number, "unseated_action", text)
            self._problem(number, "actor_not_seated",
                          f"{text[:colon]!r} plays but has no seat in this hand: {text!r}",
                          fatal=True)
            return
        raise Unreadable(text)

    def _marker(self, text: str, number: int) -> None:
        end = text.find(" ***", 4)
        if end < 0:
            raise Unreadable(text)
        name = text[4:end]
        tail = text[end + 4 :].strip()
        if name == "SUMMARY":
            self.in_summary = True
            self.summary_line = number
            return
        if name == "RIVER":
            street = 4 if self.stud else 3
        else:
            street = _MARKER_STREETS.get(name, -1)
            if street < 0:
                raise Unreadable(text)
        self.street = street
        self.streets.append(StreetMark(line=number, street=street,
                                       name=_MARKER_NAMES.get(name, name)))
        if tail:
            groups = self._groups(tail, number)
            earlier = tuple(card for group in groups[:-1] for card in group)
            self._act(number, DEALT, "", cards=earlier, new_cards=groups[-1])

    def _dealt(self, text: str, number: int) -> None:
        if self.fast_dealt:
            # the common case, read in place (no slice of the line's rest): a stud hand has
            # ~25 of these lines
            bracket = text.find(" [", 9)
            name = self._seated_at(text, 9, bracket) if bracket > 9 else None
            if name is not None:
                self._dealt_to(name, text, bracket + 1, number)
                return
        else:
            rest = text[9:]
            for candidate in self.names:
                if rest.startswith(candidate) and rest[len(candidate) : len(candidate) + 2] == " [":
                    self._dealt_to(candidate, text, 10 + len(candidate), number)
                    return
        self._note(number, "unseated_action", text)
        self._problem(number, "actor_not_seated", f"cards dealt to a player without a seat: "
                      f"{text!r}", fatal=True)

    def _dealt_to(self, name: str, text: str, start: int, number: int) -> None:
        """``text[start:]`` is the line's card groups: ``[kept] [new]`` or ``[dealt]``."""
        groups = self._groups_from(text, start, number)
        if len(groups) > 2:
            raise Unreadable(text)
        cards = groups[0] if len(groups) == 2 else ()
        self.actions.append(Action(number, self.street, DEALT, name, 0, None,
                                   False, None, cards, groups[-1]))
        self._hero_candidate(name, len(cards) + len(groups[-1]))

    def _hero_candidate(self, name: str, shown: int) -> None:
        if self.hero is not None:
            return
        if not self.stud:
            self.hero = name
        elif self.street == 0 and name not in self.stud_hero_checked:
            self.stud_hero_checked.add(name)
            if shown >= 2:
                self.hero = name

    def _uncalled(self, text: str, number: int) -> None:
        close = text.find(") returned to ", 14)
        if close < 0:
            raise Unreadable(text)
        amount = self._amount(text[14:close])
        name = self._seated_at(text, close + 14, len(text)) or text[close + 14 :]
        self._act(number, UNCALLED_RETURN, name, amount)

    def _colon_line(self, name: str, what: str, text: str, number: int) -> None:
        if not self._verb(what, 0, name, number):
            self._colon_note(what, text, number)

    def _verb(self, text: str, start: int, name: str, number: int) -> bool:
        """Reads ``name: verb argument`` from ``text[start:]``; False when the verb is none
        of the betting, drawing or showing verbs (or the words after it are not its own).

        The verb is a slice (compared with ``==``: cheaper in both builds than comparing
        it in place); the common verbs get the offset of their argument (past the end of
        the line when there is none), not a slice of it. The commonest first, and direct
        calls: a table of methods would box every argument in the compiled build."""
        length = len(text)
        space = text.find(" ", start)
        end = length if space < 0 else space
        at = end + 1  # the argument's start; length + 1 when there is none
        verb = text[start:end]
        if verb == "folds":
            return self._folds(name, text, at, number)
        if verb == "calls":
            return self._calls(name, text, at, number)
        if verb == "checks":
            return at >= length and self._checks(name, number)
        if verb == "bets":
            return self._bets(name, text, at, number)
        if verb == "raises":
            return self._raises(name, text, at, number)
        if verb == "discards":
            return self._discards(name, text, at, number)
        if verb == "stands":
            return self._stands(name, text, at, number)
        if verb == "posts":
            return self._posts(name, text, at, number)
        if verb == "shows":
            return self._shows(name, text[at:], number)
        if verb == "mucks":
            return self._mucks(name, text[at:], number)
        if verb == "brings":
            return self._brings(name, text[at:], number)
        if verb == "doesn't":
            return self._doesnt(name, text[at:], number)
        return False

    def _colon_note(self, what: str, text: str, number: int) -> None:
        kind = _note_kind(what)
        if kind is None:
            raise Unreadable(text)
        self._note(number, kind, text)

    def _plain_line(self, name: str, what: str, text: str, number: int) -> None:
        if what.startswith("collected "):
            amount_text, found, pot = what[10:].partition(" from ")
            if not found:
                raise Unreadable(text)
            amount = self._amount(amount_text)
            self.actions.append(Action(number, self.street, COLLECT, name, amount, None,
                                       False, None, (), (), pot))
            return
        if what.startswith("cashed out the hand for "):
            amount_text = what[24:].partition(" |")[0]
            self._act(number, CASHOUT, name, self._amount(amount_text))
            return
        kind = _note_kind(what)
        if kind is None:
            raise Unreadable(text)
        self._note(number, kind, text)

    # -- verbs (each returns False when the words after the verb are not its own) --

    # ``text[at:]`` is the verb's argument (empty when ``at`` is past the end of the line)

    def _folds(self, name: str, text: str, at: int, number: int) -> bool:
        cards = self._groups_from(text, at, number)[0] if at < len(text) else ()
        self.actions.append(Action(number, self.street, FOLD, name, 0, None, False, None,
                                   cards))
        return True

    def _checks(self, name: str, number: int) -> bool:
        self.actions.append(Action(number, self.street, CHECK, name))
        return True

    def _calls(self, name: str, text: str, at: int, number: int) -> bool:
        amount, all_in = self._money_at(text, at)
        self.actions.append(Action(number, self.street, CALL, name, amount, None, all_in))
        return True

    def _bets(self, name: str, text: str, at: int, number: int) -> bool:
        amount, all_in = self._money_at(text, at)
        self.actions.append(Action(number, self.street, BET, name, amount, None, all_in))
        self.opened = True
        return True

    def _raises(self, name: str, text: str, at: int, number: int) -> bool:
        found = text.find(" to ", at)
        if found < 0:
            return False
        to, all_in = self._money_at(text, found + 4)
        completes = self.street == 0 and self.bring_in and not self.opened
        kind = COMPLETE if completes else RAISE
        amount = self._amount_in(text, at, found)
        self.actions.append(Action(number, self.street, kind, name, amount, to, all_in))
        self.opened = True
        return True

    def _posts(self, name: str, text: str, at: int, number: int) -> bool:
        for prefix, kind in _POSTS:
            if _starts_at(text, at, prefix):
                amount, all_in = self._money_at(text, at + len(prefix))
                self.actions.append(Action(number, self.street, kind, name, amount, None,
                                           all_in))
                return True
        return False

    def _brings(self, name: str, argument: str, number: int) -> bool:
        words, found, amount_text = argument.partition(" for ")
        if not found or words not in ("in", "in low"):
            return False
        amount, all_in = self._money(amount_text)
        self._act(number, BRING_IN, name, amount, all_in=all_in)
        self.bring_in = True
        return True

    def _discards(self, name: str, text: str, at: int, number: int) -> bool:
        space = text.find(" ", at)
        count = _digits(text, at, space) if space >= 0 else -1
        if count < 0 or not _starts_at(text, space + 1, "card"):
            return False
        cards_at = text.find("[", space + 1)
        cards = self._groups_from(text, cards_at, number)[0] if cards_at >= 0 else ()
        self._enter_draw(number)
        self.actions.append(Action(number, self.street, DISCARD, name, 0, None, False,
                                   count, cards))
        return True

    def _stands(self, name: str, text: str, at: int, number: int) -> bool:
        if _is_word(text, at, len(text), "pat"):
            cards: tuple[Card, ...] = ()
        elif _starts_at(text, at, "pat on "):
            cards = self._groups_from(text, at + 7, number)[0]
        else:
            return False
        self._enter_draw(number)
        self._act(number, STAND_PAT, name, n_cards=0, cards=cards)
        return True

    def _enter_draw(self, number: int) -> None:
        """Single-draw games print no draw marker: the first discard line opens the draw."""
        if self.street == 0 and not self.stud:
            self.street = 1
            self.streets.append(StreetMark(line=number, street=1, name="DRAW"))

    def _shows(self, name: str, argument: str, number: int) -> bool:
        self._act(number, SHOW, name, cards=self._bracket(argument, number))
        return True

    def _mucks(self, name: str, argument: str, number: int) -> bool:
        if argument == "hand":
            self._act(number, MUCK, name)
            return True
        if argument.startswith("["):
            self._act(number, MUCK, name, cards=self._bracket(argument, number))
            return True
        return False

    def _doesnt(self, name: str, argument: str, number: int) -> bool:
        if argument != "show hand":
            return False
        self._act(number, NO_SHOW, name)
        return True

    # -- the summary --

    def _summary_line(self, text: str, number: int) -> None:
        if text.startswith("Seat "):
            self._summary_seat(text, number)
        elif text.startswith("Total pot "):
            self._totals(text, number)
        elif text.startswith("Board "):
            self.board = self._bracket(text, number)
        elif text.startswith(("Hand cancelled", "Hand was cancelled")):
            self.cancelled = True
            self._note(number, "cancelled", text)
        else:
            raise Unreadable(text)

    def _totals(self, text: str, number: int) -> None:
        match = _TOTAL.match(text)
        if match is None:
            raise Unreadable(text)
        total_text, pots, rake_text = match.groups()
        main = _MAIN_POT.search(pots) if pots else None
        sides = _SIDE_POT.findall(pots) if pots else []
        if pots and main is None and not sides:
            raise Unreadable(text)
        total, rake = self._amount(total_text), self._amount(rake_text)
        self.main_pot = self._amount(main.group(1)) if main else None
        self.side_pots = tuple(self._amount(side) for side in sides)
        self.total_pot, self.rake = total, rake
        self.summary_line = number  # money problems point at the ``Total pot`` line

    def _summary_seat(self, text: str, number: int) -> None:
        colon = text.find(": ", 5)
        seat = _digits(text, 5, colon) if colon >= 0 else -1
        if seat < 0:
            raise Unreadable(text)
        name = self._summary_name(seat, text, colon + 2)
        # past the space after the name, strip() has nothing left to take: no second copy
        begin = colon + 2 + len(name)
        if len(text) > begin and text[begin] == " ":
            begin += 1
        rest = text[begin:].strip()
        cards: tuple[Card, ...] = ()
        at = rest.find("showed [")
        if at < 0:
            at = rest.find("mucked [")
        if at >= 0:
            cards = self._bracket(rest, number, at)
        won: int | None = None
        if "won (" in rest or "collected (" in rest:
            won = 0
            for amount in won_texts(rest):
                won += self._amount(amount)
        self.summary_seats.append(
            SummarySeat(line=number, seat=seat, player=name, text=rest, cards=cards, won=won)
        )

    def _summary_name(self, seat: int, text: str, start: int) -> str:
        """The name ``text[start:]`` (a summary seat line after ``Seat N: ``) begins with."""
        name = summary_player(text, self.seat_names.get(seat), self.names, _SUMMARY_NAME,
                              start)
        if name is None:
            raise Unreadable(text[start:])
        return name


_POSTS: Final[tuple[tuple[str, Kind], ...]] = (
    ("small blind ", POST_SB),
    ("big blind ", POST_BB),
    ("small & big blinds ", POST_SB_BB),
    ("the ante ", ANTE),
)
