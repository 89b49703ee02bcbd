"""The base of the immutable records made on the hot path (a few dozen per hand).

A record is a dataclass written as ``@dataclass(init=False, slots=True, unsafe_hash=True)``
with ``Final`` fields and its own ``__init__``. Compiled with mypyc, such a class is a native
class: built in ~50 ns with no Python frame, its fields read straight from the object, and
assigning one raises ``AttributeError``. A frozen dataclass (or a NamedTuple) would run the
``__init__`` (or ``__new__``) that :mod:`dataclasses` writes as Python source: ~1 µs (~350 ns)
per record, 40% of a replay's instructions (callgrind, 2,000 generated hands). The dataclass
decorator still gives ``==``, ``hash``, ``repr``, :func:`dataclasses.fields` and
:func:`dataclasses.replace`; mypy keeps the fields read-only in the pure-Python build.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from mypy_extensions import mypyc_attr


def _rebuild(cls: type[Record], values: dict[str, Any]) -> Record:
    return cls(**values)


@mypyc_attr(allow_interpreted_subclasses=True)
class Record:
    """Pickled by its fields: a compiled native class refuses the default unpickling."""

    __slots__ = ()

    def __init__(self, **values: Any) -> None:
        raise TypeError(f"{type(self).__name__} is a record base, not a record")

    def __reduce__(self) -> tuple[object, ...]:
        values = {field.name: getattr(self, field.name)
                  for field in fields(self)}  # type: ignore[arg-type]
        return (_rebuild, (type(self), values))
