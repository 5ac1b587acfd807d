"""Issue 39, first slice: play over the network as real processes on loopback (a random free port): a whole
Dingo game played by `dinocli join --bot random` processes and a server-side bot, each client verifying it;
a seat never sent another seat's hidden cards before the rules reveal them; a wrong token, a token of another
game and a move out of turn each refused with one error, nothing changed (dinocli-protocol(5))."""

from __future__ import annotations

import json
import random
import re
import select
import signal
import sqlite3
import subprocess
import threading
import time

import pytest
from tests.clirunner import DINOCLI
from tests.process.conftest import ok, refused, run

from dinocli.server import protocol as p
from dinocli.server.invites import parse_url
from dinocli.server.join import VERIFIED, Seat

websockets_sync = pytest.importorskip("websockets.sync.client")


def _start(db, port: int = 0, *options: str) -> tuple[subprocess.Popen, str]:
    """`dinocli serve` on ``db`` (port 0: a free one): the process and its URL, once it listens."""
    proc = subprocess.Popen([DINOCLI, "--db", str(db), "serve", "--port", str(port), *options],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    line = proc.stdout.readline() if ready else ""
    found = re.search(r" on (ws://127\.0\.0\.1:\d+) ", line)
    if not found:
        proc.kill()
        raise AssertionError(f"the server did not start: {line!r} {proc.communicate()[1]!r}")
    return proc, found.group(1)


def _stop(proc: subprocess.Popen) -> tuple[str, str]:
    """SIGTERM, which must end the server cleanly (a bounded wait, then SIGKILL and a failure)."""
    proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise
    assert proc.returncode == 0 and "stopped" in out and "Traceback" not in err, (proc.returncode, out, err)
    return out, err


@pytest.fixture
def server(tmp_path):
    """`dinocli serve --port 0` on a fresh database: (db, url); stopped with SIGTERM, which must end it cleanly."""
    db = tmp_path / "served.sqlite"
    proc, url = _start(db)
    try:
        yield db, url
    finally:
        _stop(proc)


def _clients(invites) -> list[subprocess.Popen]:
    return [subprocess.Popen([DINOCLI, "join", i["url"], "--bot", "random"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for i in invites]


def _verified(clients, seats, timeout: float = 150) -> list[str]:
    """Each client ended verifying the whole game (killed if not within ``timeout``); their outputs."""
    outs = []
    try:
        for c, seat in zip(clients, seats):
            out, err = c.communicate(timeout=timeout)
            assert c.returncode == 0 and "Traceback" not in err, (c.returncode, err, out[-500:])
            assert f"as {seat}" in out and re.search(r"game over: .* won\n" + VERIFIED + r"\n\Z", out), out
            outs.append(out)
    finally:
        for c in clients:
            if c.poll() is None:
                c.kill()
                c.communicate()
    return outs


def _new(db, url, *args, kind: str = "dingo", options: dict | None = None) -> dict:
    """`dinocli new KIND ARGS --server URL --json`: {"game", "invites", "watch"}. With ``options`` (a game option
    `new` does not take, such as 'Dillos' round cap) the same game is made through the service in this process
    (ARGS: --remote, --bot, --variant and --seed only) and its seats invited as `new --remote` does."""
    if options is None:
        proc = run("new", kind, *args, "--server", url, "--json", db=db)
        ok(proc)
        return json.loads(proc.stdout)
    from dinocli.server.invites import invitations
    from dinocli.server.spectate import watch_link
    from dinocli.service import Service

    given: dict[str, list[str]] = {"--remote": [], "--bot": [], "--variant": [], "--seed": []}
    words = iter(args)
    for word in words:
        given[word].append(next(words))
    svc = Service.open(str(db))
    try:
        g = svc.new_game(kind, players=given["--remote"], bots=given["--bot"], variants=given["--variant"],
                         seed=given["--seed"][-1] if given["--seed"] else None, options=options)
        return {"game": g.id, "invites": invitations(svc.store, g, url), "watch": watch_link(svc.store, g.id, url)}
    finally:
        svc.close()


# Shorter games for the tests that play one to its end over the network, where each event is sent to every seat
# and a long game costs the server many times its length: 'Dillos between random bots nearly always runs to its
# round cap (50 rounds: some 1,800 events with three seats, minutes served), Dingo to 15 points some 670; capped at
# 8 rounds and played to 5 points they play the same rules, hidden cards and tiles, and end, in 350 and 200.
SHORT = {"dillos": {"max_rounds": 8}, "dingo": {"goal": 5}}


def _events(db, game) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT count(*) FROM events WHERE game_id = ?", (game,)).fetchone()[0]


@pytest.mark.long(6)
@pytest.mark.parametrize("kind, seats", [("dingo", ["--remote", "cleo", "--bot", "random"]),
                                         ("dodos", ["--remote", "cleo", "--bot", "random"]),
                                         ("dillos", ["--remote", "cleo", "--remote", "dan", "--variant", "houston"])])
def test_a_whole_game_over_loopback_every_client_verifies_it(server, kind, seats):
    """A game with hidden cards (DILLO-28: houston's face-down tiles): the remote seats played by `join --bot
    random` processes (and rex, the server's bot); each client verifies the whole game from the seed, and so
    does the server's `verify`."""
    db, url = server
    made = _new(db, url, "--remote", "bob", *seats, "--seed", "39", kind=kind, options=SHORT.get(kind))
    names = [i["seat"] for i in made["invites"]]
    assert names == ["bob", "cleo", "dan"][:len(names)] and len(names) == seats.count("--remote") + 1
    tokens = [parse_url(i["url"])[2] for i in made["invites"]]
    assert all(len(t) >= 22 for t in tokens) and len(set(tokens)) == len(names)   # >= 128 bits each
    with sqlite3.connect(db) as conn:   # only the tokens' hashes are kept
        dump = "\n".join(conn.iterdump())
    assert not any(t in dump for t in tokens)
    _verified(_clients(made["invites"]), names)
    ok(run("verify", made["game"], db=db), "Verified")


def _connect(url: str):
    server, game, _ = parse_url(url)
    return websockets_sync.connect(f"{server}/{game}", max_size=p.MAX_TO_CLIENT, open_timeout=10)


def _hello(ws, url: str, *, game: str | None = None, token: str | None = None) -> None:
    _, g, t = parse_url(url)
    ws.send(p.encode(p.Hello(p.VERSION, game or g, token or t, 0)))


def _recv(ws, timeout: float = 30, *, presence: bool = False):
    """The next message (a presence message skipped unless ``presence``)."""
    while True:
        msg = p.decode_to_client(ws.recv(timeout=timeout))
        if presence or not isinstance(msg, p.Presence):
            return msg


@pytest.mark.long(5)
@pytest.mark.parametrize("kind, variant", [("dingo", []), ("dodos", []), ("dillos", ["--variant", "houston"])])
def test_a_seat_is_never_sent_another_seats_hidden_cards(server, kind, variant):
    """DINGO and DODO hands (and DODO secret picks), DILLO-28 face-down tiles are hidden: every message bob's
    client receives before the end is checked against the full log: no salt or roll of an event hidden from
    bob, no seed, and a hidden event's content only once an event bob may see has shown it."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", *variant, kind=kind,   # 256-bit seed
                options=SHORT.get(kind))
    bob, cleo = (i["url"] for i in made["invites"])
    other = subprocess.Popen([DINOCLI, "join", cleo, "--bot", "random"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    received: list[str] = []
    stopped = None   # what bob's client refused: the leak checks below judge what was sent all the same
    try:
        with _connect(bob) as ws:
            _hello(ws, bob)
            seat, rng = None, random.Random(1)
            while True:
                data = ws.recv(timeout=60)
                msg = p.decode_to_client(data)
                if isinstance(msg, p.End):
                    break
                received.append(data)
                if isinstance(msg, p.Welcome):
                    seat = Seat(msg)
                elif isinstance(msg, p.Events):
                    seat.add(msg.lines)
                    if msg.to_move == seat.seat:
                        ws.send(p.encode(p.Move(len(seat.lines), seat.choose("random", rng))))
    except Exception as exc:
        stopped = exc
    finally:
        other.kill() if stopped else None
        other.communicate(timeout=60)
    proc = run("export", made["game"], "--with-seed", db=db)   # the whole log, finished or not
    ok(proc)
    full = [json.loads(ln) for ln in proc.stdout.splitlines()]
    footer, events = full[-1], [e for e in full if "n" in e]
    me = 0
    hidden = [e for e in events if e.get("seen") is not None and me not in e["seen"]]
    assert hidden, "the game hid nothing from bob: the test tests nothing"
    assert footer["seed"] not in "".join(received) and footer["seed_salt"] not in "".join(received)
    shown: set[str] = set()
    for data in received:
        msg = p.decode_to_client(data)
        lines = msg.lines if isinstance(msg, p.Events) else []
        views = [json.loads(ln) for ln in lines]
        shown |= {json.dumps(v["body"]) for v in views if v.get("commit") is None and v.get("body") is not None}
        for e in hidden:
            assert e["salt"] not in data and (e["rolls_salt"] is None or e["rolls_salt"] not in data)
            body = json.dumps(e["body"])
            assert body not in {json.dumps(v.get("body")) for v in views} or body in shown, (e["n"], body)
    assert stopped is None, stopped


def test_wrong_token_another_games_token_and_a_move_out_of_turn_are_refused(server):
    """Each gets one error message and nothing else; nothing is appended."""
    db, url = server
    a = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "41")
    b = _new(db, url, "--remote", "dan", "--bot", "random", "--seed", "42")
    game = a["game"]
    forged = a["invites"][0]["url"].split("#")[0] + "#" + "A" * 43
    refused(run("join", forged, "--bot", "random", timeout=30), 1, r"the server refused: unknown invitation token$")
    with _connect(a["invites"][0]["url"]) as ws:   # dan's token, said for game a
        _hello(ws, a["invites"][0]["url"], token=parse_url(b["invites"][0]["url"])[2])
        msg = _recv(ws)
        assert isinstance(msg, p.Error) and msg.message == f"this invitation is not for game {game}"
        with pytest.raises(Exception):   # nothing more: the server closed the connection
            ws.recv(timeout=5)
    with _connect(a["invites"][0]["url"]) as ws:
        _hello(ws, a["invites"][0]["url"])
        welcome, first = _recv(ws), _recv(ws)
        assert isinstance(welcome, p.Welcome) and isinstance(first, p.Events)
    waiting = 1 - first.to_move   # the remote seat not to move (rex moves at once, in the server)
    url_of = a["invites"][waiting]["url"]
    with _connect(url_of) as ws:
        _hello(ws, url_of)
        _recv(ws), _recv(ws)
        before = _events(db, game)
        ws.send(p.encode(p.Move(len(first.lines), "1")))
        msg = _recv(ws)
        assert isinstance(msg, p.Error) and re.fullmatch(r"it is \w+'s turn, not \w+'s: nothing was played",
                                                         msg.message), msg
        with pytest.raises(TimeoutError):   # nothing else is sent
            ws.recv(timeout=1)
    assert _events(db, game) == before


def test_malformed_oversized_and_out_of_order_messages_are_refused(server):
    """Not JSON, a move before the hello, an unknown field: one error each and the connection closed; a
    message over the size limit closes it unread (1009); nothing is appended."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--bot", "random", "--seed", "43")
    invite = made["invites"][0]["url"]
    before = _events(db, made["game"])
    for sent, said in [("{not json", "not a JSON message"),
                       (p.encode(p.Move(0, "1")), "the first message must be a hello"),
                       ('{"type":"hello","v":1,"game":"x","token":"' + "A" * 43 + '","seat":1}', "unknown field")]:
        with _connect(invite) as ws:
            ws.send(sent)
            msg = _recv(ws)
            assert isinstance(msg, p.Error) and said in msg.message, (sent, msg)
            with pytest.raises(Exception):
                ws.recv(timeout=5)
    with _connect(invite) as ws:
        ws.send("x" * (p.MAX_TO_SERVER + 1))
        with pytest.raises(Exception) as closed:
            ws.recv(timeout=5)
        assert getattr(getattr(closed.value, "rcvd", None), "code", None) == 1009, closed.value
    assert _events(db, made["game"]) == before


def test_new_remote_prints_one_invitation_per_person_and_refuses_server_alone(tmp_path):
    db = tmp_path / "g.sqlite"
    proc = run("new", "dingo", "--player", "ann", "--remote", "bob", "--bot", "random", "--server",
               "ws://127.0.0.1:9", db=db)
    ok(proc, r"New game \w+: .*ann, bob, rex \(random\)\n  ann: dinocli join 'ws://127\.0\.0\.1:9/\w+#[\w-]{43}'\n"
             r"  bob: dinocli join 'ws://127\.0\.0\.1:9/\w+#[\w-]{43}'\n"
             r"  spectators: dinocli watch 'http://127\.0\.0\.1:9/\w+/watch#[\w-]{43}' \(or open it in a browser\)\n"
             r"Serve it: dinocli .*serve --port 9\n\Z")
    refused(run("new", "dingo", "--bots", "2", "--server", "ws://127.0.0.1:9", db=db), 2, "add --remote NAME")
    before = run("games", "--json", db=db).stdout
    for bad in ("ws://127.0.0.1:9\x1b[31m/x", "http://127.0.0.1:9", "ws://127.0.0.1:port", "ws://h:9/x?y", "ws://"):
        refused(run("new", "dingo", "--remote", "bob", "--bot", "rules", "--server", bad, db=db), 2,
                "is not a server address: ws://HOST:PORT or wss://HOST:PORT")
    assert run("games", "--json", db=db).stdout == before   # nothing was stored


@pytest.mark.parametrize("server, flags", [
    (None, []), ("ws://127.0.0.1:8765", []), ("ws://localhost:8799", ["--port", "8799"]),
    ("ws://192.168.1.20:8765", ["--host", "192.168.1.20"]), ("ws://[::1]:9000", ["--host", "::1", "--port", "9000"]),
    ("wss://10.0.0.2:443", ["--host", "10.0.0.2", "--port", "443", "--certfile", "CERT.pem", "--keyfile", "KEY.pem"]),
    ("wss://dinocli.example.org", [])])
def test_the_serve_line_listens_where_the_invitations_lead(server, flags):
    """`new --remote --server URL` suggests the serve command whose address the invitations name (a host name,
    a reverse proxy's, is not one to bind: the server stays on loopback behind it)."""
    from dinocli.server.invites import serve_flags

    assert serve_flags(server) == flags


def test_a_client_stops_at_a_chain_the_server_broke(tmp_path):
    """A server that alters one event of the view it sends: the client says where and stops (exit 4)."""
    from websockets.sync.server import serve

    db = tmp_path / "g.sqlite"
    proc = run("new", "dingo", "--player", "bob", "--bot", "random", "--bot", "random", "--seed", "44",
               "--no-play", "--json", db=db)
    ok(proc)
    game = json.loads(proc.stdout)["game"]
    view = run("export", game, "--as", "bob", db=db).stdout.splitlines(keepends=True)
    lines = view[1:-1]
    forged = json.loads(lines[1])   # event 2 says another hash than its content's
    forged["hash"] = ("1" if forged["hash"][0] != "1" else "2") + forged["hash"][1:]
    lines[1] = json.dumps(forged, separators=(",", ":")) + "\n"

    def handler(ws):
        ws.recv(timeout=10)
        ws.send(p.encode(p.Welcome(p.VERSION, game, 0, "bob", view[0])))
        ws.send(p.encode(p.Events(lines, 1)))
        try:
            ws.recv(timeout=10)
        except Exception:
            pass

    with serve(handler, "127.0.0.1", 0) as fake:
        threading.Thread(target=fake.serve_forever, daemon=True).start()
        port = fake.socket.getsockname()[1]
        refused(run("join", f"ws://127.0.0.1:{port}/{game}#{'A' * 43}", "--bot", "random", timeout=60), 4,
                r"^dinocli: the server's log is not the game's, stopping: line 3: ")
        fake.shutdown()


@pytest.mark.long(6)
def test_the_server_killed_mid_game_restarts_and_every_client_resumes(tmp_path):
    """SIGKILL of the server in the middle of a game loses no acknowledged move: restarted on the same port
    and database, both clients reconnect with the last event they hold, receive only what they missed, and
    verify the whole game; so does the server's `verify`."""
    db = tmp_path / "served.sqlite"
    proc, url = _start(db)
    try:
        made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "45")
        clients = _clients(made["invites"])
        deadline = time.monotonic() + 60
        while _events(db, made["game"]) < 120 and time.monotonic() < deadline:
            time.sleep(0.02)
        proc.kill()
        proc.wait(10)
        assert clients[0].poll() is None and clients[1].poll() is None, "the game ended before the kill"
        proc, _ = _start(db, int(url.rsplit(":", 1)[1]))
        outs = _verified(clients, ("bob", "cleo"))
        assert all("reconnected at event" in out for out in outs), outs
    finally:
        if proc.poll() is None:
            _stop(proc)
    ok(run("verify", made["game"], db=db), "Verified")


@pytest.mark.long(6)
def test_a_renewed_invitation_revokes_the_old_token_and_a_flood_is_cut_off(server):
    """`invite GAME SEAT --renew`: the old token is refused, the new one plays. A client sending far more
    than p.RATE messages a second is cut off with one error; nothing is appended, the other seat unaffected."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "46")
    game, old = made["game"], made["invites"][0]["url"]
    proc = run("invite", game, "bob", "--renew", "--server", url, "--json", db=db)
    ok(proc)
    new = json.loads(proc.stdout)["invites"][0]
    assert new["seat"] == "bob" and new["url"] != old
    refused(run("invite", game, "rex", "--renew", db=db), 1, "rex is a bot's seat")
    refused(run("invite", game, "bob", db=db), 2, "--renew issues a new one")
    refused(run("join", old, "--bot", "random", timeout=30), 1, r"the server refused: unknown invitation token$")
    cleo = made["invites"][1]["url"]
    with _connect(new["url"]) as flood, _connect(cleo) as calm:
        _hello(flood, new["url"])
        _hello(calm, cleo)
        assert isinstance(_recv(flood), p.Welcome) and isinstance(_recv(calm), p.Welcome)
        _recv(flood), _recv(calm)
        before = _events(db, game)
        for _ in range(1000):
            flood.send(p.encode(p.Move(0, "1")))   # at a stale event: each one refused
        errors = []
        with pytest.raises(Exception):
            while True:
                msg = _recv(flood, timeout=10)
                assert isinstance(msg, p.Error), msg
                errors.append(msg.message)
        assert errors[-1] == f"more than {p.RATE} messages a second: the connection is closed" and len(errors) <= p.RATE + 1
        assert all(e.startswith("the game is at event") for e in errors[:-1])
        calm.send(p.encode(p.Move(0, "1")))
        assert _recv(calm).message.startswith("the game is at event")   # still served
    assert _events(db, game) == before
