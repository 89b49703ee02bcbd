"""The Boss / Microgaming (Opoker) reader: ``<HISTORY>`` elements, bare or in a document.

Fixtures in tests/fixtures/boss/ are written here (named after the quirk each holds);
their defective twins are made from them by one change each. The shared corpus's Boss
files are read in place, with fpdb's expected results where they exist.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hhparse.parsers.base import split_blocks
from hhparse.parsers.boss import PREFIXES, card_of, is_start, parse_block
from hhparse.parsers.sites import detect_site
from hhparse.pipeline import FileResult, read_file
from hhparse.records import Kind
from hhparse.replay import Status
from tests.corpus import (
    FPDB,
    assert_read_and_judged,
    needs_corpus,
    room_hand_files,
    room_sidecars,
)
from tests.test_parser_merge import read, statuses

FIXTURES = Path(__file__).parent / "fixtures" / "boss"
BARE = FIXTURES / "bare_history_calls_write_the_round_total.txt"
OPOKER = FIXTURES / "opoker_document_uncalled_bet_not_printed_dead_button.xml"
CHIPS = FIXTURES / "call_writes_the_chips_added_stand_pat_all_in.txt"
HOLDEM = FIXTURES / "holdem_in_a_root_without_declaration_is_unsupported.xml"


def nets(path: Path, index: int = 0) -> dict[str, int]:
    return {player.player: player.net for player in read(path).hands[index].players}


def codes(result: FileResult) -> list[str]:
    return [problem.code for hand in result.hands for problem in hand.problems]


# --- the fixtures ------------------------------------------------------------------------


@pytest.mark.parametrize("path", [BARE, OPOKER, CHIPS, HOLDEM], ids=lambda path: path.stem)
def test_both_forms_are_detected_by_their_history_elements(path: Path) -> None:
    site = detect_site(path.read_bytes())
    assert site is not None and site.name == "boss"


def test_a_hand_starts_at_its_history_line() -> None:
    assert is_start('<HISTORY ID="4100200301" SESSION="session512233001.xml" TABLE="T">')
    assert is_start('<ROOT><HISTORY ID="1" SESSION="session2.xml" TABLE="T">')
    assert not is_start('<?xml version="1.0" encoding="UTF-8"?>')
    assert not is_start("<ROOT>")
    assert not is_start('<PLAYER NAME="Hero" SEAT="2" AMOUNT="25.00">')
    assert all(PREFIXES)


@pytest.mark.parametrize(("path", "expected", "junk"), [
    (BARE, [("4100200301", Status.ACCEPTED)], []),
    (OPOKER, [("1111000001", Status.ACCEPTED), ("1111000002", Status.ACCEPTED)],
     ['<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>']),
    (CHIPS, [("5200300401", Status.ACCEPTED)], []),
    (HOLDEM, [("6300400501", Status.UNSUPPORTED)], ["<ROOT>"]),
], ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_each_fixture_is_judged(
    path: Path, expected: list[tuple[str, Status]], junk: list[str]
) -> None:
    result = read(path)
    assert statuses(result) == expected
    assert [item.text for item in result.junk] == junk
    assert codes(result) == []


def test_cards_are_numbers_rank_first_from_the_ace() -> None:
    assert [str(card_of(link)) for link in ("0", "12", "13", "25", "26", "51")] == [
        "Ad", "Kd", "Ac", "Kc", "Ah", "Ks"]
    assert card_of("b") is None and card_of("52") is None


def test_the_header_gives_game_stakes_currency_time_and_table() -> None:
    hand = read(BARE).hands[0].hand
    assert hand.variant_id == "five_card_draw" and hand.structure == "pl"
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (25, 50)
    assert hand.currency == "EUR" and hand.table == "Table FCD 7"
    assert hand.started_at == datetime(2013, 6, 23, 15, 6, 40, tzinfo=UTC)  # Unix seconds
    assert hand.max_seats == 5 and hand.button_seat == 1 and hand.hero == "Hero"
    assert [(seat.seat, seat.player, seat.stack) for seat in hand.seats] == [
        (1, "Birch", 3000), (2, "Hero", 2500), (4, "Cedar", 1240)]  # empty seats left out
    limit = read(OPOKER).hands[0].hand
    assert limit.structure == "fl" and (limit.stakes.small_bet, limit.stakes.big_bet) == (
        100, 200)


@pytest.mark.parametrize("date", ["999999999999", "99999999999999999999999"])
def test_a_date_past_the_calendar_is_an_unreadable_time(date: str) -> None:
    # datetime.fromtimestamp raised ValueError (year out of range) or OverflowError
    text = BARE.read_bytes().decode()
    assert text.count('DATE="1372000000"') == 1
    result = read(BARE, text.replace('DATE="1372000000"', f'DATE="{date}"'))
    [hand] = result.hands
    assert hand.status is Status.ACCEPTED and hand.hand.hand_id == "4100200301"
    assert hand.hand.started_at is None and hand.hand.started_at_text == date
    [problem] = hand.hand.problems
    assert (problem.code, problem.line, problem.fatal) == ("unreadable_time", 1, False)
    assert date in problem.message


def test_the_header_win_is_the_heros_printed_net() -> None:
    hand = read(BARE).hands[0].hand
    [seat] = hand.summary.seats
    assert (seat.player, seat.net) == ("Hero", 835)
    assert (hand.summary.total_pot, hand.summary.rake) == (1350, 65)  # POT is after the rake


def test_calls_write_the_round_total() -> None:
    hand = read(BARE).hands[0].hand
    calls = [(a.player, a.amount) for a in hand.actions if a.kind is Kind.CALL]
    assert calls == [("Hero", 125), ("Cedar", 100), ("Cedar", 300), ("Birch", 300)]
    raise_ = next(action for action in hand.actions if action.kind is Kind.RAISE)
    assert (raise_.player, raise_.amount, raise_.to) == ("Birch", 100, 150)


def test_the_heros_draw_shows_his_discards_and_new_cards() -> None:
    hand = read(BARE).hands[0].hand
    draws = [a for a in hand.actions if a.kind is Kind.DISCARD]
    assert [(a.player, a.n_cards, a.street) for a in draws] == [
        ("Hero", 3, 1), ("Cedar", 2, 1), ("Birch", 1, 1)]
    assert [str(card) for card in draws[0].cards] == ["8c", "3s", "9h"]
    dealt = [a for a in hand.actions if a.kind is Kind.DEALT][-1]
    assert [str(card) for card in dealt.cards] == ["Kh", "Kd"]
    assert [str(card) for card in dealt.new_cards] == ["Ks", "2c", "5d"]
    assert [(mark.street, mark.name) for mark in hand.streets] == [(1, "DRAW"), (99, "SHOW DOWN")]


def test_a_showdown_with_a_muck_listed_and_a_losing_hand_shown() -> None:
    result = read(BARE).hands[0]
    shown = {a.player: a.kind for a in result.hand.actions if a.kind in (Kind.SHOW, Kind.MUCK)}
    assert shown == {"Cedar": Kind.MUCK, "Birch": Kind.SHOW, "Hero": Kind.SHOW}
    assert nets(BARE) == {"Birch": -450, "Hero": 835, "Cedar": -450}
    assert result.rake == 65
    assert all(player.went_to_showdown for player in result.players)


def test_an_uncalled_bet_is_returned_by_the_replayer() -> None:
    result = read(OPOKER).hands[0]
    kinds = [action.kind for action in result.hand.actions]
    assert Kind.UNCALLED_RETURN not in kinds  # the room prints none
    assert kinds.index(Kind.POST_BB) < kinds.index(Kind.POST_SB)  # the big blind written first
    assert nets(OPOKER) == {"Hero": 90, "Dunlin": 0, "Egret": -100}
    assert (result.total_pot, result.rake) == (200, 10)


def test_a_sitting_out_dealer_keeps_the_button() -> None:
    hand = read(OPOKER).hands[1].hand
    assert hand.button_seat == 4
    assert [(seat.player, seat.sitting_out) for seat in hand.seats] == [
        ("Hero", False), ("Dunlin", False), ("Egret", True)]
    assert nets(OPOKER, 1) == {"Hero": 100, "Dunlin": -100, "Egret": 0}


def test_a_call_of_the_chips_added_a_stand_pat_and_an_all_in() -> None:
    hand = read(CHIPS).hands[0].hand
    call = next(action for action in hand.actions if action.kind is Kind.CALL)
    assert (call.player, call.amount) == ("Hero", 40)  # 0.40 added to the big blind
    pat = next(action for action in hand.actions if action.kind is Kind.STAND_PAT)
    assert (pat.player, pat.n_cards, len(pat.cards)) == ("Hero", 0, 5)
    all_in = next(action for action in hand.actions if action.all_in)
    assert (all_in.kind, all_in.amount) == (Kind.CALL, 140)  # the round total 2.40
    assert nets(CHIPS) == {"Fulmar": -300, "Hero": 270}


# --- defective twins: one change each ----------------------------------------------------

TWINS = [
    pytest.param(BARE, 'WIN="8.35" LOSS="0.00"', 'WIN="8.00" LOSS="0.00"',
                 "printed_net_mismatch", id="the-header-net-is-wrong"),
    pytest.param(BARE, 'POT="12.85" RAKE="0.65"', 'POT="12.95" RAKE="0.65"',
                 "pot_mismatch", id="the-pot-is-wrong"),
    pytest.param(BARE, '<CARD LINK="13"></CARD></RESULT>', '<CARD LINK="32"></CARD></RESULT>',
                 "wrong_winner", id="the-loser-shows-a-full-house"),
    pytest.param(BARE, '"CHANGECARD" PLAYER="Hero" COUNT="3"',
                 '"CHANGECARD" PLAYER="Hero" COUNT="2"', "draw_count_mismatch",
                 id="a-draw-count-off-the-cards"),
    pytest.param(BARE, '"ACTION_BET" PLAYER="Hero" VALUE="3.00"',
                 '"ACTION_BET" PLAYER="Hero" VALUE="6.00"', "pot_limit_exceeded",
                 id="a-bet-over-the-pot"),
    pytest.param(BARE, '"ACTION_CALL" PLAYER="Cedar" VALUE="3.00"',
                 '"ACTION_CALL" PLAYER="Crane" VALUE="3.00"', "actor_not_seated",
                 id="a-stranger-calls"),
    pytest.param(BARE, 'NAME="Hero" SEAT="2"', 'NAME="&lol;" SEAT="2"', "hand_incomplete",
                 id="an-entity-is-never-expanded"),
    pytest.param(BARE, 'GAME="GAME_FCD"', 'GAME="GAME_XYZ"', "unreadable_header",
                 id="an-unknown-game"),
    pytest.param(BARE, 'VALUE="0.25"', 'VALUE="0.2x"', "bad_amount", id="an-unreadable-amount"),
    pytest.param(OPOKER, '"ACTION_BET" PLAYER="Hero" VALUE="2.00"',
                 '"ACTION_BET" PLAYER="Hero" VALUE="3.00"', "bet_size",
                 id="a-limit-bet-off-the-limit"),
    pytest.param(OPOKER, 'POT="1.90" RAKE="0.10"', 'POT="3.90" RAKE="0.10"', "pot_mismatch",
                 id="the-uncalled-bet-in-the-pot"),
]


@pytest.mark.parametrize(("path", "old", "new", "code"), TWINS)
def test_each_defective_twin_is_rejected_with_its_reason(
    path: Path, old: str, new: str, code: str
) -> None:
    text = path.read_bytes().decode()
    assert text.count(old) == 1
    result = read(path, text.replace(old, new))
    rejected = [hand for hand in result.hands if hand.status is Status.REJECTED]
    assert len(rejected) == 1
    assert code in {problem.code for problem in rejected[0].errors}


def test_an_unknown_action_is_a_warning_with_its_line() -> None:
    raise_ = '"ACTION_RAISE" PLAYER="Fulmar" VALUE="0.60"></ACTION>'
    wave = '<ACTION TYPE="ACTION_WAVE" PLAYER="Hero"></ACTION>'
    text = CHIPS.read_bytes().decode().replace(raise_, f"{raise_}\r\n{wave}")
    result = read(CHIPS, text)
    [problem] = result.hands[0].problems
    assert (problem.code, problem.line, result.hands[0].status) == (
        "unknown_line", 19, Status.ACCEPTED)


def test_a_hand_cut_off_by_the_end_of_the_file_is_incomplete() -> None:
    text = OPOKER.read_text()
    result = read(OPOKER, text[: text.rindex("<SHOWDOWN")])
    assert statuses(result) == [("1111000001", Status.ACCEPTED), ("1111000002", Status.REJECTED)]
    assert {problem.code for problem in result.hands[1].errors} == {"hand_incomplete"}
    assert result.hands[1].hand.variant_id == "five_card_draw"  # the header line still reads


def test_a_block_never_raises() -> None:
    split = split_blocks(b'<HISTORY ID="1" SESSION="session1.xml" <<<', "x", is_start,
                         prefixes=PREFIXES)
    hand = parse_block(split.blocks[0])
    assert [problem.code for problem in hand.problems] == ["hand_incomplete"]


# --- the shared corpus -------------------------------------------------------------------

CORPUS = [
    ("cash/Boss/Draw/5CD-FL-EUR-2-4.Opoker.sample.xml", 14, 0, 0),
    ("cash/Boss/Draw/5CD-PL-EUR-0.50-1.00-201307.txt", 1, 0, 0),
]
"""(file, accepted, rejected, unsupported): no Boss corpus hand is defective."""


@needs_corpus
def test_the_table_lists_every_boss_hand_file() -> None:
    assert room_hand_files("Boss") == {name for name, *_ in CORPUS}


@needs_corpus
@pytest.mark.parametrize(("name", "accepted", "rejected", "unsupported"), CORPUS)
def test_every_corpus_hand_is_read_and_judged(
    name: str, accepted: int, rejected: int, unsupported: int
) -> None:
    result = assert_read_and_judged(name, accepted, rejected, unsupported)
    assert all(hand.hand.currency == "EUR" and hand.hand.hero == "Hero"
               for hand in result.hands if hand.status is Status.ACCEPTED)


@needs_corpus
def test_the_first_hands_nets_are_the_worked_out_ones() -> None:
    opoker, bare = (read_file(FPDB / name).hands[0] for name, *_ in CORPUS)
    assert {p.player: (p.net, p.collected) for p in opoker.players} == {
        "Player2": (0, 0), "Player3": (375, 775), "Hero": (-400, 0)}
    assert {p.player: (p.net, p.went_to_showdown, p.won_at_showdown) for p in bare.players} == {
        "Hero": (360, True, True), "Player0": (-400, True, False)}
    assert bare.hand.started_at == datetime(2013, 7, 23, 18, 47, 16, tzinfo=UTC)


BOSS_SIDECARS = room_sidecars("Boss")


@needs_corpus
def test_boss_sidecars_are_found() -> None:
    assert len(BOSS_SIDECARS) == 0  # fpdb ships no expected results for these two files
