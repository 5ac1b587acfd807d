"""Running dinocli commands in-process (click's CliRunner) against one database file."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from click.testing import CliRunner

from dinocli.cli import cli

# The installed `dinocli` beside the interpreter running the tests (an unactivated venv), else on PATH.
DINOCLI = shutil.which("dinocli", path=str(Path(sys.executable).parent)) or shutil.which("dinocli")


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
