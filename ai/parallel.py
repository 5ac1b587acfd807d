"""Root parallelism for a search budgeted in seconds: every core searches the same view at once.

A bot that thinks for a fixed time (``mcts:seconds=S``) at the prompt or in ``hint`` leaves the
other cores idle. Here each of them runs an independent search of the same information set
(its own tree, its own seed, the same deadline) in a worker process, and the root statistics of
all the searches (visits and value sums per legal action) are added into the caller's root
before it chooses: root parallelisation (Chaslot, Winands & van den Herik 2008), the variant that
shares nothing while searching, so it needs no locks and scales with the cores.

It is off where the cores are already taken: in any process that is itself a worker of a
process pool (tournaments and strength benches play their games in such pools, and the search
workers here are such processes), for a search budgeted in iterations (its result must stay the
same for a seed), and when ``DINOCLI_SEARCH_PROCESSES`` is 1 (it sets the number of searching
processes, the caller's included; by default one per core this process may run on).
The workers are forked from a clean server process (``forkserver``), never from the caller,
whose threads (a prompt's) must not be copied mid-lock; the first search starts them.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from dinocli.games.protocol import Action, Game, Seat, View

__all__ = ["processes", "start_parts", "merge_parts"]

ENV = "DINOCLI_SEARCH_PROCESSES"
GRACE = 0.25  # seconds a worker may finish after the deadline (its last iteration) before it is left out

_pool: ProcessPoolExecutor | None = None
_pool_size = 0


def processes() -> int:
    """How many processes a search budgeted in seconds may use here (1: search alone)."""
    if multiprocessing.parent_process() is not None:
        return 1  # a pool's worker: its siblings use the other cores
    raw = os.environ.get(ENV, "").strip()
    if raw:
        try:
            return max(1, min(int(raw), 64))
        except ValueError:
            return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _executor(workers: int) -> ProcessPoolExecutor:
    global _pool, _pool_size
    if _pool is None or _pool_size != workers:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if ctx.get_start_method() == "forkserver":
            ctx.set_forkserver_preload(["dinocli.ai.mcts"])
        _pool, _pool_size = ProcessPoolExecutor(max_workers=workers, mp_context=ctx), workers
    return _pool


def start_parts(part: Callable, game: Game, view: View, seat: Seat, legal: list[Action], spec: Any,
                rnd: random.Random, seconds: float) -> list[Future]:
    """Start the other processes' searches of ``view`` for ``seconds``: ``part(game, view, seat, legal,
    spec, seed, deadline)`` in each (none where this search runs alone, or where the game cannot be
    sent to another process)."""
    n = processes()
    if n <= 1:
        return []
    try:
        pickle.dumps((game, view, legal, spec))
    except Exception:  # a game window made for one process (a bound of the reports): search alone
        return []
    global _pool
    deadline = time.time() + seconds
    try:
        pool = _executor(n - 1)
        return [pool.submit(part, game, view, seat, legal, spec, rnd.getrandbits(64), deadline) for _ in range(n - 1)]
    except Exception:  # the pool broke (a worker was killed): search alone, a new pool next time
        _pool = None
        return []


def merge_parts(root: Any, legal: list[Action], parts: list[Future], seconds: float) -> int:
    """Add the finished parts' root statistics into ``root`` (a :class:`~dinocli.ai.mcts.Node`
    already searched here); the iterations they add. A part not done by the deadline's grace is
    left out (its process is still starting, the first time)."""
    added = 0
    rows = list(dict.fromkeys(root.rows(legal)))  # the same actions, in the same order, as each part's
    for f in parts:
        try:
            iterations, visits, values = f.result(timeout=GRACE + 0.05 * seconds)
        except Exception:  # late, or its process failed: this process's search stands alone
            continue
        added += iterations
        for r, v in zip(rows, visits):
            root.visits[r] += v
        if values is not None:
            if root.values is None:
                root.values = [[0.0] * root.size for _ in values]
            for mine, theirs in zip(root.values, values):
                for r, x in zip(rows, theirs):
                    mine[r] += x
    return added
