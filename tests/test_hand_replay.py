"""`hhparse show HAND --html FILE`: a page that replays a stored hand step by step.

The steps are checked against what the replayer stored by its own rules (nets, rake, the
cards shown), the page is driven in headless Chromium with real clicks and keys (skipped
without Chromium or Playwright), and a screenshot after three clicks is written under the
test's temporary folder."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhparse.cli import app
from hhparse.reports.hand_replay import HandReplay, Step, cards_held, hand_page, hand_replay
from hhparse.reports.hand_view import HandNotFound
from tests.browser import HEIGHT, WIDTH, ink_share, opened, pixels_near
from tests.test_show_hand import samples_and_every_variant

SINGLE_DRAW_HAND = "260301214000"
"""Hero raises, draws one ([2d] for [5s]) and wins at showdown (data/samples)."""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The samples and 40 generated hands of every variant."""
    return samples_and_every_variant(tmp_path_factory.mktemp("replay"), hands_each=40)


@pytest.fixture(scope="module")
def con(store: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    connection = duckdb.connect(str(store), read_only=True)
    yield connection
    connection.close()


def test_every_step_keeps_the_chips_and_the_end_is_what_the_replayer_stored(
        con: duckdb.DuckDBPyConnection) -> None:
    """For every stored hand: stacks and pot add up to the chips at the start on every
    step; the last step's stacks are the starting stacks plus the nets the replayer worked
    out, and what is left in the pot is the hand's rake; folded players hold no cards and
    nobody holds more than the variant deals."""
    hands = con.execute("SELECT hand_id, site, variant, rake FROM hands").fetchall()
    assert len(hands) > 400
    for hand_id, site, variant, rake in hands:
        replay = hand_replay(con, hand_id, site=site)
        players = con.execute(
            "SELECT starting_stack, net FROM players WHERE hand_key = "
            "(SELECT hand_key FROM hands WHERE hand_id = ? AND site = ?) ORDER BY seat",
            [hand_id, site]).fetchall()
        chips = sum(start for start, _ in players)
        most = max(cards_held(variant))
        assert [seat.stack for seat in replay.steps[0].seats] == [s for s, _ in players]
        for step in replay.steps:
            assert sum(seat.stack for seat in step.seats) + step.pot == chips, (hand_id, step)
            for seat in step.seats:
                assert len(seat.cards) + seat.hidden <= most, (hand_id, step)
                assert not (seat.folded and (seat.cards or seat.hidden)), (hand_id, step)
        last = replay.steps[-1]
        assert [seat.stack for seat in last.seats] == [s + net for s, net in players], hand_id
        assert (last.pot, last.pot_label) == (rake, "rake"), hand_id


def test_the_cards_follow_the_draws_and_the_showdown(con: duckdb.DuckDBPyConnection) -> None:
    replay = hand_replay(con, SINGLE_DRAW_HAND)
    hero = next(at for at, seat in enumerate(replay.seats) if seat["hero"])
    texts = [step.text for step in replay.steps]
    dealt = replay.steps[texts.index("Hero is dealt [Jh 7d 8c 2s 2d]")]
    assert dealt.seats[hero].cards == ["Jh", "7d", "8c", "2s", "2d"]
    drew = replay.steps[texts.index("Hero discards 1 [2d], draws [5s]")]
    assert drew.actor == hero
    assert drew.seats[hero].cards == ["Jh", "7d", "8c", "2s", "5s"]
    assert drew.seats[hero].last == "discards 1 [2d], draws [5s]"
    villain = next(at for at, seat in enumerate(replay.seats)
                   if seat["player"] == "FoldEquity42")
    assert drew.seats[villain].cards == [] and drew.seats[villain].hidden == 5
    # every shown hand is on the table once shown, as the replayer stored it
    shown = dict(con.execute(
        "SELECT player, shown_cards FROM players WHERE went_to_showdown AND hand_key = "
        "(SELECT hand_key FROM hands WHERE hand_id = ?)", [SINGLE_DRAW_HAND]).fetchall())
    for at, seat in enumerate(replay.seats):
        if shown.get(seat["player"]):
            assert replay.steps[-1].seats[at].cards == shown[seat["player"]].split()


def test_stud_hands_show_up_cards_and_count_the_hidden_ones(
        con: duckdb.DuckDBPyConnection) -> None:
    replay = hand_replay(con, "260306190000")  # razz, data/samples
    texts = [step.text for step in replay.steps]
    tilly = next(at for at, seat in enumerate(replay.seats) if seat["player"] == "Tilly Moss")
    antes = replay.steps[texts.index("Tilly Moss antes $0.10")]
    assert antes.seats[tilly].cards == [] and antes.seats[tilly].hidden == 0  # not dealt yet
    third = replay.steps[texts.index("Tilly Moss is dealt [8c]")]
    assert (third.seats[tilly].cards, third.seats[tilly].hidden) == (["8c"], 2)
    opponent = next(at for at, seat in enumerate(replay.seats)
                    if seat["player"] == "[bracket]man")
    seventh = replay.steps[texts.index("Hero bets $2.00", texts.index("Hero is dealt "
                                                                        "[Kc Td 5c 4h 8s Ah] "
                                                                        "[7c]"))]
    # four up cards known; two down cards and the seventh not
    assert (seventh.seats[opponent].cards, seventh.seats[opponent].hidden) == (
        ["2c", "Qd", "6d", "3s"], 3)


def test_the_page_is_one_file_and_no_name_can_break_out_of_its_data(
        con: duckdb.DuckDBPyConnection) -> None:
    replay = hand_replay(con, SINGLE_DRAW_HAND)
    page = hand_page(replay)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page and "@import" not in page
    hostile = HandReplay(
        title="</script><script>alert(1)</script>", subtitle="<!--", seats=replay.seats,
        steps=[Step(round="seats", text="</SCRIPT>", actor=None, pot=0, pot_text="$0.00",
                    pot_label="pot", seats=[])],
        result=[])
    page = hand_page(hostile)
    assert "<script>alert" not in page and "</SCRIPT>" not in page
    data = page.split('<script type="application/json" id="hand-data">')[1].split(
        "</script>")[0]
    assert json.loads(data)["title"] == hostile.title


def test_show_html_writes_the_page(tmp_path: Path, store: Path,
                                  con: duckdb.DuckDBPyConnection) -> None:
    # a copy: this module's open connection has another configuration than the CLI's
    database = tmp_path / "store.duckdb"
    database.write_bytes(store.read_bytes())
    target = tmp_path / "hand.html"
    result = CliRunner().invoke(app, ["show", SINGLE_DRAW_HAND, "--html", str(target),
                                      "--db", str(database)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"wrote {target}: pokerstars hand {SINGLE_DRAW_HAND}")
    assert "id=\"hand-data\"" in target.read_text(encoding="utf-8")
    missing = CliRunner().invoke(app, ["show", "404", "--html", str(tmp_path / "x.html"),
                                       "--db", str(database)])
    assert missing.exit_code == 1 and "no stored hand '404'" in missing.stderr
    assert not (tmp_path / "x.html").exists()
    with pytest.raises(HandNotFound):
        hand_replay(con, "404")


# --- in Chromium, with real clicks -------------------------------------------------------

FELT = (0x1F, 0x6B, 0x45)
HEART = (0xC8, 0x10, 0x2E)
"""Colours of the page's table and of a heart (hero holds the Jh)."""


def test_the_page_replays_the_hand_with_clicks_and_keys(
        tmp_path: Path, con: duckdb.DuckDBPyConnection) -> None:
    replay = hand_replay(con, SINGLE_DRAW_HAND)
    page_file = tmp_path / "hand.html"
    page_file.write_text(hand_page(replay), encoding="utf-8")
    steps = len(replay.steps)
    hero_seat = next(seat["seat"] for seat in replay.seats if seat["hero"])
    shot = tmp_path / "hand_replay_after_three_clicks.png"
    with opened(page_file) as seen:
        page = seen.page
        assert page.inner_text("#counter") == f"step 1 of {steps}"
        assert page.is_disabled("#back") and page.is_enabled("#next")
        for _ in range(3):
            page.click("#next")
        assert page.inner_text("#counter") == f"step 4 of {steps}"
        assert page.inner_text("#caption") == replay.steps[3].text
        assert page.inner_text("#pot") == f"pot {replay.steps[3].pot_text}"
        assert page.get_attribute(".seat.actor", "data-seat") == str(hero_seat)
        assert page.locator(f'.seat[data-seat="{hero_seat}"] .card').count() == 5
        page.screenshot(path=str(shot))
        page.keyboard.press("ArrowLeft")
        assert page.inner_text("#counter") == f"step 3 of {steps}"
        page.keyboard.press("End")
        assert page.inner_text("#counter") == f"step {steps} of {steps}"
        assert page.is_disabled("#next")
        assert page.inner_text("#pot") == f"rake {replay.steps[-1].pot_text}"
        assert "Hero +$8.93" in page.inner_text("#result")
        page.keyboard.press("Home")
        assert page.inner_text("#counter") == f"step 1 of {steps}"
        page.click('#log li[data-step="10"]')
        assert page.inner_text("#caption") == replay.steps[10].text
        page.click("#last")
        page.click("#back")
        assert page.inner_text("#counter") == f"step {steps - 1} of {steps}"
        seen.assert_offline_and_clean()
    assert ink_share(shot) > 0.3
    assert pixels_near(shot, FELT, 0) > 0.1 * WIDTH * HEIGHT, "no table on the screenshot"
    assert pixels_near(shot, HEART, 0) > 50, "no hero's heart on the screenshot"
