"""polish6 item 2: `replay FILE --verify` of a seat's view makes import's comparison with the local database
(:func:`dinocli.verify.anchor_view`, one implementation): it says where the view ends in the game it holds,
refuses a view whose chain is not the game's with import's words and exit code 4, says when it could not
compare, and changes nothing."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest

from dinocli.service import Service
from tests.trust.forge import dump, relink, rows
from tests.trust.test_bound_views import SEAT, own_draws, unseen
from tests.clirunner import DINOCLI



def _finished(db: Path, seed: str = "replay-compare"):
    """A finished three-bot Dingo game in ``db``: its id, seat 1's view and the full log."""
    svc = Service.open(str(db))
    g = svc.new_game("dingo", bots=["random"] * 3, seed=seed, options={"goal": 2})
    list(svc.run_bots(g))
    view, full = "".join(svc.export_lines(g.id, as_seat=SEAT)), "".join(svc.export_lines(g.id))
    last = svc.load(g.id).seq
    svc.close()
    return g.id, view, full, last


def _forged(view: str) -> str:
    """The view with the seat's own draw declared unseen and every later hash recomputed: it verifies on its
    own terms (as in tests/trust/test_bound_views.py) but ends at no event of the game."""
    lines = rows(view)
    for i in own_draws(lines):
        forged = relink(unseen(rows(view), i, 3))
        return dump(forged)
    raise AssertionError("the seat drew no card")


def _digest(db: Path) -> str:
    """The database's bytes (with its -wal), to show a command changed nothing."""
    return hashlib.sha256(b"".join(p.read_bytes() for p in (db, Path(f"{db}-wal")) if p.exists())).hexdigest()


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    db = tmp_path_factory.mktemp("compare") / "games.sqlite"
    gid, view, full, last = _finished(db)
    return db, gid, view, full, last


def test_a_view_of_a_game_held_here_says_where_it_ends(game, dino, tmp_path):
    """The view ends at the game's last event: the verdict's last line and --json say so."""
    db, gid, view, _full, last = game
    path = tmp_path / "view.jsonl"
    path.write_text(view)
    dino.db = str(db)
    r = dino("replay", path, "--verify")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.startswith("Verified")
    assert r.stdout.splitlines()[-1] == (f"Compared with the local database: the view ends at event {last} of game "
                                         f"{gid} (its chain is the game's).")
    out = dino.json("replay", path, "--verify")
    assert out["ok"] and out["view"] == SEAT and out["local"] == {
        "compared": True, "database": str(db), "game": gid, "event": last, "reason": None}


def test_a_forged_view_is_refused_as_import_refuses_it_and_nothing_changes(game, dino, tmp_path):
    """Exit 4 and import's one line (naming the footer's line), for replay --verify with or without --json;
    the database is byte for byte the same."""
    db, gid, view, _full, _last = game
    path = tmp_path / "forged.jsonl"
    path.write_text(_forged(view))
    dino.db = str(db)
    before = _digest(db)
    imported = dino("import", path)
    for args in (("replay", path, "--verify"), ("replay", path, "--verify", "--json")):
        r = dino(*args)
        assert (r.exit_code, r.stdout, r.stderr) == (4, "", imported.stderr), r.output
    n = len(rows(view))
    assert imported.stderr == (f"dinocli: log rejected: line {n}: this view of game {gid} ends at no event of it here "
                               "(its chain is not the game's: edited and recomputed?)\n")
    assert _digest(db) == before


def test_without_the_game_here_it_says_it_did_not_compare(game, dino, tmp_path):
    """A database without the game, none at all (none is created), or a file that is no dinocli database:
    the view verifies and the last line says why nothing was compared."""
    _db, _gid, view, _full, _last = game
    path = tmp_path / "view.jsonl"
    path.write_text(view)
    other = tmp_path / "other.sqlite"
    _finished(other, seed="another game")
    dino.db = str(other)
    r = dino("replay", path, "--verify")
    assert r.exit_code == 0 and r.stdout.splitlines()[-1] == \
        f"Not compared with the local database: {other} holds no copy of this game."
    missing = tmp_path / "missing.sqlite"
    dino.db = str(missing)
    out = dino.json("replay", path, "--verify")
    assert out["local"]["compared"] is False and out["local"]["reason"] == f"there is no database at {missing}"
    assert not missing.exists()
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 200)
    dino.db = str(junk)
    r = dino("replay", path, "--verify")
    assert r.exit_code == 0 and r.stdout.splitlines()[-1].startswith("Not compared with the local database: ")
    assert "not a dinocli database" in r.stdout.splitlines()[-1]
    assert junk.read_bytes() == b"not a database at all" * 200


def test_one_copy_holding_the_view_is_enough(tmp_path, dino):
    """A database holding the game twice (an early save imported, then the whole game) checks the view
    against the copy that reaches its end: import and replay --verify both accept it (before, the short copy
    made import call the view edited)."""
    src = tmp_path / "src.sqlite"
    svc = Service.open(str(src))
    g = svc.new_game("dingo", bots=["random"] * 3, seed="two copies", options={"goal": 2})
    for _ in range(6):
        svc.bot_step(g)
    early = "".join(svc.export_lines(g.id, with_seed=True))
    list(svc.run_bots(g))
    full, view = "".join(svc.export_lines(g.id)), "".join(svc.export_lines(g.id, as_seat=SEAT))
    svc.close()
    for name, text in (("early", early), ("full", full), ("view", view)):
        (tmp_path / f"{name}.jsonl").write_text(text)
    dino.db = str(tmp_path / "here.sqlite")
    short = dino.json("import", tmp_path / "early.jsonl")["game"]
    whole = dino.json("import", tmp_path / "full.jsonl")["game"]
    assert short != whole
    r = dino("import", tmp_path / "view.jsonl")
    assert r.exit_code == 4 and "a seat's view cannot be imported" in r.stderr, r.stderr
    out = dino.json("replay", tmp_path / "view.jsonl", "--verify")
    assert out["local"]["compared"] and out["local"]["game"] == whole


def test_full_logs_and_stored_games_are_not_compared(game, dino, tmp_path):
    """The comparison is a view's (a full log may be a game continued elsewhere): no line, local null."""
    db, gid, _view, full, _last = game
    path = tmp_path / "full.jsonl"
    path.write_text(full)
    dino.db = str(db)
    for source in (path, gid):
        r = dino("replay", source, "--verify")
        assert r.exit_code == 0 and "local database" not in r.stdout
        assert dino.json("replay", source, "--verify")["local"] is None


def test_json_needs_verify(dino, game):
    """--json prints the verdict only: without --verify, or with --step/--delay, a usage error (exit 2)."""
    _db, gid, *_ = game
    for args in ((), ("--verify", "--step"), ("--verify", "--delay", "1")):
        r = dino("replay", gid, "--json", *args)
        assert r.exit_code == 2 and "--json prints the verdict of --verify" in r.stderr


def test_as_a_separate_process(game, tmp_path):
    """The same as a user runs it: dinocli replay FILE --verify in its own process, matched and forged."""
    db, gid, view, _full, last = game
    good, bad = tmp_path / "view.jsonl", tmp_path / "forged.jsonl"
    good.write_text(view)
    bad.write_text(_forged(view))
    ok = subprocess.run([DINOCLI, "--db", str(db), "replay", str(good), "--verify", "--json"], capture_output=True,
                        text=True, timeout=120)
    assert ok.returncode == 0 and json.loads(ok.stdout)["local"]["event"] == last, ok.stderr
    refused = subprocess.run([DINOCLI, "--db", str(db), "replay", str(bad), "--verify"], capture_output=True,
                             text=True, timeout=120)
    assert refused.returncode == 4 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and f"this view of game {gid} ends at no event of it here" in refused.stderr
