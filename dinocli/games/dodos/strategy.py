"""The rule-based bot: greedy, explainable choices from a view, each with a one-line reason.

Everything is valued in "spaces": a card in hand is worth about CARD spaces, a die 3.5.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..grammar import does, possessive, them, verb
from .actions import Pass, Pick, Play, Throw, UseAbility
from .cards import DODINOS, KIND, KINDS, TRACKS
from .data import CardKind, slug
from .dexterity import hit_odds
from .engine import HIT
from .view import View

__all__ = ["choose", "pick", "card_value", "effect_value"]

CARD: Final = 0.8
DIE: Final = 3.5
RIDE_ORDER = ("raptor", "stego", "ptero", "bronto", "rex", "ankylo")
Reason = Callable[[], str]  # a choice's reason, put in words only when someone reads it


_ATOMS: Final[dict[int, tuple[object, float]]] = {}  # by the id of a card's (static) atoms: them, their value


def _atoms_value(atoms) -> float:
    hit = _ATOMS.get(id(atoms))
    if hit is not None and hit[0] is atoms:
        return hit[1]
    v = 0.0
    for a in atoms:
        v += {"advance": a.n, "back": -a.n, "roll_advance": DIE * a.n, "roll_back": -DIE * a.n,
              "draw": CARD * a.n, "discard": -CARD * a.n, "steal": CARD * a.n * a.victims}.get(a.do, 0.0)
    if len(_ATOMS) < 4096:
        _ATOMS[id(atoms)] = (atoms, v)  # kept alive with its value, so its id is never reused
    return v


_AIMS: Final[dict[tuple, tuple[int, float]]] = {}  # _best_aim's answers (a search asks the same again and again)


def _best_aim(v: View, me: int, projectile: str, aims: list[int]) -> tuple[int, float]:
    """The aim with the most expected opponent hits (leaders count double), and that value."""
    key = (v.track, v.pos, me, projectile, *aims)
    got = _AIMS.get(key)
    if got is None:
        if len(_AIMS) >= 1 << 14:
            _AIMS.clear()
        got = _AIMS[key] = _aim(v, me, projectile, aims)
    return got


def _aim(v: View, me: int, projectile: str, aims: list[int]) -> tuple[int, float]:
    track = TRACKS[v.track]
    odds = hit_odds(projectile)
    top = max(v.pos)
    best, value = aims[0], -1e9
    for a in aims:
        e = 0.0
        for off, p in odds.items():
            cell = a + off
            cell = cell % track.loop if track.loop else cell
            for x, pos in enumerate(v.pos):
                if track.cell(pos) == cell:
                    e += p * (-1 / 3 if x == me else (2.0 if pos == top else 1.0))
        if e > value:
            best, value = a, e
    return best, value


_EFFECTS: Final[dict[tuple, tuple[CardKind, float]]] = {}  # effect values by what they read (the search asks again and again)


def effect_value(v: View, me: int, k: CardKind, hand_after: int) -> float:
    """Rough worth in spaces of resolving card kind ``k``'s bottom effect for ``me``."""
    key = (id(k), v.track, v.pos, me, hand_after)
    got = _EFFECTS.get(key)
    if got is not None and got[0] is k:
        return got[1]
    if len(_EFFECTS) >= 1 << 14:
        _EFFECTS.clear()
    value = _effect_value(v, me, k, hand_after)
    _EFFECTS[key] = (k, value)  # kept alive with its value, so its id is not reused while kept
    return value


def _effect_value(v: View, me: int, k: CardKind, hand_after: int) -> float:
    if k.throw is not None:
        t = k.throw
        aims = sorted({TRACKS[v.track].cell(p) for x, p in enumerate(v.pos) if x != me})
        _, e = _best_aim(v, me, t.projectile, aims)
        p_hit = min(0.9, max(0.0, e) / 1.5 + 0.3)
        harm = -_atoms_value(t.red)
        return p_hit * (_atoms_value(t.white) + harm) - (0.0 if not t.black else (1 - p_hit) * CARD * min(4, hand_after))
    if k.cost:
        if hand_after < k.cost:
            return 0.0
        recover = -3 + 6 * CARD if hand_after == k.cost else 0.0
        return _atoms_value(k.white) - CARD * k.cost + recover
    if any(a.do == "swap" for a in k.effect):
        ahead = max(p for x, p in enumerate(v.pos) if x != me) - (v.pos[me] + k.fp)
        return float(ahead)
    return _atoms_value(k.effect)


def card_value(v: View, me: int, kind: int) -> float:
    """Worth of holding a card: its footprint plus its effect, or a green card's play value."""
    k = KINDS[kind]
    if k.color == "green":
        return 2.5 if kind in HIT else k.fp + _atoms_value(k.effect)
    return k.fp + effect_value(v, me, k, len(v.hand) - 1)


def _ability(v: View, me: int, acts: list[UseAbility]) -> tuple[UseAbility, Reason] | None:
    """Use the Dodino ability when it pays now (DODO-64..70)."""
    if not acts:
        return None
    d = DODINOS[v.dodinos[me]]
    name = slug(d.name)
    hand = len(v.hand)
    if name == "rex":
        target = max(acts, key=lambda a: (v.sizes[a.target], v.pos[a.target]))
        if v.sizes[target.target] >= 4:
            victim = v.names[target.target]
            return target, lambda: f"{d.name} steals 4 from {victim}, who {verb(victim, 'hold')} {v.sizes[target.target]}"
        return None
    if name == "bronto" and hand > 3:
        return None
    if name == "ptero" and hand < 5:
        return None
    return acts[0], lambda: f"{d.name}: {d.text.lower()} now"


def choose(v: View, me: int, legal: list, rnd: random.Random) -> tuple[object, str]:
    """The greedy choice for the waiting decision and why."""
    action, why = _choice(v, me, legal)
    return action, why()


def pick(v: View, me: int, legal: list, rnd: random.Random) -> object:
    """The greedy choice alone: ``choose`` without putting its reason in words (a search asks at every step)."""
    return _choice(v, me, legal)[0]


def _choice(v: View, me: int, legal: list) -> tuple[object, Reason]:
    """The greedy choice and its reason, to be put in words when asked for."""
    t = v.agenda[0]
    op = t.op
    abilities = [a for a in legal if type(a) is UseAbility] if v.abilities else []
    if op == "draft":
        rides = {slug(DODINOS[a.dodino].name): a for a in legal}
        name = next(n for n in RIDE_ORDER if n in rides)
        return rides[name], lambda: f"{DODINOS[rides[name].dodino].name} has the strongest ability left"
    if op == "shield":
        return UseAbility(), lambda: "Ankylo ignores the red box"
    if op in ("pick", "offer"):
        use = _ability(v, me, abilities)
        if use is not None:
            return use
    if op == "pick":
        picks = [a for a in legal if type(a) is Pick]
        scored = [(KINDS[a.kind].fp + effect_value(v, me, KINDS[a.kind], len(v.hand) - 1), a) for a in picks]
        value, best = max(scored, key=lambda x: x[0])
        return best, lambda: f"{KINDS[best.kind].name} is worth about {value:.1f} spaces"
    if op == "offer":
        return _offer(v, me, t, legal)
    if op == "discard":
        worst = min(legal, key=lambda a: card_value(v, me, a.kind))
        return worst, lambda: f"{KINDS[worst.kind].name} is the least useful card in hand"
    if op == "swap":
        best = max(legal, key=lambda a: v.pos[a.seat])
        gain = v.pos[best.seat] - v.pos[me]
        return best, lambda: f"{does(v.names[best.seat], 'be')} farthest ahead ({gain:+d} spaces)"
    if op == "steal":
        best = max(legal, key=lambda a: sum(v.sizes[x] * 10 + v.pos[x] for x in a.seats))
        return best, lambda: "steal from the biggest hands: " + ", ".join(v.names[x] for x in best.seats)
    if op == "throw":
        proj = KINDS[KIND[t.card]].throw.projectile  # type: ignore[union-attr]
        aim, _ = _best_aim(v, me, proj, [a.aim for a in legal])
        return Throw(aim), lambda: "most Dodinos to hit around " + ", ".join(
            v.names[x] for x, p in enumerate(v.pos) if x != me and TRACKS[v.track].cell(p) == aim)
    return legal[0], lambda: "the only sensible choice"


def _offer(v: View, me: int, t, legal: list) -> tuple[object, Reason]:
    plays = [a for a in legal if type(a) is Play]
    active = t.arg
    for a in plays:
        if a.kind in HIT:
            card = v.picks[active]
            spec = KINDS[KIND[card]]
            gain = effect_value(v, active, spec, v.sizes[active])
            if gain >= 2.0 and v.pos[active] + spec.fp >= v.pos[me] - 2:
                return a, lambda: f"hit {v.names[active]}: cancels {spec.name} (worth {gain:.1f} to {them(v.names[active])})"
    if active == me and t.n == 4:
        movers = [a for a in plays if a.kind not in HIT]
        if movers:
            best = max(movers, key=lambda a: card_value(v, me, a.kind))
            return best, lambda: f"{KINDS[best.kind].name} on {possessive(v.names[me])} own turn: +{card_value(v, me, best.kind):.1f}"
    return Pass(), lambda: "keep the green card for a better moment" if plays else "nothing worth playing"


