"""The search's leaf estimate for Dingo: each seat's chance to win a game not yet over."""

from __future__ import annotations

import math

from .rules import returns
from .scoring import day_points, ranch_value
from .state import State

__all__ = ["heuristic"]


def heuristic(s: State) -> list[float] | None:
    """Estimate returns: softmax of points plus what today's ranches would score now."""
    if s.phase == "over":
        return returns(s)
    now = day_points(tuple(ranch_value(r) for r in s.ranches), s.target) if s.ranches else (0,) * len(s.names)
    lead = [s.scores[i] + now[i] if i in s.contenders else -math.inf for i in range(len(s.names))]
    top = max(lead)
    weights = [math.exp(0.6 * (x - top)) for x in lead]
    total = sum(weights)
    return [w / total for w in weights]
