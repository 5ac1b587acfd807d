"""Board geometry and tile facts derived from the data file: cells, directions, spaces, tiles.

A cell is ``row * 9 + col`` (row 0 at the top). Its name is the column letter ``a``-``i``
and the row number ``1``-``9`` counted from the top (``a1`` is the top-left Mountain).
Directions are ``n e s w`` = 0 1 2 3; a lava opening set is a bit mask ``1 << dir``.

The tables the rules read at every step are ``Final``: the compiled modules (setup.py) keep them in C
statics, where a plain module name is looked up in a dict at every use.
"""

from __future__ import annotations

from typing import Final

from .data import SIZE, load

__all__ = [
    "N", "E", "S", "W", "DIRS", "DIR_NAMES", "OPP", "NEI", "CELLS",
    "cell_name", "parse_cell", "mask_text",
    "KIND", "MOUNTAINS", "IS_MOUNTAIN", "NESTS", "NEST_AT", "STARTS", "VOLCANO", "FIRST_DIR",
    "METEOR_CELL", "ROCKS", "BUSHES", "COLORS", "DINO_NAMES",
    "TILE_COLOR", "TILE_SHAPE", "TILE_ACTION", "TILE_SYMBOL", "ALL_TILES", "LAVA_TILES",
    "flow_color", "make_flow", "lava_code", "code_flow", "code_mask",
    "orientations", "lava_blocked", "dino_blocked", "dino_steps",
]

N, E, S, W = 0, 1, 2, 3
DIRS: Final = (N, E, S, W)
DIR_NAMES = "nesw"
OPP: Final = (S, W, N, E)
_DR = (-1, 0, 1, 0)
_DC = (0, 1, 0, -1)
CELLS: Final = SIZE * SIZE
COLS = "abcdefghi"

_DATA = load()


def _neighbours(cell: int) -> tuple[int, int, int, int]:
    r, c = divmod(cell, SIZE)
    out = []
    for d in DIRS:
        rr, cc = r + _DR[d], c + _DC[d]
        out.append(rr * SIZE + cc if 0 <= rr < SIZE and 0 <= cc < SIZE else -1)
    return tuple(out)  # type: ignore[return-value]


NEI: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(c) for c in range(CELLS))  # any length: see state.End


def cell_name(cell: int) -> str:
    """The name of a cell: column letter and row number from the top (``e3``)."""
    r, c = divmod(cell, SIZE)
    return f"{COLS[c]}{r + 1}"


def parse_cell(text: str) -> int | None:
    """The cell named ``text`` (``e3``), or None if it names no cell."""
    if len(text) != 2 or text[0] not in COLS or text[1] not in "123456789":
        return None
    return (int(text[1]) - 1) * SIZE + COLS.index(text[0])


def mask_text(mask: int) -> str:
    """The openings of a lava tile as letters in ``nesw`` order (``ns``)."""
    return "".join(DIR_NAMES[d] for d in DIRS if mask >> d & 1)


KIND: str = "".join(_DATA.board)
COLORS: tuple[str, ...] = tuple(_DATA.colors)
DINO_NAMES: tuple[str, ...] = tuple(d.name for d in _DATA.dinos)
MOUNTAINS: Final[tuple[int, ...]] = tuple(i for i, k in enumerate(KIND) if k == "M")
IS_MOUNTAIN: Final[tuple[bool, ...]] = tuple(k == "M" for k in KIND)
NESTS: Final[tuple[int, ...]] = tuple(i for i, k in enumerate(KIND) if k == "n")
NEST_AT: Final[tuple[int, ...]] = tuple(NESTS.index(i) if k == "n" else -1 for i, k in enumerate(KIND))
STARTS: tuple[int, ...] = tuple(KIND.index(c[0]) for c in COLORS)
VOLCANO: Final[tuple[int, ...]] = tuple(KIND.index(c[0].upper()) for c in COLORS)
FIRST_DIR: tuple[int, ...] = tuple(DIR_NAMES.index(v.first) for v in _DATA.volcanoes)
METEOR_CELL: Final[dict[int, int]] = {s: KIND.index(str(s)) for s in range(1, 7)}
ROCKS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == "#")
BUSHES: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == "t")

_N_TILES = len(_DATA.lava) + len(_DATA.meteorites)
_color = [-1] * _N_TILES
_shape = [""] * _N_TILES
_action = [""] * _N_TILES
_symbol = [0] * _N_TILES
for _t in _DATA.lava:
    _color[_t.id], _shape[_t.id], _action[_t.id] = COLORS.index(_t.color), _t.shape, _t.action
for _m in _DATA.meteorites:
    _action[_m.id], _symbol[_m.id] = _m.action, _m.symbol
TILE_COLOR: Final[tuple[int, ...]] = tuple(_color)    # -1 for a Meteorite
TILE_SHAPE: Final[tuple[str, ...]] = tuple(_shape)    # "" for a Meteorite
TILE_ACTION: Final[tuple[str, ...]] = tuple(_action)  # M1, M2, D2 or DR
TILE_SYMBOL: Final[tuple[int, ...]] = tuple(_symbol)  # 0 for a Lava tile
ALL_TILES: tuple[int, ...] = tuple(range(_N_TILES))
LAVA_TILES: tuple[int, ...] = tuple(t.id for t in _DATA.lava)


def make_flow(color: int, k: int) -> int:
    """Flow id: k = 0 for a Volcano's first flow, 1 + dir for a post-eruption flow (SOS-G05)."""
    return color * 5 + k


def flow_color(flow: int) -> int:
    """The colour of a flow."""
    return flow // 5


def lava_code(flow: int, mask: int) -> int:
    """The cover code of a lava tile of ``flow`` with openings ``mask`` (always >= 17)."""
    return 16 * (flow + 1) + mask


def code_flow(code: int) -> int:
    """The flow of a lava cover code."""
    return code // 16 - 1


def code_mask(code: int) -> int:
    """The openings of a lava cover code."""
    return code & 15



def orientations(shape: str, entry: int) -> tuple[int, ...]:
    """Opening masks of a tile of ``shape`` with one opening facing ``entry`` (SOS-G05:
    straight 1 orientation, curve 2, fork 3)."""
    e = 1 << entry
    if shape == "straight":
        return (e | 1 << OPP[entry],)
    if shape == "curve":
        return tuple(sorted((e | 1 << (entry + 1) % 4, e | 1 << (entry + 3) % 4)))
    return tuple(sorted(15 & ~(1 << d) for d in DIRS if d != entry))


def _blocked(kinds: str, rocks: bool, bushes: bool) -> tuple[bool, ...]:
    """Cells of the ``kinds`` given (board letters), and the Obstacles in play: Rocks (SOS-04) unless
    replaced (SOS-40), Bushes in the variants (SOS-39)."""
    obst = set(ROCKS if rocks else ()) | set(BUSHES if bushes else ())
    return tuple(k in kinds or i in obst for i, k in enumerate(KIND))


# per (rocks, bushes): made once, each read with a look-up (a search asks at every step)
_LAVA_BLOCKED: Final = {(r, b): _blocked("~YPBRM", r, b) for r in (False, True) for b in (False, True)}
_DINO_BLOCKED: Final = {(r, b): _blocked("~YPBR", r, b) for r in (False, True) for b in (False, True)}
_DINO_STEPS: Final = {
    v: tuple(tuple((d, u) for d, u in enumerate(NEI[cell]) if u >= 0 and not blocked[u]) for cell in range(CELLS))
    for v, blocked in _DINO_BLOCKED.items()
}


def lava_blocked(rocks: bool, bushes: bool) -> tuple[bool, ...]:
    """Cells lava may never cover (SOS-13, SOS-31, A08): Lake, Volcanos, Mountains, and the
    Obstacles in play."""
    return _LAVA_BLOCKED[rocks, bushes]


def dino_blocked(rocks: bool, bushes: bool) -> tuple[bool, ...]:
    """Cells no Dino may enter whatever lies on them (SOS-31, G06, A01): Lake, Volcanos, Obstacles."""
    return _DINO_BLOCKED[rocks, bushes]


def dino_steps(rocks: bool, bushes: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, the (direction, cell) steps that no fixed feature blocks (SOS-29, SOS-31)."""
    return _DINO_STEPS[rocks, bushes]
