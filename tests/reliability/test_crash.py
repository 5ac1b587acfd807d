"""Crash safety (issue 11): a worker appending to the store is killed with SIGKILL at random moments.

Each kill comes after a counted, random number of appends has returned (plus a random few
milliseconds), never after a wall-clock delay: a loaded machine slows the worker, not the test.

One database is reused across every kill. After each kill the database must open (SQLite
recovers the WAL), pass ``PRAGMA integrity_check``, hold every command whose append had
returned, hold no half-written command (the rules are re-run over the games the worker may
have been writing, so a command cut short diverges) and verify its hash chain.
"""

from __future__ import annotations

import os
import random
import signal

import pytest

from dinocli.events.store import Store
from dinocli.service import Service

from .conftest import add_figure, size

KILLS = size(200, 2000)


def check_after_kill(db, reported: dict[int, str], suspects: set[str]) -> Store:
    """Every check of one kill; the store is left open for more."""
    store = Store.open(db)
    conn = store.connection
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    present = dict(conn.execute("SELECT id, game_id FROM events WHERE id IN (SELECT value FROM json_each(?))",
                                [f"[{','.join(map(str, reported))}]"]).fetchall())
    assert present == reported, "an append that returned is missing after a kill"
    newest = conn.execute("SELECT id FROM games ORDER BY created DESC, rowid DESC LIMIT 1").fetchone()
    if newest:
        suspects.add(newest[0])
    # a game is created together with its setup events, in one transaction
    assert conn.execute("SELECT count(*) FROM branches WHERE name = 'main' AND head IS NULL").fetchone()[0] == 0
    svc = Service(store)
    for gid in suspects:
        # the whole tree's hash chain, then the rules over the branch: a command cut short diverges
        n = svc.verify(gid).events
        assert n == conn.execute("SELECT count(*) FROM events WHERE game_id = ?", [gid]).fetchone()[0]
    return store


@pytest.mark.long(10)
def test_sigkill_at_random_moments_loses_no_returned_append_and_leaves_no_half_command(zygote, tmp_path):
    """Issue 11, crash safety: >= 200 SIGKILLs (2,000 with DINOCLI_RELIABILITY=large) of a worker
    playing Dingo between random bots through the service, one database throughout."""
    db = tmp_path / "crash.sqlite"
    rnd = random.Random(1111)
    reported: dict[int, str] = {}
    appends_seen = 0
    for k in range(KILLS):
        pid = zygote.fork(f"crash {db} kill{k}")
        want = rnd.randint(1, 6)
        got = zygote.wait_reports(pid, want)
        zygote.drain(rnd.uniform(0.0, 0.004))   # land somewhere inside the next append
        os.kill(pid, signal.SIGKILL)
        sig, _code = zygote.reap(pid)
        lines = zygote.take(pid)
        errors = [x["error"] for x in lines if "error" in x]
        assert not errors, errors
        assert got >= want, f"kill {k}: the worker reported {got} appends of the {want} awaited"
        assert sig == signal.SIGKILL
        suspects = set()
        for x in lines:
            reported[x["head"]] = x["game"]
            suspects.add(x["game"])
        appends_seen += len(lines)
        check_after_kill(db, reported, suspects).close()
    svc = Service(Store.open(db))
    try:
        games = svc.store.games()
        for rec in games:
            svc.verify(rec.id)
        finished = sum(1 for rec in games if rec.result is not None)
    finally:
        svc.close()
    add_figure("kills", KILLS)
    add_figure("appends returned before a kill", appends_seen)
    assert len(games) > 1 and finished >= 1
