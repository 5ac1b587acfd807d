"""Assembling a game: one :class:`~dinocli.games.protocol.Game` built from a game folder's modules.

Every game folder splits its rules the same way (``rules``, ``view``, ``notation``, ``render``,
``data``), so the protocol object only delegates; :class:`ModuleGame` does it once. A game whose
functions live elsewhere passes them by keyword; a game with extra hooks (``interact``)
subclasses it. The data-file helpers read, hash and decode a game's JSON file the same way.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable
from importlib import resources
from types import ModuleType
from typing import Any, TypeVar

import msgspec

from dinocli.events import Event, Rng

from .protocol import Action, Config, GameInfo, Seat, State, View

__all__ = ["ModuleGame", "LastLegal", "read_data", "sha256_of", "decode_data"]

T = TypeVar("T")


class ModuleGame:
    """The Game protocol, each method delegating to the function of the same name in a game's module."""

    def __init__(
        self,
        info: GameInfo,
        *,
        data: ModuleType,
        rules: ModuleType,
        view: ModuleType,
        notation: ModuleType,
        render: ModuleType,
        fold: Callable[[State, Event], State],
        initial: Callable[[Config], State],
        strategy: Callable[[View, Seat, list[Action], random.Random], tuple[Action, str]],
        heuristic: Callable[[State], list[float] | None] | None = None,
    ) -> None:
        self.info = info
        self._data, self._rules, self._view, self._notation, self._render = data, rules, view, notation, render
        self._fold, self._initial, self._strategy, self._heuristic = fold, initial, strategy, heuristic

    def __reduce__(self) -> tuple[Callable[[str], Any], tuple[str]]:
        """Pickle as a reference to the game folder's ``GAME`` (modules cannot be pickled)."""
        return _game_of, (self._rules.__package__,)

    def data_hash(self) -> str:
        """sha256 of the game's data file, pinned in the game record."""
        return self._data.data_hash()

    def configure(self, names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
        """Validate and normalise a config (BadConfig); applies default variants."""
        return self._rules.configure(names, variants, options)

    def initial(self, config: Config) -> State:
        """The empty state before the setup events are folded."""
        return self._initial(config)

    def setup(self, config: Config, rng: Rng) -> list[Event]:
        """Opening events up to the first decision."""
        return self._rules.setup(config, rng)

    def fold(self, state: State, event: Event) -> State:
        """Apply one event."""
        return self._fold(state, event)

    def to_move(self, state: State) -> Seat | None:
        """The seat to decide, or None when the game is over."""
        return self._rules.to_move(state)

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the seat to move, in a stable order."""
        return self._rules.legal_actions(state)

    def decide(self, state: State, action: Action, rng: Rng) -> list[Event]:
        """Validate and resolve an action up to the next decision."""
        return self._rules.decide(state, action, rng)

    def advance(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        """``decide``, and the state its events lead to."""
        return self._rules.advance(state, action, rng)

    def observe(self, state: State, seat: Seat | None) -> View:
        """What a seat may know (None: a spectator)."""
        return self._view.observe(state, seat)

    def determinize(self, view: View, seat: Seat, rnd: random.Random) -> State:
        """A full state consistent with a view."""
        return self._view.determinize(view, seat, rnd)

    def returns(self, state: State) -> list[float]:
        """Result per seat, in [0, 1]."""
        return self._rules.returns(state)

    def scores(self, state: State) -> list[float]:
        """Raw per-seat scores shown to people."""
        return self._rules.scores(state)

    def format_action(self, state: State, action: Action) -> str:
        """Canonical text of an action."""
        return self._notation.format_action(state, action)

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action (MalformedAction / IllegalAction)."""
        return self._notation.parse_action(state, text)

    def describe(self, event: Event, config: Config) -> str:
        """One line of English for the log."""
        return self._render.describe(event, config)

    def redact(self, event: Event, seat: Seat | None) -> Event | None:
        """The event as a seat may see it, or None to omit it."""
        return self._view.redact(event, seat)

    def reveals(self, event: Event, seat: Seat) -> bool:
        """Whether the event shows a seat something hidden before."""
        return self._view.reveals(event, seat)

    def render(self, view: View, color: bool = False, height: int | None = None, **options: Any) -> str:
        """The board at 80 columns, in ``height`` lines where it fits (game-specific keyword options pass
        through, e.g. ``unicode``)."""
        return self._render.render(view, color, height=height, **options)

    def status(self, view: View) -> str:
        """One toolbar line."""
        return self._render.status(view)

    def strategy(self, view: View, seat: Seat, legal: list[Action], rnd: random.Random) -> tuple[Action, str]:
        """The rule-based bot's choice and reason."""
        return self._strategy(view, seat, legal, rnd)

    def heuristic(self, state: State) -> list[float] | None:
        """Estimated returns for an unfinished state, or None."""
        return None if self._heuristic is None else self._heuristic(state)


class LastLegal:
    """The last state a game's ``legal_actions`` was asked about, and a copy of the answer: a
    caller (a playout) asks for the legal actions and then decides on the same state, so the
    game's ``advance`` checks the action against the list already built instead of a new one."""

    __slots__ = ("state", "actions")

    def __init__(self) -> None:
        self.state: State | None = None
        self.actions: tuple = ()

    def keep(self, state: State, actions: list[Action]) -> list[Action]:
        """Remember ``actions`` as the legal actions of ``state``; return them."""
        self.state, self.actions = state, tuple(actions)
        return actions

    def of(self, state: State, build: Callable[[State], list[Action]]) -> tuple | list[Action]:
        """The legal actions of ``state``: the kept copy if it was the last asked, else ``build(state)``."""
        return self.actions if self.state is state else build(state)


def _game_of(package: str) -> ModuleGame:
    """The ``GAME`` of a game folder."""
    return importlib.import_module(package).GAME


def read_data(package: str, filename: str) -> bytes:
    """The bytes of a data file shipped in a game package."""
    return resources.files(package).joinpath(filename).read_bytes()


def sha256_of(raw: bytes) -> str:
    """The sha256 hex digest of a data file's bytes."""
    return hashlib.sha256(raw).hexdigest()


def decode_data(raw: bytes, type: type[T], filename: str, error: type[Exception], *, json_errors: bool = True) -> T:
    """Decode a JSON data file as ``type``, raising ``error`` naming the file on a bad field
    (and, with ``json_errors``, on text that is not JSON)."""
    try:
        return msgspec.json.decode(raw, type=type)
    except msgspec.ValidationError as exc:
        raise error(f"{filename}: {exc}") from None
    except msgspec.DecodeError as exc:
        if not json_errors:
            raise
        raise error(f"{filename} is not JSON: {exc}") from None
