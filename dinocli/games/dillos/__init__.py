"""'Dillos In Austin: the sliding road-tile maze with the Dillo Hunter (DILLO-01..32)."""

from __future__ import annotations

from ..assembly import ModuleGame
from ..protocol import GameInfo
from . import data, notation, render, rules, strategy, view
from .fold import fold
from .progress import heuristic
from .state import initial

__all__ = ["GAME"]

# A turn takes at most ~35 decisions (die, action, two targets, 6 steps, two Hunter moves or a
# push of up to 10 steps); City Planning adds 2 per tile. The round cap (at most 200) bounds it.
MAX_DECISIONS = 200 * 4 * 40 + 2 * 44

GAME = ModuleGame(
    GameInfo(
        id="dillos",
        name="'Dillos In Austin",
        min_seats=2,
        max_seats=4,
        hidden_information=True,
        chance=True,
        variants=dict(rules.VARIANTS),
        default_variants=(),
        rules_version="1",
        max_decisions=MAX_DECISIONS,
    ),
    data=data, rules=rules, view=view, notation=notation, render=render,
    fold=fold, initial=initial, strategy=strategy.choose, heuristic=heuristic,
)
