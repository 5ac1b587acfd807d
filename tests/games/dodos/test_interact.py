"""The REPL challenge hook of Dodos: a throw's skill comes from a timing challenge (DODO-G06)."""

from __future__ import annotations

import random

from dinocli.ai.arena import steps, uniform
from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.dodos import dexterity
from dinocli.games.dodos.actions import Throw
from dinocli.games.runner import start


class FakeUI:
    """Stops every challenge at a fixed level and remembers what it was asked."""

    def __init__(self, level: int):
        self.level = level
        self.asked: list[tuple[str, float, str]] = []

    def say(self, text: str) -> None:
        pass

    def timing(self, title: str, levels: int, *, speed: float = 1.0, marker: str = "#") -> int:
        self.asked.append((title, speed, marker))
        return self.level


def a_throw():
    """A position where the seat to move must throw, found by random play."""
    game = get("dodos")
    for seed in range(200):
        rng, rnd = SeededRng(f"throw/{seed}"), random.Random(seed)
        state, _ = start(game, game.configure(("ann", "bob", "cat"), (), {}), rng)
        for st in steps(game, state, uniform(rnd), rng):
            throws = [a for a in st.legal if isinstance(a, Throw)]
            if throws:
                return game, st.state, throws[0]
    raise AssertionError("no throw found")


def test_a_throw_asks_for_a_challenge_and_carries_its_skill():
    game, state, throw = a_throw()
    seat = game.to_move(state)
    ui = FakeUI(8)
    done = game.interact(game.observe(state, seat), seat, throw, ui)
    assert done == Throw(aim=throw.aim, skill=0.8)
    title, speed, marker = ui.asked[0]
    assert "Throw the" in title and (speed, marker) != (1.0, "#")
    text = game.format_action(state, done)
    assert text.endswith("skill 0.8") and game.parse_action(state, text) == done
    game.decide(state, done, SeededRng("x"))  # legal with its skill


def test_other_actions_and_bots_are_left_alone():
    game, state, throw = a_throw()
    seat = game.to_move(state)
    assert game.interact(game.observe(state, seat), seat, Throw(aim=throw.aim, skill=0.3), FakeUI(1)) is None


def test_each_projectile_has_its_own_challenge():
    looks = {dexterity.challenge(p) for p in ("egg", "banana", "meteorite", "star")}
    assert len(looks) == 4
