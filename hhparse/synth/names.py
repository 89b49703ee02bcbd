"""Screen names and table names, drawn from small word lists (a few awkward on purpose:
spaces, brackets, a colon, dots and accents, as real screen names have)."""

from __future__ import annotations

import random

_FIRST = (
    "lucky", "otter", "snapcall", "quiet", "Karl", "El", "Zoë", "nine", "Q", "Tilly", "Mr",
    "pip", "baron", "Fold", "river", "grumpy", "Ace", "Lady", "Dr", "sly", "tiny", "big",
    "Jürgen", "Ola", "Maple", "deuce", "Frau", "kid", "old", "Señor",
)
_SECOND = (
    "lemur", "pop", "Sam", "Heinz", "Gato", "Quartz", "lives", "Tarantula", "Moss", "Pink",
    "vonkeks", "Equity", "rat", "badger", "Wheel", "Luck", "Nemo", "fox", "whale", "shark",
    "Kowalski", "Nordmann", "Syrup", "seven", "Blum", "bandit", "timer", "Gomez", "Lowball",
    "drawer",
)
_PATTERNS = (
    "{a}_{b}", "{a}.{b}", "{a} {b}", "{a}{b}{n}", "{A}{B}", "[{a}]{b}", "{a}:{b}", "{b}{n}",
    "{a}-{b} {i}", "{A} {B}",
)
_STARS = (
    "Aldebaran", "Vesta", "Lutetia", "Orion", "Janus", "Hydra", "Pegasus", "Quokka", "Marlin",
    "Heron", "Saturnalia", "Benkoela", "Laomedon", "Salm", "Andromeda", "Cassiopeia", "Deneb",
    "Electra", "Fornax", "Gemma",
)
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
          "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII", "XXIII", "XXIV",
          "XXV", "XXVI", "XXVII", "XXVIII", "XXIX", "XXX")


def roman(number: int) -> str:
    return _ROMAN[number - 1] if 1 <= number <= len(_ROMAN) else str(number)


def player_name(rng: random.Random, taken: set[str]) -> str:
    """A screen name nobody at the table has (and that no other name starts with)."""
    while True:
        a, b = rng.choice(_FIRST), rng.choice(_SECOND)
        name = rng.choice(_PATTERNS).format(
            a=a, b=b, A=a.capitalize(), B=b.capitalize(), n=rng.randint(1, 99),
            i=rng.choice("ABCDEFGHIJKLMNOPRSTW"),
        )
        if name not in taken and name != "Hero" and not any(
            other.startswith(name) or name.startswith(other) for other in taken
        ):
            return name


def table_name(rng: random.Random) -> str:
    return f"{rng.choice(_STARS)} {roman(rng.randint(1, 30))}"
