"""The projector: apply one event to a state. Pure: it never rolls and never judges; events
say what happened and which phase follows."""

from __future__ import annotations

from msgspec.structs import replace

from .board import geometry, pushed, swapped, twisted
from .events import (
    ActionChosen, ActionSkipped, BattleFought, CapitolReached, DiceRolled, DieChosen,
    DilloCaptured, DilloMoved, DilloPushed, GameCapped, GameWon, HunterMoved, HunterStopped,
    HunterTaken, LinePushed, MoveEnded, PushBegun, PushEnded, RollOffRolled, SquareChosen,
    SwapPicked, TileDrawn, TileFlipped, TilePlaced, TilesLaid, TilesSwapped, TileTwisted,
    TurnEnded, TurnStarted,
)
from .state import State

__all__ = ["fold"]


def _put(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _start_move(s: State, board: tuple[int, ...]) -> State:
    """After the action: move up to the other die (DILLO-16); the start counts as entered (A07)."""
    return replace(s, board=board, phase="move", steps=s.dice[0] + s.dice[1] - s.act_die,
                   visited=1 << s.pawns[s.active], pending=-1)


def fold(s: State, ev) -> State:
    """Apply one event to a state, returning a new state."""
    match ev:
        case DilloMoved(seat=seat, square=sq):
            return replace(s, pawns=_put(s.pawns, seat, sq), steps=s.steps - 1, visited=s.visited | 1 << sq)
        case HunterMoved(square=sq):
            return replace(s, hunter=sq, steps=s.steps - 1, visited=s.visited | 1 << sq)
        case DilloPushed(loser=loser, square=sq):
            return replace(s, pawns=_put(s.pawns, loser, sq), steps=s.steps - 1, visited=s.visited | 1 << sq)
        case TileFlipped(square=sq, code=code):
            return replace(s, board=_put(s.board, sq, code))
        case TurnStarted(seat=seat, turn=turn):
            return replace(s, phase="roll", active=seat, turn=turn, dice=(0, 0), act_die=0, kind="",
                           pending=-1, controller=-1, pushed=-1, steps=0, visited=0, then="", leftover=0)
        case DiceRolled(dice=dice):
            return replace(s, dice=dice, phase="die")
        case DieChosen(die=die):
            return replace(s, act_die=die, phase="kind")
        case ActionChosen(action=action):
            return replace(s, kind=action, phase="target")
        case ActionSkipped(die=die):
            return _start_move(replace(s, act_die=die), s.board)
        case TileTwisted(square=sq, clockwise=cw):
            return _start_move(s, _put(s.board, sq, twisted(s.board[sq], cw)))
        case SwapPicked(square=sq):
            return replace(s, pending=sq, phase="swap")
        case TilesSwapped(a=a, b=b):
            return _start_move(s, swapped(s.board, a, b))
        case LinePushed(line=line, index=index, toward=toward):
            g = geometry(s.table.size, s.table.small_world)
            return _start_move(s, pushed(s.board, g, line, index, toward in "es"))
        case MoveEnded(unused=unused):
            return replace(s, phase="resolve", steps=unused)
        case HunterTaken(seat=seat, steps=steps, then=then):
            return replace(s, phase="hunter", controller=seat, steps=steps, visited=1 << s.hunter, then=then)
        case HunterStopped():
            return replace(s, phase="die" if s.then == "act" else "resolve", controller=-1, steps=0, then="")
        case DilloCaptured(seat=seat, square=sq):
            return replace(s, pawns=_put(s.pawns, seat, sq))
        case RollOffRolled():
            return s
        case BattleFought():
            return s
        case PushBegun(seat=seat, loser=loser, steps=steps, leftover=leftover):
            return replace(s, phase="push", controller=seat, pushed=loser, steps=steps,
                           visited=1 << s.pawns[loser], leftover=leftover)
        case PushEnded():
            return replace(s, phase="resolve", controller=-1, pushed=-1, steps=0)
        case CapitolReached(seat=seat):
            return replace(s, reached=_put(s.reached, seat, True))
        case TurnEnded():
            return replace(s, phase="end")
        case TilesLaid(board=board):
            return replace(s, board=board)
        case TileDrawn(seat=seat, kind=kind):
            i = s.bag.index(kind)
            return replace(s, bag=s.bag[:i] + s.bag[i + 1:], drawn=kind, active=seat, phase="place")
        case SquareChosen(square=sq):
            return replace(s, pending=sq, phase="orient")
        case TilePlaced(square=sq, code=code):
            return replace(s, board=_put(s.board, sq, code), drawn=-1, pending=-1, phase="setup")
        case GameWon(seat=seat):
            return replace(s, winner=seat, phase="over")
        case GameCapped():
            return replace(s, phase="over")
    raise TypeError(f"not a dillos event: {ev!r}")
