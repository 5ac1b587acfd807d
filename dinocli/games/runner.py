"""Driving a game without a database: start, step, fold a log (playing one is :mod:`dinocli.ai.arena`)."""

from __future__ import annotations

import random
from collections.abc import Iterable

from dinocli.events import Event, Rng

from .protocol import Action, Config, Game, State

__all__ = ["start", "fold_all", "step", "FoldAfterDeciding", "shuffle"]


def fold_all(game: Game, state: State, events: Iterable[Event]) -> State:
    """Fold events into a state, left to right."""
    fold = game.fold
    for ev in events:
        state = fold(state, ev)
    return state


class FoldAfterDeciding:
    """``advance`` for a game whose ``decide`` does not fold as it goes: decide, then fold."""

    def advance(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        """``decide``, and the state its events lead to."""
        events = self.decide(state, action, rng)  # type: ignore[attr-defined]
        return fold_all(self, state, events), events  # type: ignore[arg-type]


def start(game: Game, config: Config, rng: Rng) -> tuple[State, list[Event]]:
    """The state after setup and the setup events."""
    events = game.setup(config, rng)
    return fold_all(game, game.initial(config), events), events


def step(game: Game, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
    """Decide an action and fold its events: the new state and the events."""
    return game.advance(state, action, rng)


def shuffle(items: list, rnd: random.Random) -> None:
    """``rnd.shuffle(items)``, the same order from the same draws, without a call per item (a search
    shuffles the unseen cards of every determinization): Fisher-Yates from the end, each index drawn
    as ``random.Random`` draws one below ``n`` (``getrandbits`` of ``n``'s bit length until below ``n``)."""
    if type(rnd) is not random.Random:  # a generator that draws otherwise
        rnd.shuffle(items)
        return
    getrandbits = rnd.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
