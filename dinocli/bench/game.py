"""``dinocli bench GAME``: a game engine's speed and the rule-based bot against random, every
game played by the one headless loop (:mod:`dinocli.ai.arena`)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from dinocli import games
from dinocli.ai.arena import play_game, steps, uniform
from dinocli.events import SeededRng
from dinocli.games.runner import fold_all, start

from .strength import match

__all__ = ["game_figures"]


def game_figures(game_id: str, *, seconds: float = 3.0, matches: int = 200, variants: tuple[str, ...] = ()) -> dict[str, Any]:
    """Random full games per second, events folded per second, legal actions per decision,
    and the rule-based bot against random over seat-rotated two-player games (``variants`` on)."""
    game = games.get(game_id)
    out: dict[str, Any] = {"variants": list(variants)} if variants else {}
    lo, hi = game.info.min_seats, game.info.max_seats
    counts = sorted({lo, max(2, lo), hi} | ({4} if lo <= 4 <= hi else set()))
    names = tuple(f"p{i}" for i in range(game.info.max_seats))
    logs = []
    for n in counts:
        config = game.configure(names[:n], variants, {})
        done, t0, k = 0, time.perf_counter(), 0
        while time.perf_counter() - t0 < seconds / len(counts):
            rng = SeededRng(f"bench/{k}")
            state, log = start(game, config, rng)
            for st in steps(game, state, uniform(random.Random(k)), rng):
                log.extend(st.events)
            logs.append((config, log))
            done += 1
            k += 1
        out[f"random_games_per_s_{n}p"] = round(done / (time.perf_counter() - t0), 2)
    widths: list[int] = []
    config = game.configure(names[:counts[0]], variants, {})
    for k in range(20):
        rng = SeededRng(f"w/{k}")
        state, _ = start(game, config, rng)
        widths.extend(len(st.legal) for st in steps(game, state, uniform(random.Random(k)), rng))
    out["legal_actions_mean"] = round(statistics.fmean(widths), 2)
    out["legal_actions_max"] = max(widths)
    t0 = time.perf_counter()
    folded = 0
    for config, log in logs:
        fold_all(game, game.initial(config), log)
        folded += len(log)
    out["events_folded_per_s"] = round(folded / (time.perf_counter() - t0))
    if game.info.cooperative:
        for spec in ("random", "rules"):
            scores = [play_game(game, [spec] * 2, f"coop/{i}", variants=variants).scores[0] for i in range(matches)]
            out[f"{spec}_mean_team_score"] = round(statistics.fmean(scores), 2)
    else:
        r = match(game_id, "rules", "random", matches, seed="h2h", variants=variants)
        out["rules_vs_random_win_rate"] = r["win_rate"]
        out["rules_vs_random_ci95"] = r["ci95"]
    return out
