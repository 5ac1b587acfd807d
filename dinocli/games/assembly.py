"""Assembling a game: one :class:`~dinocli.games.protocol.Game` from a game folder's role modules.

Every game folder has the same fixed roles, one module each, found by name (:data:`ROLES`):
``data`` (the data file), ``state`` (the state type and ``initial``), ``actions``, ``events``,
``fold`` (the projector), ``rules``, ``view``, ``notation``, ``render``, ``strategy`` (the rule
bot), ``estimate`` (the search's leaf estimate, and optionally ``board(view)``: the name of the board a
view is played on, keying ``INFO.board_tuning``) and ``infer`` (what a seat can infer about hidden
cards from the others' actions: ``INFERS``, False where nothing is, the past states a deal
implies, and a ``deal`` of the view that keeps what the record makes certain, or None; see
``ai/belief.py``). Rule extras live beside them under their own
names. The folder's ``__init__`` states the game's ``INFO`` and calls :func:`load`, which checks
that every role is there and exposes what the protocol needs, and builds a :class:`ModuleGame`
delegating to them. A folder may also define ``interact`` (see ``dinocli/challenge.py``).
The data-file helpers read, hash and decode a game's JSON file the same way.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import msgspec

from dinocli.events import Event, Rng

from .lastlegal import LastLegal
from .protocol import Action, Config, GameInfo, Seat, State, View

__all__ = ["ROLES", "HOOKS", "GameFolderError", "load", "ModuleGame", "LastLegal", "read_data", "sha256_of",
           "decode_data"]

T = TypeVar("T")

# role module -> the names it must define (in the order the protocol uses them)
ROLES: dict[str, tuple[str, ...]] = {
    "data": ("FILE", "data_hash"),
    "state": ("State", "initial"),
    "actions": ("Action",),
    "events": (),  # at least one Event subclass tagged "<game id>.<name>" (checked by load)
    "fold": ("fold",),
    "rules": ("VARIANTS", "configure", "setup", "to_move", "legal_actions", "decide", "advance", "returns", "scores"),
    "view": ("observe", "determinize", "redact", "reveals", "fold_view"),
    "notation": ("format_action", "parse_action", "round_of"),
    "render": ("render", "status", "describe", "reveal", "QUIET", "OUTCOMES"),
    "strategy": ("choose",),
    "estimate": ("heuristic",),
    "infer": ("INFERS", "pasts", "hidden", "values", "deal"),
}
# optional functions a folder's __init__ may define, attached to the game as they are
HOOKS = ("interact",)


class GameFolderError(ImportError):
    """A game folder that lacks a role module, or a name a role must define."""


def _folder(package: ModuleType) -> str:
    paths = list(getattr(package, "__path__", ()))
    return str(Path(paths[0])) if paths else package.__name__


def _roles(package: ModuleType) -> dict[str, ModuleType]:
    """Every role module of a game package, imported once all are known to exist (GameFolderError
    naming the folder and each missing role otherwise)."""
    missing = [r for r in ROLES if importlib.util.find_spec(f"{package.__name__}.{r}") is None]
    if missing:
        what = f"the {missing[0]!r} role is" if len(missing) == 1 else f"the roles {', '.join(map(repr, missing))} are"
        raise GameFolderError(f"game folder {_folder(package)}: {what} missing "
                              f"(every game needs {', '.join(f'{r}.py' for r in ROLES)})")
    return {r: importlib.import_module(f"{package.__name__}.{r}") for r in ROLES}


def load(package_name: str) -> ModuleGame:
    """The Game of a game folder: its ``INFO`` and role modules, each checked for what the protocol
    needs (GameFolderError naming the folder and what is missing)."""
    package = importlib.import_module(package_name)
    info = getattr(package, "INFO", None)
    if not isinstance(info, GameInfo):
        raise GameFolderError(f"game folder {_folder(package)}: __init__.py must define INFO, a GameInfo")
    folder_id = package_name.rsplit(".", 1)[-1]
    if info.id != folder_id:
        raise GameFolderError(f"game folder {_folder(package)}: INFO.id is {info.id!r}, not the folder's name {folder_id!r}")
    roles = _roles(package)
    for role, names in ROLES.items():
        missing = [n for n in names if not hasattr(roles[role], n)]
        if missing:
            raise GameFolderError(f"game folder {_folder(package)}: {role}.py does not define {', '.join(missing)}")
        uncallable = [n for n in names if n[0].islower() and not callable(getattr(roles[role], n))]
        if uncallable:
            raise GameFolderError(f"game folder {_folder(package)}: {role}.py: {', '.join(uncallable)} must be functions")
    tags = [cls.__struct_config__.tag for cls in vars(roles["events"]).values()
            if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event]
    if not tags or any(not (isinstance(t, str) and t.startswith(f"{info.id}.")) for t in tags):
        raise GameFolderError(f"game folder {_folder(package)}: events.py must define the game's events, "
                              f"each tagged '{info.id}.<name>'")
    hooks = {h: getattr(package, h) for h in HOOKS if callable(getattr(package, h, None))}
    return ModuleGame(info, roles, hooks)


class ModuleGame:
    """The Game protocol, each method delegating to the function of the same name in a game's module."""

    def __init__(self, info: GameInfo, roles: Mapping[str, ModuleType], hooks: Mapping[str, Callable] | None = None) -> None:
        self.info = info
        self._data, self._rules, self._view = roles["data"], roles["rules"], roles["view"]
        self._notation, self._render = roles["notation"], roles["render"]
        self._fold, self._initial = roles["fold"].fold, roles["state"].initial
        self._strategy, self._heuristic = roles["strategy"].choose, roles["estimate"].heuristic
        self._board = getattr(roles["estimate"], "board", None)
        for name, hook in (hooks or {}).items():
            setattr(self, name, hook)
        # the calls a search makes at every step go straight to the game's functions (one frame
        # less each); the methods below document them and serve whoever looks them up on the class
        rules, view = self._rules, self._view
        self.to_move, self.legal_actions, self.advance = rules.to_move, rules.legal_actions, rules.advance
        self.returns, self.scores = rules.returns, rules.scores
        if callable(getattr(rules, "play", None)):  # advance keeping no events, where a game has it
            self.play = rules.play
        self.observe, self.determinize = view.observe, view.determinize
        self.strategy, self.heuristic = self._strategy, self._heuristic
        infer = roles["infer"]
        self.infers, self.pasts, self.hidden, self.values = bool(infer.INFERS), infer.pasts, infer.hidden, infer.values
        self.deal = infer.deal
        strategy = roles["strategy"]
        self.pick = getattr(strategy, "pick", None) or (lambda view, seat, legal, rnd: strategy.choose(view, seat, legal, rnd)[0])

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

    def narrated(self, event: Event) -> bool:
        """Whether a person is told of an event that follows a decision as it happens (the log shows all)."""
        return type(event) not in self._render.QUIET

    def outcome(self, event: Event) -> bool:
        """Whether a decision's first event tells what its notation cannot (where a throw landed)."""
        return type(event) in self._render.OUTCOMES

    def reveal(self, state: State, rng: Rng | None = None) -> list[str]:
        """Lines of what a spectator's view of ``state`` hides (for a finished game's review only)."""
        return self._render.reveal(state, rng)

    def round_of(self, state: State) -> int:
        """The round a decision in ``state`` belongs to, for move lists (0: setup)."""
        return self._notation.round_of(state)

    def redact(self, event: Event, seat: Seat | None) -> Event | None:
        """The event as a seat may see it, or None to omit it."""
        return self._view.redact(event, seat)

    def reveals(self, event: Event, seat: Seat) -> bool:
        """Whether the event shows a seat something hidden before."""
        return self._view.reveals(event, seat)


    def fold_view(self, view: View, event: Event, hidden: bool = False) -> View:
        """The seat's view after an event it saw (``hidden``: the shown form of one it may not)."""
        return self._view.fold_view(view, event, hidden)

    @property
    def sees_alike(self) -> bool:
        """Whether every seat sees the same (then a view checks every seat's decisions)."""
        return getattr(self._view, "SEATS_SEE_ALIKE", False)
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

    def tuning(self, view: View | None = None) -> dict[str, dict[str, Any]]:
        """The MCTS presets for a search from ``view`` (None: the game's own): ``info.mcts_tuning``, with
        ``info.board_tuning`` of the board the estimate role names for the view laid over it key by key."""
        base = self.info.mcts_tuning
        board = self.info.board_tuning.get(self._board(view)) if view is not None and self._board else None
        if not board:
            return base
        return {k: {**base.get(k, {}), **board.get(k, {})} for k in {*base, *board}}

    def heuristic(self, state: State) -> list[float] | None:
        """Estimated returns for an unfinished state, or None."""
        return self._heuristic(state)

    def pick(self, view: View, seat: Seat, legal: list[Action], rnd: random.Random) -> Action:
        """The rule-based bot's choice alone (``strategy`` without the reason; a folder's strategy may
        define ``pick`` to skip writing one), drawing from ``rnd`` as ``strategy`` does."""
        return self._strategy(view, seat, legal, rnd)[0]


def _game_of(package: str) -> ModuleGame:
    """The ``GAME`` of a game folder."""
    return importlib.import_module(package).GAME


def read_data(package: str, filename: str) -> bytes:
    """The bytes of a data file shipped beside a game package's modules (read by path: importlib.resources
    would cost every command a few milliseconds of imports)."""
    return (Path(importlib.import_module(package).__file__).parent / filename).read_bytes()


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
