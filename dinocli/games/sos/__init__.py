"""SOS Dino: the cooperative lava game (1-4 players share one team score, 0-14).

``GAME`` implements the Game protocol; the rules live in the role modules beside this one.
"""

from __future__ import annotations

from ..assembly import load
from ..protocol import GameInfo
from .rules import VARIANTS

__all__ = ["INFO", "GAME"]

INFO = GameInfo(
    id="sos",
    name="SOS Dino",
    min_seats=1,
    max_seats=4,
    hidden_information=False,
    chance=True,
    cooperative=True,
    variants=dict(VARIANTS),
    default_variants=(),
    rules_version="1",
    max_decisions=400,  # at most 54 tiles x (1 placement + 2 steps)
    # No playout: a tree of the next decisions and draws, each leaf read by the cut-off
    # estimate (estimate.heuristic). Figures: tests/games/sos/test_sos_search.py docstring.
    mcts_tuning={"all": {"cutoff": 0, "stop": "never", "c": 0.1}, "medium": {"iterations": 300}},
)
GAME = load(__name__)
