"""The 'Dillos projector field by field (issue #24): what a turn's start, the end of a Hunter
move or a push, and a City Planning placement reset (DILLO-06, DILLO-16, DILLO-18, G07, G13)."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.games.dillos.events import (
    DilloMoved, DilloPushed, HunterMoved, HunterStopped, HunterTaken, PushBegun, PushEnded, TilePlaced,
    TurnStarted,
)
from dinocli.games.dillos.fold import fold

from .city import OPEN5, city, sq

BUSY = dict(phase="push", active=1, turn=5, dice=(3, 4), act_die=3, kind="swap", pending=7, controller=1,
            pushed=0, steps=2, visited=0b1010, then="end", leftover=3)


def test_a_turn_starts_with_nothing_rolled_chosen_or_pending_dillo_06():
    """DILLO-06: the new turn's seat rolls next; every field of the last turn is cleared."""
    s = replace(city(OPEN5, variants=("small",)), **BUSY)
    t = fold(s, TurnStarted(seat=0, turn=6))
    assert (t.phase, t.active, t.turn) == ("roll", 0, 6)
    assert (t.dice, t.act_die, t.kind, t.pending, t.controller, t.pushed) == ((0, 0), 0, "", -1, -1, -1)
    assert (t.steps, t.visited, t.then, t.leftover) == (0, 0, "", 0)


def test_the_end_of_a_push_hands_back_control_g07():
    """G07: after the forced move nobody steers and nobody is being pushed."""
    s = replace(city(OPEN5, variants=("small",)), **BUSY)
    t = fold(s, PushEnded(seat=1, loser=0))
    assert (t.phase, t.controller, t.pushed, t.steps) == ("resolve", -1, -1, 0)
    assert t.leftover == 3


def test_the_hunter_stops_and_the_turn_goes_on_where_it_was_dillo_08_18():
    """DILLO-08: after a doubles Hunter move the action comes next; DILLO-18: after the end-of-move
    Hunter move the turn resolves."""
    s = replace(city(OPEN5, variants=("small",)), **BUSY)
    for then, phase in (("act", "die"), ("end", "resolve")):
        t = fold(replace(s, then=then), HunterStopped(seat=1, square=s.hunter))
        assert (t.phase, t.controller, t.steps, t.then) == (phase, -1, 0, "")


def test_each_step_spends_one_and_marks_the_square_entered_dillo_17():
    """DILLO-17: a dillo, the Hunter and a pushed loser each spend one step per square and may
    not enter it again."""
    s = replace(city(OPEN5, variants=("small",)), **BUSY)
    b2 = sq(s, "b2")
    for ev in (DilloMoved(seat=1, square=b2), HunterMoved(seat=1, square=b2), DilloPushed(seat=1, loser=0, square=b2)):
        t = fold(s, ev)
        assert t.steps == 1 and t.visited == s.visited | 1 << b2, ev
    h = fold(s, HunterTaken(seat=0, steps=4, then="end"))
    assert (h.phase, h.controller, h.steps, h.visited) == ("hunter", 0, 4, 1 << s.hunter)
    p = fold(s, PushBegun(seat=1, loser=0, steps=5, leftover=2))
    assert (p.controller, p.pushed, p.steps, p.visited, p.leftover) == (1, 0, 5, 1 << s.pawns[0], 2)


def test_a_placed_tile_clears_the_drawn_tile_g13():
    """G13: City Planning: the tile lands, nothing is drawn or pending, the next draw follows."""
    s = replace(city(OPEN5, variants=("small",)), phase="orient", drawn=3, pending=6)
    t = fold(s, TilePlaced(seat=0, square=6, code=9))
    assert (t.board[6], t.drawn, t.pending, t.phase) == (9, -1, -1, "setup")


def test_after_the_action_the_move_starts_with_only_the_start_square_entered_dillo_16_a07():
    """DILLO-16, A07: the move uses the other die; the dillo's own square counts as entered and
    no swap is pending any more."""
    from dinocli.games.dillos.events import TilesSwapped, TileTwisted

    s = replace(city(OPEN5, variants=("small",), pawns={"ann": "b2"}), phase="swap", active=0, dice=(2, 5),
                act_die=2, kind="swap", pending=7, visited=0b111)
    for ev in (TilesSwapped(seat=0, a=7, b=8), TileTwisted(seat=0, square=8, clockwise=True)):
        t = fold(s, ev)
        assert (t.phase, t.steps, t.visited, t.pending) == ("move", 5, 1 << sq(s, "b2"), -1), ev
