"""The rule-based teammate, keyed draws, and properties of random games."""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from dinocli.ai.arena import play_game, steps, uniform
from dinocli.events import SeededRng
from dinocli.games.sos import GAME
from dinocli.games.sos.actions import MoveDino, PlaceLava
from dinocli.games.sos.board import ALL_TILES, IS_MOUNTAIN, NEI, NESTS, TILE_COLOR, dino_blocked, make_flow
from dinocli.games.sos.events import TileDrawn
from dinocli.games.sos.lava import is_open
from dinocli.games.sos.state import Phase, score
from dinocli.games.runner import fold_all, start

from .build import BLUE, FREDDY, LOUIS, RED, STRAIGHT_M1, YELLOW, acting, c, d, empty, end, holding, tile

Y0, R0 = make_flow(YELLOW, 0), make_flow(RED, 0)


def choose(state):
    return GAME.strategy(state, state.active, GAME.legal_actions(state), random.Random(0))


def test_strategy_keeps_lava_off_the_dinos():
    """Lava goes where it takes no Dino when it can."""
    state = holding(empty(ends=(end(Y0, "d3", "e"), end(Y0, "d2", "n"))), tile(YELLOW, STRAIGHT_M1))
    action, reason = choose(state)
    assert action == PlaceLava(c("d1"), 5) and reason


def test_strategy_climbs_a_mountain_next_door():
    """A Dino beside a free Mountain climbs it."""
    state = acting(empty(dinos=(c("b1"), c("g6"), c("f9"), c("a9"))), tile(RED, STRAIGHT_M1))
    action, reason = choose(state)
    assert action == MoveDino(LOUIS, d("w")) and "Mountain" in reason


def test_strategy_does_not_step_into_the_lava_path():
    """A Dino does not step onto the space an open lava end points at."""
    state = empty(dinos=(c("a1"), c("i1"), c("i9"), c("a6")), ends=(end(R0, "b7", "n"),))
    state = acting(state, tile(BLUE, STRAIGHT_M1))
    action, reason = choose(state)
    assert action.dino == FREDDY and NEI[c("a6")][action.dir] != c("b6") and reason


def test_rule_bot_beats_random():
    """Over the same 12 seeded games the rule-based team scores far more than random play."""
    rules, rand = (sum(play_game(GAME, [spec], f"bench-{s}").scores[0] for s in range(12)) / 12
                   for spec in ("rules", "random"))
    assert rules >= rand + 4 and rules >= 9


def test_draws_cannot_be_fished_for():
    """Keyed draws: whatever step is taken, the next tile drawn is the same (DESIGN, SOS-11)."""
    state = acting(empty(), tile(BLUE, STRAIGHT_M1))
    rng = SeededRng("fish")
    drawn = set()
    for action in GAME.legal_actions(state):
        evs = GAME.decide(state, action, rng)
        drawn.add(next(e.tile for e in evs if isinstance(e, TileDrawn)))
    assert len(drawn) == 1


def check_invariants(state, last_score):
    """Tiles conserved, open ends live, Dinos on open ground, score in range and never falling."""
    in_hand = (state.tile,) if state.phase == Phase.PLACE else ()
    assert sorted(state.bag + state.placed + state.boxed + in_hand) == list(ALL_TILES)
    lava = [x for x in state.cover if x > 0]
    meteors = [x for x in state.cover if x < 0]
    assert len(lava) == sum(TILE_COLOR[t] >= 0 for t in state.placed)
    assert len(meteors) == sum(TILE_COLOR[t] < 0 for t in state.placed)
    assert all(is_open(state, NEI[x][dd]) for _, x, dd in state.ends)
    blocked = dino_blocked(state.rocks, state.bushes)
    alive = [p for p in state.dinos if p >= 0]
    assert len(set(alive)) == len(alive)
    assert all(not blocked[p] and state.cover[p] == 0 for p in alive)
    for n, e in enumerate(state.eggs):
        assert (state.cover[NESTS[n]] > 0) == (e == -1) or e == 1  # lost Eggs lie under lava
    assert last_score <= score(state) <= 14
    if state.phase != Phase.OVER:
        assert any(p >= 0 and not IS_MOUNTAIN[p] for p in state.dinos)
    return score(state)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), seats=st.integers(1, 4),
       variants=st.sampled_from([(), ("thorny-bush",), ("bushes-instead-of-rocks",)]))
def test_random_games_keep_the_invariants(seed, seats, variants):
    """Random legal games: tiles conserved, lava and Dinos consistent, the log folds to the live state."""
    config = GAME.configure(("ann", "bob", "cat", "dan")[:seats], variants, {})
    rng, rnd = SeededRng(str(seed)), random.Random(seed)
    state, log = start(GAME, config, rng)
    best, n = 0, 0
    for st in steps(GAME, state, uniform(rnd), rng):
        best = check_invariants(st.state, best)
        assert st.legal
        log += st.events
        state, n = st.after, st.n + 1
    assert n <= GAME.info.max_decisions and state.ended in ("saved", "lost", "bag")
    check_invariants(state, best)
    again = fold_all(GAME, GAME.initial(config), log)
    assert msgspec.to_builtins(again) == msgspec.to_builtins(state)
