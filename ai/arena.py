"""THE headless play loop: a game played from a state by a choosing function, no database.

:func:`steps` is the one loop (OpenSpiel keeps one too, ``evaluate_bots``): it asks the seat to
move for an action, advances the game and yields one :class:`Step` per decision, until the game
ends or a decision limit is reached. Everything that plays headless goes through it:
:func:`play_game` (bots by spec, deterministic for a seed, recording the commands when asked:
tournaments and strength figures), :func:`play` and :func:`random_playout`, the bench figures
and the tests. The MCTS playout inside a search stays its own tight loop (it stops on
heuristics, and runs thousands of times a decision).

Choosers (:data:`Choose`): :func:`uniform` (a random legal action), :func:`by_strategy` (the
game's rule-based strategy on the seat's view) and :func:`by_bots` (a bot per seat).
"""

from __future__ import annotations

import hashlib
import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

import msgspec

from dinocli.events import Event, RecordingRng, Rng, SeededRng
from dinocli.games.protocol import Action, Config, Game, Seat, State
from dinocli.games.runner import start

from .belief import seen
from .bot import Bot
from .bots import make_bot
from .clairvoyant import Clairvoyant, Peeking

__all__ = ["Choose", "Step", "steps", "play", "random_playout", "uniform", "by_strategy", "by_bots", "inform",
           "Record", "CLAIRVOYANT", "PEEKING", "seer", "play_game"]

Choose = Callable[[State, Seat, list[Action]], Action]  # (state, seat to move, legal actions) -> action


class Step(NamedTuple):
    """One decision of a played game."""

    n: int                    # decisions played before this one
    state: State              # before the action
    seat: Seat                # who chose
    legal: list[Action]       # what it could choose from
    action: Action
    after: State              # the state the action led to
    events: list[Event]       # what the action decided
    rolls: list | None        # the draws it made (only when recording)


def steps(game: Game, state: State, choose: Choose, rng: Rng, *, limit: int | None = None,
          record: bool = False) -> Iterator[Step]:
    """Play ``choose`` from ``state`` until the game ends (or ``limit`` decisions, the game's
    ``max_decisions`` by default), one :class:`Step` per decision; ``record`` keeps each decision's
    draws (``rng`` must then be a seeded rng)."""
    limit = game.info.max_decisions if limit is None else limit
    n = 0
    while n < limit and (seat := game.to_move(state)) is not None:
        legal = game.legal_actions(state)
        action = choose(state, seat, legal)
        drawn = RecordingRng(rng) if record else rng
        after, events = game.advance(state, action, drawn)
        yield Step(n, state, seat, legal, action, after, events, drawn.rolls if record else None)
        state = after
        n += 1


def play(game: Game, state: State, choose: Choose, rng: Rng, *, limit: int | None = None) -> tuple[State, int]:
    """The state ``choose`` leads to from ``state`` (see :func:`steps`) and the decisions it took."""
    n = 0
    for st in steps(game, state, choose, rng, limit=limit):
        state, n = st.after, st.n + 1
    return state, n


def uniform(rnd: random.Random) -> Choose:
    """Choose a uniformly random legal action with ``rnd``."""
    return lambda state, seat, legal: legal[rnd.randrange(len(legal))]


def by_strategy(game: Game, rnd: random.Random) -> Choose:
    """Choose by the game's rule-based strategy on the seat's own view."""
    return lambda state, seat, legal: game.strategy(game.observe(state, seat), seat, legal, rnd)[0]


def by_bots(game: Game, bots: Sequence[Bot], rnd: Callable[[int], random.Random]) -> Choose:
    """Seat ``i`` chooses with ``bots[i]`` on its own view, given ``rnd(n)`` at the game's decision ``n``."""
    decision = itertools.count()

    def choose(state: State, seat: Seat, legal: list[Action]) -> Action:
        return bots[seat].choose(game, game.observe(state, seat), seat, legal, rnd(next(decision)))

    return choose


def inform(game: Game, watching: Sequence[tuple[Seat, Bot]], st: Step) -> None:
    """Tell each watching bot (seat, bot) of a decision as its seat saw it: its own view before, the action
    if the events did not hide it from that seat, and the events as shown to it (a belief's trail)."""
    for b, bot in watching:
        bot.inform(game, seen(game, b, game.observe(st.state, b), st.seat, st.action, st.events))


def random_playout(game: Game, state: State, rng: Rng, rnd: random.Random, limit: int | None = None) -> tuple[State, int]:
    """Play uniformly random legal actions until the game ends (or ``limit`` decisions)."""
    return play(game, state, uniform(rnd), rng, limit=limit)


class Record(msgspec.Struct):
    """A finished headless game: config, seed, every command, and the result."""

    config: Config
    seed: str
    specs: list[str]
    commands: list[tuple[int | None, str | None, list, list]]
    returns: list[float]
    scores: list[float]
    decisions: int
    over: bool
    seconds: list[float] = []  # time each seat's bot took to choose, in all
    moves: list[int] = []      # decisions each seat made


CLAIRVOYANT = "clairvoyant:"  # a spec prefix: the search sees the true state and the real draws
PEEKING = "peeking:"  # a spec prefix: the search sees the true state (every hand), not the draws to come


def seer(spec: str) -> tuple[str, str]:
    """The seeing prefix ``spec`` starts with (``""`` for an honest bot) and the bot spec after it."""
    for prefix in (CLAIRVOYANT, PEEKING):
        if spec.startswith(prefix):
            return prefix, spec[len(prefix):]
    return "", spec


def _make(spec: str) -> Bot:
    prefix, bot = seer(spec)
    return make_bot(bot + ",reuse=no") if prefix else make_bot(spec)


def _window(game: Game, prefix: str, state: State, rng: Rng) -> Game:
    """The game as a bot with ``prefix`` sees it from ``state``."""
    if prefix == CLAIRVOYANT:
        return Clairvoyant(game, state, rng)
    return Peeking(game, state) if prefix == PEEKING else game


def _bot_rnd(seed: str, n: int) -> random.Random:
    return random.Random(hashlib.sha256(f"{seed}/bot/{n}".encode()).digest())


def play_game(game: Game, specs: Sequence[str], seed: str, *, variants: Sequence[str] = (),
              options: dict[str, Any] | None = None, names: Sequence[str] | None = None,
              record: bool = False) -> Record:
    """Play one game between bots (seat i plays ``specs[i]``); deterministic for a seed.

    A spec ``clairvoyant:SPEC`` is an MCTS bot that searches the true state with the real
    draws to come (an upper bound for reports; never offered to players); ``peeking:SPEC``
    searches the true state but draws chance itself (what the hidden cards alone are worth).
    """
    names = tuple(names or [f"{s.split(':')[0]}{i}" for i, s in enumerate(specs)])
    config = game.configure(names, tuple(variants), dict(options or {}))
    bots = [_make(s) for s in specs]
    seers = [seer(s)[0] for s in specs]
    seconds, moves = [0.0] * len(specs), [0] * len(specs)
    base = SeededRng(seed)
    setup_rng = RecordingRng(base) if record else base
    state, setup = start(game, config, setup_rng)
    commands: list[tuple[int | None, str | None, list, list]] = []
    if record:
        commands.append((None, None, setup_rng.rolls, setup))

    def choose(state: State, seat: Seat, legal: list[Action]) -> Action:
        t = time.perf_counter()
        as_seen = _window(game, seers[seat], state, base)
        action = bots[seat].choose(as_seen, game.observe(state, seat), seat, legal, _bot_rnd(seed, sum(moves)))
        seconds[seat] += time.perf_counter() - t
        moves[seat] += 1
        return action

    watching = [(b, bot) for b, bot in enumerate(bots) if getattr(bot, "watches", False)]
    n = 0
    for st in steps(game, state, choose, base, record=record):
        inform(game, watching, st)
        if record:
            commands.append((st.seat, game.format_action(st.state, st.action), st.rolls, st.events))
        state, n = st.after, st.n + 1
    return Record(config=config, seed=seed, specs=list(specs), commands=commands,
                  returns=game.returns(state), scores=game.scores(state), decisions=n,
                  over=game.to_move(state) is None, seconds=seconds, moves=moves)
