"""``dinocli bench GAME --belief``: how much the belief over hidden cards (ai/belief.py) knows.

Positions come from real games, every seat played by the rule bot (10 games: the opponent model is
that bot softened, so this is the belief at its best) or by mcts:easy (3 games: a player the model
only approximates), on the fixed seeds ``belief/0``, ``belief/1``...; at every ``every``-th decision the seat to move's trail (what it saw
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

from dinocli.ai import make_bot
from dinocli.ai.arena import by_bots, steps
from dinocli.ai.belief import PARTICLES, Belief, gain, seen
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


def positions(game_id: str, games: int, seats: int, players: str = "rules", every: int = 8, family: str = "belief"):
    """(game number, true state, seat to move, its view, its trail) at every ``every``-th decision of
    ``games`` games of ``players`` (a bot spec) in every seat, on the seeds ``FAMILY/N``."""
    game = get(game_id)
    config = game.configure(tuple(f"p{i}" for i in range(seats)), (), {})
    for g in range(games):
        rng = SeededRng(f"{family}/{g}")
        state, _ = start(game, config, rng)
        trails: list[list[Seen]] = [[] for _ in range(seats)]
        bots = [make_bot(players) for _ in range(seats)]
        choose = by_bots(game, bots, lambda n, g=g: random.Random(f"{family}/{g}/{n}"))
        for st in steps(game, state, choose, rng):
            if st.n % every == 0:
                yield g, st.state, st.seat, game.observe(st.state, st.seat), trails[st.seat]
            for b in range(seats):
                trails[b] = trails[b] + [seen(game, b, game.observe(st.state, b), st.seat, st.action, st.events)]


def belief_figures(game_id: str, *, seats: int = 2, particles: int = 128) -> dict[str, Any]:
    """Bits per hidden card the belief gains over uniform dealing in games of the rule bot (the opponent
    model's own policy) and of mcts:easy (another), with intervals, and the time a belief takes to build."""
    out = {"seats": seats, "uniform_deals": particles}
    for players, games in (("rules", 10), ("mcts:easy", 3)):
        figures = _figures(game_id, games, seats, players, particles)
        if isinstance(figures, str):
            return {"belief": figures}
        out[players] = figures
    return out


def _figures(game_id: str, games: int, seats: int, players: str, particles: int) -> dict[str, Any] | str:
    """The belief figures over positions of ``games`` games of ``players`` (or why there are none)."""
    game = get(game_id)
    if not game.infers:
        return "nothing to infer in this game (its infer role says so): beliefs deal uniformly"
    bits: list[float] = []
    per_game: dict[int, list[float]] = {}
    build: list[float] = []
    for g, state, seat, view, trail in positions(game_id, games, seats, players):
        hidden = game.hidden(view)
        if not hidden or not any(s.actor != seat for s in trail):
            continue
        b = gain(game, state, view, trail, seat, random.Random(len(bits)), particles) / hidden
        bits.append(b)
        per_game.setdefault(g, []).append(b)
        t = time.process_time()
        Belief(game, seat, view, trail, random.Random(0))
        build.append(time.process_time() - t)
    if not bits:
        return "no position with a hidden card and a seen action"
    m, lo, hi = _interval(bits)
    gm, glo, ghi = _interval([statistics.fmean(v) for v in per_game.values()])
    return {"games": len(per_game), "positions": len(bits),
            "bits_per_hidden_card": round(m, 4),
            "interval_over_positions": f"[{lo:.4f}, {hi:.4f}]",
            "interval_over_games": f"[{glo:.4f}, {ghi:.4f}]",
            "belief_particles": PARTICLES,
            "belief_build_cpu_s_mean": round(statistics.fmean(build), 4),
            "belief_build_cpu_s_max": round(max(build), 4)}
