"""Fresh `dinocli` processes (issue 17): every command as a user runs it, so that nothing hides
behind modules an in-process test happened to import first."""

from __future__ import annotations

import json
import os
import re
import resource
import sqlite3
import subprocess
from pathlib import Path

import pytest
from tests.clirunner import DINOCLI

ROOT = Path(__file__).resolve().parents[2]
SAVES = sorted((ROOT / "saves").glob("*.jsonl"))
MEMORY = 1 << 30  # address space a process may take (ulimit -v): a reader that slurps /dev/zero dies


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str, db: str | os.PathLike | None = None, input: bytes | None = None, timeout: float = 60,
        env: dict | None = None, cwd: str | os.PathLike | None = None) -> subprocess.CompletedProcess:
    """Run ``dinocli [--db DB] ARGS`` as its own process, memory bounded; stdout/stderr as text."""
    cmd = [DINOCLI, *(["--db", str(db)] if db is not None else []), *map(str, args)]
    base = {k: v for k, v in os.environ.items() if k not in ("DINOCLI_DB", "NO_COLOR")}
    proc = subprocess.run(cmd, input=input if input is not None else b"", capture_output=True, timeout=timeout,
                          env={**base, "DINOCLI_BOT_DELAY": "0", **(env or {})}, cwd=cwd, preexec_fn=_limits)
    proc.stdout = proc.stdout.decode("utf-8", "replace")
    proc.stderr = proc.stderr.decode("utf-8", "replace")
    return proc


def refused(proc: subprocess.CompletedProcess, code: int, pattern: str = "") -> None:
    """The process refused with exit ``code`` and one line on stderr matching ``pattern``."""
    err = proc.stderr
    assert "Traceback" not in err and "Traceback" not in proc.stdout, err
    assert proc.returncode == code, (proc.returncode, err, proc.stdout[-500:])
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0], err
    assert re.search(pattern, lines[0]), (pattern, lines[0])


def ok(proc: subprocess.CompletedProcess, pattern: str = "") -> None:
    """The process succeeded, printed no traceback, and its stdout matches ``pattern``."""
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, (proc.returncode, proc.stderr, proc.stdout[-500:])
    assert re.search(pattern, proc.stdout, re.S), (pattern, proc.stdout[-1000:])


class Shared:
    """One database for the whole folder: the four saves imported and a dingo game you play against rex."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.db = folder / "shared.sqlite"
        self.ids: dict[str, str] = {}
        for path in SAVES:
            ok(run("import", path, "--json", db=self.db))
        for r in json.loads(run("games", "--json", db=self.db).stdout):
            self.ids[r["kind"]] = r["game"]
        made = json.loads(run("new", "dingo", "--bots", "1", "--seed", "7", "--json", db=self.db).stdout)
        self.live = made["game"]
        self.live_action = json.loads(run("actions", self.live, "--json", db=self.db).stdout)["actions"][0]
        self.export = folder / "dingo.jsonl"
        ok(run("export", self.ids["dingo"], "-o", self.export, db=self.db))

    def copy(self, folder: Path) -> Path:
        """A private copy of the shared database, for commands that change it."""
        return copy_db(self.db, folder / "copy.sqlite")


@pytest.fixture(scope="session")
def shared(tmp_path_factory) -> Shared:
    return Shared(tmp_path_factory.mktemp("process"))


@pytest.fixture(scope="session")
def empty_db(tmp_path_factory) -> Path:
    """A database with the schema and no game: a process given a copy skips creating one (a tenth of a second)."""
    from dinocli.events.store import Store

    path = tmp_path_factory.mktemp("empty") / "empty.sqlite"
    Store.open(path).close()
    return path


def copy_db(source: Path, target: Path) -> Path:
    """``target`` as a consistent copy of the database ``source`` (SQLite's backup)."""
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    src.backup(dst)
    src.close()
    dst.close()
    return target
