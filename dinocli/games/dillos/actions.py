"""Actions: plain frozen values, one per kind of decision; the state knows which are legal.

Squares are board indices (row * size + col); directions are the letters n, e, s, w.
"""

from __future__ import annotations

import msgspec

__all__ = [
    "PlaceAt", "Orient", "PickDie", "PickAction", "Twist", "SwapFrom", "SwapWith", "Push",
    "Step", "Stop", "STEPS", "STOP", "Action",
]


class PlaceAt(msgspec.Struct, frozen=True, tag="place"):
    """City Planning: put the drawn tile on this vacant square (DILLO-27, DILLO-G13)."""

    square: int


class Orient(msgspec.Struct, frozen=True, tag="orient"):
    """City Planning: turn the placed tile this many quarter turns clockwise (DILLO-G13)."""

    rotation: int


class PickDie(msgspec.Struct, frozen=True, tag="act"):
    """Use the die showing ``die`` for the Action Chart; the other die moves (DILLO-09)."""

    die: int


class PickAction(msgspec.Struct, frozen=True, tag="choose"):
    """Take one of the actions the chosen die allows: twist, swap or push (DILLO-10)."""

    action: str


class Twist(msgspec.Struct, frozen=True, tag="twist"):
    """Turn the unoccupied tile on ``square`` 90 degrees (DILLO-11, DILLO-G10)."""

    square: int
    clockwise: bool


class SwapFrom(msgspec.Struct, frozen=True, tag="swap-from"):
    """Pick the first of two unoccupied tiles to swap (DILLO-12)."""

    square: int


class SwapWith(msgspec.Struct, frozen=True, tag="swap-with"):
    """Swap the picked tile with the unoccupied tile on ``square`` (DILLO-12)."""

    square: int


class Push(msgspec.Struct, frozen=True, tag="push"):
    """Push row or column ``index`` one square toward n, e, s or w, wrapping around (DILLO-13)."""

    line: str      # "row" (pushed e or w) or "col" (pushed n or s)
    index: int
    toward: str


class Step(msgspec.Struct, frozen=True, tag="step"):
    """Move the pawn being moved (your dillo, the Hunter, a battle loser) one square."""

    direction: str


class Stop(msgspec.Struct, frozen=True, tag="stop"):
    """End your dillo's movement here; unused steps go to the Hunter (DILLO-16, DILLO-18)."""


Action = PlaceAt | Orient | PickDie | PickAction | Twist | SwapFrom | SwapWith | Push | Step | Stop
STEPS = tuple(Step(d) for d in "nesw")
STOP = Stop()
