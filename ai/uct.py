"""Determinized UCT, the usual shortcut for hidden information: the PyPI ``mcts`` package
searching one sampled determinization per move (the peer of our ISMCTS at equal time, #23).

On each decision the bot samples one state consistent with its view
(``game.determinize(view, seat, rnd)``: it never sees more than the view) and runs the package's
UCT on it as if it were a game of perfect information. Chance met in the tree is drawn once, when
a node is made, and frozen there (the package keeps one state per node). Leaves are valued as our
search values them, by the game's tuned playout and ``game.heuristic`` (one value per seat), so
the match measures the tree search alone. Two changes to the package: each node is credited with
the value of the seat that moved into it (it assumes one player), and ties are broken by the
bot's own generator (it uses the global one), so that a game is deterministic for its seed.
"""

from __future__ import annotations

import math
import random
import time

from dinocli.events import SimRng
from dinocli.games.protocol import Action, Game, Seat, State, View
from dinocli.games.runner import step

from .mcts import Search
from .spec import BotSpec, BotSpecError, parse_spec

__all__ = ["UctBot", "PackageState", "credit_movers"]


class PackageState:
    """A determinized state in the ``mcts`` package's State interface."""

    __slots__ = ("game", "state", "sim")

    def __init__(self, game: Game, state: State, sim: SimRng):
        self.game, self.state, self.sim = game, state, sim

    def getCurrentPlayer(self) -> Seat:  # noqa: N802 - the package's names
        """The seat to move."""
        return self.game.to_move(self.state)

    def getPossibleActions(self) -> list[Action]:  # noqa: N802
        """The legal actions."""
        return self.game.legal_actions(self.state)

    def takeAction(self, action: Action) -> "PackageState":  # noqa: N802
        """The state after ``action`` (chance drawn now, then frozen in the tree)."""
        return PackageState(self.game, step(self.game, self.state, action, self.sim)[0], self.sim)

    def isTerminal(self) -> bool:  # noqa: N802
        """Whether the game is over."""
        return self.game.to_move(self.state) is None

    def getReward(self) -> list[float]:  # noqa: N802
        """The value per seat."""
        return self.game.returns(self.state)


def credit_movers(searcher, node, reward: list[float]) -> None:
    """The package's ``backpropogate`` with a value per seat: each node is credited with the reward of
    the seat that moved into it (the package's own adds one number for everyone)."""
    while node is not None:
        node.numVisits += 1
        if node.parent is not None:
            node.totalReward += reward[node.parent.state.getCurrentPlayer()]
        node = node.parent


def _searcher(package, rnd: random.Random, playout, iterations: int | None, seconds: float | None, c: float):
    """The package's searcher with a value per seat and seeded tie-breaks."""

    class Uct(package.mcts):
        backpropogate = credit_movers

        def getBestChild(self, node, explorationValue):  # noqa: N802,N803,D102
            best, top = [], float("-inf")
            for child in node.children.values():
                v = child.totalReward / child.numVisits + explorationValue * math.sqrt(
                    2 * math.log(node.numVisits) / child.numVisits)
                if v > top:
                    best, top = [child], v
                elif v == top:
                    best.append(child)
            return best[rnd.randrange(len(best))]

    if seconds is not None:
        return Uct(timeLimit=seconds * 1000, rolloutPolicy=playout, explorationConstant=c)
    return Uct(iterationLimit=iterations, rolloutPolicy=playout, explorationConstant=c)


class UctBot:
    """UCT from the ``mcts`` package on one determinization per move (``uct:seconds=0.2``)."""

    def __init__(self, spec: str | BotSpec = "uct"):
        self.spec = parse_spec(spec) if isinstance(spec, str) else spec
        if self.spec.kind != "uct":
            raise ValueError(f"not a uct spec: {self.spec.name}")
        try:
            import mcts as package
        except ImportError:
            raise BotSpecError(f"bot {self.spec.name!r} needs the mcts package: pip install 'dinocli[bench]'") from None
        self._package = package
        self.name = self.spec.name
        self.iterations = 0  # search rounds of the last decision

    def __repr__(self) -> str:
        return f"UctBot({self.name!r})"

    def choose(self, game: Game, view: View, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        """Search one sampled determinization of ``view`` and play the root action of best mean."""
        if len(legal) == 1:
            return legal[0]
        leaf = Search(game, seat, "mcts:medium", view=view)  # the game's tuned playout and cut-off
        state = game.determinize(view, seat, rng)
        sim = SimRng(rng)
        base = game.scores(state) if leaf.stop_on_score else None
        rounds = 0

        def playout(s: PackageState) -> list[float]:
            nonlocal rounds
            rounds += 1
            return leaf._playout(s.state, rng, sim, base)

        s = self.spec
        searcher = _searcher(self._package, rng, playout, s.iterations, s.seconds, s.c)
        searcher.root = root = self._package.treeNode(PackageState(game, state, sim), None)
        deadline = None if s.seconds is None else time.perf_counter() + s.seconds
        while True:  # at least one round, whatever the budget
            searcher.executeRound()
            if s.iterations is not None and rounds >= s.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.iterations = rounds
        action = searcher.getAction(root, searcher.getBestChild(root, 0))
        return action if action in legal else legal[0]
