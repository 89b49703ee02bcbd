"""Reading and replaying make no reference cycles, so they may run with the cyclic garbage
collector off (:mod:`hhparse.cycles`): whatever they leave behind is freed by reference
counting alone. Checked on every fixture and sample, on generated hands of every variant,
and on the corpus when it is there."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

import pytest

from hhparse.cycles import without_cycle_collection
from hhparse.ingest.work import Part, Task, run_task
from hhparse.pipeline import read_bytes
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS
from tests.corpus import FPDB

ROOT = Path(__file__).resolve().parent.parent
INPUTS = sorted(path for folder in (ROOT / "tests" / "fixtures", ROOT / "data")
                for path in folder.rglob("*") if path.is_file())


def read_twice_without_cycles(read: Callable[[], object]) -> None:
    """``read`` once (first calls import modules and fill caches: garbage of their own, once),
    then again with the collector off: the second must leave nothing for it to find."""
    read()
    gc.collect()
    with without_cycle_collection():
        read()
        unreachable = gc.collect()
    assert unreachable == 0, f"{unreachable} objects in reference cycles"


def test_the_collector_comes_back_as_it_was() -> None:
    assert gc.isenabled()
    with without_cycle_collection():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with without_cycle_collection():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_what_was_made_inside_is_not_walked_by_the_next_collection() -> None:
    # a file's hands, still held after the read, would be walked by the first young
    # collection after it (16% of read + replay's CPU): they go to the old generation
    gc.collect()
    young_collections = gc.get_stats()[0]["collections"]
    with without_cycle_collection():
        made = [[index] for index in range(50_000)]
    more = [[index] for index in range(100)]
    assert gc.get_stats()[0]["collections"] == young_collections
    assert gc.is_tracked(made[0]) and len(made) == 50_000 and len(more) == 100


def test_objects_someone_froze_stay_frozen() -> None:
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with without_cycle_collection():
            made = [[index] for index in range(1_000)]
        assert gc.get_freeze_count() == frozen  # left as they were: nothing moved
        assert len(made) == 1_000
    finally:
        gc.unfreeze()


def read_all(paths: list[Path]) -> None:
    for path in paths:
        read_bytes(path.read_bytes(), str(path))


def test_reading_every_fixture_and_sample_makes_no_cycle() -> None:
    read_twice_without_cycles(lambda: read_all(INPUTS))


@pytest.mark.skipif(not FPDB.is_dir(), reason="../shared/corpus is absent")
def test_reading_the_corpus_makes_no_cycle() -> None:
    paths = sorted(path for path in FPDB.rglob("*") if path.is_file())
    read_twice_without_cycles(lambda: read_all(paths))


def test_generated_hands_of_every_variant_read_and_framed_make_no_cycle() -> None:
    texts = [text for number, variant in enumerate(VARIANTS)
             for text in generate_hands(SynthOptions(variant=variant.id, hands=40,
                                                     seed=40 + number))]
    raw = "".join(text + "\n\n" for text in texts).encode()
    part = Part(source_id=1, path="generated.txt", site="pokerstars", encoding="utf-8",
                blocks=(), junk=(), end_offset=len(raw), last_of_file=True,
                defer_incomplete_tail=False, raw=raw)
    def read() -> None:
        read_bytes(raw, "generated.txt")
        assert run_task(Task(parts=(part,))).frames.hands.height == len(texts)

    read_twice_without_cycles(read)
