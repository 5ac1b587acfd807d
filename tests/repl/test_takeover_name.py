"""polish6 item 1: after a take-over the person at the keyboard is named as the player, not by the bot whose
seat they took: ``you as rex`` (or ``NAME as rex`` with ``takeover --player NAME``; a seat a person played
keeps that person's name) at the prompt, over the moves, in `show`, `actions`, `log`, `games` and text
exports. The game's own words (board, notation, narration) keep the seat's name, which the genesis fixes;
the player is recorded once, in the take-over's seat record (``meta.takeovers[branch]``), so no event, no
hash and the game's own seating change."""

from __future__ import annotations

import json
import sqlite3
import subprocess

import msgspec

import pytest

from dinocli.service import Service
from tests.clirunner import Dino
from tests.process.conftest import DINOCLI

from .conftest import lines


def _finished(svc: Service, players=(), bots=3, seed="takeover-name"):
    """A finished Dingo game (short goal): casual, so one with a person may be taken over while it runs."""
    g = svc.new_game("dingo", players=list(players), bots=["random"] * bots, seed=seed, options={"goal": 2},
                     undo="casual")
    list(svc.run_bots(g))
    while not g.over:   # the people play their first legal move
        g, _played = svc.move(g.id, g.legal_texts()[0])
        list(svc.run_bots(g))
    return g.id


def _chain(svc: Service, gid: str) -> list[tuple]:
    """Every stored event's hash and body, and the game's own seating: what a take-over must not change."""
    rows = svc.store.connection.execute("SELECT id, hash, body FROM events WHERE game_id = ? ORDER BY id", (gid,)).fetchall()
    return [rows, svc.store.game(gid).seats, svc.store.game(gid).genesis]


def test_taking_a_bots_seat_names_you_and_rewrites_nothing(svc):
    """The seat record of the branch holds the player; the main line's seats, the events and their hashes stay."""
    gid = _finished(svc)
    before = _chain(svc, gid)
    t = svc.takeover(gid, 2, "trike")
    assert msgspec.to_builtins(t.seats[1]) == {"name": "trike", "bot": None, "player": "you"}
    assert (t.label(1), t.label(0), t.player(0)) == ("you as trike", "rex", None)
    assert t.config.names[1] == "trike" and t.view(1).names[1] == "trike"   # the game's own words
    assert _chain(svc, gid) == before
    assert svc.verify(gid).events == len(before[0])


def test_a_seat_a_person_played_keeps_their_name(svc):
    """Taking over ann's own seat: ann (not 'you as ann'); a take-over of that branch keeps its player."""
    gid = _finished(svc, players=["ann"], bots=2)
    t = svc.takeover(gid, 1, "ann")
    assert t.seats[0].player == "ann" and t.label(0) == "ann"
    svc.checkout(gid, "main")
    named = svc.takeover(gid, 3, "rex", player="Bo")
    assert named.label(1) == "Bo as rex"
    again = svc.takeover(gid, 2, "rex")   # a take-over of the take-over: the same person
    assert again.label(1) == "Bo as rex" and again.takeover.from_ == named.branch


@pytest.mark.parametrize("bad", ["\x1b[31mred", "two words", "x" * 17, "", "9lives", "ann\n", "e\u0301"])
def test_a_bad_player_name_is_one_line_and_changes_nothing(tmp_path, bad):
    """--player takes the names `new --player` takes (the same check), else exit 1, one line, no branch."""
    dino = Dino(tmp_path / "games.sqlite")
    svc = Service.open(dino.db)
    gid = _finished(svc)
    before = (svc.store.game(gid).meta, [b.name for b in svc.branches(gid)])
    r = dino("takeover", gid, "--at", "2", "--player", bad)
    assert r.exit_code == 1 and r.stdout == "" and r.stderr.count("\n") == 1 and "player name" in r.stderr
    assert "\x1b" not in r.stderr
    assert (svc.store.game(gid).meta, [b.name for b in svc.branches(gid)]) == before
    svc.close()


def test_show_actions_log_games_and_exports_name_the_player(tmp_path):
    """The same words everywhere a person is named; --json carries the record (player) beside the seat's name."""
    dino = Dino(tmp_path / "games.sqlite")
    svc = Service.open(dino.db)
    gid = _finished(svc)
    me = svc.takeover(gid, 2).takeover.seat   # a first take-over, to learn who is to move after decision 2
    name = svc.load(gid).seats[me].name
    svc.checkout(gid, "main")
    svc.close()
    r = dino("takeover", gid, "--at", "2", "--player", "ann", "--bot", "random")
    assert r.exit_code == 0 and r.stdout.startswith("New branch takeover-2-1: ann plays " + name + "."), r.output
    assert f"To move: ann as {name}\n" in r.stdout and f"To move: ann as {name}\n" in dino("show", gid).stdout
    out = dino.json("show", gid)
    assert out["seats"][me] == {"name": name, "bot": None, "player": "ann"} and out["to_move_name"] == name
    assert dino("actions", gid).stdout.startswith(f"ann as {name} to move:")
    assert dino("move", gid, "1").exit_code == 0
    assert f"  ann as {name}: " in dino("log", gid).stdout
    listed = dino("games").stdout.splitlines()
    assert listed[3].split() == ["practice", "branch", "takeover-2-1", "(current):", "ann", "as", name]
    assert dino.json("games")[0]["practice_players"]["takeover-2-1"] == {
        "seat": me, "name": name, "player": "ann", "label": f"ann as {name}"}
    svc = Service.open(dino.db)
    while not svc.load(gid).over:   # play on to the end, so the practice line can be exported as text
        assert dino("move", gid, "1").exit_code == 0
    svc.close()
    text = dino("export", gid, "--format", "text").stdout
    seats = ", ".join(f"ann as {n}" if i == me else f"{n} (random)" for i, n in enumerate(["rex", "trike", "ptera"]))
    assert f'[Seats "{seats}"]' in text and f"ann as {name}:" in text


def test_a_tampered_player_is_never_shown(tmp_path):
    """A database edited to hold an escape sequence (or a non-name) as the player: the seat's name is shown."""
    dino = Dino(tmp_path / "games.sqlite")
    svc = Service.open(dino.db)
    gid = _finished(svc)
    svc.takeover(gid, 2, "trike")
    svc.close()
    conn = sqlite3.connect(dino.db)
    meta = json.loads(conn.execute("SELECT meta FROM games WHERE id = ?", (gid,)).fetchone()[0])
    meta["takeovers"]["takeover-2"]["seats"][1]["player"] = "\x1b]0;owned\x07x"
    conn.execute("UPDATE games SET meta = ? WHERE id = ?", (json.dumps(meta), gid))
    conn.commit()
    conn.close()
    assert Service.open(dino.db).load(gid).label(1) == "trike"
    for args in (("games",), ("show", gid), ("log", gid)):
        r = dino(*args)
        assert r.exit_code == 0 and "\x1b" not in r.stdout and "owned" not in r.stdout


def test_the_prompt_and_the_moves_line_name_the_player(svc, drive):
    """REPL via pipe input: the prompt reads 'you as trike> ' (never 'trike> '), and so does the moves line."""
    gid = _finished(svc)
    t = svc.takeover(gid, 2)
    name = t.seats[t.takeover.seat].name
    assert t.to_move == t.takeover.seat
    out = drive(t.id, lines("board", "quit"))
    assert f"you as {name}> " in out and f"{name}> " not in out.replace(f"you as {name}> ", "")
    assert f"you as {name} to move:" in out


def test_takeover_as_a_separate_process(tmp_path):
    """`dinocli takeover --player` and `games` as a user runs them (no terminal: bots move, the board shows)."""
    db = tmp_path / "games.sqlite"
    svc = Service.open(str(db))
    gid = _finished(svc)
    svc.close()
    run = lambda *a: subprocess.run([DINOCLI, "--db", str(db), "--color", "never", *a], capture_output=True,
                                    text=True, timeout=120)
    r = run("takeover", gid, "--at", "2", "--seat", "1", "--player", "ann")
    assert r.returncode == 0 and r.stdout.startswith("New branch takeover-2: ann plays trike."), r.stderr
    assert "(current): ann as trike" in run("games").stdout
    assert "ann as trike" in run("show", gid).stdout
    bad = run("takeover", gid, "--at", "2", "--player", "\x1b[2J")
    assert bad.returncode == 1 and bad.stderr.startswith("dinocli: player name '\\x1b[2J'") and bad.stdout == ""
