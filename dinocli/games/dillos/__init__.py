"""'Dillos In Austin: the sliding road-tile maze with the Dillo Hunter (DILLO-01..32)."""

from __future__ import annotations

from ..assembly import load
from ..protocol import GameInfo
from .rules import VARIANTS

__all__ = ["INFO", "GAME"]

# A turn takes at most ~35 decisions (die, action, two targets, 6 steps, two Hunter moves or a
# push of up to 10 steps); City Planning adds 2 per tile. The round cap (at most 200) bounds it.
MAX_DECISIONS = 200 * 4 * 40 + 2 * 44

# MCTS presets for 'Dillos (issue #8): no playout at all (cutoff 0) — every new leaf is judged by
# estimate.heuristic, which already finishes the move under way on its best square and, before an
# action, weighs the best plans — and little exploration, since a turn is a long chain of one
# seat's own choices whose averages a wide UCB would drag down. See tests/games/dillos/test_bots.py.
# Medium searches 300 iterations so that its slowest move stays under a second at three seats
# (400 took up to 1.2 s; on the same deals, seed s8, 300 did no worse: 3 seats 0.40 against 0.39).
# Hard at 900 was not told apart from medium on the held-out family h40-kestrel (0.52); 3,600 keeps its
# slowest move within hard's 3 s at every table size, 1.5-2.1 s (README "The levels each game offers", h40-wagtail).
MCTS_TUNING = {"all": {"rollout": "random", "cutoff": 0, "c": 0.1}, "medium": {"iterations": 300},
               "hard": {"iterations": 3600}}
# The 5x5 board (variant small, DILLO-02): a move there is searched some ten times faster, and at 300
# iterations medium fell 0.05 short of the 8x bound (h40-kestrel: 0.51 against 0.56) while 3,600 won the
# bound's share against the rule bots (0.56 on the tuning family tune40-small). So on that board medium
# searches 3,600 (slowest of 20 positions 0.64 s CPU, at three seats): 0.61 against the rule bots on the
# held-out family h40-heron, its 8x bound 0.66. Hard searches four times that, the most its 3 s allow (2.4 s),
# and was not told apart from medium there (h40-ibis, 0.54): the small board's ladder ends at medium (climb.py).
BOARD_TUNING = {"small": {"medium": {"iterations": 3600}, "hard": {"iterations": 14400}}}

INFO = GameInfo(
    id="dillos",
    name="'Dillos In Austin",
    min_seats=2,
    max_seats=4,
    hidden_information=True,
    chance=True,
    variants=dict(VARIANTS),
    default_variants=(),
    rules_version="1",
    max_decisions=MAX_DECISIONS,
    mcts_tuning=MCTS_TUNING,
    board_tuning=BOARD_TUNING,
)
GAME = load(__name__)
