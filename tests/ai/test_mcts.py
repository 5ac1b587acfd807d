"""ISMCTS on the toy games: forced wins, strength against random, determinism, tree reuse."""

from __future__ import annotations

import hashlib
import random

import pytest

from dinocli.ai import make_bot
from dinocli.ai.arena import by_bots, steps
from dinocli.ai.mcts import MctsBot, Node, Search, search_root
from dinocli.events import SeededRng
from dinocli.games.runner import start, step

from .play import match, play
from .toygame import HIGHCARD, NIM, HCState


def nim_position(heaps, moves=1):
    config = NIM.configure(("a", "b"), (), {"heaps": heaps, "moves": moves})
    return config, start(NIM, config, SeededRng("nim"))[0]


@pytest.mark.parametrize("heaps, winning, budget", [
    ((1, 2, 4), (2, 1), 1500),     # nim-sum 7: only 4 -> 3 leaves 0
    ((1, 3, 5), (2, 3), 5000),     # nim-sum 7: only 5 -> 2
    ((2, 3), (1, 1), 1000),        # nim-sum 1: only 3 -> 2
    ((0, 4, 1, 1), (1, 4), 1000),  # take the whole heap
])
@pytest.mark.parametrize("seed", [1, 2])
def test_mcts_finds_the_forced_win_in_nim(heaps, winning, budget, seed):
    _, state = nim_position(heaps)
    bot = make_bot(f"mcts:iterations={budget}")
    action = bot.choose(NIM, NIM.observe(state, 0), 0, NIM.legal_actions(state), random.Random(seed))
    assert (action.heap, action.stones) == winning


def test_mcts_keeps_the_top_card_on_the_last_turn():
    """Hidden information: holding a 9 on the last decision, keeping wins whatever the other card."""
    state = HCState(hands=(4, 9), discards=(2,), turn=3)
    view = HIGHCARD.observe(state, 1)
    stats = search_root(HIGHCARD, view, 1, HIGHCARD.legal_actions(state), random.Random(0), "mcts:iterations=300")
    assert stats[0].action.kind == "keep" and stats[0].value == 1.0
    assert {s.action.kind: s.value for s in stats}["fold"] == 0.0


def test_mcts_beats_random_at_nim():
    config, _ = nim_position((3, 4, 5))
    rate = match(NIM, config, lambda: make_bot("mcts:iterations=300"), lambda: make_bot("random"), 10, "nim")
    assert rate >= 0.9


def test_mcts_beats_random_at_high_card():
    config = HIGHCARD.configure(("a", "b"), (), {})
    rate = match(HIGHCARD, config, lambda: make_bot("mcts:iterations=100"), lambda: make_bot("random"), 80, "hc")
    assert rate >= 0.7


def test_same_seed_and_budget_give_the_same_action():
    config = HIGHCARD.configure(("a", "b"), (), {})
    for seed in range(5):
        state, _ = start(HIGHCARD, config, SeededRng(f"det{seed}"))
        seat = HIGHCARD.to_move(state)
        view, legal = HIGHCARD.observe(state, seat), HIGHCARD.legal_actions(state)
        picks = {make_bot("mcts:iterations=40").choose(HIGHCARD, view, seat, legal, random.Random(seed)) for _ in range(3)}
        assert len(picks) == 1
    a = play(HIGHCARD, config, [make_bot("mcts:easy"), make_bot("mcts:iterations=50")], "same")
    b = play(HIGHCARD, config, [make_bot("mcts:easy"), make_bot("mcts:iterations=50")], "same")
    assert a == b


def test_statistics_count_availability_and_values_per_seat():
    config = HIGHCARD.configure(("a", "b"), (), {})
    state, _ = start(HIGHCARD, config, SeededRng("stats"))
    root = Node()
    search = Search(HIGHCARD, 0)
    search.run(root, HIGHCARD.observe(state, 0), HIGHCARD.legal_actions(state), random.Random(0), iterations=200)
    assert search.iterations == 200 and sum(root.visits) == 200 and root.size == 3
    assert root.avail == [200, 200, 200]  # all three actions are always legal at the root
    assert len(root.values) == 2
    # zero-sum toy: the two seats' value sums add up to the visits
    assert sum(map(sum, root.values)) == pytest.approx(200)


def test_seconds_budget_stops_in_time():
    config = HIGHCARD.configure(("a", "b"), (), {})
    state, _ = start(HIGHCARD, config, SeededRng("time"))
    bot = MctsBot("mcts:seconds=0.05")
    bot.choose(HIGHCARD, HIGHCARD.observe(state, 0), 0, HIGHCARD.legal_actions(state), random.Random(0))
    assert 0.04 <= bot.last.elapsed < 0.5 and bot.last.iterations > 1


def test_tree_is_reused_for_consecutive_decisions_of_one_seat():
    config, state = nim_position((3, 4, 5), moves=2)
    bot = MctsBot("mcts:iterations=200,reuse=yes")
    rnd = random.Random(0)
    first = bot.choose(NIM, NIM.observe(state, 0), 0, NIM.legal_actions(state), rnd)
    assert not bot.reused
    state, _ = step(NIM, state, first, SeededRng("x"))
    assert NIM.to_move(state) == 0
    bot.choose(NIM, NIM.observe(state, 0), 0, NIM.legal_actions(state), rnd)
    assert bot.reused
    # seat 1 moves next: a new information set for seat 0 afterwards, so no reuse across it
    off = MctsBot("mcts:iterations=200")  # the default (#23: one bot everywhere, no tree kept)
    off.choose(NIM, NIM.observe(state, 0), 0, NIM.legal_actions(state), rnd)
    assert not off.reused


def test_tree_is_not_reused_after_another_seat_moved():
    config = HIGHCARD.configure(("a", "b"), (), {})
    bots = [MctsBot("mcts:iterations=30,reuse=yes"), MctsBot("mcts:iterations=30,reuse=yes")]
    rng = SeededRng("noreuse")
    state, _ = start(HIGHCARD, config, rng)
    for st in steps(HIGHCARD, state, by_bots(HIGHCARD, bots, lambda n: random.Random(1)), rng):
        assert not bots[st.seat].reused


def test_rules_rollouts_and_cutoff_play_legal_moves():
    config = HIGHCARD.configure(("a", "b"), (), {})
    for spec in ("mcts:iterations=30,rollout=rules", "mcts:iterations=30,cutoff=0", "mcts:iterations=30,cutoff=none",
                 "mcts:iterations=30,stop=score,cutoff=none", "mcts:iterations=30,stop=never,rollout=random"):
        returns, actions = play(HIGHCARD, config, [make_bot(spec), make_bot("rules")], spec)
        assert sum(returns) == pytest.approx(1.0) and actions


def _digest(root: Node) -> str:
    """Every node's actions, visits, availability and value sums (exact floats), as a short hash."""
    h = hashlib.sha256()
    stack = [root]
    while stack:
        node = stack.pop()
        n = node.size
        vals = [] if node.values is None else [[float(x) for x in row[:n]] for row in node.values]
        h.update(repr((node.actions[:n], [float(x) for x in node.visits[:n]], [float(x) for x in node.avail[:n]], vals)).encode())
        stack.extend(ch for ch in node.children[:n] if ch is not None)
    return h.hexdigest()[:16]


HC_SPECS = ("mcts:iterations=300,c=0.3,rollout=random,cutoff=1,stop=never",
            "mcts:iterations=300,c=0.7,rollout=rules,cutoff=none,stop=score")


@pytest.mark.parametrize("seed, spec, expected", [
    (0, HC_SPECS[0], "75605bcdba86f34f"), (0, HC_SPECS[1], "62f9e4153fc4e2c5"),
    (1, HC_SPECS[0], "5ca5e9eec6a93dd7"), (1, HC_SPECS[1], "12f7daed37794746"),
    (2, HC_SPECS[0], "154c321fd4bb22b9"), (2, HC_SPECS[1], "03027c561f8629b6"),
])
def test_tree_statistics_are_those_of_the_numpy_version_high_card(seed, spec, expected):
    """Bit for bit the trees of the numpy implementation (hashes recorded with it): strength runs
    resume across versions, so a seed and a budget must keep giving the same search."""
    config = HIGHCARD.configure(("a", "b"), (), {})
    state, _ = start(HIGHCARD, config, SeededRng(f"golden{seed}"))
    seat = HIGHCARD.to_move(state)
    root = Node()
    Search(HIGHCARD, seat, spec).run(root, HIGHCARD.observe(state, seat), HIGHCARD.legal_actions(state),
                                     random.Random(seed), iterations=300)
    assert _digest(root) == expected


@pytest.mark.parametrize("seed, expected", [(0, "76002d97c28a57ae"), (1, "f9aa2cb0ee58e2c1")])
def test_tree_statistics_are_those_of_the_numpy_version_nim(seed, expected):
    """A deep tree with many rows per node, against hashes recorded with the numpy implementation."""
    _, state = nim_position((3, 4, 5))
    root = Node()
    Search(NIM, 0, "mcts:iterations=2000,c=0.3,rollout=random,cutoff=none,stop=never").run(
        root, NIM.observe(state, 0), NIM.legal_actions(state), random.Random(seed), iterations=2000)
    assert _digest(root) == expected


@pytest.mark.parametrize("game_id, spec", [("dillos", "mcts:iterations=120"), ("dodos", "mcts:iterations=200"),
                                           ("dingo", "mcts:iterations=150"), ("sos", "mcts:iterations=120")])
def test_a_settled_search_stops_early_with_the_choice_of_the_whole_budget(game_id, spec):
    """The bot stops once no other action can overtake the most visited one in the iterations left:
    the search with the whole budget goes on from the same draws and chooses the same action."""
    from dinocli import games
    from dinocli.bench.strength import positions

    game, budget = games.get(game_id), int(spec.split("=")[1])
    used = []
    for k, state in enumerate(positions(game_id, 6)):
        seat, legal = game.to_move(state), game.legal_actions(state)
        view = game.observe(state, seat)
        bot = MctsBot(spec)
        chosen = bot.choose(game, view, seat, legal, random.Random(k))
        whole = Search(game, seat, spec).run(Node(), view, legal, random.Random(k), iterations=budget)
        assert chosen == whole.best(legal, seat)
        used.append(bot.last.iterations)
        if bot.last.iterations < budget:  # stopped: the leader was out of reach
            settled = Search(game, seat, spec).run(Node(), view, legal, random.Random(k), iterations=budget, settle=True)
            vis = sorted(settled.visits[r] for r in set(settled.rows(legal)))
            assert vis[-1] - vis[-2] > budget - bot.last.iterations
    assert min(used) < budget  # some decisions are settled before the budget is spent


def test_a_time_budget_and_a_lone_action_are_not_settled_early():
    config = HIGHCARD.configure(("a", "b"), (), {})
    state, _ = start(HIGHCARD, config, SeededRng("settle"))
    view, legal = HIGHCARD.observe(state, 0), HIGHCARD.legal_actions(state)
    search = Search(HIGHCARD, 0, "mcts:iterations=50")
    search.run(Node(), view, legal[:1] * 3, random.Random(0), iterations=50, settle=True)
    assert search.iterations == 50  # one action listed three times: nothing to settle
    bot = MctsBot("mcts:seconds=0.05")
    bot.choose(HIGHCARD, view, 0, legal, random.Random(0))
    assert bot.last.elapsed >= 0.04


def test_repeated_legal_actions_count_availability_once():
    """An action listed twice in one legal list is available once per iteration (counted once per row)."""
    node = Node()
    assert node.rows(["x", "y", "x"]) == [0, 1, 0]
    search = Search(HIGHCARD, 0, "mcts:iterations=1")
    config = HIGHCARD.configure(("a", "b"), (), {})
    state, _ = start(HIGHCARD, config, SeededRng("dup"))
    legal = HIGHCARD.legal_actions(state)
    root = Node()
    search.run(root, HIGHCARD.observe(state, 0), legal + legal[:1], random.Random(0), iterations=5)
    assert root.avail == [5, 5, 5]


def test_other_seats_modelled_by_the_rules_get_no_choice_in_the_tree():
    """#23 (opponents=rules): the other seat's move in the tree is the rule strategy's choice on
    its own view, so its nodes hold that one action; searched opponents try every move."""
    _, state = nim_position((2, 3, 4))
    legal = NIM.legal_actions(state)

    def opponent_rows(spec):
        root = Node()
        search = Search(NIM, 0, spec)
        search.run(root, NIM.observe(state, 0), legal, random.Random(3), iterations=400)
        return [ch.size for ch in root.children if ch is not None and ch.size]

    modelled, searched = opponent_rows("mcts:opponents=rules"), opponent_rows("mcts:opponents=search")
    assert modelled and all(n == 1 for n in modelled)
    assert max(searched) > 1


def test_other_seats_with_trees_of_their_own_search_there():
    """#23 (opponents=trees, multiple-observer ISMCTS): the other seat chooses by UCB in its own
    tree, which sees the searcher's public moves (one edge each) and grows with the budget, while
    the searcher's tree records only what that seat chose."""
    _, state = nim_position((1, 2, 3))  # nim-sum 0: every move loses, so the search keeps trying them
    legal = NIM.legal_actions(state)
    root = Node()
    search = Search(NIM, 0, "mcts:opponents=trees")
    search.run(root, NIM.observe(state, 0), legal, random.Random(3), iterations=400)
    other = search._trees[1]
    seen = [key for _, key in other.actions]  # what it saw seat 0 play, one edge each
    assert len(seen) == len(set(seen)) > 1 and set(seen) <= set(legal)
    replies = [ch.size for ch in other.children if ch is not None and ch.size]
    assert max(replies) > 1  # it tries more than the one move a rule model would
    assert sum(root.visits) == 400 and sum(other.visits) == 0


def test_a_rules_prior_tries_the_rule_move_first_and_keeps_it_ahead():
    """#23 (prior=W): the rule bot's choice is the first action tried at a node, and with a
    bonus for it the search spends more of a small budget on it than without."""
    _, state = nim_position((1, 3, 5))  # nim-sum 7: the rule move is 5 -> 2
    legal, view = NIM.legal_actions(state), NIM.observe(state, 0)
    rule = NIM.strategy(view, 0, legal, random.Random(0))[0]
    for seed in range(5):
        assert make_bot("mcts:iterations=1,prior=0.5").choose(NIM, view, 0, legal, random.Random(seed)) == rule

    def share(spec):
        root = Node()
        Search(NIM, 0, spec).run(root, view, legal, random.Random(1), iterations=60)
        return root.visits[root.index[rule]] / 60

    assert share("mcts:prior=1,rollout=random,cutoff=none,stop=never") > share(
        "mcts:rollout=random,cutoff=none,stop=never") + 0.1


def test_progressive_unpruning_widens_from_the_rule_move_as_visits_grow():
    """#23 (widen=W): at a node visited n times only the rule bot's choice and the first
    int(W * sqrt(n)) other actions compete, so a small budget stays on the rule move and a large
    one reaches every action; without widening every action is tried at once."""
    _, state = nim_position((1, 3, 5))  # 9 moves; nim-sum 7: the rule move is 5 -> 2
    legal, view = NIM.legal_actions(state), NIM.observe(state, 0)
    rule = NIM.strategy(view, 0, legal, random.Random(0))[0]

    def tried(spec, n):
        root = Node()
        Search(NIM, 0, spec).run(root, view, legal, random.Random(1), iterations=n)
        return root, sum(1 for r in root.rows(legal) if root.visits[r])

    plain = "rollout=random,cutoff=none,stop=never"
    root, k = tried(f"mcts:widen=0.3,{plain}", 10)
    assert k == 1 and root.visits[root.index[rule]] == 10  # 0.3 * sqrt(9) < 1: the rule move only
    assert tried(f"mcts:widen=0.3,{plain}", 50)[1] == 3    # 1 + int(0.3 * sqrt(49))
    assert tried(f"mcts:widen=0.3,{plain}", 1000)[1] == 9
    assert tried(f"mcts:{plain}", 10)[1] == 9


def test_the_uct_peer_finds_the_forced_win_in_nim():
    """#23: the mcts package on one determinization (perfect information here) finds 4 -> 3 in
    (1, 2, 4) whatever the seed."""
    _, state = nim_position((1, 2, 4))
    legal, view = NIM.legal_actions(state), NIM.observe(state, 0)
    picks = [make_bot("uct:iterations=1500").choose(NIM, view, 0, legal, random.Random(s)) for s in (1, 1, 2)]
    assert all((a.heap, a.stones) == (2, 1) for a in picks)
