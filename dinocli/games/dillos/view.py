"""What a seat may know. Only Houston hides anything: face-down tiles, from everyone alike
(DILLO-28). A view is the state with those tiles shown as UNKNOWN."""

from __future__ import annotations

import random
from collections import Counter

from msgspec.structs import replace

from .data import BOARDS, FACEDOWN, UNKNOWN, code_of, is_face_up, kind_of
from .events import BattleFought, DiceRolled, RollOffRolled, TileDrawn, TileFlipped, TilesLaid
from .fold import fold
from .state import State

__all__ = ["observe", "determinize", "redact", "reveals", "hidden_kinds", "fold_view", "SEATS_SEE_ALIKE"]

SEATS_SEE_ALIKE = True   # every seat knows the same: a view checks every seat's decisions


def _masked(board: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(UNKNOWN if c >= FACEDOWN else c for c in board)


def observe(s: State, seat: int | None) -> State:
    """The state as any seat sees it: face-down tiles unknown (the same for every seat)."""
    if not s.table.houston or not any(c >= FACEDOWN for c in s.board):
        return s
    return replace(s, board=_masked(s.board))


def hidden_kinds(view: State) -> list[int]:
    """The kinds of the face-down tiles: the tile set minus every tile showing, sorted (G12)."""
    remaining = Counter(BOARDS["small" if view.table.size == 5 else "large"][1])
    remaining.subtract(kind_of(c) for c in view.board if is_face_up(c))
    return sorted(remaining.elements())


def determinize(view: State, seat: int, rnd: random.Random) -> State:
    """A full state consistent with the view: the unflipped tiles dealt at random onto the
    face-down squares, each turned at random."""
    unknown = [sq for sq, c in enumerate(view.board) if c == UNKNOWN]
    if not unknown:
        return view
    kinds = hidden_kinds(view)
    rnd.shuffle(kinds)
    board = list(view.board)
    for sq, kind in zip(unknown, kinds):
        board[sq] = code_of(kind, rnd.randrange(4)) | FACEDOWN
    return replace(view, board=tuple(board))


def redact(event, seat: int | None):
    """The event as a seat may see it: the laid-out board with face-down tiles unknown."""
    if isinstance(event, TilesLaid) and any(c >= FACEDOWN for c in event.board):
        return TilesLaid(_masked(event.board))
    return event


def reveals(event, seat: int) -> bool:
    """Whether the event shows something unknown before: dice, draws, flips, the layout."""
    return isinstance(event, (TilesLaid, TileDrawn, TileFlipped, DiceRolled, RollOffRolled, BattleFought))


def fold_view(view: State, event, hidden: bool = False) -> State:
    """The view after one event, as every seat sees it: ``observe(fold(s, event))`` computed from the view
    alone (``hidden``: the laid-out board with face-down tiles unknown, DILLO-28). ValueError when the
    event cannot follow what the view shows."""
    if isinstance(event, TilesLaid) and (hidden or UNKNOWN in event.board):
        if not hidden or any(c >= FACEDOWN for c in event.board) or UNKNOWN not in event.board:
            raise ValueError("a laid-out board is hidden exactly when tiles lie face down")
    elif hidden:
        raise ValueError(f"{event.tag} is not something a seat may not see")
    if isinstance(event, TileFlipped):
        if not (0 <= event.square < len(view.board) and view.board[event.square] == UNKNOWN
                and is_face_up(event.code)):
            raise ValueError(f"square {event.square} holds no face-down tile to flip")
        if kind_of(event.code) not in hidden_kinds(view):
            raise ValueError("the flipped tile is not one of those still face down")
    return observe(fold(view, event), None)
