"""The rule-based teammate, greedy and explainable, and the board evaluation the search reads.

Every candidate is scored by ``evaluate`` on the state it leads to: points banked, Dinos
close to a free Mountain they can still reach, Eggs close to a Dino, minus the "heat" of
open lava ends near them. So lava goes where it threatens and walls in the fewest Dinos
and Eggs, and Dinos pick up Eggs on their way to the Mountains, out of the lava's path.
The same evaluation, scaled, is what MCTS reads at its leaves (``estimate.heuristic``): the
SOS presets (``__init__``) search a tree of the next decisions and draws with no playout.
"""

from __future__ import annotations

import random
from typing import Any, Final

from .actions import MoveDino, PlaceLava
from .board import (
    CELLS, DINO_NAMES, IS_MOUNTAIN, MOUNTAINS, NEI, NESTS, TILE_COLOR, VOLCANO, cell_name, flow_color,
    lava_blocked,
)
from .lava import eruption_dirs
from .paths import FAR, distances, walkable
from .reach import reach, walk_bits
from .rules import dino_moves, preview, steps_needed
from .state import Phase, State
from .team import on_board, score

__all__ = ["choose", "evaluate", "evaluate_lava", "Maps", "maps"]

class Maps:
    """Distances for Dinos on the current lava (to each Mountain, to each Egg) and lava heat."""

    __slots__ = ("mountain", "egg", "heat")

    def __init__(self, mountain: dict[int, list[int]], egg: dict[int, list[int]], heat: tuple[float, ...]):
        self.mountain, self.egg, self.heat = mountain, egg, heat


_ON_BOARD: Final = tuple(tuple(u for u in NEI[c] if u >= 0) for c in range(CELLS))
# per cell t, each neighbour u with the cells next to u other than t (one and two steps from t)
_AROUND: Final = tuple(tuple((u, tuple(v for v in _ON_BOARD[u] if v != t)) for u in _ON_BOARD[t]) for t in range(CELLS))


_CACHE_SIZE: Final = 1024
_heat_cache: Final[dict[tuple, tuple[float, ...]]] = {}


def _heat(state: State) -> tuple[float, ...]:
    """How likely lava reaches each cell soon: open ends weighted by their colour's share of
    the bag, fading over the next two tiles; standing Volcanos whose flow is finished too
    (memoised by what it reads: a search's leaves share their lava far more often than their Dinos;
    of the board, only which cells lava may still cover, which are the walkable ones, walk_bits)."""
    shares = _weights(state.bag)
    key = (walk_bits(state), state.ends, state.erupted, shares)
    hit = _heat_cache.get(key)
    if hit is None:
        if len(_heat_cache) >= _CACHE_SIZE:
            _heat_cache.clear()
        hit = _heat_cache[key] = _heat_of(state, shares)
    return hit


def _heat_of(state: State, shares: tuple[tuple[int, ...], tuple[float, ...]]) -> tuple[float, ...]:
    """``_heat`` computed, given the bag's ``_weights``."""
    heat = [0.0] * CELLS
    lava_left, weight = shares
    live = {flow_color(f) for f, _, _ in state.ends}
    sources: list[tuple[int, float]] = [(NEI[x][d], weight[flow_color(f)]) for f, x, d in state.ends]
    for c in range(4):
        if c not in live and not state.erupted[c] and lava_left[c]:
            sources += [(NEI[VOLCANO[c]][d], 0.7 * weight[c]) for d in eruption_dirs(state, c)]
    blocked, cover = lava_blocked(state.rocks, state.bushes), state.cover
    for t, w in sources:
        heat[t] += w
        near, far = 0.35 * w, 0.1 * w
        for u, beyond in _AROUND[t]:
            if not blocked[u] and not cover[u]:
                heat[u] += near
                for v in beyond:
                    if not blocked[v] and not cover[v]:
                        heat[v] += far
    return tuple(heat)


_ONE_OF_COLOUR: Final = tuple(0 if c < 0 else 1 << 8 * c for c in TILE_COLOR)  # a Lava tile counted in its colour's byte
_weights_cache: Final[dict[tuple[int, ...], tuple[tuple[int, ...], tuple[float, ...]]]] = {}


def _weights(bag: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Per colour, the Lava tiles of it left in the bag and the chance that one of the next three
    draws is one (memoised by the bag: a search reads the same bag from many leaves)."""
    hit = _weights_cache.get(bag)
    if hit is None:
        if len(_weights_cache) >= _CACHE_SIZE:
            _weights_cache.clear()
        packed = 0  # a byte per colour counts its tiles (48 in all, SOS-05)
        for t in bag:
            packed += _ONE_OF_COLOUR[t]
        lava_left = [packed >> 8 * c & 255 for c in range(4)]
        total = max(len(bag), 1)
        hit = _weights_cache[bag] = (tuple(lava_left), tuple(1 - (1 - lava_left[c] / total) ** 3 for c in range(4)))
    return hit
_board_cache: Final[dict[tuple, tuple[dict[int, list[int]], dict[int, list[int]], list[bool]]]] = {}


def _board(state: State) -> tuple[dict[int, list[int]], dict[int, list[int]], list[bool]]:
    """Per Mountain its distance map, the Nest maps found so far and the walkable cells, for
    the lava as it lies (memoised: the steps of one action, and searches, revisit a board)."""
    key = (state.cover, state.rocks, state.bushes)
    hit = _board_cache.get(key)
    if hit is None:
        if len(_board_cache) >= _CACHE_SIZE:
            _board_cache.clear()
        walk = walkable(state)
        hit = _board_cache[key] = ({m: distances([m], walk) for m in MOUNTAINS}, {}, walk)
    return hit


def maps(state: State) -> Maps:
    """Distance maps and lava heat for the lava as it lies in ``state``."""
    mountain, nests, walk = _board(state)
    egg = {}
    for n, e in enumerate(state.eggs):
        if e == 0:
            dist = nests.get(n)
            if dist is None:
                dist = nests[n] = distances([NESTS[n]], walk)
            egg[n] = dist
    return Maps(mountain, egg, _heat(state))


W_BASE: Final = 0.75     # share of a Dino's 2 points counted while it still walks
W_CLIMB: Final = 0.08    # share of a Dino's 2 points lost per step still to walk
W_HEAT: Final = 7.0      # a Dino standing where lava may come soon
W_EGG: Final = 0.08      # share of an Egg's point lost per step the nearest Dino still has to walk
W_EGG_HEAT: Final = 6.0  # an Egg whose Nest lava may reach soon
CLIMB_CAP: Final = 9     # steps counted: a Dino however far from a Mountain is worth more than a lost one


def _value(state: State, on: list[int], heat: tuple[float, ...], near_mountain: list[int],
           near_egg: dict[int, int]) -> float:
    """The evaluation from the distances of each walking Dino (``on``: on_board's) to a free Mountain and
    of each Egg still in its Nest to the nearest walking Dino; what is out of reach counts nothing."""
    value = 10.0 * score(state)
    dinos = state.dinos
    for d, near in zip(on, near_mountain):
        if near < FAR:  # a Dino walled off from every free Mountain is lost (lava never recedes)
            value += 20.0 * (W_BASE - W_CLIMB * min(near, CLIMB_CAP)) - W_HEAT * min(heat[dinos[d]], 1.5)
    for n, near in near_egg.items():
        if near < FAR:  # so is an Egg no walking Dino can reach
            value += 10.0 * (0.8 - W_EGG * min(near, 10)) - W_EGG_HEAT * min(heat[NESTS[n]], 1.5)
    return value


def evaluate(state: State, m: Maps) -> float:
    """Points banked plus what the Dinos and Eggs on the board are likely to bring (higher is better)."""
    if state.phase == Phase.OVER:
        return 10.0 * score(state)
    dinos = state.dinos
    on = on_board(state)
    walking = [dinos[d] for d in on]
    free = [dist for cell, dist in m.mountain.items() if cell not in dinos]
    near_mountain = [min((dist[p] for dist in free), default=FAR) for p in walking]
    near_egg = {n: min((dist[p] for p in walking), default=FAR) for n, dist in m.egg.items() if state.eggs[n] == 0}
    return _value(state, on, m.heat, near_mountain, near_egg)


def evaluate_lava(state: State) -> float:
    """``evaluate`` for a board whose lava just changed: distances by bit-board search (reach)."""
    if state.phase == Phase.OVER:
        return 10.0 * score(state)
    on = on_board(state)
    dinos = state.dinos
    r = reach(state, [dinos[d] for d in on])
    return _value(state, on, _heat(state), r.mountain, r.egg)


def _move_value(state: State, action: MoveDino, m: Maps) -> float:
    """A step's value; the first step of a two-step action counts its best follow-up too."""
    after = preview(state, action)
    if after.phase == Phase.ACT and len(after.moved) < steps_needed(after.act):
        follow = dino_moves(after)
        if follow:
            return max(evaluate(preview(after, a), m) for a in follow)
    return evaluate(after, m)


def _steps(n: int) -> str:
    return "1 step" if n == 1 else f"{n} steps"


def _move_reason(state: State, action: MoveDino, m: Maps) -> str:
    d = action.dino
    name = DINO_NAMES[d]
    src = state.dinos[d]
    dst = NEI[src][action.dir]
    if IS_MOUNTAIN[dst]:
        return f"{name} climbs the Mountain on {cell_name(dst)}: 2 points banked"
    if dst in NESTS and state.eggs[NESTS.index(dst)] == 0:
        return f"{name} saves the Egg on {cell_name(dst)}"
    if m.heat[src] > 0.3 and m.heat[dst] < m.heat[src]:
        return f"{name} steps out of the path of the lava"
    eggs = [(dist[dst], n) for n, dist in m.egg.items() if dist[dst] < dist[src]]
    if eggs:
        near, n = min(eggs)
        return f"{name} heads for the Egg on {cell_name(NESTS[n])} ({_steps(near)} away)"
    tops = [(dist[dst], c) for c, dist in m.mountain.items() if c not in state.dinos and dist[dst] < dist[src]]
    if tops:
        near, c = min(tops)
        return f"{name} heads for the Mountain on {cell_name(c)} ({_steps(near)} away)"
    return f"{name} takes the least harmful step the tile forces"


def _place_reason(state: State, action: PlaceLava, after: State) -> str:
    where = cell_name(action.cell)
    lost = [DINO_NAMES[d] for d, p in enumerate(state.dinos) if p == action.cell]
    if lost:
        return f"no safe place: the lava on {where} takes {lost[0]}"
    if len(after.ends) < len(state.ends):
        return f"lava on {where} ends a flow or a branch, so less lava can spread"
    walking = [state.dinos[d] for d in on_board(state)]
    near = min((abs(p // 9 - action.cell // 9) + abs(p % 9 - action.cell % 9) for p in walking), default=0)
    return f"lava on {where} keeps away from the Dinos (the nearest is {_steps(near)} off)"


def choose(view: State, seat: int, legal: list[Any], rnd: random.Random) -> tuple[Any, str]:
    """Pick the legal action whose resulting board evaluates best; say why in one line."""
    state = view
    if isinstance(legal[0], PlaceLava):
        best, best_value, best_after = legal[0], float("-inf"), state
        for a in legal:
            after = preview(state, a)
            v = evaluate_lava(after)
            if v > best_value + 1e-9:
                best, best_value, best_after = a, v, after
        return best, _place_reason(state, best, best_after)
    m = maps(state)
    scored = [(_move_value(state, a, m), i) for i, a in enumerate(legal)]
    top = max(v for v, _ in scored)
    ties = [legal[i] for v, i in scored if v >= top - 1e-9]
    action = ties[rnd.randrange(len(ties))] if len(ties) > 1 else ties[0]
    return action, _move_reason(state, action, m)
