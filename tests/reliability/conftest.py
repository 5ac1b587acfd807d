"""Reliability fixtures (issue 11): run sizes, the worker zygote, database fingerprints, figures.

The default sizes fit CI (the whole folder in well under a minute on two shared cores);
``DINOCLI_RELIABILITY=large`` runs the large sizes (2,000 kills and so on).
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import select
import sqlite3
import subprocess
import sys
import time

import pytest

LARGE = os.environ.get("DINOCLI_RELIABILITY", "").strip().lower() == "large"
WORKER = pathlib.Path(__file__).with_name("worker.py")

# what each test counted, printed at the end of the run
FIGURES: dict[str, int] = {}


def size(ci: int, large: int) -> int:
    """The run size: ``ci`` by default, ``large`` with DINOCLI_RELIABILITY=large."""
    return large if LARGE else ci


def add_figure(name: str, n: int) -> None:
    """Add to a figure reported in the terminal summary."""
    FIGURES[name] = FIGURES.get(name, 0) + n


def figures_line() -> str | None:
    """The counts (kills, races, hostile files, hypothesis examples) of this run, as one line."""
    if not FIGURES:
        return None
    mode = "large" if LARGE else "ci"
    return f"reliability ({mode}): " + ", ".join(f"{k} {v:,}" for k, v in FIGURES.items())


def fingerprint(path: str | os.PathLike) -> tuple[dict[str, int], str]:
    """Row counts of the store's tables and a sha256 of the whole database dump."""
    conn = sqlite3.connect(f"file:{pathlib.Path(path).resolve().as_posix()}?mode=ro", uri=True)
    try:
        counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: S608 - fixed names
                  for t in ("games", "events", "branches", "seeds")}
        digest = hashlib.sha256()
        for line in conn.iterdump():
            digest.update(line.encode())
        return counts, digest.hexdigest()
    finally:
        conn.close()


class Zygote:
    """The worker zygote (see worker.py): forks workers, reads their lines, reaps them."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     bufsize=0)
        self._buf = b""
        self.lines: list[str] = []   # every worker line read so far, in order

    def send(self, line: str) -> None:
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def _read(self, timeout: float) -> bool:
        """Read what is available (waiting up to ``timeout``); False on end of file."""
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            return True
        chunk = os.read(self.proc.stdout.fileno(), 65536)
        if not chunk:
            return False
        self._buf += chunk
        *done, self._buf = self._buf.split(b"\n")
        self.lines.extend(d.decode() for d in done)
        return True

    def until(self, prefix: str, timeout: float = 60.0) -> str:
        """Read until a line starting with ``prefix`` arrives (removed from ``lines``); that line."""
        deadline = time.monotonic() + timeout
        while True:
            for i, line in enumerate(self.lines):
                if line.startswith(prefix):
                    del self.lines[i]
                    return line
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(min(left, 0.5)):
                raise AssertionError(f"worker zygote: no {prefix!r} line (rc={self.proc.poll()})")

    def drain(self, seconds: float) -> None:
        """Keep reading for ``seconds`` (so that workers never block on a full pipe)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self._read(left)

    def wait_reports(self, pid: int, n: int, timeout: float = 60.0) -> int:
        """Read until worker ``pid`` has printed ``n`` lines (or ended); how many it has printed."""
        deadline = time.monotonic() + timeout
        tag = f"{pid} "
        while (have := sum(1 for line in self.lines if line.startswith(tag))) < n:
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(min(left, 0.5)):
                break
        return have

    def fork(self, command: str) -> int:
        """Fork a worker; its pid."""
        self.send(command)
        return int(self.until("pid ").split()[1])

    def reap(self, pid: int) -> tuple[int, int]:
        """Wait for a worker to end; (signal that ended it or 0, exit status or -1)."""
        self.send(f"wait {pid}")
        _, _, sig, code = self.until(f"dead {pid} ").split()
        return int(sig), int(code)

    def take(self, pid: int) -> list[dict]:
        """Remove and return the reports of one worker, decoded."""
        mine = [json.loads(line.split(" ", 1)[1]) for line in self.lines if line.startswith(f"{pid} ")]
        self.lines = [line for line in self.lines if not line.startswith(f"{pid} ")]
        return mine

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="session")
def zygote():
    z = Zygote()
    yield z
    z.close()
