"""The bots on The Dingo Ate The Baby (skipped until the game loads). Strength figures at full
length are measured by ``dinocli bench dingo --strength`` (dinocli/bench/strength.py), not here."""

from __future__ import annotations

import random

import pytest

from dinocli.ai import make_bot
from dinocli.ai.hint import hint
from dinocli.ai.mcts import MctsBot
from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.runner import start, step

from .play import match

try:
    DINGO = get("dingo")
except Exception as exc:  # pragma: no cover - while the game is being written
    pytest.skip(f"dingo does not load: {exc}", allow_module_level=True)

SHORT = {"goal": 1}  # the first to 2 points wins: a few days instead of ~30


def test_mcts_medium_beats_random_at_dingo():
    config = DINGO.configure(("a", "b"), (), SHORT)
    rate = match(DINGO, config, lambda: make_bot("mcts:medium,iterations=12"), lambda: make_bot("random"), 6, "dingo")
    assert rate >= 5 / 6


def test_tree_is_reused_within_a_dingo_turn():
    """Play, then the special rule or the effect: the same seat decides again with nothing drawn."""
    config = DINGO.configure(("a", "b"), (), {})
    rng = SeededRng("reuse")
    state, _ = start(DINGO, config, rng)
    bots = [MctsBot("mcts:iterations=10,reuse=yes"), MctsBot("mcts:iterations=10,reuse=yes")]
    reused, previous = 0, None
    for n in range(80):
        seat = DINGO.to_move(state)
        action = bots[seat].choose(DINGO, DINGO.observe(state, seat), seat, DINGO.legal_actions(state), random.Random(n))
        reused += bots[seat].reused
        if bots[seat].reused:
            assert previous == seat
        previous = seat
        state, _ = step(DINGO, state, action, rng)
    assert reused > 0


def test_hint_on_dingo_parses_back():
    config = DINGO.configure(("a", "b"), (), {})
    state, _ = start(DINGO, config, SeededRng("hint"))
    seat = DINGO.to_move(state)
    advice = hint(DINGO, DINGO.observe(state, seat), seat, DINGO.legal_actions(state), random.Random(0), spec="mcts:iterations=40")
    assert advice
    for a in advice:
        assert DINGO.parse_action(state, a.text) == a.action
