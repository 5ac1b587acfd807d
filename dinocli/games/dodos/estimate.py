"""The search's leaf estimate for Dodos: each seat's chance to win, judged between rounds only."""

from __future__ import annotations

import math

from .data import TRACKS
from .rules import returns
from .state import OVER, PICK, State

__all__ = ["heuristic"]


def heuristic(s: State) -> list[float] | None:
    """A softmax over progress toward the finish, with hand size as a small bonus; None in the
    middle of a round, where the cards picked are not all resolved yet (a playout goes on to the
    next Phase 1, so every seat's pick, effect and green cards count)."""
    if s.phase == OVER:
        return returns(s)
    if s.phase != PICK:
        return None
    finish = TRACKS[s.track].finish
    v = [(p + 0.3 * min(len(h), 8)) * 6.0 / finish for p, h in zip(s.pos, s.hands)]
    top = max(v)
    w = [math.exp(x - top) for x in v]
    total = sum(w)
    return [x / total for x in w]
