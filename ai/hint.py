"""Advice for the seat to move: the strongest bot's top choices, with the rule-based reason where it agrees."""

from __future__ import annotations

import random
from typing import NamedTuple

from dinocli.games.protocol import Action, Game, Seat, View

from .mcts import search_root
from .spec import parse_spec

__all__ = ["Advice", "hint"]


class Advice(NamedTuple):
    """One suggested action: its notation, share of the search's visits, expected value, and why."""

    action: Action
    text: str
    visits_share: float
    value: float
    reason: str = ""


def hint(game: Game, view: View, seat: Seat, legal: list[Action], rnd: random.Random, *,
         spec: str = "mcts:hard", top: int = 3, min_share: float = 0.05) -> list[Advice]:
    """The top choices of an ISMCTS search (best first), each with the strategy's reason if it agrees.

    A runner-up is shown when it drew ``min_share`` of the visits, or a third of the best's
    (with many legal actions the search spreads thin, and the alternatives still matter)."""
    s = parse_spec(spec)
    rule_action, rule_reason = game.strategy(view, seat, legal, random.Random(rnd.getrandbits(64)))
    state = game.determinize(view, seat, random.Random(rnd.getrandbits(64)))
    if s.kind != "mcts":
        # random/rules advise one action; a small search still estimates its value
        action = legal[rnd.randrange(len(legal))] if s.kind == "random" else rule_action
        values = {st.action: st.value for st in search_root(game, view, seat, legal, rnd, "mcts:easy")}
        return [Advice(action, game.format_action(state, action), 1.0, values[action],
                       rule_reason if action == rule_action else "")]
    stats = search_root(game, view, seat, legal, rnd, s)
    floor = min(min_share, stats[0].visits_share / 3)
    chosen = [st for st in stats[:top] if st.visits_share >= floor]
    return [Advice(st.action, game.format_action(state, st.action), st.visits_share, st.value,
                   rule_reason if st.action == rule_action else "") for st in chosen]
