"""Walking distances on a bit board: one Python int per set of cells, bit ``cell`` set.

A breadth-first search spreads a whole frontier with four shifts, so a search over the 81
cells costs a few dozen integer operations instead of a queue of cells. The rule-based
teammate (for each lava placement) and the search's cut-off estimate ask it how far each
walking Dino is from the nearest free Mountain and each Egg from the nearest walking Dino
(G06, SOS-32, SOS-33).
"""

from __future__ import annotations

from typing import Any, Final

from .board import CELLS, IS_MOUNTAIN, MOUNTAINS, NESTS, dino_blocked
from .data import SIZE
from .paths import FAR
from .state import State

__all__ = ["FULL", "walk_bits", "spread", "Reach", "reach"]

FULL: Final = (1 << CELLS) - 1
_NOT_FIRST_COL: Final = sum(1 << c for c in range(CELLS) if c % SIZE)
_NOT_LAST_COL: Final = sum(1 << c for c in range(CELLS) if c % SIZE != SIZE - 1)
_MOUNTAIN_BITS: Final = tuple(1 << m for m in MOUNTAINS)
_NEST_BITS: Final = tuple(1 << n for n in NESTS)


def spread(cells: int, within: int = FULL) -> int:
    """Every cell of ``within`` one orthogonal step from ``cells`` (SOS-29)."""
    return ((cells << SIZE) | (cells >> SIZE) | ((cells << 1) & _NOT_FIRST_COL) | ((cells >> 1) & _NOT_LAST_COL)) & within


_BLOCKED_BITS: Final[dict[tuple[bool, bool], int]] = {}
_COVERED: Final[dict[tuple[int, ...], int]] = {}  # the cells a cover tuple covers, as bits
# the cover looked up last and its cells, as one pair written and read at once (a leaf's estimate asks
# twice; a thread never meets another's cover with its own cells)
_LAST: Final[list[tuple[Any, int]]] = [(None, 0)]


def walk_bits(state: State) -> int:
    """Cells a Dino may walk through (see ``paths.walkable``): no Obstacle, Lake, Volcano, tile
    or Mountain (G06); other Dinos are ignored, they move."""
    key = (state.rocks, state.bushes)
    blocked = _BLOCKED_BITS.get(key)
    if blocked is None:
        fixed = dino_blocked(*key)
        blocked = _BLOCKED_BITS[key] = sum(1 << c for c in range(CELLS) if fixed[c] or IS_MOUNTAIN[c])
    cover = state.cover
    last, covered = _LAST[0]
    if last is not cover:
        hit = _COVERED.get(cover)
        if hit is None:  # a search reads the same lava from many leaves: memoised by the cover
            if len(_COVERED) >= 4096:
                _COVERED.clear()
            hit = 0
            for c, code in enumerate(cover):
                if code:
                    hit |= 1 << c
            _COVERED[cover] = hit
        covered = hit
        _LAST[0] = (cover, covered)
    return FULL & ~blocked & ~covered


class Reach:
    """Per walking Dino (in the order asked for), the steps to the nearest free Mountain, and per
    Nest with its Egg still in it the fewest steps any walking Dino needs (FAR when out of reach)."""

    __slots__ = ("mountain", "egg")

    def __init__(self, mountain: list[int], egg: dict[int, int]):
        self.mountain, self.egg = mountain, egg


_LAYERS: Final[dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]]] = {}


def _layers(sources: int, walk: int, targets: tuple[int, ...]) -> tuple[int, ...]:
    """Steps from the nearest of ``sources`` to each target bit through ``walk`` (FAR if none), memoised:
    a search's leaves share their lava, and often their Dinos, far more often than not."""
    key = (sources, walk, targets)
    hit = _LAYERS.get(key)
    if hit is None:
        if len(_LAYERS) >= 4096:
            _LAYERS.clear()
        hit = _LAYERS[key] = _search(sources, walk, targets)
    return hit


def _search(sources: int, walk: int, targets: tuple[int, ...]) -> tuple[int, ...]:
    """``_layers`` worked out: one breadth-first search, a frontier at a time."""
    out = [FAR] * len(targets)
    left = [i for i, b in enumerate(targets) if not b & sources] if sources else []
    for i, b in enumerate(targets):
        if b & sources:
            out[i] = 0
    wanted = 0  # the targets not reached yet, as one set: most steps reach none of them
    for i in left:
        wanted |= targets[i]
    unseen = walk & ~sources
    frontier = sources
    d = 0
    while frontier and left:
        d += 1
        frontier = spread(frontier, unseen)
        unseen ^= frontier
        if frontier & wanted:
            still = []
            for i in left:
                if frontier & targets[i]:
                    out[i] = d
                    wanted &= ~targets[i]
                else:
                    still.append(i)
            left = still
    return tuple(out)


def reach(state: State, walking: list[int]) -> Reach:
    """Distances for the walking Dinos on cells ``walking`` over the lava as it lies in
    ``state`` (G06): one search from the free Mountains, one from the Dinos (walks go both ways)."""
    walk = walk_bits(state)
    dinos = state.dinos
    free = 0
    for m, b in zip(MOUNTAINS, _MOUNTAIN_BITS):
        if m not in dinos:
            free |= b
    bits = tuple([1 << p for p in walking])
    mountain = list(_layers(free, walk, bits))
    nests = [n for n, e in enumerate(state.eggs) if e == 0]
    starts = 0
    for b in bits:
        starts |= b
    egg = dict(zip(nests, _layers(starts, walk, tuple([_NEST_BITS[n] for n in nests]))))
    return Reach(mountain, egg)
