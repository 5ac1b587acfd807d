"""Notation: canonical text, the forms people type, and the two kinds of error."""

from __future__ import annotations

import pytest

from dinocli.games.dingo import GAME
from dinocli.games.dingo.actions import DestroyProtected, DiscardCard, Pass, PlayCard, Skip, Target
from dinocli.games.protocol import IllegalAction, MalformedAction

from .tables import act, table


@pytest.fixture
def s():
    return table(
        [["red-cow", "red-horse"], ["blue-cow", "blue-baby"], ["green-cow"]],
        [["blue-dingo", "green-sheep"], ["blue-sheep", "blue-horse"], ["green-sheep", "green-baby"]],
    )


def test_canonical_forms(s):
    """format_action names cards by label and seats by name."""
    sheep, dingo = s.hands[0]  # hands are kept sorted by card number
    assert GAME.format_action(s, PlayCard(dingo, 1)) == "play blue-dingo bob"
    assert GAME.format_action(s, DiscardCard(sheep)) == "discard green-sheep"
    assert GAME.format_action(s, DestroyProtected()) == "destroy"
    assert GAME.format_action(s, Target(1, s.ranches[1][1])) == "target bob 2"
    assert GAME.format_action(s, Skip()) == "skip" and GAME.format_action(s, Pass()) == "pass"


@pytest.mark.parametrize(
    "text",
    ["play blue-dingo bob", "play 2 bob", "play dingo bob", "PLAY Blue Dingo to Bob", "p 2 into ranch bob", "play dingo on bob"],
)
def test_ways_to_play_a_card(s, text):
    """Hand position, name, label, 'colour name', filler words and any case all read the same."""
    assert GAME.parse_action(s, text) == PlayCard(s.hands[0][1], 1)


def test_play_without_a_seat_means_own_ranch(s):
    """'play 1' and 'play 1 me' play into the mover's own ranch."""
    assert GAME.parse_action(s, "play 1") == GAME.parse_action(s, "play 1 me") == PlayCard(s.hands[0][0], 0)


def test_discard_forms(s):
    """'discard 1', 'discard sheep', 'd green-sheep'."""
    want = DiscardCard(s.hands[0][0])
    assert GAME.parse_action(s, "discard 1") == GAME.parse_action(s, "discard sheep") == GAME.parse_action(s, "d green-sheep") == want


def test_target_forms(s):
    """'target bob 2' by position, or by an unambiguous card name."""
    s, _ = act(s, "play blue-dingo bob")
    want = Target(1, s.ranches[1][1])
    assert GAME.parse_action(s, "target bob 2") == GAME.parse_action(s, "t Bob baby") == GAME.parse_action(s, "target bob blue baby") == want


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"), ("dance", "unknown action"), ("play", "play what"), ("play banana bob", "unknown card"),
        ("play 1 zed", "unknown player"), ("destroy now", "nothing after"), ("discard", "discard one card"),
        ("target bob", "target whom"), ("play\x00", "control"),
    ],
)
def test_malformed_text_says_why(s, text, message):
    """MalformedAction for text that does not name an action."""
    with pytest.raises(MalformedAction, match=message):
        GAME.parse_action(s, text)


@pytest.mark.parametrize(
    "text, message",
    [
        ("play 3 bob", "no card at hand position 3"), ("play red-baby", "holds no red-baby"),
        ("play green-sheep bob", "DINGO-19"), ("skip", "nothing to target"), ("target bob 2", "nothing to target"),
        ("pass", "G11"),
    ],
)
def test_illegal_actions_say_why(s, text, message):
    """IllegalAction for a well-formed action the rules forbid now."""
    with pytest.raises(IllegalAction, match=message):
        GAME.parse_action(s, text)


def test_ambiguous_card_name_asks_which():
    """Two different Sheep in hand: 'sheep' is ambiguous, 'red-sheep' is not."""
    s = table([["red-cow"], ["blue-cow"]], [["red-sheep", "blue-sheep"], ["green-sheep", "green-baby"]])
    with pytest.raises(MalformedAction, match="blue-sheep or red-sheep"):
        GAME.parse_action(s, "discard sheep")
    assert GAME.parse_action(s, "discard red-sheep") == DiscardCard(s.hands[0][0])


def test_names_with_spaces_and_case():
    """Seat names may hold spaces; matching ignores case."""
    from msgspec.structs import replace

    s = table([["red-cow"], ["blue-cow"]], [["blue-sheep", "red-baby"], ["green-sheep", "green-baby"]])
    s = replace(s, names=("Ann Lee", "Big Bob"))
    a = GAME.parse_action(s, "play blue-sheep big bob")
    assert a == PlayCard(s.hands[0][1], 1) and GAME.format_action(s, a) == "play blue-sheep Big Bob"
    assert GAME.parse_action(s, GAME.format_action(s, a)) == a
