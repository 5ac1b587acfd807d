"""'Dillos In Austin: the sliding road-tile maze with the Dillo Hunter (DILLO-01..32)."""

from __future__ import annotations

import random
from typing import Any

from dinocli.events import Rng

from ..protocol import Config, GameInfo
from . import data, notation, render, rules, strategy, view
from .fold import fold
from .progress import heuristic
from .state import State, initial

__all__ = ["GAME", "DillosGame"]

# A turn takes at most ~35 decisions (die, action, two targets, 6 steps, two Hunter moves or a
# push of up to 10 steps); City Planning adds 2 per tile. The round cap (at most 200) bounds it.
MAX_DECISIONS = 200 * 4 * 40 + 2 * 44


class DillosGame:
    """The Game protocol for 'Dillos In Austin."""

    info = GameInfo(
        id="dillos",
        name="'Dillos In Austin",
        min_seats=2,
        max_seats=4,
        hidden_information=True,
        chance=True,
        variants=dict(rules.VARIANTS),
        default_variants=(),
        rules_version="1",
        max_decisions=MAX_DECISIONS,
    )

    def data_hash(self) -> str:
        """sha256 of dillos.json."""
        return data.data_hash()

    def configure(self, names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
        """Validate seats, variants and options (BadConfig)."""
        return rules.configure(names, variants, options)

    def initial(self, config: Config) -> State:
        """The table before setup."""
        return initial(config)

    def setup(self, config: Config, rng: Rng) -> list:
        """Lay out the tiles (or start City Planning) and begin the first turn."""
        return rules.setup(config, rng)

    def fold(self, state: State, event) -> State:
        """Apply one event."""
        return fold(state, event)

    def to_move(self, state: State) -> int | None:
        """Whose decision it is (the Hunter's steerer mid-turn), None when over."""
        return rules.to_move(state)

    def legal_actions(self, state: State) -> list:
        """Every legal action of the seat to move."""
        return rules.legal_actions(state)

    def decide(self, state: State, action, rng: Rng) -> list:
        """Validate and resolve an action up to the next decision."""
        return rules.decide(state, action, rng)

    def observe(self, state: State, seat: int | None) -> State:
        """What a seat may see: face-down tiles hidden."""
        return view.observe(state, seat)

    def determinize(self, view_: State, seat: int, rnd: random.Random) -> State:
        """A state consistent with a view."""
        return view.determinize(view_, seat, rnd)

    def returns(self, state: State) -> list[float]:
        """1 for the winner, shared on a capped draw."""
        return rules.returns(state)

    def scores(self, state: State) -> list[float]:
        """1 for the winner."""
        return rules.scores(state)

    def format_action(self, state: State, action) -> str:
        """Canonical text of an action."""
        return notation.format_action(state, action)

    def parse_action(self, state: State, text: str):
        """Read an action (MalformedAction / IllegalAction)."""
        return notation.parse_action(state, text)

    def describe(self, event, config: Config) -> str:
        """One line of English for the log."""
        return render.describe(event, config)

    def redact(self, event, seat: int | None):
        """The event as a seat may see it."""
        return view.redact(event, seat)

    def reveals(self, event, seat: int) -> bool:
        """Whether the event shows something hidden before."""
        return view.reveals(event, seat)

    def render(self, view_: State, color: bool = False) -> str:
        """The board at 80 columns."""
        return render.render(view_, color)

    def status(self, view_: State) -> str:
        """One line for the toolbar."""
        return render.status(view_)

    def strategy(self, view_: State, seat: int, legal: list, rnd: random.Random) -> tuple[Any, str]:
        """The rule-based bot's choice and reason."""
        return strategy.choose(view_, seat, legal, rnd)

    def heuristic(self, state: State) -> list[float] | None:
        """Share of the win by distance to goal."""
        return heuristic(state)


GAME = DillosGame()
