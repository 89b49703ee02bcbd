"""`hhparse show HAND`: a stored hand street by street, from the store's tables."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhparse.cli import app
from hhparse.ingest import ingest
from hhparse.reports.hand_view import HandNotFound, hand_text, pot_walk, show_hand
from hhparse.sqlfiles import sql

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"


def samples_and_every_variant(folder: Path, *, hands_each: int) -> Path:
    """A store of the sample logs and ``hands_each`` generated hands of every variant."""
    from hhparse.synth import SynthOptions, generate_hands
    from hhparse.variants.catalog import VARIANTS

    generated = folder / "generated.txt"
    generated.write_text("".join(
        text + "\n\n" for number, variant in enumerate(VARIANTS)
        for text in generate_hands(SynthOptions(variant=variant.id, hands=hands_each,
                                                seed=number))),
        encoding="utf-8")
    database = folder / "store.duckdb"
    ingest([*sorted(SAMPLES.glob("*.txt")), generated], database)
    return database


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    database = tmp_path_factory.mktemp("show") / "store.duckdb"
    ingest(sorted(SAMPLES.glob("*.txt")), database)
    return database


def test_a_single_draw_hand_street_by_street(store: Path) -> None:
    text = show_hand(store, "260301214000")
    assert text.startswith("pokerstars hand 260301214000 · 27_single_draw")
    assert "0.25/0.50 USD" in text
    for line in ("   5  Hero", "── predraw (pot $0.00) ──", "Hero raises to $2.25",
                 "── draw1 (pot $7.50) ──", "Hero discards 1 [2d], draws [5s]",
                 "FoldEquity42 stands pat", "── showdown (pot $16.50) ──",
                 "Hero collects $15.68 from the pot", "main pot $15.68: Hero $15.68",
                 "Hero  +$8.93  [Jh 7d 8c 2s 5s]: Lo: J,8,7,5,2", "FoldEquity42  -$6.75"):
        assert line in text, line


def test_the_pot_walked_line_by_line_is_what_the_players_put_in(tmp_path: Path) -> None:
    """For every stored hand (the samples and generated hands of every variant), the pot
    after its last line (raises counted up to their raise_to, uncalled bets taken back) is
    the sum of the players' contributions, which the replayer worked out by its own rules."""
    database = samples_and_every_variant(tmp_path, hands_each=60)
    con = duckdb.connect(str(database), read_only=True)
    try:
        hands = con.execute(
            "SELECT h.hand_key, sum(p.contributed) FROM hands AS h "
            "JOIN players AS p USING (hand_key) GROUP BY ALL").fetchall()
        assert len(hands) > 500
        for hand_key, contributed in hands:
            cursor = con.execute(sql("show/actions"), {"hand_key": hand_key})
            names = [column[0] for column in cursor.description or ()]
            actions = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
            *_, (_, pot) = pot_walk(actions)
            assert pot == contributed, hand_key
    finally:
        con.close()


def test_chips_and_stud_hands_show_too(store: Path) -> None:
    con = duckdb.connect(str(store), read_only=True)
    try:
        for variant in ("razz", "stud8", "badugi", "27_triple_draw"):
            [(hand_id,)] = con.execute(
                "SELECT hand_id FROM hands WHERE variant = ? ORDER BY hand_key LIMIT 1",
                [variant]).fetchall()
            text = hand_text(con, hand_id)
            assert f"· {variant} (" in text and "Result" in text, variant
        [(chips_id,)] = con.execute(
            "SELECT hand_id FROM hands WHERE unit = 'chips' LIMIT 1").fetchall()
        assert " chips" in hand_text(con, chips_id)
    finally:
        con.close()


def test_an_unknown_hand_is_one_line_of_error(store: Path) -> None:
    with pytest.raises(HandNotFound, match="no stored hand '404'"):
        show_hand(store, "404")
    result = CliRunner().invoke(app, ["show", "404", "--db", str(store)])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no stored hand '404'")
    assert result.stderr.count("\n") == 1


def test_an_id_on_two_sites_needs_the_site(tmp_path: Path, store: Path) -> None:
    database = tmp_path / "two.duckdb"
    database.write_bytes(store.read_bytes())
    con = duckdb.connect(str(database))
    con.execute("UPDATE hands SET site = 'fulltilt', hand_id = '260301214000' "
                "WHERE hand_key = (SELECT max(hand_key) FROM hands)")
    con.close()
    with pytest.raises(HandNotFound, match="on several sites"):
        show_hand(database, "260301214000")
    assert "27_single_draw" in show_hand(database, "260301214000", site="pokerstars")
    shown = CliRunner().invoke(app, ["show", "260301214000", "--site", "pokerstars",
                                     "--db", str(database)])
    assert shown.exit_code == 0 and "Hero collects $15.68" in shown.stdout
