"""The SOS Dino state: one frozen record folded from the log (no hidden parts: SOS has none)."""

from __future__ import annotations

from typing import Final

import msgspec

from ..protocol import Config

from .board import ALL_TILES, CELLS, FIRST_DIR, NESTS, STARTS, VOLCANO, make_flow
from .team import on_board, saved_dinos, saved_eggs, score

__all__ = ["State", "Phase", "initial", "initial_state", "score", "on_board", "saved_dinos", "saved_eggs"]

# (flow, exit cell, direction) of a live open end (SOS-G05). Typed as any length because compiled code
# unpacks a fixed-length tuple into C values and makes a new tuple of them wherever it passes one on.
End = tuple[int, ...]


class Phase:
    """Values of ``State.phase``. Decisions happen only in PLACE and ACT (Final: compiled code reads
    each as its literal, not as an attribute of this class)."""

    DRAW: Final = "draw"    # the active player draws next (automatic)
    PLACE: Final = "place"  # a Lava tile is in hand: choose where and how it goes (SOS-12)
    FALL: Final = "fall"    # a Meteorite is in hand: it falls or is boxed (automatic, SOS-19)
    ACT: Final = "act"      # the placed tile's action is being taken (SOS-23)
    OVER: Final = "over"


class State(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Everything about a game of SOS Dino.

    ``cover`` holds one code per cell: 0 nothing, a lava code (>= 17, see board.lava_code),
    or ``-symbol`` for a fallen Meteorite. ``dinos`` holds each Dino's cell, -1 once
    eliminated; a Dino on a Mountain is saved. ``eggs`` holds per Nest 0 (in the Nest),
    1 (saved) or -1 (lost to lava). Plain values only, so never part of a reference cycle: the
    collector does not track it (``gc=False``): a search makes and drops one for cheaper.
    """

    names: tuple[str, ...]
    rocks: bool = True
    bushes: bool = False
    phase: str = Phase.DRAW
    active: int = 0
    turn: int = 1
    tile: int = -1               # the tile drawn this step, -1 before the first draw
    act: str = ""                # the action being taken: M1, M2, D2, DR
    banned: int = -1             # the Dino this tile may not move (SOS-28), -1 none
    moved: tuple[int, ...] = ()  # the Dino moved by each step of the current action
    cover: tuple[int, ...] = (0,) * CELLS
    ends: tuple[End, ...] = ()
    erupted: tuple[bool, ...] = (False,) * 4
    dinos: tuple[int, ...] = STARTS
    eggs: tuple[int, ...] = (0,) * len(NESTS)
    bag: tuple[int, ...] = ALL_TILES
    placed: tuple[int, ...] = ()
    boxed: tuple[int, ...] = ()
    draws: int = 0
    ended: str = ""              # why the game ended (SOS-34..36)


def initial_state(names: tuple[str, ...], rocks: bool, bushes: bool) -> State:
    """The board after setup, before the first draw: each Volcano's first flow open (SOS-03),
    Rocks per variant (SOS-04), Eggs in Nests (SOS-06), Mountains free (SOS-07), Dinos on their
    Starting spaces (SOS-08), all 54 tiles in the bag (SOS-05)."""
    ends = tuple(sorted((make_flow(c, 0), VOLCANO[c], FIRST_DIR[c]) for c in range(4)))
    return State(names=names, rocks=rocks, bushes=bushes, ends=ends)


def initial(config: Config) -> State:
    """The set-up board with the config's Obstacles (SOS-03..08, SOS-39, SOS-40)."""
    instead = config.has("bushes-instead-of-rocks")
    return initial_state(config.names, rocks=not instead, bushes=instead or config.has("thorny-bush"))
