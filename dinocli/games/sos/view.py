"""What a seat sees. SOS Dino hides nothing: the bag's contents follow from the board and the
box (public), and its order does not exist until a draw (keyed by the draw counter)."""

from __future__ import annotations

import random

from dinocli.events import Event

from .events import TileDrawn
from .state import State

__all__ = ["observe", "determinize", "redact", "reveals"]


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
