"""The Dodino Abilities variant (DODO-64..70, A10, A11, A03)."""

from __future__ import annotations

from dinocli.games.dodos.events import (
    AbilityUsed, CardPicked, CardsDrawn, DeckReshuffled, Discarded, HandRevealed, Recovered, Stolen,
)
from dinocli.games.dodos.state import END, PICK, Task

from .helpers import ScriptRng, act, legal_texts, of, run, table

BRONTO, STEGO, RAPTOR, REX, ANKYLO, PTERO = range(6)


def offer(rider, hand=("dash", "gallop"), **kw):
    """Seat 0 rides ``rider`` and is offered the step-2 window of bob's turn, holding no green card."""
    return table(2, abilities=True, dodinos=(rider, BRONTO if rider != BRONTO else STEGO),
                 hands={0: list(hand), 1: ["forage"] * 3}, picks={1: "dash"},
                 agenda=[Task("offer", 0, n=2, arg=1)], **kw)


def test_ability_window_in_a_green_window_without_using_the_green_card():
    """DODO-64, A10: a seat with an unused ability is asked in every green window; using it does not count
    as the green card, and the same window then continues."""
    s, _ = run(offer(RAPTOR, hand=("dash", "sidestep")))
    assert legal_texts(s) == ["pass", "play sidestep", "ability"]
    s, evs = act(s, "ability")
    assert of(evs, AbilityUsed) and s.pos[0] == 25  # DODO-67: Raptor advances 5
    assert legal_texts(s) == ["pass", "play sidestep"]  # once per game; the green card is still allowed


def test_ability_before_committing_in_phase_1():
    """A10, DODO-65: before picking, Bronto may flip to draw 5, then still picks."""
    s, _ = run(table(2, phase=END, abilities=True, hands={0: ["dash"], 1: ["dash"]}, agenda=[Task("round")]))
    assert legal_texts(s) == ["pick dash", "ability"]
    s, _ = act(s, "ability")
    assert len(s.hands[0]) == 6 and s.used[0] and s.agenda[0].op == "pick" and s.agenda[0].seat == 0


def test_no_ability_window_in_phase_3():
    """A10: Phase 3 asks nobody, abilities or not."""
    s, _ = run(table(2, abilities=True, agenda=[Task("phase3")]))
    assert s.phase == PICK and s.agenda[0].op == "pick"


def test_stego_draws_two_then_rolls_and_advances():
    """DODO-66: draw 2, then roll once and advance."""
    s, _ = run(offer(STEGO))
    s, evs = act(s, "ability", ScriptRng(die=[3]))
    assert len(s.hands[0]) == 4 and s.pos[0] == 24


def test_rex_steals_four_and_an_emptied_victim_recovers():
    """DODO-68, DODO-39: Rex steals 4 from a chosen player; with fewer, all, and the victim Recovers."""
    s, _ = run(table(2, abilities=True, dodinos=(REX, BRONTO), hands={0: ["dash"], 1: ["gallop", "burst"]},
                     picks={1: "dash"}, agenda=[Task("offer", 0, n=2, arg=1)]))
    assert legal_texts(s) == ["pass", "ability bob"]
    s, evs = act(s, "ability bob")
    assert len(of(evs, Stolen)[0].cards) == 2 and of(evs, Recovered)[0].seat == 1 and len(s.hands[0]) == 3


def test_rex_in_phase_1_takes_the_whole_hand_and_the_victim_recovers_at_once():
    """DODO-39, DODO-68, A03 (amended 2026-12-04): an unpayable steal makes its victim Recover at once, in any
    phase: Rex steals 4 from bob, who holds 2, before bob has picked; bob Recovers then and there (back 3, a new
    hand of 6) and picks from it, with no search of DODO-12 (the book's "steal all cards in their hand. Then,
    they Recover.")."""
    s0 = table(2, phase=END, abilities=True, dodinos=(REX, BRONTO), hands={0: ["dash"], 1: ["gallop", "burst"]},
               agenda=[Task("round")])
    s, _ = run(s0)
    s, evs = act(s, "ability bob")
    kinds = [type(e) for e in evs]
    assert kinds.index(Recovered) == kinds.index(Stolen) + 1 and of(evs, Recovered)[0].seat == 1
    assert s.phase == PICK and len(s.hands[1]) == 6 and s.pos[1] == 17
    assert [e.why for e in of(evs, CardsDrawn)] == ["Recover"]
    s, evs = act(s, "pick dash")
    assert "search" not in [e.why for e in of(evs, CardsDrawn)]
    assert s.phase == PICK and s.agenda[0].op == "pick" and s.agenda[0].seat == 1


def test_ankylo_may_ignore_the_red_box_once():
    """DODO-69, A11: when hit, Ankylo may flip to ignore the red box; it is a single use."""
    s0 = table(2, abilities=True, dodinos=(BRONTO, ANKYLO), picks={0: "banana-toss"}, pos=(10, 20),
               agenda=[Task("effect", 0)], used=(True, False))
    s, _ = run(s0)
    s, _ = act(s, "throw banana at bob", ScriptRng(throw=[0]))
    assert s.agenda[0].op == "shield" and legal_texts(s) == ["pass", "ability"]
    s, _ = act(s, "ability")
    assert s.pos == (11, 20) and s.used[1]
    s, _ = run(s0.__class__(**{**{f: getattr(s0, f) for f in s0.__struct_fields__}, "used": (True, True)}))
    s, _ = act(s, "throw banana at bob", ScriptRng(throw=[0]))
    assert s.pos == (11, 18)  # no choice the second time


def test_ankylo_can_take_the_hit():
    """DODO-69: passing takes the red box as usual."""
    s0 = table(2, abilities=True, dodinos=(BRONTO, ANKYLO), picks={0: "banana-toss"}, pos=(10, 20),
               agenda=[Task("effect", 0)])
    s, _ = run(s0)
    s, _ = act(s, "throw banana at bob", ScriptRng(throw=[0]))
    s, _ = act(s, "pass")
    assert s.pos == (11, 18) and not s.used[1]


def test_ptero_discards_two_to_roll_twice():
    """DODO-70: discard 2 (chosen), then roll twice and advance the total; impossible with fewer than 2 cards."""
    s, _ = run(offer(PTERO, hand=("dash",)))
    assert not s.agenda or "ability" not in legal_texts(s)
    s, _ = run(offer(PTERO, hand=("dash", "gallop", "forage")))
    s, _ = act(s, "ability")
    assert legal_texts(s) == ["discard dash", "discard gallop", "discard forage"]
    s, _ = act(s, "discard dash")
    s, evs = act(s, "discard forage", ScriptRng(die=[2, 4]))
    assert len(of(evs, Discarded)) == 1 and s.pos[0] == 20 + 3 + 5 and len(s.hands[0]) == 1


def test_bronto_draws_five():
    """DODO-65: draw 5 cards."""
    s, _ = run(offer(BRONTO))
    s, _ = act(s, "ability")
    assert len(s.hands[0]) == 7


def test_a_phase_1_recover_into_a_hand_without_blue_or_red_searches_at_the_pick():
    """DODO-10, DODO-12, A03 (the reading in dinocli-dodos(6)): Rex takes bob's whole hand before bob has
    picked; bob Recovers at once into six green cards, so when his pick comes he reveals that hand and
    draws until a blue or red card comes (here from the reshuffled discard pile), then picks from it."""
    s0 = table(2, phase=END, abilities=True, dodinos=(REX, BRONTO), hands={0: ["dash"], 1: ["dash", "burst"]},
               deck=["burst", "second-wind", "sidestep", "tail-whip", "burst", "second-wind"], discard=["gallop"],
               agenda=[Task("round")])
    s, _ = run(s0)
    s, evs = act(s, "ability bob")
    assert of(evs, Recovered)[0].seat == 1 and [e.why for e in of(evs, CardsDrawn)] == ["Recover"]
    s, evs = act(s, "pick dash")
    kinds = [type(e) for e in evs]
    assert kinds[:4] == [CardPicked, HandRevealed, DeckReshuffled, CardsDrawn] and evs[3].why == "search"
    assert s.agenda[0].op == "pick" and s.agenda[0].seat == 1 and legal_texts(s)[0] == "pick gallop"
