"""What a seat sees. SOS Dino hides nothing: the bag's contents follow from the board and the
box (public), and its order does not exist until a draw (keyed by the draw counter)."""

from __future__ import annotations

import random

from dinocli.events import Event

from .events import TileDrawn
from .fold import fold
from .state import State

__all__ = ["observe", "determinize", "redact", "reveals", "fold_view", "SEATS_SEE_ALIKE"]

SEATS_SEE_ALIKE = True   # every seat knows the same: a view checks every seat's decisions


def observe(state: State, seat: int | None) -> State:
    """The view of any seat or a spectator: the whole state (SOS-02, SOS-11: tiles are shown to all)."""
    return state


def determinize(view: State, seat: int, rnd: random.Random) -> State:
    """Nothing is hidden in the state; future draws are sampled by the simulation's rng."""
    return view


def redact(event: Event, seat: int | None) -> Event | None:
    """Every event is public."""
    return event


def reveals(event: Event, seat: int) -> bool:
    """A drawn tile was unknown before (SOS-11): strict undo does not cross a draw."""
    return isinstance(event, TileDrawn)


def fold_view(view: State, event: Event, hidden: bool = False) -> State:
    """The view after one event: the state's own fold, since nothing is hidden (ValueError for a hidden one)."""
    if hidden:
        raise ValueError(f"{event.tag}: SOS Dino hides nothing from any seat")
    return fold(view, event)
