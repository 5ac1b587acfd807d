"""The search's leaf estimate for SOS Dino: the rule bot's board evaluation, scaled to the team score.

The SOS presets (``__init__``) search a tree of the next decisions and draws with no playout, so
every leaf is read here.
"""

from __future__ import annotations

from .rules import MAX_SCORE, returns
from .state import Phase, State
from .strategy import evaluate_lava

__all__ = ["heuristic"]


def heuristic(state: State) -> list[float]:
    """The search's cut-off estimate for every seat (SOS-02): ``evaluate`` over 10 points per
    team point, so that banked points weigh what they do in ``returns`` (SOS-37), in [0, 1]."""
    if state.phase == Phase.OVER:
        return returns(state)
    value = evaluate_lava(state) / (10.0 * MAX_SCORE)
    return [min(max(value, 0.0), 1.0)] * len(state.names)
