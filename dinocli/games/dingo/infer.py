"""What a seat can infer about the hidden hands from the others' plays (issue 40; see ai/belief.py).

A hand changes only by draws, hidden from the other seats (DINGO-11), and by the cards its seat
plays or discards, which everyone sees. So the hand a seat held at one of its decisions of this day
is drawn from the cards it holds now and those it has played or discarded since: every way of
choosing that many of them that holds the card it played then is one past state, the others' hands
and the deck left as the seat's view had them (the strategy sees only its own hand). A decision of
an earlier day says nothing of today's hands (the deck is shuffled anew each day, DINGO-06). The
opponent model softens the rule bot's own scores of the actions (``values``, from strategy.py).
"""

from __future__ import annotations

import random
from itertools import combinations

from msgspec.structs import replace

from .actions import DiscardCard, PlayCard
from .state import State
from ..uninferred import deal
from .strategy import values
from .view import View, determinize

__all__ = ["INFERS", "pasts", "hidden", "values", "deal"]

INFERS = True


def _card(action) -> int | None:
    """The card an action takes out of its seat's hand, if any."""
    return action.card if type(action) in (PlayCard, DiscardCard) else None


def pasts(now: State, trail: list, i: int, seat: int, memo: dict) -> list[State] | None:
    """The (state, action, factor 1) triples ``now`` allows at decision ``i`` of ``trail``: one per hand its actor could
    have held (``memo``: kept between the candidates of one view; None: a decision of another day)."""
    then, actor, action = trail[i][:3]
    if then.day != now.day or actor == seat or action is None:
        return None
    base = memo.get(("base", i))
    if base is None:
        base = memo["base", i] = determinize(then, seat, random.Random(0))
    size = then.hand_sizes[actor]
    played = _card(action)
    pool = list(now.hands[actor])
    for later in trail[i + 1:]:
        if later.actor == actor and (c := _card(later.action)) is not None:
            pool.append(c)
    if played is None:  # a target or a skip: any hand of that size from the pool
        hands = set(combinations(sorted(pool), size))
    else:  # the card played, and the rest of that hand from the pool
        hands = {tuple(sorted((played, *h))) for h in combinations(sorted(pool), size - 1)} if size >= 1 else set()
    return [(replace(base, hands=base.hands[:actor] + (hand,) + base.hands[actor + 1:]), action, 1.0)
            for hand in sorted(hands)]


def hidden(view: View) -> int:
    """The hidden cards a belief bears on: those in the other seats' hands."""
    return sum(k for x, k in enumerate(view.hand_sizes) if x != view.seat)
