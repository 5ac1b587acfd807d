"""Walking distances for Dinos over the board as the lava lies now (G06)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .board import CELLS, IS_MOUNTAIN, NEI, dino_blocked
from .state import State

__all__ = ["FAR", "walkable", "distances"]

FAR: Final = 99
_ON_BOARD: Final = tuple(tuple(u for u in NEI[c] if u >= 0) for c in range(CELLS))


def walkable(state: State) -> list[bool]:
    """Cells a Dino may walk through: no Obstacle, Lake, Volcano, tile or Mountain (G06);
    other Dinos are ignored, they move. A Mountain ends a walk, so it is only ever a source."""
    blocked = dino_blocked(state.rocks, state.bushes)
    cover = state.cover
    return [not blocked[c] and cover[c] == 0 and not IS_MOUNTAIN[c] for c in range(CELLS)]


def distances(sources: Iterable[int], walk: list[bool]) -> list[int]:
    """Steps from the nearest source to every cell through walkable cells (FAR if none)."""
    dist = [FAR] * CELLS
    frontier = list(sources)
    for s in frontier:
        dist[s] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for u in _ON_BOARD[c]:
                if walk[u] and dist[u] == FAR:
                    dist[u] = d
                    nxt.append(u)
        frontier = nxt
    return dist
