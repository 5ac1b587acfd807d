"""Headless play between bots for the tests (seeded, deterministic)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from dinocli.ai import Bot
from dinocli.ai.arena import by_bots, steps
from dinocli.events import SeededRng
from dinocli.games.protocol import Config, Game
from dinocli.games.runner import start


def play(game: Game, config: Config, bots: Sequence[Bot], seed: str) -> tuple[list[float], list]:
    """Play one game (seat i is ``bots[i]``); the returns and the actions played."""
    rng = SeededRng(seed)
    state, _ = start(game, config, rng)
    actions = []
    for st in steps(game, state, by_bots(game, bots, lambda n: random.Random(f"{seed}/{n}")), rng):
        assert st.action in st.legal
        actions.append(st.action)
        state = st.after
    return game.returns(state), actions


def match(game: Game, config: Config, make_a, make_b, games: int, seed: str) -> float:
    """Win rate of ``make_a()`` bots against ``make_b()`` bots, seats swapped on paired seeds (ties 1/2)."""
    score = 0.0
    for i in range(games // 2):
        for a_seat in (0, 1):
            bots = [make_b(), make_b()]
            bots[a_seat] = make_a()
            returns, _ = play(game, config, bots, f"{seed}/{i}")
            best = max(returns)
            if returns[a_seat] == best:
                score += 1.0 / returns.count(best)
    return score / (2 * (games // 2))
