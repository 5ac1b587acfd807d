"""The Bot protocol: what the CLI, the service and tournaments call."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from dinocli.games.protocol import Action, Game, Seat, View

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """A player that picks one of ``legal`` from what ``seat`` sees (``view``) and nothing else."""

    name: str

    def choose(self, game: Game, view: View, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        """One of ``legal``; ``rng`` seeds every random choice the bot makes."""
