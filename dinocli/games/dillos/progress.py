"""How far each dillo is from its goal: shared by the status line, the heuristic and the bot."""

from __future__ import annotations

from .board import distances, geo, manhattan
from .state import State

__all__ = ["goal_square", "goal_distance"]


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
    return manhattan(g, s.pawns[seat], goal) + 3
