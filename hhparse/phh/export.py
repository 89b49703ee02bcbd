"""An accepted hand -> the text of one PHH hand (TOML).

What the PHH format says and how our records map onto it:

* **Players** are numbered p1..pN in PHH's order, not by seat. Button games (draw): p1 is
  the first player left of the button (the small blind) and pN the button; heads-up, p1
  is the big blind and p2 the button, which posts the small blind (PHH reverses the two
  blinds, and any antes, when there are two players). Stud: p1 is the lowest seat dealt
  in, then clockwise. Only the players dealt in are listed; ``seats`` keeps their seats.
* **Forced bets** are fields, never actions: ``antes`` and ``blinds_or_straddles`` per
  player, ``bring_in`` (stud); posting the bring-in is the action ``pN pb``. A stud hand
  where nobody brought in (the first player completed) does not show the bring-in; PHH
  requires one, so half the small bet is written and ``_bring_in_unknown = true`` says so.
* **Amounts**: chips as integers; cash in the currency's units with two decimals
  (``0.50``), ``currency`` naming it. ``cbr X`` is a bet or raise *to* X for the round.
  The rake of a cash hand is the user-defined field ``_rake`` (PHH has none);
  ``finishing_stacks`` are after it. ``winnings`` is not written: a site returns an
  unmatched ante as uncalled where PHH awards it as a side pot, so only the finishing
  stacks mean the same in both.
* **Cards** nobody saw are ``??``. Draw: each round's discards (``pN sd CARDS``, ``pN sd``
  to stand pat), then the new cards of every player who drew (``d dh pN CARDS``). Stud:
  every street deals each player still in (two down and one up, then one up ..., the
  7th card down); cards a player shows at the end are written where they were dealt.
  Showdown: ``pN sm CARDS`` shows, ``pN sm`` mucks. In stud the showdown comes as soon
  as the betting is over with at most one player still holding chips (the cards are
  tabled before the last streets are dealt), showing the cards held then. A reshuffle of
  the deck is the comment action ``# The deck is reshuffled``.

What PHH cannot say raises :class:`NotRepresentable` (dead blinds, blinds posted out of
position, the stud community card, cash-outs, the site folding an all-in player); a game
without a PHH code raises :class:`NoPhhCode`. Both are :class:`PhhExportError`, whose
message names the hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Final

from hhparse.cards import Card
from hhparse.columns import dealt_in
from hhparse.phh.codes import phh_code
from hhparse.records import SHOWDOWN_STREET, Action, Hand, Kind
from hhparse.replay import PlayerResult, ReplayResult
from hhparse.replay.positions import clockwise_from
from hhparse.variants import BettingStructure, Variant, get_variant

RESHUFFLE_COMMENT: Final = "# The deck is reshuffled"
_SILENT: Final = frozenset({
    Kind.DEALT, Kind.CAPPED, Kind.UNCALLED_RETURN, Kind.COLLECT, Kind.NO_SHOW, Kind.ANTE,
    Kind.POST_SB, Kind.POST_BB,
})
"""Lines PHH leaves implicit (forced bets and collections are fields or automatic)."""
_DRAW_NAMES: Final = {1: "First draw", 2: "Second draw", 3: "Third draw"}
_STUD_NAMES: Final = ("3rd street", "4th street", "5th street", "6th street", "7th street")
_BARE_KEY: Final = re.compile(r"^[A-Za-z0-9_-]+$")
_STRUCTURE_NAMES: Final = {
    BettingStructure.FIXED_LIMIT: "fixed limit",
    BettingStructure.POT_LIMIT: "pot limit",
    BettingStructure.NO_LIMIT: "no limit",
}


class PhhExportError(ValueError):
    """A hand that cannot be written as PHH; the message says which and why."""


class NoPhhCode(PhhExportError):
    """The hand's game (variant and betting structure) has no PHH variant code."""


class NotRepresentable(PhhExportError):
    """The hand holds something the PHH format cannot express."""


def export_hand(result: ReplayResult) -> str:
    """The PHH text of an accepted hand (ends with a newline)."""
    return "".join(f"{line}\n" for line in _Exporter(result).document())


def table_name(hand: Hand) -> str:
    """The PHHS table header naming a hand: ``[pokerstars-123]`` (quoted when needed)."""
    key = f"{hand.site}-{hand.hand_id}"
    return f"[{key}]" if _BARE_KEY.match(key) else f"[{toml_string(key)}]"


def toml_string(text: str) -> str:
    """A TOML basic string. JSON's escapes are TOML's, except that TOML wants DEL escaped."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _array(values: Iterable[str]) -> str:
    return "[" + ", ".join(values) + "]"


def _cards(cards: Sequence[Card | None]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


class _Exporter:
    """Writes one hand; raises PhhExportError as soon as something cannot be written."""

    def __init__(self, result: ReplayResult) -> None:
        hand = result.hand
        self.result = result
        self.hand = hand
        self.id = f"hand {hand.hand_id}"
        if not result.accepted:
            raise PhhExportError(f"{self.id}: only accepted hands are exported "
                                 f"(this one is {result.status.value})")
        if hand.variant_id is None or hand.structure is None:
            raise NoPhhCode(f"{self.id}: {hand.game_text!r} has no PHH code")
        self.variant: Variant = get_variant(hand.variant_id)
        code = phh_code(hand.variant_id, hand.structure)
        if code is None:
            raise NoPhhCode(f"{self.id}: {self.variant.name} "
                            f"{_STRUCTURE_NAMES[hand.structure]} has no PHH code")
        self.code = code
        self.cash = hand.currency != "chips"
        self.players = self._order()
        self.number = {p.player: number for number, p in enumerate(self.players, 1)}
        self.remaining = {p.player: p.starting_stack for p in self.players}
        self.out: list[str] = []
        self.street = 0
        self.committed: dict[str, int] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.shown: set[str] = set()
        self.early_showdown = False
        self.pending_deals: list[str] = []
        """Draw: the ``d dh`` lines of the current draw, written after its last discard."""
        self.endings = {a.player: a for a in hand.actions if a.kind in (Kind.SHOW, Kind.MUCK)}
        """Each player's last show or muck."""
        self.dealt = self._dealt_by_street()
        self.collected = {p.player: p.collected for p in result.players}
        self.stud_cards = self._stud_cards() if self.variant.is_stud else {}

    # -- players --------------------------------------------------------------------------

    def _order(self) -> list[PlayerResult]:
        dealt = dealt_in(self.result)
        by_seat = {p.seat: p for p, is_in in zip(self.result.players, dealt, strict=True)
                   if is_in}
        if not self.variant.is_draw:
            return [by_seat[seat] for seat in sorted(by_seat)]
        if self.hand.button_seat is None:
            raise NotRepresentable(f"{self.id}: the button is not known")
        return [by_seat[seat] for seat in clockwise_from(list(by_seat), self.hand.button_seat)]

    def p(self, player: str) -> str:
        number = self.number.get(player)
        if number is None:
            raise NotRepresentable(f"{self.id}: {player} plays but was not dealt in")
        return f"p{number}"

    def active(self) -> list[str]:
        return [p.player for p in self.players if p.player not in self.folded]

    # -- amounts --------------------------------------------------------------------------

    def money(self, minor: int) -> str:
        if not self.cash:
            return str(minor)
        whole, cents = divmod(minor, 100)
        return f"{whole}.{cents:02d}"

    def moneys(self, values: Iterable[int]) -> str:
        return _array(self.money(value) if value else "0" for value in values)

    def pay(self, player: str, amount: int) -> None:
        self.remaining[player] = self.remaining.get(player, 0) - amount
        if self.remaining[player] <= 0:
            self.all_in.add(player)
        else:
            self.all_in.discard(player)

    # -- the document ---------------------------------------------------------------------

    def document(self) -> list[str]:
        fields = [f"variant = {toml_string(self.code)}"]
        fields += self._forced_bet_fields()
        fields.append(f"starting_stacks = {self.moneys(p.starting_stack for p in self.players)}")
        fields.append("actions = [")
        fields += [f"  {line}" if line.startswith("#") and line != RESHUFFLE_COMMENT
                   else f"  {toml_string(line)}," for line in self._actions()]
        fields.append("]")
        fields += self._optional_fields()
        return fields

    # -- forced bets ----------------------------------------------------------------------

    def _forced_bet_fields(self) -> list[str]:
        antes = self._antes()
        # equal antes are matched money (an all-in ante's unmatched part comes back); one
        # player's ante (a big-blind ante) is dead money, never trimmed
        trimmed = any(antes) and len({ante for ante in antes if ante}) == 1 and all(antes)
        fields = [f"ante_trimming_status = {'true' if trimmed else 'false'}",
                  f"antes = {self.moneys(antes)}"]
        small, big = self._bet_sizes()
        if self.variant.is_stud:
            bring_in = self._bring_in(small)
            fields.append(f"bring_in = {self.money(bring_in or small // 2)}")
            if bring_in is None:
                fields.append("_bring_in_unknown = true")
        else:
            fields.append(f"blinds_or_straddles = {self.moneys(self._blinds())}")
        if self.hand.structure is BettingStructure.FIXED_LIMIT:
            fields += [f"small_bet = {self.money(small)}", f"big_bet = {self.money(big)}"]
        else:
            fields.append(f"min_bet = {self.money(small)}")
        return fields

    def _bet_sizes(self) -> tuple[int, int]:
        """(small bet, big bet) in fixed limit; (minimum bet, 0) otherwise."""
        stakes = self.hand.stakes
        if self.hand.structure is BettingStructure.FIXED_LIMIT:
            small = stakes.small_bet or stakes.big_blind or 0
            big = stakes.big_bet or 2 * small
        else:
            small, big = stakes.big_blind or stakes.small_bet or 0, 0
        if not small:
            raise NotRepresentable(f"{self.id}: the bet sizes are not known")
        return small, big

    def _posts(self, *kinds: Kind) -> list[Action]:
        return [a for a in self.hand.actions if a.kind in kinds]

    def _antes(self) -> list[int]:
        posts = self._posts(Kind.ANTE)
        for post in posts:
            self.pay(post.player, post.amount)
        if not posts:
            return [0] * len(self.players)
        nominal = self.hand.stakes.ante or max(a.amount for a in posts)
        for post in posts:
            self.p(post.player)
            if post.amount != nominal and not (post.all_in and post.amount < nominal):
                raise NotRepresentable(f"{self.id}: {post.player} antes "
                                       f"{self.money(post.amount)}, not {self.money(nominal)}")
        posted = {post.player for post in posts}
        antes = [nominal if p.player in posted else 0 for p in self.players]
        return antes[::-1] if len(antes) == 2 else antes

    def _blinds(self) -> list[int]:
        """Blinds by PHH position: [small, big, 0 ...]; no small blind: [big, 0 ...].

        A blind may be missing when its player had no chips left after the ante."""
        stakes = self.hand.stakes
        dead = self._posts(Kind.POST_SB_BB, Kind.POST_DEAD)
        if dead:
            raise NotRepresentable(f"{self.id}: {dead[0].player} posts a dead blind (line "
                                   f"{dead[0].line}); PHH has blinds by position only")
        small, big = self._posts(Kind.POST_SB), self._posts(Kind.POST_BB)
        names = [p.player for p in self.players]
        if self.result.forced_bets == "antes":
            return [0] * len(names)  # antes only: nobody has a bet to call
        heads_up = len(names) == 2
        if heads_up and self.result.forced_bets == "single_blind":
            raise NotRepresentable(f"{self.id}: one blind heads-up; PHH reverses the blinds "
                                   "heads-up, so it cannot say that the blind acts last")
        broke = {name for name in names if self.remaining[name] <= 0}
        if heads_up:
            places = {names[-1]: 0, names[0]: 1}
        elif small or len(big) != 1 or big[0].player != names[0]:
            places = {names[0]: 0, names[1]: 1}
        else:
            places = {names[0]: 1}  # no small blind: the big blind sits first
        nominal = (stakes.small_blind, stakes.big_blind or stakes.small_bet)
        blinds = [0] * len(names)
        for post in (*small, *big):
            place = 0 if post.kind is Kind.POST_SB and len(places) == 2 else 1
            if places.get(post.player) != place:
                raise NotRepresentable(
                    f"{self.id}: {post.player} posts the {post.kind.value[5:]} blind out of "
                    f"position (line {post.line}); PHH has blinds by position only"
                )
            blinds[0 if len(places) == 1 else place] = self._nominal(post, nominal[place])
            self.committed[post.player] = post.amount
            self.pay(post.player, post.amount)
        for name, place in places.items():
            index = 0 if len(places) == 1 else place
            if not blinds[index] and name not in broke:
                raise NotRepresentable(f"{self.id}: {name} does not post the "
                                       f"{'small' if place == 0 else 'big'} blind")
            if not blinds[index]:
                blinds[index] = nominal[place] or (nominal[1] or 0) // (2 - place)
        return blinds

    def _nominal(self, post: Action, stated: int | None) -> int:
        """The blind a post stands for: the stakes' when known, else what was posted (an
        all-in post for less is the whole stack, which any larger blind takes too)."""
        if post.all_in and stated:
            return max(stated, post.amount)
        return post.amount

    def _bring_in(self, small_bet: int) -> int | None:
        blinds = self._posts(Kind.POST_SB, Kind.POST_BB, Kind.POST_SB_BB, Kind.POST_DEAD)
        if blinds:
            raise NotRepresentable(f"{self.id}: {blinds[0].player} posts a blind in stud")
        posts = self._posts(Kind.BRING_IN)
        if posts and not posts[0].all_in:
            return posts[0].amount
        stated = self.hand.stakes.bring_in
        if stated:
            return stated
        if posts:
            raise NotRepresentable(f"{self.id}: the bring-in is posted all-in and its amount "
                                   "is not stated")
        return None

    # -- cards ----------------------------------------------------------------------------

    def _dealt_by_street(self) -> dict[tuple[int, str], Action]:
        dealt: dict[tuple[int, str], Action] = {}
        for action in self.hand.actions:
            if action.kind is Kind.DEALT:
                if not action.player:
                    raise NotRepresentable(f"{self.id}: cards dealt to the board (line "
                                           f"{action.line}) have no PHH notation in {self.code}")
                dealt.setdefault((action.street, action.player), action)
        return dealt

    def _stud_cards(self) -> dict[str, list[Card | None]]:
        """Each stud player's seven cards in the order dealt, as far as anyone saw them:
        the cards dealt face up or to the hero, and the seven shown (or listed as mucked
        in the summary) at the end."""
        summary = {seat.player: seat.cards for seat in self.hand.summary.seats}
        cards: dict[str, list[Card | None]] = {}
        for p in self.players:
            slots: list[Card | None] = [None] * 7
            ending = self.endings.get(p.player)
            seen = ending.cards if ending is not None and ending.cards else ()
            if len(seen) != 7:
                seen = summary.get(p.player, ())
            if len(seen) == 7:
                slots = list(seen)
            for street in range(5):
                dealt = self.dealt.get((street, p.player))
                new = dealt.new_cards if dealt else ()
                if street == 0 and len(new) == 3:
                    slots[0:3] = new
                elif new:
                    slots[2 + street] = new[-1]
            cards[p.player] = slots
        return cards

    def _street_cards(self, street: int, name: str) -> list[Card | None]:
        if self.variant.is_stud:
            slots = self.stud_cards[name]
            return slots[0:3] if street == 0 else [slots[2 + street]]
        dealt = self.dealt.get((street, name))
        cards = (dealt.cards + dealt.new_cards) if dealt else ()
        size = self.variant.hand_size
        return list(cards) if len(cards) == size else [None] * size

    # -- actions --------------------------------------------------------------------------

    def _streets_reached(self) -> list[int]:
        marks = {mark.street for mark in self.hand.streets}
        played = {action.street for action in self.hand.actions}
        return sorted(street for street in marks | played | {0} if street < SHOWDOWN_STREET)

    def _actions(self) -> list[str]:
        reached = self._streets_reached()
        self._comment(0)
        self._deal(0)
        for action in self.hand.actions:
            # the showdown comes after every street dealt (the log may mark a street and
            # deal it to nobody it names, such as 7th street's down cards)
            street = reached[-1] if action.street == SHOWDOWN_STREET else action.street
            if street > self.street:
                self._advance(street, reached)
            self._action(action)
        self._flush_draw()
        self._advance(reached[-1], reached)
        if self.early_showdown and self.street == 4:
            self._final_stud_showdown()
        return self.out

    def _advance(self, street: int, reached: list[int]) -> None:
        """Start every street reached up to ``street`` (all-in run-outs deal several)."""
        for next_street in reached:
            if self.street < next_street <= street:
                self._flush_draw()
                if self.variant.is_stud:
                    self._early_showdown()
                self.street = next_street
                self.committed = {}
                self._comment(next_street)
                if self.variant.is_stud:
                    self._deal(next_street)

    def _comment(self, street: int) -> None:
        if self.variant.is_stud:
            self.out.append(f"# {_STUD_NAMES[street]}")
            return
        draws = self.variant.draws.count if self.variant.draws else 0
        name = "Draw" if draws == 1 and street == 1 else _DRAW_NAMES.get(street, "Pre-draw")
        self.out.append(f"# {name}")

    def _deal(self, street: int) -> None:
        """Each player still in gets this street's cards (draw: the first deal only)."""
        for name in self.active():
            self.out.append(f"d dh {self.p(name)} {_cards(self._street_cards(street, name))}")

    def _early_showdown(self) -> None:
        """Stud: once the betting is over with at most one player holding chips, the
        players still in table their cards before the remaining streets are dealt (a
        player the log shows mucking at the end keeps unseen cards face down)."""
        active = self.active()
        if len(active) < 2 or self.shown:
            return
        if sum(1 for name in active if name not in self.all_in) > 1:
            return
        self.early_showdown = True
        self.out.append("# Showdown")
        for name in active:
            self.out.append(f"{self.p(name)} sm {_cards(self.stud_cards[name][: 3 + self.street])}")
            self.shown.add(name)

    def _final_stud_showdown(self) -> None:
        """After a showdown before 7th street, the 7th card came face down: shown now, or
        the hand mucked as the log says."""
        self.out.append("# Showdown")
        for name in self.active():
            ending = self.endings.get(name)
            if ending is not None and ending.kind is Kind.SHOW:
                self.out.append(f"{self.p(name)} sm {_cards(self.stud_cards[name])}")
            elif self.collected.get(name):
                self.out.append(f"{self.p(name)} sm {_cards([None] * 7)}")
            else:
                self.out.append(f"{self.p(name)} sm")

    def _action(self, action: Action) -> None:
        kind = action.kind
        if kind in (Kind.DISCARD, Kind.STAND_PAT):
            self._draw(action)
        elif kind is Kind.UNCALLED_RETURN:
            self.pay(action.player, -action.amount)
        elif kind is Kind.RESHUFFLE:
            self.out.append(RESHUFFLE_COMMENT)
        elif kind is Kind.CASHOUT:
            raise NotRepresentable(f"{self.id}: {action.player} cashes out the hand (line "
                                   f"{action.line}); PHH has no cash-out")
        elif kind not in _SILENT:
            self._flush_draw()
            self._play(action)

    def _play(self, action: Action) -> None:
        kind, name = action.kind, action.player
        who = self.p(name)
        if kind is Kind.BRING_IN:
            self._put_in(name, action.amount)
            if all(other in self.all_in for other in self.active() if other != name):
                # everyone else is all-in from the antes: the bring-in comes back uncalled
                # and PHH gives nobody a turn on this street
                self.out.append(f"# {name} brings in, uncalled: everyone else is all-in")
            else:
                self.out.append(f"{who} pb")
        elif kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE):
            before = self.committed.get(name, 0)
            to = action.to if action.to is not None else before + action.amount
            self._put_in(name, to - before)
            self.out.append(f"{who} cbr {self.money(to)}")
        elif kind in (Kind.CALL, Kind.CHECK):
            self._put_in(name, action.amount)
            self.out.append(f"{who} cc")
        elif kind is Kind.FOLD:
            if name in self.all_in:
                raise NotRepresentable(f"{self.id}: the site folds {name}, who is all-in "
                                       f"(line {action.line}); in PHH an all-in player stays in")
            self.folded.add(name)
            self.out.append(f"{who} f")
        elif kind in (Kind.SHOW, Kind.MUCK):
            self._ending(action, who)

    def _put_in(self, name: str, amount: int) -> None:
        self.committed[name] = self.committed.get(name, 0) + amount
        self.pay(name, amount)

    def _ending(self, action: Action, who: str) -> None:
        if action.player in self.shown:
            return
        if len(self.active()) < 2:  # shown after everyone else folded: no showdown
            self.out.append(f"# {action.player} shows {_cards(action.cards)}")
            return
        if "# Showdown" not in self.out:
            self.out.append("# Showdown")
        self.shown.add(action.player)
        if self.variant.is_stud and self.street < 4:  # tabled before 7th street
            self.early_showdown = True
            held = self.stud_cards[action.player][: 3 + self.street]
            self.out.append(f"{who} sm {_cards(held)}")
        elif action.kind is Kind.SHOW:
            self.out.append(f"{who} sm {_cards(action.cards)}")
        elif self.collected.get(action.player):
            # mucks against the main pot but takes a side pot nobody else could win: his
            # cards stay face down without leaving the hand
            self.out.append(f"{who} sm {_cards([None] * self._held(action.player))}")
        else:
            self.out.append(f"{who} sm")

    def _held(self, name: str) -> int:
        return 7 if self.variant.is_stud else self.variant.hand_size

    def _draw(self, action: Action) -> None:
        who = self.p(action.player)
        count = action.n_cards or 0
        if action.kind is Kind.STAND_PAT or count == 0:
            self.out.append(f"{who} sd")
            return
        thrown = action.cards if len(action.cards) == count else (None,) * count
        self.out.append(f"{who} sd {_cards(thrown)}")
        dealt = self.dealt.get((action.street, action.player))
        new: Sequence[Card | None] = (
            dealt.new_cards if dealt and len(dealt.new_cards) == count else (None,) * count
        )
        self.pending_deals.append(f"d dh {who} {_cards(new)}")

    def _flush_draw(self) -> None:
        self.out.extend(self.pending_deals)
        self.pending_deals = []

    # -- optional fields ------------------------------------------------------------------

    def _optional_fields(self) -> list[str]:
        hand = self.hand
        fields = [f"venue = {toml_string(hand.site)}"]
        if hand.tournament is not None:
            event = f"{hand.site} tournament #{hand.tournament.tournament_id}"
            fields.append(f"event = {toml_string(event)}")
            level = _level_number(hand.tournament.level)
            if level is not None:
                fields.append(f"level = {level}")
        if hand.started_at is not None:
            when = hand.started_at
            fields += [f"time = {when:%H:%M:%S}", 'time_zone = "UTC"',
                       f"day = {when.day}", f"month = {when.month}", f"year = {when.year}"]
        fields.append(f"hand = {_hand_value(hand.hand_id)}")
        if hand.table:
            fields.append(f"table = {toml_string(hand.table)}")
        if hand.max_seats is not None:
            fields.append(f"seat_count = {hand.max_seats}")
        fields.append(f"seats = {_array(str(p.seat) for p in self.players)}")
        fields.append(f"players = {_array(toml_string(p.player) for p in self.players)}")
        fields.append("finishing_stacks = "
                      + self.moneys(p.starting_stack + p.net for p in self.players))
        if self.cash:
            fields.append(f"currency = {toml_string(hand.currency)}")
        if self.result.rake:
            fields.append(f"_rake = {self.money(self.result.rake)}")
        return fields


def _hand_value(hand_id: str) -> str:
    bare = hand_id.isascii() and hand_id.isdecimal()  # a TOML integer is ASCII digits
    if bare and len(hand_id) < 19 and not hand_id.startswith("0"):
        return hand_id
    return toml_string(hand_id)


_ROMAN: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def _level_number(level: str | None) -> int | None:
    """``Level XIV`` -> 14, ``Level 3`` -> 3; None when the level is not one number."""
    word = level.split()[-1].upper() if level and level.split() else ""
    if word.isdecimal():
        return int(word)
    if not word or any(char not in _ROMAN for char in word):
        return None
    total = 0
    for char, after in zip(word, [*word[1:], ""], strict=True):
        value = _ROMAN[char]
        total += -value if after and _ROMAN[after] > value else value
    return total
