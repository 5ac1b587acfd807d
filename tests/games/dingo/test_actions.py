"""The four actions, the refill and the special rule (DINGO-15..24, A04, A05, A07, A08, G11)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dingo import GAME
from dinocli.games.dingo.actions import DestroyProtected, DiscardCard, Pass, PlayCard, Skip
from dinocli.games.dingo.events import CardDrawn, CardRemoved, ChoiceOffered, Passed
from dinocli.games.protocol import IllegalAction

from .tables import act, kinds, labels, table


def test_a_turn_is_one_of_four_actions():
    """DINGO-17: in phase 'act' only plays, destroy and discards are legal."""
    s = table([["red-cow", "red-horse"], ["blue-cow"]], [["green-sheep", "green-baby"], ["blue-sheep", "blue-baby"]])
    texts = [GAME.format_action(s, a) for a in GAME.legal_actions(s)]
    assert texts == [
        "play green-baby ann", "play green-sheep ann", "destroy", "discard green-baby", "discard green-sheep",
    ]


def test_play_any_colour_into_own_ranch_goes_to_the_right():
    """DINGO-18, DINGO-15: any colour enters your own ranch, at the right end."""
    s = table([["red-cow", "blue-horse"], ["blue-cow"]], [["green-sheep", "yellow-baby"], ["blue-sheep", "blue-baby"]])
    s, log = act(s, "play green-sheep ann")
    assert labels(s.ranches[0]) == ["red-cow", "blue-horse", "green-sheep"]


@pytest.mark.parametrize(
    "bob_ranch, card, ok",
    [
        (["yellow-cow"], "blue-sheep", True),    # bob's Starting Card is blue
        (["yellow-cow"], "yellow-sheep", True),  # a yellow card is in bob's ranch
        (["yellow-cow"], "green-sheep", False),  # neither
        ([], "green-sheep", False),
        ([], "blue-sheep", True),
    ],
)
def test_play_into_opponent_needs_a_matching_colour(bob_ranch, card, ok):
    """DINGO-19: the card's colour matches the opponent's Starting Card or a card in their ranch."""
    s = table([["red-cow"], bob_ranch], [[card, "red-baby"], ["purple-sheep", "purple-baby"]])
    if ok:
        s, _ = act(s, f"play {card} bob")
        assert labels(s.ranches[1])[-1] == card
    else:
        with pytest.raises(IllegalAction, match="DINGO-19"):
            act(s, f"play {card} bob")


def test_destroy_needs_more_than_one_card_and_slides_left():
    """DINGO-20, DINGO-16: destroy the protected card only with 2+ cards; the next becomes protected."""
    s = table([["red-cow"], ["blue-cow"]])
    assert DestroyProtected() not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction, match="more than 1"):
        act(s, "destroy")
    s = table([["red-cow", "blue-horse", "red-sheep"], ["blue-cow"]])
    s, log = act(s, "destroy")
    assert labels(s.ranches[0]) == ["blue-horse", "red-sheep"] and labels(s.discard) == ["red-cow"]
    assert log[0] == CardRemoved(seat=0, ranch=0, card=log[0].card, how="destroy")


def test_destroy_draws_nothing():
    """A08: action 3 uses no card, so no refill follows."""
    s = table([["red-cow", "blue-horse"], ["blue-cow"]])
    s, log = act(s, "destroy")
    assert not any(isinstance(e, CardDrawn) for e in log) and len(s.hands[0]) == 2


def test_discard_then_refill_draws_exactly_one():
    """DINGO-21, DINGO-22, A07: the discarded card is replaced by the normal refill, no extra draw."""
    s = table([["red-cow"], ["blue-cow"]])
    s, log = act(s, "discard 1")
    assert kinds(log) == ["CardDiscarded", "CardDrawn", "TurnStarted"]
    assert len(s.hands[0]) == 2 and len(s.discard) == 1


def test_play_refills_to_two():
    """DINGO-22: after playing, draw back up to two cards."""
    s = table([["red-cow"], ["blue-cow"]], [["green-sheep", "green-baby"], ["blue-sheep", "blue-baby"]])
    s, log = act(s, "play 1 ann")
    assert len(s.hands[0]) == 2 and sum(isinstance(e, CardDrawn) for e in log) == 1


def test_refill_fills_a_short_hand_to_two():
    """DINGO-22: a hand of 1 left by an odd table still refills to 2 (two draws)."""
    s = table([["red-cow"], ["blue-cow"]], [["red-sheep"], ["blue-sheep", "blue-baby"]])
    s, log = act(s, "discard 1")
    assert sum(isinstance(e, CardDrawn) for e in log) == 2 and len(s.hands[0]) == 2


def test_special_rule_offers_destroy_for_own_colour_into_own_ranch():
    """DINGO-24: ann is red; a red card into her own ranch offers destroying her protected card."""
    s = table([["blue-cow", "blue-sheep"], ["green-cow"]], [["red-sheep", "blue-baby"], ["green-sheep", "green-baby"]])
    s, log = act(s, "play red-sheep ann")
    assert log[-1] == ChoiceOffered(seat=0, kind="special", card=log[0].card)
    assert GAME.legal_actions(s) == [DestroyProtected(), Skip()]
    done, log = act(s, "destroy")
    assert labels(done.ranches[0]) == ["blue-sheep", "red-sheep"]
    assert log[0].how == "special" and GAME.to_move(done) == 1
    kept, _ = act(s, "skip")
    assert labels(kept.ranches[0]) == ["blue-cow", "blue-sheep", "red-sheep"]


def test_special_rule_not_offered_elsewhere():
    """DINGO-24: not for another colour, nor for an opponent's ranch."""
    s = table([["blue-cow"], ["red-cow"]], [["red-sheep", "blue-baby"], ["green-sheep", "green-baby"]])
    _, log = act(s, "play blue-baby ann")
    assert not any(isinstance(e, ChoiceOffered) for e in log)
    _, log = act(s, "play red-sheep bob")
    assert not any(isinstance(e, ChoiceOffered) for e in log)


def test_special_rule_needs_another_protected_card():
    """A05: into an empty ranch the played card would destroy itself, so nothing is offered."""
    s = table([[], ["blue-cow"]], [["red-sheep", "blue-baby"], ["green-sheep", "green-baby"]])
    s, log = act(s, "play red-sheep ann")
    assert not any(isinstance(e, ChoiceOffered) for e in log) and labels(s.ranches[0]) == ["red-sheep"]


def test_special_destroy_comes_before_the_effect():
    """A04: place, then destroy the protected card, then the effect: a Kangaroo then finds nothing to stomp."""
    s = table([["blue-cow"], ["blue-sheep"]], [["red-kangaroo", "blue-baby"], ["green-sheep", "green-baby"]])
    s, log = act(s, "play red-kangaroo ann", "destroy")
    assert labels(s.ranches[0]) == ["red-kangaroo"]
    assert not any(isinstance(e, ChoiceOffered) and e.kind == "effect" for e in log)
    # Skipping the special rule instead leaves the protected Cow for the Stomp (own protected card, A02).
    s = table([["blue-cow"], ["blue-sheep"]], [["red-kangaroo", "blue-baby"], ["green-sheep", "green-baby"]])
    s, log = act(s, "play red-kangaroo ann", "skip")
    assert log[-1] == ChoiceOffered(seat=0, kind="effect", card=log[0].card)
    s, log = act(s, "target ann 1")
    assert labels(s.ranches[0]) == ["red-kangaroo"] and log[0].how == "stomp"


def test_special_destroy_then_effect_on_another_ranch():
    """A04: both the special destroy and the effect may happen in one play."""
    s = table([["blue-cow", "green-baby"], ["blue-baby", "blue-baby"]], [["red-dingo", "green-sheep"], ["green-cow", "yellow-baby"]])
    s, log = act(s, "play red-dingo ann", "destroy", "target bob 2")
    assert labels(s.ranches[0]) == ["green-baby", "red-dingo"] and labels(s.ranches[1]) == ["blue-baby"]
    assert [e.how for e in log if isinstance(e, CardRemoved)] == ["special", "eat"]


def test_pass_when_no_card_and_at_most_one_ranch_card():
    """DINGO-G11: with an empty hand and a ranch of 0 or 1 card the only action is to pass."""
    s = table([["red-cow"], ["blue-cow"]], [[], ["blue-sheep", "blue-baby"]])
    assert GAME.legal_actions(s) == [Pass()]
    s2, log = act(s, "pass")
    assert isinstance(log[0], Passed) and len(s2.hands[0]) == 2 and GAME.to_move(s2) == 1
    s = table([["red-cow", "red-horse"], ["blue-cow"]], [[], ["blue-sheep", "blue-baby"]])
    assert GAME.legal_actions(s) == [DestroyProtected()]
    with pytest.raises(IllegalAction, match="G11"):
        act(s, "pass")


def test_identical_cards_are_one_choice():
    """Two Red Babies in hand give one play per ranch, and either copy is accepted."""
    s = table([["red-cow"], ["blue-cow"]], [["red-baby", "red-baby"], ["blue-sheep", "blue-baby"]])
    legal = GAME.legal_actions(s)
    assert [GAME.format_action(s, a) for a in legal] == ["play red-baby ann", "discard red-baby"]
    other = max(s.hands[0])
    events = GAME.decide(s, DiscardCard(other), SeededRng("x"))
    assert events[0].card == min(s.hands[0])


def test_choices_pending_must_be_answered_first():
    """DINGO-23: while an effect waits, only a target or skip is legal."""
    s = table([["blue-cow"], ["blue-sheep", "blue-baby"]], [["blue-dingo", "green-sheep"], ["green-cow", "yellow-baby"]])
    s, _ = act(s, "play blue-dingo bob")
    assert s.phase == "effect"
    with pytest.raises(IllegalAction, match="target a card, or skip"):
        GAME.decide(s, PlayCard(min(s.hands[0]), 0), SeededRng("x"))
    assert GAME.to_move(replace(s, phase="over")) is None
