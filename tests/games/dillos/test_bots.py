"""The MCTS bot tuned for 'Dillos (issue #8): its presets, and it finds a win the rules allow."""

from __future__ import annotations

import random

from dinocli.ai import make_bot
from dinocli.ai.mcts import Search
from dinocli.games.dillos import GAME
from dinocli.games.runner import step

from .city import Dice, city

CROSS = [
    "H    ew   ew   ew   H",
    "ns   ns   ns   ns   ns",
    "ew   ns   H    ew   ew",
    "ns   ns   ns   ns   ns",
    "H    ns   ns   ns   H",
]


def test_the_presets_judge_every_leaf_by_the_heuristic_with_little_exploration():
    """Every level keeps its budget; the playout is cut off at once (the estimate finishes the turn)."""
    for level, iterations in (("easy", 30), ("medium", 300), ("hard", 3600)):
        spec = Search(GAME, 0, f"mcts:{level}").spec
        assert (spec.iterations, spec.cutoff, spec.c, spec.rollout) == (iterations, 0, 0.1, "random")
    assert Search(GAME, 0, "mcts:medium,c=0.7,cutoff=5").spec.c == 0.7  # a spec's own keys win


def test_the_small_board_tunes_its_own_budgets_and_the_bot_learns_the_board_from_its_view():
    """DILLO-02: on the 5x5 board a move is searched about ten times faster, so medium searches 3,600
    iterations there and hard four times that; the bot knows the board only from the view it is given,
    and a spec's own budget is still its own."""
    small, large = (GAME.observe(GAME.initial(GAME.configure(("ann", "bob"), v, {})), 0) for v in (("small",), ()))
    for level, here, there in (("easy", 30, 30), ("medium", 3600, 300), ("hard", 14400, 3600)):
        assert Search(GAME, 0, f"mcts:{level}", view=small).spec.iterations == here
        assert Search(GAME, 0, f"mcts:{level}", view=large).spec.iterations == there
        assert Search(GAME, 0, f"mcts:{level}").spec.iterations == there   # no view: the game's own presets
    assert Search(GAME, 0, "mcts:medium,iterations=50", view=small).spec.iterations == 50
    assert Search(GAME, 0, "mcts:medium", view=small).spec.c == 0.1   # the rest of the game's tuning stays
    bot = make_bot("mcts:medium")
    s = city(CROSS, variants=("small",), pawns={"ann": "a3"}, hunter="e2", phase="die", dice=(1, 2), turn=1)
    bot.choose(GAME, GAME.observe(s, 0), 0, GAME.legal_actions(s), random.Random(0))
    assert bot.last.spec.iterations == 3600


def test_medium_acts_with_the_die_whose_action_opens_the_winning_road():
    """DILLO-09..11, DILLO-26: ann on a3 rolled 1 and 2; b3 is turned the wrong way. Acting with
    the 1 (twist b3) and moving 2 wins; acting with the 2 (swap) leaves 1 step, too few."""
    s = city(CROSS, variants=("small",), pawns={"ann": "a3"}, hunter="e2", phase="die", dice=(1, 2), turn=1)
    bot = make_bot("mcts:medium")
    first = None
    while GAME.to_move(s) == 0:
        legal = GAME.legal_actions(s)
        action = bot.choose(GAME, GAME.observe(s, 0), 0, legal, random.Random(0))
        first = first or GAME.format_action(s, action)
        s, _ = step(GAME, s, action, Dice())
    assert first == "act 1" and s.winner == 0
