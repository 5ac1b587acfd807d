"""Strength figures (a script, not a test): bot A against bot B on paired seeds, seats swapped.

    python -m tests.ai.strength dingo mcts:medium rules --games 200 --workers 2 [--goal N] [--variant V] [--out FILE]

Each seed is played twice with A in seat 0 then seat 1 (same cards for the same seat), so luck
cancels within a pair. Prints A's win rate (ties count half) with a 95% Wilson interval, the
paired result (pairs A won outright vs pairs B won, ties dropped) with its interval, and the
time A took per decision. With ``--out``, each finished game is appended to FILE as a JSON
line and a rerun with the same arguments resumes where it stopped.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool

from dinocli.ai import make_bot
from dinocli.arena import wilson
from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.runner import start, step


def play_one(task: tuple) -> tuple[int, int, float, float, int, int]:
    """One game: (pair, A's seat, A's score, A's seconds, A's decisions, all decisions)."""
    game_id, a_spec, b_spec, seed, pair, a_seat, options, variants = task
    game = get(game_id)
    config = game.configure(("a", "b"), tuple(variants), options)
    bots = [make_bot(b_spec), make_bot(b_spec)]
    bots[a_seat] = make_bot(a_spec)
    rng = SeededRng(f"{seed}/{pair}")
    state, _ = start(game, config, rng)
    n, a_time, a_moves = 0, 0.0, 0
    while (seat := game.to_move(state)) is not None:
        legal = game.legal_actions(state)
        t = time.perf_counter()
        action = bots[seat].choose(game, game.observe(state, seat), seat, legal, random.Random(f"{seed}/{pair}/{n}"))
        if seat == a_seat:
            a_time += time.perf_counter() - t
            a_moves += 1
        state, _ = step(game, state, action, rng)
        n += 1
    r = game.returns(state)
    best = max(r)
    score = (1.0 / r.count(best)) if r[a_seat] == best else 0.0
    return pair, a_seat, score, a_time, a_moves, n


def main(argv: list[str] | None = None) -> None:
    """Run the match and print the figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", default="strength")
    p.add_argument("--goal", type=int, default=None)
    p.add_argument("--variant", action="append", default=[], help="a variant to play (repeatable)")
    p.add_argument("--out", default=None, help="append each game as a JSON line; resume from it")
    args = p.parse_args(argv)
    options = {} if args.goal is None else {"goal": args.goal}
    key = [args.game, args.a, args.b, args.seed, options] + ([sorted(args.variant)] if args.variant else [])
    results = []
    if args.out:
        try:
            with open(args.out) as f:
                results = [tuple(d["r"]) for d in map(json.loads, f) if d["key"] == key]
        except FileNotFoundError:
            pass
    done = {(r[0], r[1]) for r in results}
    tasks = [(args.game, args.a, args.b, args.seed, i, s, options, args.variant)
             for i in range(args.games // 2) for s in (0, 1) if (i, s) not in done]
    t0 = time.perf_counter()
    with Pool(args.workers) as pool:
        for r in pool.imap_unordered(play_one, tasks):
            results.append(r)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps({"key": key, "r": list(r)}) + "\n")
            if len(results) % 10 == 0:
                done = sum(x[2] for x in results)
                print(f"  ... {len(results)} games, A scored {done:g}", file=sys.stderr, flush=True)
    wall = time.perf_counter() - t0
    score = sum(r[2] for r in results)
    n = len(results)
    lo, hi = wilson(score, n)
    pairs: dict[int, float] = {}
    for pair, _, s, *_ in results:
        pairs[pair] = pairs.get(pair, 0.0) + s
    won = sum(1 for v in pairs.values() if v > 1)
    lost = sum(1 for v in pairs.values() if v < 1)
    plo, phi = wilson(won, won + lost)
    a_time = sum(r[3] for r in results)
    a_moves = sum(r[4] for r in results)
    print(f"{args.game} {args.a} vs {args.b}: {n} games{' goal ' + str(args.goal) if options else ''}{' ' + '+'.join(args.variant) if args.variant else ''}, seats rotated")
    print(f"  win rate {score / n:.3f}  95% Wilson [{lo:.3f}, {hi:.3f}]")
    print(f"  paired seeds: A better on {won}, B better on {lost}, even {len(pairs) - won - lost}; "
          f"A's share {won / max(1, won + lost):.3f} [{plo:.3f}, {phi:.3f}]")
    print(f"  A: {a_time / max(1, a_moves) * 1000:.1f} ms per decision over {a_moves} decisions; "
          f"{sum(r[5] for r in results) / n:.0f} decisions per game; wall {wall:.0f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
