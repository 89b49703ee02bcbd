"""`hhparse rank`: arranged through the library, acted through the CLI runner."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hhparse.cards import DECK, Card
from hhparse.cli import app
from hhparse.evaluators import RANKINGS
from hhparse.evaluators.compare import FIVE_CARD_RULES, judge

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_issue_example_ranks_one_two_three_in_input_order() -> None:
    code, out, _ = run("rank", "27", "7s 5d 4h 3c 2s", "Ac 2d 3h 4s 5c", "6h 5d 4c 3s 2h", "--json")
    assert code == 0
    assert json.loads(out) == [
        {"cards": "7s 5d 4h 3c 2s", "rank": 1, "class": "7-low", "description": "Lo: 7,5,4,3,2"},
        {"cards": "Ac 2d 3h 4s 5c", "rank": 2, "class": "A-low", "description": "Lo: A,5,4,3,2"},
        {
            "cards": "6h 5d 4c 3s 2h",
            "rank": 3,
            "class": "straight",
            "description": "Lo: a straight, Deuce to Six",
        },
    ]


def test_equal_hands_share_a_rank_and_the_next_rank_skips() -> None:
    hands = ("Ah Kd Qc Js 9h", "As Kh Qd Jc 9s", "2c 3d 4h 5s 7c")
    code, out, _ = run("rank", "high", *hands, "--json")
    assert code == 0
    assert [hand["rank"] for hand in json.loads(out)] == [1, 1, 3]


def test_plain_output_is_a_table_best_first() -> None:
    code, out, _ = run("rank", "badugi", "Kc Qd Jh Ts", "As 2d 3c 4h")
    assert code == 0
    assert out.index("As 2d 3c 4h") < out.index("Kc Qd Jh Ts")
    assert "Badugi: 4,3,2,A" in out and "Badugi: K,Q,J,T" in out


def test_razz_plays_the_best_five_of_seven() -> None:
    code, out, _ = run("rank", "razz", "Ah 2c 3d 4s 8h Kc Kd", "Ah 2d 3c 5s 6h 6c 6d", "--json")
    assert code == 0
    hands = json.loads(out)
    assert [hand["description"] for hand in hands] == ["Lo: 8,4,3,2,A", "Lo: 6,5,3,2,A"]
    assert [hand["rank"] for hand in hands] == [2, 1]


def test_split_games_show_both_halves_and_the_pot_share() -> None:
    code, out, _ = run("rank", "badeucey", "Kc 5d 4h 3s 2c", "7d 5h 4s 3c 2d", "--json")
    assert code == 0
    first, second = json.loads(out)
    assert first["halves"][0] == {
        "half": "badugi", "rank": 1, "class": "4-card badugi", "description": "Badugi: 5,4,3,2",
    }
    assert first["halves"][1]["description"] == "Lo: K,5,4,3,2"
    assert (first["share"], second["share"]) == ("1/4", "3/4")
    assert (first["rank"], second["rank"]) == (2, 1)
    assert second["description"] == "Badugi: 5,4,3,2; Lo: 7,5,4,3,2"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rank", "27", "7s 5d 4h 3c"), "has 4 cards; this game needs 5"),
        (("rank", "27", "7s 5d 4h 3c 1c"), "not a card: '1c'"),
        (("rank", "omaha", "Ah Kh Qh Jh"), "unknown game 'omaha'"),
        (("rank", "badugi", "Ah Ah 3c 4d"), "hand 1: Ah appears twice"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_code_one(
    args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(*args)
    assert code == 1
    assert out == ""
    assert err.startswith("Error: ") and message in err and err.count("\n") == 1


def test_every_command_has_help() -> None:
    names = [command.name for command in app.registered_commands]
    code, out, _ = run("--help")
    assert code == 0 and "rank" in names
    for name in names:
        assert name is not None and name in out
        code, help_text, _ = run(name, "--help")
        assert code == 0 and len(help_text) > 50, name


HEAVY_MODULES = ("duckdb", "polars", "numpy", "pydantic")
"""What a command that touches no store must not import (start-up: issue 14)."""


@pytest.mark.parametrize("hands", [("27", "7s 5d 4h 3c 2s"), ("razz", "As Kd 2c 3h 4s 5d 6c"),
                                   ("27", "7s5d")])
def test_rank_imports_no_store_table_or_validation_library(hands: tuple[str, str]) -> None:
    """A fresh interpreter: ranking (and refusing a bad card) loads none of them."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from hhparse.cli import main\n"
        f"sys.argv = ['hhparse', 'rank', {hands[0]!r}, {hands[1]!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in {HEAVY_MODULES!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


hands_of = st.integers(min_value=5, max_value=7).flatmap(
    lambda size: st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True))


@pytest.mark.parametrize("ranking_id", sorted(FIVE_CARD_RULES))
@settings(max_examples=300, deadline=None)
@given(pair=st.tuples(hands_of, hands_of))
def test_the_rule_judges_as_the_tables_do(ranking_id: str, pair: tuple[list[Card], ...]) -> None:
    """`rank` judges a few hands by the five-card rule itself (no table): the same order,
    class and description as the evaluators' tables."""
    ranking = RANKINGS[ranking_id]
    sizes = (5,) if ranking_id == "27" else (5, 6, 7)
    first, second = (tuple(hand[: sizes[-1]]) if len(hand) in sizes else tuple(hand[:5])
                     for hand in pair)
    judged = [judge(ranking_id, hand) for hand in (first, second)]
    evaluated = [ranking.evaluate(hand) for hand in (first, second)]
    assert (judged[0].key > judged[1].key) == (evaluated[0].value > evaluated[1].value)
    assert (judged[0].key == judged[1].key) == (evaluated[0].value == evaluated[1].value)
    for one, other in zip(judged, evaluated, strict=True):
        assert (one.hand_class, one.description) == (other.hand_class, other.description)
