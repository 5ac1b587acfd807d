"""Service.play (issue 38): an action value, advanced with the events the rules decided for it; a move
(`move ID N` or `move ID TEXT`, the prompt's line) is parse + play, on one load of the game."""

from __future__ import annotations

import json

import pytest

from dinocli.events.store import Store
from dinocli.games.protocol import IllegalAction
from dinocli.service import Service
from tests.clirunner import Dino


@pytest.fixture
def reads(monkeypatch):
    """How often the store was asked for a game record, for the line to its head (the last snapshot on it and
    what follows) and for a whole path (when there is no snapshot) while a command ran."""
    counts = {"game": 0, "line": 0, "path": 0}

    def counted(name, what):
        real = getattr(Store, name)

        def spy(self, *a, **k):
            counts[what] += 1
            return real(self, *a, **k)

        monkeypatch.setattr(Store, name, spy)

    counted("game", "game")
    counted("after_snapshot", "line")
    counted("path", "path")
    return counts


@pytest.mark.parametrize("kind", ["dingo", "dodos"])
def test_move_by_number_and_by_notation_load_the_game_once_and_play_the_same(tmp_path, reads, kind):
    dino = Dino(tmp_path / "g.db")
    ids = [dino.json("new", kind, "--bots", "2", "--seed", "7", "--no-play")["game"] for _ in range(2)]
    listed = dino.json("actions", ids[0])["actions"]
    n = len(listed)   # the last listed move, by number on one game, by its notation on the other
    results = []
    for gid, word in zip(ids, [str(n), listed[n - 1]]):
        reads.update(game=0, line=0, path=0)
        r = dino("move", gid, *word.split(), "--json")
        assert r.exit_code == 0, r.stderr
        assert reads["game"] == reads["line"] == 1 and reads["path"] <= 1, (word, reads)
        results.append(json.loads(r.stdout))
    assert results[0]["played"][0]["action"] == results[1]["played"][0]["action"] == listed[n - 1]


def test_a_number_out_of_range_is_refused_and_nothing_is_played(tmp_path):
    dino = Dino(tmp_path / "g.db")
    gid = dino.json("new", "dingo", "--bots", "1", "--seed", "7", "--no-play")["game"]
    head = dino.json("show", gid)["head"]
    r = dino("move", gid, "999")
    assert r.exit_code == 1 and "no move 999: choose 1 to" in r.stderr and r.stderr.count("\n") == 1
    assert dino.json("show", gid)["head"] == head


def test_play_takes_an_action_value_and_does_not_fold_its_events_again(tmp_path, monkeypatch):
    svc = Service.open(str(tmp_path / "g.db"))
    g = svc.new_game("dingo", players=["ann"], bots=["rules"], seed="3")
    list(svc.run_bots(g))
    g = svc.load(g.id)
    action = g.game.legal_actions(g.state)[0]

    import dinocli.service

    folds = []

    def counted(*a, **k):
        folds.append(a)
        return fold_all(*a, **k)

    fold_all = dinocli.service.fold_all
    monkeypatch.setattr(dinocli.service, "fold_all", counted)
    after, played = svc.play(g.id, action, g.head)
    assert len(folds) == 1, "the decided events were folded again after the load's fold"
    assert played.seat == 0 and played.head == after.head and after.game.to_move(after.state) is not None
    monkeypatch.undo()
    assert svc.load(g.id).state == after.state   # what was kept is what a fold of the log gives
    with pytest.raises(IllegalAction):
        svc.play(g.id, "not an action", after.head)
    assert svc.load(g.id).head == after.head
    svc.close()


def test_play_decides_an_action_a_challenge_completed(tmp_path):
    """A Dodos throw aimed in notation and completed by the prompt's dexterity challenge (its skill is not one
    of the legal actions listed, which leave it open) is played: the rules judge it (DODO-49's throws)."""
    import msgspec

    from dinocli.games.dodos.actions import Throw

    svc = Service.open(str(tmp_path / "g.db"))
    g = svc.new_game("dodos", players=["you"], bots=["rules", "rules"], seed="throw")
    for _ in range(400):
        list(svc.run_bots(g))
        g = svc.load(g.id)
        assert not g.over, "no throw came up"
        legal = g.game.legal_actions(g.state)
        throws = [a for a in legal if isinstance(a, Throw)]
        if throws:
            aimed = msgspec.structs.replace(throws[0], skill=0.7)
            assert aimed not in legal
            g, played = svc.play(g.id, aimed, g.head)
            assert played.action.endswith(" skill 0.7") and svc.load(g.id).path[-len(played.events)].action == played.action
            break
        g, _ = svc.play(g.id, legal[0], g.head)
    else:
        pytest.fail("no throw in 400 turns")
    svc.close()
