"""The MCTS heuristic for 'Dillos: an estimate of each seat's chance to win, for a state not yet over.

It finishes the turn under way greedily: before the action it weighs the rule-based bot's
leading plans for each die and action (DILLO-09, DILLO-10); during the move it tries every
square the dillo can still end on (DILLO-14..17), charging a roll-off on the Hunter (DILLO-20)
and the Hunter being steered onto that square with the steps left over (DILLO-18, DILLO-19).
The position reached is judged before the next roll by a conditional logit (a softmax across
seats) of how likely each dillo is to win on its next roll, as its roads stand or with one
road mended, and how far it still has to go.
"""

from __future__ import annotations

import math
from typing import Final

from msgspec.structs import replace

from .board import STOPS, Geometry, distances, geo, longest, mended_distances, moves_from, swapped
from .progress import goal_square
from .rules import capture_square, left_of, legal_actions
from .state import State
from .strategy import _MAN, ROLL_OFF_WIN, acted, plan_groups, reach

__all__ = ["heuristic", "board", "roll_features", "WEIGHTS", "FRESH"]


def _fresh_roll(d: int, hunter_on_goal: bool) -> float:
    """P that a fresh roll lets a dillo ``d`` road steps (one move) from its goal enter it: the
    larger die moves (DILLO-09, DILLO-16); a Hunter on the goal must be beaten (DILLO-20)."""
    if d < 0:
        return 0.0
    total = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            m = max(a, b)
            if m >= d:
                total += ROLL_OFF_WIN[m - d] if hunter_on_goal else 1.0
    return total / 36


FRESH = {(d, h): _fresh_roll(d, h) for d in range(-1, 13) for h in (False, True)}
_FRESH: Final = tuple(FRESH[d, h] for d in range(-1, 13) for h in (False, True))  # FRESH at (d + 1) * 2 + h
MAX_LEFT: Final = 16


class _Maps:
    """Road distances shared by every evaluation of one state: per goal, in one move (stop
    signs end it) and over several; from the Hunter (never through a home, G05)."""

    __slots__ = ("s", "g", "goals", "hunter", "mends", "logits", "rolls", "ends")

    def __init__(self, s: State):
        self.s = s
        self.g: Geometry = geo(s)
        g = self.g
        self.goals: dict[int, tuple[list[int], list[int]]] = {}
        self.hunter: list[int] = distances(s.board, g, s.hunter, through=g.corner_bits)
        self.mends: dict[int, list[int]] = {}
        # a seat's logit by (seat << 6 | square) << 3 | rolls before its own: a move changes one seat's square
        self.logits: dict[int, float] = {}
        self.rolls: dict[tuple[tuple[int, ...], int], list[float]] = {}  # _before_roll by pawns and roller
        self.ends: dict[tuple[int, int], set[int]] = {}  # _hunter_ends on this board by closed squares and steps

    def mended(self, goal: int) -> list[int]:
        m = self.mends.get(goal)
        if m is None:
            m = self.mends[goal] = mended_distances(self.s.board, self.g, goal)
        return m

    def of(self, goal: int) -> tuple[list[int], list[int]]:
        m = self.goals.get(goal)
        if m is None:
            board, g = self.s.board, self.g
            m = self.goals[goal] = (distances(board, g, goal, stops=True), distances(board, g, goal, stops=False))
        return m


# The maps of the roads judged last, by what they read: board, Hunter and capitol marks (a search's leaves
# share them: a dillo's steps change none of these, so its logits are reused too).
_SHARED: Final[dict[tuple, _Maps]] = {}


def _maps(s: State) -> _Maps:
    """The (shared) maps of ``s``'s roads."""
    key = (s.board, s.hunter, s.reached, s.table)
    m = _SHARED.get(key)
    if m is None:
        if len(_SHARED) >= 256:
            _SHARED.clear()
        m = _SHARED[key] = _Maps(s)
    return m


def roll_features(s: State, pawns: tuple[int, ...], roller: int, maps: _Maps | None = None) -> list[tuple[float, ...]]:
    """Per seat, before ``roller`` rolls with the dillos on ``pawns``: (P of winning on its next
    roll if it rolls first, the same if not, steps still to go, rolls before its own, Hunter
    within 3 steps, within 6, the P of winning if one road is mended first if it rolls first,
    the same if not, straight-line steps to go, one step from the goal and not rolling first)."""
    maps = maps or _maps(s)
    n = len(pawns)
    return [_features(s, maps, i, pawns[i], (i - roller) % n) for i in range(n)]


def _features(s: State, maps: _Maps, i: int, p: int, order: int) -> tuple[float, ...]:
    """Seat ``i``'s row of roll_features with its dillo on ``p``, ``order`` rolls before its own."""
    g, table = maps.g, s.table
    goal = goal_square(s, i)
    one, free = maps.of(goal)
    final = table.goal == "capitol" or s.reached[i]
    man = _MAN[g.size]
    straight = man[goal][p]
    left = free[p] if free[p] >= 0 else MAX_LEFT
    left = min(min(left, straight + 3), MAX_LEFT)
    if not final:  # the way home is still to come (DILLO-29/30)
        left += man[g.center][table.homes[i]]
    on_goal = 1 if s.hunter == goal else 0
    fresh = _FRESH[(min(one[p], 12) + 1) * 2 + on_goal] if final else 0.0
    h = maps.hunter[p] if p not in g.corners else -1  # homes are safe (G05)
    mend = _FRESH[(min(maps.mended(goal)[p], 12) + 1) * 2 + on_goal] if final else 0.0
    return (fresh if order == 0 else 0.0, fresh if order else 0.0, float(left), float(order),
            1.0 if 0 < h <= 3 else 0.0, 1.0 if 0 < h <= 6 else 0.0,
            mend if order == 0 else 0.0, mend if order else 0.0, float(straight),
            1.0 if order and final and one[p] == 1 else 0.0)


# Weights of the conditional logit over roll_features, per board size. Fitted value iteration on
# positions before a roll from rule-based self-play (1200 small, 1000 large, two seats): the
# weights are refitted (maximum likelihood, soft targets) to what this module estimates one roll
# later, averaged over the 36 rolls, until they settle, so that the estimate before a roll agrees
# with the estimates after it that the search compares it with. Outcome log-loss at those
# positions: 0.62 small, 0.61 large (a coin: 0.69); see tests/games/dillos/test_estimate.py.
WEIGHTS: Final[dict[int, tuple[float, ...]]] = {
    5: (1.289, -0.157, -0.073, -0.362, -0.0, 0.235, 0.898, 0.59, 0.127, 0.551),
    7: (1.54, -0.072, -0.179, -0.423, 0.203, -0.242, 0.534, 0.44, -0.0, 0.805)}


def _softmax(z: list[float]) -> list[float]:
    top = z[0]  # max(z), without looking the builtin up at every call
    for v in z:
        if v > top:
            top = v
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return [v / total for v in e]


def _before_roll(s: State, pawns: tuple[int, ...], roller: int, maps: _Maps) -> list[float]:
    """The estimate before ``roller`` rolls with the dillos on ``pawns`` (kept with the maps: read it, do not
    change it)."""
    got = maps.rolls.get((pawns, roller))
    if got is not None:
        return got
    w, logits, n = WEIGHTS[s.table.size], maps.logits, len(pawns)
    z = []
    for i, p in enumerate(pawns):
        order = (i - roller) % n
        key = (i << 6 | p) << 3 | order
        v = logits.get(key)
        if v is None:
            f = _features(s, maps, i, p, order)
            # the builtin sum of a list, as before (a sum over a generator mypyc would turn into its own loop)
            acc = sum([w[j] * f[j] for j in range(len(w))])
            logits[key] = acc
            z.append(acc)
        else:
            z.append(v)
    got = maps.rolls[pawns, roller] = _softmax(z)
    return got


def _ends(maps: _Maps, closed: int, steps: int) -> set[int]:
    """``_hunter_ends`` from the Hunter's square on the maps' board (kept with them)."""
    got = maps.ends.get((closed, steps))
    if got is None:
        s = maps.s
        got = maps.ends[closed, steps] = _hunter_ends(s.board, maps.g, s.hunter, closed, steps)
    return got


def _hunter_ends(board: tuple[int, ...], g: Geometry, start: int, closed: int, steps: int) -> set[int]:
    """Where the Hunter may stop: the ends of its longest legal paths (G05)."""
    target = longest(board, g, start, closed, steps)
    out: set[int] = set()

    def walk(a: int, closed: int, depth: int) -> None:
        if depth == target:
            out.add(a)
            return
        if depth and STOPS[board[a]]:
            return
        for _, b in moves_from(board, g, a, closed):
            walk(b, closed | 1 << b, depth + 1)

    walk(start, closed, 0)
    return out


def _after_move(s: State, maps: _Maps, seat: int, closed: int, steps: int,
                boards: list[tuple[int, ...]] | None = None) -> list[float]:
    """The returns if ``seat`` ends its move on its best square, the Hunter's threat and a lost
    roll-off weighed in (DILLO-18, DILLO-19, DILLO-20); with ``boards``, on the best of those
    boards (the squares are still judged by today's roads)."""
    g = maps.g
    pawns = s.pawns
    n = len(pawns)
    roller = left_of(s, seat)
    win = s.table.goal == "capitol" or s.reached[seat]
    goal = goal_square(s, seat)
    won = [1.0 if i == seat else 0.0 for i in range(n)]
    home = list(pawns)
    home[seat] = capture_square(s, seat)
    caught = _before_roll(s, tuple(home), roller, maps)
    judged: dict[int, list[float]] = {}
    best, best_v = caught, -1.0
    # every square the dillo can end its move on (DILLO-14..17): stop signs, the Hunter and
    # other dillos end a path (a roll-off or a battle, DILLO-20/22)
    hunter, start, corners, near = s.hunter, pawns[seat], g.corners, maps.hunter
    blockers = sum(1 << q for j, q in enumerate(pawns) if j != seat) | 1 << hunter
    for board in boards or (s.board,):
        hunter_stops: dict[int, set[int]] = {}  # where the Hunter may stop, by steps
        for sq, k in reach(board, g, start, closed, steps, blockers, False)[0].items():
            unused = steps - k
            if win and sq == goal and sq != hunter:
                return won
            if sq != start and sq in pawns:
                continue  # a battle: left to the search
            value = judged.get(sq)
            if value is None:
                moved = list(pawns)
                moved[seat] = sq
                value = judged[sq] = _before_roll(s, tuple(moved), roller, maps)
            if sq == hunter:  # a roll-off: win and stay (or win outright), lose and be captured
                p = ROLL_OFF_WIN[min(unused, 12)]
                stay = won if win and sq == goal else value
                value = [p * a + (1 - p) * b for a, b in zip(stay, caught)]
            elif unused and sq not in corners and 0 < near[sq] <= unused:
                ends = hunter_stops.get(unused)
                if ends is None:
                    closed_h = g.corner_bits | 1 << s.hunter
                    ends = hunter_stops[unused] = (_ends(maps, closed_h, unused) if board is s.board
                                                   else _hunter_ends(board, g, s.hunter, closed_h, unused))
                if sq in ends:  # the left player steers the Hunter here with the rest (DILLO-18)
                    value = caught
            if value[seat] > best_v:
                best, best_v = value, value[seat]
    return best


def _after_hunter(s: State, maps: _Maps) -> list[float]:
    """The returns once the controller stops the Hunter where it serves them best (DILLO-19)."""
    g = maps.g
    ends = _ends(maps, s.visited | g.corner_bits, s.steps) or {s.hunter}
    roller = left_of(s, s.active)
    best, best_v = None, -1.0
    for sq in ends:
        pawns = tuple(capture_square(s, i) if p == sq else p for i, p in enumerate(s.pawns))
        value = _before_roll(s, pawns, roller, maps)
        if value[s.controller] > best_v:
            best, best_v = value, value[s.controller]
    return best  # type: ignore[return-value]  # never None: ends is never empty and every value is >= 0


# The mover's log-odds are shifted by these amounts, by phase, so that each phase's estimate
# matches on average how often the mover went on to win in rule-based self-play.
SHIFT: Final = {"plan": -0.1, "hunter-act": -0.5, "hunter-end": 0.35}
PLAN_K: Final = 3


def _shift(v: list[float], seat: int, by: float) -> list[float]:
    """``v`` with ``seat``'s log-odds raised by ``by``."""
    return _softmax([math.log(max(x, 1e-9)) + (by if i == seat else 0.0) for i, x in enumerate(v)])


_AFTER: Final[dict[tuple, list[float]]] = {}  # _after_action by what it reads: every roll of one board asks again


def _after_action(s: State, seat: int, die: int, first, second) -> list[float]:
    """The returns once ``seat`` has acted with ``die`` (first, second: the action's picks)."""
    board = acted(s.board, geo(s), first, second)
    steps = s.dice[0] + s.dice[1] - die
    key = (board, s.pawns, s.hunter, s.reached, s.table, seat, steps)
    got = _AFTER.get(key)
    if got is None:
        if len(_AFTER) >= 4096:
            _AFTER.clear()
        after = replace(s, board=board, phase="move", act_die=die, steps=steps, visited=1 << s.pawns[seat], pending=-1)
        got = _AFTER[key] = _after_move(after, _maps(after), seat, after.visited, steps)
    return got


def _planned(s: State, seat: int) -> list[float]:
    """The best of the rule-based bot's leading plans for each die and action (ties not broken
    by hindering the leader, which this judgement does not see), judged here."""
    groups = []
    for die, kind, top in plan_groups(s, seat, hinder=False, best=PLAN_K):
        if s.phase in ("kind", "target") and die != s.act_die or s.phase == "target" and kind != s.kind:
            continue
        if top:
            groups.append((die, top))
    # the groups by their best score, ties in plan order (as all the plans sorted together would meet them)
    groups.sort(key=lambda g: g[1][0][0], reverse=True)
    best, best_v = None, -1.0
    for die, top in groups:
        for _, first, second, _ in top:
            v = _after_action(s, seat, die, first, second)
            if v[seat] > best_v:
                best, best_v = v, v[seat]
    return best if best is not None else _before_roll(s, s.pawns, left_of(s, seat), _maps(s))


def board(view: State) -> str:
    """The board a view is played on, which keys the search's presets (``INFO.board_tuning``)."""
    return "small" if view.table.size == 5 else "large"


def heuristic(s: State) -> list[float] | None:
    """An estimate of returns for a game not yet over: the move under way finished on its best
    square, then each seat's chance to win on its next roll and the steps it still has to go."""
    if s.phase == "over":
        return None
    return list(_judged(s))  # a list of the caller's own: the maps keep theirs


def _judged(s: State) -> list[float]:
    ph = s.phase
    a = s.active
    if ph in ("die", "kind", "target"):
        return _shift(_planned(s, a), a, SHIFT["plan"])
    if ph == "hunter" and s.then == "act":
        return _shift(_planned(s, a), a, SHIFT["hunter-act"])
    maps = _maps(s)
    if ph == "move":
        return _after_move(s, maps, a, s.visited, s.steps)
    if ph == "swap":  # the first tile is picked: judge the best second pick (DILLO-12)
        boards = [swapped(s.board, s.pending, w.square) for w in legal_actions(s)]
        return _after_move(s, maps, a, 1 << s.pawns[a], s.dice[0] + s.dice[1] - s.act_die, boards)
    if ph == "hunter":
        return _shift(_after_hunter(s, maps), s.controller, SHIFT["hunter-end"])
    if ph in ("place", "orient", "setup"):
        return _before_roll(s, s.pawns, s.table.first, maps)
    return _before_roll(s, s.pawns, left_of(s, a), maps)
