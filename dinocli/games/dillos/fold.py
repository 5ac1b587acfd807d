"""The projector: apply one event to a state. Pure: it never rolls and never judges; events
say what happened and which phase follows.

Each arm takes a state and the event's fields, in the event's field order, and returns the new
state: ``fold`` calls it with a logged event's fields, and the rules call the very same arm with
the fields of an event they decide, whether they record the event (``advance``) or a search only
simulates it (``play``: no event is built).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import astuple, replace

from dinocli.events import Event

from .board import geometry, pushed, swapped, twisted
from . import events as E
from .state import State

__all__ = ["fold", "ARMS"]


def _put(items: tuple, index: int, value) -> tuple:
    out = list(items)  # one copy: faster than slicing around the item
    out[index] = value
    return tuple(out)


def _start_move(s: State, board: tuple[int, ...]) -> State:
    """After the action: move up to the other die (DILLO-16); the start counts as entered (A07)."""
    return replace(s, board=board, phase="move", steps=s.dice[0] + s.dice[1] - s.act_die,
                   visited=1 << s.pawns[s.active], pending=-1)


def _dillo_moved(s: State, seat: int, sq: int) -> State:
    return replace(s, pawns=_put(s.pawns, seat, sq), steps=s.steps - 1, visited=s.visited | 1 << sq)


def _hunter_moved(s: State, seat: int, sq: int) -> State:
    return replace(s, hunter=sq, steps=s.steps - 1, visited=s.visited | 1 << sq)


def _dillo_pushed(s: State, seat: int, loser: int, sq: int) -> State:
    return replace(s, pawns=_put(s.pawns, loser, sq), steps=s.steps - 1, visited=s.visited | 1 << sq)


def _tile_flipped(s: State, sq: int, code: int) -> State:
    return replace(s, board=_put(s.board, sq, code))


def _turn_started(s: State, seat: int, turn: int) -> State:
    return replace(s, phase="roll", active=seat, turn=turn, dice=(0, 0), act_die=0, kind="", pending=-1,
                   controller=-1, pushed=-1, steps=0, visited=0, then="", leftover=0)


def _dice_rolled(s: State, seat: int, dice: tuple[int, int]) -> State:
    return replace(s, dice=dice, phase="die")


def _die_chosen(s: State, seat: int, die: int) -> State:
    return replace(s, act_die=die, phase="kind")


def _action_chosen(s: State, seat: int, action: str) -> State:
    return replace(s, kind=action, phase="target")


def _action_skipped(s: State, seat: int, die: int) -> State:
    return _start_move(replace(s, act_die=die), s.board)


def _tile_twisted(s: State, seat: int, sq: int, clockwise: bool) -> State:
    return _start_move(s, _put(s.board, sq, twisted(s.board[sq], clockwise)))


def _swap_picked(s: State, seat: int, sq: int) -> State:
    return replace(s, pending=sq, phase="swap")


def _tiles_swapped(s: State, seat: int, a: int, b: int) -> State:
    return _start_move(s, swapped(s.board, a, b))


def _line_pushed(s: State, seat: int, line: str, index: int, toward: str) -> State:
    g = geometry(s.table.size, s.table.small_world)
    return _start_move(s, pushed(s.board, g, line, index, toward in "es"))


def _move_ended(s: State, seat: int, unused: int) -> State:
    return replace(s, phase="resolve", steps=unused)


def _hunter_taken(s: State, seat: int, steps: int, then: str) -> State:
    return replace(s, phase="hunter", controller=seat, steps=steps, visited=1 << s.hunter, then=then)


def _hunter_stopped(s: State, seat: int, sq: int) -> State:
    return replace(s, phase="die" if s.then == "act" else "resolve", controller=-1, steps=0, then="")


def _dillo_captured(s: State, seat: int, sq: int) -> State:
    return replace(s, pawns=_put(s.pawns, seat, sq))


def _unchanged(s: State, *fields) -> State:
    return s


def _push_begun(s: State, seat: int, loser: int, steps: int, leftover: int) -> State:
    return replace(s, phase="push", controller=seat, pushed=loser, steps=steps, visited=1 << s.pawns[loser],
                   leftover=leftover)


def _push_ended(s: State, seat: int, loser: int) -> State:
    return replace(s, phase="resolve", controller=-1, pushed=-1, steps=0)


def _capitol_reached(s: State, seat: int) -> State:
    return replace(s, reached=_put(s.reached, seat, True))


def _turn_ended(s: State, seat: int) -> State:
    return replace(s, phase="end")


def _tiles_laid(s: State, board: tuple[int, ...]) -> State:
    return replace(s, board=board)


def _tile_drawn(s: State, seat: int, kind: int) -> State:
    i = s.bag.index(kind)
    return replace(s, bag=s.bag[:i] + s.bag[i + 1:], drawn=kind, active=seat, phase="place")


def _square_chosen(s: State, seat: int, sq: int) -> State:
    return replace(s, pending=sq, phase="orient")


def _tile_placed(s: State, seat: int, sq: int, code: int) -> State:
    return replace(s, board=_put(s.board, sq, code), drawn=-1, pending=-1, phase="setup")


def _game_won(s: State, seat: int) -> State:
    return replace(s, winner=seat, phase="over")


def _game_capped(s: State, turn: int) -> State:
    return replace(s, phase="over")


# The arm of each event class (looked up by exact class: isinstance is slow for msgspec Structs).
ARMS: dict[type[Event], Callable[..., State]] = {
    E.DilloMoved: _dillo_moved, E.HunterMoved: _hunter_moved, E.DilloPushed: _dillo_pushed,
    E.TileFlipped: _tile_flipped, E.TurnStarted: _turn_started, E.DiceRolled: _dice_rolled,
    E.DieChosen: _die_chosen, E.ActionChosen: _action_chosen, E.ActionSkipped: _action_skipped,
    E.TileTwisted: _tile_twisted, E.SwapPicked: _swap_picked, E.TilesSwapped: _tiles_swapped,
    E.LinePushed: _line_pushed, E.MoveEnded: _move_ended, E.HunterTaken: _hunter_taken,
    E.HunterStopped: _hunter_stopped, E.DilloCaptured: _dillo_captured, E.RollOffRolled: _unchanged,
    E.BattleFought: _unchanged, E.PushBegun: _push_begun, E.PushEnded: _push_ended,
    E.CapitolReached: _capitol_reached, E.TurnEnded: _turn_ended, E.TilesLaid: _tiles_laid,
    E.TileDrawn: _tile_drawn, E.SquareChosen: _square_chosen, E.TilePlaced: _tile_placed, E.GameWon: _game_won,
    E.GameCapped: _game_capped,
}


def fold(s: State, ev) -> State:
    """Apply one event to a state, returning a new state."""
    arm = ARMS.get(type(ev))
    if arm is None:
        raise TypeError(f"not a dillos event: {ev!r}")
    return arm(s, *astuple(ev))
