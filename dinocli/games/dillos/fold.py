"""The projector: apply one event to a state. Pure: it never rolls and never judges; events
say what happened and which phase follows."""

from __future__ import annotations

from msgspec.structs import replace

from .board import geometry, pushed, swapped, twisted
from . import events as E
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
    # Arms match the exact event class (a dotted name is compared with ==): a class pattern would
    # call isinstance, which is slow for msgspec Structs.
    match type(ev):
        case E.DilloMoved:
            seat = ev.seat
            sq = ev.square
            return replace(s, pawns=_put(s.pawns, seat, sq), steps=s.steps - 1, visited=s.visited | 1 << sq)
        case E.HunterMoved:
            sq = ev.square
            return replace(s, hunter=sq, steps=s.steps - 1, visited=s.visited | 1 << sq)
        case E.DilloPushed:
            loser = ev.loser
            sq = ev.square
            return replace(s, pawns=_put(s.pawns, loser, sq), steps=s.steps - 1, visited=s.visited | 1 << sq)
        case E.TileFlipped:
            sq = ev.square
            code = ev.code
            return replace(s, board=_put(s.board, sq, code))
        case E.TurnStarted:
            seat = ev.seat
            turn = ev.turn
            return replace(s, phase="roll", active=seat, turn=turn, dice=(0, 0), act_die=0, kind="",
                           pending=-1, controller=-1, pushed=-1, steps=0, visited=0, then="", leftover=0)
        case E.DiceRolled:
            dice = ev.dice
            return replace(s, dice=dice, phase="die")
        case E.DieChosen:
            die = ev.die
            return replace(s, act_die=die, phase="kind")
        case E.ActionChosen:
            action = ev.action
            return replace(s, kind=action, phase="target")
        case E.ActionSkipped:
            die = ev.die
            return _start_move(replace(s, act_die=die), s.board)
        case E.TileTwisted:
            sq = ev.square
            cw = ev.clockwise
            return _start_move(s, _put(s.board, sq, twisted(s.board[sq], cw)))
        case E.SwapPicked:
            sq = ev.square
            return replace(s, pending=sq, phase="swap")
        case E.TilesSwapped:
            a = ev.a
            b = ev.b
            return _start_move(s, swapped(s.board, a, b))
        case E.LinePushed:
            line = ev.line
            index = ev.index
            toward = ev.toward
            g = geometry(s.table.size, s.table.small_world)
            return _start_move(s, pushed(s.board, g, line, index, toward in "es"))
        case E.MoveEnded:
            unused = ev.unused
            return replace(s, phase="resolve", steps=unused)
        case E.HunterTaken:
            seat = ev.seat
            steps = ev.steps
            then = ev.then
            return replace(s, phase="hunter", controller=seat, steps=steps, visited=1 << s.hunter, then=then)
        case E.HunterStopped:
            return replace(s, phase="die" if s.then == "act" else "resolve", controller=-1, steps=0, then="")
        case E.DilloCaptured:
            seat = ev.seat
            sq = ev.square
            return replace(s, pawns=_put(s.pawns, seat, sq))
        case E.RollOffRolled:
            return s
        case E.BattleFought:
            return s
        case E.PushBegun:
            seat = ev.seat
            loser = ev.loser
            steps = ev.steps
            leftover = ev.leftover
            return replace(s, phase="push", controller=seat, pushed=loser, steps=steps,
                           visited=1 << s.pawns[loser], leftover=leftover)
        case E.PushEnded:
            return replace(s, phase="resolve", controller=-1, pushed=-1, steps=0)
        case E.CapitolReached:
            seat = ev.seat
            return replace(s, reached=_put(s.reached, seat, True))
        case E.TurnEnded:
            return replace(s, phase="end")
        case E.TilesLaid:
            board = ev.board
            return replace(s, board=board)
        case E.TileDrawn:
            seat = ev.seat
            kind = ev.kind
            i = s.bag.index(kind)
            return replace(s, bag=s.bag[:i] + s.bag[i + 1:], drawn=kind, active=seat, phase="place")
        case E.SquareChosen:
            sq = ev.square
            return replace(s, pending=sq, phase="orient")
        case E.TilePlaced:
            sq = ev.square
            code = ev.code
            return replace(s, board=_put(s.board, sq, code), drawn=-1, pending=-1, phase="setup")
        case E.GameWon:
            seat = ev.seat
            return replace(s, winner=seat, phase="over")
        case E.GameCapped:
            return replace(s, phase="over")
    raise TypeError(f"not a dillos event: {ev!r}")
