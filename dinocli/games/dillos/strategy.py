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
from collections.abc import Iterator
from typing import Any, Final

from msgspec.structs import replace

from ..grammar import possessive
from .actions import STEPS, STOP, PickAction, PickDie, PlaceAt, Push, SwapFrom, Twist
from .board import (
    MASKS, STOPS, Geometry, distances, geo, geometry, line_squares, longest, manhattan, moves_from, pushed, swapped,
    twisted,
)
from .data import HC, VACANT, code_of
from .notation import format_action
from .progress import goal_square
from .rules import _LOOK, _SWAP_WITH, legal_actions
from .state import State

__all__ = ["choose", "plans", "plan_groups", "acted", "reach", "ROLL_OFF_WIN"]

# P(1d6 + unused > 1d6) for unused = 0..12 (DILLO-20)
ROLL_OFF_WIN: Final = tuple(sum(1 for a in range(1, 7) for b in range(1, 7) if a + u > b) / 36 for u in range(13))
WIN: Final = 1000.0
_PLANS: Final[dict[tuple, list]] = {}


def choose(view: State, seat: int, legal: list, rnd: random.Random) -> tuple[object, str]:
    """A greedy choice among ``legal`` for ``seat`` and a one-line reason ("" when none of its plans
    is among ``legal``: a forced choice, or one action asked about alone by a hint)."""
    if len(legal) == 1:
        return legal[0], ""
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
    return legal[0], ""


# ---------------------------------------------------------------------------- maps


# Per board size: Manhattan distances between squares; per geometry: each square's bit with
# its neighbours' (the tiles a road search looks at when it steps out of that square).
_MAN: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    n: tuple(tuple(manhattan(geometry(n), a, b) for b in range(n * n)) for a in range(n * n)) for n in (5, 7)}
_AROUND: Final[dict[tuple[int, bool], tuple[int, ...]]] = {
    (n, w): tuple(1 << sq | sum(1 << q for q in geometry(n, w).adjacent[sq]) for sq in range(n * n))
    for n in (5, 7) for w in (False, True)}


def _goal_map(board: tuple[int, ...], g: Geometry, goal: int) -> list[int]:
    """Estimated steps to ``goal`` from every square: road distance, capped by the straight
    distance plus 3 (roads can be rebuilt)."""
    road = distances(board, g, goal, stops=False)
    straight = _MAN[g.size][goal]
    out = []
    for sq, d in enumerate(road):
        man = straight[sq] + 3 if sq != goal else 0
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
        self.memo: list[float | None] = [None] * (13 * len(s.board))  # landing by sq * 13 + unused

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


def reach(board: tuple[int, ...], g: Geometry, start: int, closed: int, steps: int, terminal: int,
          paths: bool = True) -> tuple[dict[int, int], dict[int, tuple[int, int]]]:
    """Squares the dillo can end on within ``steps`` (breadth-first, so by simple paths), with
    their distance and the previous square (none kept unless ``paths``); stop signs and ``terminal``
    squares end a path."""
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
                    if paths:
                        prev[b] = (a, d)
                    nxt.append(b)
        frontier = nxt
    return dist, prev


def _best_landing(ctx: _Ctx, board: tuple[int, ...], start: int, closed: int, steps: int):
    dist, prev = reach(board, ctx.g, start, closed, steps, ctx.blocked | (1 << ctx.win_sq if ctx.win_sq >= 0 else 0))
    best, best_sq = None, start
    for sq, k in dist.items():
        v = ctx.landing(sq, steps - k)
        if best is None or v > best:
            best, best_sq = v, sq
    return best, best_sq, prev


# ---------------------------------------------------------------------------- the action


def _act(view: State, seat: int) -> tuple[object, str]:
    options = plans(view, seat)
    if view.phase != "die":
        options = [p for p in options if p[1] == view.act_die]
    if view.phase in ("target", "swap"):
        options = [p for p in options if p[2] == view.kind]
    if view.phase == "swap":
        options = [p for p in options if isinstance(p[3], SwapFrom) and p[3].square == view.pending]
    if not options:
        return None, ""
    score, die, kind, first, second, land = max(options, key=lambda p: p[0])
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


def plans(view: State, seat: int, hinder: bool = True) -> list:
    """Every (score, die, kind, first action, second action, landing) worth considering; with
    ``hinder`` false, ties are not broken by how far the leader is held back (cheaper)."""
    key = (view.table, view.board, view.pawns, view.hunter, view.dice, view.reached, seat, hinder)
    hit = _PLANS.get(key)
    if hit is not None:
        return hit
    if len(_PLANS) > 512:
        _PLANS.clear()
    out = [(score, die, kind, first, second, land) for die, kind, scored in plan_groups(view, seat, hinder)
           for score, first, second, land in scored]
    _PLANS[key] = out
    return out


def plan_groups(view: State, seat: int, hinder: bool = True,
                best: int | None = None) -> list[tuple[int, str | None, list[tuple]]]:
    """``plans`` by die and action, in its order: (die, kind or None for no action, [(score, first action,
    second action, landing), ...]); with ``best``, only that many of each, best first (ties in plan order)."""
    ctx = _shared(view, seat)
    out: list[tuple[int, str | None, list[tuple]]] = []
    for die in sorted(set(view.dice)):
        steps = view.dice[0] + view.dice[1] - die
        kinds = legal_actions(replace(view, phase="kind", act_die=die))
        if not kinds:
            base, base_land, _ = ctx.base(steps)
            out.append((die, None, [(base, None, None, base_land)]))
        for pick in kinds:
            out.append((die, pick.action, ctx.scored(pick.action, steps, hinder) if best is None
                        else ctx.leading(pick.action, steps, hinder, best)))
    return out


class _Shared(_Ctx):
    """A seat's planning context kept for every roll of the dice on one board (the plans of each roll
    search the same candidate boards): the candidates scored by action and steps, the searches by board and
    steps, the leader's harm."""

    def __init__(self, s: State, seat: int):
        super().__init__(s, seat)
        self.terminal = self.blocked | (1 << self.win_sq if self.win_sq >= 0 else 0)
        self.landings: dict[tuple, tuple[float, int, int]] = {}
        # _swap_landing's searches, by swap (lo << 6 | hi) << 4 | steps, and by one square's look (an int each:
        # the cache holds no tuples the garbage collector would walk)
        self.swaps: dict[int, tuple[float, int, int]] = {}
        self.ones: dict[int, tuple[float, int, int]] = {}
        self.harms: dict[tuple[int, ...], float] = {}
        self._bases: dict[int, tuple[float, int, int]] = {}
        self._fringes: dict[int, tuple[int, list[int]]] = {}
        self._columns: dict[tuple[str, int, bool], tuple[list[float], list, list, list[int]]] = {}
        self._scored: dict[tuple[str, int, bool], list[tuple]] = {}
        self._leading: dict[tuple[str, int, bool, int], list[tuple]] = {}
        self._leader: tuple | None = None

    def base(self, steps: int) -> tuple[float, int, int]:
        """``_landing_of`` today's board."""
        got = self._bases.get(steps)
        if got is None:
            got = self._bases[steps] = _landing_of(self, self.s.board, self.s.pawns[self.seat], steps, self.terminal)
        return got

    def scored(self, kind: str, steps: int, hinder: bool) -> list[tuple]:
        """(score, first action, second action, landing) of every candidate of ``kind`` with ``steps`` to move
        (every roll with that many steps left asks again)."""
        got = self._scored.get((kind, steps, hinder))
        if got is None:
            scores, firsts, seconds, lands = self.columns(kind, steps, hinder)
            got = self._scored[kind, steps, hinder] = list(zip(scores, firsts, seconds, lands))
        return got

    def leading(self, kind: str, steps: int, hinder: bool, best: int) -> list[tuple]:
        """The ``best`` first of ``scored``, by score (as a stable sort: ties in their order)."""
        got = self._leading.get((kind, steps, hinder, best))
        if got is None:
            scores, firsts, seconds, lands = self.columns(kind, steps, hinder)
            got = [(scores[i], firsts[i], seconds[i], lands[i])
                   for i in sorted(range(len(scores)), key=scores.__getitem__, reverse=True)[:best]]
            self._leading[kind, steps, hinder, best] = got
        return got

    def columns(self, kind: str, steps: int, hinder: bool) -> tuple[list[float], list, list, list[int]]:
        """``scored`` as columns: scores, first actions, second actions, landings."""
        got = self._columns.get((kind, steps, hinder))
        if got is None:
            got = self._columns[kind, steps, hinder] = self._score(kind, steps, hinder)
        return got

    def _score(self, kind: str, steps: int, hinder: bool) -> tuple[list[float], list, list, list[int]]:
        view, g, terminal = self.s, self.g, self.terminal
        vboard = view.board
        me = view.pawns[self.seat]
        if hinder:
            lstart, lgoal, base_harm, lreads = self.leader()
        else:
            lstart = lgoal = -1
            base_harm, lreads = 0.0, 0
        man = _MAN[g.size]
        harms, landings = self.harms, self.landings  # by board, and by board and steps
        near = sum(1 << sq for sq in g.roads if man[sq][me] <= steps)
        base, base_land, reads = self.base(steps)
        entered, need = self.fringe(steps)
        scores: list[float] = []
        firsts: list = []
        seconds: list = []
        lands: list[int] = []
        second: Any   # an action or None (mypyc would infer None from the first candidate)
        for first, second, changed in _candidates(view, kind, near):
            # a change outside the squares a search reads cannot change its result
            if changed is None:
                score, land, harm = base, base_land, base_harm
            else:
                board = None
                if not changed & reads:
                    score, land = base, base_land
                elif second is None:
                    board = acted(view.board, g, first, second)
                    if _unentered(board, changed, entered, need):
                        score, land = base, base_land
                    else:
                        got = landings.get((board, steps))
                        if got is None:
                            got = landings[board, steps] = _landing_of(self, board, me, steps, terminal)
                        score, land, _ = got
                else:
                    a: int = first.square
                    b: int = second.square
                    if not changed & entered and not MASKS[vboard[b]] & need[a] and not MASKS[vboard[a]] & need[b]:
                        score, land = base, base_land  # the tiles trade places where no road of today's leads
                    else:
                        score, land, _ = _swap_landing(self, vboard, a, b, steps, terminal, reads)
                if changed & lreads:
                    if board is None:
                        board = acted(view.board, g, first, second)
                    harm = harms.get(board)
                    if harm is None:
                        harm = harms[board] = _harm(board, g, lstart, lgoal)[0]
                else:
                    harm = base_harm
            scores.append(score + 0.05 * (harm - base_harm))
            firsts.append(first)
            seconds.append(second)
            lands.append(land)
        return scores, firsts, seconds, lands

    def fringe(self, steps: int) -> tuple[int, list[int]]:
        """The squares the search of today's board enters within ``steps``, and for each other square the sides
        a road the search follows out of a square arrives from (a tile there open to none of them leaves that
        search as it is: ``_unentered``)."""
        got = self._fringes.get(steps)
        if got is None:
            s, g = self.s, self.g
            board, start = s.board, s.pawns[self.seat]
            order, levels, entered, _ = _spread(board, g, start, steps, self.terminal)
            exits = _exits(g)
            need = [0] * len(board)
            for i, a in enumerate(order):  # the squares it stepped out of (as _spread does)
                if levels[i] < steps and (a == start or not (STOPS[board[a]] or self.terminal >> a & 1)):
                    for way in exits[a][board[a]]:
                        b = way >> 4
                        if not entered >> b & 1:
                            need[b] |= way & 15
            got = self._fringes[steps] = (entered, need)
        return got

    def leader(self) -> tuple[int, int, float, int]:
        """The leader's square and goal, and ``_harm`` on today's board."""
        if self._leader is None:
            s = self.s
            leader = _leader(s, self.seat)
            lstart, lgoal = s.pawns[leader], goal_square(s, leader)
            self._leader = (lstart, lgoal, *_harm(s.board, self.g, lstart, lgoal))
        return self._leader


_SHARED: Final[dict[tuple, _Shared]] = {}


def _shared(s: State, seat: int) -> _Shared:
    """The planning context of ``seat`` on ``s``'s board, pawns and Hunter (kept across rolls)."""
    key = (s.table, s.board, s.pawns, s.hunter, s.reached, seat)
    got = _SHARED.get(key)
    if got is None:
        if len(_SHARED) >= 64:
            _SHARED.clear()
        got = _SHARED[key] = _Shared(s, seat)
    return got


def _unentered(board: tuple[int, ...], changed: int, entered: int, need: list[int]) -> bool:
    """Whether the search of today's board (``fringe``) is the search of ``board`` too: no square it entered
    changed, and no changed square opens toward a road it followed (then it reads the same tiles)."""
    if changed & entered:
        return False
    while changed:
        low = changed & -changed
        sq = low.bit_length() - 1
        if MASKS[board[sq]] & need[sq]:
            return False
        changed ^= low
    return True


def _swap_landing(ctx: _Shared, board: tuple[int, ...], a: int, b: int, steps: int, terminal: int,
                  reads: int) -> tuple[float, int, int]:
    """``_landing_of`` the board with the tiles of ``a`` and ``b`` swapped (``reads``: the squares the search on
    ``board`` read). When it read only one of them, the search on the board with that one changed alone is
    kept by the look put there, and serves every swap whose other square it did not read either."""
    pair = ((a << 6 | b) if a < b else (b << 6 | a)) << 4 | steps  # a swap of a with b makes the board b with a does
    swaps = ctx.swaps
    got: Any = swaps.get(pair)  # kept boxed: one tuple serves every swap it answers
    if got is None:
        me = ctx.s.pawns[ctx.seat]
        if reads >> a & 1:
            x, y = a, b
        else:
            x, y = b, a
        if not reads >> y & 1:
            code = board[y]
            key = ((x << 4 | MASKS[code]) << 1 | STOPS[code]) << 4 | steps  # what a road search reads of a tile
            ones = ctx.ones
            one: Any = ones.get(key)
            if one is None:
                one = _landing_of(ctx, _put(board, x, code), me, steps, terminal)
                ones[key] = one
            if not one[2] >> y & 1:
                got = one
        if got is None:
            got = _landing_of(ctx, swapped(board, a, b), me, steps, terminal)
        swaps[pair] = got
    return got


Exits = tuple[tuple[tuple[int, ...], ...], ...]
_EXITS: Final[dict[tuple[int, bool], Exits]] = {}


def _exits(g: Geometry) -> Exits:
    """Per square and tile code (indexed as ``MASKS`` is): ``neighbour << 4 | entry bit`` of each side the
    tile opens toward."""
    key = (g.size, g.small_world)
    table = _EXITS.get(key)
    if table is None:
        table = _EXITS[key] = tuple(
            tuple(tuple(b << 4 | entry for _, exit_, entry, b in g.links[a] if MASKS[code] & exit_)
                  for code in range(len(MASKS))) for a in range(g.size * g.size))
    return table


class _Ways:
    """The geometry ``_spread`` read last, its exits and neighbourhoods."""

    __slots__ = ("g", "exits", "around")

    def __init__(self, g: Geometry | None, exits: Exits, around: tuple[int, ...]) -> None:
        self.g, self.exits, self.around = g, exits, around


_WAYS: Final = _Ways(None, (), ())


def _spread(board: tuple[int, ...], g: Geometry, start: int, steps: int,
            terminal: int) -> tuple[list[int], list[int], int, int]:
    """``reach`` without the paths, from a start that counts as entered: the squares in the order entered,
    their steps, their bit set, and the bit set of every square whose tile it read (a change elsewhere
    cannot change its result)."""
    order = [start]
    levels = [0]
    seen = 1 << start
    reads = 0
    ways = _WAYS
    if ways.g is not g:
        ways.g, ways.exits, ways.around = g, _exits(g), _AROUND[g.size, g.small_world]
    exits, around, masks = ways.exits, ways.around, MASKS
    lo = 0
    for k in range(1, steps + 1):
        hi = len(order)
        for i in range(lo, hi):
            a = order[i]
            code = board[a]
            if a != start and (STOPS[code] or terminal >> a & 1):
                continue
            reads |= around[a]
            for way in exits[a][code]:
                b = way >> 4
                if not seen >> b & 1 and masks[board[b]] & way & 15:
                    seen |= 1 << b
                    order.append(b)
                    levels.append(k)
        if len(order) == hi:
            break
        lo = hi
    return order, levels, seen, reads


def _landing_of(ctx: _Ctx, board: tuple[int, ...], start: int, steps: int, terminal: int) -> tuple[float, int, int]:
    """The best landing value and square within ``steps``, and the squares read to find it."""
    order, levels, _, reads = _spread(board, ctx.g, start, steps, terminal)
    best, best_sq = -1e300, start
    memo = ctx.memo
    for j, sq in enumerate(order):
        unused = steps - levels[j]
        i = sq * 13 + unused
        v = memo[i]
        if v is None:
            v = memo[i] = ctx.landing(sq, unused)
        if j == 0 or v > best:
            best, best_sq = v, sq
    return best, best_sq, reads


def _harm(board: tuple[int, ...], g: Geometry, start: int, goal: int) -> tuple[float, int]:
    """How far from their goal the leader stays with an average move (larger is better for
    us), and the squares read to find it."""
    order, _, _, reads = _spread(board, g, start, 4, 0)
    man = _MAN[g.size][goal]
    return float(min([man[sq] for sq in order])), reads


def _candidates(view: State, kind: str, near: int) -> Iterator[tuple[Any, Any, int | None]]:
    """(first action, second action, bit set of changed squares) for the targets of ``kind``;
    no changed squares when the change is out of the dillo's reach. Swaps with far tiles keep
    one tile per look."""
    g = geo(view)
    board = view.board
    targets = legal_actions(replace(view, phase="target", kind=kind))
    if kind == "twist":
        for t in targets:
            yield t, None, (1 << t.square if near >> t.square & 1 else None)
    elif kind == "push":
        for t in targets:
            after = pushed(board, g, t.line, t.index, t.toward in "es")
            changed = sum(1 << sq for sq in line_squares(g, t.line, t.index) if after[sq] != board[sq])
            yield t, None, (changed if changed & near else None)
    else:
        squares: list[int] = [t.square for t in targets]
        close = [b for b in squares if near >> b & 1]
        # far tiles: the first of each code in square order (a far tile of the first pick's look is no
        # second pick, and every tile of one code has one look)
        kept = near
        codes: set[int] = set()
        for b in squares:
            code = board[b]
            if not near >> b & 1 and (code < 0 or code not in codes):  # face-down tiles as the view shows them: each its own
                codes.add(code)
                kept |= 1 << b
        for t in targets:
            a: int = t.square
            first = _LOOK[board[a]]
            bit = 1 << a
            # not a legal second pick: a itself, or a tile that looks the same (rules._swap_seconds)
            if near & bit:
                seconds = [b for b in squares if kept >> b & 1 and b != a and (first < 0 or _LOOK[board[b]] != first)]
            else:
                seconds = [b for b in close if first < 0 or _LOOK[board[b]] != first]
            for b in seconds:
                yield t, _SWAP_WITH[b], bit | 1 << b
        if targets:
            head = targets[0]
            picks = legal_actions(replace(view, phase="swap", kind="swap", pending=head.square))
            if picks:
                x: int = head.square
                y: int = picks[-1].square
                yield head, picks[-1], (None if not (near >> x & 1 or near >> y & 1) else 1 << x | 1 << y)


def acted(board: tuple[int, ...], g: Geometry, first, second) -> tuple[int, ...]:
    """The board after an action: a twist, a push, or a swap of ``first`` with ``second``
    (DILLO-11..13); unchanged for no action."""
    if first is None:
        return board
    if type(first) is Twist:
        return _put(board, first.square, twisted(board[first.square], first.clockwise))
    if type(first) is Push:
        return pushed(board, g, first.line, first.index, first.toward in "es")
    return swapped(board, first.square, second.square)


def _put(board: tuple[int, ...], sq: int, code: int) -> tuple[int, ...]:
    out = list(board)
    out[sq] = code
    return tuple(out)


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
                return -WIN, f"unavoidable: the Hunter lands on {possessive(names[seat])} own dillo"
            if hit:
                gain = sum(30 - maps[i][end] for i in hit)
                return 100 + gain, f"send the Hunter onto {' and '.join(possessive(names[i]) for i in hit)} dillo at {g.name(end)}"
            v = -manhattan(g, end, view.pawns[leader]) + 0.3 * manhattan(g, end, view.pawns[seat])
            if end == goal_square(view, leader):
                v += 2
            return v, f"park the Hunter on {g.name(end)}, near {names[leader]} (the leader) and away from {possessive(names[seat])} dillo"
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
    _, sq, o, mine, theirs = best  # type: ignore[misc]  # a drawn tile always has a square and a rotation
    why = (f"{g.name(sq)} {format_action(view, o)}: {possessive(view.table.names[seat])} road to the capitol {mine}, "
           f"the best rival's {theirs}")
    if view.phase == "place":
        return PlaceAt(sq), f"place on {why}"
    return o, f"turn it {why}"
