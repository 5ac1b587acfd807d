"""The team's tally (SOS-32, SOS-33, SOS-37): who is saved, who still walks, the score.

Beside the state rather than in state.py so that the compiled build (setup.py) compiles it with
the rules and the strategy that ask it at every step (a module defining a Struct is never compiled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import IS_MOUNTAIN

if TYPE_CHECKING:
    from .state import State

__all__ = ["on_board", "saved_dinos", "saved_eggs", "score"]


def on_board(state: State) -> list[int]:
    """Dinos still on the board and not on a Mountain."""
    return [d for d, p in enumerate(state.dinos) if p >= 0 and not IS_MOUNTAIN[p]]


def saved_dinos(state: State) -> int:
    """Dinos on a Mountain (SOS-32)."""
    return sum(1 for p in state.dinos if p >= 0 and IS_MOUNTAIN[p])


def saved_eggs(state: State) -> int:
    """Eggs saved (SOS-33)."""
    return sum(1 for e in state.eggs if e == 1)


def score(state: State) -> int:
    """Team score: 2 per Dino on a Mountain, 1 per saved Egg (SOS-37)."""
    return 2 * saved_dinos(state) + saved_eggs(state)
