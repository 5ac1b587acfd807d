"""How far each dillo is from its goal: shared by the status line, the heuristic and the bot."""

from __future__ import annotations

import math

from .board import distances
from .state import State, geo

__all__ = ["goal_square", "goal_distance", "heuristic"]


def goal_square(s: State, seat: int) -> int:
    """Where the dillo is heading: the capitol, or home once it has landed there (DILLO-29/30)."""
    if s.table.goal != "capitol" and s.reached[seat]:
        return s.table.homes[seat]
    return geo(s).center


def goal_distance(s: State, seat: int) -> int:
    """Steps along today's roads to the goal; if no road leads there, the straight-line
    (Manhattan) distance plus 3 for the roads still to be built."""
    g = geo(s)
    goal = goal_square(s, seat)
    d = distances(s.board, g, s.pawns[seat], stops=False)[goal]
    if d >= 0:
        return d
    (r1, c1), (r2, c2) = divmod(s.pawns[seat], g.size), divmod(goal, g.size)
    return abs(r1 - r2) + abs(c1 - c2) + 3


def heuristic(s: State) -> list[float] | None:
    """An estimate of returns for a game not yet over: the nearer a dillo is to its goal the
    larger its share (a softmax over minus the distance, in 'turns' of about 3 steps)."""
    if s.phase == "over":
        return None
    g = geo(s)
    weights = []
    for i in range(len(s.pawns)):
        d = goal_distance(s, i)
        if s.table.goal != "capitol" and not s.reached[i]:  # the way home is still to come
            (r1, c1), (r2, c2) = divmod(g.center, g.size), divmod(s.table.homes[i], g.size)
            d += abs(r1 - r2) + abs(c1 - c2)
        weights.append(math.exp(-d / 3.0))
    total = sum(weights)
    return [w / total for w in weights]
