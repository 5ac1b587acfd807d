"""The rule-based bot: sensible single choices, view-only, and clearly better than random."""

from __future__ import annotations

import random

from dinocli.ai import RandomBot, RuleBot
from dinocli.ai.arena import by_bots, play
from dinocli.events import SeededRng
from dinocli.games.dingo import GAME
from dinocli.games.dingo.actions import DiscardCard, PlayCard, Target
from dinocli.games.runner import start

from .tables import act, table


def _choose(s):
    seat = GAME.to_move(s)
    return GAME.strategy(GAME.observe(s, seat), seat, GAME.legal_actions(s), random.Random(0))


def test_pushes_an_opponent_over_the_target():
    """DINGO-19, DINGO-34: a Horse into bob's ranch sends him over; the bot sees it."""
    s = table([["red-sheep", "red-sheep"], ["yellow-horse", "blue-cow", "blue-sheep"]], [["blue-horse", "green-baby"], ["purple-baby", "purple-sheep"]], target=15)
    action, reason = _choose(s)
    assert action == PlayCard(s.hands[0][1], 1) and "bob" in reason


def test_eats_the_baby_that_keeps_an_opponent_ahead():
    """DINGO-29: given the choice, remove the card that flips the day's result."""
    s = table([["red-horse", "red-cow"], ["blue-horse", "blue-cow", "blue-baby"]], [["blue-dingo", "green-sheep"], ["purple-baby", "purple-sheep"]], target=20)
    s, _ = act(s, "play blue-dingo bob")
    action, reason = _choose(s)
    assert isinstance(action, Target) and action.ranch == 1 and "remove" in reason


def test_ends_the_day_when_ahead():
    """DINGO-31: with one discard left and the lead, the bot discards to close the day."""
    s = table(
        [["red-horse", "green-horse"], ["blue-sheep"]], [["green-sheep", "green-baby"], ["purple-baby", "purple-sheep"]],
        discard=["yellow-baby", "yellow-baby", "yellow-sheep", "yellow-sheep", "purple-cow"], target=13,
    )
    action, reason = _choose(s)
    assert isinstance(action, DiscardCard) and "ends the day" in reason


def test_choice_depends_only_on_the_view():
    """Swapping hidden cards consistently with the view does not change the bot's choice."""
    config = GAME.configure(("ann", "bob", "cat"), (), {})
    s, _ = start(GAME, config, SeededRng("view-only"))
    seat = GAME.to_move(s)
    view = GAME.observe(s, seat)
    want = GAME.strategy(view, seat, GAME.legal_actions(s), random.Random(0))
    for i in range(5):
        d = GAME.determinize(view, seat, random.Random(i))
        assert GAME.strategy(GAME.observe(d, seat), seat, GAME.legal_actions(d), random.Random(0)) == want


def test_beats_random_in_two_player_games():
    """The rule-based bot wins most 2-player games against random play (seats rotated)."""
    wins = 0.0
    games = 16
    for i in range(games):
        bot = i % 2
        rng, rnd = SeededRng(f"vs-random-{i}"), random.Random(i)
        s, _ = start(GAME, GAME.configure(("ann", "bob"), (), {"goal": 7}), rng)
        bots = [RuleBot() if seat == bot else RandomBot() for seat in range(2)]
        s, _ = play(GAME, s, by_bots(GAME, bots, lambda n: rnd), rng)
        wins += GAME.returns(s)[bot]
    assert wins >= 0.8 * games
