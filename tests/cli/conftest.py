"""CLI fixtures: a CliRunner bound to a fresh database file."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dinocli.cli import cli


class Dino:
    """Runs dinocli commands against one database."""

    def __init__(self, db):
        self.db = str(db)
        self.runner = CliRunner()

    def __call__(self, *args, input=None):
        """Run a command; return the click Result."""
        return self.runner.invoke(cli, ["--db", self.db, "--color", "never", *map(str, args)], input=input,
                                  catch_exceptions=False)

    def json(self, *args):
        """Run a command with --json and decode its stdout (asserting success)."""
        r = self(*args, "--json")
        assert r.exit_code == 0, r.output
        return json.loads(r.stdout)


@pytest.fixture
def db_file(tmp_path):
    """The database file of the CLI runs (``dino``) and the service (``svc``)."""
    return tmp_path / "games.sqlite"


@pytest.fixture
def dino(db_file):
    return Dino(db_file)
