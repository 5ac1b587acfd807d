"""Why an action is refused, phase by phase (issue #24): each refusal names its rule, and
squares off the board or without a tile are refused, not crashed on (DILLO-10..17, A06, G05,
G07, G09, G10, G13)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dinocli.games.dillos.actions import (
    Orient, PickAction, PickDie, PlaceAt, Push, Step, Stop, SwapFrom, SwapWith, Twist,
)
from dinocli.games.dillos.rules import explain

from .city import CROSS, city

# ann on b2, bob on d4, the Hunter on e3; rows 1 and 3 run east-west, the rest north-south
BASE = dict(variants=("small",), pawns={"ann": "b2", "bob": "d4"}, hunter="e3")
DIE = dict(phase="die", dice=(6, 2), turn=1)
KIND = dict(phase="kind", dice=(6, 2), act_die=2, turn=1)
TWIST = dict(phase="target", dice=(6, 2), act_die=2, kind="twist", turn=1)
SWAP1 = dict(phase="target", dice=(6, 2), act_die=2, kind="swap", turn=1)
SWAP2 = dict(phase="swap", dice=(6, 2), act_die=2, kind="swap", pending=1, turn=1)
PUSH = dict(phase="target", dice=(6, 2), act_die=4, kind="push", turn=1)
MOVE = dict(phase="move", steps=2, visited=1 << 6, turn=1)
HUNT = dict(phase="hunter", steps=2, controller=1, visited=1 << 14, turn=1)
SHOVE = dict(phase="push", steps=2, controller=1, pushed=0, visited=1 << 6, turn=1)
CASES = [
    (DIE, PickDie(3), "no die shows 3; ann must choose the die for the action: act 6 or act 2"),
    (DIE, Stop(), "not now: ann must choose the die for the action: act 6 or act 2"),
    (KIND, PickAction("fly"), "a 2 allows only swap (DILLO-10)"),
    (KIND, PickAction("twist"), "a 2 allows only swap (DILLO-10)"),
    (TWIST, Twist(0, True), "homes and the capitol have no road tile to move"),
    (TWIST, Twist(12, True), "homes and the capitol have no road tile to move"),
    (TWIST, Twist(25, True), "homes and the capitol have no road tile to move"),
    (TWIST, Twist(99, True), "homes and the capitol have no road tile to move"),
    (TWIST, Twist(-1, True), "homes and the capitol have no road tile to move"),
    (TWIST, Twist(6, True), "b2 is occupied; only unoccupied tiles may move (A06)"),
    (TWIST, Twist(14, False), "e3 is occupied; only unoccupied tiles may move (A06)"),
    (TWIST, Twist(1, True), "twisting b1 that way would not change it (G10)"),
    (TWIST, Push("row", 0, "e"), "not now: ann must choose where to twist"),
    (SWAP1, SwapFrom(0), "homes and the capitol have no road tile to move"),
    (SWAP1, SwapFrom(6), "b2 is occupied; only unoccupied tiles may move (A06)"),
    (SWAP2, SwapWith(1), "swap two different tiles"),
    (SWAP2, SwapWith(24), "homes and the capitol have no road tile to move"),
    (SWAP2, SwapWith(2), "swapping c1 would not change the board"),
    (PUSH, Push("row", 1, "n"), "rows are pushed east or west, columns north or south (G09)"),
    (PUSH, Push("col", 1, "e"), "rows are pushed east or west, columns north or south (G09)"),
    (PUSH, Push("row", 1, ""), "rows are pushed east or west, columns north or south (G09)"),
    (PUSH, Push("col", 1, "ns"), "rows are pushed east or west, columns north or south (G09)"),
    (PUSH, Push("diagonal", 1, "e"), "rows are pushed east or west, columns north or south (G09)"),
    (PUSH, Push("row", 5, "e"), "there is no such row on this 5x5 board"),
    (PUSH, Push("col", -1, "n"), "there is no such col on this 5x5 board"),
    (PUSH, Push("row", 1, "e"), "that row has a pawn on it; only unoccupied lines may be pushed (DILLO-13)"),
    ({**PUSH, "hunter": 1}, Push("row", 0, "w"), "that row has a pawn on it; only unoccupied lines may be pushed (DILLO-13)"),
    (PUSH, Push("col", 4, "s"), "that col has a pawn on it; only unoccupied lines may be pushed (DILLO-13)"),
    (MOVE, Step("n"), "no connecting road leads n to a square not yet entered this turn (DILLO-14, DILLO-17)"),
    (MOVE, PickDie(2), "not now: ann is moving their dillo (2 steps left): step or stop"),
    (HUNT, Step("e"), "the Hunter cannot go e: it must follow connecting roads, never enter a home or a "
                      "square twice, and take a longest path (G05)"),
    (HUNT, Stop(), "not now: bob is moving the Hunter (2 steps left)"),
    (SHOVE, Step("n"), "the loser cannot be moved n: it needs a connecting road to a free square on a "
                       "longest path (G07)"),
    (dict(phase="place", turn=1), PlaceAt(6), "that square is not vacant"),
    (dict(phase="place", turn=1), Orient(1), "not now: ann must choose a vacant square for the drawn tile"),
    (dict(phase="orient", drawn=0, pending=6, turn=1), Orient(9),
     "that orientation is not one of this tile's distinct orientations"),
    (dict(phase="over"), Stop(), "the game is over"),
]


@pytest.mark.parametrize("fields, action, why", CASES, ids=[f"{f['phase']}-{a!r}" for f, a, _ in CASES])
def test_each_refusal_says_why(fields, action, why):
    """The one-line reason for each kind of illegal action."""
    s = replace(city(CROSS, **BASE), **fields)
    assert explain(s, action) == why


def test_an_allowed_action_with_nothing_to_act_on_says_so_g11():
    """G11: a 4 allows a push, but every line holds a pawn or would not change."""
    s = replace(city(CROSS, **BASE), **{**KIND, "act_die": 4})
    assert explain(s, PickAction("push")).startswith("there is nothing to push")
