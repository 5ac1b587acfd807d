"""A clairvoyant window on a game, for upper bounds in reports: the search sees the truth.

:class:`Clairvoyant` wraps a game so that every determinization is the true state and every
chance outcome inside the search is the one the real seeded rng will give (draws are keyed by
the state, so the search knows the bag order and the dice to come). An MCTS bot handed this
wrapper instead of the game plays with perfect information about the future of chance: no
honest bot can do better on average, so its score bounds what search can reach.
"""

from __future__ import annotations

from typing import Any

from dinocli.events import Rng
from dinocli.games.protocol import Action, Game, Seat, State, View

__all__ = ["Clairvoyant"]


class Clairvoyant:
    """``game`` as seen by a bot that knows ``state`` and the draws ``rng`` will make."""

    def __init__(self, game: Game, state: State, rng: Rng):
        self._game, self._state, self._rng = game, state, rng

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, view: View, seat: Seat, rnd: Any) -> State:
        """The true state, whatever the view."""
        return self._state

    def decide(self, state: State, action: Action, rng: Rng) -> list:
        """The events of ``action`` with the real draws (the search's own rng is ignored)."""
        return self._game.decide(state, action, self._rng)

    def advance(self, state: State, action: Action, rng: Rng) -> tuple[State, list]:
        """The state after ``action`` and its events, with the real draws."""
        return self._game.advance(state, action, self._rng)
