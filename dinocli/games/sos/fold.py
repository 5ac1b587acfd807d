"""The projector: apply one SOS Dino event to a state. Pure: no rolls, no judging."""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import astuple, replace

from dinocli.events import Event

from .board import NEI, TILE_ACTION, TILE_COLOR, TILE_SYMBOL, VOLCANO, lava_code, make_flow
from . import events as ev
from .state import Phase, State

__all__ = ["fold", "ARMS"]


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _covered(state: State, cell: int, code: int, tile: int, gone) -> dict:
    """Cover ``cell``: open ends pointing into it close, and every end of the flows in ``gone``
    (flows that met, SOS-14); the tile counts as placed (SOS-G05)."""
    ends = tuple(e for e in state.ends if NEI[e[1]][e[2]] != cell and e[0] not in gone)
    return {"cover": _set(state.cover, cell, code), "ends": ends, "placed": state.placed + (tile,)}


# One arm per event: the state and the event's fields (in the event's order) -> the new state.
# ``fold`` calls an arm with a logged event's fields; the rules call the very same arm with the
# fields of an event they decide, whether they record it or only simulate it (no event built).

def _drawn(state: State, seat: int, t: int, draw: int) -> State:
    bag = state.bag
    i = bag.index(t)
    phase = Phase.PLACE if TILE_COLOR[t] >= 0 else Phase.FALL
    return replace(state, bag=bag[:i] + bag[i + 1:], tile=t, draws=draw + 1, active=seat, phase=phase, act="",
                   banned=-1, moved=())


def _moved(state: State, seat: int, dino: int, src: int, dst: int) -> State:
    return replace(state, dinos=_set(state.dinos, dino, dst), moved=state.moved + (dino,))


def _placed(state: State, seat: int, t: int, f: int, cell: int, mask: int, new: tuple[int, ...],
            met: tuple[int, ...]) -> State:
    gone = set(met) | {f} if met else ()
    upd = _covered(state, cell, lava_code(f, mask), t, gone)
    if new:
        upd["ends"] = tuple(sorted(upd["ends"] + tuple((f, cell, d) for d in new)))
    return replace(state, **upd, phase=Phase.ACT, act=TILE_ACTION[t], banned=TILE_COLOR[t], moved=())


def _passed(state: State, seat: int) -> State:
    return replace(state, active=seat, turn=state.turn + 1, phase=Phase.DRAW, act="", banned=-1, moved=())


def _boxed(state: State, tile: int, why: str) -> State:
    return replace(state, boxed=state.boxed + (tile,), phase=Phase.DRAW)


def _erupted(state: State, c: int, dirs: tuple[int, ...]) -> State:
    ends = state.ends + tuple((make_flow(c, 1 + d), VOLCANO[c], d) for d in dirs)
    return replace(state, erupted=_set(state.erupted, c, True), ends=tuple(sorted(ends)))


def _unchanged(state: State, *fields) -> State:
    return state


def _fell(state: State, t: int, cell: int) -> State:
    upd = _covered(state, cell, -TILE_SYMBOL[t], t, ())
    return replace(state, **upd, phase=Phase.ACT, act=TILE_ACTION[t], banned=-1, moved=())


def _egg_saved(state: State, nest: int, dino: int) -> State:
    return replace(state, eggs=_set(state.eggs, nest, 1))


def _eliminated(state: State, dino: int, cell: int, by: str) -> State:
    return replace(state, dinos=_set(state.dinos, dino, -1))


def _egg_lost(state: State, nest: int) -> State:
    return replace(state, eggs=_set(state.eggs, nest, -1))


def _ended(state: State, why: str, score: int) -> State:
    return replace(state, phase=Phase.OVER, ended=why, act="", moved=())


def _set_up(state: State, first: int) -> State:
    return replace(state, active=first, phase=Phase.DRAW)


# The arm of each event class (looked up by exact class: isinstance is slow for msgspec Structs).
ARMS: dict[type[Event], Callable[..., State]] = {
    ev.TileDrawn: _drawn, ev.DinoMoved: _moved, ev.LavaPlaced: _placed, ev.TurnPassed: _passed,
    ev.TileBoxed: _boxed, ev.VolcanoErupted: _erupted, ev.ActionSkipped: _unchanged, ev.MeteoriteFell: _fell,
    ev.EggSaved: _egg_saved, ev.DinoEliminated: _eliminated, ev.EggLost: _egg_lost, ev.DinoSaved: _unchanged,
    ev.GameEnded: _ended, ev.GameSetUp: _set_up,
}


def fold(state: State, event: Event) -> State:
    """Apply one event: its arm, with its fields."""
    arm = ARMS.get(type(event))
    if arm is None:
        raise TypeError(f"not an SOS Dino event: {event!r}")
    return arm(state, *astuple(event))
