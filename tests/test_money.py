"""Site amounts -> minor units (:func:`hhparse.money.parse_amount`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhparse.money import AmountError, _parse_any_amount, _plain_ascii_amount, parse_amount


@pytest.mark.parametrize(("text", "decimals", "minor"), [
    ("$12.5", 2, 1250), ("$12.50", 2, 1250), ("300", 0, 300), ("300", 2, 30000),
    ("€0.05", 2, 5), ("$1,747.50", 2, 174750), ("1 000", 0, 1000), ("2.5 USD", 2, 250),
    ("\u0663\u0660", 0, 30),
])
def test_amounts_in_every_spelling(text: str, decimals: int, minor: int) -> None:
    assert parse_amount(text, decimals) == minor


@pytest.mark.parametrize(("text", "decimals"), [
    ("12.505", 2), ("12.5", 0), ("abc", 2), ("", 2), ("$", 2), ("1.2.3", 2),
])
def test_what_is_not_an_amount_is_an_error(text: str, decimals: int) -> None:
    with pytest.raises(AmountError):
        parse_amount(text, decimals)


def test_the_usual_spellings_take_the_character_reading() -> None:
    for text, decimals in (("$12.5", 2), ("300", 0), ("€0.05", 2), ("7", 2)):
        assert _plain_ascii_amount(text, decimals) >= 0, text


_PIECES = [*"0123456789.$€, x\u0663", "USD", "00", "\u00a0"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=8), st.sampled_from([0, 2, 3]))
def test_the_character_reading_agrees_with_the_full_one(pieces: list[str],
                                                       decimals: int) -> None:
    """Where the character by character reading takes an amount, the expressions read the
    same amount from it (elsewhere it steps aside: -1)."""
    text = "".join(pieces)
    plain = _plain_ascii_amount(text, decimals)
    if plain >= 0:
        assert plain == _parse_any_amount(text, decimals), text
