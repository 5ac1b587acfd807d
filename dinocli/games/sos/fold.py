"""The projector: apply one SOS Dino event to a state. Pure: no rolls, no judging."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.events import Event

from .board import NEI, TILE_ACTION, TILE_COLOR, TILE_SYMBOL, VOLCANO, lava_code, make_flow
from .events import (
    ActionSkipped, DinoEliminated, DinoMoved, DinoSaved, EggLost, EggSaved, GameEnded, GameSetUp,
    LavaPlaced, MeteoriteFell, TileBoxed, TileDrawn, TurnPassed, VolcanoErupted,
)
from .state import Phase, State

__all__ = ["fold"]


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _covered(state: State, cell: int, code: int, tile: int, gone) -> dict:
    """Cover ``cell``: open ends pointing into it close, and every end of the flows in ``gone``
    (flows that met, SOS-14); the tile counts as placed (SOS-G05)."""
    ends = tuple(e for e in state.ends if NEI[e[1]][e[2]] != cell and e[0] not in gone)
    return {"cover": _set(state.cover, cell, code), "ends": ends, "placed": state.placed + (tile,)}


def fold(state: State, event: Event) -> State:
    """Apply one event (one arm per event type, the most frequent first)."""
    match event:
        case TileDrawn(seat=seat, tile=t, draw=k):
            bag = state.bag
            i = bag.index(t)
            phase = Phase.PLACE if TILE_COLOR[t] >= 0 else Phase.FALL
            return replace(state, bag=bag[:i] + bag[i + 1:], tile=t, draws=k + 1, active=seat, phase=phase,
                           act="", banned=-1, moved=())
        case DinoMoved(dino=d, dst=dst):
            return replace(state, dinos=_set(state.dinos, d, dst), moved=state.moved + (d,))
        case LavaPlaced(tile=t, flow=f, cell=cell, mask=mask, ends=new, met=met):
            gone = set(met) | {f} if met else ()
            upd = _covered(state, cell, lava_code(f, mask), t, gone)
            if new:
                upd["ends"] = tuple(sorted(upd["ends"] + tuple((f, cell, d) for d in new)))
            return replace(state, **upd, phase=Phase.ACT, act=TILE_ACTION[t], banned=TILE_COLOR[t], moved=())
        case TurnPassed(seat=seat):
            return replace(state, active=seat, turn=state.turn + 1, phase=Phase.DRAW, act="", banned=-1, moved=())
        case TileBoxed(tile=t):
            return replace(state, boxed=state.boxed + (t,), phase=Phase.DRAW)
        case VolcanoErupted(color=c, dirs=dirs):
            ends = state.ends + tuple((make_flow(c, 1 + d), VOLCANO[c], d) for d in dirs)
            return replace(state, erupted=_set(state.erupted, c, True), ends=tuple(sorted(ends)))
        case ActionSkipped():
            return state
        case MeteoriteFell(tile=t, cell=cell):
            upd = _covered(state, cell, -TILE_SYMBOL[t], t, ())
            return replace(state, **upd, phase=Phase.ACT, act=TILE_ACTION[t], banned=-1, moved=())
        case EggSaved(nest=n):
            return replace(state, eggs=_set(state.eggs, n, 1))
        case DinoEliminated(dino=d):
            return replace(state, dinos=_set(state.dinos, d, -1))
        case EggLost(nest=n):
            return replace(state, eggs=_set(state.eggs, n, -1))
        case DinoSaved():
            return state
        case GameEnded(why=why):
            return replace(state, phase=Phase.OVER, ended=why, act="", moved=())
        case GameSetUp(first=first):
            return replace(state, active=first, phase=Phase.DRAW)
    raise TypeError(f"not an SOS Dino event: {event!r}")
