"""Notation that reads like the board: squares are a column letter and a row number counted
from the north edge ('c4'); rows and columns are named the same way.

    act 4            use the die showing 4 for the action, the other die moves
    twist | swap | push          choose the action the die allows
    twist c4 cw      turn the tile on c4 clockwise (ccw: counter-clockwise)
    swap b2          pick the first tile of a swap ... then
    swap b2 d4       ... swap it with the tile on d4
    push row 3 east  push a row east/west; push col c north: a column north/south
    step n           move one square north (e, s, w): your dillo, the Hunter or a pushed loser
    stop             end your dillo's movement
    place c4         City Planning: put the drawn tile on c4 ... then
    roads ne         ... turn it so its roads leave north and east
"""

from __future__ import annotations

from ..protocol import IllegalAction, MalformedAction
from .actions import STOP, Orient, PickAction, PickDie, PlaceAt, Push, Step, Stop, SwapFrom, SwapWith, Twist
from .data import ACTIONS, DIR_NAMES, MASKS, code_of, is_face_up, mask_letters
from .rules import explain, legal_actions
from .state import State, geo

__all__ = ["round_of", "format_action", "parse_action", "roads_text"]

WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
DIRECTION = {**{k: k for k in WORDS}, **{v: k for k, v in WORDS.items()}}
SENSE = {"cw": True, "clockwise": True, "ccw": False, "counterclockwise": False,
         "counter-clockwise": False, "anticlockwise": False}
HELP = ("act 4, twist, swap, push, twist c4 cw, swap b2, swap b2 d4, push row 3 east, "
        "push col c north, step n, stop, place c4, roads ne")


def roads_text(mask: int) -> str:
    """The open sides of a mask as letters in n, e, s, w order."""
    return "".join(c for i, c in enumerate(DIR_NAMES) if mask >> i & 1)


def format_action(s: State, a) -> str:
    """The canonical text of an action in this state."""
    g = geo(s)
    match a:
        case Step(direction=d):
            return f"step {d}"
        case Stop():
            return "stop"
        case Twist(square=sq, clockwise=cw):
            return f"twist {g.name(sq)} {'cw' if cw else 'ccw'}"
        case Push(line=line, index=i, toward=t):
            where = str(i + 1) if line == "row" else chr(97 + i)
            return f"push {line} {where} {WORDS[t]}"
        case SwapFrom(square=sq):
            return f"swap {g.name(sq)}"
        case SwapWith(square=sq):
            first = g.name(s.pending) if s.pending >= 0 else "with"
            return f"swap {first} {g.name(sq)}"
        case PickDie(die=d):
            return f"act {d}"
        case PickAction(action=k):
            return k
        case PlaceAt(square=sq):
            return f"place {g.name(sq)}"
        case Orient(rotation=r):
            return f"roads {roads_text(MASKS[code_of(max(s.drawn, 0), r)])}"
    raise MalformedAction(f"not a dillos action: {a!r}")


def _square(s: State, word: str) -> int:
    sq = geo(s).square(word)
    if sq is None:
        size = s.table.size
        raise MalformedAction(f"no square {word!r} on the {size}x{size} board (a1..{chr(96 + size)}{size})")
    return sq


def _direction(word: str) -> str:
    if word not in DIRECTION:
        raise MalformedAction(f"{word!r} is not a direction; use n, e, s or w")
    return DIRECTION[word]


def _read(s: State, words: list[str]):
    """The action the words spell, before any legality check."""
    verb, rest = words[0], words[1:]
    if verb in DIRECTION and not rest:
        return Step(DIRECTION[verb])
    if verb == "step" and len(rest) == 1:
        return Step(_direction(rest[0]))
    if verb == "stop" and not rest:
        return STOP
    if verb == "act" and len(rest) == 1:
        if rest[0] not in ("1", "2", "3", "4", "5", "6"):
            raise MalformedAction(f"act needs a die face 1..6, got {rest[0]!r}")
        return PickDie(int(rest[0]))
    if verb in ACTIONS and not rest:
        return PickAction(verb)
    if verb == "twist" and len(rest) in (1, 2):
        sq = _square(s, rest[0])
        if len(rest) == 1:
            options = [a for a in legal_actions(s) if isinstance(a, Twist) and a.square == sq]
            if len(options) == 1:
                return options[0]
            raise MalformedAction(f"say which way: twist {rest[0]} cw or twist {rest[0]} ccw")
        if rest[1] not in SENSE:
            raise MalformedAction(f"twist turns cw or ccw, not {rest[1]!r}")
        return Twist(sq, SENSE[rest[1]])
    if verb == "swap" and len(rest) == 1:
        return SwapFrom(_square(s, rest[0]))
    if verb == "swap" and len(rest) == 2:
        second = _square(s, rest[1])
        if rest[0] == "with":
            return SwapWith(second)
        first = _square(s, rest[0])
        if s.phase == "swap" and first == s.pending:
            return SwapWith(second)
        if s.phase == "swap":
            raise IllegalAction(f"the first tile of this swap is {geo(s).name(s.pending)}: "
                                f"swap {geo(s).name(s.pending)} {rest[1]}")
        raise IllegalAction(f"pick one tile at a time: first 'swap {rest[0]}', then 'swap {rest[0]} {rest[1]}'")
    if verb == "push" and len(rest) == 3:
        line = {"row": "row", "col": "col", "column": "col"}.get(rest[0])
        if line is None:
            raise MalformedAction(f"push a row or a col, not {rest[0]!r}")
        size = s.table.size
        where = rest[1]
        if line == "row":
            if not where.isdigit() or not 1 <= int(where) <= size:
                raise MalformedAction(f"rows are numbered 1..{size} from the north")
            index = int(where) - 1
        else:
            if len(where) != 1 or not "a" <= where <= chr(96 + size):
                raise MalformedAction(f"columns are lettered a..{chr(96 + size)} from the west")
            index = ord(where) - 97
        return Push(line, index, _direction(rest[2]))
    if verb == "place" and len(rest) == 1:
        return PlaceAt(_square(s, rest[0]))
    if verb == "roads" and len(rest) == 1:
        letters = rest[0]
        if not letters or any(c not in DIR_NAMES for c in letters) or len(set(letters)) != len(letters):
            raise MalformedAction("roads lists the open sides with the letters n, e, s, w, e.g. 'roads ne'")
        if s.phase != "orient":
            raise IllegalAction(explain(s, Orient(0)))
        mask = mask_letters(letters)
        for r in range(4):
            if MASKS[code_of(s.drawn, r)] == mask:
                return Orient(r)
        raise IllegalAction(f"the drawn tile cannot be turned to open {letters}; "
                            f"try {', '.join('roads ' + roads_text(MASKS[code_of(s.drawn, r)]) for r in range(4))}")
    known = ("step", "stop", "act", "twist", "swap", "push", "place", "roads", *DIRECTION)
    if verb in known:
        raise MalformedAction(f"cannot read {' '.join(words)!r}; forms: {HELP}")
    raise MalformedAction(f"unknown action {verb!r}; forms: {HELP}")


def parse_action(s: State, text: str):
    """Read an action: MalformedAction if the text does not parse, IllegalAction (saying why)
    if it parses but is not legal now."""
    words = text.strip().lower().split()
    if not words:
        raise MalformedAction(f"empty action; forms: {HELP}")
    a = _read(s, words)
    legal = legal_actions(s)
    if a in legal:
        return a
    if isinstance(a, Twist) and Twist(a.square, not a.clockwise) in legal and is_face_up(s.board[a.square]):
        # a straight looks the same turned either way, so only 'cw' is offered (G10)
        code = s.board[a.square]
        if MASKS[(code & ~3) | ((code + 1) & 3)] == MASKS[(code & ~3) | ((code + 3) & 3)]:
            return Twist(a.square, not a.clockwise)
    raise IllegalAction(f"{text.strip()}: {explain(s, a)}")


def round_of(s: State) -> int:
    """The round a decision in ``s`` belongs to, for move lists: every seat's turn once (0 while the
    City Planning setup lays tiles)."""
    return (s.turn - 1) // len(s.pawns) + 1 if s.turn > 0 else 0
