"""A take-over is practice: it counts for no result (service.takeover), so `verify` must neither
demand a result for a take-over branch that plays to its end, nor accept a recorded result that only
a take-over branch gives."""

from __future__ import annotations

import json
import sqlite3

from dinocli.results import game_result
from dinocli.service import Service
from tests.clirunner import Dino
from tests.process.conftest import ok, refused, run


def _practised(db) -> str:
    """A casual Dodos game you have not finished, taken over in rex's seat after your first move and
    played to its end there (random bot in your old seat, you choosing the first legal move); its id."""
    svc = Service.open(str(db))
    g = svc.new_game("dodos", players=["you"], bots=["random"], seed="practice-end", undo="casual")
    svc.move(g.id, svc.load(g.id).legal_texts()[0])
    list(svc.run_bots(svc.load(g.id)))
    svc.takeover(g.id, 1, "rex", "random")
    for _ in range(2000):
        t = svc.load(g.id)
        list(svc.run_bots(t))
        t = svc.load(g.id)
        if t.over:
            break
        svc.move(g.id, t.legal_texts()[0])
    assert svc.load(g.id).over and svc.store.game(g.id).result is None
    svc.close()
    return g.id


def test_a_take_over_played_to_its_end_needs_no_result(tmp_path):
    """The game itself is unfinished and records no result; its practice branch ended: it verifies,
    in-process and as a separate process (`verify` and `replay --verify`)."""
    db = tmp_path / "p.sqlite"
    gid = _practised(db)
    r = Dino(db)("verify", gid)
    assert r.exit_code == 0 and "Verified" in r.stdout and "2 lines of play" in r.stdout, (r.stdout, r.stderr)
    ok(run("verify", gid, db=db), "Verified")
    ok(run("replay", gid, "--verify", db=db), "")


def test_a_result_only_practice_gives_is_refused(tmp_path):
    """An editor who writes the practice branch's outcome in as the game's result (and reveals the seed,
    as a finished game would) is caught: a take-over's ending carries no result of the game."""
    db = tmp_path / "p.sqlite"
    gid = _practised(db)
    svc = Service.open(str(db))
    g = svc.load(gid)
    forged = json.dumps(game_result(g.game, g.state, g.record.seats))
    svc.close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET result = ?, (seed, seed_salt) = (SELECT seed, salt FROM seeds WHERE game_id = ?) "
                     "WHERE id = ?", (forged, gid, gid))
    refused(run("verify", gid, db=db), 4, "recorded result is not what any line of play gives")
