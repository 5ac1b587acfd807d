"""The legal actions a game's rules found last, kept for the caller about to ask for them.

A module of its own so that the compiled build (setup.py) compiles it with the search: every
simulated decision asks it twice, and a call from compiled code into a Python one costs more
than what it does.
"""

from __future__ import annotations

from collections.abc import Callable

from .protocol import Action, State

__all__ = ["LastLegal"]


class LastLegal:
    """The last state a game's ``legal_actions`` was asked about, and a copy of the answer: a
    caller (a playout) asks for the legal actions and then decides on the same state, so the
    game's ``advance`` checks the action against the list already built instead of a new one."""

    __slots__ = ("state", "actions")

    def __init__(self) -> None:
        self.state: State | None = None
        self.actions: tuple = ()

    def keep(self, state: State, actions: list[Action]) -> list[Action]:
        """Remember ``actions`` as the legal actions of ``state``; return them."""
        self.state, self.actions = state, tuple(actions)
        return actions

    def legal(self, state: State, build: Callable[[State], list[Action]]) -> list[Action]:
        """The legal actions of ``state`` for a caller: a copy of the kept ones if it was the last
        asked about (the rules find them when they stop at a decision), else ``build(state)``, kept."""
        if self.state is state:
            return list(self.actions)
        return self.keep(state, build(state))

    def of(self, state: State, build: Callable[[State], list[Action]]) -> tuple | list[Action]:
        """The legal actions of ``state``: the kept copy if it was the last asked, else ``build(state)``."""
        return self.actions if self.state is state else build(state)
