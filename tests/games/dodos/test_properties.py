"""Random legal games keep the invariants (cards conserved, log folds to the state, picks hidden)."""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from dinocli.ai.arena import steps, uniform
from dinocli.events import SeededRng
from dinocli.games.dodos import GAME
from dinocli.games.dodos.events import GreenPlayed, RoundStarted
from dinocli.games.dodos.state import PICK
from dinocli.games.dodos.view import HIDDEN
from dinocli.games.runner import fold_all, start

from .helpers import NAMES


def conserved(s) -> bool:
    """Every one of the 78 cards is in exactly one place."""
    cards = s.deck + s.discard + sum(s.hands, ()) + tuple(c for c in s.picks + s.greens if c >= 0)
    return sorted(cards) == list(range(78))


@settings(max_examples=120, deadline=None)
@given(n=st.integers(2, 6), seed=st.integers(0, 10_000), space=st.booleans(), abilities=st.booleans())
def test_random_games_keep_invariants(n, seed, space, abilities):
    """DODO-03, DODO-11, DODO-21, DODO-60: cards conserved, no position below 0, one green per seat per
    round, face-down picks invisible to others, and the fold of the log equals the live state."""
    variants = tuple(v for v, on in (("space", space), ("abilities", abilities)) if on)
    config = GAME.configure(NAMES[:n], variants, {})
    rng = SeededRng(f"p{seed}")
    rnd = random.Random(seed)
    s, log = start(GAME, config, rng)
    greens: set[tuple[int, int]] = set()
    rnd_no = 0
    for st in steps(GAME, s, uniform(rnd), rng):
        legal, s = st.legal, st.after
        assert legal and (type(legal[0]).__name__ != "Pass" or len(legal) > 1 or st.state.agenda[0].op != "offer")
        log += st.events
        for e in st.events:
            if type(e) is RoundStarted:
                rnd_no = e.round
            elif type(e) is GreenPlayed:
                assert (rnd_no, e.seat) not in greens
                greens.add((rnd_no, e.seat))
        assert conserved(s) and min(s.pos) >= 0
        if s.phase == PICK:
            for x, c in enumerate(s.picks):
                for other in range(n):
                    if other != x and c >= 0:
                        assert GAME.observe(s, other).picks[x] == HIDDEN
    again = fold_all(GAME, GAME.initial(config), log)
    assert msgspec.to_builtins(again) == msgspec.to_builtins(s)
    assert sum(GAME.returns(s)) == 1.0 and max(s.pos) >= (35 if space else 40)
