"""The random bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from dinocli.games.protocol import Action, Game, Seat, View

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, game: Game, view: View, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomBot()"
