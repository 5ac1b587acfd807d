"""The Table (issue 38) answers for every caller (the CLI, the prompt, completion, review, a server to come):
whose eyes, whose turn, what may be listed and looked at."""

from __future__ import annotations

import pytest

from dinocli.games.protocol import IllegalAction
from dinocli.service import ServiceError


def test_two_people_at_a_strict_table(svc):
    g = svc.new_game("dingo", players=["ann", "bob"], bots=["rules"], seed="4")
    list(svc.run_bots(g))   # to a person's turn
    t = g.table
    assert t.strict and t.guarded and t.hotseat and t.people == [0, 1] and t.bots == ["rules"]
    assert t.acting() == g.to_move and t.bots_turn() is None and t.looks() == [g.to_move]
    other = 1 - g.to_move
    with pytest.raises(ServiceError, match=f"show --as {g.names[other]} would show that seat's hidden information"):
        t.peek(g.names[other], "show")
    assert t.peek(None, "show") == g.to_move
    with pytest.raises(ServiceError, match="the whole log of a game in progress"):
        t.check_whole_log()
    with pytest.raises(ServiceError, match="still being played"):
        svc.takeover(g.id, 0)


def test_a_bot_left_to_move_keeps_its_hand(svc):
    g = svc.new_game("dingo", players=["ann"], bots=["rules"], seed="3")
    list(svc.run_bots(g))
    svc.move(g.id, "1")   # the bots' reply not yet played: a prompt left while rex thought
    g = svc.load(g.id)
    t = g.table
    assert t.bots_turn() == 1 and t.acting() is None and t.guarded
    with pytest.raises(IllegalAction, match=r"^it is rex's turn \(a bot\), whose moves would show its hand; x lets it move$"):
        t.check_moves_open("x")
    with pytest.raises(IllegalAction, match=r"it is rex's turn \(a bot\); run 'dinocli play"):
        svc.play(g.id, g.game.legal_actions(g.state)[0])


def test_a_casual_table_and_a_table_of_bots_let_anyone_look(svc):
    casual = svc.new_game("dingo", players=["ann", "bob"], bots=["rules"], seed="4", undo="casual").table
    assert casual.casual and not casual.strict and not casual.guarded and casual.looks() == [0, 1, 2]
    assert casual.peek("rex", "show") == 2
    bots = svc.new_game("dingo", bots=["rules", "random"], seed="4").table
    assert bots.people == [] and not bots.guarded and bots.default_seat() is None and bots.keyboard() is None
    bots.check_moves_open("x")   # nobody's hand to keep: the moves may be listed
