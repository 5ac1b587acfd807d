"""Random legal games keep the invariants (hypothesis): cards conserved, fold of log = live state."""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from dinocli.ai.arena import steps, uniform
from dinocli.events import SeededRng
from dinocli.games.dingo import GAME
from dinocli.games.dingo.data import ALL, EFFECT
from dinocli.games.dingo.events import CardRemoved, DayEnded, GameEnded
from dinocli.games.dingo.scoring import day_points
from dinocli.games.runner import fold_all, start

NAMES = ("ann", "bob", "cat", "dan", "eve")


def _check_state(s) -> None:
    """DINGO-01 conservation, DINGO-22/A08 hand sizes, DINGO-31 discard below the limit."""
    assert sorted(s.deck + sum(s.hands, ()) + sum(s.ranches, ()) + s.discard) == list(ALL)
    assert list(s.deck) == sorted(s.deck)
    if GAME.to_move(s) is not None:
        assert len(s.discard) < s.limit
        if s.phase == "act":
            assert all(len(h) == 2 for h in s.hands)


def _check_removal(before, e: CardRemoved) -> None:
    """DINGO-27, DINGO-28, A02: nobody removes another's protected card or a Moon-shielded card."""
    row = before.ranches[e.ranch]
    i = row.index(e.card)
    if e.how in ("destroy", "special"):
        assert e.ranch == e.seat and i == 0
        return
    assert i > 0 or e.ranch == e.seat
    assert not (i + 1 < len(row) and EFFECT[row[i + 1]] == "moon")


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(2, 5),
    seed=st.integers(0, 10**9),
    variants=st.sets(st.sampled_from(["no-two-player-six", "tiebreak-day"])),
    goal=st.one_of(st.integers(0, 6), st.just(15)),
)
def test_random_games_keep_invariants(n, seed, variants, goal):
    """Every step conserves the 60 cards; points match day results; the log folds to the state."""
    config = GAME.configure(NAMES[:n], tuple(sorted(variants)), {"goal": goal})
    rng, rnd = SeededRng(f"prop-{seed}"), random.Random(seed)
    s, log = start(GAME, config, rng)
    points = [0] * n
    for st in steps(GAME, s, uniform(rnd), rng):
        _check_state(st.state)
        for e in st.events:
            if isinstance(e, CardRemoved):
                _check_removal(st.state, e)
            if isinstance(e, DayEnded):
                assert e.points == day_points(e.values, e.target)
                points = [p + q for p, q in zip(points, e.points)]
        log.extend(st.events)
        s = st.after
    assert tuple(points) == s.scores and max(s.scores) > goal  # A01
    assert isinstance(log[-1], GameEnded)
    assert abs(sum(GAME.returns(s)) - 1.0) < 1e-9
    assert msgspec.to_builtins(fold_all(GAME, GAME.initial(config), log)) == msgspec.to_builtins(s)
