"""The players' and draws' facts derived where the hands are read (the workers, hand by hand
as they build their frames: ``hhparse.hand_facts``) equal those the writer derives in the
store with its SQL, on generated hands of every variant and on the corpus
(``benchmarks/facts_equal.py`` checks 100,000 generated hands)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from hhparse.ingest import run, work
from hhparse.ingest.run import ingest
from hhparse.store import DERIVED_COLUMNS, frames_for, has_facts
from hhparse.store.digest import content_digest
from hhparse.store.schema import open_store
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS
from tests.corpus import FPDB, settled_corpus

HANDS_PER_VARIANT = 120
OTHER_TABLE_HANDS = 30


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("generated")
    for number, variant in enumerate(VARIANTS):
        hands = generate_hands(SynthOptions(variant=variant.id, hands=HANDS_PER_VARIANT,
                                            seed=700 + number))
        (folder / f"{variant.id}.txt").write_text("\n\n".join(hands) + "\n", encoding="utf-8")
        # other tables: heads-up and short tournaments, antes only or one blind (draw games)
        for seats, forced in ((2, "antes"), (3, "single-blind")):
            other = generate_hands(SynthOptions(
                variant=variant.id, hands=OTHER_TABLE_HANDS, seed=800 + number, players=seats,
                tournament=True, forced=forced if variant.is_draw else None))
            (folder / f"{variant.id}-{seats}.txt").write_text("\n\n".join(other) + "\n",
                                                               encoding="utf-8")
    return folder


def _digest(paths: list[Path], database: Path) -> dict[str, tuple[int, int]]:
    ingest(paths, database, check_integrity=False)
    con = open_store(database, read_only=True)
    try:
        return content_digest(con)
    finally:
        con.close()


def test_facts_derived_in_workers_equal_the_writers(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = [settled_corpus(tmp_path / "fpdb")] if FPDB.is_dir() else []
    paths = [generated, *corpus]
    in_workers = _digest(paths, tmp_path / "workers.duckdb")
    monkeypatch.setattr(work, "FACTS_IN_WORKERS", False)
    # the writer's SQL derivation is a fallback no ingest takes (its workers derive the
    # facts): it needs more than the ingest's memory budget
    monkeypatch.setattr(run, "SET_INGEST_DUCKDB_MEMORY", run.SET_DUCKDB_MEMORY)
    by_writer = _digest(paths, tmp_path / "writer.duckdb")
    assert in_workers["players"][0] > len(VARIANTS) * HANDS_PER_VARIANT
    assert in_workers == by_writer


def test_derived_frames_carry_every_fact_and_keep_their_rows(generated: Path) -> None:
    from hhparse.pipeline import read_file

    results = [read_file(path) for path in sorted(generated.glob("*.txt"))[:3]]
    frames = frames_for(results, {})
    derived = frames_for(results, {}, facts=True)
    assert not has_facts(frames) and has_facts(derived)
    for name in ("players", "draws"):
        before, after = getattr(frames, name), getattr(derived, name)
        assert after.select(before.columns).equals(before)
        facts = [column for column in DERIVED_COLUMNS[name] if column != "hand_key"]
        assert after.height == before.height and set(facts) <= set(after.columns)
    assert derived.players["vpip"].dtype == pl.Boolean


def test_a_hands_facts_are_the_same_in_any_batch(generated: Path) -> None:
    """A hand's facts come from its own records: alone in its batch or after others', the
    same rows."""
    from hhparse.pipeline import read_file

    razz = read_file(generated / "razz.txt")
    others = [read_file(generated / f"{name}.txt") for name in ("badugi", "stud8")]
    alone = frames_for([razz], {}, facts=True)
    mixed = frames_for([*others, razz], {}, facts=True)
    for name in ("players", "draws"):
        ours = getattr(alone, name).drop("batch_hand")
        theirs = getattr(mixed, name).drop("batch_hand").filter(
            pl.col("hand_id").is_in(alone.hands["hand_id"].implode()))
        assert ours.equals(theirs)
    assert alone.players["steal_chance"].any() and alone.players["door_card"].is_not_null().any()


def test_action_rows_come_in_hand_then_seq_order(generated: Path) -> None:
    """The facts take a hand's lines in the order of the actions frame (no sort): it must
    be the hands' order, then each hand's seq."""
    from hhparse.pipeline import read_file

    frames = frames_for([read_file(path) for path in sorted(generated.glob("*.txt"))], {})
    actions = frames.actions.select("batch_hand", "seq")
    assert actions.height > 1_000
    assert actions.equals(actions.sort("batch_hand", "seq"))
    assert actions.select(pl.struct("batch_hand", "seq").is_unique().all()).item()


WORKER = r"""
import sys
from pathlib import Path
from hhparse.ingest.work import Part, Task, run_task
raw = Path(sys.argv[1]).read_bytes()
part = Part(source_id=1, path=sys.argv[1], site="pokerstars", encoding="utf-8", blocks=(),
            junk=(), end_offset=len(raw), last_of_file=True, defer_incomplete_tail=False,
            raw=raw)
result = run_task(Task(parts=(part,)))
loaded = sorted(name for name in ("duckdb", "hhparse.store.writer", "hhparse.store.schema")
                if name in sys.modules)
from hhparse.store.facts import has_facts
print(result.frames.hands.height, has_facts(result.frames), loaded)
"""


def test_a_worker_derives_the_facts_without_loading_duckdb(generated: Path) -> None:
    """A worker only builds frames: DuckDB (~20 MB resident per process) is the writer's."""
    import subprocess
    import sys

    path = generated / "razz.txt"
    completed = subprocess.run([sys.executable, "-c", WORKER, str(path)], capture_output=True,
                               text=True, check=True, timeout=120)
    hands, facts, loaded = completed.stdout.split(maxsplit=2)
    assert int(hands) == HANDS_PER_VARIANT and facts == "True"
    assert loaded.strip() == "[]"
