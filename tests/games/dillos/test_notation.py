"""Notation that reads like the board, and clear errors (STYLE: malformed vs illegal)."""

from __future__ import annotations

import pytest

from dinocli.games.dillos import GAME
from dinocli.games.dillos.actions import PickDie, Push, Step, Stop, SwapFrom, SwapWith, Twist
from dinocli.games.protocol import IllegalAction, MalformedAction

from .city import OPEN5, city, sq

BOARD7 = ["H ew ew ns ew ew H"] + ["ns ne esw nesw ns ne ew"] * 2 + ["ew ew ew H ew ew ew"] + \
         ["ns ne esw nesw ns ne ew"] * 2 + ["H ew ew ns ew ew H"]


def _phase(phase, **kw):
    return city(BOARD7, phase=phase, turn=1, dice=(6, 2), act_die=6, **kw)


@pytest.mark.parametrize("phase,kw,text,action", [
    ("target", {"kind": "push"}, "push row 3 east", Push("row", 2, "e")),
    ("target", {"kind": "push"}, "push col c north", Push("col", 2, "n")),
    ("target", {"kind": "twist"}, "twist c4 cw", Twist(23, True)),
    ("target", {"kind": "swap"}, "swap b2", SwapFrom(8)),
    ("swap", {"kind": "swap", "pending": 8}, "swap b2 d5", SwapWith(31)),
    ("die", {}, "act 6", PickDie(6)),
])
def test_actions_read_like_the_board(phase, kw, text, action):
    """Squares are a column letter and a row number from the north: c4 is row 4, column c."""
    s = _phase(phase, **kw)
    assert GAME.parse_action(s, text) == action
    assert GAME.format_action(s, action) == text


def test_steps_and_stop():
    s = city(OPEN5, variants=("small",), phase="move", steps=3, visited=1, turn=1, dice=(1, 3), act_die=1)
    assert GAME.parse_action(s, "step e") == Step("e") == GAME.parse_action(s, "east") == GAME.parse_action(s, "E")
    assert GAME.parse_action(s, "stop") == Stop()
    assert GAME.format_action(s, Step("s")) == "step s"


@pytest.mark.parametrize("text,message", [
    ("", "empty"),
    ("xyzzy", "unknown action"),
    ("twist z9 cw", "no square"),
    ("twist c4 sideways", "cw or ccw"),
    ("push row 9 east", "rows are numbered 1..7"),
    ("push col z north", "columns are lettered"),
    ("push diagonal 3 east", "row or a col"),
    ("act 7", "die face"),
    ("step up", "not a direction"),
    ("roads nxq", "open sides"),
])
def test_text_that_does_not_parse_is_malformed(text, message):
    with pytest.raises(MalformedAction, match=message):
        GAME.parse_action(_phase("target", kind="twist"), text)


def test_an_action_that_is_not_legal_now_says_why():
    s = _phase("die")
    with pytest.raises(IllegalAction, match="choose the die for the action: act 6 or act 2"):
        GAME.parse_action(s, "step n")
    with pytest.raises(IllegalAction, match="no die shows 3"):
        GAME.parse_action(s, "act 3")
    twist = _phase("target", kind="twist")
    with pytest.raises(IllegalAction, match="would not change"):
        GAME.parse_action(twist, "twist d2 cw")  # a cross
    swap = _phase("target", kind="swap")
    with pytest.raises(IllegalAction, match="one tile at a time"):
        GAME.parse_action(swap, "swap b2 d5")
    push = _phase("target", kind="push")
    with pytest.raises(IllegalAction, match="east or west"):
        GAME.parse_action(push, "push row 3 north")


def test_twist_without_a_sense_is_fine_when_only_one_is_offered():
    s = _phase("target", kind="twist")
    assert GAME.parse_action(s, "twist a2") == Twist(sq(s, "a2"), True)  # a straight
    with pytest.raises(MalformedAction, match="which way"):
        GAME.parse_action(s, "twist b2")  # a curve
