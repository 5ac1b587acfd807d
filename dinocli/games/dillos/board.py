"""Board geometry and pure road operations: squares, neighbours, connections, paths, tile moves.

A square is an index ``row * size + col``; row 0 is the north edge, column 0 the west edge
(DILLO-G02). Boards are tuples of tile codes (see data.py). Every function here is pure and is
shared by the rules, the views, the renderer and the rule-based bot.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from . import data

# The data module's tables as statics of this (compiled) module: a name imported from a Python module is
# looked up in a dict at every use. The search's modules take them from here.
DIRS: Final[tuple[int, ...]] = data.DIRS
MASKS: Final[tuple[int, ...]] = data.MASKS
STOPS: Final[tuple[bool, ...]] = data.STOPS
FACEDOWN: Final[int] = data.FACEDOWN
UNKNOWN: Final[int] = data.UNKNOWN

__all__ = [
    "Geometry", "geometry", "OPPOSITE", "connected", "moves_from", "longest", "twisted",
    "swapped", "pushed", "line_squares", "to_flip", "distances", "mended_distances", "manhattan", "geo",
]

OPPOSITE: Final[tuple[int, ...]] = (2, 3, 0, 1)  # direction index of N, E, S, W reversed


class Geometry:
    """The fixed facts of one board size: corners, centre, neighbours, push lines."""

    def __init__(self, size: int, small_world: bool):
        self.size = size
        self.small_world = small_world
        last = size - 1
        mid = size // 2
        self.center = mid * size + mid
        self.corners = (0, last, last * size + last, last * size)  # nw, ne, se, sw (clockwise)
        self.fixed = frozenset((*self.corners, self.center))  # squares without a tile (DILLO-03)
        self.corner_bits = sum(1 << sq for sq in self.corners)
        self.roads = tuple(sq for sq in range(size * size) if sq not in self.fixed)
        nbrs = []
        for sq in range(size * size):
            r, c = divmod(sq, size)
            nbrs.append([
                sq - size if r > 0 else -1,
                sq + 1 if c < last else -1,
                sq + size if r < last else -1,
                sq - 1 if c > 0 else -1,
            ])
        self.wraps: dict[int, int] = {}
        if small_world:
            # DILLO-G14: the side centres wrap to the opposite side, one step through the edge.
            n, s, w, e = mid, last * size + mid, mid * size, mid * size + last
            nbrs[n][0], nbrs[s][2], nbrs[w][3], nbrs[e][1] = s, n, e, w
            self.wraps = {n: s, s: n, w: e, e: w}
        self.neighbours: tuple[tuple[int, int, int, int], ...] = tuple(tuple(x) for x in nbrs)  # type: ignore[misc]
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(tuple(q for q in x if q >= 0) for x in nbrs)
        # per square, for each neighbour: (direction index, the exit bit toward it, its entry bit, it)
        self.links: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
            tuple((d, DIRS[d], DIRS[OPPOSITE[d]], b) for d, b in enumerate(x) if b >= 0) for x in nbrs)
        # push lines (G09): (axis, index, road squares in order, their bit set), rows then columns
        self.lines: tuple[tuple[str, int, tuple[int, ...], int], ...] = tuple(
            (axis, i, sqs, sum(1 << q for q in sqs))
            for axis in ("row", "col") for i in range(size)
            for sqs in [self._line(axis, i)]
        )

    def _line(self, axis: str, index: int) -> tuple[int, ...]:
        size = self.size
        squares = [index * size + c for c in range(size)] if axis == "row" else [r * size + index for r in range(size)]
        return tuple(sq for sq in squares if sq not in self.fixed)

    def name(self, sq: int) -> str:
        """The square's notation: column letter then row number from the north, e.g. 'c4'."""
        r, c = divmod(sq, self.size)
        return f"{chr(97 + c)}{r + 1}"

    def square(self, text: str) -> int | None:
        """The square named by ``text`` ('c4'), or None if it is not on this board."""
        if not text.isascii() or len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit() or len(text) > 3:
            return None
        c = ord(text[0].lower()) - 97
        r = int(text[1:]) - 1
        if not (0 <= c < self.size and 0 <= r < self.size):
            return None
        return r * self.size + c

    def corner_name(self, sq: int) -> str:
        """'nw', 'ne', 'se' or 'sw' for a corner square."""
        return ("nw", "ne", "se", "sw")[self.corners.index(sq)]

    def opposite_corner(self, sq: int) -> int:
        """The corner diagonally across the board (DILLO-30)."""
        return self.corners[(self.corners.index(sq) + 2) % 4]


@cache
def geometry(size: int, small_world: bool = False) -> Geometry:
    """The shared Geometry for a board size (and the Small World wraps)."""
    return Geometry(size, small_world)


class _Last:
    """The last table ``geo`` was asked about and its geometry (the rules ask at every step), one pair
    written and read at once: a thread never meets another's table with its own geometry."""

    __slots__ = ("pair",)

    def __init__(self) -> None:
        self.pair: tuple[object, Geometry] = (None, geometry(5))


_LAST: Final = _Last()


def geo(state: Any) -> Geometry:
    """The board geometry of a state (compiled here: the search asks at every step)."""
    table = state.table
    pair = _LAST.pair
    if pair[0] is not table:
        pair = _LAST.pair = (table, geometry(table.size, table.small_world))
    return pair[1]


def manhattan(geo: Geometry, a: int, b: int) -> int:
    """Straight-line steps between two squares, along rows and columns (no wrap)."""
    (r1, c1), (r2, c2) = divmod(a, geo.size), divmod(b, geo.size)
    return abs(r1 - r2) + abs(c1 - c2)


def connected(board: tuple[int, ...], geo: Geometry, a: int, d: int) -> int:
    """The square reached by one step from ``a`` in direction index ``d`` along connecting
    roads, or -1: both tiles must open toward each other (DILLO-14, A01, DILLO-G04)."""
    b = geo.neighbours[a][d]
    if b < 0 or not MASKS[board[a]] & DIRS[d] or not MASKS[board[b]] & DIRS[OPPOSITE[d]]:
        return -1
    return b


def moves_from(board: tuple[int, ...], geo: Geometry, a: int, closed: int) -> list[tuple[int, int]]:
    """Every (direction index, square) one connecting step from ``a`` into a square not in the
    bit set ``closed`` (squares already entered, or forbidden to this pawn)."""
    ma = MASKS[board[a]]
    return [(d, b) for d, exit_, entry, b in geo.links[a]
            if ma & exit_ and not closed >> b & 1 and MASKS[board[b]] & entry]


def longest(board: tuple[int, ...], geo: Geometry, a: int, closed: int, steps: int) -> int:
    """The length of the longest legal path of at most ``steps`` steps from ``a``, never
    entering ``closed`` nor any square twice, ending at the first stop sign (DILLO-15,
    DILLO-17, DILLO-G05)."""
    if steps <= 0:
        return 0
    best = 0
    nb = geo.neighbours[a]
    ma = MASKS[board[a]]
    for d in range(4):
        b = nb[d]
        if b < 0 or not ma & DIRS[d] or closed >> b & 1 or not MASKS[board[b]] & DIRS[OPPOSITE[d]]:
            continue
        length = 1 if STOPS[board[b]] or steps == 1 else 1 + longest(board, geo, b, closed | 1 << b, steps - 1)
        if length > best:
            best = length
            if best == steps:
                break
    return best


# A search judges the same roads from many leaves: the distance maps of the boards seen last are
# kept (shared: callers read them, never change them).
_MEMO_SIZE: Final = 4096
_distances: Final[dict[tuple, list[int]]] = {}
_mended: Final[dict[tuple, list[int]]] = {}


def distances(board: tuple[int, ...], geo: Geometry, start: int, through: int = 0, stops: bool = True) -> list[int]:
    """Road distance in steps from ``start`` to every square (-1: unreachable), breadth-first.
    The squares in the bit set ``through``, and stop signs if ``stops``, may be entered but not
    passed (the list is shared: read it, do not change it)."""
    key = (board, geo.size << 1 | geo.small_world, start, through, stops)  # ints alone: a key the collector can drop
    dist = _distances.get(key)
    if dist is None:
        if len(_distances) >= _MEMO_SIZE:
            _distances.clear()
        dist = _distances[key] = _distances_of(board, geo, start, through, stops)
    return dist


def _distances_of(board: tuple[int, ...], geo: Geometry, start: int, through: int, stops: bool) -> list[int]:
    dist = [-1] * len(board)
    dist[start] = 0
    frontier = [start]
    while frontier:
        nxt = []
        for a in frontier:
            if a != start and (stops and STOPS[board[a]] or through >> a & 1):
                continue
            for _, b in moves_from(board, geo, a, 0):
                if dist[b] < 0:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


def mended_distances(board: tuple[int, ...], geo: Geometry, start: int) -> list[int]:
    """Road distance in steps from ``start`` to every square (-1: unreachable) when one missing
    connection between neighbours may be mended by an action first (DILLO-11..13); stop signs
    may be entered but not passed (DILLO-15). Shared, as ``distances``."""
    key = (board, geo.size << 1 | geo.small_world, start)
    dist = _mended.get(key)
    if dist is None:
        if len(_mended) >= _MEMO_SIZE:
            _mended.clear()
        dist = _mended[key] = _mended_of(board, geo, start)
    return dist


def _mended_of(board: tuple[int, ...], geo: Geometry, start: int) -> list[int]:
    n = len(board)
    whole, mended = [-1] * n, [-1] * n  # without and with the one mended connection
    whole[start] = 0
    frontier, mending = [start], [False]  # the squares reached last, and whether by the mended connection
    k = 0
    while frontier:
        k += 1
        nxt: list[int] = []
        nxt_mending: list[bool] = []
        for i, a in enumerate(frontier):
            used = mending[i]
            if a != start and STOPS[board[a]]:
                continue
            ma = MASKS[board[a]]
            nb = geo.neighbours[a]
            for d in range(4):
                b = nb[d]
                if b < 0 or whole[b] >= 0:
                    continue
                if ma & DIRS[d] and MASKS[board[b]] & DIRS[OPPOSITE[d]]:
                    if not used:
                        whole[b] = k
                        nxt.append(b)
                        nxt_mending.append(False)
                    elif mended[b] < 0:
                        mended[b] = k
                        nxt.append(b)
                        nxt_mending.append(True)
                elif not used and mended[b] < 0:
                    mended[b] = k
                    nxt.append(b)
                    nxt_mending.append(True)
        frontier, mending = nxt, nxt_mending
    return [m if w < 0 or 0 <= m < w else w for w, m in zip(whole, mended)]


def twisted(code: int, clockwise: bool) -> int:
    """A tile code turned 90 degrees; face-down and unknown tiles turn blind (DILLO-11, DILLO-G10)."""
    if code == UNKNOWN or code < 0:
        return code
    return (code & ~3) | ((code + (1 if clockwise else 3)) & 3)


def swapped(board: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    """The board with the tiles of ``a`` and ``b`` exchanged, orientations kept (DILLO-12)."""
    out = list(board)
    out[a], out[b] = board[b], board[a]
    return tuple(out)


def line_squares(geo: Geometry, axis: str, index: int) -> tuple[int, ...]:
    """The road squares of a row or column from west to east / north to south, skipping the
    home and capitol squares (DILLO-G09)."""
    return geo.lines[(0 if axis == "row" else geo.size) + index][2]


def pushed(board: tuple[int, ...], geo: Geometry, axis: str, index: int, forward: bool) -> tuple[int, ...]:
    """The board after pushing a line one square; ``forward`` is east for a row, south for a
    column. The tile pushed off comes back at the other end (DILLO-13, DILLO-G09)."""
    line = line_squares(geo, axis, index)
    tiles = [board[sq] for sq in line]
    tiles = tiles[-1:] + tiles[:-1] if forward else tiles[1:] + tiles[:1]
    out = list(board)
    for sq, t in zip(line, tiles):
        out[sq] = t
    return tuple(out)


def to_flip(board: tuple[int, ...], geo: Geometry, pawns: tuple[int, ...]) -> list[int]:
    """Face-down squares next to any pawn, in square order (DILLO-28, DILLO-G12). With Small
    World a wrap partner counts as next to it, so no legal step ever depends on a hidden tile."""
    out = set()
    for p in pawns:
        for q in geo.adjacent[p]:
            if board[q] >= FACEDOWN:
                out.add(q)
    return sorted(out)
