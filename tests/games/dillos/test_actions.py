"""Choosing a die and the action: Twist, Swap, Push (DILLO-09..13, A06, G09, G10, G11)."""

from __future__ import annotations

import pytest

from dinocli.games.dillos import GAME
from dinocli.games.dillos.data import MASKS, STOPS
from dinocli.games.dillos.events import ActionSkipped, TilesSwapped
from dinocli.games.protocol import IllegalAction

from .city import OPEN5, city, kinds, play, sq, texts, tile

MIX5 = [
    "H    ns    ne    esw  H",
    "ns   ew    nesw  ne   ns",
    "esw  ne    H     ns   ew",
    "ns   nesw  ew    ne*  ns",
    "H    ns    ew    esw  H",
]


def _at(s, name):
    return s.board[sq(s, name)]


@pytest.mark.parametrize("die,allowed", [
    (1, ["twist"]), (2, ["swap"]), (3, ["push"]), (4, ["twist", "push"]), (5, ["swap", "push"]),
    (6, ["twist", "swap", "push"]),
])
def test_action_chart_sets_the_choices(die, allowed):
    """DILLO-10: the chosen die's line of the Action Chart lists the actions on offer."""
    s = city(MIX5, variants=("small",), phase="kind", act_die=die, dice=(die, 1 if die != 1 else 2), turn=1)
    assert texts(s) == allowed


def test_choose_either_die_and_move_with_the_other():
    """DILLO-09, DILLO-16: the die not used for the action is the movement allowance."""
    s = city(MIX5, variants=("small",), phase="die", dice=(2, 5), turn=1)
    assert texts(s) == ["act 2", "act 5"]
    s, log = play(s, ["act 2"])
    assert s.phase == "target" and s.kind == "swap"  # a single choice of action is taken for you
    s, log = play(s, ["swap c1", "swap c1 d1"])
    assert s.phase == "move" and s.steps == 5 and GAME.to_move(s) == 0


def test_twist_turns_an_unoccupied_tile_90_degrees_either_way():
    """DILLO-11, G10: a twist turns one tile a quarter turn, clockwise or counter-clockwise."""
    s = city(MIX5, variants=("small",), phase="target", kind="twist", act_die=1, dice=(1, 3), turn=1)
    after, _ = play(s, ["twist c1 cw"])
    assert MASKS[_at(after, "c1")] == MASKS[tile("es")]
    after, _ = play(s, ["twist c1 ccw"])
    assert MASKS[_at(after, "c1")] == MASKS[tile("nw")]
    assert after.phase == "move" and after.steps == 3


def test_twist_is_not_offered_when_it_changes_nothing():
    """G10: an X is the same after a twist; a straight is the same either way, so once (cw)."""
    s = city(MIX5, variants=("small",), phase="target", kind="twist", act_die=1, dice=(1, 3), turn=1)
    options = texts(s)
    assert "twist b1 cw" in options and "twist b1 ccw" not in options
    assert not any(t.startswith("twist c2 ") for t in options)  # c2 is a cross
    assert GAME.parse_action(s, "twist b1 ccw") == GAME.parse_action(s, "twist b1 cw")


def test_only_unoccupied_tiles_move():
    """DILLO-11..13, A06: a tile under a dillo or the Hunter cannot be twisted, swapped or pushed."""
    s = city(MIX5, variants=("small",), pawns={"bob": "c1"}, hunter="d1", phase="target", kind="twist",
             act_die=1, dice=(1, 3), turn=1)
    assert not any(t.startswith(("twist c1", "twist d1")) for t in texts(s))
    with pytest.raises(IllegalAction, match="occupied"):
        GAME.parse_action(s, "twist c1 cw")
    swap = city(MIX5, variants=("small",), pawns={"bob": "c1"}, phase="target", kind="swap", act_die=2,
                dice=(2, 3), turn=1)
    assert "swap c1" not in texts(swap) and "swap b1" in texts(swap)


def test_swap_exchanges_two_tiles_keeping_their_orientation():
    """DILLO-12: the two sections change places, each keeping its orientation."""
    s = city(MIX5, variants=("small",), phase="target", kind="swap", act_die=2, dice=(2, 4), turn=1)
    s2, _ = play(s, ["swap c1"])
    assert s2.phase == "swap" and "swap c1 c1" not in texts(s2)
    s3, log = play(s2, ["swap c1 d4"])
    assert _at(s3, "c1") == tile("ne*") and _at(s3, "d4") == tile("ne")
    assert isinstance(log[0], TilesSwapped) and s3.phase == "move" and s3.steps == 4


def test_swapping_two_identical_tiles_is_not_offered():
    """G11 reading: an action must change the board; two tiles that look alike are not a swap."""
    s = city(MIX5, variants=("small",), phase="swap", kind="swap", pending=1, act_die=2, dice=(2, 4), turn=1)
    assert "swap b1 a2" not in texts(s)  # both are plain north-south straights
    assert "swap b1 c1" in texts(s)


def test_push_row_wraps_around_and_skips_the_capitol():
    """DILLO-13, G09: pushing row 4 of the 7x7 board east moves c4's tile to e4 (jumping the
    capitol) and g4's tile round to a4; a pawn on the capitol does not block the push."""
    rows = ["H ew ew ew ew ew H"] + ["ew " * 7] * 2 + ["ns ne esw H nesw ns* ne*"] + ["ew " * 7] * 2 + ["H ew ew ew ew ew H"]
    s = city(rows, phase="target", kind="push", act_die=3, dice=(3, 2), turn=1)
    assert "push row 4 east" in texts(s)
    after, _ = play(s, ["push row 4 east"])
    got = [_at(after, f"{c}4") for c in "abcefg"]
    assert got == [tile("ne*"), tile("ns"), tile("ne"), tile("esw"), tile("nesw"), tile("ns*")]
    west, _ = play(s, ["push row 4 west"])
    assert [_at(west, f"{c}4") for c in "abcefg"] == [tile(t) for t in ("ne", "esw", "nesw", "ns*", "ne*", "ns")]


def test_push_column_north_wraps_to_the_south_end():
    """DILLO-13: the section pushed off the board comes back at the opposite end, unturned."""
    s = city(MIX5, variants=("small",), phase="target", kind="push", act_die=3, dice=(3, 2), turn=1)
    after, _ = play(s, ["push col b north"])
    assert [_at(after, f"b{r}") for r in range(1, 6)] == [tile(t) for t in ("ew", "ne", "nesw", "ns", "ns")]


def test_a_line_with_a_pawn_on_a_road_square_cannot_be_pushed():
    """G09: every road square in the line must be unoccupied; homes and the capitol are skipped."""
    s = city(MIX5, variants=("small",), pawns={"ann": "b2"}, phase="target", kind="push", act_die=3,
             dice=(3, 2), turn=1)
    options = texts(s)
    assert not any(t.startswith(("push row 2 ", "push col b ")) for t in options)
    assert "push row 1 east" in options  # ann's home a1 would be skipped anyway; bob's e5 too
    assert "push row 3 west" in options  # the Hunter sits on the capitol, which is skipped
    with pytest.raises(IllegalAction, match="pawn"):
        GAME.parse_action(s, "push row 2 east")


def test_a_push_that_changes_nothing_is_not_offered():
    """G11 reading: a line of identical tiles looks the same pushed, so it is no push."""
    s = city(OPEN5, variants=("small",), phase="die", dice=(3, 4), turn=1)
    s, log = play(s, ["act 3"])
    assert "ActionSkipped" in kinds(log) and s.phase == "move"


def test_an_impossible_action_is_skipped():
    """G11: with no legal instance of what the die allows, the action is skipped; then move."""
    s = city(OPEN5, variants=("small",), phase="die", dice=(1, 4), turn=1)
    s, log = play(s, ["act 1"])  # only Twist, and every tile is a cross
    assert "ActionSkipped" in kinds(log)
    assert isinstance(log[1], ActionSkipped) and s.phase == "move" and s.steps == 4


def test_a_possible_action_is_mandatory():
    """G11: while some twist is possible there is no way to skip it."""
    s = city(MIX5, variants=("small",), phase="die", dice=(1, 4), turn=1)
    s, _ = play(s, ["act 1"])
    assert s.phase == "target" and all(t.startswith("twist ") for t in texts(s))
    with pytest.raises(IllegalAction):
        GAME.parse_action(s, "stop")
    assert STOPS[_at(s, "d4")]
