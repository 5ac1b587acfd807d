"""Tournament fixtures: a CliRunner on a fresh database, and the toy cooperative game registered."""

from __future__ import annotations


import pytest

from dinocli import games
from tests.clirunner import Dino


@pytest.fixture
def dino(tmp_path):
    return Dino(tmp_path / "games.sqlite")


@pytest.fixture
def coop(monkeypatch):
    """Register the toy cooperative game for one test (in-process runs only)."""
    monkeypatch.setitem(games.GAMES, "toycoop", "tests.tournament.coopgame")
    return games.get("toycoop")
