"""The registry of games: id -> package. Adding a game is one folder (its roles assembled by
assembly.load) and one line here."""

from __future__ import annotations

import importlib

from dinocli.events.codec import set_loader
from dinocli.events.collector import paused

from .assembly import GameFolderError
from .protocol import Game, GameError

__all__ = ["GAMES", "get", "all_games", "UnknownGame"]

GAMES: dict[str, str] = {
    "dillos": "dinocli.games.dillos",
    "dingo": "dinocli.games.dingo",
    "dodos": "dinocli.games.dodos",
    "sos": "dinocli.games.sos",
}


class UnknownGame(GameError):
    """A game id that is not registered."""


def get(game_id: str) -> Game:
    """The game registered as ``game_id`` (raise UnknownGame listing the known ids)."""
    module = GAMES.get(game_id)
    if module is None:
        raise UnknownGame(f"unknown game {game_id!r}; choose one of: {', '.join(sorted(GAMES))}")
    with paused():   # a game folder loads once: long-lived objects, no cycles
        game = getattr(importlib.import_module(module), "GAME", None)
    if game is None:
        raise GameFolderError(f"game folder of {game_id!r}: its __init__.py must set GAME = load(__name__)")
    return game


def all_games() -> list[Game]:
    """Every registered game, in id order."""
    return [get(g) for g in sorted(GAMES)]


def _load_events(prefix: str) -> None:
    """Import the game whose events are tagged ``prefix.*`` (the codec asks on an unknown tag)."""
    if prefix in GAMES:
        importlib.import_module(GAMES[prefix])


set_loader(_load_events)
