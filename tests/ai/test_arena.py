"""Issue #18: the one headless play loop (dinocli.ai.arena) and the layering around it."""

from __future__ import annotations

import random

import msgspec

from dinocli import games
from dinocli.ai.arena import Record, by_bots, play, play_game, random_playout, steps, uniform
from dinocli.events import ReplayRng, SeededRng
from dinocli.games.runner import fold_all, start

from .toygame import NIM

def test_each_step_follows_from_the_one_before_and_the_game_ends():
    game = games.get("dingo")
    rng = SeededRng("steps")
    state, _ = start(game, game.configure(("a", "b"), (), {}), rng)
    taken = list(steps(game, state, uniform(random.Random(1)), rng))
    assert taken and [st.n for st in taken] == list(range(len(taken)))
    assert taken[0].state is state and game.to_move(taken[-1].after) is None
    for before, after in zip(taken, taken[1:]):
        assert after.state is before.after
    for st in taken:
        assert st.seat == game.to_move(st.state) and st.action in st.legal and st.rolls is None
        assert msgspec.to_builtins(fold_all(game, st.state, st.events)) == msgspec.to_builtins(st.after)


def test_a_decision_limit_stops_the_loop_and_play_counts_the_decisions():
    config = NIM.configure(("a", "b"), (), {})
    state, _ = start(NIM, config, SeededRng("x"))
    end, n = random_playout(NIM, state, SeededRng("x"), random.Random(0), limit=2)
    assert n == 2 and NIM.to_move(end) is not None
    end, n = play(NIM, state, uniform(random.Random(0)), SeededRng("x"))
    assert NIM.to_move(end) is None and 3 <= n <= 12


def test_bots_get_their_own_view_and_the_decisions_number():
    seen = []

    class Spy:
        def choose(self, game, view, seat, legal, rng):
            seen.append((seat, view, rng.random()))
            return legal[0]

    config = NIM.configure(("a", "b"), (), {})
    state, _ = start(NIM, config, SeededRng("x"))
    end, n = play(NIM, state, by_bots(NIM, [Spy(), Spy()], lambda k: random.Random(k)), SeededRng("x"))
    assert [s for s, _, _ in seen] == [k % 2 for k in range(n)]
    assert [r for _, _, r in seen] == [random.Random(k).random() for k in range(n)]


def test_a_recorded_game_replays_from_its_commands_and_a_seed_gives_the_same_game():
    """Deterministic for a seed (issue 9), and the commands hold every draw: replaying them with
    ReplayRng reaches the same end, as ``replay --verify`` does for a saved tournament game."""
    game = games.get("dodos")
    one = play_game(game, ["rules", "mcts:iterations=5", "random"], "arena", record=True)
    two = play_game(game, ["rules", "mcts:iterations=5", "random"], "arena", record=True)
    plain = play_game(game, ["rules", "mcts:iterations=5", "random"], "arena")
    strip = lambda r: msgspec.structs.replace(r, seconds=[])  # noqa: E731 - wall-clock time aside
    assert strip(one) == strip(two) and isinstance(one, Record)
    assert (plain.returns, plain.decisions, plain.commands) == (one.returns, one.decisions, [])
    assert one.over and one.moves == [sum(1 for c in one.commands if c[0] == s) for s in range(3)]
    (actor, action, rolls, setup), *moves = one.commands
    assert actor is None and action is None
    state = fold_all(game, game.initial(one.config), game.setup(one.config, ReplayRng(rolls)))
    assert game.setup(one.config, ReplayRng(rolls)) == setup
    for seat, text, rolls, events in moves:
        assert game.to_move(state) == seat
        state, again = game.advance(state, game.parse_action(state, text), ReplayRng(rolls))
        assert again == events
    assert game.returns(state) == one.returns
