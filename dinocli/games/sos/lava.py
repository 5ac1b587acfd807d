"""Lava flows (SOS-12..18, SOS-G05): where a tile may go, what it meets, eruptions."""

from __future__ import annotations

from typing import Final

from .actions import PlaceLava
from .board import (
    DIRS, NEI, OPP, TILE_COLOR, TILE_SHAPE, VOLCANO, code_flow, flow_color, lava_blocked, make_flow, orientations,
)
from .state import State

__all__ = ["is_open", "has_flow", "placements", "resolve", "eruption_dirs"]


def is_open(state: State, cell: int) -> bool:
    """Whether lava may go on ``cell`` now: on the board, no tile, not Lake, Obstacle,
    Mountain or Volcano (SOS-13, SOS-31, A08)."""
    return cell >= 0 and not lava_blocked(state.rocks, state.bushes)[cell] and state.cover[cell] == 0


# Looked up at every decision of a search: each flow's colour, each Lava tile's orientations by the
# direction of the open end it extends, and every placement as one value, by cell * 16 + mask.
_COLOR_OF: Final = tuple(flow_color(f) for f in range(make_flow(len(VOLCANO), 0)))
_TURNS: Final = tuple(tuple(orientations(shape, OPP[d]) for d in DIRS) if shape else () for shape in TILE_SHAPE)
_PLACE: Final = tuple(PlaceLava(c, m) for c in range(len(NEI)) for m in range(16))


def has_flow(state: State, color: int) -> bool:
    """Whether a flow of ``color`` has a live open end (else it is finished, SOS-16, SOS-G05)."""
    for e in state.ends:
        if _COLOR_OF[e[0]] == color:
            return True
    return False


def placements(state: State) -> list[PlaceLava]:
    """Every way to put the Lava tile in hand: a live open end of its colour, then an
    orientation with one opening facing back to it (SOS-12, SOS-13, SOS-G05)."""
    tile = state.tile
    color, turns = TILE_COLOR[tile], _TURNS[tile]
    out = set()
    for f, x, d in state.ends:
        if _COLOR_OF[f] == color:
            t = NEI[x][d] * 16
            for mask in turns[d]:
                out.add(t + mask)
    return [_PLACE[p] for p in sorted(out)]


def resolve(state: State, cell: int, mask: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The flow a placement extends, its new live open ends and the other flows it meets
    (SOS-14, SOS-16, SOS-G05, A05).

    Two open ends entering the same cell with the same tile give the same board, so the
    first one (in sorted order) is the one extended.
    """
    color = TILE_COLOR[state.tile]
    flow, entry = -1, -1
    for f, x, d in state.ends:
        if _COLOR_OF[f] == color and NEI[x][d] == cell and mask >> OPP[d] & 1:
            flow, entry = f, OPP[d]
            break
    if flow < 0:
        raise ValueError("no open end of this colour leads there")
    met = {f for f, x, d in state.ends if NEI[x][d] == cell and f != flow}
    blocked = lava_blocked(state.rocks, state.bushes)
    cover = state.cover
    new = []
    for d in DIRS:
        if d == entry or not mask >> d & 1:
            continue
        u = NEI[cell][d]
        if u < 0 or blocked[u] or cover[u] < 0:
            continue  # dead: off the board, Lake, Mountain, Volcano, Obstacle or Meteorite
        if cover[u] > 0:
            g = code_flow(cover[u])
            if g != flow:
                met.add(g)  # pointing at another flow's tile: the flows meet
            continue
        new.append(d)
    if met:
        return flow, (), tuple(sorted(met))
    return flow, tuple(new), ()


def eruption_dirs(state: State, color: int) -> tuple[int, ...]:
    """Directions of the Volcano tile whose first target is open (SOS-17, SOS-G05)."""
    v = VOLCANO[color]
    return tuple(d for d in DIRS if is_open(state, NEI[v][d]))
