"""The search on Dodos Riding Dinos at more than two seats (#23): what a playout values and how
other seats are modelled. Strength figures are measured by ``dinocli bench dodos --strength
--seats N`` (dinocli/bench/strength.py), not here."""

from __future__ import annotations

import random

from dinocli.ai import make_bot
from dinocli.ai.arena import by_bots, steps
from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.dodos.state import OVER, PICK
from dinocli.games.runner import start, step

DODOS = get("dodos")


def _states(seats: int, seed: str):
    config = DODOS.configure(tuple(f"p{i}" for i in range(seats)), (), {})
    rng = SeededRng(seed)
    state, _ = start(DODOS, config, rng)
    for st in steps(DODOS, state, by_bots(DODOS, [make_bot("rules")] * seats, lambda n: random.Random(0)), rng):
        yield st.state
        state = st.after
    yield state


def test_the_heuristic_values_a_position_only_between_rounds():
    """#23 hypothesis 1: a value taken as soon as the first Dodino moves judges a seat's pick
    before its card resolves (three times in four at four seats). The heuristic gives no value in
    the middle of a round, so a playout runs on to the next Phase 1."""
    seen = {PICK: 0, "mid": 0}
    for state in _states(4, "h"):
        h = DODOS.heuristic(state)
        if state.phase == OVER:
            assert h == DODOS.returns(state)
        elif state.phase == PICK:
            seen[PICK] += 1
            assert len(h) == 4 and abs(sum(h) - 1) < 1e-9 and min(h) > 0
        else:
            seen["mid"] += 1
            assert h is None
    assert seen[PICK] and seen["mid"]


def test_other_seats_modelled_by_the_rules_cannot_see_a_hidden_pick():
    """#23 hypothesis 2 (opponents=rules): another seat's Phase-1 pick inside the tree is the rule
    bot's choice on that seat's own view, the same whatever the searcher picked face down."""
    state = next(s for s in _states(4, "p") if s.phase == PICK and s.agenda[0].seat != s.agenda[1].seat)
    me = DODOS.to_move(state)
    picks = DODOS.legal_actions(state)
    assert len(picks) > 1
    after = [step(DODOS, state, p, SeededRng("x"))[0] for p in picks]
    nxt = DODOS.to_move(after[0])
    assert nxt != me
    views = {DODOS.observe(s, nxt) for s in after}
    assert len(views) == 1  # the searcher's pick is face down to the next seat
    bot = make_bot("mcts:iterations=60,opponents=rules")
    assert bot.spec.opponents == "rules"
    bot.choose(DODOS, DODOS.observe(state, me), me, picks, random.Random(1))
    assert bot.last.iterations == 60


def test_other_seats_with_trees_of_their_own_cannot_see_a_hidden_pick():
    """#23 (opponents=trees): the next seat's own tree moves on by the searcher's pick as that seat
    sees it (face down), so one node answers every pick the searcher might have made (DODO-10)."""
    state = next(s for s in _states(2, "p") if s.phase == PICK and s.agenda[0].seat != s.agenda[1].seat)
    me = DODOS.to_move(state)
    picks = DODOS.legal_actions(state)
    assert len(picks) > 1
    bot = make_bot("mcts:iterations=200,opponents=trees")
    bot.choose(DODOS, DODOS.observe(state, me), me, picks, random.Random(1))
    (other, tree), = bot.last._trees.items()
    assert other != me and tree.size == 1  # one edge: "seat me picked a card face down"
    assert tree.actions[0][0] == me and sum(tree.children[0].visits) > 0  # where it chose its own pick
