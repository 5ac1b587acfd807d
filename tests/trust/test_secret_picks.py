"""A face-down pick stays face down in everything printed to the table (DODO-10, DODO-14).

Found on a walk through `dinocli move`: when the bots picked before you (from round 2 on the Dodo
token starts elsewhere), the output read "rex (bot): pick banana-toss" before you chose your own card,
and `move --json` and `replay GAME --as you --step` named the picks as well. The prompt never did."""

from __future__ import annotations

import re

import pytest

from tests.clirunner import Dino

from ..cli.test_first_hour import EXE, run

BOTS = ("--bot", "rules", "--bot", "rules", "--bot", "rules")


def _to_a_pick_after_the_bots(dino, gid, limit=80):
    """Play `move 1` until you are to pick with some bots' cards already face down; every output on the way."""
    outs = []
    for _ in range(limit):
        r = dino("move", gid, "1")
        assert r.exit_code == 0, r.output
        outs.append(r.stdout)
        if "Now: you pick" in r.stdout and "played a card face down." in r.stdout:
            return outs
    pytest.fail("the bots never picked before you")


def test_move_never_names_a_pick_you_have_not_seen_revealed(tmp_path):
    """Every `move` output: no bot's pick is named; those made before yours read 'played a card face
    down', and the cards are named only by the reveal (DODO-14)."""
    dino = Dino(tmp_path / "g.db")
    gid = dino.json("new", "dodos", *BOTS, "--seed", "picks", "--no-play")["game"]
    outs = _to_a_pick_after_the_bots(dino, gid)
    for out in outs:
        assert not re.search(r"\(bot\): pick ", out), out
    assert any("Revealed: " in out for out in outs)
    last = outs[-1]
    assert "Revealed: " not in last.split("played a card face down.")[-1]


def test_move_json_leaves_a_secret_pick_unnamed(tmp_path):
    """`move --json`: a bot's pick is "action": null for the seat that moved; its own pick is named."""
    dino = Dino(tmp_path / "g.db")
    gid = dino.json("new", "dodos", *BOTS, "--seed", "picks", "--no-play")["game"]
    seen = []
    for _ in range(80):
        out = dino.json("move", gid, "1")
        seen += out["played"]
        if any(p["bot"] and p["action"] is None for p in out["played"]) and out["to_move"] == 0:
            break
    picks = [p for p in seen if p["action"] is not None and p["action"].startswith("pick ")]
    assert picks and all(p["name"] == "you" for p in picks)
    assert any(p["bot"] and p["action"] is None for p in seen)


@pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")
def test_replay_step_as_you_does_not_name_the_picks_face_down(tmp_path):
    """`dinocli replay GAME --as you --step` in its own process, with the bots' cards still face down:
    their picks read 'played a card face down'; `replay --as rex` of that seat's own pick names it."""
    db = tmp_path / "g.db"
    dino = Dino(db)
    gid = dino.json("new", "dodos", *BOTS, "--seed", "picks", "--no-play", "--casual")["game"]
    _to_a_pick_after_the_bots(dino, gid)
    mine = run(db, "replay", gid, "--as", "you", "--step", "--delay", "0")
    assert mine.returncode == 0, mine.stderr
    assert not re.search(r"^\s*\d+\s+(rex|trike|ptera): pick ", mine.stdout, re.M)
    assert re.search(r"^\s*\d+\s+(rex|trike|ptera) played a card face down\.", mine.stdout, re.M)
    theirs = run(db, "replay", gid, "--as", "rex", "--step", "--delay", "0")
    assert re.search(r"^\s*\d+\s+rex: pick ", theirs.stdout, re.M)
