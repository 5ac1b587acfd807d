"""Figures for the report: random full games per second, and average team score per bot.

Run ``python -m dinocli.games.sos.bench [GAMES]``; ``dinocli bench sos`` may call these functions.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from dinocli.events import SeededRng

from ..runner import start, step
from . import GAME
from .state import score

__all__ = ["random_games_per_second", "average_score", "random_policy", "rules_policy"]

Policy = Callable[[Any, int, list, random.Random], Any]


def random_policy(state: Any, seat: int, legal: list, rnd: random.Random) -> Any:
    """A uniformly random legal action."""
    return legal[rnd.randrange(len(legal))]


def rules_policy(state: Any, seat: int, legal: list, rnd: random.Random) -> Any:
    """The rule-based teammate's action."""
    return GAME.strategy(GAME.observe(state, seat), seat, legal, rnd)[0]


def play(policy: Policy, seed: int, seats: int = 1, variants: tuple[str, ...] = ()) -> int:
    """One seeded game played by ``policy`` in every seat; the team score."""
    config = GAME.configure(("ann", "bob", "cat", "dan")[:seats], variants, {})
    rng, rnd = SeededRng(f"bench-{seed}"), random.Random(seed)
    state, _ = start(GAME, config, rng)
    while (seat := GAME.to_move(state)) is not None:
        legal = GAME.legal_actions(state)
        state, _ = step(GAME, state, policy(state, seat, legal, rnd), rng)
    return score(state)


def random_games_per_second(seconds: float = 2.0) -> float:
    """Random full games played per CPU second (legal_actions + decide + fold), so a busy
    machine does not skew it."""
    t0, n = time.process_time(), 0
    while time.process_time() - t0 < seconds:
        play(random_policy, n)
        n += 1
    return n / (time.process_time() - t0)


def average_score(policy: Policy, games: int = 200, variants: tuple[str, ...] = ()) -> float:
    """Mean team score over seeded games 0..games-1."""
    return sum(play(policy, s, variants=variants) for s in range(games)) / games


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"random games/s: {random_games_per_second():.0f}")
    print(f"random mean score over {n}: {average_score(random_policy, n):.2f}")
    t0 = time.process_time()
    print(f"rules mean score over {n}: {average_score(rules_policy, n):.2f} ({time.process_time() - t0:.1f} CPU s)")
