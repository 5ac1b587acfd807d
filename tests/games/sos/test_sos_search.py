"""The search as a teammate: bit-board distances, the cut-off estimate, the SOS presets.

Figures, session 2 (2 seats, seeds bench-0..199 played by every bot, machine at ~2x load):
rules 12.67 +-0.20; mcts:medium 13.04 +-0.17 (paired +0.37 +-0.14 over rules, 56 ms a
decision); clairvoyant mcts:medium 13.24 +-0.16 (+0.20 +-0.17 over mcts:medium). Before the
SOS presets (playouts by rules, cut off at the first score change) mcts:medium scored 11.8-12.3.
"""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from dinocli.ai import make_bot
from dinocli.ai.spec import parse_spec, tuned
from dinocli.events import SeededRng
from dinocli.games.runner import start, step
from dinocli.games.sos import GAME
from dinocli.games.sos.actions import MoveDino
from dinocli.games.sos.board import MOUNTAINS, NEI, NESTS
from dinocli.games.sos.paths import FAR, distances, walkable
from dinocli.games.sos.reach import reach
from dinocli.games.sos.rules import returns
from dinocli.games.sos.state import Phase, on_board, score
from dinocli.games.sos.estimate import heuristic
from dinocli.games.sos.strategy import evaluate, evaluate_lava, maps

from .build import BLUE, FREDDY, LOUIS, RED, STRAIGHT_M1, YELLOW, acting, c, empty, end, make_flow, target, tile

Y0 = make_flow(YELLOW, 0)


def played(seed: int, moves: int) -> object:
    """A state after ``moves`` decisions of a seeded game, half of them random, half rule-based."""
    rng, rnd = SeededRng(f"search-{seed}"), random.Random(seed)
    state, _ = start(GAME, GAME.configure(("a", "b"), (), {}), rng)
    for _ in range(moves):
        if GAME.to_move(state) is None:
            break
        legal = GAME.legal_actions(state)
        action = legal[rnd.randrange(len(legal))] if rnd.random() < 0.5 else GAME.strategy(state, 0, legal, rnd)[0]
        state, _ = step(GAME, state, action, rng)
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 80))
def test_bit_board_distances_agree_with_breadth_first_search_g06(seed, moves):
    """G06, SOS-30, SOS-32: per walking Dino the steps to the nearest free Mountain, per Egg the
    steps of the nearest walking Dino, as the cell-by-cell search over walkable cells finds them."""
    state = played(seed, moves)
    walking = [state.dinos[d] for d in on_board(state)]
    r = reach(state, walking)
    walk = walkable(state)
    free = [m for m in MOUNTAINS if m not in state.dinos]
    to_mountain = distances(free, walk)
    assert r.mountain == [to_mountain[p] for p in walking]
    to_dino = distances(walking, walk)
    assert r.egg == {n: to_dino[NESTS[n]] for n, e in enumerate(state.eggs) if e == 0}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 80))
def test_evaluation_is_the_same_by_either_distance_search(seed, moves):
    """The rule-based teammate's evaluation from distance maps (Dino steps) and from the
    bit-board search (lava placements) agree on every board."""
    state = played(seed, moves)
    assert evaluate_lava(state) == evaluate(state, maps(state))


def test_estimate_of_a_finished_game_is_its_result_sos_37():
    """SOS-37: once the game is over the estimate is the team score, scaled as returns are."""
    state = replace(empty(dinos=(c("a1"), c("i9"), -1, -1), eggs=(1, 1, 0, -1, 0, 1)), phase=Phase.OVER)
    assert heuristic(state) == returns(state) == [7 / 14] * 2


def test_estimate_marks_a_dino_in_the_lava_path_down():
    """The same board is worth less when the open lava end points at a walking Dino than when
    it points far from every Dino and Egg; the estimate stays above the banked points."""
    lava, away = end(Y0, "d3", "e"), end(Y0, "g8", "s")  # at e3 (Louis), at g9
    near = empty(dinos=(c("e3"), c("i1"), c("i9"), c("a9")), ends=(lava,))
    far = replace(near, ends=(away,))
    assert target(lava) == c("e3")
    low, high = heuristic(near)[0], heuristic(far)[0]
    assert score(near) / 14 <= low < high <= 1.0


def test_sos_presets_search_a_tree_read_by_the_estimate():
    """The SOS tuning: no playout (cut-off at once), no stop on score, a small exploration
    constant; a key the spec gives itself still wins."""
    medium = tuned(parse_spec("mcts:medium"), GAME.info.mcts_tuning)
    assert (medium.cutoff, medium.stop, medium.c, medium.iterations) == (0, "never", 0.1, 300)
    own = tuned(parse_spec("mcts:medium,cutoff=5,iterations=50"), GAME.info.mcts_tuning)
    assert (own.cutoff, own.iterations, own.c) == (5, 50, 0.1)
    assert GAME.heuristic(empty()) is not None


def test_medium_steps_out_of_the_lava_path():
    """mcts:medium moves the Dino an open yellow end points at out of its path (SOS-15, SOS-28:
    the red tile leaves Freddy where he is)."""
    lava = end(Y0, "d3", "e")
    state = empty(dinos=(c("e3"), c("i1"), c("i9"), c("a9")), ends=(lava,))
    state = acting(state, tile(RED, STRAIGHT_M1))
    action = make_bot("mcts:medium").choose(GAME, state, 0, GAME.legal_actions(state), random.Random(1))
    assert isinstance(action, MoveDino) and action.dino == LOUIS and action.dino != FREDDY
    assert NEI[state.dinos[LOUIS]][action.dir] != target(lava)


def test_medium_decides_within_a_second():
    """A medium decision on a busy board (two steps to take, every Dino walking and free to
    reach a Mountain) stays under the one-second budget (CPU time: a busy machine does not skew it)."""
    state = acting(empty(ends=(end(Y0, "d3", "e"),)), tile(BLUE, 11))  # a blue fork: D2
    assert state.act == "D2" and len(GAME.legal_actions(state)) > 6
    assert FAR not in reach(state, [state.dinos[d] for d in on_board(state)]).mountain
    bot = make_bot("mcts:medium")
    t = time.process_time()
    bot.choose(GAME, state, 0, GAME.legal_actions(state), random.Random(2))
    assert time.process_time() - t < 1.0
