"""The rules of 'Dillos In Austin: configure, setup, whose decision it is, what is legal, and
deciding an action with everything automatic that follows it.

A turn is split into small decisions (DESIGN: small legal action lists for MCTS): choose the
die for the action, then the action, then its target (a swap takes two picks), then each step
of the dillo or ``stop``. The Hunter and a battle's loser are moved one step per decision by
whoever steers them, which may be another seat mid-turn. A decision with a single legal
action is taken automatically.
"""

from __future__ import annotations

from typing import Any, Final

from dinocli.events import Rng

from ..grammar import does, their
from ..assembly import LastLegal
from ..options import check_options, check_seats, pick_variants, seat_number, whole_number
from ..protocol import BadConfig, Config, IllegalAction
from .actions import (
    STEPS, STOP, Orient, PickAction, PickDie, PlaceAt, Push, Step, Stop, SwapFrom, SwapWith, Twist,
)
from .board import FACEDOWN, MASKS, STOPS, UNKNOWN, geo, longest, moves_from, to_flip, twisted
from .data import ACTIONS, BOARDS, CHART, DIR_NAMES, MAX_ROUNDS, VACANT, code_of, shape_rotations
from .events import (
    ActionChosen, ActionSkipped, BattleFought, CapitolReached, DiceRolled, DieChosen,
    DilloCaptured, DilloMoved, DilloPushed, GameCapped, GameWon, HunterMoved, HunterStopped,
    HunterTaken, LinePushed, MoveEnded, PushBegun, PushEnded, RollOffRolled, SquareChosen,
    SwapPicked, TileDrawn, TileFlipped, TilePlaced, TilesLaid, TilesSwapped, TileTwisted,
    TurnEnded, TurnStarted,
)
from .fold import ARMS
from .state import DECISIONS, State, default_homes, initial

__all__ = [
    "VARIANTS", "configure", "setup", "to_move", "legal_actions", "decide", "advance", "play", "returns", "scores",
    "left_of", "capture_square", "hunter_directions", "push_directions", "explain",
]

VARIANTS = {
    "small": "play on the small 5x5 board with 20 tiles instead of the large 7x7 (DILLO-02)",
    "city-planning": "players draw tiles from the bag in turn and place them where they like (DILLO-27)",
    "houston": "tiles start face down and flip when a pawn comes next to them (DILLO-28)",
    "home-again": "reach the capitol, then get home; captured after the capitol: back to the capitol (DILLO-29)",
    "again-home": "reach the capitol, then get home; captured after the capitol: to the opposite corner (DILLO-30)",
    "small-world": "the tiles at the centre of each side wrap around to the opposite side (DILLO-31)",
}
CONFLICTS = (
    ("home-again", "again-home", "they send a captured dillo to different places"),
    ("city-planning", "houston", "City Planning places tiles face up, Houston face down"),
)
CORNERS = ("nw", "ne", "se", "sw")


def configure(names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
    """Validate seats (2-4, DILLO-32, G01), variants and options; fill in homes and first seat."""
    names = check_seats("dillos", names, 2, 4, "one per corner, DILLO-32, G01")
    chosen = pick_variants("dillos", variants, VARIANTS, conflicts=CONFLICTS)
    opts = check_options("dillos", options, ("first", "homes", "max_rounds"))
    first = seat_number("first", opts.get("first", 0), names)
    rounds = whole_number("max_rounds", opts.get("max_rounds", MAX_ROUNDS), 1, 200)
    homes = opts.get("homes", default_homes(len(names)))
    if isinstance(homes, str):
        homes = [h.strip() for h in homes.split(",")]
    try:
        homes = tuple(CORNERS.index(h) if isinstance(h, str) else int(h) for h in homes)
    except (ValueError, TypeError):
        raise BadConfig(f"option homes: give one corner per seat from {'/'.join(CORNERS)}, e.g. 'nw,se'") from None
    if len(homes) != len(names) or len(set(homes)) != len(homes) or not all(0 <= h < 4 for h in homes):
        raise BadConfig(f"option homes: give {len(names)} different corners from {'/'.join(CORNERS)} (DILLO-04)")
    return Config(names=names, variants=chosen, options={"first": first, "homes": list(homes), "max_rounds": rounds})


def left_of(s: State, seat: int) -> int:
    """The player to the left, who steers the Hunter (DILLO-08, DILLO-18; G01 with two players)."""
    return (seat + 1) % len(s.pawns)


def to_move(s: State) -> int | None:
    """Whose decision it is: the active seat, or whoever steers the Hunter or a pushed dillo."""
    if s.phase == "over":
        return None
    if s.phase in ("hunter", "push"):
        return s.controller
    return s.active


# ---------------------------------------------------------------------------- legal actions


def _occupied(s: State) -> int:
    bits = 1 << s.hunter
    for p in s.pawns:
        bits |= 1 << p
    return bits


def _twist_senses() -> tuple[tuple[bool, ...], ...]:
    out: list[tuple[bool, ...]] = [()] * 128
    for code in range(FACEDOWN):
        m, cw, ccw = MASKS[code], MASKS[twisted(code, True)], MASKS[twisted(code, False)]
        out[code] = tuple(sense for sense, after in ((True, cw), (False, ccw)) if after != m and (sense or ccw != cw))
    for code in range(FACEDOWN, 2 * FACEDOWN):
        out[code] = (True, False)
    out[UNKNOWN] = (True, False)
    return tuple(out)


# Which ways each tile code may be twisted (DILLO-11, G10): a face-up X looks the same after a
# twist and a straight looks the same either way, so those are not offered twice; a face-down
# tile turns blind either way (G12).
TWIST_SENSES: Final = _twist_senses()
_TWIST: Final = {(sq, cw): Twist(sq, cw) for sq in range(49) for cw in (True, False)}
# per square and tile code, its twists in the senses offered
_TWISTS_AT: Final = tuple(tuple(tuple(_TWIST[sq, cw] for cw in senses) for senses in TWIST_SENSES) for sq in range(49))
_PICK_DIE: Final = tuple(PickDie(d) for d in range(7))  # actions are plain values: one of each, shared
_PICK_ACTION: Final = {k: PickAction(k) for k in ACTIONS}
_SWAP_FROM: Final = tuple(SwapFrom(sq) for sq in range(49))
_SWAP_WITH: Final = tuple(SwapWith(sq) for sq in range(49))
_PUSH: Final = {(line, i, t): Push(line, i, t)
                 for line, dirs in (("row", "ew"), ("col", "ns")) for i in range(7) for t in dirs}


def _looks(code: int, sq: int) -> tuple[int, int]:
    """What a tile looks like; face-down tiles never look alike (they are swapped blind)."""
    if 0 <= code < FACEDOWN:
        return MASKS[code], STOPS[code]
    return -1, sq


# A face-up tile's look packed in one number (roads and stop sign); -1 for a tile that never looks
# like another (face down, unknown: swapped and pushed blind), as ``_looks`` tells them apart.
_LOOK: Final[tuple[int, ...]] = tuple(MASKS[c] << 1 | STOPS[c] if 0 <= c < FACEDOWN else -1 for c in range(128))


def _uniform(board: tuple[int, ...], squares) -> bool:
    """Whether every tile on ``squares`` looks alike (``_looks``), so moving them among themselves changes
    nothing."""
    first = _LOOK[board[squares[0]]]
    if first < 0:
        return len(squares) == 1
    for q in squares:
        if _LOOK[board[q]] != first:
            return False
    return True


# The board, occupied squares and table asked about last, and what the legal actions found there: the choice
# of action, its targets and a swap's second pick ask about one board again and again (and so does the rule
# bot, for each die and action).
_AT: Final[list] = [None, -1, None, {}]


def _at(s: State) -> tuple[int, dict]:
    """The occupied squares of ``s`` and what was found on its board with them."""
    occ = _occupied(s)
    at = _AT
    if at[0] is not s.board or at[1] != occ or at[2] is not s.table:
        at[:] = s.board, occ, s.table, {}
    return occ, at[3]


def _twists(s: State) -> list[Twist]:
    """Turns of unoccupied tiles that change the board (DILLO-11, A06, G10)."""
    occ, found = _at(s)
    got = found.get("twist")
    if got is None:
        board = s.board
        got = found["twist"] = [tw for sq in geo(s).roads if not occ >> sq & 1 for tw in _TWISTS_AT[sq][board[sq]]]
    return got[:]


def _swap_squares(s: State) -> list[int]:
    """Unoccupied road squares (DILLO-12, A06; kept: read it, do not change it)."""
    occ, found = _at(s)
    got = found.get("free")
    if got is None:
        got = found["free"] = [sq for sq in geo(s).roads if not occ >> sq & 1]
    return got


def _swappable(s: State) -> bool:
    """Whether a swap changes the board: some unoccupied tile must look different."""
    occ, found = _at(s)
    got = found.get("swap")
    if got is None:
        squares = _swap_squares(s)
        got = found["swap"] = bool(squares) and not _uniform(s.board, squares)
    return got


def _swap_firsts(s: State) -> list[SwapFrom]:
    """First picks of a swap that changes the board."""
    if _swappable(s):
        return [_SWAP_FROM[sq] for sq in _swap_squares(s)]
    return []


def _swap_seconds(s: State) -> list[SwapWith]:
    """Second picks: any other unoccupied tile that looks different from the first."""
    board, pending = s.board, s.pending
    first = _LOOK[board[pending]]
    if first < 0:  # a face-down first tile looks like no other
        return [_SWAP_WITH[sq] for sq in _swap_squares(s) if sq != pending]
    return [_SWAP_WITH[sq] for sq in _swap_squares(s) if sq != pending and _LOOK[board[sq]] != first]


def _pushable(s: State, occ: int, squares: tuple[int, ...], bits: int) -> bool:
    """A line may be pushed if no pawn is on its road squares (G09) and the push changes it
    (a line of identical face-up tiles would not)."""
    return not occ & bits and not _uniform(s.board, squares)


def _pushes(s: State) -> list[Push]:
    """Rows east/west and columns north/south whose road squares are all unoccupied (DILLO-13, G09)."""
    occ, found = _at(s)
    got = found.get("push")
    if got is None:
        got = found["push"] = [_PUSH[axis, i, t] for axis, i, sqs, bits in geo(s).lines
                               if _pushable(s, occ, sqs, bits) for t in ("ew" if axis == "row" else "ns")]
    return got[:]


def _targets(s: State, kind: str) -> list:
    if kind == "twist":
        return _twists(s)
    if kind == "swap":
        return _swap_firsts(s)
    return _pushes(s)


def _has_target(s: State, kind: str) -> bool:
    if kind == "swap":
        return _swappable(s)
    occ, found = _at(s)
    got = found.get(kind)
    if got is not None:
        return bool(got)
    if kind == "push":
        return any(_pushable(s, occ, sqs, bits) for _, _, sqs, bits in geo(s).lines)
    board = s.board
    return any(not occ >> sq & 1 and TWIST_SENSES[board[sq]] for sq in geo(s).roads)


def _maximal(s: State, start: int, closed: int) -> list[int]:
    """Directions that begin a longest legal path from ``start`` within the steps left: the
    Hunter and a battle loser move exactly N if they can, else as far as they can (G05, G07)."""
    if s.steps <= 0:
        return []
    board = s.board
    if s.visited & (s.visited - 1) and STOPS[board[start]]:
        return []  # entered a stop sign: movement over (DILLO-15)
    g = geo(s)
    best, out = 0, []
    for d, q in moves_from(board, g, start, closed):
        length = 1 if STOPS[board[q]] or s.steps == 1 else 1 + longest(board, g, q, closed | 1 << q, s.steps - 1)
        if length > best:
            best, out = length, [d]
        elif length == best:
            out.append(d)
    return out


def hunter_directions(s: State) -> list[int]:
    """Where the Hunter may step next: never into a home corner (G05), never twice into a square."""
    return _maximal(s, s.hunter, s.visited | geo(s).corner_bits)


def push_directions(s: State) -> list[int]:
    """Where a battle loser may be moved next: not into the capitol nor another dillo's square (G07)."""
    g = geo(s)
    closed = s.visited | 1 << g.center
    for seat, p in enumerate(s.pawns):
        if seat != s.pushed:
            closed |= 1 << p
    return _maximal(s, s.pawns[s.pushed], closed)


_LAST: Final = LastLegal()


def legal_actions(s: State) -> list:
    """Every legal action of the seat to move, in a stable order."""
    return _LAST.legal(s, _legal)


def _legal(s: State) -> list:
    """The legal actions, built afresh."""
    ph = s.phase
    if ph == "move":
        g = geo(s)
        return [STEPS[d] for d, _ in moves_from(s.board, g, s.pawns[s.active], s.visited)] + [STOP]
    if ph == "hunter":
        return [STEPS[d] for d in hunter_directions(s)]
    if ph == "push":
        return [STEPS[d] for d in push_directions(s)]
    if ph == "die":
        return [_PICK_DIE[d] for d in sorted(set(s.dice))]
    if ph == "kind":
        return [_PICK_ACTION[k] for k in CHART[s.act_die] if _has_target(s, k)]
    if ph == "target":
        return _targets(s, s.kind)
    if ph == "swap":
        return _swap_seconds(s)
    if ph == "place":
        return [PlaceAt(sq) for sq in geo(s).roads if s.board[sq] == VACANT]
    if ph == "orient":
        return [Orient(r) for r in shape_rotations(s.drawn)]
    return []


# ---------------------------------------------------------------------------- deciding


class _Log:
    """Events of one decision, each recorded and folded by its arm as it is emitted, so later rules see its
    effect."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list = []

    def emit(self, s: State, kind: type, *fields) -> State:
        """Record the event ``kind(*fields)`` and fold it by its arm."""
        self.events.append(kind(*fields))
        return ARMS[kind](s, *fields)


class _Sim(_Log):
    """The same decisions simulated: each event folded by its arm, none built (what a search plays)."""

    __slots__ = ()

    def emit(self, s: State, kind: type, *fields) -> State:
        """Fold the event ``kind(*fields)`` by its arm without making it."""
        return ARMS[kind](s, *fields)


def setup(config: Config, rng: Rng) -> list:
    """Lay the tiles at random in random orientations (DILLO-03, G03), or start City Planning
    (DILLO-27); then the first turn begins (DILLO-06)."""
    s = initial(config)
    log = _Log()
    if not s.table.city_planning:
        g = geo(s)
        kinds = rng.shuffle(BOARDS["small" if s.table.size == 5 else "large"][1], "layout")
        board = list(s.board)
        for kind, sq in zip(kinds, g.roads):
            board[sq] = code_of(kind, rng.below(4, "rotation", sq)) | (FACEDOWN if s.table.houston else 0)
        s = log.emit(s, TilesLaid, tuple(board))
        s = _flips(s, log)
    _advance(s, rng, log)
    return log.events


def decide(s: State, action, rng: Rng) -> list:
    """Validate an action (IllegalAction says why not) and resolve it and everything
    automatic after it, up to the next decision or the end of the game."""
    return advance(s, action, rng)[1]


def advance(s: State, action, rng: Rng) -> tuple[State, list]:
    """``decide``, and the state its events lead to (folded on the way)."""
    log = _Log()
    return _resolve(s, action, rng, log), log.events


_SIM: Final = _Sim()  # it keeps nothing: one serves every play


def play(s: State, action, rng: Rng) -> State:
    """The state ``advance`` leads to, the same rules folding the same changes, without building the events
    (what a search simulates)."""
    return _resolve(s, action, rng, _SIM)


def _resolve(s: State, action, rng: Rng, log: _Log) -> State:
    """Validate an action and resolve it and everything automatic after it."""
    if action not in _LAST.of(s, legal_actions):
        raise IllegalAction(explain(s, action))
    return _advance(_apply(s, action, rng, log), rng, log)


def _apply(s: State, a, rng: Rng, log: _Log) -> State:
    """Record one decision and what follows from it at once."""
    ph = s.phase
    g = geo(s)
    if ph == "move":
        if type(a) is Stop:
            return _end_move(s, log)
        sq = g.neighbours[s.pawns[s.active]][DIR_NAMES.index(a.direction)]
        s = _flips(log.emit(s, DilloMoved, s.active, sq), log)
        return _after_step(s, sq, rng, log)
    if ph == "hunter":
        sq = g.neighbours[s.hunter][DIR_NAMES.index(a.direction)]
        return _flips(log.emit(s, HunterMoved, s.controller, sq), log)
    if ph == "push":
        sq = g.neighbours[s.pawns[s.pushed]][DIR_NAMES.index(a.direction)]
        return _flips(log.emit(s, DilloPushed, s.controller, s.pushed, sq), log)
    if ph == "die":
        return log.emit(s, DieChosen, s.active, a.die)
    if ph == "kind":
        return log.emit(s, ActionChosen, s.active, a.action)
    if ph == "target":
        if type(a) is Twist:
            return log.emit(s, TileTwisted, s.active, a.square, a.clockwise)
        if type(a) is SwapFrom:
            return log.emit(s, SwapPicked, s.active, a.square)
        return _flips(log.emit(s, LinePushed, s.active, a.line, a.index, a.toward), log)
    if ph == "swap":
        return _flips(log.emit(s, TilesSwapped, s.active, s.pending, a.square), log)
    if ph == "place":
        return log.emit(s, SquareChosen, s.active, a.square)
    if ph == "orient":
        return log.emit(s, TilePlaced, s.active, s.pending, code_of(s.drawn, a.rotation))
    raise IllegalAction("the game is over")


def _advance(s: State, rng: Rng, log: _Log) -> State:
    """Resolve everything automatic (dice, forced single choices, ends of movement, next turn)
    until a seat has a real choice or the game is over."""
    while True:
        ph = s.phase
        if ph == "hunter":
            dirs = hunter_directions(s)
            if not dirs:
                s = _hunter_stopped(s, log)
            elif len(dirs) == 1:
                s = _apply(s, STEPS[dirs[0]], rng, log)
            else:
                _LAST.keep(s, [STEPS[d] for d in dirs])  # the caller asks for them next
                return s
        elif ph == "push":
            dirs = push_directions(s)
            if not dirs:
                s = _push_done(s, log)
            elif len(dirs) == 1:
                s = _apply(s, STEPS[dirs[0]], rng, log)
            else:
                _LAST.keep(s, [STEPS[d] for d in dirs])
                return s
        elif ph == "roll":
            dice = (rng.below(6, "dice", s.turn, 0) + 1, rng.below(6, "dice", s.turn, 1) + 1)
            s = log.emit(s, DiceRolled, s.active, dice)
            if dice[0] == dice[1]:  # DILLO-08: doubles, the left player moves the Hunter first
                s = log.emit(s, HunterTaken, left_of(s, s.active), dice[0], "act")
        elif ph == "end":
            if s.turn >= s.table.max_rounds * len(s.pawns):
                s = log.emit(s, GameCapped, s.turn)
            else:
                s = log.emit(s, TurnStarted, left_of(s, s.active), s.turn + 1)
        elif ph == "setup":
            if s.bag:  # City Planning (G13): first player first, then clockwise
                placed = len(geo(s).roads) - len(s.bag)
                seat = (s.table.first + placed) % len(s.pawns)
                s = log.emit(s, TileDrawn, seat, s.bag[rng.below(len(s.bag), "bag", placed)])
            else:
                s = log.emit(s, TurnStarted, s.table.first, 1)
        elif ph == "over":
            return s
        elif ph in DECISIONS:
            legal = legal_actions(s)
            if len(legal) > 1:
                return s
            if legal:
                s = _apply(s, legal[0], rng, log)
            elif ph == "kind":  # nothing the die allows is possible: skip the action (G11)
                s = log.emit(s, ActionSkipped, s.active, s.act_die)
            else:
                raise AssertionError(f"no legal action in phase {ph}")
        else:
            raise AssertionError(f"unexpected phase {ph}")


def _flips(s: State, log: _Log) -> State:
    """Houston: turn up every face-down tile next to a pawn (DILLO-28, G12)."""
    if not s.table.houston:
        return s
    for sq in to_flip(s.board, geo(s), (*s.pawns, s.hunter)):
        s = log.emit(s, TileFlipped, sq, s.board[sq] & (FACEDOWN - 1))
    return s


def capture_square(s: State, seat: int) -> int:
    """Where a captured dillo goes: home (DILLO-19), or once it has landed on the capitol, the
    capitol (DILLO-29) or the opposite corner (DILLO-30). A placement, not a landing (G15)."""
    home = s.table.homes[seat]
    if s.reached[seat]:
        if s.table.goal == "home-again":
            return geo(s).center
        if s.table.goal == "again-home":
            return geo(s).opposite_corner(home)
    return home


def _capture(s: State, seat: int, log: _Log) -> State:
    return _flips(log.emit(s, DilloCaptured, seat, capture_square(s, seat)), log)


def _wins_on_entering(s: State, seat: int, sq: int) -> bool:
    """Entering the capitol wins (DILLO-26, A05); in the home-again variants entering your own
    home after landing on the capitol wins (DILLO-29, DILLO-30, G15)."""
    if s.table.goal == "capitol":
        return sq == geo(s).center
    return s.reached[seat] and sq == s.table.homes[seat]


def _arrive(s: State, seat: int, log: _Log) -> State:
    """The dillo entered its square by its own movement and won the conflict there: win, or
    mark the capitol reached."""
    if _wins_on_entering(s, seat, s.pawns[seat]):
        return log.emit(s, GameWon, seat)
    return _mark_capitol(s, seat, log)


def _mark_capitol(s: State, seat: int, log: _Log) -> State:
    """Home-again variants: a dillo whose own movement ends on the capitol has landed there (A03)."""
    if s.pawns[seat] == geo(s).center and not s.reached[seat]:
        s = log.emit(s, CapitolReached, seat)
    return s


def _after_step(s: State, sq: int, rng: Rng, log: _Log) -> State:
    """What entering ``sq`` does: roll-off with the Hunter (A03), battle with a dillo (DILLO-22),
    a win, or a stop sign / spent allowance ending the move (DILLO-15, DILLO-16)."""
    seat = s.active
    if sq == s.hunter:
        s = log.emit(s, MoveEnded, seat, s.steps)
        return _roll_off(s, rng, log)
    for k in range(1, len(s.pawns)):
        rival = (seat + k) % len(s.pawns)
        if s.pawns[rival] == sq:
            s = log.emit(s, MoveEnded, seat, s.steps)
            return _battle(s, rival, rng, log)
    if _wins_on_entering(s, seat, sq):
        return log.emit(log.emit(s, MoveEnded, seat, s.steps), GameWon, seat)
    if STOPS[s.board[sq]] or s.steps == 0:
        return _end_move(s, log)
    return s


def _end_move(s: State, log: _Log) -> State:
    """The dillo stops; unused movement goes to the left player for the Hunter (DILLO-18)."""
    seat, unused = s.active, s.steps
    s = _mark_capitol(log.emit(s, MoveEnded, seat, unused), seat, log)
    if unused > 0:
        return log.emit(s, HunterTaken, left_of(s, seat), unused, "end")
    return log.emit(s, TurnEnded, seat)


def _roll_off(s: State, rng: Rng, log: _Log) -> State:
    """Landing on the Hunter (DILLO-20, DILLO-21, G06, A04): 1d6 + unused against the left
    player's 1d6. Higher: you move the Hunter max(unused, difference). Otherwise captured.
    Either way the unused movement is spent here."""
    seat = s.active
    rival = left_of(s, seat)
    unused = s.steps
    mine = rng.below(6, "rolloff", s.turn, 0) + 1
    theirs = rng.below(6, "rolloff", s.turn, 1) + 1
    s = log.emit(s, RollOffRolled, seat, rival, mine, unused, theirs)
    if mine + unused > theirs:
        s = _arrive(s, seat, log)
        if s.phase == "over":
            return s
        return log.emit(s, HunterTaken, seat, max(unused, mine + unused - theirs), "end")
    return log.emit(_capture(s, seat, log), TurnEnded, seat)


def _battle(s: State, rival: int, rng: Rng, log: _Log) -> State:
    """A Dillo Battle (DILLO-22, G07): both roll 2d6, ties rerolled; the winner then moves the
    loser by the difference, one step per decision."""
    seat = s.active
    rolls: list[tuple[int, ...]] = []
    while True:
        r = tuple(rng.below(6, "battle", s.turn, len(rolls), i) + 1 for i in range(4))
        rolls.append(r)
        if r[0] + r[1] != r[2] + r[3]:
            break
    s = log.emit(s, BattleFought, seat, rival, tuple(rolls))
    mine, theirs = r[0] + r[1], r[2] + r[3]
    winner, loser = (seat, rival) if mine > theirs else (rival, seat)
    return log.emit(s, PushBegun, winner, loser, abs(mine - theirs), s.steps)


def _push_done(s: State, log: _Log) -> State:
    """After the forced move: a loser left on the Hunter goes home (DILLO-24); a winning mover
    has arrived; the mover's allowance left goes to the Hunter (G08)."""
    winner, loser = s.controller, s.pushed
    s = log.emit(s, PushEnded, winner, loser)
    if s.pawns[loser] == s.hunter:
        s = _capture(s, loser, log)
    seat = s.active
    if winner == seat:
        s = _arrive(s, seat, log)
        if s.phase == "over":
            return s
    if s.leftover > 0:
        return log.emit(s, HunterTaken, left_of(s, seat), s.leftover, "end")
    return log.emit(s, TurnEnded, seat)


def _hunter_stopped(s: State, log: _Log) -> State:
    """The Hunter's move is over: every dillo it landed on is captured (DILLO-19, A03)."""
    then = s.then
    s = log.emit(s, HunterStopped, s.controller, s.hunter)
    for seat, p in enumerate(s.pawns):
        if p == s.hunter:
            s = _capture(s, seat, log)
    if then == "end":
        s = log.emit(s, TurnEnded, s.active)
    return s


# ---------------------------------------------------------------------------- results


def returns(s: State) -> list[float]:
    """1 for the winner; a capped game is a draw shared by all (even shares while unfinished)."""
    n = len(s.pawns)
    if s.winner >= 0:
        return [1.0 if i == s.winner else 0.0 for i in range(n)]
    return [1.0 / n] * n


def scores(s: State) -> list[float]:
    """1 for the winner, 0 for everyone else."""
    return [1.0 if i == s.winner else 0.0 for i in range(len(s.pawns))]


# ---------------------------------------------------------------------------- explanations


def explain(s: State, a) -> str:
    """One line saying why an action is not legal now."""
    g = geo(s)
    who = s.table.names[m] if (m := to_move(s)) is not None else ""
    if s.phase == "over":
        return "the game is over"
    expected = {
        "place": (PlaceAt, f"{who} must choose a vacant square for the drawn tile"),
        "orient": (Orient, f"{who} must choose how the placed tile's roads point"),
        "die": (PickDie, f"{who} must choose the die for the action: act {s.dice[0]} or act {s.dice[1]}"),
        "kind": (PickAction, f"{who} must choose the action: {'/'.join(k for k in CHART.get(s.act_die, ()))}"),
        "target": ({"twist": Twist, "swap": SwapFrom, "push": Push}.get(s.kind), f"{who} must choose where to {s.kind}"),
        "swap": (SwapWith, f"{who} must choose the second tile to swap with {g.name(s.pending) if s.pending >= 0 else ''}"),
        "move": ((Step, Stop), f"{does(who, 'be')} moving {their(who)} dillo ({s.steps} steps left): step or stop"),
        "hunter": (Step, f"{does(who, 'be')} moving the Hunter ({s.steps} steps left)"),
        "push": (Step, f"{does(who, 'be')} moving the battle's loser ({s.steps} steps left)"),
    }
    kind, prompt = expected.get(s.phase, (None, "no decision is pending"))
    if kind is None or not isinstance(a, kind):
        return f"not now: {prompt}"
    if isinstance(a, PickDie):
        return f"no die shows {a.die}; {prompt}"
    if isinstance(a, PickAction):
        if a.action not in ACTIONS or a.action not in CHART[s.act_die]:
            return f"a {s.act_die} allows only {' or '.join(CHART[s.act_die])} (DILLO-10)"
        return f"there is nothing to {a.action}: every candidate is occupied or would not change the board"
    if isinstance(a, (Twist, SwapFrom, SwapWith)):
        sq = a.square
        if not 0 <= sq < len(s.board) or sq in g.fixed:
            return "homes and the capitol have no road tile to move"
        if _occupied(s) >> sq & 1:
            return f"{g.name(sq)} is occupied; only unoccupied tiles may move (A06)"
        if isinstance(a, Twist):
            return f"twisting {g.name(sq)} that way would not change it (G10)"
        if isinstance(a, SwapWith) and sq == s.pending:
            return "swap two different tiles"
        return f"swapping {g.name(sq)} would not change the board"
    if isinstance(a, Push):
        if a.toward not in {"row": ("e", "w"), "col": ("n", "s")}.get(a.line, ()):
            return "rows are pushed east or west, columns north or south (G09)"
        if not 0 <= a.index < g.size:
            return f"there is no such {a.line} on this {g.size}x{g.size} board"
        return f"that {a.line} has a pawn on it; only unoccupied lines may be pushed (DILLO-13)"
    if isinstance(a, Orient):
        return "that orientation is not one of this tile's distinct orientations"
    if isinstance(a, PlaceAt):
        return "that square is not vacant"
    if isinstance(a, Step):
        if s.phase == "hunter":
            return (f"the Hunter cannot go {a.direction}: it must follow connecting roads, never enter a home "
                    "or a square twice, and take a longest path (G05)")
        if s.phase == "push":
            return f"the loser cannot be moved {a.direction}: it needs a connecting road to a free square on a longest path (G07)"
        return (f"no connecting road leads {a.direction} to a square not yet entered this turn "
                "(DILLO-14, DILLO-17)")
    return f"not now: {prompt}"
