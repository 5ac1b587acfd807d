"""Resolver edges (issue #24): the exact decisions and events that follow a discard, a steal from
an empty hand, a Hit's window, an ability's cost, a reshuffle and the finish (DODO-30, DODO-38,
DODO-39, DODO-49, DODO-32, A04)."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.games.dodos.actions import Play, UseAbility
from dinocli.games.dodos.engine import Resolver, options
from dinocli.games.dodos.events import CardsDrawn, DeckReshuffled, GameEnded, Stolen
from dinocli.games.dodos.state import Task

from .helpers import KIND_BY_SLUG, ScriptRng, act, legal_texts, of, run, table
from .test_projectiles import throwing

EGG_A = 0


def test_a_red_box_discard_of_one_asks_for_one_card_only_dodo_52():
    """DODO-52: Egg Flick's red box is 'discard 1': after one discard the next seat decides,
    though two kinds are left in the hand."""
    s, _ = run(throwing(3, pos=(10, 20, 20), hands={1: ["dash", "burst", "sidestep"], 2: ["dash", "burst"]}))
    s, _ = act(s, "throw egg at bob", ScriptRng(throw=[EGG_A]))
    assert s.agenda[0].seat == 1 and legal_texts(s) == ["discard dash", "discard burst", "discard sidestep"]
    s, _ = act(s, "discard dash")
    assert len(s.hands[1]) == 2 and s.agenda[0].seat == 2


def test_stealing_from_an_empty_hand_takes_nothing_and_draws_no_key_dodo_39():
    """DODO-39, G08: nothing to take: no Stolen event, no random draw."""
    s = table(2, hands={0: ["dash"]})
    rng = ScriptRng()
    r = Resolver(s, rng, [])
    r.steal(0, 1, 2)
    assert r.events == [] and rng.asked == []
    r.steal(1, 0, 2)
    assert r.events[0] == Stolen(thief=1, victim=0, cards=s.hands[0])


def test_a_hit_needs_a_card_to_cancel_dodo_49_a04():
    """DODO-49, A04: in the step-2 window a Hit may go on a seat whose card is still there; with
    no card picked (-1) there is nothing to cancel."""
    s = table(2, hands={0: ["tail-whip", "dash"]}, picks={1: "gallop"})
    hit = Play(KIND_BY_SLUG["tail-whip"])
    assert hit in options(s, Task("offer", 0, n=2, arg=1))
    bare = replace(s, picks=(-1, -1))
    assert hit not in options(bare, Task("offer", 0, n=2, arg=1))


def test_an_effect_without_a_card_does_nothing_dodo_17():
    """DODO-17: a seat with no card on the table (-1) has no bottom effect to resolve."""
    s = table(2, agenda=[Task("effect", 0)])
    assert s.picks == (-1, -1)
    _, events = run(s)
    assert [type(e).__name__ for e in events] == ["DecisionAwaited"]  # the (empty) agenda, nothing else


def test_ptero_ability_costs_two_cards_and_two_are_enough_dodo_70():
    """DODO-70: Ptero's ability costs 2 cards: offered with exactly 2 in hand, not with 1."""
    two = table(2, abilities=True, dodinos=(5, 0), hands={0: ["dash", "gallop"]})
    assert UseAbility() in options(two, Task("pick", 0)) or any(
        isinstance(a, UseAbility) for a in options(two, Task("pick", 0)))
    one = table(2, abilities=True, dodinos=(5, 0), hands={0: ["dash"]})
    assert not any(isinstance(a, UseAbility) for a in options(one, Task("pick", 0)))


def test_an_empty_deck_is_reshuffled_and_the_draw_goes_on_dodo_30():
    """DODO-30: with the deck empty the discard pile becomes the deck and the cards are drawn."""
    s = table(2, deck=[], discard=["dash", "gallop", "burst"])
    r = Resolver(s, ScriptRng(), [])
    r.draw(0, 2, "test")
    assert [type(e) for e in r.events] == [DeckReshuffled, CardsDrawn]
    assert len(of(r.events, CardsDrawn)[0].cards) == 2


def test_reaching_the_finish_exactly_ends_the_game_dodo_32():
    """DODO-32: the leader's +1 at the end of the round puts ann on the finish (40): game over."""
    s = table(2, pos=(39, 10), agenda=[Task("phase3")])
    s, events = run(s)
    assert of(events, GameEnded) == [GameEnded(winners=(0,))]
    assert s.pos[0] == 40
