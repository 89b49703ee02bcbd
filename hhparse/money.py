"""Site amounts -> integer minor units.

``$1,747.50`` -> 174750 (cents); ``298€`` -> 29800; ``1145`` (tournament chips) -> 1145.
Whether an amount is money (two decimals) or chips is the hand's unit, decided once per
hand from its header: :func:`parse_amount` takes it as ``decimals``.
"""

from __future__ import annotations

import re
from typing import Final

CURRENCY_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}
_STRIP: Final = re.compile(r"[\s$€£₹¥,\u00a0]|USD|EUR|GBP|CAD|INR|CNY|SC|FPP")
_SYMBOL_CHARS: Final = frozenset("$€£₹¥")
_NUMBER: Final = re.compile(r"^(\d+)(?:\.(\d+))?$")


class AmountError(ValueError):
    """Text that is not an amount."""


def parse_amount(text: str, decimals: int = 2) -> int:
    """An amount in minor units. ``decimals`` is 2 for money, 0 for chips.

    Amounts with more decimals than the unit allows are an error, never rounded.
    """
    plain = _plain_ascii_amount(text, decimals)
    return plain if plain >= 0 else _parse_any_amount(text, decimals)


_SCALES: Final = (1, 10, 100, 1000, 10_000)


def ascii_number(text: str, start: int, stop: int) -> int:
    """The number the ASCII digits ``text[start:stop]`` write; -1 if there are none or
    anything else is there (each character read by its code: no slice, no ``int()``)."""
    if start >= stop:
        return -1
    value = 0
    for at in range(start, stop):
        code = ord(text[at])
        if not 48 <= code <= 57:
            return -1
        value = value * 10 + code - 48
    return value


def _plain_ascii_amount(text: str, decimals: int) -> int:
    """``$12.5``, ``300``: an optional currency symbol, ASCII digits, and a dot with one to
    ``decimals`` digits; -1 for any other spelling (left to :func:`_parse_any_amount`)."""
    end = len(text)
    start = 1 if end and text[0] in _SYMBOL_CHARS else 0
    dot = text.find(".", start)
    whole = ascii_number(text, start, end if dot < 0 else dot)
    if whole < 0 or decimals >= len(_SCALES):
        return -1
    if dot < 0:
        return whole * _SCALES[decimals]
    digits = end - dot - 1
    fraction = ascii_number(text, dot + 1, end) if digits <= decimals else -1
    if fraction < 0:
        return -1
    return whole * _SCALES[decimals] + fraction * _SCALES[decimals - digits]


def _parse_any_amount(text: str, decimals: int) -> int:
    """:func:`parse_amount` for every spelling: thousands separators, codes, spaces."""
    cleaned = _STRIP.sub("", text)
    match = _NUMBER.match(cleaned)
    if match is None:
        raise AmountError(f"not an amount: {text!r}")
    whole, fraction = match.group(1), match.group(2) or ""
    fraction = fraction.rstrip("0") if len(fraction) > decimals else fraction
    if len(fraction) > decimals:
        raise AmountError(f"{text!r} has more than {decimals} decimals")
    scale: int = 10**decimals
    return int(whole) * scale + (int(fraction.ljust(decimals, "0")) if decimals else 0)


def format_amount(minor: int, currency: str) -> str:
    """Minor units back to the sites' style: 174750 USD -> ``$1747.50``; chips unchanged."""
    if currency == "chips":
        return str(minor)
    symbol = next((sym for sym, code in CURRENCY_SYMBOLS.items() if code == currency), "")
    sign = "-" if minor < 0 else ""
    whole, cents = divmod(abs(minor), 100)
    text = f"{whole}.{cents:02d}" if cents else str(whole)
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency}"


def display_amount(minor: int, unit: str, currency: str, *, with_unit: bool = True) -> str:
    """Minor units as people read them: ``2790790`` cents of USD -> ``$27,907.90``;
    ``-4000`` cents of EUR -> ``-€40.00``; ``12500`` chips -> ``12,500 chips``.

    Without ``with_unit`` the number only (``27,907.90``, ``12,500``): for a column whose
    header names the unit (:func:`unit_label`).
    """
    sign = "-" if minor < 0 else ""
    if unit == "cents":
        whole, cents = divmod(abs(minor), 100)
        number = f"{whole:,}.{cents:02d}"
    else:
        number = f"{abs(minor):,}"
    if not with_unit:
        return sign + number
    symbol = _SYMBOL_OF.get(currency)
    if symbol is not None and unit == "cents":
        return f"{sign}{symbol}{number}"
    return f"{sign}{number} {_unit_word(unit, currency)}"


def unit_label(unit: str, currency: str) -> str:
    """What a column of amounts of one unit is in, for its header: ``$``, ``€``, ``chips``,
    ``play chips``, ``CAD``."""
    symbol = _SYMBOL_OF.get(currency)
    return symbol if symbol is not None and unit == "cents" else _unit_word(unit, currency)


def _unit_word(unit: str, currency: str) -> str:
    if currency == "play":
        return "play chips"
    if unit == "chips" or currency == "chips":
        return "chips"
    return currency


_SYMBOL_OF: Final = {code: symbol for symbol, code in CURRENCY_SYMBOLS.items()}
