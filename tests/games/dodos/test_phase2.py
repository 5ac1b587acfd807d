"""Phase 2: turns, green windows, Hit, Spheres, Recover (DODO-13..23, DODO-49, DODO-62, A01..A04, G03)."""

from __future__ import annotations

import pytest

from dinocli.games.dodos import GAME
from dinocli.games.dodos.events import (
    CardsDrawn, EffectHit, GreenPlayed, Moved, ProjectileThrown, Recovered, SphereReached, TurnStarted,
)
from dinocli.games.dodos.state import PICK, Task
from dinocli.games.protocol import IllegalAction

from dinocli.games.dodos.actions import Play
from dinocli.games.dodos.data import KIND_BY_SLUG

from .helpers import ScriptRng, act, legal_texts, of, run, table, with_


def waiting(s):
    t = s.agenda[0]
    return t.seat, t.n


def test_every_seat_is_active_once_in_turn_order():
    """DODO-13: from the Dodo holder clockwise, each player is the active player exactly once."""
    s0 = table(3, dodo=1, phase=PICK, hands={x: ["dash", "gallop"] for x in range(3)},
               picks={0: "dash", 1: "dash", 2: "dash"}, agenda=[Task("reveal")])
    s, evs = run(s0)
    assert [e.seat for e in of(evs, TurnStarted)] == [1, 2, 0]


def test_footprint_then_effect_and_shared_spaces():
    """DODO-14, DODO-15, DODO-17: step 1 moves exactly the footprint, step 3 resolves the effect; Dodinos
    may share a space."""
    s0 = table(2, pos=(20, 23), hands={0: ["gallop"], 1: ["gallop"]}, picks={0: "dash"},
               agenda=[Task("turn", 0)])
    s, evs = run(s0)
    moves = of(evs, Moved)
    assert [(m.frm, m.to, m.why) for m in moves] == [(20, 23, "Dash"), (23, 25, "Dash")]
    assert s.pos == (25, 23)
    s, _ = run(table(2, pos=(20, 23), hands={0: ["gallop", "gallop"], 1: ["gallop"]}, picks={0: "long-stride"},
                     agenda=[Task("turn", 0)]))
    assert s.pos[0] == 25 and len(s.hands[0]) == 1  # fp 5 past bob, nothing blocks; then discard 1


def test_green_windows_are_one_pass_in_turn_order():
    """DODO-16, DODO-18, DODO-20, A01, A02: in steps 2 and 4 every player, the active one included, gets one
    chance in turn order; a passed player is not asked again in that window; green footprints move."""
    hands = {x: ["sidestep", "dash"] for x in range(3)}
    s, _ = run(table(3, hands=hands, picks={0: "gallop", 1: "gallop", 2: "gallop"}, agenda=[Task("turn", 0)]))
    assert s.pos[0] == 22 and waiting(s) == (0, 2)
    s, _ = act(s, "pass")
    assert waiting(s) == (1, 2)
    s, _ = act(s, "play sidestep")
    assert s.pos[1] == 23  # footprint 1 + advance 2 (A02)
    assert waiting(s) == (2, 2)  # ann is not asked again (A01)
    s, evs = act(s, "pass", ScriptRng(die=[1]))
    assert s.pos[0] == 24  # Gallop: rolled 2
    assert waiting(s) == (0, 4)  # bob has played his green this round (DODO-21)
    s, _ = act(s, "pass")
    assert waiting(s) == (2, 4)
    s, _ = act(s, "pass")
    assert not s.agenda


def test_one_green_card_per_round_stays_on_the_table():
    """DODO-21, DODO-22: a second green card in the same round is illegal; the played one stays face up
    in front of its owner until Phase 3."""
    s, _ = run(table(2, hands={0: ["sidestep", "burst"], 1: ["dash"]}, picks={0: "gallop", 1: "gallop"},
                     agenda=[Task("turn", 0), Task("turn", 1)]))
    s, evs = act(s, "play sidestep")
    assert GAME.observe(s, 1).greens[0] == s.greens[0] >= 0
    assert not s.agenda and len(of(evs, TurnStarted)) == 1  # ann holds Burst but is never asked again
    s2, _ = run(table(2, hands={0: ["burst"], 1: ["dash"]}, greens={0: "sidestep"}, picks={1: "gallop"},
                      agenda=[Task("offer", 0, n=4, arg=1)]))
    assert not s2.agenda
    with pytest.raises(IllegalAction):
        GAME.decide(with_(s2, agenda=(Task("offer", 0, n=4, arg=1),)), Play(KIND_BY_SLUG["burst"]), ScriptRng())


def test_hit_cancels_the_effect_but_not_the_footprint():
    """DODO-49, DODO-17, A04: a Hit in step 2 cancels the active player's bottom effect; movement stands;
    the active player cannot hit themselves."""
    s, _ = run(table(2, hands={0: ["dash", "tail-whip"], 1: ["tail-whip", "dash"]}, picks={0: "dash"},
                     agenda=[Task("turn", 0)]))
    assert waiting(s) == (1, 2)  # ann's own Tail Whip cannot target herself: she is not asked
    s, evs = act(s, "play tail-whip")
    assert of(evs, EffectHit)[0].target == 0
    assert s.pos[0] == 23 and not s.agenda  # +3 footprint, no +2


def test_hit_only_before_the_effect():
    """DODO-49, A04: in the step-4 window the Hit is no longer offered; the effect has resolved."""
    s, _ = run(table(2, hands={0: ["dash"], 1: ["tail-whip", "sidestep"]}, picks={0: "dash"},
                     agenda=[Task("turn", 0)]))
    assert legal_texts(s) == ["pass", "play tail-whip", "play sidestep"]
    s, _ = act(s, "pass")
    assert waiting(s) == (1, 4) and legal_texts(s) == ["pass", "play sidestep"]
    with pytest.raises(IllegalAction, match="a Hit is played only before another player's card takes effect"):
        GAME.parse_action(s, "play tail-whip")


def test_hit_cancels_a_black_box_too():
    """A04, DODO-49: a hit red projectile card is not thrown, so its black box cannot apply."""
    s, _ = run(table(2, hands={0: ["dash", "dash"], 1: ["tail-whip", "dash"]}, picks={0: "banana-slip"},
                     agenda=[Task("turn", 0)]))
    s, evs = act(s, "play tail-whip")
    assert not of(evs, ProjectileThrown) and len(s.hands[0]) == 2


def test_sphere_resolves_at_the_end_of_your_own_turn_only():
    """DODO-19, DODO-62, G03: ending your turn on a Sphere resolves it; others standing on one do not."""
    s, evs = run(table(2, pos=(2, 13), hands={0: ["dash", "dash"], 1: ["dash"]}, picks={0: "long-stride"},
                       agenda=[Task("turn", 0)]))
    assert of(evs, SphereReached)[0].name == "Vine" and s.pos == (9, 13)


def test_a_sphere_never_chains():
    """G03: a Sphere effect that moves you onto another Sphere does not resolve that one."""
    s, evs = run(table(2, track="space", pos=(7, 0), hands={0: ["gallop"], 1: ["dash"]}, picks={0: "dash"},
                       agenda=[Task("turn", 0)]), ScriptRng(die=[5]))
    assert [e.name for e in of(evs, SphereReached)] == ["Black hole"]
    assert s.pos[0] == 6  # 7 +3 +2 = 12, rolled 6 back onto the Booster, which waits for another turn


def test_recover_at_once_when_a_hand_empties():
    """DODO-23, A03: playing your last card in Phase 2 makes you Recover at once: back 3, draw 6."""
    s, _ = run(table(2, hands={0: ["sidestep"], 1: ["dash"]}, picks={1: "gallop"}, agenda=[Task("turn", 1)]))
    assert waiting(s) == (0, 2)
    s, evs = act(s, "play sidestep")
    names = [type(e).__name__ for e in evs][:5]
    assert names == ["GreenPlayed", "Recovered", "Moved", "CardsDrawn", "Moved"]
    assert len(s.hands[0]) == 6 and s.pos[0] == 20  # 20 - 3 + 1 + 2


def test_recover_before_turn_one_after_playing_the_last_card():
    """A03, DODO-23: a player who played their last card in Phase 1 Recovers at the start of Phase 2."""
    s0 = table(2, phase=PICK, hands={0: [], 1: ["dash"]}, picks={0: "dash", 1: "dash"}, agenda=[Task("reveal")])
    s, evs = run(s0)
    kinds = [type(e).__name__ for e in evs]
    assert kinds.index("Recovered") < kinds.index("TurnStarted")
    assert of(evs, Recovered)[0].seat == 0 and len(of(evs, CardsDrawn)[0].cards) == 6


def test_recover_never_goes_behind_the_first_space():
    """DODO-23, DODO-60: Recover moves back 3 but never past the first space."""
    s, _ = run(table(2, pos=(1, 5), phase=PICK, hands={0: [], 1: ["dash"]}, picks={0: "gallop", 1: "dash"},
                     agenda=[Task("reveal")]), ScriptRng(die=[0]))
    assert s.pos[0] == 0 + 2 + 1  # clamped to 0, then Gallop fp 2 and a roll of 1


def test_green_cards_played_in_other_turns_are_their_owners_choice():
    """DODO-20: the non-active players may play greens too; the Burst rolls for its player."""
    s, _ = run(table(2, hands={0: ["burst", "dash"], 1: ["dash"]}, picks={1: "dash"}, agenda=[Task("turn", 1)]))
    s, evs = act(s, "play burst", ScriptRng(die=[4]))
    assert of(evs, GreenPlayed)[0].seat == 0 and s.pos[0] == 20 + 1 + 5
