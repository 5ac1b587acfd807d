"""Tournament fixtures: a CliRunner on a fresh database, and the toy cooperative game registered."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dinocli import games
from dinocli.cli import cli


class Dino:
    """Runs dinocli commands against one database file."""

    def __init__(self, db):
        self.db = str(db)
        self.runner = CliRunner()

    def __call__(self, *args):
        """Run a command; return the click Result (stdout and stderr kept apart)."""
        return self.runner.invoke(cli, ["--db", self.db, "--color", "never", *map(str, args)])

    def json(self, *args):
        """Run a command with --json, assert success and decode stdout."""
        r = self(*args, "--json")
        assert r.exit_code == 0, (r.stdout, r.stderr, r.exception)
        return json.loads(r.stdout)


@pytest.fixture
def dino(tmp_path):
    return Dino(tmp_path / "games.sqlite")


@pytest.fixture
def coop(monkeypatch):
    """Register the toy cooperative game for one test (in-process runs only)."""
    monkeypatch.setitem(games.GAMES, "toycoop", "tests.tournament.coopgame")
    return games.get("toycoop")
