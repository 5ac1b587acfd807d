"""Meteorites, tile actions and Dino moves (SOS-19..33, G04, G06, G07, A01..A04)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dinocli.games.protocol import IllegalAction
from dinocli.games.sos.actions import MoveDino, PlaceLava
from dinocli.games.sos.board import IS_MOUNTAIN, METEOR_CELL, MOUNTAINS, NEI, make_flow
from dinocli.games.sos.events import (
    ActionSkipped, DinoEliminated, DinoSaved, EggSaved, MeteoriteFell, TileBoxed, TileDrawn, TurnPassed,
)
from dinocli.games.sos.lava import is_open
from dinocli.games.sos.rules import decide, dino_moves, legal_actions
from dinocli.games.sos.state import Phase

from .build import (
    BLUE, CURVE_M2, FORK_D2, FREDDY, LOUIS, MARIE, METEOR, NESSIE, PINK, RED, STRAIGHT_D2, STRAIGHT_DR,
    STRAIGHT_M1, STRAIGHT_M2, YELLOW, Script, acting, c, d, empty, end, holding, play, tile, with_lava,
)

Y0, R0 = make_flow(YELLOW, 0), make_flow(RED, 0)


def steps_of(state, dino):
    return sorted(NEI[state.dinos[dino]][m.dir] for m in dino_moves(state) if m.dino == dino)


def test_meteorite_falls_on_its_symbol_and_eliminates_a_dino_sos_19_20():
    """SOS-19, SOS-20: the Meteorite lands on its symbol's space; a Dino there is eliminated."""
    state = acting(empty(dinos=(c("f3"), c("g5"), c("e7"), c("c5"))), tile(BLUE, STRAIGHT_M1))
    after, events = play(state, MoveDino(NESSIE, d("n")), [METEOR[3]])
    assert MeteoriteFell(tile=METEOR[3], cell=c("f3")) in events
    assert DinoEliminated(dino=LOUIS, cell=c("f3"), by="meteorite") in events
    assert after.cover[c("f3")] == -3 and after.dinos[LOUIS] == -1
    # G04: a Meteorite has no colour, so every Dino may move; 3 is "move two Dinos"
    assert after.phase == Phase.ACT and after.act == "M2" and after.banned == -1
    assert {m.dino for m in legal_actions(after)} == {NESSIE, MARIE, FREDDY}


def test_meteorite_on_lava_is_boxed_and_the_player_draws_again_sos_21_a07():
    """SOS-21, A07: the symbol under lava: the Meteorite goes in the box unused; same player draws."""
    state = acting(with_lava(empty(), "f3", Y0, "ew"), tile(BLUE, STRAIGHT_M1))
    after, events = play(state, MoveDino(NESSIE, d("n")), [METEOR[3], tile(RED, STRAIGHT_M1)])
    assert TileBoxed(tile=METEOR[3], why="covered") in events
    assert [e.seat for e in events if isinstance(e, TileDrawn)] == [1, 1]
    assert after.tile == tile(RED, STRAIGHT_M1) and after.phase == Phase.PLACE


def test_fallen_meteorite_is_an_obstacle_sos_22():
    """SOS-22: Dinos may not enter a fallen Meteorite; an open end pointing at it is dead."""
    state = empty(ends=(end(Y0, "e3", "e"),), dinos=(c("e2"), c("g5"), c("e7"), c("g3")))
    state = acting(state, tile(BLUE, STRAIGHT_M1))
    after, _ = play(state, MoveDino(NESSIE, d("s")), [METEOR[3]])
    assert after.ends == () and not is_open(after, c("f3"))
    assert c("f3") not in steps_of(after, FREDDY)
    assert c("f3") in steps_of(replace(after, cover=empty().cover), FREDDY)


def test_the_action_must_be_taken_sos_23():
    """SOS-23: after placement every legal decision is a Dino step; there is no pass."""
    state = acting(empty(), tile(BLUE, STRAIGHT_M1))
    assert legal_actions(state) and all(isinstance(a, MoveDino) for a in legal_actions(state))
    with pytest.raises(IllegalAction):
        decide(state, PlaceLava(c("d2"), 10), Script(state, []))


def test_move_one_dino_one_space_then_the_turn_passes_sos_24_sos_10():
    """SOS-24, SOS-10: M1 is one step; then the next player draws, places and acts."""
    state = acting(empty(names=("ann", "bob", "cat")), tile(BLUE, STRAIGHT_M1))
    after, events = play(state, MoveDino(LOUIS, d("n")), [tile(RED, STRAIGHT_M1)])
    assert events[-2:] == [TurnPassed(seat=1), TileDrawn(seat=1, tile=tile(RED, STRAIGHT_M1), draw=state.draws)]
    assert after.active == 1 and after.phase == Phase.PLACE


def test_move_two_dinos_one_space_each_sos_25_a04():
    """SOS-25, A04: M2 moves two different Dinos one space each."""
    state = acting(empty(), tile(RED, STRAIGHT_M2))
    after, events = play(state, MoveDino(LOUIS, d("n")))
    assert after.phase == Phase.ACT and after.moved == (LOUIS,)
    assert {m.dino for m in legal_actions(after)} == {NESSIE, MARIE}  # Freddy is red (SOS-28)
    with pytest.raises(IllegalAction, match="another Dino"):
        decide(after, MoveDino(LOUIS, d("n")), Script(after, []))
    done, events = play(after, MoveDino(MARIE, d("s")), [tile(PINK, STRAIGHT_M1)])
    assert any(isinstance(e, TurnPassed) for e in events)


def test_move_one_dino_two_spaces_sos_26_a03():
    """SOS-26, A03: D2 moves any allowed Dino two spaces; the second step may return to the start."""
    state = acting(empty(), tile(RED, STRAIGHT_D2))
    after, _ = play(state, MoveDino(MARIE, d("e")))
    assert {m.dino for m in legal_actions(after)} == {MARIE}
    assert MoveDino(MARIE, d("w")) in legal_actions(after)  # back to e7
    with pytest.raises(IllegalAction, match="second step"):
        decide(after, MoveDino(LOUIS, d("n")), Script(after, []))


def test_draw_a_new_tile_sos_27():
    """SOS-27: a DR tile: the same player draws, places and acts again at once."""
    state = holding(empty(names=("ann", "bob")), tile(YELLOW, STRAIGHT_DR))
    after, events = play(state, PlaceLava(c("d2"), 10), [tile(RED, STRAIGHT_M1)])
    assert TileDrawn(seat=0, tile=tile(RED, STRAIGHT_M1), draw=state.draws) in events
    assert not any(isinstance(e, TurnPassed) for e in events)
    assert after.active == 0 and after.phase == Phase.PLACE


def test_dino_of_the_tile_colour_may_not_move_sos_28():
    """SOS-28: the Dino whose colour matches the tile's flowers may not move."""
    for color in range(4):
        state = acting(empty(), tile(color, STRAIGHT_M1))
        assert {m.dino for m in legal_actions(state)} == set(range(4)) - {color}
        with pytest.raises(IllegalAction, match="colour"):
            decide(state, MoveDino(color, d("n")), Script(state, []))


def test_orthogonal_steps_only_sos_29():
    """SOS-29: forward, back or sideways, never diagonally."""
    state = acting(empty(dinos=(c("b3"), c("g5"), c("e7"), c("c5"))), tile(BLUE, STRAIGHT_M1))
    assert steps_of(state, LOUIS) == sorted([c("b2"), c("c3"), c("a3")])  # b4 is a Rock
    assert not {c("a2"), c("c2"), c("a4"), c("c4")} & set(steps_of(state, LOUIS))


def test_no_two_dinos_on_one_space_sos_30():
    """SOS-30: a Dino cannot step onto another Dino."""
    state = acting(empty(dinos=(c("d3"), c("c3"), c("e7"), c("c5"))), tile(BLUE, STRAIGHT_M1))
    assert c("c3") not in steps_of(state, LOUIS) and c("d3") not in steps_of(state, NESSIE)


def test_obstacles_lava_lake_and_volcanos_block_dinos_sos_31_g06_a01():
    """SOS-31, G06, A01: no Dino enters a Rock, lava, the Lake or a Volcano."""
    state = acting(empty(dinos=(c("a4"), c("d2"), c("e7"), c("c5"))), tile(BLUE, STRAIGHT_M1))
    state = with_lava(state, "a3", Y0, "ew")
    assert steps_of(state, LOUIS) == [c("a5")]  # b4 Rock, a3 lava
    assert c("c2") not in steps_of(state, NESSIE)  # the yellow Volcano
    assert c("d4") not in steps_of(state, FREDDY)  # the Lake


def test_dinos_may_enter_nests_starts_spots_and_mountains_g06():
    """G06: Grass, Starting spaces, Nests, open Meteorite spots and Mountains are open to Dinos."""
    state = acting(empty(dinos=(c("b1"), c("e2"), c("g2"), c("c5"))), tile(RED, STRAIGHT_M1))
    assert c("a1") in steps_of(state, LOUIS)  # Mountain
    assert c("e3") in steps_of(state, NESSIE)  # Louis's Starting space, now empty
    assert c("h2") in steps_of(state, MARIE)  # Meteorite spot 1
    assert c("g1") in steps_of(state, MARIE)  # Nest


def test_dino_on_a_mountain_is_saved_and_stays_sos_32():
    """SOS-32: a Dino that climbs a Mountain is saved; it never moves again; lava and Meteorites never reach it."""
    state = acting(empty(dinos=(c("b1"), c("g5"), c("e7"), c("c5"))), tile(RED, STRAIGHT_D2))
    after, events = play(state, MoveDino(LOUIS, d("w")), [tile(PINK, STRAIGHT_M1)])
    assert DinoSaved(dino=LOUIS, cell=c("a1")) in events
    assert ActionSkipped(tile=tile(RED, STRAIGHT_D2), done=1) in events  # no second step from a Mountain
    again = acting(after, tile(BLUE, STRAIGHT_M1))
    assert LOUIS not in {m.dino for m in legal_actions(again)}
    assert not any(is_open(after, m) for m in MOUNTAINS)
    assert not any(IS_MOUNTAIN[cell] for cell in METEOR_CELL.values())


def test_mountain_holds_one_dino_g07_a02():
    """G07, A02: an occupied Mountain cannot be entered."""
    state = acting(empty(dinos=(c("a1"), c("b1"), c("e7"), c("c5"))), tile(RED, STRAIGHT_M1))
    assert c("a1") not in steps_of(state, NESSIE)


def test_passing_over_a_nest_saves_its_egg_sos_33():
    """SOS-33: a Dino moving over or onto a Nest with an Egg saves the Egg."""
    state = acting(empty(dinos=(c("e3"), c("g5"), c("e7"), c("c5"))), tile(RED, FORK_D2))
    mid, events = play(state, MoveDino(LOUIS, d("n")))
    assert EggSaved(nest=1, dino=LOUIS) in events and mid.eggs[1] == 1
    after, _ = play(mid, MoveDino(LOUIS, d("n")), [tile(PINK, STRAIGHT_M1)])
    assert after.dinos[LOUIS] == c("e1") and after.eggs[1] == 1


def test_two_dino_move_with_one_movable_dino_a04():
    """A04: if only one Dino can move, it moves once and the rest of the action is skipped."""
    saved_but_nessie = empty(dinos=(c("a1"), c("g5"), c("i9"), -1))
    state = holding(saved_but_nessie, tile(PINK, CURVE_M2))  # Nessie is pink: nobody can move
    after, events = play(state, PlaceLava(c("h4"), 3), [tile(YELLOW, STRAIGHT_M1)])
    assert ActionSkipped(tile=tile(PINK, CURVE_M2), done=0) in events
    assert after.phase == Phase.PLACE and after.tile == tile(YELLOW, STRAIGHT_M1)
    state = acting(empty(dinos=(c("a1"), c("g5"), c("i9"), -1)), tile(RED, STRAIGHT_M2))
    after, events = play(state, MoveDino(NESSIE, d("n")), [tile(YELLOW, STRAIGHT_M1)])
    assert ActionSkipped(tile=tile(RED, STRAIGHT_M2), done=1) in events
    assert any(isinstance(e, TurnPassed) for e in events)


def test_any_player_moves_any_dino_sos_02():
    """SOS-02: no Dino belongs to a player: the active seat moves whichever Dino is allowed."""
    state = replace(acting(empty(names=("ann", "bob", "cat", "dan")), tile(BLUE, STRAIGHT_M1)), active=3)
    assert {m.dino for m in legal_actions(state)} == {LOUIS, NESSIE, FREDDY}
