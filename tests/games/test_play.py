"""A game's ``play`` (what a search steps with) is its ``advance`` keeping no events (#43).

One implementation of the rules serves both: the same decisions reach the same states from the
same draws, the same actions are refused with the same reason, and a search stepping with
``play`` keeps the very statistics of one stepping with ``advance``.
"""

from __future__ import annotations

import random

import pytest

from dinocli.ai.arena import steps
from dinocli.ai.mcts import Node, Search
from dinocli.bench.sampler import positions_of
from dinocli.events import SeededRng, SimRng
from dinocli.games import GAMES as REGISTRY
from dinocli.games import get
from dinocli.games.protocol import Game, IllegalAction
from dinocli.games.runner import fold_all, start

PLAYING = [gid for gid in sorted(REGISTRY) if callable(getattr(get(gid), "play", None))]


@pytest.fixture(params=PLAYING)
def game(request) -> Game:
    """Each registered game whose rules define ``play``."""
    return get(request.param)


class _Advancing:
    """``game`` without its ``play``: a search then steps with ``advance`` and its events."""

    def __init__(self, game: Game):
        self._game = game

    def __getattr__(self, name):
        if name == "play":
            raise AttributeError(name)
        return getattr(self._game, name)


def _configs(game: Game):
    names = ("ann", "bob", "cat", "dan", "eve")
    low = max(game.info.min_seats, 2)
    return [game.configure(names[:n], (), {}) for n in sorted({low, min(game.info.max_seats, 4)})]


@pytest.mark.parametrize("seed", range(3))
def test_play_reaches_the_state_advance_reaches(game: Game, seed: int):
    for config in _configs(game):
        rnd = random.Random(seed)
        rng = SeededRng(f"play-{seed}")
        state, _ = start(game, config, rng)

        def choose(state, seat, legal):
            action = legal[rnd.randrange(len(legal))]
            after, events = game.advance(state, action, SimRng(random.Random(seed)))
            played = game.play(state, action, SimRng(random.Random(seed)))
            assert played == after == fold_all(game, state, events)
            return action

        for _ in steps(game, state, choose, rng):
            pass


def test_play_refuses_what_advance_refuses(game: Game):
    config = _configs(game)[0]
    state, _ = start(game, config, SeededRng("refuse"))
    rng = SeededRng("refuse-steps")
    seen = 0
    for st in steps(game, state, lambda s, seat, legal: legal[0], rng):
        later = st.after
        if game.to_move(later) is None:
            break
        legal = game.legal_actions(later)
        stale = [a for a in game.legal_actions(st.state) if a not in legal]
        for action in stale[:2]:  # legal a decision ago, not now
            with pytest.raises(IllegalAction) as by_advance:
                game.advance(later, action, SimRng(random.Random(0)))
            with pytest.raises(IllegalAction) as by_play:
                game.play(later, action, SimRng(random.Random(0)))
            assert str(by_play.value) == str(by_advance.value)
            seen += 1
        if seen >= 6:
            break
    assert seen, "no decision made an earlier legal action illegal"


@pytest.mark.parametrize("spec", ["mcts:cutoff=none,rollout=random,stop=never,iterations=40", "mcts:easy"])
def test_a_search_through_play_keeps_the_statistics_of_one_through_advance(game: Game, spec: str):
    for state in positions_of(game):
        seat = game.to_move(state)
        legal = game.legal_actions(state)
        stats = []
        for g in (game, _Advancing(game)):
            search = Search(g, seat, spec)
            root = search.run(Node(), game.observe(state, seat), legal, random.Random(3), search.spec.iterations)
            stats.append((root.actions, root.visits, root.values))
        assert stats[0] == stats[1]
