"""Every draw judged exactly: the chance each keep gives of ending with the target class or
better, after all remaining draws.

The drawing policy for the later draws (``POLICY``, also in the README) is what the chances
assume the player does after this draw; the keep of this draw is whatever is judged.
"""

from __future__ import annotations

from hhparse.decisions.judge import (
    DEFAULT_TARGETS,
    GAMES,
    JudgeError,
    KeepChance,
    judge_keeps,
    keep_classes,
    variant_of,
)

POLICY = """\
After the draw being judged, every later draw follows one policy, the standard one for
drawing to a target:
- Lowball (2-7, A-5), target N-low: keep one card of each rank from the best low card to N
  (2-7: deuce to N, the ace is high; A-5: ace to N), throw every other card (pairs, cards
  above N). Five such ranks make a hand: stand pat on it; in 2-7, if those five ranks make
  a straight (a straight is not a low hand there), throw its highest card and draw to the
  other four. The policy looks at ranks only: a flush of five low cards stands pat (and
  counts as a flush, not as the target).
- Of two cards of one rank, either may be kept (by symmetry the chances are the same); of
  two held at the decision, the one with the lower index (rank, then suit c d h s).
- Badugi, target any badugi (a class) or N-high badugi: keep the best badugi (cards of
  different suits and ranks: the most cards, then the lowest) among the cards at or below
  N (every card for a class target), throw the rest; a made target stands pat. Of equal
  keeps, the one of the lower card indexes. Before the last draw the chances are measured
  over seeded deals, with standard errors (hhparse.decisions.badugi_draws).
- The cards dealt are the ones the player has not seen: the deck less his cards, his
  discards of this hand and the cards given as dead. Reshuffles are ignored (on PokerStars
  a player never gets his own discards back).
"""

__all__ = [
    "DEFAULT_TARGETS",
    "GAMES",
    "POLICY",
    "JudgeError",
    "KeepChance",
    "judge_keeps",
    "keep_classes",
    "variant_of",
]
