"""The rule-based bot: the game's own greedy, explainable strategy (``game.strategy``)."""

from __future__ import annotations

import random

from dinocli.games.protocol import Action, Game, Seat, View

__all__ = ["RuleBot"]


class RuleBot:
    """Plays ``game.strategy(view, seat, legal, rng)``; remembers the last reason given."""

    name = "rules"

    def __init__(self) -> None:
        self.reason = ""

    def choose(self, game: Game, view: View, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        """The strategy's action (its reason is kept in ``self.reason``)."""
        action, self.reason = game.strategy(view, seat, legal, rng)
        return action

    def __repr__(self) -> str:
        return "RuleBot()"
