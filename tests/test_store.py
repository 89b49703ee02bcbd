"""The DuckDB store: migrations, frames, bulk inserts without duplicates, the documented schema.

Arrange through the library (read_bytes -> frames_for -> insert_frames), assert on the
database with SQL.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hhparse.columns import posted_forced_bets, utc_micros
from hhparse.pipeline import FileResult, read_bytes, read_file
from hhparse.records import Action, Kind
from hhparse.replay import Status
from hhparse.reports import run_report
from hhparse.store import (
    DERIVED_COLUMNS,
    SCHEMAS,
    TABLES,
    Frames,
    InsertCounts,
    StoreError,
    frames_for,
    insert_frames,
    latest_version,
    migrate,
    migrations,
    open_store,
    schema_version,
)
from hhparse.store import frames as store_frames
from hhparse.store.frames import BATCH_HAND
from hhparse.synth import SynthOptions, generate_hands
from hhparse.variants.catalog import VARIANTS
from tests.corpus import FPDB, needs_corpus

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
DOCS = ROOT / "README.md"
DOCS_SECTION = "## The database (DuckDB)"


def database_docs() -> str:
    """The README's section on the database (users write SQL against it)."""
    text = DOCS.read_text(encoding="utf-8")
    return text[text.index(DOCS_SECTION):]

HEADER = (
    "PokerStars Hand #240000000001:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) "
    "- 2021/05/01 10:00:00 ET"
)
TRIPLE_DRAW = HEADER + """
Table 'Omega' 6-max Seat #1 is the button
Seat 1: Alice ($5 in chips)
Seat 2: Bob ($5 in chips)
Seat 3: Carol ($5 in chips)
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Alice [7s 5d 4h Kc Qd]
Alice: raises $0.10 to $0.20
Bob: folds
Carol: calls $0.10
*** FIRST DRAW ***
Carol: discards 2 cards
Alice: discards 2 cards [Kc Qd]
Dealt to Alice [7s 5d 4h] [3c 2s]
Carol: bets $0.10
Alice: calls $0.10
*** SECOND DRAW ***
Carol: discards 1 card
Alice: stands pat on [7s 5d 4h 3c 2s]
Carol: checks
Alice: bets $0.20
Carol: calls $0.20
*** THIRD DRAW ***
Carol: stands pat
Alice: stands pat on [7s 5d 4h 3c 2s]
Carol: checks
Alice: checks
*** SHOW DOWN ***
Carol: shows [8h 6c 4d 3h 2d] (Lo: 8,6,4,3,2)
Alice: shows [7s 5d 4h 3c 2s] (Lo: 7,5,4,3,2)
Alice collected $1.03 from pot
*** SUMMARY ***
Total pot $1.05 | Rake $0.02
Seat 1: Alice (button) showed [7s 5d 4h 3c 2s] and won ($1.03) with Lo: 7,5,4,3,2
Seat 2: Bob (small blind) folded before the Draw
Seat 3: Carol (big blind) showed [8h 6c 4d 3h 2d] and lost with Lo: 8,6,4,3,2
"""

HOLDEM = """\
PokerStars Hand #230000000001:  Hold'em No Limit ($0.01/$0.02 USD) - 2021/05/01 10:05:00 ET
Table 'Zeta' 6-max Seat #1 is the button
Seat 1: Alice ($2 in chips)
Seat 2: Bob ($2 in chips)
Alice: posts small blind $0.01
Bob: posts big blind $0.02
*** HOLE CARDS ***
Alice: folds
Uncalled bet ($0.01) returned to Bob
Bob collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Alice (button) (small blind) folded before Flop
Seat 2: Bob (big blind) collected ($0.02)
"""

JUNK = "Exported by some tracker\nversion 1.2\n"

# The triple draw hand with the pot given to the loser: read, then rejected by the rules.
WRONG_WINNER = (
    TRIPLE_DRAW.replace("240000000001", "240000000002")
    .replace("Alice collected $1.03", "Carol collected $1.03")
    .replace("and won ($1.03) with Lo: 7", "and lost with Lo: 7")
    .replace("and lost with Lo: 8", "and won ($1.03) with Lo: 8")
)
UNREADABLE = TRIPLE_DRAW.replace(
    HEADER, "PokerStars Hand #240000000003:  Triple Draw 2-7 Lowball Limit - some time"
)

MIXED_FILE = "\n\n\n".join([JUNK, TRIPLE_DRAW, HOLDEM, WRONG_WINNER, UNREADABLE])

# Razz: Bob brings in, Carol folds, Dave (last seats) completes, Hero calls, Bob defends.
RAZZ = """\
PokerStars Hand #300000000101: Tournament #900000101, $10+$1 USD Razz Limit - Level IV \
(100/200) - 2026/03/06 19:00:03 ET
Table '900000101 1' 8-max
Seat 1: Hero (2000 in chips)
Seat 2: Bob (2000 in chips)
Seat 3: Carol (2000 in chips)
Seat 4: Dave (2000 in chips)
Hero: posts the ante 20
Bob: posts the ante 20
Carol: posts the ante 20
Dave: posts the ante 20
*** 3rd STREET ***
Dealt to Hero [Ah 2d 5c]
Dealt to Bob [Kd]
Dealt to Carol [9s]
Dealt to Dave [3h]
Bob: brings in for 30
Carol: folds
Dave: raises 70 to 100
Hero: calls 100
Bob: calls 70
*** 4th STREET ***
Dealt to Hero [Ah 2d 5c] [7c]
Dealt to Bob [Kd] [Qh]
Dealt to Dave [3h] [4s]
Dave: bets 100
Hero: folds
Bob: folds
Uncalled bet (100) returned to Dave
Dave collected 380 from pot
Dave: doesn't show hand
*** SUMMARY ***
Total pot 380 | Rake 0
Seat 1: Hero folded on the 4th Street
Seat 2: Bob folded on the 4th Street
Seat 3: Carol folded on the 3rd Street
Seat 4: Dave collected (380)
"""


def read_text(text: str, name: str) -> FileResult:
    return read_bytes(text.encode("utf-8"), name)


def store_rows(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    return {
        table: con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]
        for table in (*TABLES.values(), "schema_version")
    }


def insert(con: duckdb.DuckDBPyConnection, frames: Frames) -> InsertCounts:
    con.begin()
    counts = insert_frames(con, frames)
    con.commit()
    return counts


@pytest.fixture
def con() -> Iterator[duckdb.DuckDBPyConnection]:
    connection = open_store(":memory:")
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def mixed() -> FileResult:
    result = read_text(MIXED_FILE, "mixed.txt")
    statuses = [hand.status for hand in result.hands]
    assert statuses == [Status.ACCEPTED, Status.UNSUPPORTED, Status.REJECTED, Status.REJECTED]
    return result


# --- migrations ----------------------------------------------------------------------------


def test_migrations_are_numbered_files_of_sql_schema() -> None:
    found = migrations()
    assert found[0].version == 1 and found[0].name == "initial"
    assert [m.version for m in found] == sorted({m.version for m in found})
    assert latest_version() == found[-1].version


def test_open_store_migrates_once_and_records_each_version(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "hands.duckdb"
    con = open_store(path)
    rows = con.execute("SELECT version, name, applied_at FROM schema_version").fetchall()
    assert [(v, n) for v, n, _ in rows] == [(m.version, m.name) for m in migrations()]
    assert all(applied is not None for *_, applied in rows)
    assert migrate(con) == latest_version()
    assert migrate(con) == latest_version()
    assert con.execute("SELECT count(*) FROM schema_version").fetchall() == [(len(rows),)]
    con.close()
    again = open_store(path)
    assert schema_version(again) == latest_version()
    assert again.execute("SELECT count(*) FROM schema_version").fetchall() == [(len(rows),)]
    again.close()


def test_a_failing_migration_is_rolled_back_and_stops_the_run(tmp_path: Path) -> None:
    (tmp_path / "001_first.sql").write_text("CREATE TABLE one (a INTEGER);")
    (tmp_path / "002_broken.sql").write_text("CREATE TABLE two (a INTEGER); SELECT nonsense;")
    (tmp_path / "003_later.sql").write_text("CREATE TABLE three (a INTEGER);")
    con = duckdb.connect()
    with pytest.raises(StoreError, match=r"002_broken\.sql"):
        migrate(con, tmp_path)
    assert schema_version(con) == 1
    tables = {name for (name,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    assert tables == {"one", "schema_version"}
    (tmp_path / "002_broken.sql").write_text("CREATE TABLE two (a INTEGER);")
    assert migrate(con, tmp_path) == 3
    assert migrate(con, tmp_path) == 3


def test_misnamed_or_doubled_migrations_are_refused(tmp_path: Path) -> None:
    (tmp_path / "001_a.sql").write_text("SELECT 1;")
    (tmp_path / "1_b.sql").write_text("SELECT 1;")
    with pytest.raises(StoreError, match="also used by"):
        migrations(tmp_path)
    (tmp_path / "1_b.sql").unlink()
    (tmp_path / "initial.sql").write_text("SELECT 1;")
    with pytest.raises(StoreError, match=r"NNN_name\.sql"):
        migrations(tmp_path)


def test_read_only_open_needs_an_existing_current_store(tmp_path: Path) -> None:
    missing = tmp_path / "missing.duckdb"
    with pytest.raises(StoreError, match="no store"):
        open_store(missing, read_only=True)
    assert not missing.exists()

    bare = tmp_path / "bare.duckdb"
    duckdb.connect(str(bare)).close()
    with pytest.raises(StoreError, match="no hhparse schema"):
        open_store(bare, read_only=True)

    good = tmp_path / "good.duckdb"
    open_store(good).close()
    reader = open_store(good, read_only=True)
    assert schema_version(reader) == latest_version()
    with pytest.raises(duckdb.Error):
        reader.execute("CREATE TABLE nope (a INTEGER)")
    reader.close()


def test_a_store_newer_than_the_program_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.duckdb"
    con = open_store(path)
    con.execute(
        "INSERT INTO schema_version VALUES (?, 'from_the_future', now()::TIMESTAMP)",
        [latest_version() + 1],
    )
    con.close()
    with pytest.raises(StoreError, match="newer than this hhparse"):
        open_store(path, read_only=True)
    with pytest.raises(StoreError, match="newer than this hhparse"):
        open_store(path)


# --- frames ----------------------------------------------------------------------------------


def test_frames_have_the_columns_and_types_of_their_tables(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    duckdb_type = {
        pl.Int64: "BIGINT", pl.Int32: "INTEGER", pl.String: "VARCHAR", pl.Boolean: "BOOLEAN",
        pl.Datetime("us"): "TIMESTAMP", pl.List(pl.String): "VARCHAR[]",
        pl.List(pl.Int64): "BIGINT[]",
    }
    for frames in (frames_for([], {}), frames_for([mixed], {"mixed.txt": 7})):
        for name, frame in frames.items():
            columns = frame.drop(BATCH_HAND, strict=False).schema
            assert columns == SCHEMAS[name], name
            assert (BATCH_HAND in frame.columns) == (name in CHILDREN), name
            table = con.execute(f"DESCRIBE {TABLES[name]}").fetchall()
            derived = DERIVED_COLUMNS.get(TABLES[name], ())
            assert [(row[0], row[1]) for row in table if row[0] not in derived] == [
                (column, duckdb_type[dtype]) for column, dtype in columns.items()
            ], name
    empty = frames_for([], {})
    assert all(frame.is_empty() for _, frame in empty.items())


CHILDREN = ("players", "actions", "draws", "pots")


def test_children_know_the_row_of_their_hand_in_the_batch(mixed: FileResult) -> None:
    text = "\n\n".join(generate_hands(SynthOptions(variant="27_triple_draw", hands=5, seed=3)))
    several = read_bytes(text.encode(), "several.txt")
    # the copies met again have no rows of their own: their children point to the first
    frames = frames_for([several, mixed, several], {})
    keys = frames.hands.select("site", "hand_id").with_row_index(BATCH_HAND)
    first = keys.unique(subset=["site", "hand_id"], keep="first", maintain_order=True)
    assert frames.hands.height == 11 and first.height == 6
    for name in CHILDREN:
        child = getattr(frames, name)
        assert child.height
        joined = child.join(first, on=["site", "hand_id"], how="left", suffix="_expected")
        assert joined[BATCH_HAND].to_list() == joined[f"{BATCH_HAND}_expected"].to_list()


def test_child_rows_taken_in_chunks_make_the_frames_of_one_take(
    mixed: FileResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child rows leave their Python lists every CHUNK_ACTIONS actions (bounded
    memory): frames made of many chunks, cut mid-file and across files, are the same."""
    files = [read_bytes("\n\n".join(generate_hands(
        SynthOptions(variant=variant, hands=7, seed=11))).encode(), f"{variant}.txt")
        for variant in ("27_triple_draw", "razz", "badugi")]
    whole = frames_for([*files, mixed, files[0]], {"razz.txt": 3})
    monkeypatch.setattr(store_frames, "CHUNK_ACTIONS", 5)
    chunked = frames_for([*files, mixed, files[0]], {"razz.txt": 3})
    assert whole.actions.height > 100
    for (name, expected), (_, got) in zip(whole.items(), chunked.items(), strict=True):
        assert got.schema == expected.schema, name
        assert got.equals(expected), name


def test_a_batch_of_new_hands_keys_its_rows_as_the_join_does() -> None:
    """A batch whose hands are all new takes the writer's short way (keys by arithmetic);
    the same hands with a copy in the batch take the joins: the stores are equal."""
    text = "\n\n".join(generate_hands(SynthOptions(variant="badugi", hands=6, seed=8)))
    several = read_bytes(text.encode(), "several.txt")
    tables = ("hands", "players", "actions", "draws", "pots")
    stored = []
    for batch in ([several], [several, several]):
        con = open_store(":memory:")
        counts = insert_frames(con, frames_for(batch, {}))
        assert counts.hands_inserted == 6
        stored.append({table: con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall()
                       for table in tables})
        keys = con.execute("SELECT DISTINCT hand_key FROM players ORDER BY 1").fetchall()
        assert keys == [(key,) for key in range(1, 7)]
        con.close()
    assert all(stored[0][table] for table in tables)
    assert stored[0] == stored[1]


def test_a_batch_of_stored_and_new_hands_keys_the_rows_of_the_new_ones() -> None:
    """Hands the store holds, among new ones: the new hands take the next keys in batch
    order, and each row goes with its own hand (the writer looks each key up in a list)."""
    text = "\n\n".join(generate_hands(SynthOptions(variant="27_triple_draw", hands=6, seed=3)))
    every = read_bytes(text.encode(), "every.txt")
    stored_first = dataclasses.replace(every, hands=every.hands[1::2], blocks=every.blocks[1::2])
    tables = ("players", "actions", "draws", "pots")
    query = ("SELECT t.* EXCLUDE (hand_key), h.hand_id FROM {table} AS t "
             "JOIN hands AS h USING (hand_key) ORDER BY ALL")
    fresh = open_store(":memory:")
    insert_frames(fresh, frames_for([every], {}))
    expected = {table: fresh.execute(query.format(table=table)).fetchall() for table in tables}
    con = open_store(":memory:")
    insert_frames(con, frames_for([stored_first], {}))
    counts = insert_frames(con, frames_for([every], {}))
    assert (counts.hands_inserted, counts.hands_duplicate) == (3, 3)
    keys = con.execute("SELECT hand_id, hand_key FROM hands ORDER BY hand_key").fetchall()
    new_ids = [result.hand.hand_id for result in every.hands[0::2]]
    assert keys[3:] == [(hand_id, key) for key, hand_id in enumerate(new_ids, start=4)]
    assert all(expected[table] for table in tables)
    assert {table: con.execute(query.format(table=table)).fetchall()
            for table in tables} == expected


@given(moment=st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1),
                           timezones=st.none() | st.timezones()))
def test_a_start_time_becomes_its_utc_microseconds_exactly(moment: datetime) -> None:
    """The hands frame's start times are built from integers (polars takes those faster
    than datetimes); a naive time counts as UTC, as the frame's column always did."""
    as_utc = moment if moment.tzinfo is None else moment.astimezone(UTC).replace(
        tzinfo=None)
    assert utc_micros(moment) == (as_utc - datetime(1970, 1, 1)) // timedelta(microseconds=1)
    column = pl.Series([utc_micros(moment)], dtype=pl.Int64).cast(pl.Datetime("us"))
    assert column.to_list() == [as_utc]
    assert utc_micros(None) is None


def test_blinds_ante_and_bring_in_not_in_the_header_are_the_posted_ones() -> None:
    """Where the header leaves a forced bet out (fixed-limit headers print the bets), the
    hands frame has the largest post of each kind and the bring-in as brought in: the
    actions frame, grouped per hand, is the oracle (the frames once joined it so)."""
    results = [read_file(path) for path in sorted((ROOT / "data" / "samples").glob("*.txt"))]
    results += [
        read_text("\n\n".join(generate_hands(SynthOptions(variant=variant.id, hands=15,
                                                           seed=70 + number))), variant.id)
        for number, variant in enumerate(VARIANTS)
    ]
    frames = frames_for(results, {})
    amount, kind = pl.col("amount"), pl.col("kind")
    posted = frames.actions.group_by(BATCH_HAND).agg(
        amount.filter(kind == Kind.POST_SB.value).max().alias("posted_small_blind"),
        amount.filter(kind == Kind.POST_BB.value).max().alias("posted_big_blind"),
        amount.filter(kind == Kind.ANTE.value).max().alias("posted_ante"),
        amount.filter(kind == Kind.BRING_IN.value).first().alias("posted_bring_in"),
    )
    headers = pl.DataFrame(
        [(row, hand.hand.stakes.small_blind, hand.hand.stakes.big_blind, hand.hand.stakes.ante,
          hand.hand.stakes.bring_in)
         for row, hand in enumerate(h for r in results for h in r.hands
                                    if h.status is Status.ACCEPTED)],
        schema={BATCH_HAND: pl.Int64, "small_blind": pl.Int64, "big_blind": pl.Int64,
                "ante": pl.Int64, "bring_in": pl.Int64}, orient="row",
    )
    expected = headers.join(posted, on=BATCH_HAND, how="left").select(
        BATCH_HAND,
        pl.coalesce("small_blind", "posted_small_blind").alias("small_blind"),
        pl.coalesce("big_blind", "posted_big_blind").alias("big_blind"),
        pl.coalesce("ante", "posted_ante").alias("ante"),
        pl.coalesce("bring_in", "posted_bring_in").alias("bring_in"),
    ).sort(BATCH_HAND)
    found = frames.hands.with_row_index(BATCH_HAND).select(
        pl.col(BATCH_HAND).cast(pl.Int64), "small_blind", "big_blind", "ante", "bring_in")
    assert found.height == expected.height > 100
    assert found.equals(expected)
    for column in ("small_blind", "big_blind", "ante", "bring_in"):
        assert found[column].null_count() < found.height  # each kind is met


def test_the_posted_forced_bets_are_the_largest_of_each_kind() -> None:
    """A short all-in post and a full one (a new player's big blind, a short ante): the
    full one is the game's; the bring-in is the first."""
    actions = (
        Action(1, 0, Kind.ANTE, "Ann", 1, all_in=True), Action(2, 0, Kind.ANTE, "Bob", 2),
        Action(3, 0, Kind.POST_SB, "Ann", 0), Action(4, 0, Kind.POST_BB, "Bob", 3, all_in=True),
        Action(5, 0, Kind.POST_BB, "Cy", 10), Action(6, 0, Kind.POST_BB, "Di", 4),
        Action(7, 0, Kind.POST_SB_BB, "Ed", 15), Action(8, 0, Kind.BRING_IN, "Cy", 3),
        Action(9, 0, Kind.CALL, "Di", 10), Action(10, 0, Kind.BRING_IN, "Di", 5),
    )
    assert posted_forced_bets(actions) == (0, 10, 2, 3)
    assert posted_forced_bets(actions[-2:-1]) == (None, None, None, None)


def test_frames_of_a_mixed_file(mixed: FileResult) -> None:
    frames = frames_for([mixed], {"mixed.txt": 7})
    heights = {name: frame.height for name, frame in frames.items()}
    assert heights == {
        "hands": 1, "players": 3, "actions": 23, "draws": 6, "pots": 1,
        "problems": heights["problems"], "rejects": 2, "unsupported": 1, "junk": 1,
    }
    assert frames.actions["seq"].to_list() == list(range(23))
    assert frames.hands["source_id"].to_list() == [7]
    assert set(frames.problems["status"]) == {"rejected"}


def test_money_columns_are_integer_minor_units(con: duckdb.DuckDBPyConnection) -> None:
    for name, schema in SCHEMAS.items():
        for column in ("amount", "net", "total_pot", "rake", "big_blind", "buy_in", "won"):
            if column in schema:
                assert schema[column] in (pl.Int64, pl.List(pl.Int64)), (name, column)
    types = dict(
        con.execute(
            "SELECT table_name || '.' || column_name, data_type FROM information_schema.columns"
        ).fetchall()
    )
    money = [
        "hands.small_blind", "hands.big_blind", "hands.small_bet", "hands.big_bet",
        "hands.ante", "hands.bring_in", "hands.buy_in", "hands.fee", "hands.total_pot",
        "hands.rake", "players.starting_stack", "players.contributed", "players.collected",
        "players.net", "actions.amount", "actions.raise_to", "pots.amount",
    ]
    assert {types[column] for column in money} == {"BIGINT"}
    assert types["pots.won"] == "BIGINT[]"
    assert types["pots.eligible"] == types["pots.winners"] == "VARCHAR[]"


# --- inserting ---------------------------------------------------------------------------------


def test_an_accepted_hand_in_every_table(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    insert(con, frames_for([mixed], {"mixed.txt": 7}))
    hand = con.execute(
        "SELECT variant, structure, currency, unit, small_bet, big_bet, small_blind, "
        "big_blind, total_pot, rake, players_dealt, went_to_showdown, button_seat, "
        "started_at, hero, source_id, source_path, first_line, warnings FROM hands"
    ).fetchall()
    assert hand == [(
        "27_triple_draw", "fl", "USD", "cents", 10, 20, 5, 10, 105, 2, 3, True, 1,
        datetime(2021, 5, 1, 14, 0), "Alice", 7, "mixed.txt", 6, 0,
    )]  # 10:00 ET in May is 14:00 UTC
    players = con.execute(
        "SELECT player, position, is_hero, dealt_in, starting_stack, contributed, collected, "
        "net, went_to_showdown, won_at_showdown, final_cards, final_class "
        "FROM players ORDER BY seat"
    ).fetchall()
    assert players == [
        ("Alice", "BTN", True, True, 500, 50, 103, 53, True, True, "7s 5d 4h 3c 2s", "7-low"),
        ("Bob", "SB", False, True, 500, 5, 0, -5, False, False, None, None),
        ("Carol", "BB", False, True, 500, 50, 0, -50, True, False, "8h 6c 4d 3h 2d", "8-low"),
    ]
    draws = con.execute(
        "SELECT player, draw_round, discarded, discarded_cards, new_cards, hand_before, "
        "hand_after FROM draws ORDER BY draw_round, source_line"
    ).fetchall()
    assert draws[:2] == [
        ("Carol", 1, 2, None, None, None, None),
        ("Alice", 1, 2, "Kc Qd", "3c 2s", "7s 5d 4h Kc Qd", "7s 5d 4h 3c 2s"),
    ]
    assert draws[3] == ("Alice", 2, 0, "", "", "7s 5d 4h 3c 2s", "7s 5d 4h 3c 2s")
    assert con.execute("SELECT * EXCLUDE (site, hand_id, hand_key) FROM pots").fetchall() == [
        (0, "all", 103, ["Alice", "Carol"], ["Alice"], [103]),
    ]
    rounds = con.execute(
        "SELECT round_name, count(*) FROM actions GROUP BY ALL ORDER BY min(seq)"
    ).fetchall()
    assert rounds == [("predraw", 6), ("draw1", 5), ("draw2", 5), ("draw3", 4), ("showdown", 3)]
    raise_line = con.execute(
        "SELECT seq, round_index, player, kind, amount, raise_to, all_in, source_line "
        "FROM actions WHERE kind = 'raise'"
    ).fetchall()
    assert raise_line == [(3, 0, "Alice", "raise", 10, 20, False, 15)]
    dealt = con.execute(
        "SELECT cards, new_cards FROM actions WHERE kind = 'dealt' AND round_index = 1"
    ).fetchall()
    assert dealt == [("7s 5d 4h", "3c 2s")]
    assert con.execute("SELECT pot FROM actions WHERE kind = 'collect'").fetchall() == [("pot",)]


def test_insert_then_insert_again_adds_nothing(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    frames = frames_for([mixed], {"mixed.txt": 1})
    first = insert(con, frames)
    assert (first.hands_inserted, first.hands_duplicate) == (1, 0)
    assert (first.players_inserted, first.actions_inserted, first.draws_inserted,
            first.pots_inserted) == (3, 23, 6, 1)
    assert (first.rejects_inserted, first.unsupported_inserted, first.junk_inserted) == (2, 1, 1)
    assert first.problems_inserted == frames.problems.height > 0
    before = store_rows(con)

    second = insert(con, frames_for([read_text(MIXED_FILE, "mixed.txt")], {"mixed.txt": 1}))
    assert second == InsertCounts(
        hands_duplicate=1, rejects_duplicate=2, unsupported_duplicate=1, junk_duplicate=1,
        duplicates_by_source={1: 1},
    )
    assert store_rows(con) == before


def test_a_hand_met_twice_in_one_batch_is_stored_once(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    copy = dataclasses.replace(mixed, file="copy.txt")
    counts = insert(con, frames_for([mixed, copy, copy], {"mixed.txt": 1, "copy.txt": 2}))
    assert (counts.hands_inserted, counts.hands_duplicate) == (1, 2)
    assert counts.duplicates_by_source == {2: 2}
    assert (counts.unsupported_inserted, counts.unsupported_duplicate) == (1, 2)
    assert (counts.rejects_inserted, counts.rejects_duplicate) == (2, 4)
    # Junk is known by its place: two files, two places; the third copy repeats one.
    assert (counts.junk_inserted, counts.junk_duplicate) == (2, 1)
    rows = store_rows(con)
    assert (rows["hands"], rows["players"], rows["actions"], rows["draws"]) == (1, 3, 23, 6)
    (source,) = con.execute("SELECT source_path FROM hands").fetchall()
    assert source == ("mixed.txt",)
    problems = con.execute(
        "SELECT source_path, count(*) FROM problems GROUP BY ALL ORDER BY ALL"
    ).fetchall()
    assert [path for path, _ in problems] == ["mixed.txt"]  # the first copy's, once


def test_a_hand_is_in_one_table_only_and_accepted_wins(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    insert(con, frames_for([mixed], {}))
    # The accepted hand again, now broken, from another file: a duplicate, not a reject.
    broken = WRONG_WINNER.replace("240000000002", "240000000001")
    counts = insert(con, frames_for([read_text(broken, "other.txt")], {}))
    assert (counts.rejects_inserted, counts.rejects_duplicate) == (0, 1)
    keys = con.execute(
        "SELECT hand_id, count(*) FROM (SELECT site, hand_id FROM hands UNION ALL "
        "SELECT site, hand_id FROM rejects UNION ALL SELECT site, hand_id FROM unsupported_hands) "
        "GROUP BY ALL HAVING count(*) > 1"
    ).fetchall()
    assert keys == []


def test_a_reject_without_a_hand_id_is_known_by_its_place(
    con: duckdb.DuckDBPyConnection,
) -> None:
    # As long as the header it replaces, so that fixing it moves no later hand.
    nameless = TRIPLE_DRAW.replace(HEADER, "PokerStars Hand #?????".ljust(len(HEADER), "?"))
    text = "\n\n\n".join([nameless, nameless])
    result = read_text(text, "nameless.txt")
    assert [hand.hand.hand_id for hand in result.hands] == ["", ""]
    first = insert(con, frames_for([result, result], {}))
    assert (first.rejects_inserted, first.rejects_duplicate) == (2, 2)
    again = insert(con, frames_for([read_text(text, "nameless.txt")], {}))
    assert (again.rejects_inserted, again.rejects_duplicate) == (0, 2)
    elsewhere = insert(con, frames_for([read_text(text, "elsewhere.txt")], {}))
    assert elsewhere.rejects_inserted == 2
    rows = con.execute(
        "SELECT source_path, hand_id, stage, code, count(*) OVER () FROM rejects "
        "ORDER BY source_path, byte_offset"
    ).fetchall()
    assert [row[:4] for row in rows] == [
        ("elsewhere.txt", None, "read", "unreadable_header"),
        ("elsewhere.txt", None, "read", "unreadable_header"),
        ("nameless.txt", None, "read", "unreadable_header"),
        ("nameless.txt", None, "read", "unreadable_header"),
    ]
    # Fixed in place: the first hand reads well now; only its reject goes.
    fixed = read_text("\n\n\n".join([TRIPLE_DRAW, nameless]), "nameless.txt")
    assert insert(con, frames_for([fixed], {})).rejects_resolved == 1
    assert con.execute(
        "SELECT source_path, byte_offset > 0 FROM rejects ORDER BY ALL"
    ).fetchall() == [("elsewhere.txt", False), ("elsewhere.txt", True), ("nameless.txt", True)]


# --- hand keys and derived facts ---------------------------------------------------------------

PLAYER_FACTS = (
    "player", "vpip", "first_round_raise", "three_bet_chance", "three_bet", "calls",
    "aggressive_actions", "saw_second_round", "last_draw_discarded", "pat_from_draw",
    "door_card", "third_street_action", "brought_in", "first_in", "steal_chance",
    "bring_in_defence_chance", "bring_in_defended",
)


def player_facts(con: duckdb.DuckDBPyConnection, hand_id: str) -> list[tuple[object, ...]]:
    return con.execute(
        f"SELECT {', '.join(PLAYER_FACTS)} FROM players WHERE hand_id = ? ORDER BY seat",
        [hand_id],
    ).fetchall()


def test_every_row_of_a_hand_carries_its_hand_key(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    insert(con, frames_for([mixed], {}))
    insert(con, frames_for([read_text(RAZZ, "razz.txt")], {}))
    insert(con, frames_for([mixed], {}))  # a duplicate takes no key
    keys = con.execute("SELECT hand_id, hand_key FROM hands ORDER BY hand_key").fetchall()
    assert keys == [("240000000001", 1), ("300000000101", 2)]
    for table in ("players", "actions", "draws", "pots"):
        strays = con.execute(
            f"SELECT count(*) FROM {table} AS t LEFT JOIN hands AS h USING (hand_key) "
            "WHERE h.hand_id IS DISTINCT FROM t.hand_id"
        ).fetchall()
        assert strays == [(0,)], table


def test_facts_of_a_triple_draw_hand(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    # Carol's big blind is the 1st bet, Alice's raise the 2nd: Bob and Carol face it. Alice,
    # on the button, is first in: a steal chance (she takes it).
    insert(con, frames_for([mixed], {}))
    assert player_facts(con, "240000000001") == [
        ("Alice", True, True, False, False, 1, 2, True, 0, 2, None, None, False, False, True,
         False, False),
        ("Bob", False, False, True, False, 0, 0, False, None, None, None, None, False, False,
         False, False, False),
        ("Carol", True, False, True, False, 2, 1, True, 0, 3, None, None, False, False, False,
         False, False),
    ]
    # Carol draws 2, 1, then stands pat; Alice draws 2 to 7-5-4 (her cards are known: a
    # 7-low), then stands pat twice.
    draws = con.execute(
        "SELECT player, draw_round, pat_since_deal, pat_at_previous, pat_to_end, holding, "
        "made_class FROM draws ORDER BY player, draw_round"
    ).fetchall()
    assert draws == [
        ("Alice", 1, False, False, False, "7-high", "7-low"),
        ("Alice", 2, False, False, True, None, None),
        ("Alice", 3, False, True, True, None, None),
        ("Carol", 1, False, False, False, None, None),
        ("Carol", 2, False, False, False, None, None),
        ("Carol", 3, False, False, True, None, None),
    ]


def test_facts_of_a_razz_hand(con: duckdb.DuckDBPyConnection) -> None:
    # Carol is first in but neither in the last seats nor lowest (Dave's 3 and Hero's 5 are
    # to act); Dave, first in too, has one player left before the bring-in: a steal chance.
    insert(con, frames_for([read_text(RAZZ, "razz.txt")], {}))
    assert player_facts(con, "300000000101") == [
        ("Hero", True, False, False, False, 1, 0, True, None, None, "5c", "call", False,
         False, False, False, False),
        ("Bob", True, False, False, False, 1, 0, True, None, None, "Kd", "bring_in", True,
         False, False, True, True),
        ("Carol", False, False, False, False, 0, 0, False, None, None, "9s", "fold", False,
         True, False, False, False),
        ("Dave", True, True, False, False, 0, 2, True, None, None, "3h", "complete", False,
         True, True, False, False),
    ]


def _store_of_schema_002(path: Path, directory: Path, files: list[FileResult]) -> None:
    """A store as hhparse wrote it before migration 003 (no hand keys, no facts)."""
    for migration in migrations()[:2]:
        shutil.copy(migration.path, directory / migration.path.name)
    con = duckdb.connect(str(path))
    assert migrate(con, directory) == 2
    frames = frames_for(files, {})
    for name in ("hands", "players", "actions", "draws", "pots"):
        old_columns = {row[0] for row in con.execute(
            "SELECT column_name FROM duckdb_columns() WHERE table_name = ?", [TABLES[name]]
        ).fetchall()}
        frame: pl.DataFrame = getattr(frames, name)
        frame = frame.select([c for c in frame.columns if c in old_columns])  # later columns
        columns = ", ".join(frame.columns)
        marks = ", ".join("?" for _ in frame.columns)
        con.executemany(f"INSERT INTO {TABLES[name]} ({columns}) VALUES ({marks})", frame.rows())
    con.close()


def test_migration_003_keys_the_stored_hands_and_derives_their_facts(
    tmp_path: Path, mixed: FileResult
) -> None:
    files = [mixed, read_text(RAZZ, "razz.txt")]
    old = tmp_path / "old.duckdb"
    (tmp_path / "schema_002").mkdir()
    _store_of_schema_002(old, tmp_path / "schema_002", files)
    with pytest.raises(StoreError, match="schema version 2, the reports need"):
        run_report(old, "player_summary")  # read-only: says how to upgrade
    upgraded = open_store(old)
    assert schema_version(upgraded) == latest_version()
    fresh = open_store(":memory:")
    insert(fresh, frames_for(files, {}))
    for table in ("hands", "players", "actions", "draws", "pots"):
        query = f"SELECT * FROM {table} ORDER BY ALL"
        assert upgraded.execute(query).fetchall() == fresh.execute(query).fetchall(), table
    assert upgraded.execute("SELECT count(*) FROM players WHERE vpip").fetchall() == [(5,)]
    # 004 reads what each player showed back from the show lines
    assert upgraded.execute(
        "SELECT count(*) FROM players WHERE shown_cards IS NOT NULL").fetchall() == [(2,)]
    # hands stored after the upgrade follow the keys given by it
    more = read_text(TRIPLE_DRAW.replace("240000000001", "240000000009"), "more.txt")
    insert(upgraded, frames_for([more], {}))
    assert upgraded.execute(
        "SELECT hand_id, hand_key FROM hands ORDER BY hand_key"
    ).fetchall() == [("240000000001", 1), ("300000000101", 2), ("240000000009", 3)]
    upgraded.close()
    fresh.close()


def test_insert_frames_leaves_the_transaction_to_the_caller(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    con.begin()
    insert_frames(con, frames_for([mixed], {}))
    assert store_rows(con)["hands"] == 1
    con.rollback()
    rows = store_rows(con)
    assert sum(rows.values()) == rows["schema_version"]


def test_rejected_hands_keep_their_text_and_every_problem(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    insert(con, frames_for([mixed], {"mixed.txt": 3}))
    rejects = con.execute(
        "SELECT hand_id, variant, stage, code, first_line, errors, raw_text, source_id "
        "FROM rejects ORDER BY byte_offset"
    ).fetchall()
    assert [row[:5] for row in rejects] == [
        ("240000000002", "27_triple_draw", "replay", "wrong_winner", 64),
        ("240000000003", None, "read", "unreadable_header", 105),
    ]
    texts = [block.text for block in mixed.blocks[2:]]
    assert [row[6] for row in rejects] == texts
    assert all(row[6].startswith("PokerStars Hand #") for row in rejects)
    problems = con.execute(
        "SELECT r.hand_id, count(*), count(*) FILTER (p.severity = 'error'), "
        "bool_or(p.code = r.code) "
        "FROM rejects AS r JOIN problems AS p USING (source_path, byte_offset) "
        "WHERE p.status = 'rejected' GROUP BY ALL ORDER BY ALL"
    ).fetchall()
    assert [(hand_id, errors, has_code) for hand_id, _, errors, has_code in problems] == [
        (row[0], row[5], True) for row in rejects
    ]


def test_every_rules_fixture_is_a_reject_with_its_reasons(
    con: duckdb.DuckDBPyConnection,
) -> None:
    # Most rules fixtures break a rule; a few show legal play the replayer must accept.
    paths = sorted((FIXTURES / "rules").glob("*.txt"))
    results = [read_bytes(path.read_bytes(), path.name) for path in paths]
    rejected = [r.file for r in results if r.hands[0].status is Status.REJECTED]
    assert len(rejected) > len(paths) / 2
    counts = insert(con, frames_for(results, {}))
    assert counts.rejects_inserted == len(rejected)
    assert counts.hands_inserted == len(paths) - len(rejected)
    rows = con.execute(
        "SELECT r.source_path, r.stage, r.raw_text IS NOT NULL, "
        "count(*) FILTER (p.severity = 'error') "
        "FROM rejects AS r LEFT JOIN problems AS p USING (source_path, byte_offset) "
        "GROUP BY ALL ORDER BY ALL"
    ).fetchall()
    assert [row[0] for row in rows] == rejected
    assert all(text and errors >= 1 for _, _, text, errors in rows)
    # 'read' when the reader itself gave up on the hand (actor_not_seated), else 'replay'.
    read = {r.file for r in results if any(p.fatal for p in r.hands[0].hand.problems)}
    assert "actor_not_seated.txt" in read
    assert {name for name, stage, *_ in rows if stage == "read"} == read


def test_unsupported_hands_are_kept_and_counted(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    insert(con, frames_for([mixed], {"mixed.txt": 3}))
    rows = con.execute(
        "SELECT site, hand_id, game, source_id, source_path, first_line, raw_text "
        "FROM unsupported_hands"
    ).fetchall()
    assert rows == [(
        "pokerstars", "230000000001", "Hold'em No Limit", 3, "mixed.txt", 47,
        mixed.blocks[1].text,
    )]
    assert con.execute("SELECT count(*) FROM hands WHERE hand_id = '230000000001'").fetchall() \
        == [(0,)]


def test_junk_is_kept_with_its_place(con: duckdb.DuckDBPyConnection, mixed: FileResult) -> None:
    insert(con, frames_for([mixed], {"mixed.txt": 3}))
    assert con.execute(
        "SELECT source_id, source_path, first_line, byte_offset, byte_length, text FROM junk"
    ).fetchall() == [(3, "mixed.txt", 1, 0, len(JUNK.strip()), JUNK.strip())]


def test_a_reject_whose_hand_now_reads_well_is_resolved(
    con: duckdb.DuckDBPyConnection,
) -> None:
    broken = read_text(WRONG_WINNER, "table.txt")
    insert(con, frames_for([broken], {}))
    assert store_rows(con)["rejects"] == 1 and store_rows(con)["problems"] >= 1
    fixed = read_text(TRIPLE_DRAW.replace("240000000001", "240000000002"), "fixed.txt")
    counts = insert(con, frames_for([fixed], {}))
    assert (counts.hands_inserted, counts.rejects_resolved) == (1, 1)
    rows = store_rows(con)
    assert (rows["rejects"], rows["problems"], rows["hands"]) == (0, 0, 1)


def test_sql_of_the_writer_formats_no_values_in() -> None:
    for path in (ROOT / "sql" / "store").glob("*.sql"):
        text = path.read_text()
        assert text.startswith("-- "), f"{path.name}: starts with a header comment"
        assert "{" not in text and "%s" not in text, path.name


# --- the documentation ------------------------------------------------------------------------


def documented_columns() -> dict[str, list[str]]:
    tables: dict[str, list[str]] = {}
    current = ""
    for line in database_docs().splitlines():
        heading = re.fullmatch(r"### `(\w+)`", line)
        if heading:
            current = heading.group(1)
            tables[current] = []
        elif current and line.startswith("| `"):
            names = line.split("|")[1]
            tables[current] += re.findall(r"`(\w+)`", names)
    return tables


def test_the_documentation_lists_every_column_of_every_table(
    con: duckdb.DuckDBPyConnection,
) -> None:
    documented = documented_columns()
    tables = con.execute(
        "SELECT table_name, list(column_name ORDER BY column_index) FROM duckdb_columns() "
        "WHERE schema_name = 'main' AND NOT internal GROUP BY ALL"
    ).fetchall()
    assert {name: columns for name, columns in tables} == documented


def test_the_documentation_examples_run(
    con: duckdb.DuckDBPyConnection, mixed: FileResult
) -> None:
    insert(con, frames_for([mixed], {}))
    examples = re.findall(r"```sql\n(.*?)```", database_docs(), re.S)
    assert examples
    for example in examples:
        for statement in filter(str.strip, example.split(";")):
            con.execute(statement).fetchall()


# --- the shared corpus ------------------------------------------------------------------------

CORPUS_VARIANTS = {
    # Stored hands per variant: every accepted PokerStars hand of the corpus, once
    # (one hand appears in two files). See tests/test_replay_corpus.py for the files.
    "27_single_draw": 4, "27_triple_draw": 19, "badugi": 108, "five_card_draw": 37,
    "razz": 20, "stud": 30, "stud8": 27,
}


@pytest.fixture(scope="module")
def corpus() -> list[FileResult]:
    files = sorted(p for p in FPDB.glob("*/Stars/**/*.txt") if "summaries" not in p.parts)
    return [read_file(path) for path in files]


@needs_corpus
def test_the_pokerstars_corpus_in_the_store(corpus: list[FileResult]) -> None:
    con = open_store(":memory:")
    source_ids = {result.file: index for index, result in enumerate(corpus, start=1)}
    counts = insert(con, frames_for(corpus, source_ids))

    accepted = [h for r in corpus for h in r.hands if h.status is Status.ACCEPTED]
    keys = {(h.hand.site, h.hand.hand_id): h for h in accepted}
    assert counts.hands_inserted == len(keys)
    assert counts.hands_inserted + counts.hands_duplicate == len(accepted)
    by_variant = con.execute("SELECT variant, count(*) FROM hands GROUP BY ALL").fetchall()
    assert dict(by_variant) == Counter(h.hand.variant_id for h in keys.values())
    assert dict(by_variant) == CORPUS_VARIANTS
    assert counts.unsupported_inserted == 66
    assert counts.rejects_inserted == 2

    unbalanced = con.execute(
        "SELECT h.site, h.hand_id, sum(p.net) + h.rake AS off "
        "FROM hands AS h JOIN players AS p USING (site, hand_id) "
        "GROUP BY h.site, h.hand_id, h.rake HAVING sum(p.net) + h.rake <> 0"
    ).fetchall()
    assert unbalanced == []
    inconsistent = con.execute(
        "WITH p AS (SELECT site, hand_id, sum(collected) AS collected, "
        "           sum(contributed) AS contributed FROM players GROUP BY ALL), "
        "     pot AS (SELECT site, hand_id, sum(amount) AS amount, "
        "             sum(list_sum(won)) AS won FROM pots GROUP BY ALL) "
        "SELECT h.hand_id FROM hands AS h JOIN p USING (site, hand_id) "
        "JOIN pot USING (site, hand_id) "
        "WHERE p.collected <> h.total_pot - h.rake OR p.contributed <> h.total_pot "
        "   OR pot.amount <> h.total_pot - h.rake OR pot.won <> p.collected"
    ).fetchall()
    assert inconsistent == []
    action_counts = dict(
        con.execute("SELECT hand_id, count(*) FROM actions GROUP BY ALL").fetchall()
    )
    assert all(
        action_counts.get(hand_id, 0) == len(h.hand.actions) for (_, hand_id), h in keys.items()
    )
    con.close()


def test_a_show_after_an_uncontested_win_is_stored_as_shown_cards(
    con: duckdb.DuckDBPyConnection,
) -> None:
    path = FIXTURES / "all_in" / "razz_shows_four_cards_after_an_uncontested_win.txt"
    insert(con, frames_for([read_file(path)], {}))
    assert con.execute(
        "SELECT player, shown_cards, went_to_showdown FROM players ORDER BY seat"
    ).fetchall() == [("Alice", None, False), ("Bob", "2c 2h 6s 5d", False),
                     ("Carol", None, False)]
    assert con.execute(
        "SELECT player, cards FROM actions WHERE kind = 'show'").fetchall() == [
        ("Bob", "2c 2h 6s 5d")]


@given(st.lists(st.lists(st.integers(min_value=-(2**40), max_value=2**40), max_size=4)
                .map(tuple), max_size=30))
def test_a_list_column_from_tuples_holds_each_tuple_in_its_row(
    values: list[tuple[int, ...]],
) -> None:
    """The pots' list columns (eligible, winners, won) are built from one flat column; with
    no empty tuple the rows come straight from the grouping, else empty rows are joined in."""
    from hhparse.store.frames import _list_series

    column = _list_series(values, pl.Int64)
    assert column.dtype == pl.List(pl.Int64)
    assert column.to_list() == [list(value) for value in values]
