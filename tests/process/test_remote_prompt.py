"""Issue 39: `dinocli join URL` at the game prompt (prompt_toolkit pipe input) against a real server process on
127.0.0.1: the same prompt as a local game, for that seat only, with the other seats' moves told as they are
made and who is connected and whose turn it is shown; undo under the game's rules; after the end the game is
verified and kept in the local database, where review, log, export and verify work on it."""

from __future__ import annotations

import re
import subprocess
import threading
import time

import pytest

from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from tests.clirunner import DINOCLI
from tests.process.conftest import ok, refused, run
from tests.process.test_remote import SHORT, _new, server  # noqa: F401  (the server fixture)
from tests.repl.conftest import Recorder

from dinocli.server import prompt as remote_prompt
from dinocli.server.join import VERIFIED
from dinocli.service import Service


def _local_command(*words: str) -> str:
    return "dinocli " + " ".join(words)


class Driver:
    """`join URL` at the prompt, in this process, on pipe input; ``on_turn(repl)`` answers each turn of the seat
    with the keys to type (None: quit), ``idle`` is typed once while another seat is to move."""

    def __init__(self, url: str, local: Service, on_turn, *, idle: str = "", hint_spec: str = "rules"):
        self.url, self.local, self.on_turn, self.idle, self.hint_spec = url, local, on_turn, idle, hint_spec
        self.repl = None
        self.out = Recorder()
        self.turns = 0
        self.said: list[str] = []

    def run(self, timeout: float = 150):
        made = []
        original = remote_prompt.RemoteRepl.__init__

        def init(repl, *a, **k):   # the session, for the feeder to see whose turn it is, and the lines it says
            made.append(repl)
            original(repl, *a, **k)
            say = repl.screen.say
            repl.screen.say = lambda text="", style="": self.said.append(text) or say(text, style)

        with create_pipe_input() as inp:
            def feed():
                try:
                    turns()
                finally:
                    inp.send_text("log 3\rquit\r")

            def turns():
                deadline, seq, idled, typed = time.monotonic() + timeout, -1, False, 0.0
                away = time.monotonic()   # since when the prompt has not been running
                while time.monotonic() < deadline:
                    time.sleep(0.02)
                    repl = made[0] if made else None
                    g = getattr(repl, "g", None)
                    if g is None or not hasattr(repl, "session"):
                        continue
                    if not repl.session.app.is_running:
                        if time.monotonic() - away > 1 and not g.over and repl.my_turn():
                            inp.send_text(" ")   # a dexterity challenge (a Dodos throw) waits for Space
                            away = time.monotonic()
                        continue
                    away = time.monotonic()
                    if g.over:
                        break
                    if not repl.my_turn():
                        if self.idle and not idled and repl._told is not None and repl._told.waiting is not None:
                            inp.send_text(self.idle)   # typed while the game waits for a seat away
                            idled = True
                            time.sleep(1)
                            break
                        continue
                    if g.seq == seq and time.monotonic() - typed < 5:   # typed at this position: wait for the answer
                        continue
                    seq, typed = g.seq, time.monotonic()
                    self.turns += 1
                    keys = self.on_turn(repl)
                    if keys is None:
                        break
                    inp.send_text(keys)

            feeder = threading.Thread(target=feed, daemon=True)
            feeder.start()
            remote_prompt.RemoteRepl.__init__ = init
            try:
                self.repl = remote_prompt.play(self.url, self.local, command=_local_command, input=inp, output=self.out,
                                               history=InMemoryHistory(), hint_spec=self.hint_spec, say=lambda _: None)
            finally:
                remote_prompt.RemoteRepl.__init__ = original
            feeder.join(10)
        return self.out.text


def _completions(repl, typed: str) -> list[str]:
    return [c.text for c in repl.session.completer.get_completions(Document(typed), None)]


@pytest.mark.long(15)
def test_a_person_plays_a_served_dingo_game_at_the_prompt_to_the_end(server, tmp_path):
    """bob at the prompt, cleo a `join --bot random` process, rex the server's bot (DINGO hands hidden): bob's
    completion offers his legal moves only, hint and rules work; cleo's and rex's moves are told as they happen,
    the toolbar says who is here and the prompt whose turn it is; at the end bob's client verifies the whole game and keeps it, and the kept game
    and the server's verify, log and export agree."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "47",
                options=SHORT["dingo"])
    cleo = subprocess.Popen([DINOCLI, "join", made["invites"][1]["url"], "--bot", "random"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    local = Service.open(str(tmp_path / "mine.sqlite"))
    seen: dict = {}

    def on_turn(repl):
        legal = repl.legal_texts()
        assert legal and _completions(repl, "") [:len(legal)] == legal   # bob's own moves, numbered as listed
        if "completion" not in seen:
            seen["completion"] = _completions(repl, legal[0][:3])
            return "hint\rrules\r1\r"
        return "1\r"

    try:
        driver = Driver(made["invites"][0]["url"], local, on_turn)
        out = driver.run()
        cleo_out, cleo_err = cleo.communicate(timeout=60)
    finally:
        if cleo.poll() is None:
            cleo.kill()
            cleo.communicate()
    repl = driver.repl
    assert repl.failure is None, repl.failure
    assert repl._loop.is_closed() and not repl._thread.is_alive()   # the socket's loop does not outlive the game
    assert cleo.returncode == 0 and VERIFIED in cleo_out, cleo_err
    assert seen["completion"] and driver.turns >= 5
    assert "Thinking (rules)" in out and "THE DINGO ATE THE BABY" in out.upper()   # hint, rules
    assert "waiting for cleo> " in out and " bob here · cleo here · rex bot" in out
    for who in ("cleo", "rex"):   # a move told as it happens: a line of its own (a recap's is indented)
        assert any(t.startswith(who + " ") and not re.match(who + " (is|left|has) ", t) for t in driver.said), who
    assert VERIFIED in out
    kept = re.search(r"Kept here as game (\w+)\.", out).group(1)
    assert kept == made["game"]   # its id is free here
    assert re.search(r"Review it: dinocli review " + kept, out) and "game over> log 3" in out
    local.close()
    mine = tmp_path / "mine.sqlite"
    ok(run("verify", kept, db=mine), "Verified")
    ok(run("verify", made["game"], db=db), "Verified")
    theirs, ours = run("export", made["game"], db=db), run("export", kept, db=mine)
    assert theirs.stdout.splitlines()[1:] == ours.stdout.splitlines()[1:]   # the same events, seed and result
    ok(run("games", "--json", db=db), r'"remote": \{\s*"bob": "away",\s*"cleo": "away"')


def test_undo_at_the_prompt_under_the_games_rules(server, tmp_path):
    """One person against a bot (casual by default): `undo` at the prompt takes back bob's move and rex's reply
    over the network; `redo`, `branch` and `undo 2` are refused with one line each, nothing changed."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--bot", "random", "--seed", "48")
    local = Service.open(str(tmp_path / "mine.sqlite"))
    heads = []

    def on_turn(repl):
        heads.append(repl.g.seq)
        if len(heads) == 1:
            return "1\r"
        if len(heads) == 2:
            return "redo\rbranch x\rundo 2\rundo\r"
        return None

    driver = Driver(made["invites"][0]["url"], local, on_turn)
    out = driver.run(timeout=60)
    local.close()
    assert driver.repl.failure is None, driver.repl.failure   # leaving mid-game is no failure
    assert driver.repl._loop.is_closed() and not driver.repl._thread.is_alive()   # nor leaves its socket's loop open
    assert "! redo is not played over the network" in out and "! a branch is not played over the network" in out
    assert "! over the network, undo takes back one decision at a time (undo)" in out
    assert f"Undone (1 decision): back at event {heads[0]}." in out
    assert heads[2] == heads[0]
    assert re.search(r"Resume with: dinocli join\s+'ws://127\.0\.0\.1:\d+/\w+#[\w-]+'", out)
    ok(run("verify", made["game"], db=db), "Verified")


def test_an_undo_the_server_refuses_is_told_once(server, tmp_path):
    """A strict game: bob's move drew him a card, so the server refuses his undo; the prompt says so in one
    line, once (the refusal is the undo's answer, not news to tell again), and nothing is taken back."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--bot", "random", "--seed", "48", "--strict")
    local = Service.open(str(tmp_path / "mine.sqlite"))
    heads = []

    def on_turn(repl):
        heads.append(repl.g.seq)
        return {1: "1\r", 2: "undo\r"}.get(len(heads))

    driver = Driver(made["invites"][0]["url"], local, on_turn)
    out = driver.run(timeout=60)
    local.close()
    assert driver.repl.failure is None, driver.repl.failure
    assert out.count("! the server refused: strict undo") == 1, out[-2000:]
    assert heads[-1] == heads[1]


def test_the_prompt_shows_a_seat_away_and_refuses_a_move_on_its_turn(server, tmp_path):
    """cleo never joins: once bob has moved the game waits for her, the toolbar says so ("cleo away N s
    (waiting)"), the prompt says "waiting for cleo", and a move bob types then is refused, nothing sent."""
    db, url = server
    made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--seed", "49")
    local = Service.open(str(tmp_path / "mine.sqlite"))
    driver = Driver(made["invites"][0]["url"], local, lambda repl: "1\r" if repl.g.seq < 30 else None, idle="1\r")
    out = driver.run(timeout=30)
    local.close()
    assert driver.repl.failure is None, driver.repl.failure
    assert re.search(r"! it is cleo's turn, not yours: the prompt shows their move when it is made", out), out[-2000:]
    assert re.search(r"cleo away \d+ s \(waiting\)", out) and "waiting for cleo> " in out
    g = driver.repl.g
    assert g.to_move == 1 and sum(1 for s in g.path if s.actor == 0 and s.command == s.id) <= 1   # no move sent then


def test_join_at_the_prompt_needs_a_terminal_and_an_invitation(tmp_path):
    """Without a terminal `join URL` says how to play headless; a URL that is no invitation is refused first."""
    refused(run("join", "ws://127.0.0.1:9/abc#" + "A" * 43, db=tmp_path / "x.sqlite"), 1,
            r"the prompt needs a terminal; without one: dinocli .*join 'ws://127\.0\.0\.1:9/abc#A+' --bot rules$")
    refused(run("join", "http://example.org/x", db=tmp_path / "x.sqlite"), 1, "not an invitation URL")


@pytest.mark.long(10)
@pytest.mark.parametrize("kind, seats", [("dodos", ["--remote", "cleo", "--bot", "random"]),
                                         ("dillos", ["--remote", "cleo", "--remote", "dan", "--variant", "houston"])])
def test_a_person_plays_dodos_and_houston_at_the_prompt_to_the_end(server, tmp_path, capfd, kind, seats):
    """The other games with hidden information (Dodos' hands and face-down picks, DILLO-28: houston's face-down
    tiles): bob at the prompt always plays the first move listed (a throw's dexterity challenge answered with
    Space), the other remote seats are `join --bot random` processes; every redraw (the recap of the moves since
    bob's, folded from his view with the laid-out board redacted) works; every client verifies the whole game,
    and bob's kept game and the server's verify."""
    db, url = server
    made = _new(db, url, "--remote", "bob", *seats, "--seed", "5", kind=kind, options=SHORT.get(kind))
    others = [subprocess.Popen([DINOCLI, "join", invite["url"], "--bot", "random"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True) for invite in made["invites"][1:]]
    local = Service.open(str(tmp_path / "mine.sqlite"))
    try:
        driver = Driver(made["invites"][0]["url"], local, lambda repl: "1\r")
        out = driver.run(timeout=150)
        assert "Kept here as game" in out, (driver.turns, driver.said[-20:])
        done = [proc.communicate(timeout=60) for proc in others]
    finally:
        for proc in others:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
        local.close()
    printed = capfd.readouterr()
    assert driver.repl.failure is None, driver.repl.failure
    assert "Traceback" not in out and "xception" not in printed.out + printed.err, printed
    assert driver.turns > 12 and VERIFIED in out
    assert any(line.startswith(("Since your last move:", "Last moves:")) for line in driver.said), driver.said
    for proc, (said, err) in zip(others, done):
        assert proc.returncode == 0 and VERIFIED in said, err
    kept = re.search(r"Kept here as game (\w+)\.", out).group(1)
    ok(run("verify", kept, db=tmp_path / "mine.sqlite"), "Verified")
    ok(run("verify", made["game"], db=db), "Verified")


def test_the_toolbar_counts_the_time_away_on_from_what_the_server_said():
    """The presence line adds the seconds since the server's word to each away seat (the toolbar refreshes each second)."""
    from dinocli.server import protocol as p
    from dinocli.server.prompt import _presence_line

    told = p.Presence(seats=[p.Present(seat=0, name="bob", status="here"),
                             p.Present(seat=1, name="cleo", status="away", away=40),
                             p.Present(seat=2, name="rex", status="bot")], waiting=1)
    assert _presence_line(told) == "bob here · cleo away 40 s (waiting) · rex bot"
    assert _presence_line(told, 12.7) == "bob here · cleo away 52 s (waiting) · rex bot"
    assert _presence_line(None) == "connecting…"
