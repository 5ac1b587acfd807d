"""How well an opponent model predicts how a bot really plays (issue 40): bits a decision over uniform.

Plays ``--games`` games of ``--bot`` in every seat on the tuning family ``fit40/GAME/SEATS/i`` (never a
held-out one), keeps every decision with two or more legal actions (the true state, the seat, the
legal actions, the one chosen) and scores each model on them: the mean of ``log2(p(chosen) * n)``
over decisions, ``p`` the model's probability mixed with ``eps`` of uniform (0: as good as uniform).

Models: ``rules`` (the rule bot's pick, the belief's model today), ``onestep`` (a softmax at ``T`` over
the game's estimate one move ahead, two draws of chance each), ``SPECxK`` (the moves ``K`` runs of
bot ``SPEC`` choose on the seat's own view, as frequencies: ``mcts:easyx4``).

    python tools/opponent_model.py dodos --seats 2 --games 12 --bot mcts:medium \\
        --models rules,onestep,mcts:easyx4,mcts:mediumx2
"""

from __future__ import annotations

import argparse
import math
import random

import numpy as np

from dinocli.ai import arena
from dinocli.ai.bots import make_bot
from dinocli.ai.spec import BotSpecError, parse_spec
from dinocli.events import SeededRng
from dinocli.games import UnknownGame, get
from dinocli.games.runner import start

EPS = (0.1, 0.2, 0.3, 0.5)


def decisions(game, bot: str, seats: int, games: int) -> list[tuple]:
    """(state, seat, legal, index chosen) of every decision with a choice in ``games`` games of ``bot``."""
    rows = []
    for g in range(games):
        seed = f"fit40/{game.info.id}/{seats}/{g}"
        config = game.configure(tuple("abcdef"[:seats]), (), {})
        bots = [make_bot(bot) for _ in range(seats)]
        base = SeededRng(seed)
        state, _ = start(game, config, base)
        choose = arena.by_bots(game, bots, lambda n, seed=seed: random.Random(f"{seed}/{n}"))
        for st in arena.steps(game, state, choose, base):
            if len(st.legal) > 1:
                rows.append((st.state, st.seat, st.legal, st.legal.index(st.action)))
    return rows


def _onestep(game, state, seat, legal) -> np.ndarray:
    values = []
    for a in legal:
        total = 0.0
        for r in range(2):
            after, _ = game.advance(state, a, SeededRng(f"m/{r}"))
            h = game.heuristic(after)
            total += h[seat] if h is not None else game.returns(after)[seat]
        values.append(total / 2)
    return np.array(values)


def _frequencies(game, spec: str, runs: int, state, seat, legal) -> np.ndarray:
    p = np.zeros(len(legal))
    view = game.observe(state, seat)
    for r in range(runs):
        p[legal.index(make_bot(spec).choose(game, view, seat, legal, random.Random(1000 + r)))] += 1
    return p / p.sum()


def _bits(ps: list[tuple[np.ndarray, int]], eps: float) -> float:
    return float(np.mean([math.log2(((1 - eps) * p[k] + eps / len(p)) * len(p)) for p, k in ps]))


def main() -> None:
    """Print each model's agreement with the bot and its bits a decision over uniform."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--bot", default="mcts:medium")
    ap.add_argument("--models", default="rules,onestep,mcts:easyx4")
    args = ap.parse_args()
    try:
        game = get(args.game)
        for spec in [args.bot] + [m.partition("x")[0] for m in args.models.split(",") if m.startswith("mcts")]:
            parse_spec(spec)
    except (UnknownGame, BotSpecError) as exc:  # their messages quote the input escaped
        ap.error(str(exc))
    rows = decisions(game, args.bot, args.seats, args.games)
    legal_mean = np.mean([len(r[2]) for r in rows])
    print(f"{args.game}, {args.seats} seats, {args.bot}: {len(rows)} decisions, {legal_mean:.1f} legal actions on average")
    for model in args.models.split(","):
        if model == "onestep":
            values = [(_onestep(game, s, seat, legal), k) for s, seat, legal, k in rows]
            agrees = np.mean([v.argmax() == k for v, k in values])
            for t in (0.01, 0.1, 0.3, 1.0):
                soft = [(np.exp((v - v.max()) / t) / np.exp((v - v.max()) / t).sum(), k) for v, k in values]
                print(f"onestep T={t}: " + ", ".join(f"eps {e} {_bits(soft, e):+.3f}" for e in EPS))
            print(f"onestep: its best move agrees {agrees:.2f}")
            continue
        if model == "rules":
            ps = []
            for s, seat, legal, k in rows:
                p = np.zeros(len(legal))
                p[legal.index(game.pick(game.observe(s, seat), seat, legal, random.Random(0)))] = 1
                ps.append((p, k))
        else:
            spec, _, runs = model.partition("x")
            ps = [(_frequencies(game, spec, int(runs or 4), s, seat, legal), k) for s, seat, legal, k in rows]
        agrees = np.mean([p.argmax() == k for p, k in ps])
        print(f"{model}: agrees {agrees:.2f}; " + ", ".join(f"eps {e} {_bits(ps, e):+.3f}" for e in EPS))


if __name__ == "__main__":
    main()
