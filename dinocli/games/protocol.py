"""The game protocol: what every game folder provides, and the values it trades in.

A game is a set of pure functions over its own state type (OpenSpiel's Game/State split,
boardgame.io's "a game declared as data"). The service, the bots and the tests only ever
talk to a game through :class:`Game`; a game folder provides it through fixed role modules
(data, state, actions, events, fold, rules, view, notation, render, strategy, estimate, infer)
that :func:`dinocli.games.assembly.load` checks and assembles. Chance is resolved inside ``decide`` with a keyed
:class:`~dinocli.events.Rng` and recorded as events, so a replay needs no generator.

Conventions every game follows:

* ``Seat`` is an index into ``config.names`` (0-based); seat order is clockwise.
* Actions are frozen, hashable msgspec Structs (plain values, python-chess ``Move``).
* Events are :class:`~dinocli.events.Event` subclasses tagged ``"<game>.<name>"``.
* States are whatever keeps ``fold`` pure and fast; ``fold`` never mutates its input.
* A game's rules may also define ``play(state, action, rng) -> state``: ``advance`` keeping no
  events, the same rules folding each event as they decide it (the search steps with it;
  ``ModuleGame`` exposes it where the rules module has it).
* A view is what one seat may know: bots and the REPL only ever see views.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeAlias, runtime_checkable

import msgspec

from dinocli.events import Event, Rng
from dinocli.events.errors import DinocliError

__all__ = [
    "Seat",
    "Action",
    "State",
    "View",
    "Config",
    "GameInfo",
    "Game",
    "GameError",
    "MalformedAction",
    "IllegalAction",
    "BadConfig",
]

Seat: TypeAlias = int
Action: TypeAlias = Any
State: TypeAlias = Any
View: TypeAlias = Any


class GameError(DinocliError, ValueError):
    """Base of the errors a game raises; the message is one line, shown to the user as is."""


class MalformedAction(GameError):
    """Text that does not parse as an action of this game."""


class IllegalAction(GameError):
    """A well-formed action that the rules forbid now; the message says why."""


class BadConfig(GameError):
    """A seat count, variant or option this game does not accept."""


class Config(msgspec.Struct, frozen=True, kw_only=True):
    """How a game was set up: seat names (clockwise), variants, options (game-defined)."""

    names: tuple[str, ...]
    variants: tuple[str, ...] = ()
    options: dict[str, Any] = {}

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.names)

    def has(self, variant: str) -> bool:
        """Whether a variant is on."""
        return variant in self.variants


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """Static facts about a game (OpenSpiel ``_GAME_TYPE``/``_GAME_INFO``)."""

    id: str
    name: str
    min_seats: int
    max_seats: int
    hidden_information: bool
    chance: bool
    cooperative: bool = False
    simultaneous: bool = False
    variants: dict[str, str] = {}          # name -> one-line description
    default_variants: tuple[str, ...] = ()  # on unless turned off with "no-<name>"
    rules_version: str = "1"
    max_decisions: int = 10_000             # a bound on decisions in one game (tests rely on it)
    # MCTS presets tuned for this game: {"all" or a level name: {spec key: value}}; they replace
    # the generic level's values for every key a bot spec does not give itself (ai/spec.py)
    mcts_tuning: dict[str, dict[str, Any]] = {}
    # presets for one board the game is played on ({board: {"all" or a level: {key: value}}}), laid
    # over mcts_tuning where the game's estimate role names that board for a view (``board(view)``)
    board_tuning: dict[str, dict[str, dict[str, Any]]] = {}


@runtime_checkable
class Game(Protocol):
    """Everything the rest of dinocli needs from a game. One instance per game module."""

    info: GameInfo

    def data_hash(self) -> str:
        """sha256 of the game's data file (cards, boards, tiles), pinned in the game record."""

    def configure(self, names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
        """Validate and normalise a config (raise BadConfig); applies default variants."""

    def initial(self, config: Config) -> State:
        """The empty state before the setup events are folded."""

    def setup(self, config: Config, rng: Rng) -> list[Event]:
        """Opening events: seats, variant, deal, first roll."""

    def fold(self, state: State, event: Event) -> State:
        """The projector: apply one event to a state, returning a new state. Pure."""

    def to_move(self, state: State) -> Seat | None:
        """The seat whose decision it is, or None when the game is over."""

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the seat to move, in a stable order."""

    def decide(self, state: State, action: Action, rng: Rng) -> list[Event]:
        """Validate ``action`` (raise IllegalAction) and resolve it and all that follows
        automatically (chance, end of round, scoring) until the next decision."""

    def advance(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        """``decide``, and the state its events lead to: the same as folding them, without
        folding twice (a game folds while it decides)."""

    def observe(self, state: State, seat: Seat | None) -> View:
        """All that ``seat`` may know (None: a spectator, public information only)."""

    def determinize(self, view: View, seat: Seat, rnd: random.Random) -> State:
        """Sample a full state consistent with ``view`` (hidden cards dealt at random)."""

    def returns(self, state: State) -> list[float]:
        """Result per seat, in [0, 1]: 1 for a sole winner, shared among tied winners;
        cooperative games give every seat the team score scaled to [0, 1]."""

    def scores(self, state: State) -> list[float]:
        """Raw per-seat scores shown to people (points, position, team score)."""

    def format_action(self, state: State, action: Action) -> str:
        """The canonical text of an action in this state (``parse`` round-trips it)."""

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action (raise MalformedAction; IllegalAction if it parses but is not legal)."""

    def describe(self, event: Event, config: Config) -> str:
        """One line of plain English for the log."""

    def narrated(self, event: Event) -> bool:
        """Whether a person is told of an event that follows a decision as it happens (the log shows all)."""

    def outcome(self, event: Event) -> bool:
        """Whether a decision's first event tells what its notation cannot (where a throw landed)."""

    def reveal(self, state: State, rng: Rng | None = None) -> list[str]:
        """Lines of what a spectator's view of ``state`` hides: hands, face-down picks or tiles
        (shown only when reviewing a finished game)."""

    def round_of(self, state: State) -> int:
        """The round a decision in ``state`` belongs to, for move lists (0: setup)."""

    def redact(self, event: Event, seat: Seat | None) -> Event | None:
        """The event as ``seat`` may see it (hidden parts blanked), or None to omit it."""

    def reveals(self, event: Event, seat: Seat) -> bool:
        """Whether this event shows ``seat`` something hidden before (a drawn card, a
        flipped tile, a roll): strict undo never crosses such an event."""

    def fold_view(self, view: View, event: Event, hidden: bool = False) -> View:
        """``observe(fold(state, event), seat)`` from the view alone; ``hidden``: ``event`` is the
        redacted form of one the seat may not see. ValueError when it cannot follow the view."""

    @property
    def sees_alike(self) -> bool:
        """Whether every seat knows the same (a seat's view then checks every seat's decisions)."""

    def render(self, view: View, color: bool = False, height: int | None = None) -> str:
        """The board as ``view`` sees it, at most 80 columns; given ``height`` (a short terminal), a
        denser layout of at most that many lines where one fits, keeping your hand, your place, whose
        turn it is and the goal."""

    def status(self, view: View) -> str:
        """A one-line summary for the toolbar: turn, scores, target or round."""

    def strategy(self, view: View, seat: Seat, legal: list[Action], rnd: random.Random) -> tuple[Action, str]:
        """The rule-based bot: a greedy, explainable choice and a one-line reason."""

    def tuning(self, view: View | None = None) -> dict[str, dict[str, Any]]:
        """The MCTS presets for a search from ``view``: ``info.mcts_tuning`` with the board's own laid over it."""

    def heuristic(self, state: State) -> list[float] | None:
        """An estimate of ``returns`` for a state not yet over (MCTS cut-offs), or None."""
