"""Headless games between bots: one game, deterministic for a seed, and the Wilson interval."""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Sequence
from typing import Any

import msgspec

from dinocli.events import RecordingRng, SeededRng
from dinocli.games.protocol import Config, Game
from dinocli.games.runner import fold_all

__all__ = ["Record", "CLAIRVOYANT", "play_game", "wilson"]


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


def _make(spec: str):
    from dinocli.ai import make_bot

    if spec.startswith(CLAIRVOYANT):
        return make_bot(spec[len(CLAIRVOYANT):] + ",reuse=no")
    return make_bot(spec)


def _bot_rnd(seed: str, n: int) -> random.Random:
    return random.Random(hashlib.sha256(f"{seed}/bot/{n}".encode()).digest())


def play_game(game: Game, specs: Sequence[str], seed: str, *, variants: Sequence[str] = (),
              options: dict[str, Any] | None = None, names: Sequence[str] | None = None,
              record: bool = False) -> Record:
    """Play one game between bots (seat i plays ``specs[i]``); deterministic for a seed.

    A spec ``clairvoyant:SPEC`` is an MCTS bot that searches the true state with the real
    draws to come (an upper bound for reports; never offered to players).
    """
    from dinocli.ai.clairvoyant import Clairvoyant

    names = tuple(names or [f"{s.split(':')[0]}{i}" for i, s in enumerate(specs)])
    config = game.configure(names, tuple(variants), dict(options or {}))
    bots = [_make(s) for s in specs]
    seers = [s.startswith(CLAIRVOYANT) for s in specs]
    seconds, moves = [0.0] * len(specs), [0] * len(specs)
    base = SeededRng(seed)
    rng = RecordingRng(base) if record else base
    setup = game.setup(config, rng)
    commands: list[tuple[int | None, str | None, list, list]] = []
    if record:
        commands.append((None, None, rng.rolls, setup))
    state = fold_all(game, game.initial(config), setup)
    n = 0
    while (seat := game.to_move(state)) is not None and n < game.info.max_decisions:
        legal = game.legal_actions(state)
        t = time.perf_counter()
        as_seen = Clairvoyant(game, state, base) if seers[seat] else game
        action = bots[seat].choose(as_seen, game.observe(state, seat), seat, legal, _bot_rnd(seed, n))
        seconds[seat] += time.perf_counter() - t
        moves[seat] += 1
        if record:
            rng = RecordingRng(base)
        after, events = game.advance(state, action, rng)
        if record:
            commands.append((seat, game.format_action(state, action), rng.rolls, events))
        state = after
        n += 1
    return Record(config=config, seed=seed, specs=list(specs), commands=commands,
                  returns=game.returns(state), scores=game.scores(state), decisions=n,
                  over=game.to_move(state) is None, seconds=seconds, moves=moves)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))
