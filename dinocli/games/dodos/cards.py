"""The cards, tracks and Dodinos as the rules read them at speed: data.py's tables, bound ``Final`` here.

data.py defines Structs, so the compiled build (setup.py) never compiles it, and a compiled module
looks a name imported from it up in a dict at every use; a ``Final`` name of a compiled module is a
C static. The per-track tables are the Track methods' answers, made once.
"""

from __future__ import annotations

from typing import Final

from . import data
from .data import Atom, CardKind, Dodino, Sphere, Throw, Track

__all__ = ["KINDS", "NAME", "EFFECT", "COST", "WHITE", "THROW", "KIND", "COLOR", "FP", "DECK", "TRACKS", "DODINOS", "ANKYLO", "CELL", "SPHERE_AT", "cell", "sphere_at"]

KINDS: Final[tuple[CardKind, ...]] = data.KINDS
# each kind's fields by kind, as the engine reads them at every step (a Struct's field costs a look-up)
NAME: Final[tuple[str, ...]] = tuple(k.name for k in KINDS)
EFFECT: Final[tuple[tuple[Atom, ...], ...]] = tuple(k.effect for k in KINDS)
COST: Final[tuple[int, ...]] = tuple(k.cost for k in KINDS)
WHITE: Final[tuple[tuple[Atom, ...], ...]] = tuple(k.white for k in KINDS)
THROW: Final[tuple[Throw | None, ...]] = tuple(k.throw for k in KINDS)
KIND: Final[tuple[int, ...]] = data.KIND
COLOR: Final[tuple[str, ...]] = data.COLOR
FP: Final[tuple[int, ...]] = data.FP
DECK: Final[tuple[int, ...]] = data.DECK
TRACKS: Final[dict[str, Track]] = data.TRACKS
DODINOS: Final[tuple[Dodino, ...]] = data.DODINOS
ANKYLO: Final[int] = data.ANKYLO

_REACH: Final = 128  # progress indices tabled per track (a Dodino seldom goes past its finish by much)
# CELL[track][p], SPHERE_AT[track][p]: Track.cell(p) and Track.sphere_at(p) for p below _REACH
CELL: Final[dict[str, tuple[int, ...]]] = {k: tuple(t.cell(p) for p in range(_REACH)) for k, t in data.TRACKS.items()}
SPHERE_AT: Final[dict[str, tuple[Sphere | None, ...]]] = {
    k: tuple(t.sphere_at(p) for p in range(_REACH)) for k, t in data.TRACKS.items()}


def cell(track: str, p: int) -> int:
    """The printed space progress ``p`` stands on (Track.cell)."""
    return CELL[track][p] if 0 <= p < _REACH else TRACKS[track].cell(p)


def sphere_at(track: str, p: int) -> Sphere | None:
    """The Sphere on the space of progress ``p``, if any (Track.sphere_at)."""
    return SPHERE_AT[track][p] if 0 <= p < _REACH else TRACKS[track].sphere_at(p)
