"""Dingo edge cases the other rule tests leave open (issue #24): option bounds, names,
out-of-range actions refused as illegal with the right reason, and the heuristic's numbers."""

from __future__ import annotations

import math

import pytest
from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dingo import GAME
from dinocli.games.dingo.actions import DiscardCard, PlayCard, Skip, Target
from dinocli.games.dingo.data import DECK_SIZE, VALUE
from dinocli.games.dingo.estimate import heuristic
from dinocli.games.dingo.rules import configure, explain, normalize
from dinocli.games.protocol import BadConfig, IllegalAction

from .tables import Cards, table


@pytest.mark.parametrize("bad", ["", " ", " bob", "bob ", "b\x1bob", "b\nob"])
def test_player_names_must_be_printable_without_outer_spaces_dingo_02(bad):
    """DINGO-02: each of the three checks refuses a name on its own."""
    with pytest.raises(BadConfig, match="bad player name"):
        configure(("ann", bad), (), {})


def test_goal_option_runs_from_0_to_99_a01():
    """A01: the goal is a whole number 0..99; text digits are accepted."""
    assert configure(("ann", "bob"), (), {"goal": 99}).options["goal"] == 99
    assert configure(("ann", "bob"), (), {"goal": 0}).options["goal"] == 0
    assert configure(("ann", "bob"), (), {"goal": "42"}).options["goal"] == 42
    for bad in (100, -1, True, "x", 1.5):
        with pytest.raises(BadConfig, match="goal"):
            configure(("ann", "bob"), (), {"goal": bad})


def test_variants_default_and_switch_off_dingo_32():
    """DINGO-32 is on by default; `no-two-player-six` turns it off; tiebreak-day adds on."""
    assert configure(("a", "b"), (), {}).variants == ("two-player-six",)
    assert configure(("a", "b"), ("no-two-player-six",), {}).variants == ()
    assert configure(("a", "b"), ("tiebreak-day",), {}).variants == ("tiebreak-day", "two-player-six")


def two_seats():
    """ann (red) holds red-baby (card 0) and a red-sheep; bob's ranch is blue."""
    return table([["red-cow"], ["blue-cow"]], [["red-baby", "red-sheep"], ["blue-baby", "blue-sheep"]])


def test_card_0_is_a_card_like_any_other():
    """Card id 0 (a Red Baby) is held and explained like any card, not as 'not held'."""
    s = two_seats()
    assert 0 in s.hands[0]
    why = explain(s, PlayCard(0, 1))
    assert why.startswith("red-baby cannot go into bob's ranch") or "cannot go into" in why
    assert normalize(s, PlayCard(0, 0)) == PlayCard(0, 0)
    with pytest.raises(IllegalAction, match="cannot go into"):
        GAME.decide(s, PlayCard(0, 1), SeededRng("x"))


@pytest.mark.parametrize("ranch", [2, 3, -1, -2, 99])
def test_a_play_into_a_ranch_that_does_not_exist_is_illegal(ranch):
    """DINGO-19: ranch numbers outside the table are refused as illegal, never crash."""
    s = two_seats()
    with pytest.raises(IllegalAction, match=f"^there is no ranch number {ranch}$"):
        GAME.decide(s, PlayCard(0, ranch), SeededRng("x"))


@pytest.mark.parametrize("card", [DECK_SIZE, DECK_SIZE + 5, -1, 10_000])
def test_a_card_number_off_the_deck_is_not_held(card):
    """Out-of-range card ids are 'not held', never an IndexError."""
    s = two_seats()
    for action in (PlayCard(card, 0), DiscardCard(card)):
        with pytest.raises(IllegalAction, match="not hold that card"):
            GAME.decide(s, action, SeededRng("x"))
        assert normalize(s, action) == action


def effect_state():
    """ann just played a Scare-like card and must pick its target (phase 'effect')."""
    s = two_seats()
    return replace(s, phase="effect", pending=s.ranches[0][0])


@pytest.mark.parametrize("ranch", [2, -1, 7])
def test_a_target_in_a_ranch_that_does_not_exist_is_illegal(ranch):
    """DINGO-25: Target ranch numbers outside the table are refused, never crash."""
    s = effect_state()
    with pytest.raises(IllegalAction, match="^there is no such card in that ranch$"):
        GAME.decide(s, Target(ranch=ranch, card=s.ranches[1][0]), SeededRng("x"))


def test_a_target_card_that_is_not_in_that_ranch_is_illegal():
    """DINGO-25: a real ranch that does not hold the card."""
    s = effect_state()
    assert explain(s, Target(ranch=0, card=s.ranches[1][0])) == "there is no such card in that ranch"
    assert explain(s, Target(ranch=1, card=s.hands[1][0])) == "there is no such card in that ranch"


def test_the_protected_card_of_ranch_0_is_explained_as_protected_dingo_27():
    """DINGO-27: bob may not target ann's first card (ranch 0 is a ranch like the others)."""
    s = replace(effect_state(), turn=1, pending=two_seats().ranches[1][0])
    assert explain(s, Target(ranch=0, card=s.ranches[0][0])) == "ann's red-cow is protected (DINGO-27)"


def test_the_special_rule_must_be_answered_first_dingo_24():
    """DINGO-24: in the special-rule window only destroy or skip; a play is refused."""
    s = replace(two_seats(), phase="special")
    assert explain(s, PlayCard(0, 0)).startswith("ann must first answer the special rule")
    assert not explain(s, Skip()).startswith("ann must first answer")


def test_heuristic_adds_todays_points_to_the_score_and_weighs_by_a_softmax():
    """The MCTS estimate: exp(0.6 x (score + today's points)) normalised; today, ann's cow
    beats bob's sheep (1 point to 0)."""
    s = table([["red-cow"], ["blue-sheep"]], scores=[2, 5])
    c = Cards()
    cow, sheep = c("red-cow"), c("blue-sheep")
    assert VALUE[cow] > VALUE[sheep]
    lead = (2 + 1, 5 + 0)
    w = [math.exp(0.6 * (x - max(lead))) for x in lead]
    assert heuristic(s) == pytest.approx([w[0] / sum(w), w[1] / sum(w)])


def test_a_drawn_card_must_be_in_the_deck_dingo_g05():
    """The fold refuses a draw of a card the deck does not hold (past its end or in the middle)."""
    from dinocli.games.dingo import events as ev
    from dinocli.games.dingo.fold import fold

    s = two_seats()
    inside = s.deck[3]
    after = fold(s, ev.CardDrawn(seat=0, card=inside))
    assert after.deck == s.deck[:3] + s.deck[4:] and inside in after.hands[0]
    for missing in (s.hands[1][0], DECK_SIZE + 1):
        with pytest.raises(ValueError, match="not in the deck"):
            fold(s, ev.CardDrawn(seat=0, card=missing))


def test_turns_days_and_the_end_clear_the_pending_card():
    """DINGO-17, DINGO-G05: no card's effect is pending at a turn's start, a day's start or the end;
    a day's target is its d10 roll + 10 (DINGO-G04)."""
    from dinocli.games.dingo import events as ev
    from dinocli.games.dingo.fold import fold

    s = replace(two_seats(), phase="effect", pending=7)
    assert fold(s, ev.TurnStarted(seat=1)).pending == -1
    day = fold(s, ev.DayStarted(day=2, starter=1, roll=4))
    assert day.pending == -1 and day.target == 14 and day.turn == 1 and day.phase == "setup"
    assert fold(s, ev.GameEnded(winners=(0,))).pending == -1


def test_the_fold_memo_is_used_only_for_the_state_it_was_made_from():
    """`remember` keeps the states a decide folded; the same event on another state folds afresh."""
    from dinocli.games.dingo import events as ev
    from dinocli.games.dingo.fold import fold, remember

    s, other = two_seats(), replace(two_seats(), turn=1)
    e = ev.TurnStarted(seat=1)
    remember([e], [s, replace(s, turn=1, pending=-1, phase="act")])
    assert fold(s, e).turn == 1
    assert fold(other, e) == replace(other, turn=1, pending=-1, phase="act")
    marked = replace(s, scores=(9, 9))
    assert fold(marked, e).scores == (9, 9)


def test_a_moon_shields_only_the_card_directly_to_its_left_dingo_28():
    """DINGO-28: the card at i is shielded when i + 1 is a Moon; the last card never is, nor a
    Moon's right neighbour, nor the Moon itself."""
    from dinocli.games.dingo.effects import is_shielded

    c = Cards()
    moon, cow, sheep = c("green-moon"), c("red-cow"), c("red-sheep")
    assert [is_shielded((cow, moon, sheep), i) for i in range(3)] == [True, False, False]
    assert [is_shielded((moon, cow), i) for i in range(2)] == [False, False]
    assert [is_shielded((cow, sheep, moon), i) for i in range(3)] == [False, True, False]
    assert is_shielded((cow,), 0) is False


def test_each_effect_removes_its_kind_of_card_dingo_29_g02():
    """DINGO-29, DINGO-G02: Sun scares value >= 4, Dog chases its colour, Dingo eats Babies,
    Snake stalks value <= 3, Bushfire destroys anything; never the card itself."""
    from dinocli.games.dingo.data import ALL, COLOUR, EFFECT, NAME
    from dinocli.games.dingo.effects import _HITS

    for card in ALL:
        effect = EFFECT[card]
        if effect in (None, "moon"):
            assert _HITS[card] is None
            continue
        for victim in ALL:
            want = {
                "scare": VALUE[victim] >= 4,
                "chase": COLOUR[victim] == COLOUR[card],
                "eat": NAME[victim] == NAME[0],
                "stalk": VALUE[victim] <= 3,
                "destroy": True,
                "stomp": True,
            }[effect] and victim != card
            assert _HITS[card][victim] == want, (card, victim)
    assert {EFFECT[c] for c in ALL} >= {"scare", "chase", "eat", "stalk", "destroy", "stomp", "moon"}
    assert any(VALUE[v] == 4 for v in ALL) and any(VALUE[v] == 3 for v in ALL)
