"""The players' and draws' facts of a batch's frames, derived in polars where the hands are
read (the ingest's workers), so that the single writer only appends complete rows.

The definitions are those of the store's SQL (``sql/store/derive_draw_facts.sql`` and
``derive_player_facts.sql``, which derive the same columns for rows already stored; the
README's database section defines each column): each step below names the SQL step it
mirrors, and ``tests/test_store_facts_in_workers.py`` checks that both give the same rows,
over the corpus and generated hands of every variant (``benchmarks/facts_equal.py`` over
100,000). Where the SQL's three-valued logic decides (the fifth card of a badugi hand is
NULL), polars' Kleene logic gives the same answer; ``greatest``/``least``, ``min`` and
``bool_or`` skip NULLs as ``max_horizontal``/``min_horizontal``, ``min`` and ``any`` do.

A hand is known by its row in the batch here (the writer gives the keys): the frames come
from :func:`~hhparse.store.frames.frames_for`, whose child rows carry it. Rows keep their
order, and the actions come in hand then ``seq`` order (``frames_for`` makes them so;
``tests/test_store_facts_in_workers.py`` checks it): a hand's lines need no sort. The
expressions that do not depend on the frames are built once per process (``@cache``):
building them anew took about as long as running them on a task.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Final

import polars as pl

from hhparse.records import Kind
from hhparse.store.frames import BATCH_HAND, ENGINE, Frames
from hhparse.variants import BY_ID

__all__ = ["derive_frame_facts"]

KEY: Final = [BATCH_HAND]
"""A hand: its row in the batch's hands frame (its children's ``batch_hand``). An integer:
the joins and windows below on the two texts (site, hand id) took ~30% more CPU time."""
_PLAYER_KEY: Final = [*KEY, "player"]

LAST_DRAW: Final = {id: v.draws.count for id, v in BY_ID.items() if v.draws is not None}
"""Each draw game's last draw round."""
STUD: Final = tuple(id for id, v in BY_ID.items() if v.is_stud)
DEUCE_TO_SEVEN: Final = ("27_single_draw", "27_triple_draw")
ACE_TO_FIVE: Final = ("a5_single_draw", "a5_triple_draw")

HIGH_RANKS: Final = "23456789TJQKA"
"""Rank r of a card is its place here (deuce 1 .. ace 13)."""
LOW_RANKS: Final = "A23456789TJQK"
"""Low rank l (ace 1 .. king 13)."""

_KINDS: Final = pl.Enum([kind.value for kind in Kind])
"""The facts read an action's kind as this: a dozen look-ups of it in sets of kinds
(``is_in``) then compare small integers, not texts (best of 12 interleaved, the facts of
1,660 triple-draw hands 20.2 -> 19.8 us a hand, Razz 33.4 -> 32.2)."""
ENTRIES: Final = ("call", "bet", "raise", "complete")
AGGRESSIVE: Final = ("bet", "raise", "complete")

_CARDS: Final = range(1, 6)
_PAIRS: Final = tuple((i, j) for i in _CARDS for j in _CARDS if i < j)


def derive_frame_facts(frames: Frames) -> Frames:
    """``frames`` with the players' and draws' facts (``DERIVED_COLUMNS`` but the keys)."""
    if not frames.hands.height:
        return frames
    # a hand met again in the batch has a row of its own, which no child row points to
    hands = (frames.hands.lazy().with_row_index(BATCH_HAND)
             .select(pl.col(BATCH_HAND).cast(pl.Int64), "variant", "players_dealt"))
    draws = _draw_facts(frames.draws.lazy().with_row_index("frame_row"), hands)
    games = _games(frames.hands)
    players = _player_facts(frames.players.lazy().with_row_index("frame_row"),
                            frames.actions.lazy(), draws, hands, games)
    players_df, draws_df = pl.collect_all([
        players.sort("frame_row").drop("frame_row"),
        draws.sort("frame_row").drop("frame_row", "variant"),
    ], engine=ENGINE)
    return replace(frames, players=players_df, draws=draws_df)


# --- draws ----------------------------------------------------------------------------------

def _draw_facts(draws: pl.LazyFrame, hands: pl.LazyFrame) -> pl.LazyFrame:
    """derive_draw_facts.sql: the pats (``pats``, ``pat_facts``), then what a draw of known
    cards kept and made (``known_draws`` .. ``card_facts``); with the hand's ``variant``."""
    with_variant = draws.join(hands.select(*KEY, "variant"), on=KEY, how="left")
    pats = _pat_facts(with_variant)
    cards = _card_facts(with_variant)
    return pats.join(cards, on="frame_row", how="left")


@cache
def _last_round() -> pl.Expr:
    """The variant's last draw round."""
    return pl.col("variant").replace_strict(LAST_DRAW, default=None, return_dtype=pl.Int64)


def _pow2(exponent: pl.Expr) -> pl.Expr:
    return pl.lit(2, dtype=pl.Int64).pow(exponent.cast(pl.Int64))


def _pat_facts(draws: pl.LazyFrame) -> pl.LazyFrame:
    """pats, pat_facts: ``pat_rounds`` has bit (r - 1) set when the player stood pat at draw
    r (shifts are written as powers of two)."""
    r = pl.col("draw_round").cast(pl.Int64)
    pat_rounds = (pl.when(pl.col("discarded") == 0).then(_pow2(r - 1)).otherwise(0)
                  .sum().over(_PLAYER_KEY))
    rounds = pl.col("pat_rounds")
    return draws.with_columns(pat_rounds=pat_rounds).with_columns(
        pat_since_deal=(rounds % _pow2(r)) == _pow2(r) - 1,
        pat_at_previous=(r > 1) & ((rounds // _pow2((r - 2).clip(lower_bound=0))) % 2 == 1),
        pat_to_end=(rounds // _pow2(r - 1))
        == _pow2((_last_round() - r + 1).clip(lower_bound=0)) - 1,
    ).drop("pat_rounds")


def _card_facts(draws: pl.LazyFrame) -> pl.LazyFrame:
    """known_draws, cards, shapes, classes, card_facts: ``frame_row``, ``holding`` and
    ``made_class`` of the draws where the player drew and every card is known."""
    known = draws.filter(
        (pl.col("discarded") > 0) & pl.col("hand_before").is_not_null()
        & pl.col("hand_after").is_not_null() & pl.col("new_cards").is_not_null()
    ).select("frame_row", "variant", "discarded", "new_cards",
             after=pl.col("hand_after").str.split(" "))
    return (known.with_columns(_card_columns()).with_columns(_shape_columns())
            .with_columns(_class_columns())
            .select("frame_row", holding=_holding(), made_class=_made_class()))


@cache
def _card_columns() -> tuple[pl.Expr, ...]:
    """cards: per card i of the hand after the draw, ranks r_i and l_i, suit s_i, and k_i
    (the card was kept); NULL where the hand has no card i."""
    columns: list[pl.Expr] = []
    for i in _CARDS:
        card = pl.col("after").list.get(i - 1, null_on_oob=True)
        rank = card.str.slice(0, 1)
        columns += [
            _place_in(HIGH_RANKS, rank).alias(f"r{i}"),
            _place_in(LOW_RANKS, rank).alias(f"l{i}"),
            card.str.slice(1, 1).alias(f"s{i}"),
            (~pl.col("new_cards").str.contains(card, literal=True)).alias(f"k{i}"),
        ]
    return tuple(columns)


def _place_in(text: str, char: pl.Expr) -> pl.Expr:
    """SQL's ``instr(text, char)`` for one character: its 1-based place, 0 when absent (and
    for NULL and the empty text).

    A search of the text, not ``replace_strict``: that lookup cost ~0.4 ms per use per
    task, whatever its rows (a fixed 10 ms of the card facts' 25 on a task of 10 hands)."""
    found = pl.lit(text).str.find(char, literal=True).cast(pl.Int64) + 1
    return pl.when(char == "").then(pl.lit(0, dtype=pl.Int64)).otherwise(found.fill_null(0))


def _col(name: str, i: int) -> pl.Expr:
    return pl.col(f"{name}{i}")


def _count_true(terms: list[pl.Expr]) -> pl.Expr:
    """The sum of ``term::INT``: NULL when any term is NULL (SQL's ``+``)."""
    total = terms[0].cast(pl.Int64)
    for term in terms[1:]:
        total = total + term.cast(pl.Int64)
    return total


@cache
def _kept_pairs(name: str) -> pl.Expr:
    """How many pairs of kept cards share rank (``r``) or suit (``s``): the first four cards,
    then pairs with the fifth, each sum NULL -> 0 (as the SQL's two coalesces)."""
    def same(i: int, j: int) -> pl.Expr:
        return _col("k", i) & _col("k", j) & (_col(name, i) == _col(name, j))

    first_four = [same(i, j) for i, j in _PAIRS if j < 5]
    with_fifth = [same(i, 5) for i in range(1, 5)]
    return _count_true(first_four).fill_null(0) + _count_true(with_fifth).fill_null(0)


def _kept(name: str) -> list[pl.Expr]:
    return [pl.when(_col("k", i)).then(_col(name, i)) for i in _CARDS]


@cache
def _shape_columns() -> tuple[pl.Expr, ...]:
    """shapes: pairs of one rank, one suit, top and bottom ranks, the badugi pairs v_ij."""
    ranks = [_col("r", i) for i in _CARDS]
    suits = [_col("s", i) for i in _CARDS]
    suited = suits[0] == suits[1]
    for suit in suits[2:]:
        suited = suited & (suits[0] == suit)
    rank_sum = ranks[0]
    for rank in ranks[1:]:
        rank_sum = rank_sum + rank
    return (
        _count_true([_col("r", i) == _col("r", j) for i, j in _PAIRS]).alias("same_rank"),
        suited.alias("suited"),
        pl.max_horizontal(ranks).alias("top"),
        pl.min_horizontal(ranks).alias("bottom"),
        rank_sum.alias("rank_sum"),
        pl.max_horizontal([_col("l", i) for i in _CARDS]).alias("low_top"),
        *[((_col("r", i) != _col("r", j)) & (_col("s", i) != _col("s", j))).alias(f"v{i}{j}")
          for i, j in _PAIRS],
        _kept_pairs("r").alias("kept_same_rank"),
        _kept_pairs("s").alias("kept_same_suit"),
        pl.max_horizontal(_kept("r")).alias("kept_top"),
        pl.min_horizontal(_kept("r")).alias("kept_bottom"),
        pl.max_horizontal(_kept("l")).alias("kept_low_top"),
        pl.min_horizontal(_kept("l")).alias("kept_low_bottom"),
        (pl.col("after").list.len().cast(pl.Int64) - pl.col("discarded")).alias("kept_count"),
    )


def _rank_char(text: str, place: pl.Expr) -> pl.Expr:
    """SQL's ``substr(text, place, 1)``; "" outside the text (and for NULL). A slice, not
    ``replace_strict`` (see :func:`_place_in`)."""
    return (pl.when(place.is_between(1, len(text)))
            .then(pl.lit(text).str.slice(place - 1, 1)).otherwise(pl.lit("")))


def _all_of(*names: str) -> pl.Expr:
    expr = pl.col(names[0])
    for name in names[1:]:
        expr = expr & pl.col(name)
    return expr


def _any_of(exprs: list[pl.Expr]) -> pl.Expr:
    expr = exprs[0]
    for other in exprs[1:]:
        expr = expr | other
    return expr


@cache
def _badugi_of(size: int) -> pl.Expr:
    """Some ``size`` cards that are all pairwise of different ranks and suits."""
    from itertools import combinations

    return _any_of([_all_of(*(f"v{i}{j}" for i, j in combinations(group, 2)))
                    for group in combinations(_CARDS, size)])


@cache
def _class_columns() -> tuple[pl.Expr, ...]:
    """classes: pairing, the 2-7 and high straights and flushes, the lows, the badugi."""
    same_rank, top, bottom = pl.col("same_rank"), pl.col("top"), pl.col("bottom")
    no_pair_run = (same_rank == 0) & (top - bottom == 4)
    suited = pl.col("suited")
    pairing = (pl.when(same_rank == 6).then(pl.lit("four of a kind"))
               .when(same_rank == 4).then(pl.lit("full house"))
               .when(same_rank == 3).then(pl.lit("three of a kind"))
               .when(same_rank == 2).then(pl.lit("two pair"))
               .when(same_rank == 1).then(pl.lit("pair")))
    return (
        pairing.alias("pairing"),
        (pl.when(no_pair_run & suited).then(pl.lit("straight flush"))
         .when(no_pair_run).then(pl.lit("straight"))
         .when(suited).then(pl.lit("flush"))).alias("deuce_to_seven_bad"),
        (pl.when((same_rank == 0)
                 & ((top - bottom == 4) | ((top == 13) & (pl.col("rank_sum") == 23))))
         .then(pl.when(suited).then(pl.lit("straight flush")).otherwise(pl.lit("straight")))
         ).alias("high_straight"),
        (_rank_char(HIGH_RANKS, top) + "-low").alias("deuce_to_seven_low"),
        (_rank_char(LOW_RANKS, pl.col("low_top")) + "-low").alias("ace_to_five_low"),
        (pl.when(_badugi_of(4)).then(pl.lit("4-card badugi"))
         .when(_badugi_of(3)).then(pl.lit("3-card"))
         .when(_badugi_of(2)).then(pl.lit("2-card"))
         .otherwise(pl.lit("1-card"))).alias("badugi_class"),
    )


def _high_card(rule: str, place: str) -> pl.Expr:
    return _rank_char(rule, pl.col(place)) + "-high"


@cache
def _holding() -> pl.Expr:
    """card_facts.holding: what the kept cards are."""
    variant, same_rank = pl.col("variant"), pl.col("kept_same_rank")
    kept_count = pl.col("kept_count")
    unpaired = same_rank == 0
    four_to_straight = (kept_count == 4) & (
        (pl.col("kept_top") - pl.col("kept_bottom") <= 4)
        | (pl.col("kept_low_top") - pl.col("kept_low_bottom") <= 4))
    high_draw = (pl.when(same_rank == 6).then(pl.lit("four of a kind"))
                 .when(same_rank == 3).then(pl.lit("three of a kind"))
                 .when(same_rank == 2).then(pl.lit("two pair"))
                 .when(same_rank == 1).then(pl.lit("pair"))
                 .when((kept_count == 4) & (pl.col("kept_same_suit") == 6))
                 .then(pl.lit("four to a flush"))
                 .when(four_to_straight).then(pl.lit("four to a straight"))
                 .otherwise(pl.lit("no pair")))
    return (
        pl.when(kept_count == 0).then(pl.lit("nothing"))
        .when(variant.is_in((*DEUCE_TO_SEVEN, "badeucey")))
        .then(pl.when(unpaired).then(_high_card(HIGH_RANKS, "kept_top"))
              .otherwise(pl.lit("paired")))
        .when(variant.is_in((*ACE_TO_FIVE, "badacey")))
        .then(pl.when(unpaired).then(_high_card(LOW_RANKS, "kept_low_top"))
              .otherwise(pl.lit("paired")))
        .when(variant == "badugi")
        .then(pl.when(unpaired & (pl.col("kept_same_suit") == 0))
              .then(_high_card(LOW_RANKS, "kept_low_top")).otherwise(pl.lit("broken")))
        .when(variant == "five_card_draw").then(high_draw)
    )


@cache
def _made_class() -> pl.Expr:
    """card_facts.made_class: what the hand after the draw is, by the variant's ranking."""
    variant = pl.col("variant")
    pairing, badugi = pl.col("pairing"), pl.col("badugi_class")
    deuce_to_seven = pl.coalesce(pl.col("deuce_to_seven_bad"), pairing,
                                 pl.col("deuce_to_seven_low"))
    ace_to_five = pl.coalesce(pairing, pl.col("ace_to_five_low"))
    high = pl.coalesce(
        pl.col("high_straight"),
        pl.when(pl.col("same_rank").is_in((4, 6))).then(pairing),
        pl.when(pl.col("suited")).then(pl.lit("flush")),
        pairing,
        pl.lit("high card"),
    )
    return (
        pl.when(variant.is_in(DEUCE_TO_SEVEN)).then(deuce_to_seven)
        .when(variant.is_in(ACE_TO_FIVE)).then(ace_to_five)
        .when(variant == "badugi").then(badugi)
        .when(variant == "five_card_draw").then(high)
        .when(variant == "badeucey").then(badugi + " / " + deuce_to_seven)
        .when(variant == "badacey").then(badugi + " / " + ace_to_five)
    )


# --- players --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Games:
    """Which kinds of game a batch holds: the facts of a kind it does not hold are left
    out of the plan (their columns are what a fact with no row gives)."""

    stud: bool
    draw: bool


def _games(hands: pl.DataFrame) -> _Games:
    variants = hands.get_column("variant").unique().to_list()
    return _Games(stud=any(variant in STUD for variant in variants),
                  draw=any(variant not in STUD for variant in variants))


NO_STUD_FACTS: Final[dict[str, pl.DataType]] = {
    "door_card": pl.String(), "third_street_action": pl.String(), "brought_in": pl.Boolean(),
    "first_in": pl.Boolean(), "steal_chance": pl.Boolean(), "bring_in_defended": pl.Boolean(),
}
"""The stud facts' columns for a batch with no stud hand (none of its rows would join)."""
NO_DRAW_FACTS: Final[dict[str, pl.DataType]] = {
    "first_draw": pl.Boolean(), "last_draw_discarded": pl.Int32(), "pat_from_draw": pl.Int32(),
    "draw_steal_spot": pl.Boolean(),
}
"""The draw facts' columns for a batch with no draw game's hand."""


def _player_facts(players: pl.LazyFrame, actions: pl.LazyFrame, draws: pl.LazyFrame,
                  hands: pl.LazyFrame, games: _Games) -> pl.LazyFrame:
    """derive_player_facts.sql: every players row with its facts. A batch of one kind of
    game (mostly: a file is one table's) plans only its kind's facts: planning is most
    of a task's cost of them. Best of 7, CPU: 1,500 triple-draw hands 37.7 -> 33.8 ms,
    1,500 Razz hands 58.0 -> 49.8 ms, 20 hands 18.6 -> 14.6 ms."""
    lines = (actions.filter(pl.col("player").is_not_null())
             .select(*KEY, "seq", "round_index", "round_name", "player",
                     pl.col("kind").cast(_KINDS), "new_cards")
             .join(hands, on=KEY, how="left"))
    facts = [_player_lines(lines), _three_bet_spots(lines)]
    absent: dict[str, pl.DataType] = {}
    if games.draw:
        facts += [
            draws.filter(pl.col("draw_round") == 1).select(_PLAYER_KEY).unique()
            .with_columns(first_draw=pl.lit(True)),
            _last_draws(draws),
            draws.filter(pl.col("pat_to_end")).group_by(_PLAYER_KEY)
            .agg(pat_from_draw=pl.col("draw_round").min()),
            _draw_steal_spots(lines, players),
        ]
    else:
        absent.update(NO_DRAW_FACTS)
    if games.stud:
        third_street = _third_street(lines)
        decisions = _decisions(third_street)
        door_cards = _door_cards(third_street)
        facts += [
            door_cards.select(*_PLAYER_KEY, "door_card"),
            _third_street_spots(decisions, door_cards),
            _bring_in_defences(decisions),
        ]
    else:
        absent.update(NO_STUD_FACTS)
    joined = players
    for fact in facts:
        joined = joined.join(fact, on=_PLAYER_KEY, how="left")
    if absent:
        joined = joined.with_columns(pl.lit(None, dtype=dtype).alias(name)
                                     for name, dtype in absent.items())
    return joined.select(
        *players.collect_schema().names(),
        vpip=pl.col("vpip").fill_null(False),
        first_round_raise=pl.col("first_round_raise").fill_null(False),
        three_bet_chance=pl.col("three_bet_spot").is_not_null(),
        three_bet=pl.col("three_bet").fill_null(False),
        calls=pl.col("calls").fill_null(0).cast(pl.Int32),
        aggressive_actions=pl.col("aggressive_actions").fill_null(0).cast(pl.Int32),
        saw_second_round=(pl.col("saw_second_round").fill_null(False)
                          | pl.col("first_draw").is_not_null()),
        last_draw_discarded=pl.col("last_draw_discarded"),
        pat_from_draw=pl.col("pat_from_draw"),
        door_card=pl.col("door_card"),
        third_street_action=pl.col("third_street_action"),
        brought_in=pl.col("brought_in").fill_null(False),
        first_in=pl.col("first_in").fill_null(False),
        steal_chance=pl.col("steal_chance").fill_null(False)
        | pl.col("draw_steal_spot").is_not_null(),
        bring_in_defence_chance=pl.col("bring_in_defended").is_not_null(),
        bring_in_defended=pl.col("bring_in_defended").fill_null(False),
    )


def _player_lines(lines: pl.LazyFrame) -> pl.LazyFrame:
    """player_lines: calls and bets of every round; entering, raising in the first round;
    the first line of the second round (a draw, or the 4th-street card)."""
    kind, first_round = pl.col("kind"), pl.col("round_index") == 0
    return lines.group_by(_PLAYER_KEY).agg(
        calls=(kind == "call").sum(),
        aggressive_actions=kind.is_in(AGGRESSIVE).sum(),
        vpip=(first_round & kind.is_in(ENTRIES)).any(),
        first_round_raise=(first_round & kind.is_in(AGGRESSIVE)).any(),
        saw_second_round=((pl.col("round_index") == 1)
                          & kind.is_in(("discard", "stand_pat", "dealt"))).any(),
    )


def _last_draws(draws: pl.LazyFrame) -> pl.LazyFrame:
    """last_draws: the cards thrown at the variant's last draw."""
    return (draws.filter(pl.col("draw_round") == _last_round())
            .select(*_PLAYER_KEY, last_draw_discarded=pl.col("discarded")))


def _three_bet_spots(lines: pl.LazyFrame) -> pl.LazyFrame:
    """hand_aggression, raised_hands, three_bet_spots: the players acting while the first
    round's 2nd bet was the last one, and whether they made the 3rd. The big blind (draw
    games), or else the first completion or bet, is the 1st bet; when the round's first
    aggressive action is a raise, a blind was the 1st bet and that raise the 2nd."""
    first_round = lines.filter(pl.col("round_index") == 0)
    by_seq = pl.col("seq").rank("ordinal").over(KEY)
    aggression = (first_round.filter(pl.col("kind").is_in(AGGRESSIVE))
                  .with_columns(bet_number=by_seq)
                  .with_columns(blind_bets=(pl.col("kind").sort_by("seq").first() == "raise")
                                .cast(pl.Int64).over(KEY)))
    second = (aggression.filter(pl.col("bet_number") == 2 - pl.col("blind_bets"))
              .select(*KEY, second_bet_seq="seq", second_bettor="player"))
    third = (aggression.filter(pl.col("bet_number") == 3 - pl.col("blind_bets"))
             .select(*KEY, third_bet_seq="seq"))
    raised = second.join(third, on=KEY, how="left")
    third_seq = pl.col("third_bet_seq")
    return (first_round.filter(pl.col("kind").is_in(("call", "raise", "fold")))
            .join(raised, on=KEY, how="inner")
            .filter((pl.col("seq") > pl.col("second_bet_seq"))
                    & (third_seq.is_null() | (pl.col("seq") <= third_seq))
                    & (pl.col("player") != pl.col("second_bettor")))
            .group_by(_PLAYER_KEY)
            .agg(three_bet=(pl.col("seq") == third_seq).any(),
                 three_bet_spot=pl.lit(True)))


def _third_street(lines: pl.LazyFrame) -> pl.LazyFrame:
    """third_street: stud's first round."""
    return lines.filter(
        (pl.col("round_index") == 0) & (pl.col("round_name") == "3rd")
        & pl.col("kind").is_in(("dealt", "bring_in", "complete", "bet", "raise", "call",
                                "fold", "check")))


def _door_cards(third_street: pl.LazyFrame) -> pl.LazyFrame:
    """door_cards: the last card of the player's 3rd-street deal, and its rank, ace low."""
    door = pl.col("new_cards").str.split(" ").list.last()
    return (third_street.filter(pl.col("kind") == "dealt")
            .select(*_PLAYER_KEY, door_card=door,
                    door_rank=_place_in(LOW_RANKS, door.str.slice(0, 1))))


@cache
def _before(kinds: tuple[str, ...]) -> pl.Expr:
    """How many earlier lines of the hand (in ``seq`` order) are of ``kinds``."""
    hits = pl.col("kind").is_in(kinds).cast(pl.Int64)
    return (hits.cum_sum() - hits).over(KEY)


def _decisions(third_street: pl.LazyFrame) -> pl.LazyFrame:
    """decisions: the decisions of 3rd street in order (ord 1: the bring-in player's first)."""
    return (third_street.filter(pl.col("kind") != "dealt").sort(*KEY, "seq")
            .with_columns(
                ord=pl.int_range(1, pl.len() + 1).over(KEY),
                player_turn=pl.int_range(1, pl.len() + 1).over(_PLAYER_KEY),
                entries_before=_before(("call", "complete", "bet", "raise")),
                completions_before=_before(("complete", "bet", "raise")),
                bring_in_player=pl.col("player").first().over(KEY),
                bring_in_kind=pl.col("kind").first().over(KEY),
            ))


def _third_street_spots(decisions: pl.LazyFrame, door_cards: pl.LazyFrame) -> pl.LazyFrame:
    """first_decisions, third_street_spots: each player's first decision; first in (only
    the bring-in acted, all else folded) and the Razz steal chance (first in, and in the
    last seats or with the lowest door card of those still to act and the bring-in's)."""
    first = (decisions.filter(pl.col("player_turn") == 1)
             .join(door_cards.select(*_PLAYER_KEY, "door_rank"), on=_PLAYER_KEY,
                   how="left")
             .sort(*KEY, "ord", descending=[*(False for _ in KEY), True]))
    lowest_after = (pl.col("door_rank").fill_null(14).cum_min().shift(1, fill_value=14)
                    .over(KEY))
    first = first.with_columns(
        lowest_door_after=lowest_after,
        bring_in_door=pl.col("door_rank").last().over(KEY),
    )
    ord_, unopened = pl.col("ord"), ((pl.col("ord") > 1)
                                     & (pl.col("bring_in_kind") == "bring_in")
                                     & (pl.col("entries_before") == 0))
    lowest_door = pl.min_horizontal(pl.col("bring_in_door"), pl.col("lowest_door_after"))
    steal = ((pl.col("variant") == "razz") & unopened
             & ((pl.col("players_dealt") - ord_ <= 1) | (pl.col("door_rank") < lowest_door)))
    return first.select(*_PLAYER_KEY, third_street_action=pl.col("kind").cast(pl.String),
                        brought_in=ord_ == 1,
                        first_in=unopened, steal_chance=steal.fill_null(False))


def _bring_in_defences(decisions: pl.LazyFrame) -> pl.LazyFrame:
    """bring_in_defences: the bring-in player's second decision, after a completion."""
    return (decisions.filter((pl.col("player") == pl.col("bring_in_player"))
                             & (pl.col("bring_in_kind") == "bring_in")
                             & (pl.col("player_turn") == 2)
                             & (pl.col("completions_before") > 0))
            .select(*_PLAYER_KEY, bring_in_defended=pl.col("kind").is_in(("call", "raise"))))


def _draw_steal_spots(lines: pl.LazyFrame, players: pl.LazyFrame) -> pl.LazyFrame:
    """draw_first_round, draw_steal_spots: a first decision of a draw game's first round
    with nobody in before him, from the cutoff, the button or the small blind."""
    # a player's first decision is his first row (the lines come in order): numbering his
    # rows in a window, after a sort, took twice the time of this step (6.8 -> 3.4 us a hand)
    first_round = (lines.filter(~pl.col("variant").is_in(STUD) & (pl.col("round_index") == 0)
                                & pl.col("kind").is_in(("call", "bet", "raise", "fold",
                                                        "check")))
                   .with_columns(first_turn=pl.struct(*_PLAYER_KEY).is_first_distinct(),
                                 entries_before=_before(ENTRIES)))
    stealers = players.filter(pl.col("position").is_in(("CO", "BTN", "SB"))).select(_PLAYER_KEY)
    return (first_round.filter(pl.col("first_turn") & (pl.col("entries_before") == 0))
            .join(stealers, on=_PLAYER_KEY, how="inner")
            .select(*_PLAYER_KEY, draw_steal_spot=pl.lit(True)))
