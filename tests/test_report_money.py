"""Money as people read it in the formats for people, integers in the machine formats, and
player_summary's rows one stake each (its nets and rates checked against sums made here from
the replayer's results, not by the report's SQL)."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterator
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hhparse.columns import dealt_in
from hhparse.ingest import ingest
from hhparse.money import AmountError, _parse_any_amount, display_amount, parse_amount, unit_label
from hhparse.pipeline import read_file
from hhparse.replay import ReplayResult, Status
from hhparse.reports.catalog import get_report
from hhparse.reports.render import money_for_people, render_text, rich_table, to_table_text
from hhparse.reports.run import run_report

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "samples"


@pytest.mark.parametrize(("minor", "unit", "currency", "text"), [
    (2790790, "cents", "USD", "$27,907.90"),
    (125000, "cents", "EUR", "€1,250.00"),
    (-4000, "cents", "EUR", "-€40.00"),
    (5, "cents", "GBP", "£0.05"),
    (12500, "chips", "chips", "12,500 chips"),
    (-1234567, "chips", "chips", "-1,234,567 chips"),
    (125050, "cents", "play", "1,250.50 play chips"),
    (199, "cents", "CAD", "1.99 CAD"),
    (0, "cents", "USD", "$0.00"),
])
def test_amounts_as_people_read_them(minor: int, unit: str, currency: str, text: str) -> None:
    assert display_amount(minor, unit, currency) == text


def test_a_column_of_one_unit_names_it_in_its_header_and_holds_the_numbers() -> None:
    assert display_amount(2790790, "cents", "USD", with_unit=False) == "27,907.90"
    assert display_amount(-12500, "chips", "chips", with_unit=False) == "-12,500"
    assert [unit_label(*kind) for kind in (("cents", "USD"), ("cents", "EUR"),
                                           ("chips", "chips"), ("cents", "play"),
                                           ("cents", "CAD"))] == [
        "$", "€", "chips", "play chips", "CAD"]


@given(st.integers(min_value=-10**12, max_value=10**12), st.sampled_from(["USD", "EUR"]))
def test_a_shown_amount_reads_back_as_the_same_minor_units(minor: int, currency: str) -> None:
    text = display_amount(minor, "cents", currency)
    assert parse_amount(text.lstrip("-"), 2) * (-1 if text.startswith("-") else 1) == minor


def _frame(units: list[tuple[str, str]], nets: list[int | None]) -> pl.DataFrame:
    return pl.DataFrame({"player": [f"p{i}" for i in range(len(nets))],
                         "unit": [unit for unit, _ in units],
                         "currency": [currency for _, currency in units],
                         "net": pl.Series(nets, dtype=pl.Int64)})


def test_one_unit_the_header_says_it_mixed_units_each_cell_says_its_own() -> None:
    one = _frame([("cents", "USD")] * 2, [2790790, None])
    shown, amounts = money_for_people(one, ("net",))
    assert shown.columns == ["player", "unit", "currency", "net ($)"]
    assert shown["net ($)"].to_list() == ["27,907.90", None]
    assert amounts == {"net ($)"}
    mixed = _frame([("cents", "USD"), ("chips", "chips"), ("cents", "EUR")],
                   [-4000, 12500, 125000])
    shown, _ = money_for_people(mixed, ("net",))
    assert shown["net"].to_list() == ["-$40.00", "12,500 chips", "€1,250.00"]


def test_the_formats_for_people_show_money_the_machine_formats_keep_minor_units() -> None:
    frame = _frame([("cents", "USD"), ("chips", "chips")], [2790790, -12500])
    for format in ("markdown", "html", "table"):
        text = render_text(frame, format, money=("net",))
        assert "$27,907.90" in text and "-12,500 chips" in text, format
        assert "2790790" not in text, format
    assert render_text(frame, "markdown", money=("net",)).splitlines()[1].endswith("| ---: |")
    assert json.loads(render_text(frame, "json", money=("net",)))[0]["net"] == 2790790
    assert render_text(frame, "csv", money=("net",)).splitlines()[1] == "p0,cents,USD,2790790"
    table = rich_table(frame, "t", ("net",))
    assert table.columns[-1].justify == "right"


def test_without_unit_columns_or_money_columns_nothing_changes() -> None:
    frame = pl.DataFrame({"net": [2790790]})
    assert money_for_people(frame, ("net",))[0].equals(frame)
    assert "2790790" in to_table_text(frame, money=("net",))


def test_the_reports_name_their_money_columns() -> None:
    assert get_report("player_summary").money == ("net",)


def _accepted(paths: list[Path]) -> Iterator[tuple[ReplayResult, str, str | None]]:
    """Each accepted hand of ``paths``, its unit and its stakes as sites print them (small
    bet / big bet in fixed limit, small blind / big blind in pot and no limit), made here."""
    for path in paths:
        for replayed in read_file(path).hands:
            if replayed.status is not Status.ACCEPTED:
                continue
            hand = replayed.hand
            unit = "chips" if hand.currency == "chips" else "cents"
            stakes = hand.stakes
            fixed = hand.structure is not None and hand.structure.value == "fl"
            small, big = ((stakes.small_bet, stakes.big_bet)
                          if fixed or stakes.big_blind is None
                          else (stakes.small_blind, stakes.big_blind))
            text = None if small is None or big is None else (
                f"{small / 100:.2f}/{big / 100:.2f}" if unit == "cents" else f"{small}/{big}")
            yield replayed, unit, text


def _expected_summary(paths: list[Path]) -> dict[tuple[object, ...], tuple[int, int, float | None]]:
    """(player, variant, unit, currency, structure, stakes) -> (hands, net, big bets / 100),
    summed here from the replayer's results."""
    hands: dict[tuple[object, ...], int] = defaultdict(int)
    nets: dict[tuple[object, ...], int] = defaultdict(int)
    big_bets: dict[tuple[object, ...], Decimal] = defaultdict(Decimal)
    measured: dict[tuple[object, ...], int] = defaultdict(int)
    for replayed, unit, stakes_text in _accepted(paths):
        hand = replayed.hand
        structure = hand.structure.value if hand.structure is not None else None
        stakes = hand.stakes
        measure = stakes.big_bet if stakes.big_bet is not None else stakes.big_blind
        for player, dealt in zip(replayed.players, dealt_in(replayed), strict=True):
            if not dealt:
                continue
            key = (player.player, hand.variant_id, unit, hand.currency, structure, stakes_text)
            hands[key] += 1
            nets[key] += player.net
            if measure:
                big_bets[key] += Decimal(player.net) / Decimal(measure)
                measured[key] += 1
    return {
        key: (hands[key], nets[key], None if not measured[key] else float(
            (100 * big_bets[key] / measured[key]).quantize(Decimal("0.01"), ROUND_HALF_EVEN)))
        for key in hands
    }


def test_player_summary_nets_and_rates_per_stake_match_sums_made_from_the_replays(
    tmp_path: Path,
) -> None:
    paths = sorted(SAMPLES.glob("*.txt"))
    database = tmp_path / "store.duckdb"
    ingest(paths, database)
    frame = run_report(database, "player_summary")
    got = {
        (row["player"], row["variant"], row["unit"], row["currency"], row["structure"],
         row["stakes"]): (row["hands"], row["net"], row["net_big_bets_per_100"])
        for row in frame.iter_rows(named=True)
    }
    expected = _expected_summary(paths)
    assert len({key[5] for key in expected}) > 3  # the samples hold several stakes
    assert got.keys() == expected.keys()
    for key, (count, net, rate) in expected.items():
        got_count, got_net, got_rate = got[key]
        assert (got_count, got_net) == (count, net), key
        assert (got_rate is None) == (rate is None), key
        if rate is not None:
            assert got_rate == pytest.approx(rate, abs=0.011), key


def test_an_unknown_variant_is_an_error_that_lists_the_ids(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hhparse.cli import app

    database = tmp_path / "store.duckdb"
    ingest([SAMPLES / "badugi.txt"], database)
    result = CliRunner().invoke(app, ["report", "player_summary", "--db", str(database),
                                      "--variant", "badgui"])
    assert result.exit_code != 0
    assert "unknown variant 'badgui'" in result.output
    assert "badugi" in result.output and "27_triple_draw" in result.output
    ok = CliRunner().invoke(app, ["report", "player_summary", "--db", str(database),
                                  "--variant", "badugi", "-f", "json"])
    assert ok.exit_code == 0 and json.loads(ok.stdout)


def test_every_report_says_which_filters_it_ran_with(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hhparse.cli import app

    database = tmp_path / "store.duckdb"
    ingest([SAMPLES / "badugi.txt"], database)
    runner = CliRunner()
    table = runner.invoke(app, ["report", "player_summary", "--db", str(database),
                                "--variant", "badugi", "--since", "2020-01-02"])
    assert "filters: variant=badugi, since=2020-01-02" in table.output
    html_page = runner.invoke(app, ["report", "player_summary", "--db", str(database),
                                    "-f", "html"])
    assert "no filters: every hand stored" in html_page.output
    as_json = runner.invoke(app, ["report", "player_summary", "--db", str(database),
                                  "-f", "json", "--player", "Ada Lovelace"])
    assert "filters: player=Ada Lovelace" in as_json.stderr
    assert json.loads(as_json.stdout)[0]["player"] == "Ada Lovelace"


def _player_hands_by_scope(paths: list[Path]) -> list[dict[str, object]]:
    """One row per dealt-in player of each accepted hand, with the hand's site, stakes,
    game and table size classified here (not by the reports' SQL)."""
    found = []
    for replayed, _, stakes_text in _accepted(paths):
        hand = replayed.hand
        dealt = dealt_in(replayed)
        seats = hand.max_seats or sum(dealt)
        size = "heads_up" if seats <= 2 else "short" if seats <= 6 else "full"
        found.extend(
            {"site": hand.site, "stakes": stakes_text, "table_size": size,
             "game": "cash" if hand.tournament is None else "tournament", "net": player.net}
            for player, in_hand in zip(replayed.players, dealt, strict=True) if in_hand)
    return found


@pytest.mark.parametrize("scope", [
    {"game": "tournament"}, {"game": "cash"}, {"table_size": "short"},
    {"table_size": "full"}, {"table_size": "heads_up"}, {"stakes": "0.25/0.50"},
    {"stakes": "20/40"}, {"site": "pokerstars"}, {"site": "fulltilt"},
    {"game": "cash", "stakes": "1.00/2.00", "table_size": "short"},
])
def test_the_filters_keep_exactly_the_hands_they_name(
    tmp_path: Path, scope: dict[str, str],
) -> None:
    paths = sorted(SAMPLES.glob("*.txt"))
    database = tmp_path / "store.duckdb"
    ingest(paths, database)
    kept = [row for row in _player_hands_by_scope(paths)
            if all(row[name] == value for name, value in scope.items())]
    assert kept or scope == {"site": "fulltilt"}  # the samples are all PokerStars
    frame = run_report(database, "player_summary", scope)
    assert int(frame["hands"].sum() or 0) == len(kept)
    assert int(frame["net"].sum() or 0) == sum(int(str(row["net"])) for row in kept)
    if "stakes" in scope:
        assert set(frame["stakes"]) <= {scope["stakes"]}
    for name in ("draw_frequencies", "showdown_outcomes", "draw_improvement",
                 "razz_third_street"):
        run_report(database, name, scope)  # every report takes the same filters


def _hero_rows(paths: list[Path], hero: str) -> list[tuple[object, ...]]:
    """(started_at, hand_id, unit, currency, structure, stakes, net) of each hand ``hero``
    was dealt into, in time order."""
    found = []
    for replayed, unit, stakes_text in _accepted(paths):
        hand = replayed.hand
        for player, dealt in zip(replayed.players, dealt_in(replayed), strict=True):
            if player.player == hero and dealt:
                found.append((hand.started_at, hand.hand_id, unit, hand.currency,
                              hand.structure.value if hand.structure else None, stakes_text,
                              player.net))
    return sorted(found, key=lambda row: (row[0], row[1]))


def _periods(rows: list[tuple[object, ...]], by: str) -> dict[tuple[object, ...], list[int]]:
    """(period, unit, currency, structure, stakes) -> [hands, net], periods made here: UTC
    days, or sessions ending after 30 minutes without a hand."""
    from datetime import timedelta

    found: dict[tuple[object, ...], list[int]] = defaultdict(lambda: [0, 0])
    session, last = 0, None
    for started_at, _, *kind, net in rows:
        if last is None or started_at - last > timedelta(minutes=30):
            session += 1
        last = started_at
        period = f"session {session}" if by == "session" else started_at.strftime("%Y-%m-%d")
        found[(period, *kind)][0] += 1
        found[(period, *kind)][1] += int(str(net))
    return dict(found)


@pytest.mark.parametrize("by", ["day", "session"])
def test_results_per_day_and_session_match_periods_made_from_the_replays(
    tmp_path: Path, by: str,
) -> None:
    paths = sorted(SAMPLES.glob("*.txt"))
    database = tmp_path / "store.duckdb"
    ingest(paths, database)
    frame = run_report(database, "results", {"by": by})
    assert set(frame["hero"]) == {"Hero"}  # the store's hero: dealt face-down cards most
    rows = _hero_rows(paths, "Hero")
    expected = _periods(rows, by)
    got = {(row["period"], row["unit"], row["currency"], row["structure"], row["stakes"]):
           [row["hands"], row["net"]] for row in frame.iter_rows(named=True)}
    assert got == expected
    assert len({key[0] for key in expected}) > 3
    last: dict[tuple[object, ...], int] = {}
    for row in frame.iter_rows(named=True):  # in time order: the running total at the end
        last[(row["unit"], row["currency"], row["structure"], row["stakes"])] = (
            row["cumulative_net"])
    totals: dict[tuple[object, ...], int] = defaultdict(int)
    for *_, unit, currency, structure, stakes, net in rows:
        totals[(unit, currency, structure, stakes)] += int(str(net))
    assert last == dict(totals)


def test_hero_is_the_player_of_reports_without_a_hero(tmp_path: Path) -> None:
    database = tmp_path / "store.duckdb"
    ingest([SAMPLES / "badugi.txt"], database)
    as_hero = run_report(database, "player_summary", {"hero": "Ada Lovelace"})
    assert set(as_hero["player"]) == {"Ada Lovelace"}
    with pytest.raises(ValueError, match="give hero or player"):
        run_report(database, "player_summary", {"hero": "Ada Lovelace", "player": "El Gato"})
    mine = run_report(database, "results", {"hero": "Ada Lovelace", "by": "hand"})
    assert set(mine["hero"]) == {"Ada Lovelace"} and mine.height == int(as_hero["hands"].sum())


def test_all_stakes_puts_the_stakes_of_a_currency_in_one_row_adding_big_bets(
    tmp_path: Path,
) -> None:
    from typer.testing import CliRunner

    from hhparse.cli import app

    database = tmp_path / "store.duckdb"
    ingest(sorted(SAMPLES.glob("*.txt")), database)
    per_stake = run_report(database, "player_summary", {"player": "Hero"})
    together = run_report(database, "player_summary", {"player": "Hero", "all_stakes": True})
    assert set(together["stakes"]) == {"all"} and per_stake["stakes"].n_unique() > 1
    keys = ["variant", "unit", "currency", "structure"]
    summed = per_stake.group_by(keys).agg(
        pl.col("hands").sum(), pl.col("net").sum(),
        (pl.col("net_big_bets_per_100") * pl.col("hands")).sum().alias("big_bets_x100"))
    joined = together.join(summed, on=keys, suffix="_summed")
    assert joined.height == together.height == summed.height
    assert joined["hands"].to_list() == joined["hands_summed"].to_list()
    assert joined["net"].to_list() == joined["net_summed"].to_list()
    for rate, big_bets_x100, hands in joined.select(
            "net_big_bets_per_100", "big_bets_x100", "hands").iter_rows():
        assert rate == pytest.approx(big_bets_x100 / hands, abs=0.02 * len(per_stake))
    flag = CliRunner().invoke(app, ["report", "results", "--db", str(database),
                                    "--all-stakes", "-f", "json"])
    assert flag.exit_code == 0 and {row["stakes"] for row in json.loads(flag.stdout)} == {"all"}


def test_sessions_match_sittings_made_from_the_replays(tmp_path: Path) -> None:
    paths = sorted(SAMPLES.glob("*.txt"))
    database = tmp_path / "store.duckdb"
    ingest(paths, database)
    frame = run_report(database, "sessions", {})
    expected: dict[tuple[object, ...], list[int]] = defaultdict(lambda: [0, 0])
    for (period, unit, currency, _, _), (hands, net) in _periods(
            _hero_rows(paths, "Hero"), "session").items():
        expected[(int(str(period).split()[1]), unit, currency)][0] += hands
        expected[(int(str(period).split()[1]), unit, currency)][1] += net
    got = {(row["session"], row["unit"], row["currency"]): [row["hands"], row["net"]]
           for row in frame.iter_rows(named=True)}
    assert got == dict(expected)
    assert frame["session"].max() == len({key[0] for key in expected}) > 3
    assert all(minutes >= 0 for minutes in frame["minutes"])
    shown = _printed_table(database, "sessions")
    assert "net ($)" not in shown and "$" in shown  # USD and chips rows: each cell its unit


def _printed_table(database: Path, report: str) -> str:
    from typer.testing import CliRunner

    from hhparse.cli import app

    result = CliRunner().invoke(app, ["report", report, "--db", str(database)])
    assert result.exit_code == 0, result.output
    return result.stdout


_AMOUNT_TEXTS = st.lists(st.sampled_from([*"0123456789", ".", ",", "$", "€", " ", "USD", "٣"]),
                         max_size=10).map("".join)


@given(st.one_of(_AMOUNT_TEXTS, st.decimals(min_value=0, max_value=10**9, places=3).map(str),
                 st.integers(min_value=0, max_value=10**12).map(lambda n: f"${n / 100}")),
       st.sampled_from([0, 2]))
def test_the_quick_reading_of_an_amount_is_the_full_one(text: str, decimals: int) -> None:
    """:func:`parse_amount` reads plain spellings without its expressions: same answers."""
    def outcome(read: Callable[[str, int], int]) -> int | str:
        try:
            return read(text, decimals)
        except AmountError:
            return "error"
    assert outcome(parse_amount) == outcome(_parse_any_amount)
