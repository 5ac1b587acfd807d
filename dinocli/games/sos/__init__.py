"""SOS Dino: the cooperative lava game (1-4 players share one team score, 0-14).

``GAME`` implements the Game protocol; the rules live in the modules beside this one.
"""

from __future__ import annotations

import random
from typing import Any

from dinocli.events import Event, Rng

from ..protocol import Config, GameInfo
from . import data, notation, render, rules, strategy, view
from .fold import fold
from .state import State

__all__ = ["GAME", "SosGame"]


class SosGame:
    """SOS Dino as a :class:`~dinocli.games.protocol.Game`."""

    info = GameInfo(
        id="sos",
        name="SOS Dino",
        min_seats=1,
        max_seats=4,
        hidden_information=False,
        chance=True,
        cooperative=True,
        variants=dict(rules.VARIANTS),
        default_variants=(),
        rules_version="1",
        max_decisions=400,  # at most 54 tiles x (1 placement + 2 steps)
    )

    def data_hash(self) -> str:
        """sha256 of sos.json."""
        return data.data_hash()

    def configure(self, names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
        """Validate seats, variants and options."""
        return rules.configure(names, variants, options)

    def initial(self, config: Config) -> State:
        """The set-up board before the opening events."""
        return rules.initial(config)

    def setup(self, config: Config, rng: Rng) -> list[Event]:
        """Opening events up to the first decision."""
        return rules.setup(config, rng)

    def fold(self, state: State, event: Event) -> State:
        """Apply one event."""
        return fold(state, event)

    def to_move(self, state: State) -> int | None:
        """The active seat, or None when the game is over."""
        return rules.to_move(state)

    def legal_actions(self, state: State) -> list:
        """Every legal decision now."""
        return rules.legal_actions(state)

    def decide(self, state: State, action: Any, rng: Rng) -> list[Event]:
        """Resolve a decision and all that follows automatically."""
        return rules.decide(state, action, rng)

    def observe(self, state: State, seat: int | None) -> State:
        """The view (everything is public)."""
        return view.observe(state, seat)

    def determinize(self, view_: State, seat: int, rnd: random.Random) -> State:
        """A full state consistent with the view."""
        return view.determinize(view_, seat, rnd)

    def returns(self, state: State) -> list[float]:
        """Team score / 14 for every seat."""
        return rules.returns(state)

    def scores(self, state: State) -> list[float]:
        """The team score for every seat."""
        return rules.scores(state)

    def format_action(self, state: State, action: Any) -> str:
        """Canonical text of an action."""
        return notation.format_action(state, action)

    def parse_action(self, state: State, text: str) -> Any:
        """Read an action from text."""
        return notation.parse_action(state, text)

    def describe(self, event: Event, config: Config) -> str:
        """One line of English for the log."""
        return render.describe(event, config)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """The event as a seat sees it (all public)."""
        return view.redact(event, seat)

    def reveals(self, event: Event, seat: int) -> bool:
        """Whether the event shows a tile unknown before."""
        return view.reveals(event, seat)

    def render(self, view_: State, color: bool = False) -> str:
        """The board with its legend."""
        return render.render(view_, color)

    def status(self, view_: State) -> str:
        """One toolbar line."""
        return render.status(view_)

    def strategy(self, view_: State, seat: int, legal: list, rnd: random.Random) -> tuple[Any, str]:
        """The rule-based teammate's choice and reason."""
        return strategy.strategy(view_, seat, legal, rnd)

    def heuristic(self, state: State) -> list[float] | None:
        """Estimated returns for an unfinished state."""
        return rules.heuristic(state)


GAME = SosGame()
