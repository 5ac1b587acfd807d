"""The service: optimistic concurrency, strict undo, bots moving after a human."""

from __future__ import annotations

import pytest

from dinocli.events.store import Conflict
from dinocli.games.protocol import IllegalAction
from dinocli.service import Service, ServiceError


def test_two_writers_on_one_head_conflict_and_nothing_interleaves(svc, tmp_path):
    g = svc.new_game("dingo", players=["ann", "bob"], seed="c1")
    other = Service.open(str(tmp_path / "games.sqlite"))
    a, b = svc.load(g.id), other.load(g.id)
    action = a.game.legal_actions(a.state)[0]
    svc._append_decision(a, a.to_move, action, None)
    with pytest.raises(Conflict):
        other._append_decision(b, b.to_move, action, None)
    assert len(svc.load(g.id).path) == len(a.path)
    other.close()


def test_bots_move_until_a_human_must_act(svc):
    g = svc.new_game("dingo", players=["ann"], bots=["random", "random"], seed="b1")
    list(svc.run_bots(g))
    assert g.to_move == 0 or g.over
    g2, first = svc.move(g.id, g.legal_texts()[0])
    played = list(svc.run_bots(g2))
    assert g2.over or g2.to_move == 0
    assert all(p.bot == "random" for p in played)


def test_moving_for_a_bot_is_refused(svc):
    g = svc.new_game("dingo", players=["ann"], bots=["random"], seed="b2")
    if g.to_move == 1:
        with pytest.raises(IllegalAction, match="bot"):
            svc.move(g.id, g.legal_texts()[0])


def test_strict_undo_never_crosses_a_card_the_player_saw(svc):
    """DESIGN "The event store": with two humans undo stops at information already seen."""
    g = svc.new_game("dingo", players=["ann", "bob"], seed="s1")
    assert g.record.meta["undo"] == "strict"
    for _ in range(6):
        g = svc.load(g.id)
        texts = g.legal_texts()
        discard = next((t for t in texts if t.startswith("discard")), texts[0])
        svc.move(g.id, discard)
    with pytest.raises(ServiceError, match="strict undo stops at event"):
        svc.undo(g.id)


def test_casual_undo_goes_back_freely(svc):
    g = svc.new_game("dingo", players=["ann", "bob"], seed="s1", undo="casual")
    head = g.head
    texts = g.legal_texts()
    svc.move(g.id, next((t for t in texts if t.startswith("discard")), texts[0]))
    assert svc.undo(g.id).head == head
