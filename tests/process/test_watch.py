"""Issue 39, spectators, TLS and limits, as real processes on loopback (a random free port): `dinocli watch`
follows a game with the view of no seat and verifies it at the end; no message a spectator receives carries
a hidden card, a salt or the seed before the end (every message checked against the full log); a watch link
is no seat's invitation nor the other way round, and a spectator may send nothing; connections are limited
per server and per game, and a client that never reads holds up no one; `serve --certfile/--keyfile` serves
wss:// and https:// to clients that trust the certificate, and bad files are refused in one line
(dinocli-protocol(5) SPECTATORS, TLS, LIMITS)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
import urllib.request
from contextlib import ExitStack, contextmanager

import pytest
from tests.clirunner import DINOCLI
from tests.process.conftest import ok, refused, run
from tests.process.test_remote import SHORT, _clients, _events, _new, _start, _stop, _verified, server  # noqa: F401

from dinocli.server import protocol as p
from dinocli.server.join import VERIFIED
from dinocli.server.spectate import SPECTATOR, parse_watch_url

websockets_sync = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402


@contextmanager
def _spectate(link: str, *, token: str | None = None, game: str | None = None, path: str | None = None):
    """A raw spectator socket on the watch link's address (or ``path``), its watch message sent."""
    address, g, t = parse_watch_url(link)
    with websockets_sync.connect(path or address, max_size=p.MAX_TO_CLIENT, open_timeout=10) as ws:
        try:
            ws.send(p.encode(p.Watch(p.VERSION, game or g, token or t, 0)))
        except ConnectionClosed:   # refused at once (a full server): its error is still to be read
            pass
        yield ws


def _recv(ws, timeout: float = 30):
    return p.decode_to_client(ws.recv(timeout=timeout))


def _closed(ws) -> bool:
    """Whether the server sends nothing more and closes."""
    try:
        ws.recv(timeout=5)
    except Exception as exc:
        return not isinstance(exc, TimeoutError)
    return False


@pytest.mark.long(6)
def test_watch_follows_a_game_live_and_verifies_it(server):
    """`dinocli watch LINK` prints each decision and the public board as it happens, and at the end verifies
    the whole game with the seed (DINGO-11: hands hidden; the spectator is told "drew a card")."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "47",
                options=SHORT["dingo"])
    assert made["watch"].startswith(url.replace("ws://", "http://") + f"/{made['game']}/watch#")
    watcher = subprocess.Popen([DINOCLI, "--color", "never", "watch", made["watch"]], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        _verified(_clients(made["invites"]), ("bob", "cleo"))
        out, err = watcher.communicate(timeout=120)
    finally:
        if watcher.poll() is None:
            watcher.kill()
            watcher.communicate()
    assert watcher.returncode == 0 and not err, (watcher.returncode, err)
    assert out.startswith(f"watching game {made['game']}: The Dingo Ate The Baby, bob, cleo, rex\n"), out[:200]
    # one winner, or a shared victory named "a, b and c" (DINGO-38), the same the narration's last line names
    end = re.search(r"game over: (\w+(?:(?:, \w+)* and \w+)?) won\n" + VERIFIED + r"\n\Z", out)
    assert end, out[-300:]
    narrated = out.rsplit("Game over: ", 1)[1].split("\n", 1)[0]
    assert all(name in narrated for name in re.split(r", | and ", end[1])), (end[1], narrated)
    assert "bob drew a card." in out and out.count("THE DINGO ATE THE BABY") > 10 and "To move: " in out
    assert not re.search(r"\w+ drew (?!a card)", out)   # no draw is named to a spectator
    ok(run("verify", made["game"], db=db), "Verified")


@pytest.mark.long(4)
@pytest.mark.parametrize("kind", ["dingo", "dodos"])
def test_no_message_to_a_spectator_carries_a_hidden_card(server, kind):
    """Every message a spectator receives before the end, checked against the full log: every sealed event
    (a drawn card, a secret pick: DINGO-11, DODO-10) only as its commitment and the onlooker's form, no salt,
    no roll's salt, no seed or seed salt, the view of no seat (SPECTATOR)."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", kind=kind, options=SHORT.get(kind))
    received = []
    with _spectate(made["watch"]) as ws:
        clients = _clients(made["invites"])
        try:
            while True:
                data = ws.recv(timeout=120)
                if isinstance(p.decode_to_client(data), p.End):
                    break
                received.append(data)
        finally:
            _verified(clients, ("bob", "cleo"))
    welcome = p.decode_to_client(received[0])
    assert isinstance(welcome, p.Welcome) and welcome.seat == SPECTATOR
    assert json.loads(welcome.header)["view"] == SPECTATOR
    proc = run("export", made["game"], db=db)
    ok(proc)
    full = [json.loads(ln) for ln in proc.stdout.splitlines()]
    footer, events = full[-1], {e["n"]: e for e in full if "n" in e}
    sealed = {n: e for n, e in events.items() if e["salt"] is not None}
    assert sealed, "the game sealed nothing: the test tests nothing"
    text = "".join(received)
    assert footer["seed"] not in text and footer["seed_salt"] not in text
    got = [json.loads(ln) for m in map(p.decode_to_client, received) if isinstance(m, p.Events) for ln in m.lines]
    assert [v["n"] for v in got] == sorted(events)   # every event once, in order
    for e in events.values():
        assert e["salt"] is None or e["salt"] not in text
        assert e["rolls_salt"] is None or e["rolls_salt"] not in text
    for v in got:
        e = events[v["n"]]
        if v["n"] in sealed:
            assert v["body"] is None and v["type"] is None and v["action"] is None and v["commit"], v
            assert v["seen"] == e["seen"] and v["shown"] == e["shown"]   # what every onlooker is shown
        else:
            assert (v["type"], v["body"], v["action"]) == (e["type"], e["body"], e["action"])
    shown = {json.dumps([v["type"], v["body"]]) for v in got if v["body"] is not None}
    for e in sealed.values():   # a hidden body never arrives as an event (a card named face up in a ranch is public)
        assert json.dumps([e["type"], e["body"]]) not in shown, e


def test_watch_links_and_invitations_are_kept_apart(server):
    """A seat's token is no watch token, a watch token no seat's, another game's watch token is refused, a
    spectator that sends anything is cut off, a renewed watch link revokes the old: one error each, nothing
    appended."""
    db, url = server
    a = _new(db, url, "--remote", "bob", "--bot", "random", "--seed", "48")
    b = _new(db, url, "--remote", "dan", "--bot", "random", "--seed", "49")
    before = _events(db, a["game"])
    seat_token = a["invites"][0]["url"].rsplit("#", 1)[1]
    cases = [
        (dict(token=seat_token), "unknown watch token"),
        (dict(token="A" * 43), "unknown watch token"),
        (dict(token=b["watch"].rsplit("#", 1)[1]), f"this watch link is not for game {a['game']}"),   # b's, said for a
        (dict(token=b["watch"].rsplit("#", 1)[1], game=b["game"]), f"this address is game {a['game']}'s"),
    ]
    for kwargs, said in cases:
        with _spectate(a["watch"], **kwargs) as ws:
            msg = _recv(ws)
            assert isinstance(msg, p.Error) and said in msg.message, (kwargs, msg)
            assert _closed(ws)
    with _spectate(a["watch"], token=b["watch"].rsplit("#", 1)[1], game=b["game"],
                   path=parse_watch_url(b["watch"])[0]) as ws:   # b's link for b: the game it names
        assert isinstance(_recv(ws), p.Welcome)
    watch_token = a["watch"].rsplit("#", 1)[1]
    with websockets_sync.connect(f"{url}/{a['game']}", open_timeout=10) as ws:   # as a seat's hello
        ws.send(p.encode(p.Hello(p.VERSION, a["game"], watch_token, 0)))
        assert _recv(ws).message == "unknown invitation token" and _closed(ws)
    with websockets_sync.connect(f"{url}/{a['game']}", open_timeout=10) as ws:   # a seat's hello for another path
        ws.send(p.encode(p.Hello(p.VERSION, b["game"], b["invites"][0]["url"].rsplit("#", 1)[1], 0)))
        assert "this address is not game" in _recv(ws).message and _closed(ws)
    with _spectate(a["watch"]) as ws:
        assert isinstance(_recv(ws), p.Welcome) and isinstance(_recv(ws), p.Events)
        ws.send(p.encode(p.Move(before, "1")))
        assert _recv(ws).message == "a spectator only watches: the connection is closed" and _closed(ws)
    proc = run("invite", a["game"], "--watch", "--renew", "--server", url, "--json", db=db)
    ok(proc)
    renewed = json.loads(proc.stdout)["watch"]
    assert renewed != a["watch"]
    refused(run("watch", a["watch"], timeout=30), 1, r"^dinocli: the server refused: unknown watch token$")
    with _spectate(renewed) as ws:
        assert isinstance(_recv(ws), p.Welcome)
    refused(run("invite", a["game"], "bob", "--watch", "--renew", db=db), 2, "not both")
    refused(run("invite", a["game"], "--watch", db=db), 2, "--renew issues a new one")
    refused(run("watch", a["invites"][0]["url"], timeout=30), 1, r"^dinocli: not a watch link: ")
    refused(run("watch", "http://127.0.0.1:9/x/watch#" + "A" * 43, timeout=30), 1, r"^dinocli: cannot reach ")
    assert _events(db, a["game"]) == before


def test_connections_are_limited_per_game_and_per_server(tmp_path):
    """`serve --max-connections 3 --game-connections 2`: a third connection to one game and a fourth to the
    server each get one error, the others are served; a closed one frees its place."""
    db = tmp_path / "served.sqlite"
    proc = subprocess.Popen([DINOCLI, "--db", str(db), "serve", "--port", "0", "--max-connections", "3",
                             "--game-connections", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    url = re.search(r" on (ws://127\.0\.0\.1:\d+) ", line).group(1)
    try:
        a = _new(db, url, "--remote", "bob", "--bot", "random", "--seed", "50")
        b = _new(db, url, "--remote", "dan", "--bot", "random", "--seed", "51")
        with ExitStack() as held:
            first, second = held.enter_context(ExitStack()), held.enter_context(ExitStack())
            for stack in (first, second):
                assert isinstance(_recv(stack.enter_context(_spectate(a["watch"]))), p.Welcome)
            with _spectate(a["watch"]) as ws:
                assert _recv(ws).message == f"game {a['game']} has 2 connections, its most: try again later"
            assert isinstance(_recv(held.enter_context(_spectate(b["watch"]))), p.Welcome)
            with _spectate(b["watch"]) as ws:
                assert _recv(ws).message == "the server holds 3 connections, its most: try again later"
            refused(run("join", b["invites"][0]["url"], "--bot", "random", timeout=30), 1,
                    r"^dinocli: the server refused: the server holds 3 connections, its most: try again later$")
            first.close()
            time.sleep(0.5)
            with _spectate(a["watch"]) as ws:
                assert isinstance(_recv(ws), p.Welcome)
    finally:
        _stop(proc)


@pytest.mark.long(6)
def test_a_client_that_never_reads_or_speaks_holds_up_no_one(server):
    """A spectator whose socket is never read (its receive buffer full: the server's sends to it wait) and a
    connection that never finishes its handshake: the game of two join processes goes on to the end, verified."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "52")
    host, port = url[len("ws://"):].split(":")
    mute = socket.create_connection((host, int(port)), timeout=10)   # says nothing at all
    slow = socket.socket()
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    slow.connect((host, int(port)))
    address, game, token = parse_watch_url(made["watch"])
    key = "dGhlIHNhbXBsZSBub25jZQ=="
    slow.sendall(f"GET /{game}/watch HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    payload = p.encode(p.Watch(p.VERSION, game, token, 0)).encode()
    slow.sendall(bytes([0x81, 0x80 | 126]) + len(payload).to_bytes(2, "big") + b"\0\0\0\0" + payload)   # masked, zero key
    try:
        start = time.monotonic()
        _verified(_clients(made["invites"]), ("bob", "cleo"), timeout=120)
        assert time.monotonic() - start < 100
    finally:
        mute.close()
        slow.close()
    ok(run("verify", made["game"], db=db), "Verified")


def _certificate(folder):
    """A self-signed certificate for 127.0.0.1 made by openssl in ``folder``, and its private key."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed (apt-get install openssl)")
    folder.mkdir(exist_ok=True)
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True, timeout=60)
    return cert, key


@pytest.mark.long(6)
def test_tls_serves_wss_and_https_to_clients_that_trust_the_certificate(tmp_path):
    """`serve --certfile --keyfile`: join and watch over wss:// (trusting the certificate through SSL_CERT_FILE)
    play and verify a whole game; the page comes over https://; an untrusted certificate and a plain ws://
    client are refused in one line, no traceback."""
    cert, key = _certificate(tmp_path)
    db = tmp_path / "served.sqlite"
    proc = subprocess.Popen([DINOCLI, "--db", str(db), "serve", "--port", "0", "--certfile", cert, "--keyfile", key],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    found = re.search(r" on (wss://127\.0\.0\.1:\d+) ", line)
    assert found, (line, proc.poll())
    url = found.group(1)
    try:
        made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "53",
                    options=SHORT["dingo"])
        assert made["invites"][0]["url"].startswith("wss://") and made["watch"].startswith("https://")
        trust = {"SSL_CERT_FILE": str(cert)}
        refused(run("join", made["invites"][0]["url"], "--bot", "random", timeout=60), 1,
                r"^dinocli: cannot reach wss://.*certificate verify failed")
        refused(run("watch", made["watch"].replace("https://", "ws://"), timeout=60), 1, r"^dinocli: cannot reach ")
        watcher = subprocess.Popen([DINOCLI, "watch", made["watch"]], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, env={**os.environ, **trust})
        clients = [subprocess.Popen([DINOCLI, "join", i["url"], "--bot", "random"], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, env={**os.environ, **trust})
                   for i in made["invites"]]
        _verified(clients, ("bob", "cleo"))
        out, err = watcher.communicate(timeout=120)
        assert watcher.returncode == 0 and out.endswith(VERIFIED + "\n"), (err, out[-300:])
        page = made["watch"].split("#")[0]
        context = ssl.create_default_context(cafile=str(cert))
        with urllib.request.urlopen(page, context=context, timeout=30) as resp:
            assert resp.status == 200 and "script-src 'sha256-" in resp.headers["Content-Security-Policy"]
    finally:
        _stop(proc)
    ok(run("verify", made["game"], db=db), "Verified")


def test_bad_certificate_or_key_files_are_refused_in_one_line(tmp_path):
    """Not PEM, a key of another certificate, an encrypted key, one option alone, a missing file, a folder: one
    line each, before anything listens."""
    cert, key = _certificate(tmp_path)
    _, other_key = _certificate(tmp_path / "other")
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    db = tmp_path / "g.sqlite"
    refused(run("serve", "--port", "0", "--certfile", junk, "--keyfile", key, db=db, timeout=30), 1,
            r"^dinocli: cannot use --certfile .*junk\.pem with --keyfile .*key\.pem: ")
    refused(run("serve", "--port", "0", "--certfile", cert, "--keyfile", other_key, db=db, timeout=30), 1,
            r"^dinocli: cannot use --certfile .* \(a PEM certificate chain and the PEM private key that goes with it\)$")
    locked = tmp_path / "locked.pem"   # an encrypted key: refused, never a passphrase prompt on the terminal
    subprocess.run(["openssl", "pkey", "-in", key, "-out", locked, "-aes256", "-passout", "pass:secret"], check=True,
                   capture_output=True, timeout=60)
    refused(run("serve", "--port", "0", "--certfile", cert, "--keyfile", locked, db=db, timeout=30), 1,
            r"--keyfile .*locked\.pem is encrypted: give the key decrypted")
    refused(run("serve", "--port", "0", "--certfile", cert, db=db, timeout=30), 2, "--certfile and --keyfile go together")
    refused(run("serve", "--port", "0", "--certfile", tmp_path / "missing.pem", "--keyfile", key, db=db, timeout=30), 2,
            "does not exist")
    refused(run("serve", "--port", "0", "--certfile", tmp_path, "--keyfile", key, db=db, timeout=30), 2, "is a directory")


def test_a_spectators_view_taken_back_by_an_undo_is_folded_again(tmp_path):
    """Follower.back_to (an undo's message): the lines after the event dropped, the public view as it was there."""
    from dinocli.server.watch import Spectator
    from dinocli.service import Service

    svc = Service.open(str(tmp_path / "g.sqlite"))
    g = svc.new_game("dingo", players=[], bots=["random"] * 3, seed="56")
    list(svc.run_bots(g))
    g = svc.load(g.id)
    lines = list(svc.store.export(g.id, redact=lambda ev: g.game.redact(ev, None), view_seat=SPECTATOR, result=None))
    events = [ln for ln in lines[1:-1] if '"n"' in ln[:6]]
    watcher = Spectator(p.Welcome(p.VERSION, g.id, SPECTATOR, "spectator", lines[0]))
    watcher.add(events[:40])
    at_40 = watcher.view
    watcher.add(events[40:])
    assert watcher.view == g.game.observe(g.state, None)
    watcher.back_to(40)
    assert len(watcher.lines) == 40 and watcher.view == at_40
    svc.close()
