"""Seeing windows on a game, for bounds in reports: the search sees the truth.

:class:`Clairvoyant` wraps a game so that every determinization is the true state and every
chance outcome inside the search is the one the real seeded rng will give (draws are keyed by
the state, so the search knows the bag order and the dice to come). An MCTS bot handed this
wrapper instead of the game plays with perfect information about the future of chance: no
honest bot can do better on average, so its score bounds what search can reach.

:class:`Peeking` shows the true state only (every hand and face-down pick) and leaves chance to
the search: the part of the clairvoyant's edge that the hidden cards give, not the luck to come.
"""

from __future__ import annotations

from typing import Any

from dinocli.events import Rng
from dinocli.games.protocol import Action, Game, Seat, State, View

__all__ = ["Clairvoyant", "Peeking"]


class Peeking:
    """``game`` as seen by a bot that knows ``state``, but not the draws to come."""

    def __init__(self, game: Game, state: State):
        self._game, self._state = game, state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, view: View, seat: Seat, rnd: Any) -> State:
        """The true state, whatever the view."""
        return self._state


class Clairvoyant(Peeking):
    """``game`` as seen by a bot that knows ``state`` and the draws ``rng`` will make."""

    def __init__(self, game: Game, state: State, rng: Rng):
        super().__init__(game, state)
        self._rng = rng

    def decide(self, state: State, action: Action, rng: Rng) -> list:
        """The events of ``action`` with the real draws (the search's own rng is ignored)."""
        return self._game.decide(state, action, self._rng)

    def advance(self, state: State, action: Action, rng: Rng) -> tuple[State, list]:
        """The state after ``action`` and its events, with the real draws."""
        return self._game.advance(state, action, self._rng)
