"""`hhparse odds`: every keep's exact chances at the last draw, against counts of outs made
by hand and against a brute force through the scalar evaluators (`hhparse rank`'s); several
draws are checked in tests/test_decisions.py."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from typer.testing import CliRunner

from hhparse.cards import DECK, format_cards, parse_cards
from hhparse.cli import app
from hhparse.evaluators.compare import rank_hands
from hhparse.odds import OddsError, every_keep


def odds_of(game: str, cards: str, keep: str, **options: object) -> float:
    wanted = parse_cards(keep)
    for odds in every_keep(game, cards, **options):  # type: ignore[arg-type]
        if odds.keep == wanted:
            return odds.p_target
    raise AssertionError(f"no keep {keep}")


def test_drawing_one_to_7542_in_deuce_to_seven() -> None:
    # a 3 or a 6 (4 each) makes 7-low, an 8 (4) 8-low; no flush or straight can come
    hand = "7s 5d 4h 2c Kd"
    assert odds_of("27", hand, "7s 5d 4h 2c", target="7-low") == pytest.approx(8 / 47)
    assert odds_of("27", hand, "7s 5d 4h 2c") == pytest.approx(12 / 47)  # 8-low or better
    # with two of the 3s seen among the others' discards
    assert odds_of("27", hand, "7s 5d 4h 2c", target="7-low", dead="3c 3h") == pytest.approx(
        6 / 45)


def test_drawing_one_to_a_three_card_badugi() -> None:
    # a club of none of the ranks A, 2, 3: 4c to Kc, 10 of the 48 unseen cards
    assert odds_of("badugi", "As 2d 3h Kh", "As 2d 3h") == pytest.approx(10 / 48)
    assert odds_of("badugi", "As 2d 3h Kh", "As 2d 3h", dead="4c 5c") == pytest.approx(8 / 46)


def test_every_keep_is_judged_best_first() -> None:
    found = every_keep("27", "7s 5d 4h Kc Kd")
    assert len(found) == 32 and len({odds.keep for odds in found}) == 32
    assert [odds.p_target for odds in found] == sorted((o.p_target for o in found),
                                                       reverse=True)
    assert format_cards(found[0].keep) == "7s 5d 4h"  # break the kings
    for odds in found:
        assert sum(odds.classes.values()) == pytest.approx(1.0)
    assert len(every_keep("badugi", "As 2d 3h Kh")) == 16


def test_the_fast_path_equals_a_brute_force_through_the_scalar_evaluators() -> None:
    hand, keep = parse_cards("Ah 2d 3c Kd Ks"), parse_cards("Ah 2d 3c")
    unseen = [card for card in DECK if card not in hand]
    made = Counter(ranked.hand_class for ranked in rank_hands("a5", [
        format_cards(keep + drawn) for drawn in combinations(unseen, 2)]))
    total = sum(made.values())
    [odds] = [odds for odds in every_keep("a5", format_cards(hand)) if odds.keep == keep]
    assert {name: Fraction(count, total) for name, count in made.items()} == {
        name: Fraction(chance).limit_denominator(total) for name, chance in odds.classes.items()}
    wanted = ("7-low", "6-low", "5-low")
    assert odds.p_target == pytest.approx(sum(made[name] for name in wanted) / total)


@pytest.mark.parametrize(("arguments", "message"), [
    (("high", "As 2d 3h Kh 5c", {"draws": 2}), "lowball games (2-7, A-5) and Badugi"),
    (("27", "7s 5d 4h Kc Kd", {"draws": 0}), "draws left must be 1 or more"),
    (("27", "7s 5d 4h Kc", {}), "holds 5 cards; got 4"),
    (("27", "7s 7s 4h Kc Kd", {}), "given twice"),
    (("27", "7s 5d 4h Kc Kd", {"dead": "7s"}), "given twice"),
    (("omaha", "7s 5d 4h Kc Kd", {}), "unknown game 'omaha'"),
    (("27", "7s 5d 4h Kc Kd", {"target": "9-high"}), "'9-high' is not a class"),
    (("badeucey", "As 2d 3h Kh 5c", {}), "splits the pot"),
])
def test_what_cannot_be_judged_says_why(arguments: tuple[str, str, dict[str, object]],
                                        message: str) -> None:
    game, cards, options = arguments
    with pytest.raises(OddsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        every_keep(game, cards, **options)  # type: ignore[arg-type]


def test_the_command_prints_json_best_first() -> None:
    result = CliRunner().invoke(app, ["odds", "27", "7s 5d 4h Kc Kd", "--target", "8-low",
                                      "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert len(found) == 32 and set(found[0]) == {"keep", "draw", "p_target", "classes"}
    assert found[0]["keep"] == "7s 5d 4h" and found[0]["draw"] == 2
    table = CliRunner().invoke(app, ["odds", "badugi", "As 2d 3h Kh"])
    assert table.exit_code == 0 and "20.83%" in table.stdout
    refused = CliRunner().invoke(app, ["odds", "high", "As 2d 3h Kh 5c", "--draws", "2"])
    assert refused.exit_code == 1 and "lowball games" in refused.stderr


def test_badugi_over_several_draws_is_dealt_with_its_errors() -> None:
    result = CliRunner().invoke(app, ["odds", "badugi", "As 2d 3h Kh", "--draws", "3",
                                      "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert len(found) == 16
    assert set(found[0]) == {"keep", "draw", "p_target", "classes", "p_error", "samples"}
    # the 3 or the king beside A-2: the same chance of any badugi, within the errors
    assert found[0]["keep"] in ("As 2d 3h", "As 2d Kh") and found[0]["samples"] == 10_000
    # three tries at one of ten cards, about 1 - (38/48 * 37/47 * 36/46)
    assert found[0]["p_target"] == pytest.approx(0.51, abs=4 * found[0]["p_error"] + 0.01)
    table = CliRunner().invoke(app, ["odds", "badugi", "As 2d 3h Kh", "--draws", "2"])
    assert table.exit_code == 0 and " ± " in table.stdout


def test_the_command_judges_several_draws() -> None:
    result = CliRunner().invoke(app, ["odds", "27", "7s 5d 4h 2c Kd", "--draws", "2",
                                      "--json"])
    assert result.exit_code == 0, result.output
    best = json.loads(result.stdout)[0]
    assert best["keep"] == "7s 5d 4h 2c" and best["draw"] == 1
    assert best["p_target"] == pytest.approx(12 / 47 + 35 / 47 * 12 / 46, abs=1e-6)
    assert sum(best["classes"].values()) == pytest.approx(1.0, abs=1e-5)
