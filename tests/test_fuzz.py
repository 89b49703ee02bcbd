"""The short fuzz run (the long one is `benchmarks/fuzz.py`): byte- and line-level mutations
of real and generated hands never make the reader or the replayer raise."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz_target import MUTATIONS, mutate, run_one, seed_hands


@cache
def seeds() -> list[bytes]:
    return seed_hands(generated_per_variant=3)


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**64))
def test_mutated_hands_end_accepted_rejected_or_junk(seed: int) -> None:
    outcome = run_one(mutate(random.Random(seed), seeds()))
    assert sum(outcome.values()) >= 1  # every input ends somewhere


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MUTATIONS), st.integers(min_value=0, max_value=2**32))
def test_each_mutation_alone_never_crashes(mutation: object, seed: int) -> None:
    rng = random.Random(seed)
    pool = seeds()
    data = rng.choice(pool)
    assert callable(mutation)
    run_one(mutation(rng, data, pool))


def test_the_seeds_are_real_hands_read_whole() -> None:
    pool = seeds()
    assert len(pool) >= 70
    sample = random.Random(1).sample(pool, 20)
    for data in sample:
        outcome = run_one(data)
        assert outcome["accepted"] + outcome["rejected"] + outcome["unsupported"] == 1
