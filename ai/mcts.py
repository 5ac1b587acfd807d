"""Information-set MCTS (single observer: Cowling, Powley & Whitehouse 2012), statistics in plain lists.

One tree for the information set of the seat to decide. A node is reached by a sequence of
actions from the root; it holds one row per action ever seen there: visits, availability (how
many iterations the action was legal) and value sums, one column per seat. Every iteration
samples a fresh determinization ``game.determinize(view, seat, rnd)`` and walks it down the
tree: only actions legal in that determinization compete, by UCB1 with availability counts
(``q + c * sqrt(ln(avail) / visits)``), judged by the value of the seat to move in that
determinization. Chance is sampled inside ``advance`` by :class:`~dinocli.events.SimRng`, so a
node merges every chance outcome (single observer); a game whose rules define ``play`` (``advance``
keeping no events) is stepped with it, unless the other seats' trees need the events. A new leaf is played out by the random
policy or the game's rule-based strategy (which sees ``game.observe(state, seat)``), cut off
by ``game.heuristic`` when the game gives one after ``cutoff`` decisions or, with
``stop=score``, as soon as ``game.scores`` change (the end of a day in Dingo); the value vector
(``game.returns`` or the heuristic, one value per seat) is added along the path.

Other seats choose in the tree by UCB on their own value (``opponents=search``) or, with
``opponents=rules``, by the game's rule-based strategy on their own view: then a seat picking
face down after the searcher cannot answer the searcher's hidden pick, which a tree node under
that pick would (information leakage, pessimism growing with the number of opponents). With
``opponents=trees`` (multiple-observer ISMCTS, Cowling et al. 2012) every other seat chooses by
UCB (and ``widen``) in a tree of its own, which the walk moves on by what that seat observes: its
own actions, and another seat's action unless ``game.redact`` hides the event recording it (a
face-down pick), then only who moved. So a seat's model of play improves with the budget, as ours
does, and still cannot answer a pick it has not seen; but its tree starts from what the searcher
knows, so its first choices there cannot depend on its own hidden hand (Dodos hard with it: 0.465
against medium, where the rule-bot model won 0.52).

With ``prior=W`` (PUCT-style, W > 0) the rule-based strategy's choice for the seat to move is
tried first at a node and keeps a bonus ``W * sqrt(avail) / (1 + visits)`` beside its UCB value:
a search that has not yet told the actions apart falls back on the rule bot's move.

With ``widen=W`` (progressive unpruning, Chaslot et al. 2008, ordered by the rule bot) a searched
node visited n times lets only the rule-based strategy's choice and the first ``int(W * sqrt(n))``
other legal actions compete: the seat's own later decisions in a sampled line are played as the
rule bot would until the node has been visited often enough to tell other actions apart, instead
of spreading its first visits over every action, however poor.

A bot with an iteration budget stops as soon as the most visited root action leads every other
by more than the iterations left (checked every 16): the rest of the budget could not change the
choice, so the move is the one the whole budget plays, sooner (``search_root``, which reports the
statistics, spends it all).

Tree reuse (``reuse=yes``, off by default): after choosing, the bot keeps the chosen root
child. On its next call, the subtree becomes the new root when no other seat decided in between
and the new view is exactly the view reached from the old one by the chosen action (checked on
a determinization), so the information set is the same; otherwise the search starts afresh.

With ``belief=on`` (off by default) the bot keeps its *trail*, what its seat saw of each decision
(:meth:`MctsBot.inform`, called by whoever runs the game with the bot's own view; or all at once,
:meth:`MctsBot.recall`, for a bot made for one move with the trail rebuilt from the log), and each
iteration deals from a :class:`~.belief.Belief` built once per decision from the view and the trail
(candidate deals weighted by the likelihood of the others' seen actions) instead of uniformly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from functools import partial
from math import log, sqrt
from typing import NamedTuple

from dinocli.events import SimRng
from dinocli.games.protocol import Action, Game, Seat, State, View
from dinocli.games.runner import step

from .belief import Belief, Seen
from .spec import BotSpec, parse_spec, tuned, tuning_of

__all__ = ["Node", "Search", "MctsBot", "RootStat", "search_root", "search_part"]


class Node:
    """An information-set node: one row of statistics per action seen here."""

    __slots__ = ("actions", "index", "children", "visits", "avail", "values", "size", "_legal", "_rows", "_once")

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.index: dict[Action, int] = {}
        self.children: list[Node | None] = []
        self.visits: list[int] = []
        self.avail: list[int] = []
        self.values: list[list[float]] | None = None  # one row per seat, made at the first backup
        self.size = 0
        self._legal: list[Action] | None = None  # the last legal list asked for, its rows, and them once each
        self._rows: list[int] = []
        self._once: list[int] = []

    def rows(self, legal: list[Action]) -> list[int]:
        """Row numbers of ``legal``, adding rows for actions not seen here before."""
        if legal is self._legal or legal == self._legal:
            return self._rows
        index = self.index
        out = []
        for a in legal:
            r = index.get(a)
            if r is None:
                r = self._add(a)
            out.append(r)
        self._legal, self._rows = legal, out
        self._once = out if len(set(out)) == len(out) else list(dict.fromkeys(out))
        return out

    def _add(self, action: Action) -> int:
        r = self.size
        self.index[action] = r
        self.actions.append(action)
        self.children.append(None)
        self.visits.append(0)
        self.avail.append(0)
        if self.values is not None:
            for row in self.values:
                row.append(0.0)
        self.size = r + 1
        return r

    def mean(self, row: int, seat: Seat) -> float:
        """Mean value for ``seat`` of the action in ``row`` (0.0 if never visited)."""
        v = self.visits[row]
        return self.values[seat][row] / v if v and self.values is not None else 0.0

    def best(self, legal: list[Action], seat: Seat) -> Action:
        """The most visited of ``legal``, ties broken by mean value, then by order."""
        visits, values = self.visits, self.values
        top, pick = None, 0
        for i, r in enumerate(self.rows(legal)):
            vis = visits[r]
            score = vis + (values[seat][r] / max(vis, 1) * 1e-3 if values is not None else 0)
            if top is None or score > top:
                top, pick = score, i
        return legal[pick]

    def count(self) -> int:
        """Nodes in this subtree."""
        return 1 + sum(ch.count() for ch in self.children if ch is not None)


class Search:
    """ISMCTS for ``seat`` with given exploration, playout policy and cut-off (the game's tuning applied,
    for the board of ``view`` where it is given)."""

    def __init__(self, game: Game, seat: Seat, spec: BotSpec | str = "mcts:medium", trail: Sequence[Seen] = (),
                 view: View | None = None):
        s = parse_spec(spec) if isinstance(spec, str) else spec
        self.spec = s = tuned(s, tuning_of(game, view))
        self.game = game
        self.seat = seat
        self.c = s.c
        self.rollout_rules = s.rollout == "rules"
        self.cutoff = s.cutoff
        self.stop_on_score = s.stop == "score"
        self.model = s.opponents == "rules"
        self.prior = s.prior
        self.widen = s.widen
        # opponents=trees: one tree per other seat for this decision's search, made on the first walk
        self.trees = s.opponents == "trees"
        self._trees: dict[Seat, Node] | None = None
        self.iterations = 0
        self.elapsed = 0.0
        # belief=on: what this seat saw the others do, and the belief built from it for the last view
        self.trail = list(trail) if s.belief else []
        self._belief: Belief | None = None
        # the rule bot's choice without its reason, which nobody reads inside a search
        self.pick = getattr(game, "pick", None) or (lambda view, seat, legal, rnd: game.strategy(view, seat, legal, rnd)[0])
        # the game's ``play`` (``advance`` keeping no events) where it has one: only a walk that moves
        # the other seats' trees (opponents=trees) reads the events
        self.play = None if self.trees else getattr(game, "play", None)

    def run(self, root: Node, view: View, legal: list[Action], rnd: random.Random,
            iterations: int | None = None, seconds: float | None = None, settle: bool = False) -> Node:
        """Run iterations until the budget is spent (at least one); return the root. With ``settle``
        and an iteration budget, stop as soon as no other action can overtake the most visited one
        in the iterations left: the choice is made, and the rest of the budget would not change it."""
        if iterations is None and seconds is None:
            raise ValueError("a search needs a budget in iterations or seconds")
        sim = SimRng(rnd)
        root_rows = root.rows(legal)
        start = time.perf_counter()
        if self.trail and (self._belief is None or self._belief.view is not view):
            self._belief = Belief(self.game, self.seat, view, self.trail, rnd)
        deadline = None if seconds is None else start + seconds
        distinct = sorted(set(root_rows))  # an action listed twice is one rival, not two
        settle = settle and iterations is not None and len(distinct) > 1
        n = 0
        while True:
            self._iterate(root, view, legal, root_rows, rnd, sim)
            n += 1
            if iterations is not None and n >= iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if settle and n % 16 == 0:
                second, top = sorted(root.visits[r] for r in distinct)[-2:]
                if top - second > iterations - n:  # type: ignore[operator]  # settle: iterations is not None
                    break
        self.iterations += n
        self.elapsed += time.perf_counter() - start
        return root

    def run_everywhere(self, root: Node, view: View, legal: list[Action], rnd: random.Random,
                       settle: bool = False) -> Node:
        """``run`` within the spec's budget; one budgeted in seconds searches in every process this
        machine has room for at once, their root statistics added into ``root`` (see :mod:`.parallel`)."""
        s = self.spec
        if s.seconds is None or s.iterations is not None:
            return self.run(root, view, legal, rnd, s.iterations, s.seconds, settle)
        from .parallel import merge_parts, start_parts

        part = partial(search_part, trail=self.trail) if self.trail else search_part
        parts = start_parts(part, self.game, view, self.seat, legal, s, rnd, s.seconds)
        self.run(root, view, legal, rnd, None, s.seconds)
        self.iterations += merge_parts(root, legal, parts, s.seconds)
        return root

    def _iterate(self, root: Node, view: View, legal: list[Action], rows: list[int],
                 rnd: random.Random, sim: SimRng) -> None:
        game = self.game
        to_move, legal_actions, advance, play = game.to_move, game.legal_actions, game.advance, self.play
        belief = self._belief
        state = belief.deal(rnd) if belief is not None else game.determinize(view, self.seat, rnd)
        base = game.scores(state) if self.stop_on_score else None
        node, mover = root, self.seat
        path: list[tuple[Node, int]] = []
        # opponents=trees: where each other seat stands in its own tree, and the rows it chose there
        at = None
        if self.trees:
            if self._trees is None:
                self._trees = {o: Node() for o in range(len(game.scores(state))) if o != self.seat}
            at = dict(self._trees)
        chosen: list[tuple[Node, int]] = []
        modelled = self.model or self.trees  # other seats do not choose in this tree
        while True:
            if mover != self.seat and modelled:
                if at is None:  # the rule bot on the seat's own view
                    action = self.pick(game.observe(state, mover), mover, legal, rnd)
                else:
                    own = at[mover]
                    orow = self._select(own, own.rows(legal), legal, state, mover, rnd)
                    chosen.append((own, orow))
                    action = own.actions[orow]
                r = node.index.get(action)
                if r is None:
                    r = node._add(action)
                node.avail[r] += 1
            else:
                r = self._select(node, rows, legal, state, mover, rnd)  # type: ignore[arg-type]  # None only for a modelled seat
            path.append((node, r))
            action = node.actions[r]
            if play is not None:
                state = play(state, action, sim)
            else:
                state, events = advance(state, action, sim)
                if at is not None:
                    self._observe(at, mover, action, events)
            child = node.children[r]
            if child is None:
                node.children[r] = Node()
                break
            node = child
            mover = to_move(state)
            if mover is None:
                break
            legal = legal_actions(state)
            rows = None if mover != self.seat and modelled else node.rows(legal)
        value = [float(x) for x in self._playout(state, rnd, sim, base)]
        for node, r in path + chosen:
            node.visits[r] += 1
            vals = node.values
            if vals is None:
                vals = node.values = [[0.0] * node.size for _ in value]
            for row, x in zip(vals, value):
                row[r] += x

    def _select(self, node: Node, rows: list[int], legal: list[Action], state: State, mover: Seat,
                rnd: random.Random) -> int:
        """The row ``mover`` plays at ``node`` (``rows``: ``node.rows(legal)``): UCB1 with availability
        on its own value (with the rule bot's choice as prior or first, and progressive unpruning,
        when the spec asks)."""
        avail = node.avail
        if len(rows) == 1:
            avail[rows[0]] += 1
            return rows[0]
        for r in node._once:  # an action listed twice is available once
            avail[r] += 1
        visits = node.visits
        prior, widen = self.prior, self.widen
        hint = -1
        if prior or widen:
            # progressive unpruning: the rule bot's choice, then one more action per step
            k = 1 + int(widen * sqrt(sum(visits[r] for r in rows))) if widen else len(rows)
            if prior or k < len(rows) or not all(visits[r] for r in rows):
                game = self.game
                hint = node.index[self.pick(game.observe(state, mover), mover, legal, rnd)]
                if k < len(rows):
                    rows = [hint, *[r for r in rows if r != hint][:k - 1]]
        fresh = [r for r in rows if not visits[r]]
        if not fresh:
            c, mine = self.c, node.values[mover]  # type: ignore[index]  # every row was visited: values exist
            top, pick = None, rows[0]
            for r in rows:
                vis = visits[r]
                u = mine[r] / vis + c * sqrt(log(avail[r]) / vis)
                if prior and r == hint:
                    u += prior * sqrt(avail[r]) / (1 + vis)
                if top is None or u > top:
                    top, pick = u, r
            return pick
        if hint >= 0 and visits[hint] == 0:
            return hint  # the rule bot's choice is tried first
        return fresh[rnd.randrange(len(fresh))]

    def _observe(self, at: dict[Seat, Node], mover: Seat, action: Action, events: list) -> None:
        """Move every other seat's tree on by what that seat saw: its own action, or another seat's
        action unless the game hides the event that records it (a face-down pick), then only who moved."""
        redact = self.game.redact
        first = events[0] if events else None
        for seat, node in at.items():
            if seat == mover:
                key = action
            else:
                seen = redact(first, seat) if first is not None else None
                key = (mover, action) if seen is first or seen == first else (mover, seen)
            r = node.index.get(key)
            if r is None:
                r = node._add(key)
            child = node.children[r]
            if child is None:
                child = node.children[r] = Node()
            at[seat] = child

    def playout(self, state: State, rnd: random.Random, chance, start: State) -> list[float]:
        """The value vector of ``state`` by this search's playout policy and cut-off, chance drawn from
        ``chance`` (any Rng), a score change judged against ``start`` (what ``analyze`` samples)."""
        return self._playout(state, rnd, chance, self.game.scores(start) if self.stop_on_score else None)

    def _playout(self, state: State, rnd: random.Random, sim: SimRng, base: list[float] | None) -> list[float]:
        game = self.game
        to_move, legal_actions, advance, play = game.to_move, game.legal_actions, game.advance, self.play
        heuristic, cutoff, rules = game.heuristic, self.cutoff, self.rollout_rules
        scores = game.scores if base is not None else None
        if not rules and cutoff is None and scores is None:  # plain random playout to the end
            rand = rnd.random
            while to_move(state) is not None:
                legal = legal_actions(state)
                action = legal[int(rand() * len(legal))]
                state = play(state, action, sim) if play else advance(state, action, sim)[0]
            return game.returns(state)
        randrange = rnd.randrange
        n = 0
        while True:
            mover = to_move(state)
            if mover is None:
                return game.returns(state)
            if (cutoff is not None and n >= cutoff) or (scores and scores(state) != base):
                h = heuristic(state)
                if h is not None:
                    return h
            legal = legal_actions(state)
            if rules:
                action = self.pick(game.observe(state, mover), mover, legal, rnd)
            else:
                action = legal[randrange(len(legal))]
            state = play(state, action, sim) if play else advance(state, action, sim)[0]
            n += 1


def search_part(game: Game, view: View, seat: Seat, legal: list[Action], spec: BotSpec, seed: int,
                deadline: float, trail: Sequence[Seen] = ()) -> tuple[int, list[int], list[list[float]] | None]:
    """Another process's part of a search in seconds (see :mod:`.parallel`), until ``deadline`` (wall
    clock): its iterations, and per legal action (once each, in legal order) its root visits and,
    per seat, its value sums (``trail``: what the seat saw, for a belief)."""
    root = Node()
    search = Search(game, seat, spec, trail, view)
    search.run(root, view, legal, random.Random(seed), None, max(deadline - time.time(), 1e-3))
    rows = list(dict.fromkeys(root.rows(legal)))  # an action listed twice counts once
    values = None if root.values is None else [[row[r] for r in rows] for row in root.values]
    return search.iterations, [root.visits[r] for r in rows], values


class RootStat(NamedTuple):
    """One root action's statistics: visits, share of the root's visits, mean value for the seat."""

    action: Action
    visits: int
    visits_share: float
    value: float


def search_root(game: Game, view: View, seat: Seat, legal: list[Action], rnd: random.Random,
                spec: str | BotSpec = "mcts:hard", trail: Sequence[Seen] = ()) -> list[RootStat]:
    """Search afresh from ``view`` and return the statistics of every legal action, best first (``trail``:
    what the seat saw, for a spec with belief=on)."""
    root = Node()
    search = Search(game, seat, spec, trail, view)
    search.run_everywhere(root, view, legal, rnd)
    rows = root.rows(legal)
    total = float(sum(root.visits[r] for r in rows)) or 1.0
    stats = [RootStat(a, int(root.visits[r]), float(root.visits[r]) / total, root.mean(int(r), seat))
             for a, r in zip(legal, rows)]
    stats.sort(key=lambda st: (-st.visits, -st.value))
    return stats


class MctsBot:
    """The ISMCTS bot of a spec (``mcts:medium``, ``mcts:iterations=500,rollout=rules``...)."""

    def __init__(self, spec: str | BotSpec = "mcts:medium"):
        self.spec = parse_spec(spec) if isinstance(spec, str) else spec
        if self.spec.kind != "mcts":
            raise ValueError(f"not an mcts spec: {self.spec.name}")
        self.name = self.spec.name
        self.last: Search | None = None  # the last search (iterations, elapsed) for figures
        self.reused = False  # whether the last search started from the kept subtree
        self._kept: tuple | None = None
        self.watches = self.spec.belief  # whether the game's runner should tell it what the others do
        self.trail: list[Seen] = []
        self._game: Game | None = None

    def inform(self, game: Game, entry: Seen) -> None:
        """Note a decision as this bot's seat saw it (see :func:`~.belief.seen`). A new game starts a new trail."""
        if game is not self._game:
            self._game, self.trail = game, []
        self.trail.append(entry)

    def recall(self, game: Game, trail: list[Seen]) -> None:
        """Take the whole trail at once (a bot made for one move, its trail rebuilt from the log)."""
        self._game, self.trail = game, list(trail)

    def __repr__(self) -> str:
        return f"MctsBot({self.name!r})"

    def choose(self, game: Game, view: View, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        """Search from ``view`` within the budget (stopping once no rival can overtake the leader)
        and play the most visited legal action."""
        if len(legal) == 1:
            self._kept, self.reused = None, False
            return legal[0]
        kept = self._reusable(game, view, seat)
        self.reused = kept is not None
        root = kept or Node()
        search = Search(game, seat, self.spec, self.trail if game is self._game else (), view)
        s = search.spec
        search.run_everywhere(root, view, legal, rng, settle=True)
        self.last = search
        action = root.best(legal, seat)
        if s.reuse:
            self._kept = (game, seat, view, action, root.children[root.index[action]])
        return action

    def _reusable(self, game: Game, view: View, seat: Seat) -> Node | None:
        """The kept subtree if ``view`` is exactly the information set it was searched for."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        kgame, kseat, kview, action, child = kept
        if kgame is not game or kseat != seat or child is None:
            return None
        rnd = random.Random(0)  # a private generator: the check must not shift the bot's draws
        try:
            after, _ = step(game, game.determinize(kview, seat, rnd), action, SimRng(rnd))
            if game.to_move(after) != seat or not _same(game.observe(after, seat), view):
                return None
        except Exception:  # a view from another game or position: start afresh
            return None
        return child


def _same(a: View, b: View) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False

