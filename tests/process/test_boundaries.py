"""Issue 17, item by item: each boundary as a user meets it (fresh processes where import order,
files or the terminal matter; in-process where a failure must be injected)."""

from __future__ import annotations

import json
import os
import pty
import select
import sqlite3
import stat
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dinocli.cli import cli

from .conftest import DINOCLI, SAVES, ok, refused, run

HOSTILE = "ann\x1b]0;owned\x07\x1b[2J\u202eevil\x00\x9b"
UNSAFE = ("\x1b", "\x07", "\u202e", "\x00", "\x9b")


def _tamper(db: Path, sql: str, *args) -> None:
    """Change the database the way someone with the file could (triggers dropped)."""
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    conn.execute(sql, args)
    conn.commit()
    conn.close()


def _game(db: Path, *args: str) -> str:
    proc = run("new", *args, "--no-play", "--json", db=db)
    ok(proc)
    return json.loads(proc.stdout)["game"]


# -- terminal-safe output ---------------------------------------------------------------------

def test_a_hostile_seat_name_reaches_no_terminal_but_json_keeps_it_exact(tmp_path):
    """Issue 17 "Terminal injection": names with escapes, bell, NUL, C1 and U+202E are shown escaped."""
    db = tmp_path / "h.sqlite"
    gid = _game(db, "dodos", "--player", "ann", "--bots", "1")
    seats = [{"name": HOSTILE, "bot": None}, {"name": "rex", "bot": "mcts:easy"}]
    _tamper(db, "UPDATE games SET seats = ?, created = ?", json.dumps(seats), "2026\x1b[31m-01-01")
    shown = [run(*cmd, db=db) for cmd in (["games"], ["show", gid], ["log", gid], ["replay", gid], ["undo", gid])]
    for proc in shown:
        text = proc.stdout + proc.stderr
        assert "Traceback" not in text
        assert not [c for c in UNSAFE if c in text], (proc.args, text[:300])
    assert "\\x1b]0;owned\\x07" in shown[0].stdout and "\\u202eevil" in shown[0].stdout
    assert "\\x1b[31m" in shown[0].stdout
    exact = json.loads(run("games", "--json", db=db).stdout)
    assert exact[0]["seats"][0] == HOSTILE  # --json stays exact
    comp = run(env={"_DINOCLI_COMPLETE": "bash_complete", "COMP_LINE": f"dinocli --db {db} show ",
                    "COMP_POINT": str(len(f"dinocli --db {db} show "))})
    assert gid in comp.stdout and not [c for c in UNSAFE if c in comp.stdout]
    seats_comp = run(env={"_DINOCLI_COMPLETE": "bash_complete", "COMP_LINE": f"dinocli --db {db} log {gid} --as ",
                          "COMP_POINT": str(len(f"dinocli --db {db} log {gid} --as "))})
    assert "rex" in seats_comp.stdout and not [c for c in UNSAFE if c in seats_comp.stdout]


def test_the_prompt_escapes_a_bell_and_a_right_to_left_override(tmp_path):
    """Issue 17: at the prompt a bell and U+202E in a name are shown escaped, not obeyed."""
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input

    from dinocli.repl import Repl
    from dinocli.service import Service
    from tests.repl.conftest import Recorder

    svc = Service.open(str(tmp_path / "r.sqlite"))
    g = svc.new_game("sos", players=["ann"])
    svc.store.connection.execute("UPDATE games SET seats = ?", (json.dumps([{"name": "a\x07b\u202ec", "bot": None}]),))
    out = Recorder()
    with create_pipe_input() as inp:
        inp.send_text("help\r")
        inp.close()
        Repl(svc, g.id, input=inp, output=out, fast=True, history=InMemoryHistory()).loop()
    svc.close()
    assert "\x07" not in out.text and "\u202e" not in out.text
    assert "a\\x07b\\u202ec" in out.text


def test_safe_escapes_every_control_and_bidi_character_and_keeps_our_colours():
    from dinocli.safe import safe, safe_block

    for c in [*map(chr, range(0x20)), "\x7f", *map(chr, range(0x80, 0xa0)), "\u202a", "\u202e", "\u2066", "\u2069",
              "\u200f", "\u2028"]:
        assert c not in safe(f"a{c}b")
    assert safe("plain Ünïcode ♣ text") == "plain Ünïcode ♣ text"
    assert safe_block("two\nlines") == "two\nlines"
    coloured = "\x1b[31mred\x1b[0m"
    assert safe_block(coloured, colour=True) == coloured
    assert "\x1b" not in safe_block(coloured, colour=False)
    for hostile in ("\x1b[8mhidden", "\x1b]0;title\x07", "\x1b[2J", "\x1b[1;1H"):
        assert "\x1b" not in safe_block(hostile, colour=True)


# -- names and bot specs on import, as on new ---------------------------------------------------

def _relog(path: Path, tmp_path: Path, change) -> Path:
    """A save's header changed by ``change(header)``, its genesis recomputed, with no events."""
    from dinocli.events.chain import genesis_hash

    header = json.loads(path.read_text().splitlines()[0])
    change(header)
    header["genesis"] = genesis_hash(header)
    footer = {"footer": True, "count": 0, "final_hash": header["genesis"], "result": None, "seed": None}
    out = tmp_path / f"changed-{path.name}"
    out.write_text(json.dumps(header) + "\n" + json.dumps(footer) + "\n")
    return out


def _log_with(tmp_path, monkeypatch, *, players=("ann",), bots=("random",)) -> bytes:
    """The log of a new sos game whose seats `new` would refuse (its checks switched off to make it)."""
    import dinocli.service as service

    with monkeypatch.context() as m:
        m.setattr(service, "check_names", lambda names: None)
        m.setattr(service, "check_spec_text", lambda s: s)
        m.setattr("dinocli.ai.spec.parse_spec", lambda s: None)
        svc = service.Service.open(str(tmp_path / "made.sqlite"))
        gid = svc.new_game("sos", players=list(players), bots=list(bots), seed="4").id
        data = "".join(svc.export_lines(gid)).encode()
        svc.close()
    return data


@pytest.mark.parametrize("names", [["x" * 10_000], ["a\x00b"], ["a\x1b[2Jb"], ["r\u202eex"], ["ann", "ANN"]])
def test_import_refuses_names_new_refuses(tmp_path, monkeypatch, names):
    """Issue 17: an imported name may not be 10,000 characters, hold NUL or escapes, or repeat another."""
    from dinocli.events.log import LogRejected
    from dinocli.service import Service

    data = _log_with(tmp_path, monkeypatch, players=names)
    svc = Service.open(str(tmp_path / "i.sqlite"))
    with pytest.raises(LogRejected, match="player name"):
        svc.import_log(data)
    assert svc.store.games() == []
    svc.close()


def test_import_refuses_a_bot_spec_with_a_carriage_return(tmp_path, monkeypatch):
    log = tmp_path / "cr.jsonl"
    log.write_bytes(_log_with(tmp_path, monkeypatch, bots=["\r\nrules"]))
    refused(run("import", log, db=tmp_path / "i.sqlite"), 4, r"bot spec '\\r\\nrules'")


# -- bounded reads ------------------------------------------------------------------------------

def test_an_endless_stdin_stops_at_the_size_limit_in_bounded_memory(tmp_path):
    """Issue 17: `import -` from an endless stream fails with one line, within the 1 GiB ulimit."""
    from .conftest import _limits

    with open("/dev/zero", "rb") as zero:
        t = time.perf_counter()
        proc = subprocess.run([DINOCLI, "--db", str(tmp_path / "z.sqlite"), "import", "-"], stdin=zero,
                              capture_output=True, text=True, timeout=60, preexec_fn=_limits)
    refused(proc, 4, r"the log is more than [\d,]+ bytes, over the limit of [\d,]+")
    assert time.perf_counter() - t < 30


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    refused(run("import", fifo, db=tmp_path / "f.sqlite", timeout=20), 1, r"is a FIFO, not a regular file")
    refused(run("replay", fifo, db=tmp_path / "f.sqlite", timeout=20), 1, r"is a FIFO")


def test_replay_refuses_a_header_config_import_refuses(tmp_path):
    """Issue 17: `replay FILE` on a malformed header config is one line, as import."""
    sos = next(p for p in SAVES if p.name.startswith("sos"))
    for change in (lambda h: h["config"].update(names=5), lambda h: h["config"].update(variants=["bogus"])):
        bad = _relog(sos, tmp_path, change)
        refused(run("replay", bad), 4, r"log rejected: line 1: bad config")


# -- atomic exports -----------------------------------------------------------------------------

@pytest.mark.long(4)
def test_export_replaces_only_regular_files_and_dash_is_stdout(tmp_path, shared):
    gid = shared.ids["sos"]
    target = tmp_path / "kept.txt"
    target.write_text("keep me")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    refused(run("export", gid, "-o", link, db=shared.db), 1, r"is a symbolic link: not replaced")
    assert target.read_text() == "keep me" and link.is_symlink()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    refused(run("export", gid, "-o", fifo, db=shared.db, timeout=20), 1, r"is a FIFO: not replaced")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    proc = run("export", gid, "-o", "-", db=shared.db, cwd=tmp_path)
    ok(proc, r'^\{"format":"dinocli-log"')
    assert not (tmp_path / "-").exists()
    old = tmp_path / "old.jsonl"
    old.write_text("old\n")
    ok(run("export", gid, "-o", old, db=shared.db))
    assert old.read_text().startswith('{"format"')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "kept.txt", "link.jsonl", "old.jsonl"]


def test_a_failed_export_leaves_nothing_behind_and_the_old_file_as_it_was(tmp_path, monkeypatch):
    """Issue 17: a failure mid-write leaves no PATH.part and does not touch the file there."""
    from dinocli.service import Service

    db = tmp_path / "e.sqlite"
    svc = Service.open(str(db))
    gid = svc.new_game("sos", bots=["random"]).id
    svc.close()
    out = tmp_path / "x.jsonl"
    out.write_text("previous\n")

    def broken(self, game_id, as_seat=None, **_options):
        yield '{"format":"dinocli-log"}\n'
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Service, "export_lines", broken)
    r = CliRunner().invoke(cli, ["--db", str(db), "export", gid, "-o", str(out)])
    assert r.exit_code == 1 and "No space left on device" in r.stderr and "Traceback" not in r.output
    assert out.read_text() == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("e.sqlite")) == ["x.jsonl"]


def test_a_missing_export_folder_is_reported_as_the_folder(tmp_path, shared):
    proc = run("export", shared.ids["sos"], "-o", tmp_path / "nope" / "x.jsonl", db=shared.db)
    refused(proc, 1, r"folder .*nope does not exist \(create it with: mkdir -p .*nope\)")
    assert ".part" not in proc.stderr and not (tmp_path / "nope").exists()


# -- --db -------------------------------------------------------------------------------------

def test_db_is_a_plain_path_not_an_sqlite_uri(tmp_path):
    """Issue 17: `file:...?mode=memory` names a file (the game is kept); `?nolock=1` turns nothing off."""
    proc = run("--db", "file:games.db?mode=memory", "new", "sos", "--bots", "1", "--no-play", "--json", cwd=tmp_path)
    ok(proc)
    gid = json.loads(proc.stdout)["game"]
    assert (tmp_path / "file:games.db?mode=memory").is_file()
    ok(run("--db", "file:games.db?mode=memory", "show", gid, cwd=tmp_path))
    ok(run("--db", "plain.db?nolock=1", "games", cwd=tmp_path))
    assert (tmp_path / "plain.db?nolock=1").is_file()


def test_db_in_a_missing_folder_says_how_to_create_it(tmp_path):
    proc = run("--db", tmp_path / "a" / "b" / "games.db", "games")
    refused(proc, 5, r"folder .*/a/b does not exist \(create it with: mkdir -p .*/a/b\)")
    assert not (tmp_path / "a").exists()


# -- stored records of the wrong shape: one line, not a traceback --------------------------------

DEEP = "[" * 100_000 + "]" * 100_000
CORRUPTIONS = {
    "config is an array": ("UPDATE games SET config = '[]'",),
    "config has no names": ("UPDATE games SET config = '{\"names\": 5}'",),
    "seats is text": ("UPDATE games SET seats = '\"x\"'",),
    "seat name is a number": ("UPDATE games SET seats = '[{\"name\": 5, \"bot\": null}]'",),
    "meta is a number": ("UPDATE games SET meta = '5'",),
    "take-overs are a list": ("UPDATE games SET meta = '{\"takeovers\": [\"x\"]}'",),
    "a take-over seats nobody": ("UPDATE games SET meta = ?", '{"takeovers": {"t": {"seats": [], "seat": 0, '
                                 '"at": 1, "from": "main"}}}'),
    "a take-over's seat is out of range": ("UPDATE games SET meta = ?", '{"takeovers": {"t": {"seats": [{"name": '
                                           '"ann", "bot": null}, {"name": "rex", "bot": "random"}], "seat": 7, '
                                           '"at": 1, "from": "main"}}}'),
    "result is an array": ("UPDATE games SET result = '[1]'",),
    "version is not a number": ("UPDATE events SET v = 'abc' WHERE seq = 2",),
    "config nested 100,000 deep": ("UPDATE games SET config = ?", DEEP),
    "body nested 100,000 deep": ("UPDATE events SET body = ? WHERE seq = 2", DEEP),
}


@pytest.mark.parametrize("how", sorted(CORRUPTIONS))
def test_a_corrupt_record_is_one_line(tmp_path, how):
    """Issue 17: valid JSON of the wrong shape, a non-numeric version, deep nesting (undo, show, log,
    games, replay --verify)."""
    from dinocli.service import Service

    db = tmp_path / "c.sqlite"
    svc = Service.open(str(db))
    gid = svc.new_game("dingo", players=["ann"], bots=["random"], seed="1").id
    svc.close()
    _tamper(db, *CORRUPTIONS[how])
    runner = CliRunner()
    for args in (["undo", gid], ["show", gid], ["log", gid], ["games"], ["replay", "--verify", gid]):
        r = runner.invoke(cli, ["--db", str(db), *args])
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
        if r.exit_code:
            assert r.exit_code in (1, 5) and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


def test_a_corrupt_take_over_is_one_line_in_a_fresh_process(tmp_path):
    """A take-over seating of the wrong shape (a hostile edit) is a corrupt record, not a traceback."""
    db = tmp_path / "c.sqlite"
    gid = _game(db, "dingo", "--bots", "1", "--seed", "1")
    _tamper(db, *CORRUPTIONS["take-overs are a list"])
    for args in (("show", gid), ("verify", gid), ("games",)):
        refused(run(*args, db=db), 5, r"the database is corrupt \(game \w+: its take-over seatings are not")


def test_a_corrupt_version_is_one_line_in_a_fresh_process(tmp_path):
    db = tmp_path / "c.sqlite"
    gid = _game(db, "dingo", "--bots", "1", "--seed", "1")
    _tamper(db, "UPDATE events SET v = 'abc' WHERE seq = 2")
    refused(run("show", gid, db=db), 5, r"the database is corrupt \(event \d+: .*version 'abc'")


# -- messages ---------------------------------------------------------------------------------

def test_undo_more_steps_than_decisions_says_how_many_there_are(tmp_path):
    from dinocli.service import Service

    db = tmp_path / "u.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("sos", players=["ann"], seed="3")
    for _ in range(2):
        g, _p = svc.move(g.id, g.legal_texts()[0])
    head = g.head
    svc.close()
    r = CliRunner().invoke(cli, ["--db", str(db), "undo", g.id, "--steps", "5"])
    assert r.exit_code == 1 and "only 2 have been made" in r.stderr and "--steps 2" in r.stderr
    svc = Service.open(str(db))
    assert svc.load(g.id).head == head  # nothing moved
    svc.close()


# -- concurrency ------------------------------------------------------------------------------

def test_move_expect_head_plays_only_on_the_position_seen(tmp_path):
    """Issue 17: `move --expect-head N` (N from show --json) conflicts once the game moved."""
    db = tmp_path / "m.sqlite"
    gid = _game(db, "sos", "--player", "ann", "--seed", "5")
    head = json.loads(run("show", gid, "--json", db=db).stdout)["head"]
    first = json.loads(run("actions", gid, "--json", db=db).stdout)["actions"][0]
    ok(run("move", gid, "--expect-head", head, first, db=db))
    again = json.loads(run("actions", gid, "--json", db=db).stdout)["actions"][0]
    proc = run("move", gid, "--expect-head", head, again, db=db)
    refused(proc, 3, r"conflict: .*nothing was played")


# -- a full disk while the bots reply ----------------------------------------------------------

def test_a_bot_reply_that_cannot_be_saved_says_the_move_was(tmp_path, monkeypatch):
    """Issue 17: on a full disk `move` saved the person's move; the message must say so."""
    from dinocli.events.store import DatabaseUnavailable
    from dinocli.service import Service

    db = tmp_path / "d.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("dingo", players=["ann"], bots=["random"], seed="2")
    while not g.is_human(g.to_move):
        svc.bot_step(g)
    action, head = g.legal_texts()[0], g.head
    svc.close()

    def full(self, g):
        raise DatabaseUnavailable(f"{db}: database or disk is full")

    monkeypatch.setattr(Service, "bot_step", full)
    r = CliRunner().invoke(cli, ["--db", str(db), "move", g.id, action])
    assert r.exit_code == 5, r.output
    assert len(r.stderr.strip().splitlines()) == 1
    assert f"your move '{action}' was saved" in r.stderr and "disk is full" in r.stderr
    svc = Service.open(str(db))
    assert svc.load(g.id).head != head
    svc.close()


# -- the database file changing under an open session -------------------------------------------

def _open_game(tmp_path):
    from dinocli.service import Service

    db = tmp_path / "p.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("sos", players=["ann"], seed="9")
    return db, svc, g


@pytest.mark.parametrize("how", ["deleted", "replaced", "wal removed"])
def test_a_database_file_changed_under_a_session_stops_before_acknowledging(tmp_path, how):
    """Issue 17: deleted, replaced, or its -wal removed: the next move is refused, nothing 'Saved'."""
    from dinocli.events.store import DatabaseGone

    db, svc, g = _open_game(tmp_path)
    if how == "deleted":
        db.unlink()
    elif how == "replaced":
        other = tmp_path / "other.sqlite"
        other.write_bytes(db.read_bytes())
        os.replace(other, db)
    else:
        Path(f"{db}-wal").unlink()
    with pytest.raises(DatabaseGone, match=how.split()[-1] if how != "wal removed" else "-wal was deleted"):
        svc.move(g.id, g.legal_texts()[0])
    svc.close()


def test_a_database_moved_away_under_a_session_receives_nothing_it_was_not_said_to(tmp_path):
    """Issue 17: the file renamed while open (still reachable by its new name): the refused move is rolled back,
    not committed to the old file behind a message that says it was not saved."""
    from dinocli.events.store import DatabaseGone

    db, svc, g = _open_game(tmp_path)
    count = "SELECT count(*) FROM events"
    before = svc.store.connection.execute(count).fetchone()[0]
    db.rename(tmp_path / "moved.sqlite")
    with pytest.raises(DatabaseGone, match="deleted"):
        svc.move(g.id, g.legal_texts()[0])
    assert svc.store.connection.execute(count).fetchone()[0] == before
    assert not svc.store.connection.in_transaction
    svc.close()


def _read_pty(fd: int, until: bytes, timeout: float) -> bytes:
    """What a pseudo-terminal shows until ``until`` appears, the program ends or time runs out."""
    out, deadline = b"", time.time() + timeout
    while until not in out and (left := deadline - time.time()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the program closed its terminal
            break
        if not chunk:
            break
        out += chunk
    return out


def test_play_stops_with_one_line_when_its_database_is_replaced(tmp_path):
    """Issue 17: with `play` open (in a terminal), replacing the database ends the session, exit 5, no 'Saved'."""
    db = tmp_path / "p.sqlite"
    gid = _game(db, "sos", "--player", "ann", "--seed", "9")
    action = json.loads(run("actions", gid, "--json", db=db).stdout)["actions"][0]
    master, slave = pty.openpty()
    proc = subprocess.Popen([DINOCLI, "--db", str(db), "play", gid], stdin=slave, stdout=slave,
                            stderr=subprocess.PIPE, env={**os.environ, "DINOCLI_BOT_DELAY": "0", "TERM": "dumb"})
    os.close(slave)
    try:
        shown = _read_pty(master, b"ann>", 60)   # the prompt is up
        assert b"ann>" in shown, shown[-500:]
        copy = tmp_path / "copy.sqlite"
        copy.write_bytes(db.read_bytes())
        os.replace(copy, db)
        os.write(master, f"{action}\r".encode())
        out = _read_pty(master, b"\0", 60)
        proc.wait(timeout=60)
        err_text = proc.stderr.read().decode()
    finally:
        proc.kill()
        os.close(master)
    assert proc.returncode == 5, (out[-500:], err_text)
    assert "Traceback" not in err_text and len(err_text.strip().splitlines()) == 1
    assert "was replaced while dinocli had it open" in err_text
    assert b"Saved (every move is)" not in out


def test_an_export_killed_midway_leaves_nothing_behind(tmp_path, shared):
    """Issue 17: a killed export leaves no temporary file, and the file there as it was."""
    import signal

    target = tmp_path / "x.jsonl"
    target.write_text("previous\n")
    for delay in (0.05, 0.3, 0.6, 0.9):
        proc = subprocess.Popen([DINOCLI, "--db", str(shared.db), "export", shared.ids["dillos"], "-o", str(target)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["x.jsonl"]
        text = target.read_text()
        assert text == "previous\n" or text.endswith("}\n") and text.startswith('{"format"')
