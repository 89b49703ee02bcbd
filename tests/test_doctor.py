"""`hhparse doctor` and the integrity checks of sql/checks/: each finds what it is for."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhparse.cli import app
from hhparse.doctor import check_names, run_checks
from hhparse.ingest import ingest

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"
CHECKS = {
    "cards_unique", "chips_conserved", "draws_only_in_draw_games", "nets_sum_to_rake",
    "one_bring_in", "sources_accounting",
}


@pytest.fixture(scope="module")
def healthy_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    database = tmp_path_factory.mktemp("doctor") / "samples.duckdb"
    summary = ingest([SAMPLES], database, workers=1)
    assert summary.accepted > 0
    assert summary.integrity and not summary.unhealthy
    return database


@pytest.fixture
def store(healthy_store: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "store.duckdb"
    shutil.copy(healthy_store, copy)
    return copy


def findings(database: Path, *statements: str) -> dict[str, int]:
    con = duckdb.connect(str(database))
    try:
        for statement in statements:
            con.execute(statement)
        return {result.name: result.offending for result in run_checks(con)}
    finally:
        con.close()


def only(name: str, found: dict[str, int]) -> bool:
    return found[name] > 0 and all(count == 0 for other, count in found.items() if other != name)


def test_every_check_is_known_and_the_samples_are_healthy(store: Path) -> None:
    assert set(check_names()) == CHECKS
    assert set(findings(store).values()) == {0}


def test_a_wrong_net_is_found(store: Path) -> None:
    found = findings(store, "UPDATE players SET net = net + 1 WHERE rowid = 0")
    assert only("nets_sum_to_rake", found)


def test_chips_paid_out_of_nowhere_are_found(store: Path) -> None:
    found = findings(store, """
        UPDATE pots SET won = [won[1] + 5] || won[2:]
        WHERE rowid = (SELECT min(rowid) FROM pots WHERE len(won) > 0)""")
    assert only("chips_conserved", found)


def test_a_total_pot_that_does_not_add_up_is_found(store: Path) -> None:
    found = findings(store, "UPDATE hands SET total_pot = total_pot + 100 WHERE rowid = 0")
    assert found["chips_conserved"] == 1


def test_a_card_dealt_twice_is_found_unless_the_deck_was_reshuffled(store: Path) -> None:
    duplicate_deal = """
        INSERT INTO actions
        SELECT * REPLACE (seq + 1000 AS seq)
        FROM actions
        WHERE rowid = (SELECT min(a.rowid) FROM actions AS a JOIN hands AS h USING (site, hand_id)
                       WHERE a.kind = 'dealt' AND a.new_cards <> ''
                         AND NOT EXISTS (SELECT 1 FROM actions AS r WHERE r.kind = 'reshuffle'
                                         AND r.site = a.site AND r.hand_id = a.hand_id))"""
    assert only("cards_unique", findings(store, duplicate_deal))
    reshuffled = """
        INSERT INTO actions
        SELECT * REPLACE (2000 AS seq, NULL AS player, 'reshuffle' AS kind, NULL AS cards,
                          NULL AS new_cards)
        FROM actions WHERE seq = (SELECT max(seq) FROM actions WHERE seq >= 1000)"""
    assert set(findings(store, reshuffled).values()) == {0}


@pytest.mark.parametrize(("first", "second", "repeats"), [
    ("Xx", "Xx", True),  # a text that is not a card, twice: compared as text
    ("Xx", "Yy", False),  # two such texts (no card's bit) are not one card
    ("Ah", "Ah", True),
])
def test_card_texts_that_are_no_card_are_compared_as_texts(
        store: Path, first: str, second: str, repeats: bool) -> None:
    """The check reads a card as a bit of a 52-bit set; a stored text that is no card
    (a hand edited by hand, an old version's) has no bit and is compared as text."""
    dealt_to_one = f"""
        INSERT INTO actions
        SELECT a.* REPLACE (seq + 1000 + k AS seq, CASE k WHEN 0 THEN '{first}'
                            ELSE '{second}' END AS new_cards)
        FROM actions AS a, range(2) AS r(k)
        WHERE a.rowid = (SELECT min(a.rowid) FROM actions AS a JOIN hands AS h USING (hand_key)
                       WHERE a.kind = 'dealt' AND a.new_cards <> ''
                         AND h.variant = '27_triple_draw')"""
    found = findings(store, dealt_to_one)
    assert found["cards_unique"] == (1 if repeats else 0)


def test_a_text_that_is_no_card_shown_by_two_players_is_found(store: Path) -> None:
    shown_by_two = """
        INSERT INTO actions
        SELECT a.* REPLACE (a.seq + 1000 + p.seat AS seq, 'show' AS kind, p.player AS player,
                            'Xx' AS cards, NULL AS new_cards)
        FROM actions AS a
        JOIN players AS p USING (hand_key)
        WHERE a.kind = 'dealt' AND a.new_cards <> '' AND a.hand_key = (
            -- heads-up: its deals and draws never need more cards than the deck holds
            SELECT hand_key FROM hands WHERE variant = '27_triple_draw' AND players_dealt = 2
            ORDER BY hand_key LIMIT 1)
        QUALIFY row_number() OVER (PARTITION BY p.player ORDER BY a.seq) = 1"""
    found = findings(store, shown_by_two)
    assert found["cards_unique"] == 1


def test_a_card_shown_by_a_player_it_was_not_dealt_to_is_found(store: Path) -> None:
    """The second kind of repeat: one card in two players' hands (dealt to one, shown by
    another), reported with the number of players who held it."""
    shown_by_another = """
        INSERT INTO actions
        SELECT a.* REPLACE (a.seq + 1000 AS seq, 'show' AS kind, b.player AS player,
                            split_part(a.new_cards, ' ', 1) AS cards, NULL AS new_cards)
        FROM actions AS a
        JOIN players AS b ON b.hand_key = a.hand_key AND b.player <> a.player
        JOIN hands AS h ON h.hand_key = a.hand_key AND h.variant = '27_triple_draw'
        WHERE a.kind = 'dealt' AND a.new_cards <> ''
          AND NOT EXISTS (SELECT 1 FROM actions AS r
                          WHERE r.kind = 'reshuffle' AND r.hand_key = a.hand_key)
        ORDER BY a.hand_key, a.seq, b.player
        LIMIT 1"""
    found = findings(store, shown_by_another)
    assert only("cards_unique", found)
    assert found["cards_unique"] == 1
    con = duckdb.connect(str(store))
    try:
        (result,) = run_checks(con, names=["cards_unique"])
    finally:
        con.close()
    assert result.sample[0][result.columns.index("times")] == 2


def test_a_hand_that_needed_more_cards_than_the_deck_counts_as_reshuffled(store: Path) -> None:
    """Some rooms (KingsClub) reshuffle without a line: the deal itself says it happened."""
    duplicate_then_crowd = (
        """INSERT INTO actions SELECT * REPLACE (seq + 1000 AS seq) FROM actions
           WHERE rowid = (SELECT min(a.rowid) FROM actions AS a JOIN hands AS h
                          USING (site, hand_id)
                          WHERE a.kind = 'dealt' AND a.new_cards <> ''
                            AND h.variant = '27_triple_draw')""",
        """UPDATE hands SET players_dealt = 11 WHERE (site, hand_id) IN (
               SELECT site, hand_id FROM actions WHERE seq >= 1000)""",
    )
    assert set(findings(store, *duplicate_then_crowd).values()) == {0}


def test_two_bring_ins_are_found(store: Path) -> None:
    found = findings(store, """
        INSERT INTO actions
        SELECT * REPLACE (seq + 1000 AS seq)
        FROM actions WHERE rowid = (SELECT min(rowid) FROM actions WHERE kind = 'bring_in')""")
    assert only("one_bring_in", found)


def test_a_draw_in_a_stud_hand_is_found(store: Path) -> None:
    found = findings(store, """
        INSERT INTO draws
        SELECT d.* REPLACE (h.site AS site, h.hand_id AS hand_id, h.hand_key AS hand_key)
        FROM (SELECT * FROM draws LIMIT 1) AS d,
             (SELECT site, hand_id, hand_key FROM hands WHERE variant = 'razz' LIMIT 1) AS h""")
    assert only("draws_only_in_draw_games", found)


UNCOUNTED_HAND = (
    "UPDATE sources SET hands_accepted = hands_accepted + 1, hands_found = hands_found + 1 "
    "WHERE source_id = 1"
)
"""A source that claims one more accepted hand than it stored."""


def test_a_source_whose_counts_do_not_add_up_is_found(store: Path) -> None:
    found = findings(store, UNCOUNTED_HAND)
    assert only("sources_accounting", found)


def test_checks_can_be_limited_to_some_sources(store: Path) -> None:
    con = duckdb.connect(str(store))
    try:
        con.execute(UNCOUNTED_HAND)
        elsewhere = {r.name: r.offending for r in run_checks(con, source_ids=[2])}
        here = {r.name: r.offending for r in run_checks(con, source_ids=[1])}
        nothing = {r.name: r.offending for r in run_checks(con, source_ids=[])}
    finally:
        con.close()
    assert elsewhere["sources_accounting"] == 0 and here["sources_accounting"] == 1
    assert set(nothing.values()) == {0}


def test_cli_reports_healthy_and_unhealthy_stores(store: Path) -> None:
    runner = CliRunner()
    healthy = runner.invoke(app, ["doctor", "--db", str(store)])
    assert healthy.exit_code == 0, healthy.output
    assert "healthy" in healthy.output
    findings(store, "UPDATE players SET net = net + 1 WHERE rowid = 0")
    sick = runner.invoke(app, ["doctor", "--db", str(store), "--json"])
    assert sick.exit_code == 1
    rows = {row["check"]: row for row in json.loads(sick.output)}
    assert rows["nets_sum_to_rake"]["offending"] == 1
    assert rows["nets_sum_to_rake"]["sample"][0]["hand_id"]


def test_cli_without_a_database_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["doctor", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 1
    assert "no database" in result.output


def test_an_ingest_whose_checks_cannot_run_says_so_and_keeps_its_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def out_of_memory(*_: object, **__: object) -> None:
        raise duckdb.OutOfMemoryException("Out of Memory Error: could not allocate block")

    monkeypatch.setattr("hhparse.ingest.run.run_checks", out_of_memory)
    summary = ingest([SAMPLES / "razz.txt"], tmp_path / "store.duckdb", workers=1)
    assert summary.accepted > 0 and summary.integrity == []
    assert summary.errors == [
        "integrity checks could not run (OutOfMemoryException: Out of Memory Error: could not "
        f"allocate block); run `hhparse doctor --db {tmp_path / 'store.duckdb'}`"
    ]


def test_checks_over_windows_of_hands_find_what_one_pass_finds(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Per-hand checks run window by window (bounded memory): the counts, the sample rows
    and their order are those of one run over the whole store."""
    import hhparse.doctor as doctor

    faults = (
        "UPDATE players SET net = net + 1 WHERE hand_key % 3 = 0",
        """INSERT INTO actions SELECT * REPLACE (seq + 1000 AS seq) FROM actions
           WHERE kind = 'dealt' AND new_cards <> '' AND hand_key % 4 = 1""",
    )
    findings(store, *faults)
    con = duckdb.connect(str(store))
    try:
        (hands,) = con.execute("SELECT count(*) FROM hands").fetchone() or (0,)
        whole = run_checks(con)
        monkeypatch.setattr(doctor, "CHECK_WINDOW_HANDS", 2)
        assert len(doctor._windows(con, None)) > hands // 3
        windowed = run_checks(con)
    finally:
        con.close()
    assert whole == windowed
    by_name = {result.name: result for result in windowed}
    assert by_name["nets_sum_to_rake"].offending > doctor.SAMPLE_ROWS
    assert by_name["cards_unique"].offending > 0
