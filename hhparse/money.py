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
_NUMBER: Final = re.compile(r"^(\d+)(?:\.(\d+))?$")


class AmountError(ValueError):
    """Text that is not an amount."""


def parse_amount(text: str, decimals: int = 2) -> int:
    """An amount in minor units. ``decimals`` is 2 for money, 0 for chips.

    Amounts with more decimals than the unit allows are an error, never rounded.
    """
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
