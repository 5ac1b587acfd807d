"""Fit the Dodos leaf estimate (dinocli/games/dodos/estimate.py WEIGHTS) on rule-based self-play (issue 23).

    python tools/fit_dodos_estimate.py [GAMES]   # default 3000 games per table size; prints WEIGHTS

For each table size (2-6 seats) rule bots play GAMES games on the Jungle track (seeds fit-N/0..);
every Phase-1 position is a sample, the winner (ties shared) its outcome. One conditional logit
(a softmax across seats, as the estimate is used) is fitted per stage of the race by Newton's
method; the last third of the games is held out and each stage's log-loss is printed beside the
old estimate's (``--old``: the module's heuristic before the refit) and a coin's.
"""

from __future__ import annotations

import math
import random
import sys

import numpy as np

from dinocli import games
from dinocli.ai.arena import by_strategy, steps
from dinocli.events import SeededRng
from dinocli.games.dodos.estimate import features, heuristic, stage, STAGES
from dinocli.games.dodos.state import PICK
from dinocli.games.runner import start


def samples(seats: int, count: int) -> list[tuple[list, tuple[int, ...]]]:
    """Each game's Phase-1 states and its winners."""
    game = games.get("dodos")
    config = game.configure(tuple(f"p{i}" for i in range(seats)), (), {})
    out = []
    for g in range(count):
        rng = SeededRng(f"fit-{seats}/{g}")
        state, _ = start(game, config, rng)
        snaps, final = [], state
        for st in steps(game, state, by_strategy(game, random.Random(g)), rng):
            if st.state.phase == PICK and (not snaps or snaps[-1].round != st.state.round):
                snaps.append(st.state)
            final = st.after
        out.append((snaps, final.winners))
    return out


def table(data, st: int) -> tuple[np.ndarray, np.ndarray, list]:
    """Features (positions x seats x features), outcomes (positions x seats) and the states of one stage."""
    X, y, states = [], [], []
    for snaps, winners in data:
        for s in snaps:
            if stage(s) == st:
                X.append([features(s, x) for x in range(len(s.pos))])
                t = np.zeros(len(s.pos))
                t[list(winners)] = 1.0 / len(winners)
                y.append(t)
                states.append(s)
    return np.array(X), np.array(y), states


def loss(b: np.ndarray, X: np.ndarray, y: np.ndarray) -> tuple[float, np.ndarray]:
    """Mean log-loss of weights ``b`` and the predicted shares."""
    z = X @ b
    z -= z.max(1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(1, keepdims=True)
    return float(-(y * np.log(p + 1e-12)).sum() / len(X)), p


def fit(X: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Conditional logit weights by Newton's method (a small ridge keeps unseen features at 0)."""
    b = np.zeros(X.shape[2])
    for _ in range(50):
        _, p = loss(b, X, y)
        g = np.einsum("gs,gsf->f", p - y, X) / len(X) + l2 * b
        m = np.einsum("gs,gsf->gf", p, X)
        H = (np.einsum("gs,gsf,gsh->fh", p, X, X) - m.T @ m) / len(X) + l2 * np.eye(len(b))
        step = np.linalg.solve(H, g)
        b -= step
        if abs(step).max() < 1e-8:
            break
    return b


def main() -> None:
    """Fit every table size and print the WEIGHTS literal."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    weights = {}
    for seats in range(2, 7):
        data = samples(seats, count)
        cut = count * 2 // 3
        rows = []
        for st in range(len(STAGES) + 1):
            X, y, _ = table(data[:cut], st)
            Xt, yt, held = table(data[cut:], st)
            b = fit(X, y)
            old = -sum(math.log(max(heuristic(s)[x], 1e-12)) * w for s, t in zip(held, yt)
                       for x, w in enumerate(t) if w) / len(held)
            print(f"# {seats} seats, stage {st}: held-out log-loss {loss(b, Xt, yt)[0]:.4f} "
                  f"(estimate.py now {old:.4f}, coin {math.log(seats):.4f}, {len(held)} positions)", file=sys.stderr)
            rows.append(tuple(round(float(v), 3) for v in fit(*table(data, st)[:2])))
        weights[seats] = tuple(rows)
    print("WEIGHTS = {")
    for seats, rows in weights.items():
        print(f"    {seats}: (")
        for r in rows:
            print(f"        {r},")
        print("    ),")
    print("}")


if __name__ == "__main__":
    main()
