"""``dinocli bench GAME --belief``: how much the belief over hidden cards (ai/belief.py) knows.

Positions come from real games, every seat played by the rule bot on the fixed seeds
``belief/0``, ``belief/1``...; at every ``every``-th decision the seat to move's trail (what it saw
the others do, from its views) is scored: the bits the belief gives the true deal over uniform
dealing (``log2 L(true) - log2 E[L]``, see :func:`dinocli.ai.belief.gain`), divided by the hidden
cards it bears on. A position where nothing is hidden or seen yet is skipped. The figure is the
mean over positions with a 95% bootstrap interval (positions of one game are not independent: the interval
over games is given beside it), and the seconds a belief of :data:`PARTICLES` candidates takes to
build, the slowest position's too (what a search with ``belief=on`` pays once per decision).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from dinocli.ai.arena import by_strategy, steps
from dinocli.ai.belief import PARTICLES, Belief, Seen, gain, public
from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.runner import start

__all__ = ["belief_figures"]


def _interval(xs: list[float], rounds: int = 2000) -> tuple[float, float, float]:
    """Mean and 95% percentile-bootstrap interval of ``xs`` (resampled on a fixed seed: deterministic)."""
    m = statistics.fmean(xs)
    rnd = random.Random(0)
    means = sorted(statistics.fmean(rnd.choices(xs, k=len(xs))) for _ in range(rounds))
    return m, means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def positions(game_id: str, games: int, seats: int, every: int = 8):
    """(game number, true state, seat to move, its view, its trail) at every ``every``-th decision of
    ``games`` rule-bot games on the seeds ``belief/N``."""
    game = get(game_id)
    config = game.configure(tuple(f"p{i}" for i in range(seats)), (), {})
    for g in range(games):
        rng = SeededRng(f"belief/{g}")
        state, _ = start(game, config, rng)
        trails: list[list[Seen]] = [[] for _ in range(seats)]
        for st in steps(game, state, by_strategy(game, random.Random(f"belief/{g}")), rng):
            if st.n % every == 0:
                yield g, st.state, st.seat, game.observe(st.state, st.seat), trails[st.seat]
            for b in range(seats):
                if b != st.seat:
                    action = st.action if public(game, b, st.events) else None
                    trails[b] = trails[b] + [Seen(game.observe(st.state, b), st.seat, action)]


def belief_figures(game_id: str, *, games: int = 10, seats: int = 2, particles: int = 128) -> dict[str, Any]:
    """Bits per hidden card the belief gains over uniform dealing, with intervals, and its build time."""
    game = get(game_id)
    if not game.infers:
        return {"belief": "nothing to infer in this game (its infer role says so): beliefs deal uniformly"}
    bits: list[float] = []
    per_game: dict[int, list[float]] = {}
    build: list[float] = []
    for g, state, seat, view, trail in positions(game_id, games, seats):
        hidden = game.hidden(view)
        if not hidden or not any(s.action is not None for s in trail):
            continue
        b = gain(game, state, view, trail, seat, random.Random(len(bits)), particles) / hidden
        bits.append(b)
        per_game.setdefault(g, []).append(b)
        t = time.process_time()
        Belief(game, seat, view, trail, random.Random(0))
        build.append(time.process_time() - t)
    if not bits:
        return {"belief": "no position with a hidden card and a seen action"}
    m, lo, hi = _interval(bits)
    gm, glo, ghi = _interval([statistics.fmean(v) for v in per_game.values()])
    return {"seats": seats, "games": len(per_game), "positions": len(bits), "uniform_deals": particles,
            "bits_per_hidden_card": round(m, 4),
            "interval_over_positions": f"[{lo:.4f}, {hi:.4f}]",
            "interval_over_games": f"[{glo:.4f}, {ghi:.4f}]",
            "belief_particles": PARTICLES,
            "belief_build_cpu_s_mean": round(statistics.fmean(build), 4),
            "belief_build_cpu_s_max": round(max(build), 4)}
