"""The rule-based bot: try every legal action one step ahead, score the table, explain the pick.

The score is what the day would pay now (points beaten minus the opponents' average), plus a
nudge toward a ranch just under the target and opponents pushed over it. When an action would
end the day (A03) only the points count, so the bot hurries the day when ahead and stalls
when behind.

Speed matters (MCTS plays out with this strategy): a table is scored from its list of ranch
values, which each action changes in one or two places, never by re-adding whole ranches.
"""

from __future__ import annotations

import random
from typing import Final

from ..grammar import possessive
from .actions import Action, DestroyProtected, DiscardCard, PlayCard, Skip, Target
from .cards import COLOUR, EFFECT, VALUE
from .data import LABEL
from .effects import target_pairs
from .scoring import ranch_value
from .view import View

__all__ = ["choose", "pick", "values", "table_score"]

Ranches = tuple[tuple[int, ...], ...]
Shapes = tuple[list[float], list[float]]

_TOP: Final = sum(VALUE)  # no ranch is worth more than the whole deck
_SHAPES: Final[dict[int, Shapes]] = {}


def _shapes(target: int, n: int) -> Shapes:
    """The shaping terms by ranch value: my own ranch's, and each opponent's share of theirs."""
    got = _SHAPES.get(target * 8 + n)  # n is at most 5
    if got is None:
        own = [0.4 * v / target if v <= target else -0.4 - 0.08 * (v - target) for v in range(_TOP + 1)]
        opp = [(0.2 * w / target if w <= target else -0.2) / (n - 1) for w in range(_TOP + 1)]
        got = _SHAPES[target * 8 + n] = (own, opp)
    return got


def _score(values: list[int], me: int, target: int, end: bool, shapes: Shapes) -> float:
    """table_score from the ranch values (DINGO-34..36 points, then the shaping toward the target)."""
    n = len(values)
    own, opp = shapes
    if n == 2:  # the common case written out, with the very same float operations as below
        a, b = values[me], values[1 - me]
        mine = 1 if a <= target and (b > target or b < a) else 0
        theirs = 1 if b <= target and (a > target or a < b) else 0
        rel = mine - theirs / 1
        return 3.0 * rel if end else rel + (own[a] - opp[b])
    # a seat at or below the target beats every seat over it and every seat below it (DINGO-35, A06)
    ok = [w for w in values if w <= target]
    over = n - len(ok)
    total = 0
    for v in ok:
        total += over
        for w in ok:
            if w < v:
                total += 1
    a = values[me]
    mine = 0
    if a <= target:
        mine = over
        for w in ok:
            if w < a:
                mine += 1
    rel = mine - (total - mine) / (n - 1)
    if end:
        return 3.0 * rel
    shape = own[a]
    for j in range(n):
        if j != me:
            shape -= opp[values[j]]
    return rel + shape


def table_score(ranches: Ranches, target: int, me: int, discards: int, limit: int) -> float:
    """How good a table is for ``me``: day points vs the opponents, shaped toward the target."""
    return _score([ranch_value(r) for r in ranches], me, target, discards >= limit, _shapes(target, len(ranches)))


class _Table:
    """The table one seat sees, with its ranch values, for scoring the tables actions lead to."""

    __slots__ = ("v", "ranches", "values", "me", "colour", "target", "limit", "shapes", "d", "plays", "pairs",
                 "discard")

    def __init__(self, v: View, me: int):
        self.v = v
        self.ranches = ranches = v.ranches
        self.values = [ranch_value(r) for r in ranches]
        self.me = me  # v.seat, as the callers check (a View's seat may be None: a spectator's)
        self.colour = v.colours[me]
        self.target = target = v.target
        self.limit = v.limit
        self.shapes = _shapes(target, len(ranches))
        self.d = len(v.discard)
        self.plays: dict[int, tuple[float, bool, tuple[int, int] | None]] = {}  # after_play by card * 5 + ranch
        self.pairs: dict[int, list[tuple[int, int]]] = {}  # targets of a card from hand, by card
        self.discard: float | None = None  # the table once a card is discarded: the same for every card

    def score(self, values: list[int], discards: int) -> float:
        """table_score of a table with these ranch values after ``discards`` discards."""
        return _score(values, self.me, self.target, discards >= self.limit, self.shapes)

    def best_effect(self, pairs: list[tuple[int, int]], values: list[int], discards: int) -> tuple[float, tuple[int, int] | None]:
        """The best of skipping or each legal target (``pairs``) of a card's effect (DINGO-23, DINGO-29)."""
        me, target, shapes = self.me, self.target, self.shapes
        best, pick = _score(values, me, target, discards >= self.limit, shapes), None
        if pairs:
            end = discards + 1 >= self.limit
            for r, victim in pairs:
                values[r] -= VALUE[victim]  # score the removal in place, then put the value back
                score = _score(values, me, target, end, shapes)
                values[r] += VALUE[victim]
                if score > best:
                    best, pick = score, (r, victim)
        return best, pick

    def targets_after_play(self, card: int, r: int) -> list[tuple[int, int]]:
        """target_pairs once ``card`` is played into ranch ``r``, without building that table."""
        if EFFECT[card] == "stomp":
            ranches = self.ranches
            return target_pairs(ranches[:r] + (ranches[r] + (card,),) + ranches[r + 1:], self.me, card)
        # Any other effect reaches the same cards wherever the card goes: it is not a Moon, so it
        # shields nothing, and it never targets itself (DINGO-28, G03).
        pairs = self.pairs.get(card)
        if pairs is None:
            pairs = self.pairs[card] = target_pairs(self.ranches, self.me, card)
        return pairs

    def after_play(self, card: int, r: int) -> tuple[float, bool, tuple[int, int] | None]:
        """Value of playing ``card`` into ranch ``r`` with the best special rule and effect choices."""
        got = self.plays.get(card * 5 + r)  # discards and the reason ask again
        if got is not None:
            return got
        me, ranches, d = self.me, self.ranches, self.d
        values = self.values.copy()
        values[r] += VALUE[card]
        pairs = self.targets_after_play(card, r)
        score, pick = self.best_effect(pairs, values, d)
        best = (score, False, pick)
        # DINGO-24, A04, A05: own colour into my own ranch, which already had a protected card
        if r == me and COLOUR[card] == self.colour and ranches[me]:
            protected = ranches[me][0]
            values[me] -= VALUE[protected]
            if d + 1 >= self.limit:
                score, pick = self.score(values, d + 1), None
            else:
                # destroying the protected card takes it out of reach and uncovers no other card
                cut = (me, protected)
                score, pick = self.best_effect([p for p in pairs if p != cut], values, d + 1)
            if score > best[0]:
                best = (score, True, pick)
        self.plays[card * 5 + r] = best
        return best

    def without(self, r: int, card: int) -> list[int]:
        """The ranch values once ``card`` has left ranch ``r``."""
        values = self.values.copy()
        if card in self.ranches[r]:
            values[r] -= VALUE[card]
        return values

    def value(self, a: Action) -> float:
        """The score of the table ``a`` leads to, with the best follow-up choices."""
        v, me, d = self.v, self.me, self.d
        if type(a) is PlayCard:
            return self.after_play(a.card, a.ranch)[0]
        if type(a) is DiscardCard:
            # among discards, part with the card that would do least in my own ranch
            base = self.discard
            if base is None:
                base = self.discard = self.score(self.values, d + 1)
            return base - 0.01 * self.after_play(a.card, me)[0]
        if type(a) is DestroyProtected:
            values = self.without(me, v.ranches[me][0])
            score = self.score(values, d + 1)
            if v.phase == "special" and d + 1 < self.limit:
                cut = _remove(v.ranches, me, v.ranches[me][0])
                score = max(score, self.best_effect(target_pairs(cut, me, v.pending), values, d + 1)[0])
            return score
        if type(a) is Target:
            return self.score(self.without(a.ranch, a.card), d + 1)
        if type(a) is Skip:
            if v.phase == "special":
                return self.best_effect(target_pairs(v.ranches, me, v.pending), self.values.copy(), d)[0]
            return self.score(self.values, d)
        return 0.0  # Pass

    def reason(self, a: Action) -> str:
        """One line saying what ``a`` does and why it scored best."""
        v, me, d, T = self.v, self.me, self.d, self.target
        if type(a) is PlayCard:
            card, r = a.card, a.ranch
            _, special, pick = self.after_play(card, r)
            extra = " and destroy the protected card" if special else ""
            if pick is not None:
                extra += f", then remove {_who(v, pick[0])} {LABEL[pick[1]]}"
            now = self.values[r]
            return f"play {LABEL[card]} into {_who(v, r)} ranch ({now} -> {now + VALUE[card]} of {T}){extra}"
        if type(a) is DiscardCard:
            why = "ends the day now" if d + 1 >= v.limit else f"least useful card; discards {d + 1}/{v.limit}"
            return f"discard {LABEL[a.card]}: {why}"
        if type(a) is DestroyProtected:
            return (f"destroy own protected {LABEL[v.ranches[me][0]]}: ranch {self.values[me]} -> "
                    f"{self.without(me, v.ranches[me][0])[me]} of {T}")
        if type(a) is Target:
            r = a.ranch
            return f"remove {_who(v, r)} {LABEL[a.card]}: {v.names[r]} {self.values[r]} -> {self.without(r, a.card)[r]} of {T}"
        if type(a) is Skip:
            return "skip: no choice improves the position"
        return "pass: no card in hand and nothing to destroy (DINGO-G11)"


def _remove(ranches: Ranches, r: int, card: int) -> Ranches:
    row = tuple(c for c in ranches[r] if c != card)
    return ranches[:r] + (row,) + ranches[r + 1:]


def _who(v: View, r: int) -> str:
    return "own" if r == v.seat else possessive(v.names[r])


def choose(v: View, seat: int, legal: list[Action], rnd: random.Random) -> tuple[Action, str]:
    """Pick the legal action whose resulting table scores best, with a one-line reason."""
    a, table = _best(v, seat, legal, rnd)
    return a, table.reason(a)


def pick(v: View, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """``choose`` without the reason (what a search plays out with)."""
    return _best(v, seat, legal, rnd)[0]


def values(v: View, seat: int, legal: list[Action]) -> list[float]:
    """The score ``choose`` gives each legal action (higher is better): what an opponent model softens."""
    if v.seat != seat:
        raise ValueError("the strategy needs the view of the seat it plays")
    table = _Table(v, seat)
    return [table.value(a) for a in legal]


def _best(v: View, seat: int, legal: list[Action], rnd: random.Random) -> tuple[Action, _Table]:
    if v.seat != seat:
        raise ValueError("the strategy needs the view of the seat it plays")
    table = _Table(v, seat)
    scores = [table.value(a) for a in legal]
    floor = max(scores) - 1e-9
    ties = [a for s, a in zip(scores, legal) if s >= floor]
    return (ties[rnd.randrange(len(ties))] if len(ties) > 1 else ties[0]), table
