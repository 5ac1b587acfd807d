"""The rule-based bot: greedy and explainable.

* On its turn it plans die, action, target and landing square together: every action the
  rules allow that touches the squares its dillo could reach is tried on a copy of the board,
  and the landing square is scored by road distance to the goal, minus the risk of the Hunter
  reaching it with the steps left over; ties go to the action that most hinders the leader.
* It moves its dillo along a shortest road to the planned landing square, then stops.
* Steering the Hunter, it looks for a longest path that ends on another dillo (the leader
  first), else parks the Hunter near the leader and away from itself.
* Winning a battle, it moves the loser onto the Hunter if it can, else far from its goal.
* In City Planning it places each tile where it shortens its own road the most against the
  others'.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from ..grammar import possessive
from .actions import STEPS, STOP, PickAction, PickDie, PlaceAt, SwapFrom
from .board import Geometry, distances, longest, moves_from, pushed, swapped, twisted
from .data import HC, STOPS, VACANT, code_of
from .notation import format_action
from .progress import goal_square
from .rules import legal_actions
from .state import State, geo

__all__ = ["choose"]

# P(1d6 + unused > 1d6) for unused = 0..12 (DILLO-20)
ROLL_OFF_WIN = tuple(sum(1 for a in range(1, 7) for b in range(1, 7) if a + u > b) / 36 for u in range(13))
WIN = 1000.0
_PLANS: dict[tuple, list] = {}


def choose(view: State, seat: int, legal: list, rnd: random.Random) -> tuple[object, str]:
    """A greedy choice among ``legal`` for ``seat`` and a one-line reason."""
    if len(legal) == 1:
        return legal[0], "the only legal choice"
    ph = view.phase
    if ph in ("die", "kind", "target", "swap"):
        action, why = _act(view, seat)
    elif ph == "move":
        action, why = _move(view, seat)
    elif ph in ("hunter", "push"):
        action, why = _steer(view, seat)
    elif ph in ("place", "orient"):
        action, why = _tile(view, seat)
    else:
        action, why = legal[0], "nothing to weigh"
    if action in legal:
        return action, why
    return legal[0], "no plan fits; taking the first legal choice"


# ---------------------------------------------------------------------------- maps


def _manhattan(g: Geometry, a: int, b: int) -> int:
    (r1, c1), (r2, c2) = divmod(a, g.size), divmod(b, g.size)
    return abs(r1 - r2) + abs(c1 - c2)


def _goal_map(board: tuple[int, ...], g: Geometry, goal: int) -> list[int]:
    """Estimated steps to ``goal`` from every square: road distance, capped by the straight
    distance plus 3 (roads can be rebuilt)."""
    road = distances(board, g, goal, stops=False)
    out = []
    for sq, d in enumerate(road):
        man = _manhattan(g, sq, goal) + 3 if sq != goal else 0
        out.append(min(d, man) if d >= 0 else man)
    return out


class _Ctx:
    """What a plan for one seat needs: goal, distance maps, who stands where."""

    def __init__(self, s: State, seat: int):
        self.s = s
        self.seat = seat
        self.g = g = geo(s)
        self.goal = goal_square(s, seat)
        self.D = _goal_map(s.board, g, self.goal)
        self.H = distances(s.board, g, s.hunter, through=g.corner_bits)
        self.win_sq = self.goal if (s.table.goal == "capitol" or s.reached[seat]) else -1
        self.rivals = {p: i for i, p in enumerate(s.pawns) if i != seat}
        self.home = s.table.homes[seat]
        self.blocked = sum(1 << p for p in self.rivals) | 1 << s.hunter

    def landing(self, sq: int, unused: int) -> float:
        """The value of ending the move on ``sq`` with ``unused`` steps going to the Hunter."""
        s = self.s
        if sq == s.hunter:  # roll-off (DILLO-20/21)
            p = ROLL_OFF_WIN[min(unused, 12)]
            stay = WIN if sq == self.win_sq else -self.D[sq] + 1
            return p * stay + (1 - p) * (-self.D[self.home] - 1)
        if sq in self.rivals:  # a battle, about even
            return 0.5 * (WIN if sq == self.win_sq else -self.D[sq]) + 0.5 * (-self.D[sq] - 4)
        if sq == self.win_sq:
            return WIN
        value = -float(self.D[sq])
        if sq not in self.g.corners:  # homes are safe from the Hunter (G05)
            h = self.H[sq]
            if 0 < h <= unused:
                value -= 4.0
            elif 0 < h <= 6:
                value -= 0.7
        return value


def _reach(board: tuple[int, ...], g: Geometry, start: int, closed: int, steps: int, terminal: int):
    """Squares the dillo can end on within ``steps`` (breadth-first, so by simple paths), with
    their distance and the previous square; stop signs and ``terminal`` squares end a path."""
    dist = {start: 0}
    prev = {start: (-1, -1)}
    frontier = [start]
    for k in range(1, steps + 1):
        nxt = []
        for a in frontier:
            if a != start and (STOPS[board[a]] or terminal >> a & 1):
                continue
            for d, b in moves_from(board, g, a, closed):
                if b not in dist:
                    dist[b] = k
                    prev[b] = (a, d)
                    nxt.append(b)
        frontier = nxt
    return dist, prev


def _best_landing(ctx: _Ctx, board: tuple[int, ...], start: int, closed: int, steps: int):
    dist, prev = _reach(board, ctx.g, start, closed, steps, ctx.blocked | (1 << ctx.win_sq if ctx.win_sq >= 0 else 0))
    best, best_sq = None, start
    for sq, k in dist.items():
        v = ctx.landing(sq, steps - k)
        if best is None or v > best:
            best, best_sq = v, sq
    return best, best_sq, prev


# ---------------------------------------------------------------------------- the action


def _act(view: State, seat: int) -> tuple[object, str]:
    plans = _plan(view, seat)
    if view.phase != "die":
        plans = [p for p in plans if p[1] == view.act_die]
    if view.phase in ("target", "swap"):
        plans = [p for p in plans if p[2] == view.kind]
    if view.phase == "swap":
        plans = [p for p in plans if isinstance(p[3], SwapFrom) and p[3].square == view.pending]
    if not plans:
        return None, ""
    score, die, kind, first, second, land = max(plans, key=lambda p: p[0])
    g = geo(view)
    steps = view.dice[0] + view.dice[1] - die
    what = "no action" if first is None else format_action(replace(view, pending=first.square) if second else view,
                                                           second or first)
    target = "the win" if score >= WIN else f"{g.name(land)}"
    why = f"act with the {die} ({what}), then move up to {steps} toward {target}"
    if view.phase == "die":
        return PickDie(die), why
    if view.phase == "kind":
        return PickAction(kind), why
    if view.phase == "target":
        return first, why
    return second, why


def _plan(view: State, seat: int) -> list:
    """Every (score, die, kind, first action, second action, landing) worth considering."""
    key = (view.table, view.board, view.pawns, view.hunter, view.dice, view.reached, seat)
    hit = _PLANS.get(key)
    if hit is not None:
        return hit
    if len(_PLANS) > 512:
        _PLANS.clear()
    ctx = _Ctx(view, seat)
    g = ctx.g
    me = view.pawns[seat]
    leader = _leader(view, seat)
    plans = []
    for die in sorted(set(view.dice)):
        steps = view.dice[0] + view.dice[1] - die
        near = {sq for sq in g.roads if _manhattan(g, sq, me) <= steps}
        base, base_land, _ = _best_landing(ctx, view.board, me, 1 << me, steps)
        base_harm = _leader_reach(view, leader, view.board)
        kinds = legal_actions(replace(view, phase="kind", act_die=die))
        if not kinds:
            plans.append((base, die, None, None, None, base_land))
        for pick in kinds:
            for first, second, board in _candidates(view, pick.action, near):
                if board is None:
                    score, land, harm = base, base_land, base_harm
                else:
                    score, land, _ = _best_landing(ctx, board, me, 1 << me, steps)
                    harm = _leader_reach(view, leader, board)
                plans.append((score + 0.05 * (harm - base_harm), die, pick.action, first, second, land))
    _PLANS[key] = plans
    return plans


def _candidates(view: State, kind: str, near: set[int]):
    """(first action, second action, board after) for the targets of ``kind``; board None
    when the change is out of the dillo's reach. Swaps with far tiles keep one tile per look."""
    g = geo(view)
    board = view.board
    targets = legal_actions(replace(view, phase="target", kind=kind))
    if kind == "twist":
        for t in targets:
            yield t, None, (_put(board, t.square, twisted(board[t.square], t.clockwise)) if t.square in near else None)
    elif kind == "push":
        for t in targets:
            after = pushed(board, g, t.line, t.index, t.toward in "es")
            touched = any(after[sq] != board[sq] for sq in near)
            yield t, None, (after if touched else None)
    else:
        for t in targets:
            seconds = legal_actions(replace(view, phase="swap", kind="swap", pending=t.square))
            seen = set()
            for w in seconds:
                if t.square not in near and w.square not in near:
                    continue
                if w.square not in near:
                    look = board[w.square] if board[w.square] >= 0 else ("?", w.square)
                    if look in seen:
                        continue
                    seen.add(look)
                yield t, w, swapped(board, t.square, w.square)
        if targets:
            first = targets[0]
            seconds = legal_actions(replace(view, phase="swap", kind="swap", pending=first.square))
            if seconds:
                yield first, seconds[-1], None if first.square not in near and seconds[-1].square not in near \
                    else swapped(board, first.square, seconds[-1].square)


def _put(board: tuple[int, ...], sq: int, code: int) -> tuple[int, ...]:
    return board[:sq] + (code,) + board[sq + 1:]


def _leader(view: State, seat: int) -> int:
    """The opponent nearest their goal."""
    others = [i for i in range(len(view.pawns)) if i != seat]
    maps = {}
    best, who = None, others[0]
    for i in others:
        goal = goal_square(view, i)
        if goal not in maps:
            maps[goal] = _goal_map(view.board, geo(view), goal)
        d = maps[goal][view.pawns[i]]
        if best is None or d < best:
            best, who = d, i
    return who


def _leader_reach(view: State, leader: int, board: tuple[int, ...]) -> float:
    """How far from their goal the leader stays with an average move (larger is better for us)."""
    g = geo(view)
    goal = goal_square(view, leader)
    start = view.pawns[leader]
    dist, _ = _reach(board, g, start, 1 << start, 4, 0)
    return float(min(_manhattan(g, sq, goal) for sq in dist))


# ---------------------------------------------------------------------------- moving


def _move(view: State, seat: int) -> tuple[object, str]:
    ctx = _Ctx(view, seat)
    start = view.pawns[seat]
    score, land, prev = _best_landing(ctx, view.board, start, view.visited, view.steps)
    g = ctx.g
    if land == start:
        left = f", {view.steps} step(s) go to the Hunter" if view.steps else ""
        return STOP, f"stop on {g.name(start)}: nothing reachable is better{left}"
    sq = land
    while prev[sq][0] != start:
        sq = prev[sq][0]
    goal = "the win" if score >= WIN else f"{g.name(land)}, {ctx.D[land]} from the goal"
    return STEPS[prev[sq][1]], f"head for {goal}"


# ---------------------------------------------------------------------------- steering


def _paths(board: tuple[int, ...], g: Geometry, start: int, closed: int, steps: int, limit: int = 4000):
    """(first direction, end square) of every longest legal path (G05, G07), up to ``limit``."""
    target = longest(board, g, start, closed, steps)
    out: list[tuple[int, int]] = []

    def walk(a: int, closed: int, depth: int, first: int) -> None:
        if len(out) >= limit:
            return
        if depth == target:
            out.append((first, a))
            return
        if depth and STOPS[board[a]]:
            return
        for d, b in moves_from(board, g, a, closed):
            walk(b, closed | 1 << b, depth + 1, d if depth == 0 else first)

    walk(start, closed, 0, -1)
    return out


def _steer(view: State, seat: int) -> tuple[object, str]:
    g = geo(view)
    names = view.table.names
    if view.phase == "hunter":
        paths = _paths(view.board, g, view.hunter, view.visited | g.corner_bits, view.steps)
        leader = _leader(view, seat)
        maps = {i: _goal_map(view.board, g, goal_square(view, i)) for i in range(len(view.pawns))}

        def value(end: int) -> tuple[float, str]:
            hit = [i for i, p in enumerate(view.pawns) if p == end]
            if seat in hit:
                return -WIN, "unavoidable: the Hunter lands on my own dillo"
            if hit:
                gain = sum(30 - maps[i][end] for i in hit)
                return 100 + gain, f"send the Hunter onto {' and '.join(possessive(names[i]) for i in hit)} dillo at {g.name(end)}"
            v = -_manhattan(g, end, view.pawns[leader]) + 0.3 * _manhattan(g, end, view.pawns[seat])
            if end == goal_square(view, leader):
                v += 2
            return v, f"park the Hunter on {g.name(end)}, near {names[leader]} (the leader) and away from me"
    else:
        loser = view.pushed
        closed = view.visited | 1 << g.center
        for i, p in enumerate(view.pawns):
            if i != loser:
                closed |= 1 << p
        paths = _paths(view.board, g, view.pawns[loser], closed, view.steps)
        far = _goal_map(view.board, g, goal_square(view, loser))

        def value(end: int) -> tuple[float, str]:
            if end == view.hunter:
                return WIN, f"push {possessive(names[loser])} dillo onto the Hunter at {g.name(end)}"
            return float(far[end]), f"push {possessive(names[loser])} dillo to {g.name(end)}, {far[end]} from its goal"
    best = None
    for first, end in paths:
        v, why = value(end)
        if best is None or v > best[0]:
            best = (v, first, why)
    if best is None:
        return None, ""
    return STEPS[best[1]], best[2]


# ---------------------------------------------------------------------------- City Planning


def _tile(view: State, seat: int) -> tuple[object, str]:
    g = geo(view)
    open_board = tuple(HC if c == VACANT else c for c in view.board)
    squares = [view.pending] if view.phase == "orient" else [sq for sq in g.roads if view.board[sq] == VACANT]
    rotations = legal_actions(replace(view, phase="orient", pending=squares[0]))
    best = None
    for sq in squares:
        for o in rotations:
            board = _put(open_board, sq, code_of(view.drawn, o.rotation))
            d = _goal_map(board, g, g.center)
            mine = d[view.pawns[seat]]
            theirs = min(d[p] for i, p in enumerate(view.pawns) if i != seat)
            v = theirs - mine
            if best is None or v > best[0]:
                best = (v, sq, o, mine, theirs)
    _, sq, o, mine, theirs = best
    why = f"{g.name(sq)} {format_action(view, o)}: my road to the capitol {mine}, the best rival's {theirs}"
    if view.phase == "place":
        return PlaceAt(sq), f"place on {why}"
    return o, f"turn it {why}"
