"""What a seat can infer about the others' hands from their choices (issue 40; see ai/belief.py).

A green window a seat passed in (DODO-20) says it held no green card the rule bot would have played
there; a throw's aim, what it thought of the table. Either decision is scored where the seat's hand
cannot have changed since, as far as the table can tell (a card drawn and one lost in the same
resolution would slip by): in the same round, the seat holding as many cards as then at every
decision seen since, and no decision of its own since that moves a card (it only passed or threw).
Then the hand it held is the hand the candidate deal gives it now; the rest of that past state is
the seat's own view then. Picks are face down when made, so the others' picks are not scored."""

from __future__ import annotations

import random

from msgspec.structs import replace

from .actions import Pass, Throw
from .state import State
from .view import View, determinize

__all__ = ["INFERS", "pasts", "hidden", "values"]

INFERS = True
_STILL = (Pass, Throw)  # the decisions that move no card of the seat's


def pasts(now: State, trail: list, i: int, seat: int, memo: dict) -> list[State] | None:
    """The state ``now`` implies at decision ``i`` of ``trail`` (None where the hand may have changed since)."""
    then, actor, action = trail[i]
    size = then.sizes[actor]
    if type(action) not in _STILL or size != len(now.hands[actor]) or then.round != now.round:
        return None
    for later in trail[i + 1:]:
        if later.view.sizes[actor] != size or (later.actor == actor and type(later.action) not in _STILL):
            return None
    base = memo.get(("base", i))
    if base is None:
        base = memo["base", i] = determinize(then, seat, random.Random(0))
    return [replace(base, hands=base.hands[:actor] + (now.hands[actor],) + base.hands[actor + 1:])]


def hidden(view: View) -> int:
    """The hidden cards a belief bears on: those in the other seats' hands not seen there."""
    return sum(k - (len(view.known[x]) if view.known else 0) for x, k in enumerate(view.sizes) if x != view.seat)


def values(view: View, seat: int, legal: list) -> None:
    """No action values: the opponent model softens the strategy's pick."""
    return None
