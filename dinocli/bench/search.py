"""Speed of our ISMCTS against the PyPI ``mcts`` package (pure-Python UCT), in the same run.

For every game passed in, a few fixed positions (seeded random play from the opening) are
searched for equal wall-clock slices by:

* ours, same work as theirs: full random playouts to the end of the game, no cut-off — plus a
  fresh determinization, availability counts and a value per seat on every iteration;
* ours as the ``mcts:medium`` level plays (playouts cut off by ``game.heuristic``);
* the ``mcts`` package driving one determinized state of the position through a thin adapter
  (states are stepped with :func:`dinocli.games.runner.step`; its backup is given the usual
  two-player sign fix: each node is credited with the reward of the seat that moved into it).

The figures are iterations per CPU second of this process (``time.process_time``: other
programs on a busy machine then hardly move them) and the ratio ours/theirs (same work). The
engines take turns going first from one position to the next, so neither is always the one that
runs with a cold cache or in a quiet moment.

Where the ratio comes from: both engines spend nearly all their time in the game's own code
(``advance`` and ``legal_actions``), so per game decision simulated they cost the same (the
``decisions/s`` ratio, 0.97-1.04). But every iteration of ours steps a fresh determinization
down the tree path again — information-set MCTS cannot keep a state per node, since the hidden
cards differ from one iteration to the next — while the package keeps one state per tree node
and starts its playout below the tree. Ours simulates the whole game from the root on every
iteration; the package saves the depth of its tree, which matters in short games (Dodos:
about 34 decisions per iteration against 28).
"""

from __future__ import annotations

import random
import time
from typing import Any

from dinocli.ai.mcts import Node, Search
from dinocli.ai.spec import parse_spec
from dinocli.ai.uct import PackageState, credit_movers
from dinocli.events import Event, Rng, SimRng
from dinocli.games.protocol import Action, Game, State
from dinocli.games.runner import step

from .sampler import PLIES, positions_of

__all__ = ["mcts_figures", "positions"]

SPECS = {"ours": "mcts:cutoff=none,rollout=random,stop=never", "medium": "mcts:medium"}


def positions(game: Game, plies: tuple[int, ...] = PLIES) -> list[State]:
    """Fixed positions of ``game`` (two seats if it allows): seeded random play from the opening."""
    return positions_of(game, plies)


class _Counted:
    """``game`` counting the decisions simulated; both engines get it, so it costs them the same."""

    def __init__(self, game: Game):
        self.info, self._decide, self._advance, self.decisions = game.info, game.decide, game.advance, 0
        for name in ("to_move", "legal_actions", "fold", "observe", "determinize", "returns", "scores",
                     "heuristic", "strategy"):
            setattr(self, name, getattr(game, name))

    def decide(self, state: State, action: Action, rng: Rng) -> list[Event]:
        """The game's decide, counted."""
        self.decisions += 1
        return self._decide(state, action, rng)

    def advance(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        """The game's advance, counted."""
        self.decisions += 1
        return self._advance(state, action, rng)


def _ours(game: Game, state: State, seconds: float, spec: str) -> tuple[int, float, int]:
    """Iterations of our search in ``seconds`` of wall time, the CPU time and the decisions they took."""
    counted = _Counted(game)
    seat = game.to_move(state)
    search = Search(counted, seat, parse_spec(spec))
    legal = game.legal_actions(state)
    view = game.observe(state, seat)
    cpu = time.process_time()
    search.run(Node(), view, legal, random.Random(1), None, seconds)
    return search.iterations, time.process_time() - cpu, counted.decisions


def _theirs(mcts_module: Any, game: Game, state: State, seconds: float) -> tuple[int, float, int]:
    """Rounds of the ``mcts`` package in ``seconds`` of wall time, the CPU time and the decisions they took."""
    game = counted = _Counted(game)
    rnd = random.Random(1)
    det = game.determinize(game.observe(state, game.to_move(state)), game.to_move(state), rnd)
    rounds = 0

    def playout(s: PackageState) -> list[float]:
        """The package's random policy, seeded, counting one call per search round."""
        nonlocal rounds
        rounds += 1
        while not s.isTerminal():
            s = s.takeAction(rnd.choice(s.getPossibleActions()))
        return s.getReward()

    class Uct(mcts_module.mcts):
        backpropogate = credit_movers

    searcher = Uct(timeLimit=seconds * 1000, rolloutPolicy=playout, explorationConstant=0.7)
    cpu = time.process_time()
    searcher.search(PackageState(game, det, SimRng(rnd)))
    return rounds, time.process_time() - cpu, counted.decisions


def mcts_figures(games: list, *, seconds_per_game: float = 2.0) -> dict[str, Any]:
    """Iterations per CPU second of our ISMCTS and of the PyPI ``mcts`` package on the same positions."""
    try:
        import mcts as mcts_module
    except ImportError:
        mcts_module = None
    out: dict[str, Any] = {"mcts package": "installed" if mcts_module else "not installed (pip install mcts)"}
    for game in games:
        gid = game.info.id
        found = positions(game)
        if not found:
            continue
        slots = 3 if mcts_module else 2
        share = seconds_per_game / (slots * len(found))
        keys = ("ours", "medium", "theirs") if mcts_module else ("ours", "medium")
        tally = {key: [0, 0.0, 0] for key in keys}
        for i, state in enumerate(found):
            for key in keys if i % 2 == 0 else reversed(keys):
                figures = _theirs(mcts_module, game, state, share) if key == "theirs" else _ours(game, state, share, SPECS[key])
                tally[key] = [a + b for a, b in zip(tally[key], figures)]
        n, t, d = tally["ours"]
        out[f"{gid} ours it/s (full playouts)"] = round(n / t, 1)
        out[f"{gid} ours it/s (mcts:medium)"] = round(tally["medium"][0] / tally["medium"][1], 1)
        out[f"{gid} ours decisions/s (full playouts)"] = round(d / t)
        out[f"{gid} ours decisions/s (mcts:medium)"] = round(tally["medium"][2] / tally["medium"][1])
        if mcts_module:
            n2, t2, d2 = tally["theirs"]
            out[f"{gid} mcts package it/s"] = round(n2 / t2, 1)
            out[f"{gid} ratio ours/mcts"] = round(n / t / (n2 / t2), 3)
            out[f"{gid} decisions per iteration ours/mcts"] = f"{d / n:.1f}/{d2 / n2:.1f}"
            out[f"{gid} ratio ours/mcts decisions/s"] = round(d / t / (d2 / t2), 3)
    return out
