"""The Dingo Ate The Baby: a push-your-luck card game for 2 to 5 players (man dinocli-dingo)."""

from __future__ import annotations

import random
from typing import Any

from dinocli.events import Event, Rng

from ..protocol import Config, GameInfo, Seat
from . import data, notation, render, rules, strategy, view
from .actions import Action
from .fold import fold
from .state import State, initial
from .view import View

__all__ = ["GAME", "Dingo"]


class Dingo:
    """The Game protocol for Dingo, delegating to the modules of this folder."""

    info = GameInfo(
        id="dingo",
        name="The Dingo Ate The Baby",
        min_seats=2,
        max_seats=5,
        hidden_information=True,
        chance=True,
        variants=dict(rules.VARIANTS),
        default_variants=rules.DEFAULT_VARIANTS,
        rules_version="1",
        max_decisions=20_000,
    )

    def data_hash(self) -> str:
        """sha256 of cards.json."""
        return data.data_hash()

    def configure(self, names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
        """Validate seats, variants and the goal option."""
        return rules.configure(names, variants, options)

    def initial(self, config: Config) -> State:
        """The table before setup."""
        return initial(config)

    def setup(self, config: Config, rng: Rng) -> list[Event]:
        """Starting Cards, first starter, day 1."""
        return rules.setup(config, rng)

    def fold(self, state: State, event: Event) -> State:
        """Apply one event."""
        return fold(state, event)

    def to_move(self, state: State) -> Seat | None:
        """The seat to decide."""
        return rules.to_move(state)

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal decision now."""
        return rules.legal_actions(state)

    def decide(self, state: State, action: Action, rng: Rng) -> list[Event]:
        """Resolve an action until the next decision."""
        return rules.decide(state, action, rng)

    def observe(self, state: State, seat: Seat | None) -> View:
        """What a seat may know."""
        return view.observe(state, seat)

    def determinize(self, v: View, seat: Seat, rnd: random.Random) -> State:
        """A state consistent with a view."""
        return view.determinize(v, seat, rnd)

    def returns(self, state: State) -> list[float]:
        """Shared win per seat."""
        return rules.returns(state)

    def scores(self, state: State) -> list[float]:
        """Points per seat."""
        return rules.scores(state)

    def format_action(self, state: State, action: Action) -> str:
        """Canonical text of an action."""
        return notation.format_action(state, action)

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action."""
        return notation.parse_action(state, text)

    def describe(self, event: Event, config: Config) -> str:
        """A log line."""
        return render.describe(event, config)

    def redact(self, event: Event, seat: Seat | None) -> Event | None:
        """An event as a seat may see it."""
        return view.redact(event, seat)

    def reveals(self, event: Event, seat: Seat) -> bool:
        """Whether an event shows a seat something hidden."""
        return view.reveals(event, seat)

    def render(self, v: View, color: bool = False) -> str:
        """The table at 80 columns."""
        return render.render(v, color)

    def status(self, v: View) -> str:
        """A toolbar line."""
        return render.status(v)

    def strategy(self, v: View, seat: Seat, legal: list[Action], rnd: random.Random) -> tuple[Action, str]:
        """The rule-based bot."""
        return strategy.choose(v, seat, legal, rnd)

    def heuristic(self, state: State) -> list[float] | None:
        """Estimated returns."""
        return rules.heuristic(state)


GAME = Dingo()
