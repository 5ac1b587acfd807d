"""Walking distances for Dinos over the board as the lava lies now (G06)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from .board import CELLS, IS_MOUNTAIN, NEI, dino_blocked
from .state import State

__all__ = ["FAR", "walkable", "distances"]

FAR = 99


def walkable(state: State) -> list[bool]:
    """Cells a Dino may walk through: no Obstacle, Lake, Volcano, tile or Mountain (G06);
    other Dinos are ignored, they move. A Mountain ends a walk, so it is only ever a source."""
    blocked = dino_blocked(state.rocks, state.bushes)
    cover = state.cover
    return [not blocked[c] and cover[c] == 0 and not IS_MOUNTAIN[c] for c in range(CELLS)]


def distances(sources: Iterable[int], walk: list[bool]) -> list[int]:
    """Steps from the nearest source to every cell through walkable cells (FAR if none)."""
    dist = [FAR] * CELLS
    queue = deque()
    for s in sources:
        dist[s] = 0
        queue.append(s)
    while queue:
        c = queue.popleft()
        nd = dist[c] + 1
        for u in NEI[c]:
            if u >= 0 and walk[u] and dist[u] == FAR:
                dist[u] = nd
                queue.append(u)
    return dist
