"""The Merge (Carbon) reader: XML fragments, one description per file, seats by number.

Fixtures in tests/fixtures/merge/ are written here (named after the quirk each holds);
their defective twins are made from them by one change each. The shared corpus's Merge
files are read in place, with fpdb's expected results where they exist.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from hhparse.ingest import ingest
from hhparse.ingest import run as ingest_run
from hhparse.parsers.base import split_blocks
from hhparse.parsers.merge import file_description, is_start, parse_block
from hhparse.parsers.sites import detect_site
from hhparse.pipeline import FileResult, read_bytes
from hhparse.records import Kind
from hhparse.replay import Status
from tests.corpus import (
    assert_read_and_judged,
    assert_sidecar_agrees,
    needs_corpus,
    room_hand_files,
    room_sidecars,
)

FIXTURES = Path(__file__).parent / "fixtures" / "merge"
TWO_HANDS = FIXTURES / "description_once_for_two_hands.txt"
V2 = FIXTURES / "version_2_uncalled_bet_as_its_own_winner.txt"
RAZZ = FIXTURES / "razz_shows_inside_the_street_after_an_all_in.txt"
HORSE = FIXTURES / "horse_tournament_stakes_not_printed.txt"
HALF_POT = FIXTURES / "badugi_half_pot_limit_is_kept_unsupported.txt"


def read(path: Path, text: str | None = None) -> FileResult:
    data = path.read_bytes() if text is None else text.encode()
    return read_bytes(data, str(path))


def statuses(result: FileResult) -> list[tuple[str, Status]]:
    return [(hand.hand.hand_id, hand.status) for hand in result.hands]


def errors(result: FileResult) -> set[str]:
    return {problem.code for hand in result.hands for problem in hand.errors}


# --- the fixtures ------------------------------------------------------------------------


def test_a_merge_file_is_detected_by_its_game_elements() -> None:
    site = detect_site(TWO_HANDS.read_bytes())
    assert site is not None and site.name == "merge"
    assert is_start('<game id="5550001-1" starttime="20110605201500">')
    assert not is_start('<description type="Razz" stakes="Limit $0.50/$1"/>')


@pytest.mark.parametrize(("path", "expected"), [
    (TWO_HANDS, [("5550001-1", Status.ACCEPTED), ("5550001-2", Status.ACCEPTED)]),
    (V2, [("7770002-41", Status.ACCEPTED)]),
    (RAZZ, [("6660003-7", Status.ACCEPTED)]),
    (HORSE, [("8880004-3", Status.UNSUPPORTED), ("8880004-4", Status.ACCEPTED)]),
    (HALF_POT, [("9990005-12", Status.UNSUPPORTED)]),
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(path: Path, expected: list[tuple[str, Status]]) -> None:
    result = read(path)
    assert statuses(result) == expected
    assert [item.text for item in result.junk] == [file_description(path.read_text())]
    unknown = [p.code for hand in result.hands for p in hand.problems if p.code == "unknown_line"]
    assert unknown == []


def test_the_description_gives_every_hand_its_game_and_stakes() -> None:
    first, second = (result.hand for result in read(TWO_HANDS).hands)
    for hand in (first, second):
        assert hand.variant_id == "27_triple_draw" and hand.structure == "fl"
        assert (hand.stakes.small_bet, hand.stakes.big_bet) == (100, 200)
        assert hand.currency == "USD" and hand.game_text == "2-7 Lowball Limit $1/$2"
    assert first.started_at == datetime(2011, 6, 6, 1, 15, tzinfo=UTC)  # UTC-5 all year
    assert first.table == "Harbour (5550001)"
    assert [(seat.seat, seat.player, seat.stack) for seat in first.seats] == [
        (1, "Rival", 3000), (2, "Me", 2000)]
    assert first.button_seat == 1 and first.hero == "Me"


def test_raises_are_totals_and_the_heros_draw_shows_his_discards() -> None:
    hand = read(TWO_HANDS).hands[0].hand
    raise_ = next(action for action in hand.actions if action.kind is Kind.RAISE)
    assert (raise_.player, raise_.amount, raise_.to) == ("Rival", 100, 200)
    discard = next(action for action in hand.actions if action.kind is Kind.DISCARD)
    dealt = [action for action in hand.actions if action.kind is Kind.DEALT][-1]
    assert [str(card) for card in discard.cards] == ["Kd"]
    assert [str(card) for card in dealt.new_cards] == ["7c"]
    assert [note.kind for note in hand.notes] == ["chat"]  # CHAT names a nickname


def test_a_folded_to_bet_comes_back_inside_the_winners_amount() -> None:
    result = read(TWO_HANDS).hands[0]
    nets = {player.player: player.net for player in result.players}
    assert nets == {"Rival": 190, "Me": -200}
    assert (result.total_pot, result.rake) == (400, 10)  # 4.90 paid of a pot of 4.00 + 1.00


def test_an_uncalled_winner_entry_is_an_uncalled_bet_returned() -> None:
    result = read(V2).hands[0]
    kinds = [action.kind for action in result.hand.actions if action.street == 99]
    assert kinds == [Kind.COLLECT, Kind.UNCALLED_RETURN]
    assert {player.player: player.net for player in result.players} == {
        "Me": 15, "Left": -5, "Right": -10, "Away": 0}
    assert result.hand.seats[-1].sitting_out  # dealtin="false"


def test_shows_inside_a_street_are_read_once_the_board_is_complete() -> None:
    result = read(RAZZ).hands[0]
    shows = [action for action in result.hand.actions if action.kind is Kind.SHOW]
    assert [len(show.cards) for show in shows] == [7, 7]
    assert {player.player: player.net for player in result.players} == {
        "Short": 95, "Deep": -100}


def test_tournament_stakes_are_read_from_the_play_with_a_warning() -> None:
    holdem, stud = (result for result in read(HORSE).hands)
    assert holdem.hand.variant_id is None and holdem.hand.mixed_game == "HORSE"
    hand = stud.hand
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (100, 200)
    assert hand.currency == "chips" and hand.tournament is not None
    assert hand.tournament.tournament_id == "8880001"
    assert {seat.player: seat.stack for seat in hand.seats} == {"Alpha": 900, "Beta": 2050}
    assert [problem.code for problem in stud.problems] == ["stakes_from_play"]


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(TWO_HANDS, 'winner amount="1.95" uncalled="false" potnumber="1" player="1"',
                 'winner amount="1.95" uncalled="false" potnumber="1" player="0"',
                 "wrong_winner", id="the-loser-is-paid"),
    pytest.param(TWO_HANDS, 'winner amount="4.90"', 'winner amount="5.90"',
                 "collected_mismatch", id="more-paid-than-put-in"),
    pytest.param(TWO_HANDS, 'type="RAISE" timestamp="1307319302000" player="0" amount="2.00"',
                 'type="RAISE" timestamp="1307319302000" player="0" amount="2.50"',
                 "bet_size", id="a-raise-off-the-limit"),
    pytest.param(TWO_HANDS, 'type="CHECK" timestamp="1307319424000" player="0"',
                 'type="CHECK" timestamp="1307319424000" player="5"',
                 "actor_not_seated", id="an-empty-seat-acts"),
    pytest.param(TWO_HANDS, 'nickname="Me" balance="$18.00"', 'nickname="&lol;" balance="$18.00"',
                 "hand_incomplete", id="an-entity-is-never-expanded"),
    pytest.param(RAZZ, 'cards="null,null,Kc" player="2"', 'cards="null,null,2c" player="2"',
                 "bring_in_wrong_player", id="the-wrong-bring-in"),
    pytest.param(TWO_HANDS, '<description type="2-7 Lowball" stakes="Limit $1/$2"/>', '',
                 "unreadable_header", id="no-description"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = path.read_text()
    assert text.count(old) == 1
    result = read(path, text.replace(old, new))
    rejected = [hand for hand in result.hands if hand.status is Status.REJECTED]
    assert rejected and all(code in {problem.code for problem in hand.errors}
                            for hand in rejected)
    assert len(rejected) == (2 if code == "unreadable_header" else 1)


def test_a_hand_cut_off_by_the_end_of_the_file_is_incomplete() -> None:
    text = TWO_HANDS.read_text()
    cut = text[: text.rindex("<round id=\"SHOWDOWN\"")]
    result = read(TWO_HANDS, cut)
    assert statuses(result)[-1] == ("5550001-2", Status.REJECTED)
    assert "hand_incomplete" in {problem.code for problem in result.hands[-1].errors}


def test_a_block_alone_has_no_game_without_its_file() -> None:
    split = split_blocks(TWO_HANDS.read_bytes(), "x", is_start, prefixes=("<game ",))
    hand = parse_block(split.blocks[1])  # the context was not given
    assert [problem.code for problem in hand.problems] == ["unreadable_header"]


def test_ingest_gives_the_description_to_every_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ingest_run, "BATCH_HANDS", 1)  # a window per hand
    database = tmp_path / "h.duckdb"
    summary = ingest([TWO_HANDS, HORSE], database, workers=1)
    assert (summary.accepted, summary.unsupported, summary.rejected) == (3, 1, 0)
    con = duckdb.connect(str(database), read_only=True)
    try:
        junk = con.execute("SELECT text FROM junk ORDER BY text").fetchall()
    finally:
        con.close()
    assert [text for (text,) in junk] == [
        '<description type="2-7 Lowball" stakes="Limit $1/$2"/>',
        '<description type="HORSE Tournament" stakes="Limit"/>']


# --- the shared corpus -------------------------------------------------------------------

CORPUS = [
    ("cash/Merge/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt", 15, 0, 0),
    ("cash/Merge/Draw/3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt", 1, 0, 0),
    ("cash/Merge/Draw/3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt", 1, 0, 0),
    ("cash/Merge/Draw/3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt", 0, 1, 0),
    ("cash/Merge/Draw/3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt", 1, 0, 0),
    ("cash/Merge/Draw/5-Carddraw-PL-USD-0.05-0.10.201111.txt", 1, 0, 0),
    ("cash/Merge/Draw/A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt", 1, 0, 0),
    ("cash/Merge/Draw/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt", 0, 0, 1),
    ("cash/Merge/Draw/Badugi-PL-USD-0.05-0.10-201101.Sample.txt", 1, 0, 0),
    ("cash/Merge/Mixed/HORSE-8max-USD-0.25-0.50-201409.new.format.txt", 3, 0, 0),
    ("cash/Merge/Stud/7-Stud-USD-0.50-1.00-201102.Sample.txt", 1, 0, 0),
    ("cash/Merge/Stud/7-StudHL-USD-0.25-0.50-201111.txt", 1, 0, 0),
    ("cash/Merge/Stud/7-StudHL-USD-0.25-0.50-201307.no.null.xml", 1, 0, 0),
    ("cash/Merge/Stud/NL7-StudHL-0.01-0.02-0.10-201204.xml", 1, 0, 0),
    ("cash/Merge/Stud/Razz-USD-0.50-1.00-201111.allIn.txt", 1, 0, 0),
    ("tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml", 14, 0, 14),
]
"""(file, accepted, rejected, unsupported): the cancelled hand is the one defective hand;
half-pot limit, hold'em and Omaha are kept unsupported."""

@needs_corpus
def test_the_table_lists_every_merge_hand_file() -> None:
    assert room_hand_files("Merge") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    result = assert_read_and_judged(name, accepted, rejected, unsupported)
    assert len(result.junk) == 1 and result.junk[0].text.startswith("<description ")
    if rejected:
        assert errors(result) == {"hand_cancelled"}


MERGE_SIDECARS = room_sidecars("Merge")


@needs_corpus
@pytest.mark.parametrize("name", MERGE_SIDECARS)
def test_nets_collections_and_showdowns_agree_with_fpdb(name: str) -> None:
    assert_sidecar_agrees(name)


@needs_corpus
def test_merge_sidecars_are_found() -> None:
    assert len(MERGE_SIDECARS) == 4
