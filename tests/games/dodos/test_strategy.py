"""The rule-based bot: sensible, explainable choices, and it beats random play."""

from __future__ import annotations

import random

from dinocli.ai import RandomBot, RuleBot
from dinocli.ai.arena import by_bots, play
from dinocli.events import SeededRng
from dinocli.games.dodos import GAME
from dinocli.games.dodos.actions import Play, Throw
from dinocli.games.dodos.data import KIND_BY_SLUG
from dinocli.games.dodos.state import Task
from dinocli.games.runner import start

from .helpers import NAMES, run, table, with_


def choice(s, seat=None):
    seat = GAME.to_move(s) if seat is None else seat
    return GAME.strategy(GAME.observe(s, seat), seat, GAME.legal_actions(s), random.Random(0))


def test_hits_a_leader_about_to_gain_a_lot():
    """DODO-49: the bot spends its Tail Whip on an opponent ahead whose effect is worth 2+ spaces."""
    s, _ = run(table(2, pos=(25, 20), hands={1: ["tail-whip", "dash"]}, picks={0: "dash"},
                     agenda=[Task("offer", 1, n=2, arg=0)]))
    action, reason = choice(s)
    assert action == Play(KIND_BY_SLUG["tail-whip"]) and "ann" in reason


def test_reasons_speak_to_you_in_the_second_person():
    """DODO-49: the hint for a Hit on "you" says "worth ... to you", not "to them"."""
    s, _ = run(table(2, pos=(25, 20), hands={1: ["tail-whip", "dash"]}, picks={0: "dash"},
                     agenda=[Task("offer", 1, n=2, arg=0)]))
    _, reason = choice(s)
    assert reason.startswith("hit ann: ") and reason.endswith(" to them)")
    _, reason = choice(with_(s, names=("you", "bob")))
    assert reason.startswith("hit you: ") and reason.endswith(" to you)")


def test_throws_where_most_dodinos_stand():
    """DODO-52, G06: the bot aims at the space with the most opponents."""
    s, _ = run(table(4, pos=(10, 20, 30, 30), picks={0: "banana-toss"}, agenda=[Task("effect", 0)]))
    action, reason = choice(s)
    assert action == Throw(30) and "cat" in reason and "dan" in reason


def test_rule_based_beats_random():
    """Over 30 seeded two-player games with seats rotated, the bot wins clearly more than half."""
    wins = 0.0
    for g in range(30):
        me = g % 2
        config = GAME.configure(NAMES[:2], (), {})
        rng, rnd = SeededRng(f"s{g // 2}"), random.Random(g)
        s, _ = start(GAME, config, rng)
        bots = [RuleBot() if seat == me else RandomBot() for seat in range(2)]
        s, _ = play(GAME, s, by_bots(GAME, bots, lambda n: rnd), rng)
        wins += GAME.returns(s)[me]
    assert wins >= 18
