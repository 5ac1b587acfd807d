"""The rule-based bot: try every legal action one step ahead, score the table, explain the pick.

The score is what the day would pay now (points beaten minus the opponents' average), plus a
nudge toward a ranch just under the target and opponents pushed over it. When an action would
end the day (A03) only the points count, so the bot hurries the day when ahead and stalls
when behind.
"""

from __future__ import annotations

import random

from .actions import Action, DestroyProtected, DiscardCard, Pass, PlayCard, Skip, Target
from .data import COLOUR, LABEL, VALUE
from .effects import targets
from .scoring import day_points, ranch_value
from .view import View

__all__ = ["choose", "table_score"]

Ranches = tuple[tuple[int, ...], ...]


def table_score(ranches: Ranches, target: int, me: int, discards: int, limit: int) -> float:
    """How good a table is for ``me``: day points vs the opponents, shaped toward the target."""
    values = [ranch_value(r) for r in ranches]
    pts = day_points(tuple(values), target)
    n = len(values)
    rel = pts[me] - sum(pts[j] for j in range(n) if j != me) / (n - 1)
    if discards >= limit:
        return 3.0 * rel
    v = values[me]
    shape = 0.4 * v / target if v <= target else -0.4 - 0.08 * (v - target)
    for j in range(n):
        if j != me:
            shape -= (0.2 * values[j] / target if values[j] <= target else -0.2) / (n - 1)
    return rel + shape


def _place(ranches: Ranches, r: int, card: int) -> Ranches:
    return ranches[:r] + (ranches[r] + (card,),) + ranches[r + 1:]


def _remove(ranches: Ranches, r: int, card: int) -> Ranches:
    row = tuple(c for c in ranches[r] if c != card)
    return ranches[:r] + (row,) + ranches[r + 1:]


def _best_effect(v: View, ranches: Ranches, card: int, discards: int) -> tuple[float, Target | None]:
    """The best of skipping or each legal target of ``card``'s effect."""
    me = v.seat
    best, pick = table_score(ranches, v.target, me, discards, v.limit), None
    for t in targets(ranches, me, card):
        score = table_score(_remove(ranches, t.ranch, t.card), v.target, me, discards + 1, v.limit)
        if score > best:
            best, pick = score, t
    return best, pick


def _after_play(v: View, card: int, r: int) -> tuple[float, bool, Target | None]:
    """Value of playing ``card`` into ranch ``r`` with the best special rule and effect choices."""
    me, d = v.seat, len(v.discard)
    placed = _place(v.ranches, r, card)
    score, pick = _best_effect(v, placed, card, d)
    best = (score, False, pick)
    if r == me and COLOUR[card] == v.colours[me] and v.ranches[me]:
        cut = _remove(placed, me, v.ranches[me][0])
        if d + 1 >= v.limit:
            score, pick = table_score(cut, v.target, me, d + 1, v.limit), None
        else:
            score, pick = _best_effect(v, cut, card, d + 1)
        if score > best[0]:
            best = (score, True, pick)
    return best


def _who(v: View, r: int) -> str:
    return "own" if r == v.seat else f"{v.names[r]}'s"


def choose(v: View, seat: int, legal: list[Action], rnd: random.Random) -> tuple[Action, str]:
    """Pick the legal action whose resulting table scores best, with a one-line reason."""
    if v.seat != seat:
        raise ValueError("the strategy needs the view of the seat it plays")
    me, d, T = seat, len(v.discard), v.target
    mine = ranch_value(v.ranches[me])
    scored: list[tuple[float, Action, str]] = []
    for a in legal:
        match a:
            case PlayCard(card=card, ranch=r):
                score, special, pick = _after_play(v, card, r)
                extra = " and destroy the protected card" if special else ""
                if pick is not None:
                    extra += f", then remove {_who(v, pick.ranch)} {LABEL[pick.card]}"
                now = ranch_value(v.ranches[r])
                reason = f"play {LABEL[card]} into {_who(v, r)} ranch ({now} -> {now + VALUE[card]} of {T}){extra}"
                scored.append((score, a, reason))
            case DiscardCard(card=card):
                # among discards, part with the card that would do least in my own ranch
                score = table_score(v.ranches, T, me, d + 1, v.limit) - 0.01 * _after_play(v, card, me)[0]
                why = "ends the day now" if d + 1 >= v.limit else f"least useful card; discards {d + 1}/{v.limit}"
                scored.append((score, a, f"discard {LABEL[card]}: {why}"))
            case DestroyProtected():
                cut = _remove(v.ranches, me, v.ranches[me][0])
                score = table_score(cut, T, me, d + 1, v.limit)
                if v.phase == "special":
                    score = max(score, _best_effect(v, cut, v.pending, d + 1)[0]) if d + 1 < v.limit else score
                scored.append((score, a, f"destroy own protected {LABEL[v.ranches[me][0]]}: ranch {mine} -> {ranch_value(cut[me])} of {T}"))
            case Target(ranch=r, card=card):
                cut = _remove(v.ranches, r, card)
                score = table_score(cut, T, me, d + 1, v.limit)
                scored.append((score, a, f"remove {_who(v, r)} {LABEL[card]}: {v.names[r]} {ranch_value(v.ranches[r])} -> {ranch_value(cut[r])} of {T}"))
            case Skip():
                if v.phase == "special":
                    score = _best_effect(v, v.ranches, v.pending, d)[0]
                else:
                    score = table_score(v.ranches, T, me, d, v.limit)
                scored.append((score, a, "skip: no choice improves my standing"))
            case Pass():
                scored.append((0.0, a, "pass: no card in hand and nothing to destroy (DINGO-G11)"))
    best = max(s for s, _, _ in scored)
    ties = [(a, why) for s, a, why in scored if s >= best - 1e-9]
    return ties[rnd.randrange(len(ties))] if len(ties) > 1 else ties[0]
