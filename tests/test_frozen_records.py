"""The records a hand is made of (hhparse.frozen): immutable, equal by value, picklable, and
in the compiled build made without running any Python code (a dataclass's or NamedTuple's
generated ``__init__``/``__new__`` is Python source: it was 40% of a replay)."""

from __future__ import annotations

import pickle
import sys
from collections.abc import Iterator
from dataclasses import FrozenInstanceError, fields, replace
from pathlib import Path
from types import FrameType

import pytest

import hhparse
from hhparse.frozen import Record
from hhparse.pipeline import read_bytes
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"


def records_of(value: object) -> Iterator[Record]:
    """Every record reachable from ``value`` through records and tuples."""
    if isinstance(value, Record):
        yield value
        for field in fields(value):  # type: ignore[arg-type]
            yield from records_of(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from records_of(item)


def replayed_hands() -> list[object]:
    texts = [text for number, variant in enumerate(VARIANTS)
             for text in generate_hands(SynthOptions(variant=variant.id, hands=3, seed=number))]
    results: list[object] = []
    for text in texts:
        results.extend(read_bytes(text.encode(), "generated.txt").hands)
    for sample in sorted(SAMPLES.glob("*.txt")):
        results.extend(read_bytes(sample.read_bytes(), str(sample)).hands)
    return results


@pytest.fixture(scope="module")
def every_record() -> list[Record]:
    found: dict[type, list[Record]] = {}
    for result in replayed_hands():
        for record in records_of(result):
            found.setdefault(type(record), []).append(record)
    return [record for kind in found.values() for record in kind[:20]]


def test_a_replayed_hand_is_made_of_records(every_record: list[Record]) -> None:
    names = {type(record).__name__ for record in every_record}
    assert {"ReplayResult", "Hand", "Action", "Seat", "StreetMark", "SummarySeat", "Summary",
            "Stakes", "SourceSpan", "PlayerResult", "DrawResult", "PotResult"} <= names


def test_records_survive_pickling_equal_and_with_the_same_hash(
        every_record: list[Record]) -> None:
    for record in every_record:
        again = pickle.loads(pickle.dumps(record))
        assert again == record and hash(again) == hash(record) and type(again) is type(record)


def test_replace_gives_a_new_record_and_leaves_the_old_one(every_record: list[Record]) -> None:
    for record in every_record:
        first = fields(record)[0].name  # type: ignore[arg-type]
        before = getattr(record, first)
        changed = replace(record, **{first: before})  # type: ignore[type-var]
        assert changed == record and changed is not record


def test_records_are_equal_by_value_only_within_their_type() -> None:
    from hhparse.records import Note, StreetMark

    assert Note(3, "chat", "hi") == Note(3, "chat", "hi")
    assert Note(3, "chat", "hi") != Note(3, "chat", "ho")
    assert Note(3, "x", "y") != StreetMark(3, 0, "x")  # same shape, other type
    assert len({Note(3, "chat", "hi"), Note(3, "chat", "hi")}) == 1


@pytest.mark.skipif(not hhparse.BUILD.compiled, reason="the pure build checks this in mypy")
def test_compiled_records_refuse_assignment(every_record: list[Record]) -> None:
    for record in every_record:
        name = fields(record)[0].name  # type: ignore[arg-type]
        with pytest.raises((AttributeError, FrozenInstanceError)):
            setattr(record, name, getattr(record, name))


@pytest.mark.skipif(not hhparse.BUILD.compiled, reason="only the compiled build runs no Python")
def test_compiled_records_are_made_without_a_python_frame() -> None:
    from hhparse.records import Action, Hand, Kind, Seat, SourceSpan, Stakes
    from hhparse.replay.result import DrawResult, PlayerResult

    calls: list[str] = []

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            calls.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")

    sys.setprofile(profile)
    try:
        Action(1, 0, Kind.BET, "p", 10)
        Seat(1, "p", 100)
        Hand(site="s", hand_id="1", source=SourceSpan(file="f", line=1, byte_offset=0),
             game_text="", variant_id=None, structure=None, currency="USD", stakes=Stakes())
        PlayerResult(player="p", seat=1, position="BTN", is_hero=False, starting_stack=1,
                     contributed=0, collected=0, net=0, went_to_showdown=False,
                     won_at_showdown=False, final_cards=())
        DrawResult(player="p", draw_round=1, discarded=0)
    finally:
        sys.setprofile(None)
    assert calls == []


def test_a_card_unpickles_as_the_deck_card() -> None:
    from hhparse.cards import DECK

    assert all(pickle.loads(pickle.dumps(card)) is card for card in DECK)
