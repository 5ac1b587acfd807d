"""The projector: apply one SOS Dino event to a state. Pure: no rolls, no judging.

One arm per event type, given the event's fields as a tuple, in order (``ARMS``): ``fold`` takes them
from the event, and a simulation that keeps no events gives them straight to the arm (rules._emit).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from msgspec.structs import astuple, replace

from dinocli.events import Event

from .board import NEI, TILE_ACTION, TILE_COLOR, TILE_SYMBOL, VOLCANO, lava_code, make_flow
from . import events as ev
from .state import End, Phase, State

__all__ = ["fold", "ARMS"]

T = TypeVar("T")


def _set(t: tuple[T, ...], i: int, v: T) -> tuple[T, ...]:
    return t[:i] + (v,) + t[i + 1:]


def _covered(state: State, cell: int, gone: set[int] | tuple[()]) -> tuple[End, ...]:
    """The live open ends once ``cell`` is covered: those pointing into it close, and every end of
    the flows in ``gone`` (flows that met, SOS-14)."""
    return tuple(e for e in state.ends if NEI[e[1]][e[2]] != cell and e[0] not in gone)


def _tile_drawn(state: State, e: tuple[int, int, int]) -> State:
    seat, tile, draw = e
    bag = state.bag
    i = bag.index(tile)
    phase = Phase.PLACE if TILE_COLOR[tile] >= 0 else Phase.FALL
    return replace(state, bag=bag[:i] + bag[i + 1:], tile=tile, draws=draw + 1, active=seat, phase=phase,
                   act="", banned=-1, moved=())


def _dino_moved(state: State, e: tuple[int, int, int, int]) -> State:
    seat, dino, src, dst = e
    return replace(state, dinos=_set(state.dinos, dino, dst), moved=state.moved + (dino,))


def _lava_placed(state: State, e: tuple[int, int, int, int, int, tuple[int, ...], tuple[int, ...]]) -> State:
    seat, tile, flow, cell, mask, ends, met = e
    live = _covered(state, cell, set(met) | {flow} if met else ())
    if ends:
        live = tuple(sorted(live + tuple((flow, cell, d) for d in ends)))
    # the tile counts as placed (SOS-G05)
    return replace(state, cover=_set(state.cover, cell, lava_code(flow, mask)), ends=live,
                   placed=state.placed + (tile,), phase=Phase.ACT, act=TILE_ACTION[tile], banned=TILE_COLOR[tile],
                   moved=())


def _turn_passed(state: State, e: tuple[int]) -> State:
    (seat,) = e
    return replace(state, active=seat, turn=state.turn + 1, phase=Phase.DRAW, act="", banned=-1, moved=())


def _tile_boxed(state: State, e: tuple[int, str]) -> State:
    tile, why = e
    return replace(state, boxed=state.boxed + (tile,), phase=Phase.DRAW)


def _volcano_erupted(state: State, e: tuple[int, tuple[int, ...]]) -> State:
    color, dirs = e
    ends = state.ends + tuple((make_flow(color, 1 + d), VOLCANO[color], d) for d in dirs)
    return replace(state, erupted=_set(state.erupted, color, True), ends=tuple(sorted(ends)))


def _meteorite_fell(state: State, e: tuple[int, int]) -> State:
    tile, cell = e
    return replace(state, cover=_set(state.cover, cell, -TILE_SYMBOL[tile]), ends=_covered(state, cell, ()),
                   placed=state.placed + (tile,), phase=Phase.ACT, act=TILE_ACTION[tile], banned=-1, moved=())


def _egg_saved(state: State, e: tuple[int, int]) -> State:
    nest, dino = e
    return replace(state, eggs=_set(state.eggs, nest, 1))


def _dino_eliminated(state: State, e: tuple[int, int, str]) -> State:
    dino, cell, by = e
    return replace(state, dinos=_set(state.dinos, dino, -1))


def _egg_lost(state: State, e: tuple[int]) -> State:
    (nest,) = e
    return replace(state, eggs=_set(state.eggs, nest, -1))


def _unchanged(state: State, e: tuple) -> State:
    return state  # a Dino saved (its cell is a Mountain already), an action skipped


def _game_ended(state: State, e: tuple[str, int]) -> State:
    why, score = e
    return replace(state, phase=Phase.OVER, ended=why, act="", moved=())


def _game_set_up(state: State, e: tuple[int]) -> State:
    (first,) = e
    return replace(state, active=first, phase=Phase.DRAW)


ARMS: Final[dict[type[Event], Callable[..., State]]] = {
    ev.TileDrawn: _tile_drawn, ev.DinoMoved: _dino_moved, ev.LavaPlaced: _lava_placed, ev.TurnPassed: _turn_passed,
    ev.TileBoxed: _tile_boxed, ev.VolcanoErupted: _volcano_erupted, ev.ActionSkipped: _unchanged,
    ev.MeteoriteFell: _meteorite_fell, ev.EggSaved: _egg_saved, ev.DinoEliminated: _dino_eliminated,
    ev.EggLost: _egg_lost, ev.DinoSaved: _unchanged, ev.GameEnded: _game_ended, ev.GameSetUp: _game_set_up,
}


def fold(state: State, event: Event) -> State:
    """Apply one event: its arm, given the event's fields."""
    arm = ARMS.get(type(event))
    if arm is None:
        raise TypeError(f"not an SOS Dino event: {event!r}")
    return arm(state, astuple(event))
