"""How far the belief over hidden cards can reach in Dodos (issue 40): what it knows against what peeking knows.

Plays ``--games`` games of ``--players`` in every seat on the tuning family ``tune40-search/i`` (never a
held-out one) and, at every eighth decision where the seat to move has seen another seat decide, measures
in bits per hidden card:

- ``belief``: what the belief (its opponent model, the rule bot softened as a mixture) gives the true
  hands over uniform dealing (``dinocli.ai.belief.gain``, ``--particles`` uniform deals);
- ``search model``: the same with a small search as the opponent model instead (the visit shares of
  ``--model`` searching the seat's own view, at each decision seen), and the searches that took;
- ``to know``: what knowing the kinds of the other seats' hidden cards exactly is worth, -log2 of the
  uniform chance of the true kinds (a multivariate hypergeometric over the cards the seat has not seen):
  what the belief would have to gain to see as much as peeking does.

Each with its mean and a 95% interval over positions (positions of one game are not independent).

    python tools/belief_reach.py --seats 2 --games 5 --players mcts:medium --model mcts:iterations=30
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from math import comb, log2

import dinocli.ai.belief as belief
from dinocli.ai.mcts import Node, Search
from dinocli.ai.spec import parse_spec
from dinocli.bench.belief import positions
from dinocli.games import get
from dinocli.games.dodos.cards import KIND
from dinocli.games.dodos.seeing import _pool

FAMILY = "tune40-search"


def search_model(spec: str, cost: list):
    """An opponent model for ai/belief: the visit shares of a search by ``spec`` on the mover's own view."""
    iterations = parse_spec(spec).iterations

    def model(game, past, actor, action):
        if game.to_move(past) != actor:
            return 0.0, 0.0
        legal = game.legal_actions(past)
        if action not in legal:
            return 0.0, 0.0
        if len(legal) == 1:
            return 1.0, 1.0
        t = time.process_time()
        root = Search(game, actor, spec).run(Node(), game.observe(past, actor), legal, random.Random(7), iterations)
        rows = root.rows(legal)
        total = sum(root.visits[r] for r in set(rows))
        p = sum(root.visits[r] for r, a in zip(rows, legal) if a == action) / max(total, 1)
        cost[0] += 1
        cost[1] += time.process_time() - t
        return p, 1.0 / len(legal)

    return model


def to_know(state, seat: int, view) -> float:
    """Bits per hidden card that knowing the kinds of the other seats' hidden cards exactly is worth."""
    _seen, pool = _pool(view)
    hidden = [c for x, hand in enumerate(state.hands) if x != seat
              for c in hand if c not in (set(view.known[x]) if view.known else set())]
    have, want = Counter(KIND[c] for c in pool), Counter(KIND[c] for c in hidden)
    p = 1.0
    for kind, k in want.items():
        p *= comb(have[kind], k)
    return -log2(p / comb(len(pool), len(hidden))) / len(hidden)


def interval(xs: list[float]) -> str:
    """Mean [95% interval] over positions."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return f"{m:+.2f} [{m - half:+.2f}, {m + half:+.2f}]"


def main() -> None:
    """Print the three measures over the positions."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--players", default="mcts:medium")
    ap.add_argument("--model", default="mcts:iterations=30")
    ap.add_argument("--particles", type=int, default=64)
    a = ap.parse_args()
    game = get("dodos")
    rules_model, cost = belief._model, [0, 0.0]
    searched = search_model(a.model, cost)
    rows = []
    for _g, state, seat, view, trail in positions("dodos", a.games, a.seats, a.players, family=FAMILY):
        hidden = game.hidden(view)
        if not hidden or not any(s.actor != seat for s in trail):
            continue
        try:
            belief._model = rules_model
            plain = belief.gain(game, state, view, trail, seat, random.Random(len(rows)), a.particles) / hidden
            belief._model = searched
            with_search = belief.gain(game, state, view, trail, seat, random.Random(len(rows)), a.particles) / hidden
        finally:
            belief._model = rules_model
        rows.append((plain, with_search, to_know(state, seat, view)))
    print(f"Dodos, {a.seats} seats, games of {a.players} ({a.games}, {FAMILY}/i): {len(rows)} positions; bits per "
          f"hidden card over uniform: belief {interval([r[0] for r in rows])}, search model {a.model} "
          f"{interval([r[1] for r in rows])} ({cost[0]:,} searches, {1e3 * cost[1] / max(cost[0], 1):.1f} ms each); "
          f"to know the kinds exactly {interval([r[2] for r in rows])}")


if __name__ == "__main__":
    main()
