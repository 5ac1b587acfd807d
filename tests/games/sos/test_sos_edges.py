"""SOS Dino edge cases the other rule tests leave open (issue #24): the default options,
out-of-range actions refused as illegal with the right reason, the first Nest and the last Dino."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.protocol import BadConfig, IllegalAction
from dinocli.games.sos import GAME
from dinocli.games.sos.actions import MoveDino, PlaceLava
from dinocli.games.sos.events import EggSaved, GameSetUp
from dinocli.games.sos.rules import configure, decide, legal_actions, result_band, why_illegal

from .build import (
    BLUE, FREDDY, LOUIS, MARIE, NESSIE, PINK, STRAIGHT_M1, STRAIGHT_M2, YELLOW, Script, acting, c, d, empty,
    end, holding, make_flow, mask, play, tile,
)


def test_first_player_defaults_to_seat_0_sos_09():
    """SOS-09: without the option the first seat starts, and the log says so."""
    config = configure(("ann", "bob", "cat"), (), {})
    events = GAME.setup(config, SeededRng("default-first"))
    assert events[0] == GameSetUp(first=0)
    state = GAME.initial(config)
    for ev in events:
        state = GAME.fold(state, ev)
    assert GAME.to_move(state) == 0


def test_first_player_option_accepts_a_number_as_text_and_refuses_off_table_seats_sos_09():
    """SOS-09: `first` may come from the command line as text; seats run 0..n-1."""
    assert configure(("ann", "bob"), (), {"first": "1"}).options["first"] == 1
    assert configure(("ann", "bob"), (), {"first": 0}).options["first"] == 0
    for bad in (-1, 2, "x", True, 1.5):
        with pytest.raises(BadConfig, match="seat number"):
            configure(("ann", "bob"), (), {"first": bad})


def test_seat_counts_and_variant_switches_g01_sos_39_sos_40():
    """G01: 1 to 4 players; `no-<variant>` switches a variant named earlier off again."""
    assert configure(("solo",), (), {}).names == ("solo",)
    with pytest.raises(BadConfig):
        configure((), (), {})
    with pytest.raises(BadConfig):
        configure(("a", "b", "c", "d", "e"), (), {})
    assert configure(("a",), ("thorny-bush", "no-thorny-bush"), {}).variants == ()
    assert configure(("a",), ("no-thorny-bush", "bushes-instead-of-rocks"), {}).variants == ("bushes-instead-of-rocks",)


def state_acting(t=tile(BLUE, STRAIGHT_M1), **kw):
    return acting(empty(**kw), t)


@pytest.mark.parametrize("dino", [4, 5, -1, -5, 99])
def test_a_dino_number_off_the_list_is_refused_as_illegal(dino):
    """Out-of-range Dino numbers are an IllegalAction that names no Dino, never an IndexError."""
    state = state_acting()
    with pytest.raises(IllegalAction, match="^that Dino is not on the board$"):
        decide(state, MoveDino(dino, d("n")), Script(state, []))


@pytest.mark.parametrize("direction", [4, 7, -1, -4])
def test_a_direction_off_the_compass_is_refused_as_illegal(direction):
    """Out-of-range directions are an IllegalAction ('that way'), never an IndexError."""
    state = state_acting()
    with pytest.raises(IllegalAction, match="^Louis cannot go that way"):
        decide(state, MoveDino(LOUIS, direction), Script(state, []))


def test_a_blocked_step_names_its_direction_sos_29_31():
    """SOS-29..31: the refusal names the compass direction, north and west included."""
    state = state_acting(dinos=(c("a4"), c("g5"), c("e7"), c("c5")))  # a4: b4 is a Rock, a3 ok
    assert why_illegal(state, MoveDino(LOUIS, d("w"))).startswith("Louis cannot go w:")
    state = state_acting(dinos=(c("b2"), c("g5"), c("e7"), c("c5")))
    assert why_illegal(state, MoveDino(LOUIS, 0)) != why_illegal(state, MoveDino(LOUIS, d("w")))
    blocked = state_acting(dinos=(c("c3"), c("g5"), c("e7"), c("c5")))  # c2 is the yellow Volcano
    with pytest.raises(IllegalAction, match="^Louis cannot go n:"):
        decide(blocked, MoveDino(LOUIS, d("n")), Script(blocked, []))
    assert why_illegal(blocked, MoveDino(FREDDY, d("e"))).startswith("Freddy cannot go e:")


def test_an_eliminated_dino_and_a_saved_one_are_refused_for_different_reasons_sos_20_32():
    """SOS-20: an eliminated Dino is off the board; SOS-32: one on a Mountain (even the a1
    Mountain, cell 0) is safe and moves no more."""
    state = state_acting(tile(PINK, STRAIGHT_M1), dinos=(c("a1"), -1, c("e7"), c("c5")))
    assert why_illegal(state, MoveDino(NESSIE, d("n"))) == "Nessie is not on the board"
    assert why_illegal(state, MoveDino(LOUIS, d("s"))).startswith("Louis is safe on a Mountain")
    assert {m.dino for m in legal_actions(state)} == {MARIE, FREDDY}


def test_the_second_step_of_m2_may_be_any_other_dino_even_the_last_a04():
    """SOS-25, A04: after one Dino stepped, every other Dino not of the tile's colour may take
    the second step, Freddy (the last, number 3) included."""
    state = acting(empty(), tile(YELLOW, STRAIGHT_M2))
    after, _ = play(state, MoveDino(NESSIE, d("n")))
    assert {m.dino for m in legal_actions(after)} == {MARIE, FREDDY}
    assert why_illegal(after, MoveDino(NESSIE, d("s"))) == "Nessie has moved: the second step is another Dino's (A04)"


def test_first_step_of_m2_is_refused_for_the_way_not_for_having_moved():
    """A04: before anyone moved, an impossible step is about the way, not about a second step."""
    state = acting(empty(dinos=(c("c3"), c("g5"), c("e7"), c("c5"))), tile(BLUE, STRAIGHT_M2))
    assert why_illegal(state, MoveDino(LOUIS, d("n"))).startswith("Louis cannot go n:")


def test_a_dino_on_the_first_nest_saves_its_egg_sos_33():
    """SOS-33: nest number 0 (g1) counts like any other."""
    state = state_acting(dinos=(c("g2"), c("g5"), c("e7"), c("c5")))
    after, events = play(state, MoveDino(LOUIS, d("n")), [tile(YELLOW, STRAIGHT_M1)])
    assert EggSaved(nest=0, dino=LOUIS) in events and after.eggs[0] == 1


def test_lava_placement_refusals_never_crash():
    """SOS-12: placements nowhere near an open end, with odd masks or cells, are illegal."""
    state = holding(empty(), tile(YELLOW, STRAIGHT_M1))
    off = "the lava must go on a cell of the board (a1 to i9) with openings among n, e, s, w"
    for action in (PlaceLava(500, 3), PlaceLava(81, 3), PlaceLava(-1, 3), PlaceLava(c("d2"), 99),
                   PlaceLava(c("d2"), 16), PlaceLava(c("d2"), 0), PlaceLava(c("d2"), -2)):
        with pytest.raises(IllegalAction) as refused:
            decide(state, action, Script(state, []))
        assert str(refused.value) == off, action  # not a made-up cell name like 'f56'
    assert why_illegal(state, PlaceLava(c("a1"), 5)).startswith("the lava cannot go on a1 as ns:")
    assert why_illegal(state, PlaceLava(c("d2"), 1)).startswith("the lava cannot go on d2 as n:")
    assert why_illegal(state, PlaceLava(c("i9"), 15)).startswith("the lava cannot go on i9 as nesw:")


def test_result_bands_sos_38():
    """SOS-38: the verdict for each score band, from 0 to 14."""
    assert result_band(14).startswith("Congratulations")
    assert result_band(13) == result_band(12) != result_band(11)
    assert result_band(9) != result_band(8) and result_band(6) != result_band(5)
    assert result_band(0).startswith("It wasn't")


def test_a_draw_counts_once_and_takes_exactly_that_tile_from_the_bag_sos_11():
    """SOS-11: the fold removes the drawn tile only and counts the draw (the next draw's key)."""
    from dinocli.games.sos.events import TileDrawn
    from dinocli.games.sos.fold import fold

    state = empty()
    t = state.bag[5]
    after = fold(state, TileDrawn(seat=1, tile=t, draw=7))
    assert after.draws == 8 and after.tile == t and after.active == 1
    assert after.bag == state.bag[:5] + state.bag[6:]


def test_passing_the_turn_counts_turns_and_frees_every_dino_sos_10():
    """SOS-10: the next player's turn; no colour is banned until a tile is placed."""
    from dinocli.games.sos.events import TurnPassed
    from dinocli.games.sos.fold import fold

    state = acting(empty(), tile(YELLOW, STRAIGHT_M1))
    after = fold(state, TurnPassed(seat=1))
    assert after.turn == state.turn + 1 and after.active == 1
    assert after.banned == -1 and after.moved == () and after.act == ""


def test_an_eruption_opens_new_flows_apart_from_the_first_one_sos_17_g05():
    """SOS-17, SOS-G05: each direction of the erupting Volcano starts its own flow (ids 1 + dir),
    never the Volcano's first flow (id 0)."""
    from dinocli.games.sos.board import VOLCANO, make_flow
    from dinocli.games.sos.events import VolcanoErupted
    from dinocli.games.sos.fold import fold

    after = fold(empty(ends=()), VolcanoErupted(color=BLUE, dirs=(0, 2)))
    assert after.erupted[BLUE] and not after.erupted[YELLOW]
    assert after.ends == ((make_flow(BLUE, 1), VOLCANO[BLUE], 0), (make_flow(BLUE, 3), VOLCANO[BLUE], 2))


def test_resolve_picks_the_open_end_of_the_tiles_colour_sos_12_g05():
    """SOS-12: only an open end of the tile's colour pointing at the cell, with an opening
    facing back, is extended; with none the placement is refused."""
    from dinocli.games.sos.lava import resolve

    y0, p0 = make_flow(YELLOW, 0), make_flow(PINK, 0)
    state = holding(empty(ends=(end(y0, "d2", "s"), end(p0, "a3", "s"))), tile(PINK, STRAIGHT_M1))
    flow, ends, met = resolve(state, c("a4"), mask("ns"))
    assert flow == p0 and met == ()
    with pytest.raises(ValueError):
        resolve(state, c("h9"), mask("ns"))
    with pytest.raises(ValueError):  # the yellow end's cell, but the tile is pink
        resolve(state, c("d3"), mask("ns"))


def test_every_cell_has_its_four_orthogonal_neighbours_and_none_off_the_board_sos_29():
    """SOS-29, SOS-G01: the 9x9 grid, n e s w; a step off any edge leads nowhere (-1)."""
    from dinocli.games.sos.board import NEI

    for cell in range(81):
        r, col = divmod(cell, 9)
        want = tuple(rr * 9 + cc if 0 <= rr < 9 and 0 <= cc < 9 else -1
                     for rr, cc in ((r - 1, col), (r, col + 1), (r + 1, col), (r, col - 1)))
        assert NEI[cell] == want, cell


def test_dinos_may_step_onto_the_corner_mountains_but_never_off_the_board_sos_29_32():
    """SOS-29, SOS-32: a1 (cell 0) is a Mountain a Dino may climb; no step leaves the board."""
    from dinocli.games.sos.board import NEI, dino_steps

    for rocks, bushes in ((True, False), (True, True), (False, True)):
        steps = dino_steps(rocks, bushes)
        assert (3, 0) in steps[c("b1")] and (0, 0) in steps[c("a2")]
        assert all(u >= 0 for per in steps for _, u in per)
        assert all(NEI[cell][k] == u for cell, per in enumerate(steps) for k, u in per)
    state = state_acting(dinos=(c("b1"), c("g5"), c("e7"), c("c5")))
    assert MoveDino(LOUIS, d("w")) in legal_actions(state)
    edge = state_acting(dinos=(c("a6"), c("g5"), c("e7"), c("c5")))
    assert MoveDino(LOUIS, d("w")) not in legal_actions(edge)


def test_thorny_bushes_block_lava_only_in_their_variants_sos_39_40():
    """SOS-39, SOS-40: Bushes are Obstacles only when a variant puts them in play; Rocks
    unless replaced."""
    from dinocli.games.sos.board import BUSHES, ROCKS, dino_blocked, lava_blocked

    for rocks, bushes in ((True, False), (True, True), (False, True)):
        for blocked in (lava_blocked(rocks, bushes), dino_blocked(rocks, bushes)):
            assert all(blocked[b] == bushes for b in BUSHES)
            assert all(blocked[r] == rocks for r in ROCKS)


def test_a_lava_code_gives_back_its_flow_and_openings_for_every_flow():
    """SOS-G05: cover codes keep the flow (all 4 colours x 5 flows) and the openings apart."""
    from dinocli.games.sos.board import code_flow, code_mask, lava_code

    for flow in range(20):
        for m in range(1, 16):
            code = lava_code(flow, m)
            assert code >= 17 and code_flow(code) == flow and code_mask(code) == m
