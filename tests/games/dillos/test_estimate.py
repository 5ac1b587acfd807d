"""The MCTS heuristic: an estimate of each seat's chance to win that finishes the turn under way
(issue #8; DILLO-09, DILLO-16, DILLO-18..20, DILLO-26)."""

from __future__ import annotations

import math
import random

import pytest

from dinocli.ai.arena import steps
from dinocli.events import SeededRng
from dinocli.games.dillos import GAME
from dinocli.games.dillos.estimate import FRESH, heuristic, roll_features
from dinocli.games.dillos.strategy import ROLL_OFF_WIN
from dinocli.games.runner import start

from .city import CROSS, NAMES, OPEN5, city, moving, play

def test_a_fresh_roll_moves_with_the_larger_die():
    """DILLO-09, DILLO-16: the other die moves, so a road d steps long is walked on a fresh roll
    when the larger die shows d or more; a Hunter on the goal must be beaten first (DILLO-20)."""
    assert FRESH[1, False] == 1.0
    assert FRESH[6, False] == pytest.approx(11 / 36)
    assert FRESH[7, False] == 0.0 and FRESH[-1, False] == 0.0
    larger = [max(a, b) for a in range(1, 7) for b in range(1, 7)]
    assert FRESH[2, True] == pytest.approx(sum(ROLL_OFF_WIN[m - 2] for m in larger if m >= 2) / 36)


@pytest.mark.parametrize("seats,variants", [(2, ()), (2, ("small",)), (3, ("home-again",)), (4, ("houston",)),
                                            (2, ("small-world", "again-home")), (2, ("city-planning", "small"))])
def test_the_estimate_is_a_share_per_seat_until_the_game_is_over(seats, variants):
    """Every state of a random game gets one non-negative share per seat summing to 1; over: None."""
    rnd = random.Random(seats)
    rng = SeededRng(f"h-{seats}-{variants}")
    s, _ = start(GAME, GAME.configure(NAMES[:seats], variants, {}), rng)
    for st in steps(GAME, s, lambda s, seat, legal: rnd.choice(legal), rng):
        h = GAME.heuristic(st.state)
        assert len(h) == seats and min(h) >= 0 and math.isclose(sum(h), 1.0)
        s = st.after
    assert GAME.heuristic(s) is None


def test_a_capitol_in_reach_this_move_counts_as_won():
    """DILLO-26: ann on a3 with 2 steps left reaches the capitol along row 3."""
    s = moving(city(CROSS, variants=("small",), pawns={"ann": "a3"}, hunter="e2"), steps=2)
    assert heuristic(s) == [1.0, 0.0]


def test_before_the_action_a_plan_that_wins_counts_as_won():
    """DILLO-09, DILLO-10: ann on a3 rolled 4 and 2; b3 is turned the wrong way, but acting with
    the 4 (twist b3) and moving 2 wins: the estimate weighs that plan."""
    rows = [r.split() for r in CROSS]
    rows[2][1] = "ns"
    s = city([" ".join(r) for r in rows], variants=("small",), pawns={"ann": "a3"}, hunter="e2",
             phase="die", dice=(4, 2), turn=1)
    assert heuristic(s)[0] > 0.99


def test_a_landing_the_hunter_can_reach_with_the_steps_left_is_a_capture():
    """DILLO-15, DILLO-18, DILLO-19: b1's stop sign ends ann's move with 2 steps unused, which bob
    steers the Hunter with. From f6 it cannot reach b1 and stepping is worth more than waiting at
    home; from c2 it can, and ann is better off staying home (the rule-based bot agrees)."""
    rows = ["H ew* nesw ew ew ew H", "ew ns nesw ns ns ns ns", "ns " * 7, "ew ew ew H ew ew ew"] + ["ns " * 7] * 2 + \
           ["H ns ns ns ns ns H"]
    worth = {}
    for where in ("f6", "c2"):
        s = moving(city(rows, hunter=where), steps=3)
        stepped, _ = play(s, ["step e"])
        stayed, _ = play(s, ["stop"])
        worth[where] = heuristic(stepped)[0] - heuristic(stayed)[0]
    assert worth["f6"] > 0 > worth["c2"]


def test_before_a_roll_rolling_first_and_a_road_to_the_capitol_count():
    """Two dillos the same distance from the capitol: the one to roll next is favoured; when her
    roads make her way in longer, her chance on the roll and her share drop (DILLO-14, DILLO-16)."""
    s = city(OPEN5, variants=("small",), pawns={"ann": "b2", "bob": "d4"}, phase="end", active=1)
    assert heuristic(s)[0] > 0.5  # ann rolls next
    rows = [r.split() for r in OPEN5]
    rows[1][1] = rows[1][2] = "ew"  # ann's way in is now b2 c2 d2 d3 c3, 4 steps, not 2
    rows[2][1] = "ns"
    walled = city([" ".join(r) for r in rows], variants=("small",), pawns={"ann": "b2", "bob": "d4"},
                  phase="end", active=1)
    mine, theirs = roll_features(walled, walled.pawns, 0)
    assert mine[0] == pytest.approx(FRESH[4, True]) and theirs[1] == pytest.approx(FRESH[2, True])
    assert heuristic(walled)[0] < heuristic(s)[0]


def test_the_estimate_predicts_rule_based_self_play_better_than_a_coin():
    """The fitted weights (issue #8): at each roll of 60 rule-based games on the small board the
    estimate's log-loss on the winner beats the coin's log 2."""
    loss, n = 0.0, 0
    for seed in range(60):
        rng = SeededRng(f"fit-{seed}")
        s, _ = start(GAME, GAME.configure(NAMES[:2], ("small",), {}), rng)
        rolls = []
        for st in steps(GAME, s, lambda s, seat, legal: GAME.strategy(s, seat, legal, random.Random(0))[0], rng):
            if st.state.phase == "die":
                rolls.append(st.state)
            s = st.after
        if s.winner >= 0:
            for r in rolls:
                loss -= math.log(max(heuristic(r)[s.winner], 1e-6))
                n += 1
    assert loss / n < math.log(2) - 0.1
