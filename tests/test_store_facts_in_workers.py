"""The players' and draws' facts derived where the hands are read (the workers, over their
own frames in a scratch store) equal those the writer derives in the store: the same SQL,
so the same rows, on generated hands of every variant and on the corpus."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from hhparse.ingest import work
from hhparse.ingest.run import ingest
from hhparse.store import DERIVED_COLUMNS, frames_for, has_facts
from hhparse.store.digest import content_digest
from hhparse.store.facts import derive_frames
from hhparse.store.schema import open_store
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS
from tests.corpus import FPDB

HANDS_PER_VARIANT = 120


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("generated")
    for number, variant in enumerate(VARIANTS):
        hands = generate_hands(SynthOptions(variant=variant.id, hands=HANDS_PER_VARIANT,
                                            seed=700 + number))
        (folder / f"{variant.id}.txt").write_text("\n\n".join(hands) + "\n", encoding="utf-8")
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
    paths = [generated, *([FPDB] if FPDB.is_dir() else [])]
    in_workers = _digest(paths, tmp_path / "workers.duckdb")
    monkeypatch.setattr(work, "derive_frames", lambda frames: frames)
    by_writer = _digest(paths, tmp_path / "writer.duckdb")
    assert in_workers["players"][0] > len(VARIANTS) * HANDS_PER_VARIANT
    assert in_workers == by_writer


def test_derived_frames_carry_every_fact_and_keep_their_rows(generated: Path) -> None:
    from hhparse.pipeline import read_file

    results = [read_file(path) for path in sorted(generated.glob("*.txt"))[:3]]
    frames = frames_for(results, {})
    derived = derive_frames(frames)
    assert not has_facts(frames) and has_facts(derived)
    for name in ("players", "draws"):
        before, after = getattr(frames, name), getattr(derived, name)
        assert after.select(before.columns).equals(before)
        facts = [column for column in DERIVED_COLUMNS[name] if column != "hand_key"]
        assert after.height == before.height and set(facts) <= set(after.columns)
    assert derived.players["vpip"].dtype == pl.Boolean


def test_the_scratch_store_never_spills_into_the_working_folder() -> None:
    """An in-memory DuckDB spills to ``.tmp`` in the current folder by default: a user's
    folder got a ``.tmp/duckdb_temp_...`` file from an ingest. The scratch spills to the
    system's temporary folder instead."""
    import tempfile
    from pathlib import Path

    from hhparse.store import facts

    con = facts._scratch()
    [(folder,)] = con.execute("SELECT current_setting('temp_directory')").fetchall()
    assert Path(folder).is_absolute()
    assert Path(folder).parent == Path(tempfile.gettempdir())
