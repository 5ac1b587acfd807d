"""Lava tiles and flows (SOS-12..18, G05, A05, A07, A08)."""

from __future__ import annotations

from dinocli.games.sos.actions import MoveDino, PlaceLava
from dinocli.games.sos.board import code_flow, lava_blocked, make_flow
from dinocli.games.sos.events import (
    DinoEliminated, EggLost, LavaPlaced, TileBoxed, TileDrawn, TurnPassed, VolcanoErupted,
)
from dinocli.games.sos.lava import is_open, placements
from dinocli.games.sos.rules import legal_actions
from dinocli.games.sos.state import Phase

from .build import (
    BLUE, CURVE_M1, FORK_M2, LOUIS, RED, STRAIGHT_M1, STRAIGHT_DR, YELLOW,
    acting, c, d, empty, end, holding, mask, play, tile, with_lava,
)

Y0, P0, B0, R0 = (make_flow(k, 0) for k in range(4))


def cells(actions):
    return sorted((a.cell, a.mask) for a in actions)


def test_lava_extends_the_flow_of_its_colour_sos_12():
    """SOS-12: a yellow tile can only go at the yellow flow's open end (d2 at the start)."""
    state = holding(empty(), tile(YELLOW, STRAIGHT_M1))
    assert cells(placements(state)) == [(c("d2"), mask("ew"))]
    state = holding(empty(), tile(RED, STRAIGHT_M1))
    assert cells(placements(state)) == [(c("b6"), mask("ns"))]


def test_orientations_straight_1_curve_2_fork_3_g05():
    """G05: a straight tile has 1 orientation, a curve 2, a fork 3; one opening faces the open end."""
    assert cells(placements(holding(empty(), tile(YELLOW, CURVE_M1)))) == [
        (c("d2"), mask("nw")), (c("d2"), mask("sw"))]
    assert cells(placements(holding(empty(), tile(YELLOW, FORK_M2)))) == sorted(
        (c("d2"), mask(m)) for m in ("new", "esw", "nsw"))


def test_lava_only_on_empty_spaces_sos_13_a08():
    """SOS-13, A08: never on a tile, the Lake, an Obstacle, a Mountain or a Volcano; Nests,
    Starting spaces and open Meteorite spots may be covered."""
    state = empty()
    for name in ("d4", "b4", "a1", "c2"):  # Lake, Rock, Mountain, Volcano
        assert not is_open(state, c(name))
    for name in ("e2", "e3", "f3", "a2"):  # Nest, Start, Meteorite spot, Grass
        assert is_open(state, c(name))
    covered = with_lava(state, "a2", Y0, "ns")
    assert not is_open(covered, c("a2"))
    assert lava_blocked(False, True)[c("b4")] is False  # a Rock space without its Rock (SOS-40)


def test_placing_closes_its_own_flow_sos_16():
    """SOS-16: a tile whose other openings all lead nowhere ends its flow (exit into the Lake)."""
    state = holding(empty(ends=(end(Y0, "d2", "s"),)), tile(YELLOW, STRAIGHT_M1))
    state = with_lava(state, "d2", Y0, "ws")
    after, events = play(state, PlaceLava(c("d3"), mask("ns")))
    placed = next(e for e in events if isinstance(e, LavaPlaced))
    assert placed.ends == () and placed.met == ()
    assert not any(code_flow(0) == f for f, _, _ in after.ends)


def test_flows_meet_when_a_tile_points_at_another_flow_sos_14():
    """SOS-14, G05: an exit pointing at another flow's tile: every open end of both flows goes."""
    state = empty(ends=(end(Y0, "d2", "e"), end(P0, "e1", "w"), end(P0, "h3", "s"), end(B0, "g8", "w")))
    state = with_lava(with_lava(state, "d2", Y0, "ew"), "e1", P0, "ew")
    state = holding(state, tile(YELLOW, CURVE_M1))
    after, events = play(state, PlaceLava(c("e2"), mask("nw")))
    placed = next(e for e in events if isinstance(e, LavaPlaced))
    assert placed.met == (P0,) and placed.ends == ()
    assert after.ends == (end(B0, "g8", "w"),)


def test_flows_meet_when_another_open_end_points_at_the_tile_sos_14():
    """SOS-14, G05: another flow's live open end pointing at the new tile also means they meet."""
    state = empty(ends=(end(Y0, "d2", "e"), end(P0, "e1", "s"), end(R0, "b6", "n")))
    state = holding(with_lava(with_lava(state, "d2", Y0, "ew"), "e1", P0, "ws"), tile(YELLOW, STRAIGHT_M1))
    after, events = play(state, PlaceLava(c("e2"), mask("ew")))
    assert next(e for e in events if isinstance(e, LavaPlaced)).met == (P0,)
    assert after.ends == (end(R0, "b6", "n"),)


def test_same_flow_exit_is_dead_not_a_meeting_g05():
    """G05: an exit onto the same flow's own tile is just dead; the flow's other ends live on."""
    state = empty(ends=(end(Y0, "d2", "e"), end(Y0, "d2", "s")))
    state = holding(with_lava(state, "d2", Y0, "esw"), tile(YELLOW, CURVE_M1))
    after, events = play(state, PlaceLava(c("d3"), mask("ne")))
    placed = next(e for e in events if isinstance(e, LavaPlaced))
    assert placed.met == () and placed.ends == (d("e"),)
    assert sorted(after.ends) == sorted([end(Y0, "d2", "e"), end(Y0, "d3", "e")])


def test_lava_eliminates_dino_and_egg_sos_15():
    """SOS-15: a Dino or an Egg on the space where lava lands is removed from the game."""
    state = holding(empty(ends=(end(Y0, "d3", "e"), end(Y0, "d2", "e"))), tile(YELLOW, STRAIGHT_M1))
    after, events = play(state, PlaceLava(c("e3"), mask("ew")))
    assert DinoEliminated(dino=LOUIS, cell=c("e3"), by="lava") in events
    assert after.dinos[LOUIS] == -1
    after, events = play(state, PlaceLava(c("e2"), mask("ew")))
    assert EggLost(nest=1) in events and after.eggs[1] == -1


def test_eruption_opens_four_flows_and_the_tile_is_placed_sos_17():
    """SOS-17, G05: a tile for a finished flow with the Volcano standing: it erupts; the tile
    extends one of the new flows (a direction already covered starts dead); its action follows."""
    base = with_lava(empty(ends=(end(R0, "b6", "n"),)), "d2", Y0, "ew")
    state = acting(base, tile(BLUE, STRAIGHT_M1))
    after, events = play(state, MoveDino(LOUIS, d("n")), [tile(YELLOW, STRAIGHT_M1)])
    assert VolcanoErupted(color=YELLOW, dirs=(d("n"), d("s"), d("w"))) in events
    assert after.phase == Phase.PLACE and after.erupted[YELLOW]
    assert {a.cell for a in legal_actions(after)} == {c("c1"), c("c3"), c("b2")}
    after, events = play(after, PlaceLava(c("b2"), mask("ew")))
    assert after.phase == Phase.ACT and after.act == "M1"  # the action is taken


def test_post_eruption_flows_are_separate_a05():
    """A05, G05: after an eruption each direction is its own flow: a meeting ends only that branch."""
    n, s = make_flow(YELLOW, 1 + d("n")), make_flow(YELLOW, 1 + d("s"))
    ends = (end(n, "c2", "n"), end(s, "c2", "s"), end(P0, "d1", "w"))
    state = empty(ends=ends, erupted=(True, False, False, False))
    state = holding(with_lava(state, "d1", P0, "ew"), tile(YELLOW, STRAIGHT_M1))
    after, events = play(state, PlaceLava(c("c1"), mask("ns")))
    assert next(e for e in events if isinstance(e, LavaPlaced)).met == (P0,)
    assert after.ends == (end(s, "c2", "s"),)


def test_pre_eruption_fork_is_one_flow_g05():
    """G05: before its eruption a Volcano's flow is one flow, forks included: a meeting ends every branch."""
    state = empty(ends=(end(Y0, "d2", "n"), end(Y0, "d2", "s"), end(P0, "e1", "w")))
    state = with_lava(with_lava(state, "d2", Y0, "nsw"), "e1", P0, "ew")
    state = holding(state, tile(YELLOW, STRAIGHT_M1))
    after, events = play(state, PlaceLava(c("d1"), mask("ns")))  # the pink end points at d1
    assert next(e for e in events if isinstance(e, LavaPlaced)).met == (P0,)
    assert after.ends == ()  # the d2 southern branch ended too


def test_eruption_with_every_side_blocked_boxes_the_tile_g05():
    """G05: if none of the 4 new flows is live the colour is treated as SOS-18: boxed, draw again."""
    state = empty(ends=(end(R0, "b6", "n"),))
    for name in ("c1", "d2", "c3", "b2"):
        state = with_lava(state, name, P0, "ns")
    state = acting(state, tile(BLUE, STRAIGHT_M1))
    after, events = play(state, MoveDino(LOUIS, d("n")), [tile(YELLOW, STRAIGHT_M1), tile(RED, STRAIGHT_M1)])
    assert VolcanoErupted(color=YELLOW, dirs=()) in events
    assert TileBoxed(tile=tile(YELLOW, STRAIGHT_M1), why="spent") in events
    assert after.tile == tile(RED, STRAIGHT_M1) and after.phase == Phase.PLACE


def test_finished_flow_after_eruption_boxes_the_tile_sos_18_a07():
    """SOS-18, A07: an erupted colour with no live flow: the tile goes in the box, its action is
    not taken, and the same player draws again."""
    state = empty(names=("ann", "bob"), ends=(end(R0, "b6", "n"),), erupted=(True, False, False, False))
    state = acting(state, tile(BLUE, STRAIGHT_M1))
    boxed, nxt = tile(YELLOW, STRAIGHT_DR), tile(RED, STRAIGHT_M1)
    after, events = play(state, MoveDino(LOUIS, d("n")), [boxed, nxt])
    kinds = [type(e) for e in events]
    assert kinds.index(TurnPassed) < kinds.index(TileBoxed)
    assert TileBoxed(tile=boxed, why="spent") in events
    assert [e.seat for e in events if isinstance(e, TileDrawn)] == [1, 1]
    assert after.tile == nxt and after.phase == Phase.PLACE and boxed in after.boxed
    assert sum(isinstance(e, TileDrawn) for e in events) == 2  # the DR on the boxed tile drew nothing


def test_other_flows_entering_the_same_space():
    """G05: a placement reachable from two open ends of one colour is listed once."""
    state = empty(ends=(end(Y0, "d2", "s"), end(Y0, "c3", "e")))
    state = holding(with_lava(with_lava(state, "d2", Y0, "ws"), "c3", Y0, "ne"), tile(YELLOW, CURVE_M1))
    got = cells(placements(state))
    assert len(got) == len(set(got)) and (c("d3"), mask("nw")) in got
    assert got == sorted({(c("d3"), m) for m in (mask("nw"), mask("ne"), mask("sw"))})
