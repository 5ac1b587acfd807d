"""Moving a dillo along the roads (DILLO-14..18, DILLO-25, A01, A02, A07, G04)."""

from __future__ import annotations

import pytest

from dinocli.games.dillos import GAME
from dinocli.games.dillos.events import (
    DilloMoved, HunterMoved, HunterStopped, HunterTaken, MoveEnded, TurnEnded, TurnStarted,
)
from dinocli.games.protocol import IllegalAction

from .city import city, kinds, moving, play, sq, texts

ROADS = [
    "H    ew   ns   ns   H",
    "ew   ns   ns   ns   ns",
    "ns   ns   H    ns   ns",
    "ns   ns   ns   ns   ns",
    "H    ns   ns   ns   H",
]


def test_a_step_needs_roads_that_connect_both_ways():
    """DILLO-14, A01, G04: a1 (a home, open on all sides) joins b1, which opens west, but not a2,
    which does not open north; diagonals never connect."""
    s = moving(city(ROADS, variants=("small",)), steps=4)
    assert texts(s) == ["step e", "stop"]
    with pytest.raises(IllegalAction, match="no connecting road"):
        GAME.parse_action(s, "step s")


def test_when_no_road_goes_on_the_move_ends_by_itself():
    """DILLO-14, DILLO-18: from b1 nothing connects (c1 does not open west): the dillo stops and
    the 3 unused steps go to the player on the left for the Hunter."""
    s = moving(city(ROADS, variants=("small",)), steps=4)
    s, log = play(s, ["step e"])
    assert kinds(log)[:3] == ["DilloMoved", "MoveEnded", "HunterTaken"]
    assert log[1] == MoveEnded(seat=0, unused=3)
    assert log[2] == HunterTaken(seat=1, steps=3, then="end")


def test_entering_a_stop_sign_ends_the_move():
    """DILLO-15: c1 carries a stop sign; the dillo stops there with 2 steps unused."""
    rows = ["H ew ew* ew H", *ROADS[1:]]
    s = moving(city(rows, variants=("small",)), steps=4)
    s, log = play(s, ["step e", "step e"])
    assert MoveEnded(seat=0, unused=2) in log and HunterTaken(seat=1, steps=2, then="end") in log
    assert s.pawns[0] == sq(s, "c1")


def test_move_up_to_the_die_and_stop_early():
    """DILLO-16, DILLO-18: you may stop before your allowance runs out; the player to your
    left then spends the rest moving the Hunter, mid-turn."""
    rows = ["H ew ew ew H", *ROADS[1:]]
    s = moving(city(rows, variants=("small",)), steps=4)
    s, log = play(s, ["step e", "stop"])
    assert log[:3] == [DilloMoved(seat=0, square=sq(s, "b1")), MoveEnded(seat=0, unused=3),
                       HunterTaken(seat=1, steps=3, then="end")]
    # bob steers; the only road from the capitol runs south for 2 squares, so it goes that far
    assert log[3:6] == [HunterMoved(seat=1, square=sq(s, "c4")), HunterMoved(seat=1, square=sq(s, "c5")),
                        HunterStopped(seat=1, square=sq(s, "c5"))]


def test_using_the_whole_allowance_ends_the_turn():
    """DILLO-25: with the movement used up the turn is over and play passes left."""
    rows = ["H ew ew ew H", *ROADS[1:]]
    s = moving(city(rows, variants=("small",)), steps=2)
    s, log = play(s, ["step e", "step e"])
    assert MoveEnded(seat=0, unused=0) in log
    i = kinds(log).index("TurnEnded")
    assert log[i] == TurnEnded(seat=0) and isinstance(log[i + 1], TurnStarted) and log[i + 1].seat == 1


LOOP = [
    "H    es   sw   ns   H",
    "ns   ne   nw   ns   ns",
    "ns   ns   H    ns   ns",
    "ns   ns   ns   ns   ns",
    "H    ns   ns   ns   H",
]


def test_no_square_is_entered_twice_and_the_start_counts():
    """DILLO-17, A07: round the loop b1-c1-c2-b2 the dillo cannot step back into b1, where it
    started, so it stops with 3 steps unused."""
    s = moving(city(LOOP, variants=("small",), pawns={"ann": "b1"}), steps=6)
    s, _ = play(s, ["step e", "step s"])
    assert texts(s) == ["step w", "stop"]
    s, log = play(s, ["step w"])
    assert MoveEnded(seat=0, unused=3) in log


def test_homes_and_the_capitol_are_open_on_every_side():
    """G04: a dillo may walk into another player's home corner from either neighbour."""
    rows = ["H ew ew ew H", "ns ns ns ns ns", "ns ns H ns ns", "ns ns ns ns ns", "H ns ns ns H"]
    s = moving(city(rows, variants=("small",), pawns={"ann": "d1"}), steps=2)
    assert "step e" in texts(s)
    s, log = play(s, ["step e"])
    assert DilloMoved(seat=0, square=sq(s, "e1")) in log
