"""The Dodos projector field by field (issue #24): each chance event advances the draw counter
by one, so no two draws share a key; rounds, table clears and the start reset what they must."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dodos import GAME
from dinocli.games.dodos.events import (
    CardsDrawn, DieRolled, GameStarted, ProjectileThrown, RoundStarted, Stolen, TableCleared,
)
from dinocli.games.dodos.fold import fold
from dinocli.games.dodos.state import DRAFT, END, PICK

from .helpers import ScriptRng, new


def test_every_chance_event_advances_the_draw_counter_by_one():
    """DESIGN (luck cannot be fished for): a draw, a die roll, a throw and a steal each use one
    keyed draw, so the next draw has the next key."""
    _, s = new(2)
    s = replace(s, ticks=10)
    hand = s.hands[1]
    events = [
        CardsDrawn(seat=0, cards=(s.deck[0],), why="t"),
        DieRolled(seat=0, values=(3,), why="t"),
        ProjectileThrown(seat=0, card=0, projectile="egg", aim=1, skill=None, face=1, outcome="miss",
                         landed=(), shield=0, hits=()),
        Stolen(thief=0, victim=1, cards=(hand[0],)),
    ]
    for ev in events:
        after = fold(s, ev)
        assert after.ticks == 11, type(ev).__name__
    assert fold(s, events[3]).hands[0] == tuple(sorted(s.hands[0] + (hand[0],)))


def test_consecutive_draws_use_distinct_keys():
    """Two deals in a row ask the rng with different counters (DODO-03)."""
    rng = ScriptRng()
    GAME.setup(GAME.configure(("a", "b"), (), {}), rng)
    deck_keys = [k for k in rng.asked if k[0] == "deck"]
    assert len(deck_keys) == 12 and len(set(deck_keys)) == 12


def test_a_new_round_and_a_cleared_table_reset_picks_greens_and_turn_dodo_13_31():
    """DODO-13, DODO-31: no card is picked or green card played, no seat active, nobody hit."""
    _, s = new(3)
    busy = replace(s, picks=(1, 2, 3), greens=(4, -1, 5), active=2, hit=True)
    r = fold(busy, RoundStarted(round=4, dodo=1))
    assert (r.phase, r.round, r.dodo, r.active, r.hit) == (PICK, 4, 1, -1, False)
    assert r.picks == (-1, -1, -1) and r.greens == (-1, -1, -1)
    c = fold(busy, TableCleared(cards=(7, 8)))
    assert (c.phase, c.active, c.hit) == (END, -1, False)
    assert c.picks == (-1, -1, -1) and c.greens == (-1, -1, -1)
    assert c.discard == busy.discard + (7, 8)


def test_the_start_event_builds_the_state_from_nothing_dodo_02_07():
    """DODO-02..07: round 0, the draft phase, empty hands, nothing picked, no ability used."""
    started = GAME.setup(GAME.configure(("a", "b"), (), {}), SeededRng("s"))[0]
    assert isinstance(started, GameStarted)
    s = fold(GAME.initial(GAME.configure(("a", "b"), (), {})), started)
    assert (s.round, s.phase, s.dodo) == (0, DRAFT, 0)
    assert s.hands == ((), ()) and s.picks == (-1, -1) and s.greens == (-1, -1)
    assert s.used == (False, False) and s.pos == (5, 4)
