"""A database that cannot be used (issue 11): locked by another process, read-only, or corrupt.

Each gives a clear one-line error on stderr and exit code 5 — never a traceback — and reading
goes on working wherever SQLite allows it (a write lock does not block readers in WAL mode).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import platform
import random
import shutil
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner

from dinocli.cli import cli
from dinocli.events.store import Store
from dinocli.service import Service

COMMANDS = (("games",), ("show", "{gid}"), ("log", "{gid}"), ("export", "{gid}", "--as", "ann"), ("move", "{gid}", "{act}"),
            ("undo", "{gid}"), ("branch", "{gid}", "side"), ("new", "dingo", "--bots", "1", "--no-play"))
WRITES = {"move", "undo", "branch", "new"}


@pytest.fixture
def saved(tmp_path):
    """A database file with three Dingo games; (path, id of the last, a legal move in it)."""
    path = tmp_path / "games.sqlite"
    svc = Service.open(str(path))
    for i in range(3):
        g = svc.new_game("dingo", players=["ann"], bots=["random"], seed=f"u{i}", options={"goal": 3})
        list(svc.run_bots(g))
        g, _ = svc.move(g.id, g.legal_texts()[0])
        list(svc.run_bots(g))
    svc.close()
    return path, g.id, g.legal_texts()[0]


def run(path, args, gid: str, act: str):
    """One CLI command on ``path`` (in-process); the click Result."""
    args = [a.format(gid=gid, act=act) for a in args]
    return CliRunner().invoke(cli, ["--db", str(path), "--color", "never", *args], catch_exceptions=False)


def one_line_error(r, code: int = 5) -> str:
    """Assert exit ``code`` with exactly one line on stderr; that line."""
    assert r.exit_code == code, (r.exit_code, r.output)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("dinocli: "), r.stderr
    assert "Traceback" not in r.output
    return r.stderr


def writes_refused_reads_work(path, gid: str, act: str, said: str) -> None:
    """Every command of COMMANDS on ``path``: each write one line (exit 5) that says ``said``, each read works."""
    for args in COMMANDS:
        r = run(path, args, gid, act)
        if args[0] in WRITES:
            assert said in one_line_error(r)
        else:
            assert r.exit_code == 0, r.output


# -- locked -----------------------------------------------------------------------------------

HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "exclusive":
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
conn.execute("BEGIN IMMEDIATE")
if sys.argv[2] == "exclusive":
    conn.execute("UPDATE games SET meta = meta")
print("holding", flush=True)
sys.stdin.read()
"""


@contextlib.contextmanager
def held(path, mode: str):
    """Another process holding the database's write lock (``exclusive``: every lock) until the block ends."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), mode], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "holding"
        yield
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)


def test_a_write_lock_held_by_another_process_gives_one_line_and_readers_go_on(saved, monkeypatch):
    """Issue 11: while another process holds the write lock, every write gives up after the busy
    timeout with one line (exit 5) and changes nothing; reads work (WAL)."""
    path, gid, act = saved
    monkeypatch.setitem(Store.open.__func__.__kwdefaults__, "timeout", 0.2)
    before = run(path, ("show", "{gid}", "--json"), gid, act).stdout
    with held(path, "immediate"):
        writes_refused_reads_work(path, gid, act, "locked by another process (gave up after 0.2 s)")
    assert run(path, ("show", "{gid}", "--json"), gid, act).stdout == before
    assert run(path, ("move", "{gid}", "{act}"), gid, act).exit_code == 0   # the lock is gone: it works


def test_an_exclusive_lock_blocks_even_readers_with_one_line(saved, monkeypatch):
    """Issue 11: a process in exclusive locking mode keeps everyone out: one line each, exit 5."""
    path, gid, act = saved
    monkeypatch.setitem(Store.open.__func__.__kwdefaults__, "timeout", 0.2)
    with held(path, "exclusive"):
        for args in COMMANDS:
            assert "locked by another process" in one_line_error(run(path, args, gid, act))


# -- read-only ------------------------------------------------------------------------------

class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


_CAP_SYSCALLS = {"x86_64": (125, 126), "aarch64": (90, 91)}   # capget, capset
_CAP_DAC_OVERRIDE = 1


@contextlib.contextmanager
def file_permissions_apply():
    """Make file permissions bind this thread even when it runs as root (CI containers): drop the
    CAP_DAC_OVERRIDE capability from the effective set for the block (it stays permitted)."""
    if os.geteuid() != 0:
        yield
        return
    if platform.machine() not in _CAP_SYSCALLS:
        pytest.skip("running as root on an architecture whose capset number this test does not know")
    libc = ctypes.CDLL(None, use_errno=True)
    capget, capset = _CAP_SYSCALLS[platform.machine()]
    header, data = _CapHeader(0x20080522, 0), (_CapData * 2)()
    assert libc.syscall(capget, ctypes.byref(header), data) == 0
    effective = data[0].effective
    data[0].effective = effective & ~(1 << _CAP_DAC_OVERRIDE)
    assert libc.syscall(capset, ctypes.byref(header), data) == 0
    try:
        yield
    finally:
        data[0].effective = effective
        assert libc.syscall(capset, ctypes.byref(_CapHeader(0x20080522, 0)), data) == 0


def test_a_read_only_file_reads_and_refuses_writes_with_one_line(saved):
    """Issue 11: a read-only database file: `games`, `show`, `log`, `export` work; every write is one
    line (exit 5) and the file is unchanged."""
    path, gid, act = saved
    data = path.read_bytes()
    path.chmod(0o444)
    try:
        with file_permissions_apply():
            writes_refused_reads_work(path, gid, act, "the database is read-only")
    finally:
        path.chmod(0o644)
    assert path.read_bytes() == data


def test_a_read_only_file_in_a_read_only_folder_gives_one_line(saved):
    """Issue 11: with its folder read-only too, SQLite cannot create the WAL files: one line, exit 5."""
    path, gid, act = saved
    path.chmod(0o444)
    path.parent.chmod(0o555)
    try:
        with file_permissions_apply():
            for args in COMMANDS:
                assert "read-only" in one_line_error(run(path, args, gid, act))
    finally:
        path.parent.chmod(0o755)
        path.chmod(0o644)


# -- corrupt --------------------------------------------------------------------------------

def _garble_pages(data: bytearray, rnd: random.Random) -> bytearray:
    for page in range(1, len(data) // 4096):
        start = page * 4096 + 2500   # where SQLite keeps the cells
        data[start:start + 1000] = rnd.randbytes(1000)
    return data


def _other_sqlite(path) -> None:
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.commit()
    conn.close()


CORRUPTIONS = {
    "random bytes": lambda d, r: bytearray(r.randbytes(len(d))),
    "a text file": lambda d, r: bytearray(b"not a database\n" * 200),
    "cut in half": lambda d, r: d[: len(d) // 2],
    "cut after 50 bytes": lambda d, r: d[:50],
    "garbled pages": _garble_pages,
    "garbled JSON in the game records": lambda d, r: bytearray(bytes(d).replace(b'"names"', b'"n\x00mes"')),
    "an event body made longer": lambda d, r: bytearray(bytes(d).replace(b'{"card":', b'{"card":1')),
    "an event body altered in place": lambda d, r: bytearray(bytes(d).replace(b'"day":1', b'"day":2')),
    "an altered event tag": lambda d, r: bytearray(bytes(d).replace(b"dingo.card_played", b"dingo.card_plaied")),
}


@pytest.mark.parametrize("how", [*CORRUPTIONS, "another program's SQLite file", "a folder"])
def test_a_corrupt_file_gives_one_line_never_a_traceback(saved, how):
    """Issue 11: a damaged database (random bytes, cut short, garbled pages or JSON, an event changed
    behind the store's back, another program's SQLite file): one line, exit 5 (1 for a game the damage
    hid); a folder is refused by --db as a usage error (exit 2)."""
    path, gid, act = saved
    with Store.open(path) as store:   # the WAL folded back into the file: one file to damage
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    if how == "another program's SQLite file":
        _other_sqlite(path)
    elif how == "a folder":
        path.unlink()
        path.mkdir()
    else:
        data = CORRUPTIONS[how](bytearray(path.read_bytes()), random.Random(how))
        assert bytes(data) != path.read_bytes()
        path.write_bytes(bytes(data))
    failed = 0
    for args in COMMANDS:
        r = run(path, args, gid, act)
        if how == "a folder":   # refused by --db itself: a usage error
            assert r.exit_code == 2 and "is a directory" in r.stderr, r.output
            failed += 1
        elif r.exit_code != 0:
            # 1 only where the damage hid the game: "no game ..."
            line = one_line_error(r, 1 if "no game" in r.stderr else 5)
            failed += 1
            assert any(word in line for word in ("not a dinocli database", "corrupt", "malformed", "hash chain",
                                                  "no game", "not a database")), line
    assert failed, "the damage went unnoticed"
    if path.is_dir():
        shutil.rmtree(path)
