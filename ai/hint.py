"""Advice for the seat to move: the strongest bot's top choices, with the rule-based reason where it agrees."""

from __future__ import annotations

import random
from typing import NamedTuple

from dinocli.games.protocol import Action, Game, Seat, View

from .belief import Seen
from .mcts import search_root
from .bots import make_bot
from .spec import parse_spec

__all__ = ["Advice", "hint", "advice_lines"]


class Advice(NamedTuple):
    """One suggested action: its notation, share of the search's visits, expected value, and why."""

    action: Action
    text: str
    visits_share: float
    value: float
    reason: str = ""


def hint(game: Game, view: View, seat: Seat, legal: list[Action], rnd: random.Random, *,
         spec: str = "mcts:hard", top: int = 3, min_share: float = 0.05, trail: list[Seen] = ()) -> list[Advice]:
    """The top choices of an ISMCTS search (best first), each with the strategy's reason if it agrees
    (``trail``: what the seat saw, which a spec with belief=on deals from).

    A runner-up is shown when it drew ``min_share`` of the visits, or a third of the best's
    (with many legal actions the search spreads thin, and the alternatives still matter)."""
    s = parse_spec(spec)
    rule_action, rule_reason = game.strategy(view, seat, legal, random.Random(rnd.getrandbits(64)))
    state = game.determinize(view, seat, random.Random(rnd.getrandbits(64)))
    if s.kind != "mcts":
        # random, rules and the uct peer advise one action; a small search still estimates its value
        action = (legal[rnd.randrange(len(legal))] if s.kind == "random" else rule_action if s.kind == "rules"
                  else make_bot(s).choose(game, view, seat, legal, rnd))
        values = {st.action: st.value for st in search_root(game, view, seat, legal, rnd, "mcts:easy")}
        return [Advice(action, game.format_action(state, action), 1.0, values[action],
                       rule_reason if action == rule_action else "")]
    stats = search_root(game, view, seat, legal, rnd, s, trail)
    floor = min(min_share, stats[0].visits_share / 3)
    chosen = [st for st in stats[:top] if st.visits_share >= floor]
    out = []
    for st in chosen:
        if st.action == rule_action:
            reason = rule_reason
        else:  # the strategy's judgement of this action alone, if it answers with it ("" if not)
            answer, why = game.strategy(view, seat, [st.action], random.Random(rnd.getrandbits(64)))
            reason = why if answer == st.action else ""
        out.append(Advice(st.action, game.format_action(state, st.action), st.visits_share, st.value, reason))
    if out and not out[0].reason and any(a.reason for a in out[1:]):
        out[0] = out[0]._replace(reason="the search's own find: it did better in the sampled games than the others")
    return out


def advice_lines(advice: list[Advice], legal: list[Action], *, cooperative: bool = False) -> list[str]:
    """The advice as text, best first: its number in the legal list, notation, reason and figures
    (the `hint` of the prompt and of the shell). The search chooses and ranks by its share of the
    visits, so the lines say so, and why, when a runner-up's expected result is higher (#42 item 7)."""
    if not advice:
        return ["The bot has no advice here."]
    out = []
    for k, a in enumerate(advice):
        number = f"#{legal.index(a.action) + 1} " if a.action in legal else ""
        why = f" — {a.reason}" if a.reason else ""
        figures = f"{a.visits_share:.0%} of the search, expected result {a.value:.2f}"
        if k == 0:
            out.append(f"Hint: {number}{a.text}{why}")
            scale = "1 = the best team score" if cooperative else "1 = a sure win, 0 = a sure loss"
            out.append(f"      (the most searched: {figures}; {scale})")
        else:
            out.append(f"  or: {number}{a.text}{why} ({figures})")
    if any(a.value > advice[0].value for a in advice[1:]):
        out.append("  Ranked by search share: a move the search kept coming back to is surer than a close "
                   "expected result from fewer games.")
    return out
