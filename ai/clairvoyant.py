"""Seeing windows on a game, for bounds in reports: the search sees the truth.

:class:`Clairvoyant` wraps a game so that every determinization is the true state and every
chance outcome inside the search is the one the real seeded rng will give (draws are keyed by
the state, so the search knows the bag order and the dice to come). An MCTS bot handed this
wrapper instead of the game plays with perfect information about the future of chance: no
honest bot can do better on average, so its score bounds what search can reach.

:class:`Peeking` shows the true state only (every hand and face-down pick) and leaves chance to
the search: the part of the clairvoyant's edge that the hidden cards give, not the luck to come.

:func:`bound_spec` names the bound a strength figure is read against (#40): the clairvoyant search
with :data:`BOUND_BUDGET` times the bot's budget. A bound at the bot's own budget does not bound:
if the seeing search is held back by its budget, a stronger honest search could pass it.
"""

from __future__ import annotations

from typing import Any

from dinocli.events import Rng
from dinocli.games.protocol import Action, Game, Seat, State, View

__all__ = ["Clairvoyant", "Peeking", "BOUND_BUDGET", "bound_spec"]

BOUND_BUDGET = 8  # times the bot's iterations (or seconds) that the bound searches


class Peeking:
    """``game`` as seen by a bot that knows ``state``, but not the draws to come."""

    def __init__(self, game: Game, state: State):
        self._game, self._state = game, state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, view: View, seat: Seat, rnd: Any) -> State:
        """The true state, whatever the view."""
        return self._state


class Clairvoyant(Peeking):
    """``game`` as seen by a bot that knows ``state`` and the draws ``rng`` will make."""

    def __init__(self, game: Game, state: State, rng: Rng):
        super().__init__(game, state)
        self._rng = rng

    def decide(self, state: State, action: Action, rng: Rng) -> list:
        """The events of ``action`` with the real draws (the search's own rng is ignored)."""
        return self._game.decide(state, action, self._rng)

    def advance(self, state: State, action: Action, rng: Rng) -> tuple[State, list]:
        """The state after ``action`` and its events, with the real draws."""
        return self._game.advance(state, action, self._rng)


def bound_spec(spec: str, tuning: dict[str, dict[str, object]] | None = None, factor: int = BOUND_BUDGET) -> str:
    """The clairvoyant bound of the MCTS bot ``spec`` in a game tuned by ``tuning``: the same search,
    every parameter spelled out, seeing the deal and the dice to come, with ``factor`` times the budget
    (BotSpecError for a bot that does not search, or a budget past the limits)."""
    from dinocli.ai.spec import MAX_ITERATIONS, MAX_SECONDS, BotSpecError, clip, parse_spec, resolved

    bot = spec.partition(":")[2] if spec.startswith(("clairvoyant:", "peeking:")) else spec
    text = resolved(bot, tuning)
    if not text.startswith("mcts:"):
        raise BotSpecError(f"no clairvoyant bound for {text!r}: it does not search (an mcts spec has one)")
    items = {}
    for item in text[len("mcts:"):].split(","):
        key, _, value = item.partition("=")
        items[key] = value
    for key, kind, most in (("iterations", int, MAX_ITERATIONS), ("seconds", float, MAX_SECONDS)):
        if key in items:
            budget = kind(items[key]) * factor
            if budget > most:
                raise BotSpecError(f"no clairvoyant bound for {clip(bot)!r}: {factor} times its budget is {budget:,} "
                                   f"{key}, past the limit of {most:,}")
            items[key] = repr(budget)
    del items["reuse"]  # a seeing search never keeps its tree (it is given ``reuse=no``)
    for key, off in (("prior", "0.0"), ("widen", "0.0"), ("belief", "off")):
        items.setdefault(key, off)  # spelled, so that the game's tuning cannot change the bound's search
    out = "mcts:" + ",".join(f"{k}={v}" for k, v in items.items())
    parse_spec(out)
    return "clairvoyant:" + out
