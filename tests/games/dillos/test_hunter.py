"""The Dillo Hunter: doubles, who steers it, how far, and captures (DILLO-08, DILLO-18,
DILLO-19, A02, A03, G01, G05)."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.games.dillos import GAME
from dinocli.games.dillos.events import DilloCaptured, HunterMoved, HunterStopped, HunterTaken
from dinocli.games.dillos.rules import hunter_directions

from .city import OPEN5, Dice, begin_turn, city, moving, play, sq, texts, tile

FORKS = [
    "H    ns   ns   ns   H",
    "ns   ns   ns*  ns   ns",
    "ew   ew   H    ns   ns",
    "ns   ns   ns   ns   ns",
    "H    ns   ns   ns   H",
]


def test_doubles_let_the_left_player_move_the_hunter_before_the_action():
    """DILLO-08, G01: on doubles the player to the left (in a 2-player game the opponent)
    moves the Hunter the number on one die; the decision-maker changes mid-turn."""
    s = city(OPEN5, variants=("small",))
    s = replace(s, board=s.board[:6] + (tile("ns"),) + s.board[7:])  # so that a push changes something
    s, log = begin_turn(s, 0, Dice(dice=[3, 3]))
    assert HunterTaken(seat=1, steps=3, then="act") in log
    assert s.phase == "hunter" and s.active == 0 and GAME.to_move(s) == 1
    while s.phase == "hunter":
        s, log = play(s, [texts(s)[0]])
    assert HunterStopped(seat=1, square=s.hunter) in log
    assert GAME.to_move(s) == 0 and s.phase == "target" and s.kind == "push"  # act with the 3


def test_left_means_the_next_seat_clockwise():
    """DILLO-08: with three players, cat's left is ann."""
    s = city(OPEN5, variants=("small",), seats=3)
    s, log = begin_turn(s, 2, Dice(dice=[5, 5]))
    assert HunterTaken(seat=0, steps=5, then="act") in log and GAME.to_move(s) == 0


def test_hunter_moves_exactly_n_when_it_can():
    """G05, A02: 'moves 2' means a path of exactly 2 steps if one exists: north ends at once
    on c2's stop sign, so only south and west are offered."""
    s = city(FORKS, variants=("small",), phase="hunter", controller=1, steps=2, visited=1 << 12, then="end", turn=1)
    assert texts(s) == ["step s", "step w"]


def test_hunter_goes_as_far_as_it_can_when_n_is_impossible():
    """G05: no 5-step path exists, so the longest (2 steps) will do and then it stops."""
    s = city(FORKS, variants=("small",), phase="hunter", controller=1, steps=5, visited=1 << 12, then="end", turn=1)
    assert texts(s) == ["step s", "step w"]
    s, log = play(s, ["step w"])
    assert log[:2] == [HunterMoved(seat=1, square=sq(s, "b3")), HunterMoved(seat=1, square=sq(s, "a3"))]
    assert log[2] == HunterStopped(seat=1, square=sq(s, "a3"))


def test_hunter_stops_on_a_stop_sign():
    """G05: the Hunter obeys stop signs too."""
    rows = ["H ns ns ns H", "ns ns ns* ns ns", "ns ns H ns ns", "ns ns ew ns ns", "H ns ns ns H"]
    s = city(rows, variants=("small",), phase="hunter", controller=1, steps=3, visited=1 << 12, then="end", turn=1)
    assert hunter_directions(s) == [0]  # only north, and that path ends on c2 after 1 step


def test_hunter_never_enters_a_home_corner():
    """G05: homes are safe; from b1 the Hunter can only go east."""
    rows = ["H ew ew ns H", "ns ns ns ns ns", "ns ns H ns ns", "ns ns ns ns ns", "H ns ns ns H"]
    s = city(rows, variants=("small",), hunter="b1", phase="hunter", controller=1, steps=1,
             visited=1 << 1, then="end", turn=1)
    assert texts(s) == ["step e"]


SOUTH = [
    "H    ns   ns   ns   H",
    "ns   ns   ew   ns   ns",
    "ns   ns   H    ns   ns",
    "ns   ns   ns   ns   ns",
    "H    ns   ns   ns   H",
]


def test_hunter_landing_on_a_dillo_sends_it_home():
    """DILLO-19: ann stops with 1 step unused; bob steers the Hunter 1 south onto cat's dillo."""
    s = moving(city(SOUTH, variants=("small",), seats=3, pawns={"cat": "c4"}), steps=1)
    s, log = play(s, ["stop"])
    assert HunterMoved(seat=1, square=sq(s, "c4")) in log
    assert DilloCaptured(seat=2, square=sq(s, "e5")) in log and s.pawns[2] == sq(s, "e5")


def test_hunter_passing_over_a_dillo_captures_nothing():
    """A03: 'lands on' means ends its move on; with 2 steps it passes c4 and stops on c5."""
    s = moving(city(SOUTH, variants=("small",), seats=3, pawns={"cat": "c4"}), steps=2)
    s, log = play(s, ["stop"])
    assert HunterStopped(seat=1, square=sq(s, "c5")) in log
    assert not any(isinstance(e, DilloCaptured) for e in log) and s.pawns[2] == sq(s, "c4")
