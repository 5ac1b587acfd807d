"""The SOS Dino data file (board, Dinos, Volcanos, 48 Lava and 6 Meteorite tiles): load, validate, hash.

The file ``sos.json`` is the reconstruction of SOS-G02 (board), SOS-G03 (Lava tiles) and
SOS-G04 (Meteorite tiles); people who own the game may edit it. Board letters:
``M`` Mountain, ``~`` Lake, ``y p b r`` Starting space of the Dino of that colour,
``Y P B R`` Volcano of that colour, ``#`` Pointy Rock, ``t`` Thorny Bush space, ``n`` Nest,
``1``-``6`` Meteorite symbol, ``.`` Grass.
"""

from __future__ import annotations

from functools import cache
from typing import Final, Literal

import msgspec

from ..assembly import decode_data, read_data, sha256_of
from ..protocol import GameError

__all__ = [
    "DataError", "SosData", "LavaTile", "MeteoriteTile", "DinoSpec", "VolcanoSpec",
    "load", "validate", "data_hash", "SIZE",
]

FILE = "sos.json"

SIZE: Final = 9
SHAPES = ("straight", "curve", "fork")
ACTIONS = ("M1", "M2", "D2", "DR")
BOARD_LETTERS = set("M~ypbrYPBR#tn123456.")


class DataError(GameError):
    """The data file does not describe a playable SOS Dino set."""


class LavaTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Lava tile: its flow colour, its shape and the action printed on it (SOS-G03)."""

    id: int
    color: str
    shape: Literal["straight", "curve", "fork"]
    action: Literal["M1", "M2", "D2", "DR"]


class MeteoriteTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Meteorite tile: the board symbol it falls on and its action (SOS-G04)."""

    id: int
    symbol: int
    action: Literal["M1", "M2", "D2", "DR"]


class DinoSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One Dino figurine (SOS-01)."""

    name: str
    species: str
    color: str


class VolcanoSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Volcano and the direction of its first lava flow (SOS-03, SOS-G02)."""

    color: str
    first: Literal["n", "e", "s", "w"]


class SosData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole data file."""

    name: str
    board: list[str]
    colors: list[str]
    dinos: list[DinoSpec]
    volcanoes: list[VolcanoSpec]
    lava: list[LavaTile]
    meteorites: list[MeteoriteTile]


def _raw() -> bytes:
    return read_data(__package__, FILE)


def data_hash() -> str:
    """sha256 of sos.json, pinned in every game record."""
    return sha256_of(_raw())


def validate(data: SosData) -> SosData:
    """Check that the data describes a playable set (SOS-01, SOS-05, SOS-G02..G04); raise DataError."""
    if len(data.colors) != 4 or len(set(data.colors)) != 4:
        raise DataError("need exactly 4 distinct colours")
    if len(data.board) != SIZE or any(len(row) != SIZE for row in data.board):
        raise DataError(f"the board must be {SIZE} rows of {SIZE} letters")
    letters = "".join(data.board)
    if set(letters) - BOARD_LETTERS:
        raise DataError(f"unknown board letters {sorted(set(letters) - BOARD_LETTERS)}")
    counts = {ch: letters.count(ch) for ch in BOARD_LETTERS}
    for ch, want in (("M", 4), ("n", 6), ("#", 4), ("t", 5)):
        if counts[ch] != want:
            raise DataError(f"the board needs {want} {ch!r} spaces, has {counts[ch]}")
    for ch in "ypbrYPBR123456":
        if counts[ch] != 1:
            raise DataError(f"the board needs exactly one {ch!r} space, has {counts[ch]}")
    if [d.color for d in data.dinos] != data.colors:
        raise DataError("one Dino per colour, in colour order")
    if [v.color for v in data.volcanoes] != data.colors:
        raise DataError("one Volcano per colour, in colour order")
    tiles = [t.id for t in data.lava] + [t.id for t in data.meteorites]
    if sorted(tiles) != list(range(len(tiles))):
        raise DataError("tile ids must be 0..N-1, each once")
    if len(data.lava) != 48 or len(data.meteorites) != 6:
        raise DataError("the bag holds 48 Lava and 6 Meteorite tiles (SOS-05)")
    for t in data.lava:
        if t.color not in data.colors:
            raise DataError(f"lava tile {t.id}: unknown colour {t.color!r}")
    if sorted(t.symbol for t in data.meteorites) != [1, 2, 3, 4, 5, 6]:
        raise DataError("meteorite symbols must be 1..6, each once")
    return data


@cache
def load() -> SosData:
    """The validated data file (read once)."""
    return validate(decode_data(_raw(), SosData, FILE, DataError, json_errors=False))
