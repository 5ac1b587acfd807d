"""#43 root parallelism: a search budgeted in seconds searches in every process the machine has
room for, and their root statistics are added before the bot chooses; never in a pool's worker,
never for an iteration budget."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

from dinocli import games
from dinocli.ai import parallel
from dinocli.ai.mcts import MctsBot, Node, Search, search_part, search_root
from dinocli.bench.search import positions


def _position(game_id="dingo"):
    game = games.get(game_id)
    state = positions(game)[1]
    seat = game.to_move(state)
    return game, game.observe(state, seat), seat, game.legal_actions(state)


def test_a_search_in_seconds_adds_the_other_processes_root_statistics(monkeypatch):
    monkeypatch.setenv(parallel.ENV, "2")
    game, view, seat, legal = _position()
    Search(game, seat, "mcts:seconds=0.2").run_everywhere(Node(), view, legal, random.Random(0))  # starts the worker
    search = Search(game, seat, "mcts:seconds=0.4")
    alone = Search(game, seat, "mcts:seconds=0.4")
    root = search.run_everywhere(Node(), view, legal, random.Random(1))
    alone.run(Node(), view, legal, random.Random(1), None, 0.01)
    visits = sum(root.visits[r] for r in set(root.rows(legal)))
    assert visits == search.iterations  # every iteration of both processes is in the root's visits
    assert search.elapsed < 0.4 + 0.5  # the other process searched beside this one, not after it
    stats = search_root(game, view, seat, legal, random.Random(2), "mcts:seconds=0.3")
    assert {st.action for st in stats} == set(legal) and abs(sum(st.visits_share for st in stats) - 1) < 1e-9


def test_the_parts_root_statistics_are_added_action_by_action(monkeypatch):
    monkeypatch.setenv(parallel.ENV, "2")
    game, view, seat, legal = _position("sos")
    search = Search(game, seat, "mcts:seconds=0.2")
    parts = parallel.start_parts(search_part, game, view, seat, legal + legal[:1], search.spec, random.Random(3), 0.2)
    assert len(parts) == 1
    root = search.run(Node(), view, legal, random.Random(3), None, 0.2)
    before = {a: (root.visits[root.index[a]], root.values[0][root.index[a]]) for a in legal}
    iterations, visits, values = parts[0].result(timeout=30)  # wait for it, however busy the machine
    assert parallel.merge_parts(root, legal + legal[:1], parts, 0.2) == iterations > 0
    assert sum(root.visits) == search.iterations + iterations
    for a, v, x in zip(legal, visits, values[0]):  # an action listed twice is added once
        assert root.visits[root.index[a]] == before[a][0] + v and root.values[0][root.index[a]] == before[a][1] + x


def test_an_iteration_budget_and_one_process_search_alone(monkeypatch):
    """The same choice for a seed and a budget, whatever the machine (tournaments pin it)."""
    def refuse(*args, **kwargs):
        raise AssertionError("no other process may search")

    monkeypatch.setattr(parallel, "start_parts", refuse)
    game, view, seat, legal = _position()
    assert MctsBot("mcts:iterations=30").choose(game, view, seat, legal, random.Random(0)) in legal
    monkeypatch.undo()
    monkeypatch.setenv(parallel.ENV, "1")
    assert parallel.processes() == 1 and parallel.start_parts(search_part, game, view, seat, legal, None, random.Random(0), 1) == []


def test_a_pool_worker_searches_alone(monkeypatch):
    """A tournament's worker processes already use the cores."""
    monkeypatch.setenv(parallel.ENV, "4")
    assert parallel.processes() == 4
    with ProcessPoolExecutor(1) as pool:
        assert pool.submit(parallel.processes).result() == 1
