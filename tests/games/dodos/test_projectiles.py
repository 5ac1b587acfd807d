"""Projectiles: aims, boxes, self-shield, landing (DODO-50..54, G06, A12, A13)."""

from __future__ import annotations

import pytest

from dinocli.games.dodos import GAME
from dinocli.games.dodos.actions import Throw
from dinocli.games.dodos.events import Discarded, Moved, ProjectileThrown
from dinocli.games.dodos.state import Task
from dinocli.games.protocol import IllegalAction, MalformedAction

from .helpers import ScriptRng, act, legal_texts, of, run, table

A, A_PLUS_1, A_MINUS_1, A_MINUS_2, MISS = 0, 7 * 50_000, 10 * 50_000, 15 * 50_000, 19 * 50_000  # Egg faces


def throwing(n=2, pick="egg-flick", **kw):
    return table(n, picks={0: pick}, agenda=[Task("effect", 0)], **kw)


def test_the_projectile_is_the_one_on_the_card():
    """DODO-50: Egg Flick throws the Egg; naming another projectile is illegal."""
    s, _ = run(throwing())
    assert legal_texts(s) == ["throw egg at bob"]
    with pytest.raises(IllegalAction, match="Egg|egg"):
        GAME.parse_action(s, "throw star at bob")


def test_aims_are_spaces_holding_other_dodinos():
    """G06, G10: one aim per space holding another Dodino; any seat there names it."""
    s, _ = run(throwing(4, pos=(20, 22, 22, 25)))
    assert legal_texts(s) == ["throw egg at bob", "throw egg at dan"]
    assert GAME.parse_action(s, "throw egg at cat") == Throw(22)
    assert GAME.parse_action(s, "throw egg at 25") == Throw(25)
    with pytest.raises(IllegalAction):
        GAME.parse_action(s, "throw egg at ann")
    with pytest.raises(MalformedAction):
        GAME.parse_action(s, "throw egg at nobody")


def test_red_box_hits_each_dodino_and_white_box_once():
    """DODO-52, DODO-53: every Dodino hit resolves the red box; the thrower's white box fires once."""
    s, _ = run(throwing(3, pick="banana-toss", pos=(10, 20, 20)))
    s, evs = act(s, "throw banana at bob", ScriptRng(throw=[A]))
    assert of(evs, ProjectileThrown)[0].hits == (1, 2)
    assert s.pos == (11, 18, 18)


def test_self_shield_protects_the_thrower_on_four_to_six():
    """DODO-51, G06: a thrower on a landing space is hit only on a d6 roll of 1-2."""
    s, _ = run(throwing(pick="banana-toss", pos=(20, 20)))
    s, evs = act(s, "throw banana at bob", ScriptRng(throw=[A], shield=[2]))
    e = of(evs, ProjectileThrown)[0]
    assert e.shield == 3 and e.hits == (1,)
    s, _ = run(throwing(pick="banana-toss", pos=(20, 20)))
    s, evs = act(s, "throw banana at bob", ScriptRng(throw=[A], shield=[1]))
    assert of(evs, ProjectileThrown)[0].hits == (0, 1)


def test_red_boxes_in_turn_order_from_the_thrower_then_white():
    """A12, DODO-52: red boxes resolve from the thrower (included) in turn order, then the white box."""
    s, _ = run(throwing(3, pos=(20, 20, 30), hands={0: ["dash", "burst"], 1: ["dash", "burst"]}))
    s, _ = act(s, "throw egg at bob", ScriptRng(throw=[A], shield=[0]))
    assert s.agenda[0].seat == 0 and legal_texts(s) == ["discard dash", "discard burst"]
    s, _ = act(s, "discard dash")
    assert s.agenda[0].seat == 1
    s, evs = act(s, "discard burst")
    assert [type(e).__name__ for e in evs][:2] == ["Discarded", "Moved"] and s.pos[0] == 22


def test_black_box_on_a_miss_for_red_cards_only():
    """DODO-54: a red projectile that hits nothing costs 4 cards; a blue one costs nothing."""
    s, _ = run(throwing(pick="rotten-egg", hands={0: ["dash"] * 6}))
    s, evs = act(s, "throw egg at bob", ScriptRng(throw=[MISS]))
    assert len(of(evs, Discarded)[0].cards) == 4 and len(s.hands[0]) == 2
    s, _ = run(throwing(pick="egg-flick", hands={0: ["dash"] * 6}))
    s, evs = act(s, "throw egg at bob", ScriptRng(throw=[MISS]))
    assert not of(evs, Discarded) and len(s.hands[0]) == 6


def test_hitting_only_yourself_counts_as_a_hit():
    """A13: hitting only your own Dodino fires the white box and spares you the black box."""
    s, _ = run(throwing(pick="rotten-egg", pos=(21, 20), hands={0: ["dash"] * 3}))
    s, evs = act(s, "throw egg at bob", ScriptRng(throw=[A_PLUS_1], shield=[0]))
    assert of(evs, ProjectileThrown)[0].hits == (0,)
    assert len(s.hands[0]) == 2 and s.pos[0] == 23  # red box: discard 1; white box: +2; no black box


def test_landing_behind_the_first_space_is_a_miss():
    """G06, DODO-60: on the Jungle track a landing space below 0 counts as a miss."""
    s, _ = run(throwing(pos=(10, 0)))
    s, evs = act(s, "throw egg at bob", ScriptRng(throw=[A_MINUS_2]))
    e = of(evs, ProjectileThrown)[0]
    assert e.outcome == "a-2" and e.landed == () and e.hits == ()


def test_space_track_landing_wraps_around_the_loop():
    """G02, A09: the Space track is a loop, so a throw just behind cell 0 lands on cell 35."""
    s, _ = run(throwing(3, track="space", pos=(20, 36, 35)))
    assert legal_texts(s) == ["throw egg at bob", "throw egg at cat"]
    s, evs = act(s, "throw egg at bob", ScriptRng(throw=[A_MINUS_1]))
    e = of(evs, ProjectileThrown)[0]
    assert e.aim == 0 and e.landed == (35,) and e.hits == (2,)


def test_throw_outcome_is_recorded_for_replays():
    """G06: the face, outcome, landing spaces and hits are in the event; folding needs no dice."""
    s, _ = run(throwing(pick="banana-toss", pos=(10, 20)))
    s2, evs = act(s, "throw banana at bob skill 0.9", ScriptRng(throw=[A]))
    e = of(evs, ProjectileThrown)[0]
    assert (e.skill, e.face, e.outcome, e.landed, e.hits) == (0.9, 1, "a", (20,), (1,))
    assert of(evs, Moved)
