"""Boards, road tiles and the Action Chart, loaded from dillos.json and validated
(DILLO-01..03, DILLO-10, DILLO-G02, DILLO-G03).

A tile on the board is one small integer, its *code*: ``kind * 4 + rotation`` where a kind is a
(shape, stop sign) pair and rotation counts quarter turns clockwise; ``FACEDOWN`` is or-ed in for
a Houston tile not yet flipped. Squares without a tile hold ``HC`` (home or capitol, open on
all four sides, DILLO-G04), ``UNKNOWN`` (a face-down tile as a view shows it) or ``VACANT``
(City Planning, not yet filled). ``MASKS[code]`` gives the open sides as bits N=1 E=2 S=4 W=8.
"""

from __future__ import annotations


import msgspec

from ..assembly import decode_data, read_data, sha256_of
from ..protocol import GameError

__all__ = [
    "DataError", "load", "data_hash", "N", "E", "S", "W", "DIRS", "DIR_NAMES", "FACEDOWN", "HC",
    "UNKNOWN", "VACANT", "SHAPES", "KINDS", "MASKS", "STOPS", "BOARDS", "CHART", "ACTIONS",
    "MAX_ROUNDS", "rotate_mask", "code_of", "kind_of", "rot_of", "is_face_up", "shape_rotations",
    "mask_letters",
]

FILE = "dillos.json"

N, E, S, W = 1, 2, 4, 8
DIRS = (N, E, S, W)
DIR_NAMES = "nesw"
FACEDOWN = 32
HC = -1
UNKNOWN = -2
VACANT = -3
ACTIONS = ("twist", "swap", "push")


class DataError(GameError):
    """dillos.json does not describe a playable set; the message says what is wrong."""


class TileLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of a tile set: a shape, whether it carries a stop sign, and how many."""

    shape: str
    stop: bool
    count: int


class BoardSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A board size and the tiles that fill it (DILLO-G02, DILLO-G03)."""

    size: int
    tiles: list[TileLine]


class DataFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole data file."""

    game: str
    about: str
    shapes: dict[str, str]
    boards: dict[str, BoardSpec]
    chart: dict[str, list[str]]
    max_rounds: int


def _raw() -> bytes:
    return read_data(__package__, FILE)


def data_hash() -> str:
    """sha256 of dillos.json, pinned in the game record."""
    return sha256_of(_raw())


def mask_letters(letters: str) -> int:
    """The side bits of a string of direction letters, e.g. 'ne' -> N|E."""
    return sum(DIRS[DIR_NAMES.index(c)] for c in set(letters))


def load(raw: bytes | None = None) -> DataFile:
    """Decode and validate the data file (raise DataError naming the first problem)."""
    data = decode_data(_raw() if raw is None else raw, DataFile, FILE, DataError)
    if data.game != "dillos":
        raise DataError(f"dillos.json is for game {data.game!r}, not 'dillos'")
    if not data.shapes or len(data.shapes) > 4:
        raise DataError("dillos.json: give 1 to 4 tile shapes")
    for name, sides in data.shapes.items():
        if len(name) != 1 or not name.isalpha() or not name.isupper():
            raise DataError(f"dillos.json: shape name {name!r} must be one capital letter")
        if not sides or any(c not in DIR_NAMES for c in sides) or len(set(sides)) != len(sides):
            raise DataError(f"dillos.json: shape {name} must list distinct sides from 'nesw', got {sides!r}")
        if len(sides) < 2:
            raise DataError(f"dillos.json: shape {name} is a dead end; every road needs 2+ openings (DILLO-G03)")
    if set(data.boards) != {"large", "small"}:
        raise DataError("dillos.json: boards must be exactly 'large' and 'small' (DILLO-02)")
    for bname, spec in data.boards.items():
        if spec.size not in (5, 7):
            raise DataError(f"dillos.json: the {bname} board must be 5 or 7 squares wide (A08)")
        for line in spec.tiles:
            if line.shape not in data.shapes:
                raise DataError(f"dillos.json: {bname} board uses unknown shape {line.shape!r}")
            if line.count < 0:
                raise DataError(f"dillos.json: {bname} board has a negative count")
        total = sum(line.count for line in spec.tiles)
        if total != spec.size * spec.size - 5:
            raise DataError(
                f"dillos.json: the {bname} board has {total} tiles; a {spec.size}x{spec.size} board "
                f"needs {spec.size * spec.size - 5} (every square but the 4 corners and the centre, DILLO-03)")
    if set(data.chart) != {str(d) for d in range(1, 7)}:
        raise DataError("dillos.json: the chart must give actions for each die face 1..6 (DILLO-10)")
    for face, acts in data.chart.items():
        if not acts or any(a not in ACTIONS for a in acts) or len(set(acts)) != len(acts):
            raise DataError(f"dillos.json: chart entry {face} must list distinct actions from twist/swap/push")
    if not 1 <= data.max_rounds <= 200:
        raise DataError("dillos.json: max_rounds must be between 1 and 200")
    return data


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """The side bits turned clockwise by a number of quarter turns."""
    r = quarter_turns % 4
    return ((mask << r) | (mask >> (4 - r))) & 15


def code_of(kind: int, rotation: int) -> int:
    """The face-up code of a tile of ``kind`` turned ``rotation`` quarter turns."""
    return kind * 4 + (rotation % 4)


def kind_of(code: int) -> int:
    """The kind of a tile code (face-up or face-down)."""
    return (code & 31) >> 2


def rot_of(code: int) -> int:
    """The rotation of a tile code."""
    return code & 3


def is_face_up(code: int) -> bool:
    """Whether a square holds a face-up road tile."""
    return 0 <= code < FACEDOWN


DATA = load()
SHAPES: tuple[tuple[str, int], ...] = tuple((k, mask_letters(v)) for k, v in DATA.shapes.items())
# kind = 2 * shape index + stop sign
KINDS: tuple[tuple[str, bool], ...] = tuple((name, stop) for name, _ in SHAPES for stop in (False, True))


def _tables() -> tuple[tuple[int, ...], tuple[bool, ...]]:
    masks = [0] * 128
    stops = [False] * 128
    for kind in range(len(KINDS)):
        base = SHAPES[kind // 2][1]
        for rot in range(4):
            masks[code_of(kind, rot)] = rotate_mask(base, rot)
            stops[code_of(kind, rot)] = bool(kind & 1)
    # Negative codes index from the end: HC (-1) is open on all sides; UNKNOWN and VACANT, and
    # every face-down code (32..63), are treated as closed, so no rule ever reads a hidden road.
    masks[HC] = 15
    return tuple(masks), tuple(stops)


MASKS, STOPS = _tables()


def shape_rotations(kind: int) -> tuple[int, ...]:
    """The rotations of a kind that look different, smallest first (X: one, I: two)."""
    seen: dict[int, int] = {}
    for rot in range(4):
        seen.setdefault(MASKS[code_of(kind, rot)], rot)
    return tuple(seen.values())


def _board(spec: BoardSpec) -> tuple[int, tuple[int, ...]]:
    index = {name: i for i, (name, _) in enumerate(SHAPES)}
    kinds = sorted(2 * index[line.shape] + int(line.stop) for line in spec.tiles for _ in range(line.count))
    return spec.size, tuple(kinds)


BOARDS: dict[str, tuple[int, tuple[int, ...]]] = {name: _board(spec) for name, spec in DATA.boards.items()}
CHART: dict[int, tuple[str, ...]] = {int(face): tuple(acts) for face, acts in DATA.chart.items()}
MAX_ROUNDS: int = DATA.max_rounds
