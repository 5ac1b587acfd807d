"""Removal effects, targets, protection and the Moon (DINGO-13, 14, 16, 23, 25..30, A02, G03)."""

from __future__ import annotations

import pytest

from dinocli.games.dingo import GAME
from dinocli.games.dingo.actions import Skip, Target
from dinocli.games.dingo.data import LABEL
from dinocli.games.dingo.events import CardRemoved, ChoiceDeclined, ChoiceOffered
from dinocli.games.dingo.effects import targets
from dinocli.games.protocol import IllegalAction

from .tables import act, labels, table


def _targets(s) -> list[str]:
    """Legal targets of the pending effect as 'seat:label' strings."""
    return [f"{s.names[a.ranch]}:{labels([a.card])[0]}" for a in GAME.legal_actions(s) if isinstance(a, Target)]


def _played(ranches, hand, play, **kw):
    """Ann (red) plays ``play``; returns the state waiting for the effect."""
    s = table(ranches, [hand, ["purple-sheep", "purple-baby"], ["purple-cow", "purple-horse"]][: len(ranches)], **kw)
    s, log = act(s, play)
    return s, log


def test_scare_removes_value_four_or_more():
    """DINGO-29, DINGO-G02: Sun's Scare targets a card of value >= 4."""
    s, _ = _played([["red-baby"], ["blue-baby", "blue-cow", "blue-sheep", "blue-horse"]], ["blue-sun", "green-baby"], "play blue-sun bob")
    assert _targets(s) == ["bob:blue-cow", "bob:blue-horse"]


def test_chase_removes_a_card_of_the_dogs_colour():
    """DINGO-29, DINGO-G02: Dog's Chase targets its own colour, never itself (G03)."""
    s, _ = _played([["yellow-baby", "green-cow"], ["blue-baby", "green-sheep", "blue-cow"]], ["green-dog", "yellow-sheep"], "play green-dog bob")
    assert _targets(s) == ["ann:green-cow", "bob:green-sheep"]


def test_stomp_removes_the_card_directly_left_in_that_ranch():
    """DINGO-29, DINGO-G02: Kangaroo's Stomp hits only its left neighbour."""
    s, _ = _played([["yellow-baby", "green-horse"], ["blue-baby", "blue-sheep"]], ["blue-kangaroo", "yellow-sheep"], "play blue-kangaroo bob")
    assert _targets(s) == ["bob:blue-sheep"]


def test_stomp_fizzles_on_a_protected_neighbour():
    """DINGO-27, DINGO-G03: Stomp into an opponent's ranch of 1 card has no legal target."""
    s, log = _played([["yellow-baby"], ["blue-baby"]], ["blue-kangaroo", "yellow-sheep"], "play blue-kangaroo bob")
    assert not any(isinstance(e, ChoiceOffered) for e in log) and GAME.to_move(s) == 1


def test_eat_removes_a_baby():
    """DINGO-29, DINGO-G02: Dingo's Eat targets Babies only."""
    s, _ = _played([["yellow-cow", "green-baby"], ["blue-cow", "blue-baby", "blue-sheep"]], ["blue-dingo", "yellow-sheep"], "play blue-dingo bob")
    assert _targets(s) == ["ann:green-baby", "bob:blue-baby"]


def test_stalk_removes_value_three_or_less():
    """DINGO-29, DINGO-G02: Crocodile's Stalk targets value <= 3 (not itself, value 5)."""
    s, _ = _played([["yellow-cow", "green-baby"], ["blue-cow", "blue-sheep", "blue-horse"]], ["blue-crocodile", "yellow-sheep"], "play blue-crocodile bob")
    assert _targets(s) == ["ann:green-baby", "bob:blue-sheep"]


def test_bushfire_destroy_removes_any_card():
    """DINGO-29, DINGO-G02: Bushfire's Destroy targets any unprotected, unshielded card."""
    s, _ = _played([["yellow-cow", "green-baby"], ["green-cow", "blue-sheep"]], ["green-bushfire", "yellow-sheep"], "play green-bushfire bob")
    assert _targets(s) == ["ann:yellow-cow", "ann:green-baby", "bob:blue-sheep"]


def test_protected_card_of_another_player_is_never_a_target():
    """DINGO-13, DINGO-27: bob's leftmost card cannot be removed by ann's effect."""
    s, _ = _played([["yellow-cow"], ["blue-horse", "blue-cow"]], ["blue-sun", "green-baby"], "play blue-sun bob")
    assert "bob:blue-horse" not in _targets(s)
    with pytest.raises(IllegalAction, match="protected"):
        act(s, "target bob 1")


def test_own_protected_card_is_a_target_of_own_effect():
    """DINGO-14, A02: ann's effect may remove ann's own protected card, even played elsewhere."""
    s, _ = _played([["yellow-cow"], ["blue-sheep"]], ["blue-sun", "green-baby"], "play blue-sun bob")
    assert _targets(s) == ["ann:yellow-cow"]
    s, log = act(s, "target ann 1")
    assert s.ranches[0] == () and log[0].how == "scare"


def test_target_in_any_ranch_chosen_by_the_player():
    """DINGO-25, DINGO-26: the player picks the target, in any ranch, not only where the card went."""
    s, _ = _played(
        [["yellow-baby", "red-cow"], ["blue-baby", "blue-cow"], ["purple-baby", "green-horse"]],
        ["blue-sun", "green-baby"], "play blue-sun bob",
    )
    assert _targets(s) == ["ann:red-cow", "bob:blue-cow", "cat:green-horse"]
    s, log = act(s, "target cat 2")
    assert labels(s.ranches[2]) == ["purple-baby"] and log[0] == CardRemoved(seat=0, ranch=2, card=log[0].card, how="scare")


def test_moon_shields_the_card_to_its_left():
    """DINGO-28: the card directly left of a Moon is not a target, in any ranch; the Moon itself is."""
    s, _ = _played(
        [["yellow-baby", "red-cow", "green-moon"], ["blue-baby", "blue-cow", "blue-moon", "blue-sheep"]],
        ["green-bushfire", "yellow-sheep"], "play green-bushfire ann",
    )
    assert _targets(s) == ["ann:yellow-baby", "ann:green-moon", "bob:blue-moon", "bob:blue-sheep"]
    with pytest.raises(IllegalAction, match="Moon"):
        act(s, "target bob 2")


def test_removal_slides_cards_left_and_protects_the_new_first():
    """DINGO-16: after ann removes her own protected card, the next card is protected from others."""
    s, _ = _played([["yellow-baby", "red-cow"], ["blue-sheep"]], ["blue-dingo", "green-baby"], "play blue-dingo bob")
    s, _ = act(s, "target ann 1")
    assert labels(s.ranches[0]) == ["red-cow"]
    sun = LABEL.index("yellow-sun")
    assert [t for t in targets(s.ranches, 1, sun) if t.ranch == 0] == []  # bob cannot reach ann's Cow
    assert Target(0, s.ranches[0][0]) in targets(s.ranches, 0, sun)  # but ann still can (A02)


def test_effects_are_optional():
    """DINGO-23: skipping leaves every ranch as it was."""
    s, _ = _played([["yellow-baby"], ["blue-sheep", "blue-baby"]], ["blue-dingo", "green-baby"], "play blue-dingo bob")
    before = s.ranches
    assert GAME.legal_actions(s)[-1] == Skip()
    s, log = act(s, "skip")
    assert s.ranches == before and log[0] == ChoiceDeclined(seat=0, kind="effect")


def test_effect_never_targets_itself_and_fizzles_without_target():
    """DINGO-G03: a Bushfire alone on the table has nothing to burn; no choice is offered."""
    s, log = _played([["yellow-cow"], ["blue-cow"]], ["green-bushfire", "green-baby"], "play green-bushfire ann")
    # ann's own protected Cow is a legal target, the Bushfire itself is not.
    assert _targets(s) == ["ann:yellow-cow"]
    s, log = _played([[], ["blue-cow"]], ["green-bushfire", "green-baby"], "play green-bushfire ann")
    assert not any(isinstance(e, ChoiceOffered) for e in log) and GAME.to_move(s) == 1


def test_moon_has_no_removal():
    """DINGO-28: the Moon's effect is passive; playing it offers nothing."""
    _, log = _played([["yellow-cow"], ["blue-cow", "blue-baby"]], ["blue-moon", "green-baby"], "play blue-moon bob")
    assert not any(isinstance(e, ChoiceOffered) for e in log)


def test_removed_and_discarded_cards_share_one_pile():
    """DINGO-30: an eaten Baby and a discarded card land on the same discard pile."""
    s, _ = _played([["yellow-cow"], ["blue-sheep", "blue-baby"]], ["blue-dingo", "green-baby"], "play blue-dingo bob")
    s, _ = act(s, "target bob 2", "discard purple-sheep")
    assert labels(s.discard) == ["blue-baby", "purple-sheep"]
