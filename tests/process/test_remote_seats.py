"""Issue 39, as real processes on 127.0.0.1: who is at the table (presence, `games`), `serve --bot-after S`,
undo over the network, a client killed and restarted, each batch checked once."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import time

import pytest

from tests.clirunner import DINOCLI, Dino
from tests.process.conftest import ok, run
from tests.process.test_remote import (SHORT, _clients, _connect, _events, _hello, _new, _recv, _start, _stop,
                                       _verified, server)  # noqa: F401  (the server fixture)

from dinocli.server import protocol as p
from dinocli.server.invites import parse_url
from dinocli.server.join import Seat


def _presence(ws, want, timeout: float = 30) -> p.Presence:
    """The first presence message for which ``want(message)`` holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = _recv(ws, timeout=deadline - time.monotonic(), presence=True)
        if isinstance(msg, p.Presence) and want(msg):
            return msg
    raise AssertionError("no such presence message")


def _answer(ws):
    """The next error or undone message (the events and presence sent meanwhile passed over)."""
    while True:
        msg = _recv(ws)
        if isinstance(msg, (p.Error, p.Undone)):
            return msg


@pytest.mark.long(15)
def test_bot_after_takes_the_seat_of_a_person_away_and_gives_it_back(tmp_path):
    """`serve --bot-after 1`: cleo never comes; once the game has waited for her a second a bot plays her seat,
    said to bob (presence: cleo "bot", away); the take-over is kept in the game's seating and `games` says so;
    cleo joining gives her the seat back (the stand-in's end recorded), and the game is played out and verified."""
    db = tmp_path / "served.sqlite"
    proc, url = _start(db, 0, "--bot-after", "1")
    try:
        made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--seed", "50", options=SHORT["dingo"])
        bob, cleo = (i["url"] for i in made["invites"])
        with _connect(bob) as ws:
            _hello(ws, bob)
            first = _presence(ws, lambda m: True)
            assert [s.status for s in first.seats] == ["here", "away"]
            taken = _presence(ws, lambda m: m.seats[1].status == "bot")
            assert taken.seats[1].bot == "rules" and taken.seats[1].away >= 1 and taken.waiting is None
            with sqlite3.connect(db) as conn:
                meta = json.loads(conn.execute("SELECT meta FROM games WHERE id = ?", (made["game"],)).fetchone()[0])
            assert [(s["seat"], s["bot"], s.get("until")) for s in meta["standins"]] == [(1, "rules", None)]
            ok(run("games", "--json", db=db), r'"cleo": "away \(rules stands in\)"')
        clients = _clients(made["invites"])
        _verified(clients, ("bob", "cleo"))
        with sqlite3.connect(db) as conn:
            meta = json.loads(conn.execute("SELECT meta FROM games WHERE id = ?", (made["game"],)).fetchone()[0])
        assert meta["standins"][0]["until"] is not None   # cleo came back: the bot stood down
    finally:
        _stop(proc)
    ok(run("verify", made["game"], db=db), "Verified")


def test_undo_over_the_network_under_the_games_rules(server):
    """An undo is the Table's to allow: another person's decision is never taken back, a stale or protocol 1
    undo is refused, each with one error and nothing changed; an allowed one is said to every seat (undone)."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--casual", "--seed", "51")
    bob, cleo = (i["url"] for i in made["invites"])
    with _connect(bob) as a, _connect(cleo) as b:
        _hello(a, bob)
        _hello(b, cleo)
        seats = {}
        for ws in (a, b):
            welcome, events = _recv(ws), _recv(ws)
            seats[ws] = (Seat(welcome), events)
            seats[ws][0].add(events.lines)
        mover = a if events.to_move == seats[a][0].seat else b
        other = b if mover is a else a
        seat = seats[mover][0]
        at = len(seat.lines)
        other.send(p.encode(p.Undo(at)))   # nobody has decided yet
        assert _answer(other).message == "nothing to undo: no decision has been made yet"
        mover.send(p.encode(p.Move(at, seat.choose("random", random.Random(1)))))
        moved = _recv(mover)
        while not isinstance(moved, p.Events):
            moved = _recv(mover)
        seat.add(moved.lines)
        before = _events(db, made["game"])
        other.send(p.encode(p.Undo(len(seat.lines))))   # the other person's decision: refused
        assert _answer(other).message.endswith("has decided since your last decision, and undo takes back only "
                                             "your own: nothing was undone")
        mover.send(p.encode(p.Undo(at)))   # stale
        assert _answer(mover).message.startswith(f"the game is at event {len(seat.lines)}, not {at}: nothing was undone")
        assert _events(db, made["game"]) == before
        mover.send(p.encode(p.Undo(len(seat.lines))))
        for ws in (mover, other):   # said to both
            undone = _answer(ws)
            assert isinstance(undone, p.Undone) and undone.at == at and undone.seat == seat.seat
    with _connect(bob) as old:   # protocol 1: no undo
        old.send(p.encode(p.Hello(1, made["game"], parse_url(bob)[2], 0)))
        assert isinstance(_recv(old), p.Welcome)
        _recv(old)
        old.send(p.encode(p.Undo(at)))
        assert _recv(old).message == "undo is a message of protocol 2 (this connection said hello in 1)"
    ok(run("verify", made["game"], db=db), "Verified")


@pytest.mark.long(5)
def test_a_client_killed_and_restarted_resumes_from_event_0(server):
    """SIGKILL of bob's `join` in the middle of a game; `join` run again catches up from event 0 (the server sends
    its whole view, checked batch by batch) and plays on; both clients verify the game, and so does the server."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "52")
    clients = _clients(made["invites"])
    try:
        deadline = time.monotonic() + 60
        while _events(db, made["game"]) < 100 and time.monotonic() < deadline:
            time.sleep(0.02)
        clients[0].send_signal(signal.SIGKILL)
        clients[0].communicate(timeout=10)
        assert clients[1].poll() is None, "the game ended before the kill"
        held = _events(db, made["game"])
        clients[0] = subprocess.Popen([DINOCLI, "join", made["invites"][0]["url"], "--bot", "random"],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        outs = _verified(clients, ("bob", "cleo"))
        assert "reconnected" not in outs[0] and _events(db, made["game"]) > held
    finally:
        for c in clients:
            if c.poll() is None:
                c.kill()
                c.communicate()
    ok(run("verify", made["game"], db=db), "Verified")


def test_each_batch_is_checked_once(tmp_path):
    """The client's checks are incremental: a view taken in many batches folds each event once (the old client
    verified the whole view again at every batch: quadratic). (The game is played to its end in this process:
    each of its thirty-odd moves a process of its own would add nothing this test looks at.)"""
    proc = run("new", "dingo", "--player", "bob", "--bot", "random", "--bot", "random", "--seed", "53", "--no-play",
               "--json", db=tmp_path / "g.sqlite")
    game = json.loads(proc.stdout)["game"]
    dino = Dino(tmp_path / "g.sqlite")
    while True:
        moved = dino("move", game, "1", "--json")
        if moved.exit_code or json.loads(moved.stdout).get("over"):
            break
    view = run("export", game, "--as", "bob", db=tmp_path / "g.sqlite").stdout.splitlines(keepends=True)
    lines = [ln for ln in view[1:-1] if ln.startswith('{"n"')]
    seat = Seat(p.Welcome(p.VERSION, game, 0, "bob", view[0]))
    assert len(lines) > 100 and _folds_in_batches(seat, lines, 5) == len(lines)


def _folds_in_batches(client, lines: list[str], size: int) -> int:
    """How many events ``client`` (a Seat or a Follower) folds taking ``lines`` in batches of ``size``."""
    folds = []
    original = client.game.fold_view
    client.game.fold_view = lambda v, e, hidden=False: folds.append(1) or original(v, e, hidden)
    try:
        for k in range(0, len(lines), size):
            client.add(lines[k:k + size])
    finally:
        del client.game.fold_view
    return len(folds)


def test_a_follower_checks_each_batch_once_and_refuses_a_line_that_breaks_the_chain(tmp_path):
    """The spectator's (and `bench serve`'s) client is incremental too: each event chained and folded once as
    its batch comes, the view the same as one batch would fold; a line altered, or left out, in a later batch
    is refused at that line (LogRejected) and changes nothing held."""
    from dinocli.events.log import LogRejected
    from dinocli.server.watch import Follower

    ok(run("new", "dingo", *["--bot", "random"] * 4, "--watch", "--fast", "--seed", "54", db=tmp_path / "g.sqlite"))
    game = json.loads(run("games", "--json", db=tmp_path / "g.sqlite").stdout)[0]["game"]
    view = run("export", game, "--as", "0", db=tmp_path / "g.sqlite").stdout.splitlines(keepends=True)
    lines = [ln for ln in view[1:-1] if ln.startswith('{"n"')]
    welcome = p.Welcome(p.VERSION, game, 0, "you", view[0])
    whole, seat = Follower(welcome, 0), Follower(welcome, 0)
    whole.add(lines)
    assert len(lines) > 100 and _folds_in_batches(seat, lines, 7) == len(lines) and seat.view == whole.view
    seat = Follower(welcome, 0)
    seat.add(lines[:40])
    held = (list(seat.lines), seat.view)
    altered = lines[40].replace('"hash":"', '"hash":"0', 1)
    for bad, line_no in (([altered, *lines[41:50]], 42), (lines[41:50], 42)):   # line 1 is the header
        with pytest.raises(LogRejected) as caught:
            seat.add(bad)
        assert caught.value.line == line_no and (seat.lines, seat.view) == held
    assert len(seat.add(lines[40:])) == len(lines) - 40 and seat.view == whole.view
