"""The rule-based bot: it takes a win, hunts the leader, and pushes losers onto the Hunter."""

from __future__ import annotations

import random

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dillos import GAME
from dinocli.games.dillos.board import geometry
from dinocli.games.dillos.progress import goal_square
from dinocli.games.dillos.strategy import _Ctx, _harm, _landing_of, _leader, _spread, acted, plans
from dinocli.games.runner import start, step

from .city import CROSS, NAMES, OPEN5, Dice, city, moving, sq

def _bot_turn(s, seat, rng):
    """Let the bot play while it is its decision; return the state and the reasons."""
    reasons = []
    while GAME.to_move(s) == seat:
        legal = GAME.legal_actions(s)
        action, why = GAME.strategy(GAME.observe(s, seat), seat, legal, random.Random(0))
        assert action in legal and why.strip()
        reasons.append(why)
        s, _ = step(GAME, s, action, rng)
    return s, reasons


def test_the_bot_takes_a_win_in_reach():
    """ann on a3 rolls 1 and 3: whatever the action, two steps east reach the capitol (DILLO-26)."""
    s = city(CROSS, variants=("small",), pawns={"ann": "a3"}, hunter="e2", phase="die", dice=(1, 3), turn=1)
    s, reasons = _bot_turn(s, 0, Dice())
    assert s.winner == 0
    assert "win" in reasons[0]


def test_the_bot_steers_the_hunter_onto_a_rival():
    """Steering after doubles, bob (seat 1) sends the Hunter onto ann's dillo, not elsewhere."""
    s = city(OPEN5, variants=("small",), pawns={"ann": "b3"}, phase="hunter", controller=1, steps=1,
             visited=1 << 12, then="act", turn=1, dice=(1, 1), active=0)
    legal = GAME.legal_actions(s)
    action, why = GAME.strategy(GAME.observe(s, 1), 1, legal, random.Random(0))
    assert GAME.format_action(s, action) == "step w" and "ann" in why


def test_the_bot_never_steers_the_hunter_onto_itself_when_it_can_help_it():
    s = city(OPEN5, variants=("small",), pawns={"bob": "b3"}, phase="hunter", controller=1, steps=1,
             visited=1 << 12, then="act", turn=1, dice=(1, 1), active=0)
    action, _ = GAME.strategy(GAME.observe(s, 1), 1, GAME.legal_actions(s), random.Random(0))
    assert GAME.format_action(s, action) != "step w"


def test_the_bot_pushes_a_battle_loser_onto_the_hunter():
    """G07, DILLO-24: bob is moved 1 step; east of c2 stands the Hunter."""
    s = city(OPEN5, variants=("small",), pawns={"ann": "c2", "bob": "c2"}, hunter="d2", phase="push",
             controller=0, pushed=1, steps=1, active=0, turn=1)
    s = replace(s, visited=1 << sq(s, "c2"))
    action, why = GAME.strategy(GAME.observe(s, 0), 0, GAME.legal_actions(s), random.Random(0))
    assert GAME.format_action(s, action) == "step e" and "Hunter" in why


def test_the_bot_will_not_stop_where_its_unused_steps_bring_the_hunter():
    """DILLO-15, DILLO-18: b1's stop sign would end ann's move with 2 steps unused. With the
    Hunter far away she takes the step; with the Hunter 2 steps from b1 she stays home."""
    rows = ["H ew* nesw ew ew ew H", "ew ns nesw ns ns ns ns", "ns " * 7, "ew ew ew H ew ew ew"] + ["ns " * 7] * 2 + \
           ["H ns ns ns ns ns H"]
    far = moving(city(rows, hunter="f6"), steps=3)
    near = moving(city(rows, hunter="c2"), steps=3)
    pick = {}
    for name, s in (("far", far), ("near", near)):
        action, why = GAME.strategy(GAME.observe(s, 0), 0, GAME.legal_actions(s), random.Random(0))
        pick[name] = GAME.format_action(s, action)
    assert pick == {"far": "step e", "near": "stop"}


def test_the_bot_plans_city_planning_placements():
    config = GAME.configure(NAMES[:2], ("city-planning", "small"), {})
    rng = SeededRng("plan")
    s, _ = start(GAME, config, rng)
    for _ in range(6):
        seat = GAME.to_move(s)
        legal = GAME.legal_actions(s)
        action, why = GAME.strategy(GAME.observe(s, seat), seat, legal, random.Random(0))
        assert action in legal and ("place" in why or "turn it" in why or (why == "" and len(legal) == 1))
        s, _ = step(GAME, s, action, rng)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), small=st.booleans(), small_world=st.booleans(), steps=st.integers(1, 6),
       changes=st.integers(1, 3))
def test_a_change_where_a_road_search_never_looked_cannot_change_its_result(seed, small, small_world, steps, changes):
    """The bot's planner skips re-searching a candidate board whose changed squares the search
    on today's board never read: that must be exact (same squares, same distances, same order)."""
    variants = (("small",) if small else ()) + (("small-world",) if small_world else ())
    s, _ = start(GAME, GAME.configure(NAMES[:2], variants, {}), SeededRng(f"spread{seed}"))
    g = geometry(s.table.size, s.table.small_world)
    rnd = random.Random(seed)
    begin = rnd.choice(g.roads)
    terminal = 1 << s.hunter
    order, levels, entered, reads = _spread(s.board, g, begin, steps, terminal)
    unread = [sq for sq in g.roads if not reads >> sq & 1]
    board = list(s.board)
    for square in rnd.sample(unread, min(changes, len(unread))):
        board[square] = rnd.randrange(32)
    again = _spread(tuple(board), g, begin, steps, terminal)
    assert again[:3] == (order, levels, entered)
    assert entered == sum(1 << sq for sq in order) and len(set(order)) == len(order) and levels == sorted(levels)


def test_the_planner_scores_every_candidate_as_a_full_search_would():
    """Each plan's score is what searching its board afresh gives (the skip above changes nothing)."""
    for seed in range(6):
        rng = SeededRng(f"plan{seed}")
        s, _ = start(GAME, GAME.configure(NAMES[:2], ("small",) if seed % 2 else (), {}), rng)
        rnd = random.Random(seed)
        for _ in range(12):  # somewhere into the game
            if GAME.to_move(s) is not None:
                s, _ = step(GAME, s, rnd.choice(GAME.legal_actions(s)), rng)
        s = replace(s, phase="die", dice=(seed % 6 + 1, 4), turn=max(s.turn, 1))
        seat = s.active
        ctx = _Ctx(s, seat)
        me = s.pawns[seat]
        leader = _leader(s, seat)
        lstart, lgoal = s.pawns[leader], goal_square(s, leader)
        terminal = ctx.blocked | (1 << ctx.win_sq if ctx.win_sq >= 0 else 0)
        base_harm = _harm(s.board, ctx.g, lstart, lgoal)[0]
        for score, die, kind, first, second, land in plans(s, seat):
            if first is None:
                continue
            steps = s.dice[0] + s.dice[1] - die
            board = acted(s.board, ctx.g, first, second)
            fresh, fresh_land, _ = _landing_of(ctx, board, me, steps, terminal)
            harm = _harm(board, ctx.g, lstart, lgoal)[0]
            base, base_land, _ = _landing_of(ctx, s.board, me, steps, terminal)
            assert (score, land) in ((fresh + 0.05 * (harm - base_harm), fresh_land), (base, base_land))
        # the search's leaf estimate asks for the plans without the leader-hindering tie-break:
        # the same candidates and landings, each scored by its landing alone
        full, plain = plans(s, seat), plans(s, seat, hinder=False)
        assert [p[1:] for p in plain] == [p[1:] for p in full]
        for (score, die, _, first, second, _), (hindered, *_) in zip(plain, full):
            steps = s.dice[0] + s.dice[1] - die
            board = acted(s.board, ctx.g, first, second)
            harm = _harm(board, ctx.g, lstart, lgoal)[0]
            assert score in (_landing_of(ctx, board, me, steps, terminal)[0], _landing_of(ctx, s.board, me, steps, terminal)[0])
            assert score in (hindered, pytest.approx(hindered - 0.05 * (harm - base_harm)))

