"""The projector: apply one SOS Dino event to a state. Pure: no rolls, no judging."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.events import Event

from .board import NEI, TILE_ACTION, TILE_COLOR, TILE_SYMBOL, VOLCANO, lava_code, make_flow
from . import events as ev
from .state import End, Phase, State

__all__ = ["fold"]


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _covered(state: State, cell: int, gone) -> tuple[End, ...]:
    """The live open ends once ``cell`` is covered: those pointing into it close, and every end of
    the flows in ``gone`` (flows that met, SOS-14)."""
    return tuple(e for e in state.ends if NEI[e[1]][e[2]] != cell and e[0] not in gone)


def fold(state: State, event: Event) -> State:
    """Apply one event (one arm per event type, the most frequent first)."""
    # Arms match the exact event class (a dotted name is compared with ==): a class pattern would
    # call isinstance, which is slow for msgspec Structs.
    e = event
    match type(e):
        case ev.TileDrawn:
            t, bag = e.tile, state.bag
            i = bag.index(t)
            phase = Phase.PLACE if TILE_COLOR[t] >= 0 else Phase.FALL
            return replace(state, bag=bag[:i] + bag[i + 1:], tile=t, draws=e.draw + 1, active=e.seat, phase=phase,
                           act="", banned=-1, moved=())
        case ev.DinoMoved:
            return replace(state, dinos=_set(state.dinos, e.dino, e.dst), moved=state.moved + (e.dino,))
        case ev.LavaPlaced:
            t, f, cell, met, new = e.tile, e.flow, e.cell, e.met, e.ends
            ends = _covered(state, cell, set(met) | {f} if met else ())
            if new:
                ends = tuple(sorted(ends + tuple((f, cell, d) for d in new)))
            # the tile counts as placed (SOS-G05)
            return replace(state, cover=_set(state.cover, cell, lava_code(f, e.mask)), ends=ends,
                           placed=state.placed + (t,), phase=Phase.ACT, act=TILE_ACTION[t], banned=TILE_COLOR[t],
                           moved=())
        case ev.TurnPassed:
            return replace(state, active=e.seat, turn=state.turn + 1, phase=Phase.DRAW, act="", banned=-1, moved=())
        case ev.TileBoxed:
            return replace(state, boxed=state.boxed + (e.tile,), phase=Phase.DRAW)
        case ev.VolcanoErupted:
            c = e.color
            ends = state.ends + tuple((make_flow(c, 1 + d), VOLCANO[c], d) for d in e.dirs)
            return replace(state, erupted=_set(state.erupted, c, True), ends=tuple(sorted(ends)))
        case ev.ActionSkipped:
            return state
        case ev.MeteoriteFell:
            t, cell = e.tile, e.cell
            return replace(state, cover=_set(state.cover, cell, -TILE_SYMBOL[t]), ends=_covered(state, cell, ()),
                           placed=state.placed + (t,), phase=Phase.ACT, act=TILE_ACTION[t], banned=-1, moved=())
        case ev.EggSaved:
            return replace(state, eggs=_set(state.eggs, e.nest, 1))
        case ev.DinoEliminated:
            return replace(state, dinos=_set(state.dinos, e.dino, -1))
        case ev.EggLost:
            return replace(state, eggs=_set(state.eggs, e.nest, -1))
        case ev.DinoSaved:
            return state
        case ev.GameEnded:
            return replace(state, phase=Phase.OVER, ended=e.why, act="", moved=())
        case ev.GameSetUp:
            return replace(state, active=e.first, phase=Phase.DRAW)
    raise TypeError(f"not an SOS Dino event: {event!r}")
