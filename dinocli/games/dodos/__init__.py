"""Dodos Riding Dinos: a 2-6 player racing card game with secret picks, green-card windows and
simulated projectile throws. ``GAME`` implements the Game protocol."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from dinocli.events import Event, Rng

from ..protocol import Config, GameInfo
from . import data, dexterity, notation, render, rules, strategy, view
from .fold import fold
from .state import State

__all__ = ["GAME", "Dodos"]


class Dodos:
    """The Game protocol for Dodos Riding Dinos."""

    info = GameInfo(
        id="dodos", name="Dodos Riding Dinos", min_seats=2, max_seats=6, hidden_information=True,
        chance=True, simultaneous=True, variants=dict(rules.VARIANTS), default_variants=(),
        max_decisions=20_000,
    )

    def data_hash(self) -> str:
        """sha256 of dodos.json."""
        return data.data_hash()

    def configure(self, names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
        """Validate seats, variants and options."""
        return rules.configure(names, variants, options)

    def initial(self, config: Config) -> State:
        """The empty state before setup."""
        return rules.initial(config)

    def setup(self, config: Config, rng: Rng) -> list[Event]:
        """Opening events up to the first decision."""
        return rules.setup(config, rng)

    def fold(self, state: State, event: Event) -> State:
        """Apply one event."""
        return fold(state, event)

    def to_move(self, state: State) -> int | None:
        """The seat to decide, or None at the end."""
        return rules.to_move(state)

    def legal_actions(self, state: State) -> list:
        """Legal actions of the seat to move."""
        return rules.legal_actions(state)

    def decide(self, state: State, action, rng: Rng) -> list[Event]:
        """Resolve an action up to the next decision."""
        return rules.decide(state, action, rng)

    def interact(self, view_: view.View, seat: int, action, ui) -> Any:
        """At the prompt, a throw becomes a timing challenge whose result is the skill (DODO-G06)."""
        from .actions import Throw

        if not isinstance(action, Throw) or action.skill is not None:
            return None
        projectile = rules.pending_projectile(view_) or "projectile"
        speed, mark = dexterity.challenge(projectile)
        level = ui.timing(f"Throw the {projectile}: stop the {mark} on the middle |", levels=11,
                          speed=speed, marker=mark)
        return msgspec.structs.replace(action, skill=level / 10)

    def observe(self, state: State, seat: int | None) -> view.View:
        """What ``seat`` may know."""
        return view.observe(state, seat)

    def determinize(self, v: view.View, seat: int, rnd: random.Random) -> State:
        """A state consistent with the view."""
        return view.determinize(v, seat, rnd)

    def returns(self, state: State) -> list[float]:
        """Per-seat result in [0, 1]."""
        return rules.returns(state)

    def scores(self, state: State) -> list[float]:
        """Per-seat progress."""
        return rules.scores(state)

    def format_action(self, state: State, action) -> str:
        """Canonical action text."""
        return notation.format_action(state, action)

    def parse_action(self, state: State, text: str):
        """Parse action text."""
        return notation.parse_action(state, text)

    def describe(self, event: Event, config: Config) -> str:
        """One line of English for the log."""
        return render.describe(event, config)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """The event as ``seat`` may see it."""
        return view.redact(event, seat)

    def reveals(self, event: Event, seat: int) -> bool:
        """Whether the event shows ``seat`` something hidden."""
        return view.reveals(event, seat)

    def render(self, v: view.View, color: bool = False) -> str:
        """The board at <= 80 columns."""
        return render.render(v, color)

    def status(self, v: view.View) -> str:
        """One toolbar line."""
        return render.status(v)

    def strategy(self, v: view.View, seat: int, legal: list, rnd: random.Random) -> tuple[Any, str]:
        """The rule-based bot's choice and reason."""
        return strategy.choose(v, seat, legal, rnd)

    def heuristic(self, state: State) -> list[float] | None:
        """Softmax over progress."""
        return rules.heuristic(state)


GAME = Dodos()
