"""Board geometry and road helpers checked square by square against the rulebook: edges,
Small World wraps, connections, longest paths and distances (DILLO-14, DILLO-15, DILLO-17,
DILLO-31, DILLO-G02, DILLO-G04, DILLO-G05, DILLO-G14; issue #24)."""

from __future__ import annotations

import pytest

from dinocli.games.dillos.board import (
    OPPOSITE, connected, distances, geometry, line_squares, longest, manhattan, mended_distances,
    moves_from, pushed, swapped, to_flip, twisted,
)
from dinocli.games.dillos.data import FACEDOWN, HC, MASKS, UNKNOWN

from .city import CROSS, OPEN5, city, sq, tile

STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # n e s w as (row, col)


def expected_neighbour(size: int, wraps: bool, r: int, c: int, d: int) -> int:
    """The square one step away, worked out from coordinates (DILLO-G02, DILLO-G14)."""
    mid, last = size // 2, size - 1
    rr, cc = r + STEP[d][0], c + STEP[d][1]
    if 0 <= rr < size and 0 <= cc < size:
        return rr * size + cc
    if wraps and (r, c, d) in {(0, mid, 0), (last, mid, 2), (mid, 0, 3), (mid, last, 1)}:
        return (rr % size) * size + cc % size  # the side centre wraps to the opposite side
    return -1


@pytest.mark.parametrize("size", [5, 7])
@pytest.mark.parametrize("small_world", [False, True])
def test_every_square_has_the_neighbours_of_its_row_and_column(size, small_world):
    """DILLO-14, DILLO-G02: a step leaves the board at every edge (a west step from column a
    does not reach the row above); DILLO-31, DILLO-G14: only the side centres wrap."""
    g = geometry(size, small_world)
    for s in range(size * size):
        r, c = divmod(s, size)
        want = tuple(expected_neighbour(size, small_world, r, c, d) for d in range(4))
        assert g.neighbours[s] == want, g.name(s)
        assert g.adjacent[s] == tuple(q for q in want if q >= 0)
        assert [(d, b) for d, _, _, b in g.links[s]] == [(d, q) for d, q in enumerate(want) if q >= 0]
    mid, last = size // 2, size - 1
    pairs = {mid: last * size + mid, mid * size: mid * size + last}
    assert g.wraps == ({**pairs, **{b: a for a, b in pairs.items()}} if small_world else {})


@pytest.mark.parametrize("size, corners, centre", [(5, (0, 4, 24, 20), 12), (7, (0, 6, 48, 42), 24)])
def test_homes_and_capitol_have_no_road_tile(size, corners, centre):
    """DILLO-03, DILLO-G02: four corner homes (nw ne se sw) and the capitol in the centre."""
    g = geometry(size)
    assert g.corners == corners and g.center == centre
    assert g.fixed == frozenset((*corners, centre))
    assert g.corner_bits == sum(1 << q for q in corners)
    assert g.roads == tuple(q for q in range(size * size) if q not in g.fixed)
    assert [g.corner_name(q) for q in corners] == ["nw", "ne", "se", "sw"]
    assert [g.opposite_corner(q) for q in corners] == [corners[2], corners[3], corners[0], corners[1]]


def test_push_lines_skip_homes_and_capitol():
    """DILLO-G09: a line is its road squares in order, homes and capitol left out."""
    g = geometry(5)
    assert line_squares(g, "row", 0) == (1, 2, 3)
    assert line_squares(g, "row", 2) == (10, 11, 13, 14)
    assert line_squares(g, "col", 2) == (2, 7, 17, 22)
    assert line_squares(g, "col", 4) == (9, 14, 19)
    assert g.lines[0] == ("row", 0, (1, 2, 3), 0b1110)


def test_square_names_round_trip_and_refuse_off_board_names():
    """DILLO-G02: 'a1' is the north-west corner; names off the board are None."""
    g = geometry(5)
    assert [g.name(q) for q in (0, 4, 5, 24)] == ["a1", "e1", "a2", "e5"]
    assert all(g.square(g.name(q)) == q for q in range(25))
    assert [g.square(t) for t in ("f1", "a6", "a0", "a", "1a", "a1b", "a100")] == [None] * 7
    assert g.square("A1") == 0
    # other scripts' letters and digits name no square (and never crash: 'İ' lowers to 2 chars)
    assert [g.square(t) for t in ("İ1", "a\u0661", "\u00e91", "\u00aa1")] == [None] * 4


def test_manhattan_counts_rows_and_columns_without_wrapping():
    """Straight-line distance: rows plus columns; Small World wraps do not shorten it."""
    g = geometry(5)
    assert manhattan(g, 0, 24) == 8
    assert manhattan(g, 24, 0) == 8
    assert manhattan(g, 7, 7) == 0
    assert manhattan(g, 3, 15) == 3 + 3
    assert manhattan(g, 15, 3) == 6
    w = geometry(5, True)
    assert manhattan(w, 2, 22) == 4  # a wrap pair is still four rows apart


def test_connected_needs_both_tiles_to_open_toward_each_other():
    """DILLO-14, DILLO-G04: a step needs an exit on this side and an entry on the other."""
    s = city(["H ew ns ew H", *OPEN5[1:]], variants=("small",))
    g = geometry(5)
    assert connected(s.board, g, 0, 1) == 1  # home opens every way, b1 opens west
    assert connected(s.board, g, 1, 1) == -1  # b1 opens east but c1 (ns) does not open west
    assert connected(s.board, g, 2, 3) == -1  # c1 does not open west
    assert connected(s.board, g, 3, 3) == -1  # d1 opens west, c1 does not open east
    assert connected(s.board, g, 2, 2) == 7  # c1 south into c2 (crossroads)
    assert connected(s.board, g, 2, 0) == -1  # off the north edge


def test_moves_from_leaves_out_closed_squares():
    """DILLO-17: squares already entered (bit set) are not offered."""
    s = city(OPEN5, variants=("small",))
    g = geometry(5)
    assert moves_from(s.board, g, 6, 0) == [(0, 1), (1, 7), (2, 11), (3, 5)]
    assert moves_from(s.board, g, 6, 1 << 7 | 1 << 1) == [(2, 11), (3, 5)]


# Rows 2-5 run east-west only, so nothing there connects to row 1: paths along row 1 are alone.
ISLANDS = ["ew ew ew ew ew", "ew ew H ew ew", "ew ew ew ew ew", "H ew ew ew H"]
ROW = ["H ew ew ew H", *ISLANDS]


def test_longest_path_is_capped_by_the_steps_and_the_road():
    """DILLO-17, DILLO-G05: along row 1 (b1 c1 d1, then the far home) the longest path from
    the west home is as long as the allowance, up to the 4 squares the road has."""
    s = city(ROW, variants=("small",))
    g = geometry(5)
    assert [longest(s.board, g, 0, 1, n) for n in range(-1, 7)] == [0, 0, 1, 2, 3, 4, 4, 4]
    assert longest(s.board, g, 0, 1 | 1 << 4, 6) == 3  # the far home closed
    assert longest(s.board, g, 0, 1 | 1 << 2, 6) == 1  # c1 already entered
    assert longest(s.board, g, 4, 1 << 4, 2) == 2  # westward too


def test_longest_path_ends_at_the_first_stop_sign():
    """DILLO-15, DILLO-G05: a stop sign ends the path however many steps are left."""
    s = city(["H ew ew* ew H", *ISLANDS], variants=("small",))
    g = geometry(5)
    assert longest(s.board, g, 0, 1, 5) == 2
    assert longest(s.board, g, 4, 1 << 4, 5) == 2
    assert longest(s.board, g, 0, 1, 1) == 1


def test_longest_takes_the_longer_branch():
    """DILLO-G05: at a fork the longer way counts: from b1 east ends at once on c1's stop
    sign, south runs b2 b3 b4 b5."""
    rows = ["H nesw ew* ew H", "ew ns ew ew ew", "ew ns H ew ew", "ew ns ew ew ew", "H ns ew ew H"]
    s = city(rows, variants=("small",))
    g = geometry(5)
    assert longest(s.board, g, 1, g.corner_bits | 1 << 1, 6) == 4
    assert longest(s.board, g, 1, g.corner_bits | 1 << 1, 3) == 3
    assert longest(s.board, g, 1, g.corner_bits | 1 << 1 | 1 << 6, 6) == 1  # column closed: c1 only


def test_distances_stop_at_stop_signs_and_through_squares():
    """DILLO-15: a stop sign may be entered but not passed; so may the squares in ``through``."""
    s = city(["H ew ew* ew H", *ISLANDS], variants=("small",))
    g = geometry(5)
    d = distances(s.board, g, 0)
    assert d[:5] == [0, 1, 2, -1, -1]
    assert d[5:] == [-1] * 20  # a1 does not connect south: a2 runs east-west
    assert distances(s.board, g, 0, stops=False)[:5] == [0, 1, 2, 3, 4]
    assert distances(s.board, g, 0, through=1 << 1, stops=False)[:5] == [0, 1, -1, -1, -1]
    assert distances(s.board, g, 2)[:5] == [2, 1, 0, 1, 2]  # the start itself may be left
    assert distances(s.board, g, 4)[:5] == [-1, -1, 2, 1, 0]


def test_mended_distances_allow_one_missing_connection():
    """DILLO-11..13: one missing connection may be mended by the action first: a1 -> a2 and
    b1 -> c1 each need one; the road on from a mended square counts; a second break does not."""
    s = city(["H ew ns ew H", *ISLANDS], variants=("small",))
    g = geometry(5)
    assert distances(s.board, g, 0)[:10] == [0, 1, -1, -1, -1, -1, -1, -1, -1, -1]
    assert mended_distances(s.board, g, 0)[:10] == [0, 1, 2, -1, -1, 1, 2, 3, 4, 5]
    stop = city(["H ew ew* ew H", *ISLANDS], variants=("small",))
    # c1's stop sign is entered but not passed, mended road or not (DILLO-15)
    assert mended_distances(stop.board, g, 0)[:10] == [0, 1, 2, -1, -1, 1, 2, 3, 4, 5]


def test_mended_distance_is_the_shorter_of_mended_and_whole():
    """A mended shortcut beats a long intact road, and never replaces a shorter one: e2 is 5
    steps round by e1 either way; a3 is 2 by column a; b2 needs a mend from a2."""
    rows = ["H ew ew ew H", "ns ns ns ns ns", "ns ns H ns ns", "ns ns ns ns ns", "H ew ew ew H"]
    s = city(rows, variants=("small",))
    g = geometry(5)
    assert distances(s.board, g, 0, stops=False) == [
        0, 1, 2, 3, 4, 1, -1, -1, -1, 5, 2, -1, -1, -1, 6, 3, -1, -1, -1, 7, 4, 5, 6, 7, 8]
    assert mended_distances(s.board, g, 0) == [
        0, 1, 2, 3, 4, 1, 2, 3, 4, 5, 2, 3, 4, 5, 6, 3, 4, 5, 6, 7, 4, 5, 6, 7, 8]


def test_twist_turns_a_quarter_either_way_and_face_down_tiles_blind():
    """DILLO-11, DILLO-G10, DILLO-G12."""
    ns, ne = tile("ns"), tile("ne")
    assert MASKS[twisted(ns, True)] == MASKS[twisted(ns, False)] == MASKS[tile("ew")]
    assert MASKS[twisted(ne, True)] == MASKS[tile("es")]
    assert MASKS[twisted(ne, False)] == MASKS[tile("nw")]
    assert twisted(twisted(ne, True), False) == ne
    assert twisted(ne | FACEDOWN, True) == twisted(ne, True) | FACEDOWN
    assert twisted(UNKNOWN, True) == UNKNOWN and twisted(HC, False) == HC


def test_swap_and_push_move_tiles_and_wrap_the_pushed_off_tile():
    """DILLO-12: swap keeps orientations; DILLO-13, DILLO-G09: the tile pushed off comes back."""
    s = city(CROSS, variants=("small",))
    g = geometry(5)
    board = s.board
    assert swapped(board, 1, 5)[1] == board[5] and swapped(board, 1, 5)[5] == board[1]
    row = list(board)
    row[1], row[2], row[3] = 101, 102, 103
    row = tuple(row)
    east = pushed(row, g, "row", 0, True)
    west = pushed(row, g, "row", 0, False)
    assert east[1:4] == (103, 101, 102) and west[1:4] == (102, 103, 101)
    assert east[0] == row[0] and east[4] == row[4]
    col = pushed(row, g, "col", 2, True)
    assert (col[2], col[7], col[17], col[22]) == (row[22], row[2], row[7], row[17])


def test_to_flip_lists_face_down_tiles_next_to_any_pawn():
    """DILLO-28, DILLO-G12: only orthogonal neighbours, in square order; face-up ones stay."""
    s = city(["H ?ns ns ?ns H", "?ns ns ns ns ns", "ns ns H ns ns", "ns ns ns ns ?ns", "H ns ns ns H"],
             variants=("small",))
    g = geometry(5)
    assert to_flip(s.board, g, (0,)) == [1, 5]
    assert to_flip(s.board, g, (4,)) == [3]
    assert to_flip(s.board, g, (24, 12)) == [19]
    assert to_flip(s.board, g, (7,)) == []
    w = geometry(5, True)
    s2 = city(["H ns ?ns ns H", *OPEN5[1:]], variants=("small", "small-world"))
    assert to_flip(s2.board, w, (sq(s2, "c5"),)) == [2]  # c5 wraps north to c1


def test_opposite_directions_pair_up():
    """N<->S, E<->W."""
    assert [OPPOSITE[OPPOSITE[d]] for d in range(4)] == [0, 1, 2, 3]
    assert OPPOSITE == (2, 3, 0, 1)


def test_a_step_into_the_north_west_home_square_0_connects_dillo_14():
    """DILLO-14, DILLO-G04: square 0 is a home like any other, open on all sides."""
    s = city(ROW, variants=("small",))
    g = geometry(5)
    assert connected(s.board, g, 1, 3) == 0  # b1 west into a1
    assert connected(s.board, g, 5, 0) == -1  # a2 (east-west) does not open north


def test_distances_pass_through_square_0_unless_told_not_to_dillo_15():
    """By default no square is 'enter but do not pass': a path from b1 round through the a1
    home reaches a2; naming a1 in ``through`` stops it there."""
    rows = ["H ew ew ew H", "ns ew ew ew ew", *ISLANDS[1:]]
    s = city(rows, variants=("small",))
    g = geometry(5)
    assert distances(s.board, g, 1, stops=False)[5] == 2  # b1 -> a1 -> a2
    assert distances(s.board, g, 1, through=1, stops=False)[5] == -1


def test_mended_distances_run_west_and_into_square_0_dillo_11_13():
    """From the east home the road runs west along row 1 to the a1 home (square 0); from b1
    square 0 is one step west."""
    s = city(["H ew ew ew H", *ISLANDS], variants=("small",))
    g = geometry(5)
    assert mended_distances(s.board, g, 4)[:5] == [4, 3, 2, 1, 0]
    assert mended_distances(s.board, g, 1)[:5] == [1, 0, 1, 2, 3]
